/**
 * Issue 11 through the built `skfr` (`node cli/bin/skfr.js cluster …`, a child process, as a user runs it): the
 * preparation proposed by default (log2 for raw intensities, 70 % valid values in at least one condition of the
 * design), the preparation flags (--transform, --min-valid, --normalize, --impute), the reproduce command (run as
 * printed, same labels), imputed cells flagged in the exported samples and features for each imputation choice,
 * and the bad inputs, one sentence each. Counts are checked against the files themselves, split by hand.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltCli } from './built-cli.js';
import { shellQuote } from '../../core/report/command.js';
import { micePath, repoRoot, tempDir, type CliJson } from './helpers.js';
import { parseCsv } from '../csv-rows.js';

const bin = join(repoRoot, 'cli', 'bin', 'skfr.js');
const tmp = tempDir('skfr-prepare-');
afterAll(tmp.cleanup);
const at = (name: string) => join(tmp.dir, name);

// Paths as a user types them from the repository folder: the reproduce command names them as given.
const REAL = '../shared/data/real';
const maxquant = `${REAL}/maxquant_lfq_proteinGroups.txt`;
const design = `${REAL}/maxquant_lfq_experimental_design.txt`;
const perseus = `${REAL}/perseus_matrix.txt`;

beforeAll(ensureBuiltCli, 180_000);

const run = (args: string[]) => spawnSync(process.execPath, [bin, 'cluster', ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 280_000 });

function json(args: string[]): CliJson {
  const result = run([...args, '--json']);
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as CliJson;
}

/** A printed `skfr cluster …` command run through a real shell (its quoting included), from `cwd`. */
function runCommand(command: string, extra: string[], cwd = repoRoot) {
  expect(command.startsWith('skfr cluster ')).toBe(true);
  const line = `${shellQuote(process.execPath)} ${shellQuote(bin)} ${command.slice('skfr '.length)} ${extra.map(shellQuote).join(' ')}`;
  return spawnSync('/bin/sh', ['-c', line], { cwd, encoding: 'utf8', timeout: 280_000 });
}

