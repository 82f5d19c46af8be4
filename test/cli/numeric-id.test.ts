/**
 * A column of numbers that only identifies the rows is the sample id, never a feature (core/request/sample-id.ts):
 * the row names R's write.csv and pandas' to_csv write in a first column with a blank header (read as “Column 1”),
 * and a column named like an id holding a different whole number in every row. Before, each was fitted as a
 * feature (a plain sheet of 40 samples × 5 proteins opened as 6 features, its row numbers among them). The CLI
 * and the app take the same column, read as written ("007" stays "007"), say why (a note under “Recognised:”, on
 * the Import screen), and the reproduce command
 * names it (--id-column), so that run again it gives the same samples.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSession } from '../../core/jobs/session.js';
import type { JobResponse } from '../../core/jobs/types.js';
import { skfr, skfrJson, tempDir } from './helpers.js';

const fit = ['--k', '2', '--s', '1', '--restarts', '1', '--workers', '1'];

/** The run's summary (stdout): its notes stand under “Recognised: …”. */
async function summary(path: string): Promise<string> {
  const run = await skfr(['cluster', path, ...fit]);
  expect(run.code).toBe(0);
  return run.stdout;
}
const { dir, cleanup } = tempDir('skfr-numeric-id-');
afterAll(cleanup);

/** Six samples × 2 features; g1 splits them 3 | 3, g2 is noise. `ids` is the first column's cells, `head` its header cell. */
function sheet(name: string, head: string, ids: string[]): string {
  const g1 = [5.1, 4.9, 5.3, 0.2, -0.1, 0.4];
  const g2 = [1.2, 0.8, 1.1, 0.9, 1.3, 1.0];
  const text = [`${head},g1,g2`, ...ids.map((id, i) => `${id},${g1[i]},${g2[i]}`)].join('\n') + '\n';
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}

describe('skfr cluster: a column of row numbers or numeric ids names the samples', () => {
  it('R’s row names ("" header, "1" … "6" quoted): 2 features, samples 1 … 6, the reason said, the command names the column', async () => {
    const path = sheet('r.csv', '""', ['"1"', '"2"', '"3"', '"4"', '"5"', '"6"']);
    const out = await skfrJson(['cluster', path, ...fit]);
    expect(out.p).toBe(2);
    expect(out.sampleIds).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(await summary(path)).toContain('\n  “Column 1” numbers the rows (1 … 6, as R and pandas write row names): it names the samples and is not a feature.\n');
    expect(out.command).toContain(" --format table --id-column 'Column 1' ");
  });

  it('pandas’ index (blank header, 0 … 5): samples 0 … 5', async () => {
    const path = sheet('pandas.csv', '', ['0', '1', '2', '3', '4', '5']);
    const out = await skfrJson(['cluster', path, ...fit]);
    expect(out.p).toBe(2);
    expect(out.sampleIds).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(await summary(path)).toContain('“Column 1” numbers the rows (0 … 5, as R and pandas write row names)');
  });

  it('“Patient ID” 007, 012, … as written (read again as text), and the printed command gives the same run', async () => {
    const path = sheet('patients.csv', 'Patient ID', ['007', '012', '100', '031', '044', '250']);
    const out = await skfrJson(['cluster', path, ...fit]);
    expect(out.p).toBe(2);
    expect(out.sampleIds).toEqual(['007', '012', '100', '031', '044', '250']);
    expect(await summary(path)).toContain('“Patient ID” holds a different whole number in every row: it names the samples and is not a feature.');
    const words = (out.command as string).split(' ').slice(1).map((w) => w.replace(/^'(.*)'$/, '$1'));
    // (the command quotes 'Patient ID' as one shell word: rejoin it)
    const at = words.indexOf('--id-column');
    const argv = [...words.slice(0, at + 1), 'Patient ID', ...words.slice(at + 3)];
    const again = await skfrJson(argv);
    expect(again.sampleIds).toEqual(out.sampleIds);
    expect(again.labels).toEqual(out.labels);
  });

  it('not an id: a column of numbers that repeat, or of fractions, stays a feature', async () => {
    expect((await skfrJson(['cluster', sheet('repeat.csv', 'dose', ['1', '2', '2', '3', '4', '5']), ...fit])).p).toBe(3);
    expect((await skfrJson(['cluster', sheet('fraction.csv', 'Sample ID', ['1.5', '2.5', '3.5', '4.5', '5.5', '6.5']), ...fit])).p).toBe(3);
    // Whole and distinct but neither 1 … n nor named like an id: a measurement.
    expect((await skfrJson(['cluster', sheet('count.csv', 'count', ['3', '9', '27', '81', '243', '729']), ...fit])).p).toBe(3);
  });
});

describe('the app takes the same id as the CLI', () => {
  it('opens “Patient ID” as the id, maps it as written, and its command is the CLI’s', async () => {
    const path = sheet('patients-app.csv', 'Patient ID', ['007', '012', '100', '031', '044', '250']);
    const session = createSession();
    const bytes = new Uint8Array(readFileSync(path));
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'patients-app.csv', bytes } }));
    expect(opened.layout.mapping.idColumn).toBe('Patient ID');
    expect(opened.layout.notes).toContain('“Patient ID” holds a different whole number in every row: it names the samples and is not a feature.');
    expect(opened.layout.mapping.featureColumns).toEqual(['g1', 'g2']);
    const settings = { k: 2, s: 1, variant: 'global' as const, loss: 'squared' as const, restarts: 1, seed: 1, maxIterations: 100 };
    const view = ok(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping: opened.layout.mapping, recipe: opened.layout.recipe, settings, classColumn: null }));
    expect(view.sampleIds).toEqual(['007', '012', '100', '031', '044', '250']);
    expect(view.command).toContain(" --format table --id-column 'Patient ID' ");
    const cli = await skfrJson(['cluster', path, ...fit]);
    expect(Array.from(view.clusters)).toEqual(cli.labels);
  });
});
