/**
 * The batch step in every output of a run: `skfr cluster --batch` with --report, --out (the report workbook) and
 * --save-session lists the step with its count, the confounding with the class as a warning (summary, --json,
 * report); `skfr rerun` of the saved session gives the same run. The table (written here): 12 samples, lab
 * L1 = a a b b, L2 = a a b b, L3 = c c c c, so condition “c” lies entirely in lab “L3” (partly confounded).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { skfr, tempDir } from './helpers.js';

const { dir, cleanup } = tempDir('skfr-batch-outputs-');
afterAll(cleanup);

const labs = ['L1', 'L1', 'L1', 'L1', 'L2', 'L2', 'L2', 'L2', 'L3', 'L3', 'L3', 'L3'];
const conditions = ['a', 'a', 'b', 'b', 'a', 'a', 'b', 'b', 'c', 'c', 'c', 'c'];
const CONFOUNDED = '“lab” is partly confounded with “condition”: “c” lies entirely in batch “L3”, so removing the batch effect also removes part of the differences between “c” and the other “condition” groups.';

function table(): string {
  const lines = ['id,lab,condition,P1,P2,P3,P4'];
  labs.forEach((lab, i) => {
    const shift = lab === 'L1' ? 0 : lab === 'L2' ? 3 : 6;
    const c = conditions[i] === 'a' ? 0 : conditions[i] === 'b' ? 2 : 4;
    const wobble = ((i * 37) % 11) / 20;
    // P4 is missing in the first sample of each lab, and L3 holds one value of P3 only.
    const p3 = lab === 'L3' && i !== 8 ? '' : String(20 + shift + wobble);
    lines.push([`s${i + 1}`, lab, conditions[i], 20 + shift + c + wobble, 22 + shift - c + wobble, p3, i % 4 === 0 ? '' : 24 + wobble].join(','));
  });
  return lines.join('\n') + '\n';
}

describe('skfr cluster --batch: preparation, warnings, report, session and rerun', () => {
  const data = join(dir, 'labs.csv');
  writeFileSync(data, table());
  const args = ['cluster', data, '--id-column', 'id', '--class-column', 'condition', '--batch', 'lab', '--k', '3', '--s', '2'];

  it('counts the step, warns of the confounding and writes it into every output; the session reruns identically', async () => {
    const report = join(dir, 'labs.html');
    const workbook = join(dir, 'labs.xlsx');
    const session = join(dir, 'labs.skfr');
    const run = await skfr([...args, '--report', report, '--out', workbook, '--save-session', session]);
    expect(run.code, run.stderr).toBe(0);
    // P3 has one value in L3: one protein × batch pair left as it was.
    expect(run.stdout).toContain('  Batch effect of “lab” removed (protein × batch pairs with fewer than 2 values, left as they were): 1\n');
    expect(run.stdout).toContain(`Warning: ${CONFOUNDED}\n`);
    expect(run.stdout).toMatch(/Reproduce: skfr cluster .* --batch lab /);

    const json = JSON.parse((await skfr([...args, '--json'])).stdout);
    expect(json.warnings).toContainEqual({ code: 'batch-confounded', about: 'data', message: CONFOUNDED });
    expect(json.preparation).toContainEqual({ step: 'batch', label: 'Batch effect of “lab” removed (protein × batch pairs with fewer than 2 values, left as they were)', count: 1 });

    const html = readFileSync(report, 'utf8');
    expect(html).toContain('Batch effect of “lab” removed');
    expect(html).toContain(CONFOUNDED);
    const summary = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(readFileSync(workbook), { type: 'buffer' }).Sheets.Summary!, { header: 1 });
    expect(summary.some((row) => String(row[0]).startsWith('preparation: Batch effect of “lab” removed'))).toBe(true);
    expect(summary.filter((row) => String(row[0]).startsWith('result warning')).map((row) => row[1])).toContain(CONFOUNDED);

    const saved = JSON.parse(readFileSync(session, 'utf8'));
    expect(saved.recipe.steps.filter((step: { kind: string }) => step.kind === 'batch')).toEqual([{ kind: 'batch', columns: ['lab'], minPerBatch: 2 }]);
    const again = await skfr(['rerun', session]);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toMatch(/identical: 12 samples, same clusters, same proteins/);
  }, 300_000);

  it('refuses a batch column the samples do not have, and --batch-min without --batch, in one sentence', async () => {
    const missing = await skfr(['cluster', data, '--id-column', 'id', '--class-column', 'condition', '--annotation-columns', 'lab', '--batch', 'plex', '--k', '3', '--s', '2']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: .*“plex”/);
    const alone = await skfr(['cluster', data, '--id-column', 'id', '--batch-min', '3', '--k', '3', '--s', '2']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toBe('error: --batch-min applies only with --batch COLUMN[,COLUMN] (the batch columns).\n');
  });
});