/** One `error:` line on stderr, nothing on stdout, exit code 2. */
function expectRefused(args: string[], message: RegExp) {
  const result = run(args);
  expect(result.status, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  const lines = result.stderr.split('\n').filter((line) => line.length > 0 && !line.startsWith('warning: '));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(message);
}

/** A tab-separated file split by hand (these files quote nothing): header and rows, CRLF or LF. */
function tsv(path: string): { header: string[]; rows: string[][] } {
  const lines = readFileSync(join(repoRoot, path), 'utf8').split(/\r?\n/).filter((line) => line.length > 0);
  return { header: lines[0]!.split('\t'), rows: lines.slice(1).map((line) => line.split('\t')) };
}

/** An exported CSV file's rows (test/csv-rows.ts). */
function readCsv(path: string): string[][] {
  return parseCsv(readFileSync(path, 'utf8'));
}

const first = (cell: string | undefined) => (cell ?? '').split(';')[0]!.trim();
const step = (out: CliJson, kind: string) => out.preparation.find((s: { step: string }) => s.step === kind);

/**
 * The MaxQuant file prepared by hand as the default recipe says: flagged rows out (Reverse / Potential
 * contaminant / Only identified by site = +, REV__ / CON__ ids), 0 = missing, then at least 3 of the 4 samples of
 * one condition (70 % of 4, rounded up) with a value; H5, L5, N5 have no design row, so no condition.
 */
function maxquantByHand() {
  const { header, rows } = tsv(maxquant);
  const col = (name: string) => header.indexOf(name);
  const flagged = (r: string[]) =>
    r[col('Reverse')] === '+' || r[col('Potential contaminant')] === '+' || r[col('Only identified by site')] === '+' ||
    /^(REV__|CON__)/.test(first(r[col('Majority protein IDs')]));
  const value = (r: string[], sample: string) => Number(r[col(`LFQ intensity ${sample}`)]);
  const valid = (r: string[], group: string) => [1, 2, 3, 4].filter((i) => value(r, `${group}${i}`) > 0).length;
  const fitted = rows.filter((r) => !flagged(r) && ['H', 'L', 'N'].some((group) => valid(r, group) >= 3));
  /** Cells of `sample` missing (0) among the fitted proteins: what the fit fills in, whatever the method. */
  const missingOf = (sample: string) => fitted.filter((r) => !(value(r, sample) > 0)).length;
  return { fitted, missingOf };
}

describe('the proposed preparation, and the command that reproduces the run', () => {
  it('MaxQuant + design: log2 and 70 % in at least one condition by default, counts shown, a contingency; the printed command gives the same labels', () => {
    const report = at('maxquant.xlsx');
    const out = json([maxquant, '--design', design, '--class-column', 'condition', '--k', '3', '--s', '10', '--out', report]);
    const steps = out.recipe.steps as { kind: string }[];
    expect(steps.find((s) => s.kind === 'transform')).toEqual({ kind: 'transform', base: 2, nonPositive: 'refuse' });
    expect(steps.find((s) => s.kind === 'min-valid')).toEqual({ kind: 'min-valid', count: null, percent: 70, scope: 'any', group: 'condition' });
    expect(steps.some((s) => s.kind === 'impute' || s.kind === 'normalize')).toBe(false);
    expect(out.reasons).toHaveLength(3);
    expect(out.reasons[0]).toMatch(/^LFQ intensity is a raw intensity, .*log2 proposed/);
    expect(out.reasons[1]).toMatch(/at least one “condition” group/);
    expect(out.reasons[2]).toBe('Values are log2 intensities on one scale: each feature centred and Pareto-scaled.');
    expect(steps.at(-1)).toEqual({ kind: 'scale', method: 'pareto', reason: 'values are log2 intensities on one scale' });
    expect(out.command).toContain('--impute kpod --scale pareto');
    expect(out.imputedBySample).toBeNull();

    // The counts, as shown: every value of the fitted proteins logged, the filter's count by hand.
    const { fitted, missingOf } = maxquantByHand();
    expect(out.p).toBe(fitted.length);
    expect(step(out, 'transform').label).toBe('Values log2-transformed');
    expect(step(out, 'transform').count).toBeGreaterThan(0);
    const read = out.preparation[0].count;
    const removedFlagged = out.preparation.filter((s: { step: string }) => s.step === 'remove-flagged').reduce((a: number, s: { count: number }) => a + s.count, 0);
    expect(step(out, 'min-valid').count).toBe(read - removedFlagged - fitted.length);
    expect(out.imputedCells).toBe(['H', 'L', 'N'].flatMap((g) => [1, 2, 3, 4, 5].map((i) => missingOf(`${g}${i}`))).reduce((a, b) => a + b, 0));

    // Agreement with the conditions, and its contingency table in the report.
    expect(out.metrics).not.toBeNull();
    const wb = XLSX.read(readFileSync(report), { type: 'buffer' });
    const contingency = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets.Contingency!, { header: 1 });
    expect(contingency[0]).toEqual(['cluster', 'CD34High', 'CD34Low', 'CD34Neg', 'total']);
    expect(contingency.slice(1).reduce((sum, row) => sum + Number(row[row.length - 1]), 0)).toBe(12); // H5, L5, N5 have no condition
    // The Summary sheet: the steps with their counts, the reasons, the warnings, the command.
    const summary = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets.Summary!, { header: 1 });
    const value = (item: string) => summary.find((row) => row[0] === item)?.[1];
    expect(value('preparation: Values log2-transformed')).toBe(step(out, 'transform').count);
    expect(value('preparation: Features with fewer than 70 % values in at least one condition removed')).toBe(step(out, 'min-valid').count);
    expect(summary.filter((row) => row[0] === 'preparation: reason').map((row) => row[1])).toEqual(out.reasons);
    expect(summary.filter((row) => String(row[0]).startsWith('result warning')).map((row) => row[1])).toEqual(out.warnings.map((w: { message: string }) => w.message));
    expect(value('reproduce with')).toBe(out.command);

    // The command names the file as given, the preparation as flags; run as printed, it gives the same result.
    expect(out.command).toContain(`skfr cluster ${maxquant} --format maxquant --quantity 'LFQ intensity' --samples-as-columns --design ${design}`);
    expect(out.command).toContain('--transform log2 --min-valid 70%:any:condition --normalize none --impute kpod --scale pareto --k 3 --s 10');
    expect(out.command).toContain('--seed 1');
    const again = runCommand(out.command, ['--json']);
    expect(again.status, again.stderr).toBe(0);
    const rerun = JSON.parse(again.stdout) as CliJson;
    expect(rerun.labels).toEqual(out.labels);
    expect(rerun.selectedFeatures).toEqual(out.selectedFeatures);
    expect(rerun.recipe).toEqual(out.recipe);
    expect(rerun.command).toBe(out.command);
  });

  it('the human summary prints the steps, why, the warnings and the reproduce command last', () => {
    const result = run([maxquant, '--design', design, '--class-column', 'condition', '--k', '3', '--s', '10']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ {2}Values log2-transformed: [\d ]+$/m);
    expect(result.stdout).toMatch(/^ {2}Features with fewer than 70 % values in at least one condition removed: [\d ]+$/m);
    expect(result.stdout).toMatch(/^Why:\n {2}LFQ intensity is a raw intensity, values between .*: log2 proposed\.\n {2}Proteins need values in 70 % of the samples of at least one “condition” group\.\n {2}Values are log2 intensities on one scale: each feature centred and Pareto-scaled\.$/m);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[lines.length - 1]).toMatch(/^Reproduce: skfr cluster \.\.\/shared\/data\/real\/maxquant_lfq_proteinGroups\.txt --format maxquant .* --seed 1 --max-iter 100$/);
  });

  it('the Perseus matrix is log2 already: no transform by default, and --transform log2 is refused in one sentence', () => {
    const out = json([perseus, '--k', '2', '--s', '10']);
    expect(out.recipe.steps.some((s: { kind: string }) => s.kind === 'transform')).toBe(false);
    expect(out.reasons[0]).toMatch(/look log-transformed already: no transform, so they are never logged twice/);
    expect(out.command).toContain('--transform none');
    expectRefused([perseus, '--transform', 'log2', '--k', '2', '--s', '10'], /already look log-transformed .*a second log2 would distort them/);
  });

  it('a table with one sample per row keeps no preparation by default but the scale, unit variance (the mouse CSV), and its command reproduces it', () => {
    const args = [micePath, '--id-column', 'MouseID', '--class-column', 'class', '--k', '8', '--s', '24', '--restarts', '5'];
    const out = json(args);
    expect(out.recipe).toEqual({ steps: [{ kind: 'scale', method: 'unit-variance', reason: 'one sample per row: features in their own units' }] });
    expect(out.reasons).toEqual(['One sample per row: features in their own units: each feature centred and scaled to unit variance.']);
    expect(out.preparation).toEqual([
      { step: 'read', label: 'Rows read', count: 1080 },
      { step: 'scale', label: 'Features centred and scaled to unit variance (one sample per row: features in their own units)', count: 77 },
    ]);
    expect(out.command).toContain('--format table --id-column MouseID --class-column class --floor none --transform none --min-valid none --normalize none --impute kpod --scale unit-variance');
    const again = runCommand(out.command, ['--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).labels).toEqual(out.labels);
  }, 300_000);

  it('the flags replace the proposal: --min-valid 70%:each:replicate, --normalize median', () => {
    const out = json([maxquant, '--design', design, '--min-valid', '70%:each:replicate', '--normalize', 'median', '--k', '3', '--s', '10']);
    expect(out.recipe.steps.find((s: { kind: string }) => s.kind === 'min-valid')).toEqual({ kind: 'min-valid', count: null, percent: 70, scope: 'each', group: 'replicate' });
    expect(step(out, 'normalize').count).toBe(15);
    expect(out.reasons[out.reasons.length - 2]).toBe('Given instead of the proposal: --min-valid.');
    expect(out.command).toContain('--min-valid 70%:each:replicate --normalize median');
  });
});

