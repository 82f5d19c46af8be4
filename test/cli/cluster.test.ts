/**
 * `skfr simulate` and `skfr cluster` end to end (in-process, real files): read-back of simulated sheets,
 * --tune-s, the written files (report workbook, samples, features), atomic replacement, untouched inputs,
 * the human summary, SKFR2 output, help and version.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, skfr, skfrJson, tempDir } from './helpers.js';

const tmp = tempDir('skfr-cluster-');
afterAll(tmp.cleanup);
const at = (name: string) => join(tmp.dir, name);
const readCsv = (path: string) => readFileSync(path, 'utf8').split(/\r?\n/).filter((line) => line.length > 0).map((line) => line.split(','));
const simArgs = ['--id-column', 'id', '--class-column', 'class', '--k', '10'];

beforeAll(async () => {
  const run = await skfr(['simulate', '--design', 'sparse', '--p', '20', '--seed', '3', '--out', at('sparse.csv')]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain(at('sparse.csv'));
});

describe('skfr simulate → skfr cluster', () => {
  it('writes id, F1..Fp, class (1-based) and cluster reads it back, finding the informative features', async () => {
    const rows = readCsv(at('sparse.csv'));
    expect(rows[0]).toEqual(['id', ...Array.from({ length: 20 }, (_, l) => `F${l + 1}`), 'class']);
    expect(rows).toHaveLength(401);
    const classes = rows.slice(1).map((row) => Number(row[21]));
    expect(Math.min(...classes)).toBe(1);
    expect(Math.max(...classes)).toBe(10);
    const json = await skfrJson(['cluster', at('sparse.csv'), ...simArgs, '--s', '10', '--restarts', '5']);
    expect(json.n).toBe(400);
    expect(json.p).toBe(20);
    expect(json.sampleIds.slice(0, 2)).toEqual(['S1', 'S2']);
    // sparse design: the informative features are F1..F10 (see core/engine/simulate.ts)
    expect([...json.selectedFeatures].sort()).toEqual(Array.from({ length: 10 }, (_, l) => `F${l + 1}`).sort());
    expect(json.metrics.ari).toBeGreaterThan(0.9);
  });

  it('--decimals D rounds the written values (full precision by default), written in chunks of rows', async () => {
    const run = await skfr(['simulate', '--design', 'sparse', '--n', '600', '--p', '12', '--seed', '3', '--decimals', '2', '--out', at('rounded.csv')]);
    expect(run.code, run.stderr).toBe(0);
    const rounded = readCsv(at('rounded.csv'));
    expect(rounded).toHaveLength(601); // 600 rows: more than two 256-row chunks
    const values = rounded.slice(1).flatMap((row) => row.slice(1, 13));
    expect(values.every((v) => /^-?\d+(\.\d{1,2})?$/.test(v))).toBe(true);
    const full = readCsv(at('sparse.csv')).slice(1).flatMap((row) => row.slice(1, 21));
    expect(full.filter((v) => /\.\d{6,}$/.test(v)).length).toBeGreaterThan(full.length * 0.9);
    const bad = await skfr(['simulate', '--design', 'sparse', '--decimals', '18', '--out', at('x.csv')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: --decimals 18 is not possible: it must be at most 17.\n');
  });

  it('the missing design: empty cells are read as missing and every one is imputed', async () => {
    const run = await skfr(['simulate', '--design', 'missing', '--seed', '2', '--out', at('missing.csv')]);
    expect(run.code, run.stderr).toBe(0);
    const rows = readCsv(at('missing.csv'));
    const empty = rows.slice(1).reduce((sum, row) => sum + row.filter((cell) => cell === '').length, 0);
    expect(empty).toBe(Math.round(0.1 * 250 * 50));
    const json = await skfrJson(['cluster', at('missing.csv'), '--id-column', 'id', '--class-column', 'class', '--k', '5', '--s', '10', '--restarts', '5']);
    expect(json.n).toBe(250);
    expect(json.imputedCells).toBe(empty);
  });

  it('--tune-s returns the gap curve and the chosen s (the arg-max of Gap), and the fit at that s', async () => {
    const json = await skfrJson(['cluster', at('sparse.csv'), ...simArgs, '--tune-s', '5:15:5', '--permutations', '3', '--restarts', '3']);
    expect(json.gap.map((point: { s: number }) => point.s)).toEqual([5, 10, 15]);
    for (const point of json.gap) {
      expect(Object.keys(point).sort()).toEqual(['gap', 's', 'sd']);
      expect(Number.isFinite(point.gap) && Number.isFinite(point.sd)).toBe(true);
    }
    const best = json.gap.reduce((a: { gap: number }, b: { gap: number }) => (b.gap > a.gap ? b : a));
    expect(json.chosenS).toBe(best.s);
    expect(json.s).toBe(json.chosenS);
    expect(json.selectedFeatures).toHaveLength(json.chosenS);
  });

  it('--variant local reports s features per cluster', async () => {
    const json = await skfrJson(['cluster', at('sparse.csv'), ...simArgs, '--s', '3', '--variant', 'local', '--restarts', '5']);
    expect(json.variant).toBe('local');
    expect(json.selectedFeaturesByCluster).toHaveLength(10);
    for (const set of json.selectedFeaturesByCluster) expect(set).toHaveLength(3);
    const union = new Set(json.selectedFeaturesByCluster.flat());
    expect([...json.selectedFeatures].sort()).toEqual([...union].sort());
  });

  it('--samples-as-columns reads the transposed sheet to the same labels; --features-match selects columns', async () => {
    const rows = readCsv(at('sparse.csv'));
    const features = rows[0]!.slice(1, 21);
    const transposed = [['feature', ...rows.slice(1).map((row) => row[0])], ...features.map((name, l) => [name, ...rows.slice(1).map((row) => row[l + 1])])];
    writeFileSync(at('columns.csv'), transposed.map((row) => row.join(',')).join('\n') + '\n');
    const byRow = await skfrJson(['cluster', at('sparse.csv'), '--id-column', 'id', '--annotation-columns', 'class', '--k', '10', '--s', '10', '--restarts', '5']);
    const byColumn = await skfrJson(['cluster', at('columns.csv'), '--samples-as-columns', '--k', '10', '--s', '10', '--restarts', '5']);
    expect(byColumn.sampleIds).toEqual(byRow.sampleIds);
    expect(byColumn.labels).toEqual(byRow.labels);
    const some = await skfrJson(['cluster', at('sparse.csv'), '--id-column', 'id', '--annotation-columns', 'class', '--features-match', '^F1[0-9]$', '--k', '3', '--s', '2', '--restarts', '2']);
    expect(Object.keys(some.featureScores)).toEqual(Array.from({ length: 10 }, (_, l) => `F${l + 10}`));
  });
});

describe('files written by skfr cluster', () => {
  it('--out report.xlsx has the report sheets (Gap when tuned, Contingency with classes)', async () => {
    const run = await skfr(['cluster', at('sparse.csv'), ...simArgs, '--tune-s', '9:11', '--permutations', '2', '--restarts', '2', '--out', at('report.xlsx'), '--json']);
    expect(run.code, run.stderr).toBe(0);
    const wb = XLSX.read(readFileSync(at('report.xlsx')), { type: 'buffer', dense: true });
    expect(wb.SheetNames).toEqual(['Summary', 'Samples', 'Features', 'Centers', 'Gap', 'Contingency']);
    const rowsOf = (name: string) => XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name]!, { header: 1 });
    expect(rowsOf('Samples')).toHaveLength(401);
    expect(rowsOf('Gap')).toHaveLength(4);
    expect(rowsOf('Contingency')).toHaveLength(11);
    const summary = rowsOf('Summary').map((row) => row.join(' '));
    expect(summary.some((line) => line.includes('sparse.csv'))).toBe(true);
    const sha = createHash('sha256').update(readFileSync(at('sparse.csv'))).digest('hex');
    expect(summary.some((line) => line.includes(sha))).toBe(true);
  });

  it('--out samples.csv replaces an existing file atomically; --features-out writes csv and xlsx; the input is untouched', async () => {
    writeFileSync(at('samples.csv'), 'stale contents that must disappear\n');
    const input = at('sparse.csv');
    const before = { bytes: readFileSync(input), mtime: statSync(input).mtimeMs };
    const run = await skfr(['cluster', input, ...simArgs, '--s', '10', '--restarts', '3', '--out', at('samples.csv'), '--features-out', at('features.csv')]);
    expect(run.code, run.stderr).toBe(0);
    const samples = readCsv(at('samples.csv'));
    expect(samples[0]).toEqual(['id', 'class', 'cluster', 'distance']);
    expect(samples).toHaveLength(401);
    for (const row of samples.slice(1)) expect(Number(row[2]) >= 1 && Number(row[2]) <= 10).toBe(true);
    // Every feature ranked (issue 24), the 10 selected marked.
    const features = readCsv(at('features.csv'));
    expect(features).toHaveLength(1 + 20);
    expect(features[0]!.slice(0, 5)).toEqual(['rank', 'feature', 'score', 'share', 'selected']);
    expect(features.slice(1).filter((row) => row[4] === 'yes')).toHaveLength(10);
    expect(features.slice(1).map((row) => Number(row[0]))).toEqual(Array.from({ length: 20 }, (_, r) => r + 1));
    expect(readdirSync(tmp.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(readFileSync(input).equals(before.bytes)).toBe(true);
    expect(statSync(input).mtimeMs).toBe(before.mtime);
    // the summary says where files went
    expect(run.stdout).toContain(`Wrote ${at('samples.csv')} (labelled samples)`);
    expect(run.stdout).toContain(`Wrote ${at('features.csv')} (every feature ranked (20))`);

    const xlsx = await skfr(['cluster', input, ...simArgs, '--s', '10', '--restarts', '3', '--features-out', at('features.xlsx'), '--json']);
    expect(xlsx.code, xlsx.stderr).toBe(0);
    const wb = XLSX.read(readFileSync(at('features.xlsx')), { type: 'buffer', dense: true });
    expect(XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 })).toHaveLength(21);
  });

  it('the human summary lists clusters, features and metrics; the progress bar appears only on a terminal', async () => {
    const quiet = await skfr(['cluster', at('sparse.csv'), ...simArgs, '--s', '10', '--restarts', '3']);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toContain('400 samples × 20 features');
    expect(quiet.stdout).toContain('Cluster sizes:');
    expect(quiet.stdout).toContain('Selected features');
    expect(quiet.stdout).toMatch(/ARI \d/);
    const tty = await skfr(['cluster', at('sparse.csv'), ...simArgs, '--s', '10', '--restarts', '5', '--json'], { isTTY: true });
    expect(tty.code).toBe(0);
    expect(tty.stderr).toContain('\r');
    expect(tty.stderr).toMatch(/restart \d+\/5/);
    expect(tty.stderr.endsWith('\r\x1b[K')).toBe(true);
    expect(() => JSON.parse(tty.stdout)).not.toThrow();
  });
});

describe('help and version', () => {
  it('--help, cluster --help (every flag of the contract) and --version', async () => {
    const top = await skfr(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('skfr cluster FILE');
    expect(top.stdout).toContain('skfr simulate');
    const help = await skfr(['cluster', '--help']);
    expect(help.code).toBe(0);
    for (const flag of ['--k', '--s', '--tune-s', '--permutations', '--variant', '--loss', '--restarts', '--seed', '--max-iter', '--sheet',
      '--id-column', '--class-column', '--annotation-columns', '--features', '--features-match', '--where', '--samples-as-columns',
      '--no-standardize', '--out', '--features-out', '--json']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${flag}\\b`, 'm'));
    }
    expect((await skfr(['simulate', '--help'])).stdout).toContain('--design');
    const version = await skfr(['--version']);
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    expect(version.stdout).toBe(`skfr ${pkg.version}\n`);
    const none = await skfr([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage:');
  });
});
