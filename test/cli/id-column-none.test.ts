/**
 * `--id-column none` (issue 25 item 8, "the reproduce command carries every choice"): a table of one sample per
 * row whose id column the rule would take (the mouse sheet's MouseID: text, named like an id, 1080 distinct
 * values) is numbered by row when the user says so — `--id-column none` in the CLI, "row numbers" on the app's
 * Import screen (the id column given another role) — and the reproduce command says `--id-column none`, so that
 * run as printed it numbers the rows again instead of taking MouseID.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../core/jobs/session.js';
import type { JobResponse } from '../../core/jobs/types.js';
import { reproduceCommand } from '../../core/report/command.js';
import { setRole } from '../../renderer/src/lib/mapping.js';
import { micePath, skfrJson } from './helpers.js';

const fit = ['--k', '2', '--s', '3', '--restarts', '1', '--workers', '1'];

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}

describe('--id-column none on the mouse sheet', () => {
  it('the CLI numbers the 1080 samples 1, 2, … (not MouseID 309_1, …); its command says --id-column none and, run again, does the same', async () => {
    const out = await skfrJson(['cluster', micePath, '--id-column', 'none', ...fit]);
    expect(out.sampleIds).toHaveLength(1080);
    expect(out.sampleIds.slice(0, 3)).toEqual(['1', '2', '3']);
    expect(out.command).toMatch(/ --format table --id-column none --floor none /);
    // Without the flag the rule takes MouseID, and the command names it.
    const plain = await skfrJson(['cluster', micePath, ...fit]);
    expect(plain.sampleIds.slice(0, 2)).toEqual(['309_1', '309_2']);
    expect(plain.command).toContain(' --format table --id-column MouseID --floor none ');
    // The command as printed (its words after “skfr”, the file the same) numbers the rows again.
    const words = (out.command as string).split(' ').slice(1).map((w) => (w.endsWith('mice_protein.csv') ? micePath : w));
    const again = await skfrJson(words);
    expect(again.sampleIds).toEqual(out.sampleIds);
    expect(again.labels).toEqual(out.labels);
  });

  it('the app: MouseID given another role (the Import screen shows “id: row numbers”) runs with row numbers, its command says --id-column none', async () => {
    const session = createSession();
    const bytes = new Uint8Array(readFileSync(micePath));
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'mice_protein.csv', bytes } }));
    expect(opened.layout.mapping.idColumn).toBe('MouseID');
    const mapping = setRole(opened.layout.mapping, opened.columns, 'MouseID', 'ignore');
    expect(mapping.idColumn).toBeNull();
    const settings = { k: 2, s: 3, variant: 'global' as const, loss: 'squared' as const, restarts: 1, seed: 1, maxIterations: 100 };
    const view = ok(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping, recipe: { steps: [] }, settings, classColumn: null }));
    expect(view.command).toMatch(/^skfr cluster mice_protein\.csv --format table --id-column none /);
  });
});

describe('reproduceCommand: --id-column none only where the rule would take a column', () => {
  const base = {
    fileName: 't.csv', sheet: null, headerRow: 1, format: 'table' as const, quantity: null, recipe: { steps: [] }, classColumn: null,
    layout: { format: 'table' as const, quantity: null, mapping: { orientation: 'samples-as-rows' as const, idColumn: null, annotationColumns: [], featureColumns: null, filters: [] }, recipe: { steps: [] } },
    mapping: { orientation: 'samples-as-rows' as const, idColumn: null, annotationColumns: [], featureColumns: null, filters: [] },
    settings: { k: 2, s: 1, variant: 'global' as const, loss: 'squared' as const, restarts: 1, seed: 1, maxIterations: 100 },
  };
  it('rows numbered while the table has an id column: none; without one: nothing; an id chosen: its name', () => {
    expect(reproduceCommand({ ...base, ruleIdColumn: 'MouseID' })).toContain('--format table --id-column none --floor none');
    expect(reproduceCommand({ ...base, ruleIdColumn: null })).not.toContain('--id-column');
    expect(reproduceCommand(base)).not.toContain('--id-column');
    expect(reproduceCommand({ ...base, ruleIdColumn: 'MouseID', mapping: { ...base.mapping, idColumn: 'Tube' } })).toContain('--format table --id-column Tube --floor none');
  });
});