describe('imputed cells, flagged in the exported samples and features for each imputation choice', () => {
  const args = [maxquant, '--design', design, '--class-column', 'condition', '--k', '3', '--s', '10'];

  it('--impute downshift: the same seed gives the same labels and the same samples CSV; the counts are those of the file', () => {
    const a = json([...args, '--impute', 'downshift', '--out', at('down-a.csv'), '--features-out', at('down-features.csv')]);
    const b = json([...args, '--impute', 'downshift', '--out', at('down-b.csv')]);
    expect(b.labels).toEqual(a.labels);
    expect(readFileSync(at('down-b.csv'))).toEqual(readFileSync(at('down-a.csv')));
    expect(a.imputedCells).toBe(0); // nothing left for k-POD
    expect(step(a, 'impute').label).toMatch(/down-shifted normal \(shift 1\.8 sd, width 0\.3 sd, seed 1\)/);

    const { missingOf } = maxquantByHand();
    const samples = readCsv(at('down-a.csv'));
    expect(samples[0]).toEqual(['sample', 'column', 'condition', 'replicate', 'cluster', 'distance', 'imputed cells', 'imputed features']);
    const h1 = samples.find((row) => row[0] === 'H1')!;
    // By hand: H1's zeros among the fitted proteins (LFQ intensity H1 = 0 in the file).
    expect(Number(h1[6])).toBe(missingOf('H1'));
    expect(missingOf('H1')).toBeGreaterThan(0);
    const names = h1[7]!.split(';');
    expect(names.length).toBe(Math.min(missingOf('H1'), 50) + (missingOf('H1') > 50 ? 1 : 0));
    const labels = a.featureLabels as string[];
    // The names are features of the fit, in column order, each one a protein H1 has no value for.
    const order = names.filter((n) => n !== '…').map((n) => labels.indexOf(n));
    expect(order.every((i, j) => i >= 0 && (j === 0 || i > order[j - 1]!))).toBe(true);
    // Per sample in the JSON, in sampleIds order; per feature in the features CSV.
    expect(a.imputedBySample).toEqual((a.sampleIds as string[]).map((id) => missingOf(id)));
    expect((a.imputedByFeature as number[]).reduce((x, y) => x + y, 0)).toBe(step(a, 'impute').count);
    const features = readCsv(at('down-features.csv'));
    expect(features[0]![features[0]!.length - 1]).toBe('imputed cells');
    for (const row of features.slice(1)) expect(Number(row[row.length - 1])).toBe(a.imputedByFeature[labels.indexOf(row[1]!)]);
  });

  it('--impute min and k-POD flag the same cells, in the CSV and in the report workbook', () => {
    const { missingOf } = maxquantByHand();
    const min = json([...args, '--impute', 'min', '--out', at('min.csv'), '--features-out', at('min-features.xlsx')]);
    expect(step(min, 'impute').label).toBe('Missing values imputed with the feature’s minimum');
    const kpod = json([...args, '--out', at('kpod.xlsx')]);
    expect(kpod.imputedBySample).toBeNull();
    expect(kpod.imputedCells).toBe(step(min, 'impute').count);

    const csv = readCsv(at('min.csv'));
    const wb = XLSX.read(readFileSync(at('kpod.xlsx')), { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets.Samples!, { header: 1 });
    for (const rows of [csv, sheet]) {
      const header = rows[0] as string[];
      const count = header.indexOf('imputed cells');
      expect(header.slice(-2)).toEqual(['imputed cells', 'imputed features']);
      for (const row of rows.slice(1)) expect(Number(row[count])).toBe(missingOf(String(row[0])));
    }
    const minFeatures = XLSX.read(readFileSync(at('min-features.xlsx')), { type: 'buffer' });
    const frows = XLSX.utils.sheet_to_json<unknown[]>(minFeatures.Sheets.Features!, { header: 1 });
    expect(frows[0]![frows[0]!.length - 1]).toBe('imputed cells');
    const kFeatures = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets.Features!, { header: 1 });
    expect(kFeatures[0]![kFeatures[0]!.length - 1]).toBe('imputed cells');
  });
});

describe('bad preparations: one sentence, exit code 2', () => {
  it('a log of zeros (--zero-is-value --transform log2) names the cells; log2:missing makes them missing and runs', () => {
    expectRefused([maxquant, '--zero-is-value', '--transform', 'log2', '--k', '3', '--s', '10'], /^error: [\d]+ values are 0 or negative and have no logarithm \(H1 × [^=]+ = 0; .*\): /);
    const out = json([maxquant, '--zero-is-value', '--transform', 'log2:missing', '--k', '3', '--s', '10']);
    expect(step(out, 'zeros-missing')).toBeUndefined();
    expect(step(out, 'transform').label).toBe('Values log2-transformed (0 and negative values made missing)');
    expect(out.command).toContain('--zero-is-value --floor none --transform log2:missing');
  });

  it('a filter that leaves no protein, or fewer than s', () => {
    expectRefused([maxquant, '--min-valid', '16', '--k', '3', '--s', '10'], /Features with fewer than 16 values in total removed leaves no feature/);
    expectRefused([maxquant, '--min-valid', '15', '--k', '3', '--s', '500'], /leaves \d+ features, fewer than s = 500; ask for fewer values with --min-valid, or a smaller s\.$/);
  });

  it('a group column with one sample per group', () => {
    const lines = ['label\tcondition\tanimal', ...['H', 'L', 'N'].flatMap((g) => [1, 2, 3, 4, 5].map((i) => `${g}${i}\tC${g}\tmouse-${g}${i}`))];
    writeFileSync(at('design-animals.txt'), lines.join('\n') + '\n');
    expectRefused([maxquant, '--design', at('design-animals.txt'), '--min-valid', '70%:each:animal', '--k', '3', '--s', '10'],
      /Every group of “animal” holds one sample, so a per-group valid-value filter means nothing/);
  });

  it('a preparation flag with a value it does not take', () => {
    expectRefused([maxquant, '--transform', 'ln', '--k', '3', '--s', '10'], /--transform “ln” is not possible: use none, log2 or log10/);
    expectRefused([maxquant, '--min-valid', '70%:each', '--k', '3', '--s', '10'], /name the group column, e.g\. 70%:each:condition/);
    expectRefused([maxquant, '--impute', 'zero', '--k', '3', '--s', '10'], /--impute “zero” is not possible/);
  });
});

describe('skfr cluster --help', () => {
  it('lists the preparation flags, one line of help each, and the new --json fields', () => {
    const help = spawnSync(process.execPath, [bin, 'cluster', '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    for (const flag of ['--transform LOG', '--min-valid SPEC', '--normalize none|median', '--impute METHOD']) {
      const line = help.stdout.split('\n').findIndex((l) => l.startsWith(`  ${flag} `));
      expect(line, flag).toBeGreaterThanOrEqual(0);
      // one line: the next line is the next option
      expect(help.stdout.split('\n')[line + 1]).toMatch(/^ {2}--/);
    }
    const fields = help.stdout.slice(help.stdout.indexOf('--json fields:'));
    for (const field of ['recipe', 'reasons', 'imputedBySample', 'imputedByFeature', 'warnings', 'command']) expect(fields).toMatch(new RegExp(`[\\s(]${field}[\\s,]`));
  });
});
