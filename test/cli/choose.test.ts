/**
 * Issue 13 through the built `skfr` (node cli/bin/skfr.js, dist/ from `npm run build:cli`, rebuilt here when older
 * than the sources): choosing s with every rule reported (the paper's gap example, the mouse data), choosing k
 * (--tune-k), the stability of a fit (--stability, identical on 1 and 2 threads), what the summary says, what the
 * exports carry; and, in-process, the option errors.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltCli } from './built-cli.js';
import { catches, micePath, repoRoot, skfr, tempDir, type CliJson } from './helpers.js';

const bin = join(repoRoot, 'cli', 'bin', 'skfr.js');
const tmp = tempDir('skfr-choose-');
afterAll(tmp.cleanup);
const at = (name: string) => join(tmp.dir, name);

/** The built CLI in a child process. */
function run(args: string[], timeout = 120_000) {
  return spawnSync(process.execPath, [bin, ...args], { cwd: tmp.dir, encoding: 'utf8', timeout });
}

function json(args: string[], timeout?: number): CliJson {
  const result = run([...args, '--json'], timeout);
  if (result.status !== 0) throw new Error(`skfr exited ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout) as CliJson;
}

const RULES = ['knee-se', 'tibshirani', 'argmax', 'within-sd-of-max', 'knee'];
const sim = ['--id-column', 'id', '--class-column', 'class'];

beforeAll(() => {
  ensureBuiltCli();
  // The paper's gap example (n = 400, k = 10, 15 informative of p = 50), and the sparse design (10 of 50, of 200).
  for (const [name, extra] of [['gap50.csv', ['--p', '50', '--s', '15']], ['sparse.csv', ['--p', '50']], ['sparse200.csv', ['--p', '200']]] as const) {
    const made = run(['simulate', '--design', 'sparse', ...extra, '--seed', '1', '--out', name]);
    expect(made.status, made.stderr).toBe(0);
  }
}, 180_000);

describe('--tune-s: every rule reported, the default fitted', () => {
  it("the paper's gap example (p = 50, true s = 15, seed 1): five rules, the default (knee-se) picks 15 ± 1", () => {
    const out = json(['cluster', 'gap50.csv', ...sim, '--k', '10', '--tune-s', '1:50']);
    expect(out.sRules.map((c: { rule: string }) => c.rule)).toEqual(RULES);
    const fitted = out.sRules.filter((c: { default: boolean }) => c.default);
    expect(fitted).toHaveLength(1);
    expect(fitted[0].rule).toBe('knee-se');
    expect(Math.abs(fitted[0].s - 15)).toBeLessThanOrEqual(1);
    expect(out.chosenS).toBe(fitted[0].s);
    expect(out.s).toBe(fitted[0].s);
    expect(out.selectedFeatures).toHaveLength(out.s);
    expect(out.gap).toHaveLength(50);
    expect(Object.keys(out.sFlags).sort()).toEqual(['atRangeEnd', 'noClearMaximum']);
    expect(out.sFlags.atRangeEnd).toBe(false);
    // No k tuning, no stability asked for.
    expect(out.chosenK).toBeNull();
    expect(out.kCurve).toBeNull();
    expect(out.ksSteps).toBeNull();
    expect(out.stability).toBeNull();
    expect(out.command).toContain('--tune-s 1:50');
    expect(out.command).not.toContain('--s-rule');
  }, 300_000);

  it('--s-rule argmax fits the arg-max s (the command says so); the summary marks the default and the fitted rule', () => {
    const args = ['cluster', 'gap50.csv', ...sim, '--k', '10', '--tune-s', '1:50:7', '--permutations', '4', '--restarts', '5', '--s-rule', 'argmax'];
    const out = json(args);
    const argmax = out.sRules.find((c: { rule: string }) => c.rule === 'argmax');
    expect(argmax.default).toBe(true);
    expect(out.sRules.filter((c: { default: boolean }) => c.default)).toHaveLength(1);
    expect(out.s).toBe(argmax.s);
    expect(out.command).toContain('--s-rule argmax');
    const text = run(args);
    expect(text.status, text.stderr).toBe(0);
    const line = text.stdout.split('\n').find((l) => l.startsWith('s rules: '))!;
    expect(line).toMatch(/^s rules: knee-se \d+ \(default\) · tibshirani \d+ · argmax \d+ \(fitted\) · within-sd-of-max \d+ · knee \d+$/);
    expect(text.stdout).not.toContain('largest Gap)');
  }, 300_000);

  it('the whole mouse data, --tune-s 1:77: the default picks s < 40 and the summary says why the rules differ', () => {
    const args = ['cluster', micePath, '--id-column', 'MouseID', '--class-column', 'class', '--annotation-columns', 'Genotype,Treatment,Behavior',
      '--k', '8', '--tune-s', '1:77'];
    const result = run(args, 300_000);
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    const rules = lines.find((l) => l.startsWith('s rules: '))!;
    const s = Number(/knee-se (\d+) \(default, fitted\)/.exec(rules)![1]);
    expect(s).toBeLessThan(40);
    expect(rules).toMatch(/· argmax 77 ·/);
    expect(lines.find((l) => l.startsWith('SKFR1 (global), k = 8, s = '))).toContain(`s = ${s},`);
    // Measured (seed 1): the curve does not come down after its maximum (s = 77), and the summary says it.
    expect(result.stdout).toContain('Warning: The Gap curve has no clear maximum');
  }, 300_000);
});

describe('--tune-k and --stability', () => {
  it('--tune-k 3:15 at s = 10 on the sparse design (true k = 10, seed 1) finds 10, with the curve and every rule', () => {
    const out = json(['cluster', 'sparse.csv', ...sim, '--tune-k', '3:15', '--s', '10']);
    expect(out.chosenK).toBe(10);
    expect(out.k).toBe(10);
    expect(out.kCurve.curve.map((point: { k: number }) => point.k)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    for (const point of out.kCurve.curve) expect(Object.keys(point).sort()).toEqual(['gap', 'k', 'logW', 'meanPermutedLogW', 'sd', 'silhouette']);
    expect(out.kCurve.kRules.map((c: { rule: string }) => c.rule)).toEqual(['tibshirani', 'argmax', 'within-sd-of-max', 'knee', 'silhouette']);
    expect(out.kCurve.kRules.find((c: { default: boolean }) => c.default)).toEqual({ rule: 'tibshirani', k: 10, default: true });
    expect(out.kCurve.permutations).toBe(10);
    expect(out.ksSteps).toBeNull();
    expect(out.sRules).toBeNull();
    expect(out.metrics.ari).toBe(1);
    expect(out.command).toContain('--tune-k 3:15 --s 10');
    expect(out.command).not.toMatch(/--k \d/);
  }, 300_000);

  it('--tune-k with --tune-s (the alternating search): the same steps and fit on 1 and 2 threads; the summary lists the steps', () => {
    const args = ['cluster', 'sparse.csv', ...sim, '--tune-k', '8:11', '--tune-s', '6:14:4', '--permutations', '2', '--restarts', '3'];
    const { timings: _a, ...one } = json([...args, '--workers', '1']);
    const { timings: _b, ...two } = json([...args, '--workers', '2']);
    expect(two).toEqual(one);
    expect(one.ksSteps[0]).toMatchObject({ tuned: 's', k: 8 });
    expect(one.ksSteps.at(-1).tuned).toBe('k');
    expect(one.chosenK).toBe(one.ksSteps.at(-1).k);
    expect(one.k).toBe(one.chosenK);
    expect(one.sRules).toHaveLength(5);
    const text = run([...args, '--workers', '2']);
    expect(text.stdout).toMatch(/^k \/ s search: s = \d+ at k = 8 → k = \d+ at s = \d+( → .*)? \((settled|not settled: stopped after its last round)\)$/m);
  }, 300_000);

  it('Ctrl+C while choosing k stops the run promptly (one line, exit 130), in this thread and on threads', async () => {
    for (const workers of ['1', '2']) {
      const child = spawn(process.execPath, [bin, 'cluster', 'sparse.csv', ...sim, '--tune-k', '3:15', '--s', '10', '--permutations', '1000', '--workers', workers], {
        cwd: tmp.dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (text: string) => void (stderr += text));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await catches(child.pid!, 'SIGINT'); // before, SIGINT would end Node without a word (helpers.ts)
      await new Promise((resolve) => setTimeout(resolve, 1000)); // read, choosing k
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      expect({ workers, code, stderr }).toEqual({ workers, code: 130, stderr: 'error: cancelled (Ctrl+C); nothing was written.\n' });
    }
  }, 300_000);

  it('--stability 20 on the sparse design (n = 400, p = 200): informative ≥ 0.9, noise ≤ 0.2; identical on 1 and 2 threads', () => {
    const args = ['cluster', 'sparse200.csv', ...sim, '--k', '10', '--s', '10', '--stability', '20'];
    const { timings: _a, ...one } = json([...args, '--workers', '1']);
    const { timings: _b, ...two } = json([...args, '--workers', '2']);
    expect(two).toEqual(one);
    const st = one.stability;
    expect(Object.keys(st).sort()).toEqual(
      ['ari', 'clusterFeatureFrequency', 'featureFrequency', 'fraction', 'meanAri', 'sampleConsistency', 'subsampleSize', 'subsamples', 'unstableSelected'],
    );
    expect(st.subsamples).toBe(20);
    expect(st.subsampleSize).toBe(320);
    expect(st.fraction).toBe(0.8);
    expect(Object.keys(st.featureFrequency)).toHaveLength(200);
    for (let l = 1; l <= 200; l++) {
      const frequency = st.featureFrequency[`F${l}`];
      if (l <= 10) expect(frequency).toBeGreaterThanOrEqual(0.9);
      else expect(frequency).toBeLessThanOrEqual(0.2);
    }
    expect(st.clusterFeatureFrequency).toBeNull();
    expect(st.ari).toHaveLength(20);
    expect(st.meanAri).toBeGreaterThan(0.9);
    expect(st.sampleConsistency).toHaveLength(400);
    expect(st.unstableSelected).toEqual([]);
    expect(one.command).toContain('--stability 20');
  }, 300_000);

  it('SKFR2 stability: per-cluster frequencies by name, in the summary and the exports (features, samples, report sheets)', () => {
    const args = ['cluster', 'sparse.csv', ...sim, '--k', '10', '--s', '5', '--variant', 'local', '--restarts', '5', '--stability', '6'];
    const out = json(args);
    expect(out.stability.clusterFeatureFrequency).toHaveLength(10);
    expect(Object.keys(out.stability.clusterFeatureFrequency[0])).toHaveLength(50);
    const text = run([...args, '--out', 'report.xlsx', '--features-out', 'features.csv']);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/Stability over 6 subsample fits of 320 samples \(80 %\): partition mean ARI with the full fit [\d.]+/);
    expect(text.stdout).toContain('Selection frequency per cluster (share of the subsample fits; (!) = under 0.5):');
    const features = readFileSync(at('features.csv'), 'utf8').split(/\r?\n/)[0]!.split(',');
    // Every feature ranked by its overall score, the clusters that selected it named (issue 24); per-cluster frequencies on the Stability sheet.
    expect(features.slice(0, 7)).toEqual(['rank', 'feature', 'score', 'share', 'selected', 'selection frequency', 'unstable']);
    const book = XLSX.read(readFileSync(at('report.xlsx')));
    expect(book.SheetNames).toEqual(['Summary', 'Samples', 'Features', 'Centers', 'Stability', 'Contingency']);
    const samples = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Samples']!, { header: 1 });
    expect(samples[0]).toContain('consistency');
    const stability = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Stability']!, { header: 1 });
    expect(stability[0]).toEqual(['feature', 'selected', 'selection frequency', 'unstable', ...Array.from({ length: 10 }, (_, j) => `frequency in cluster ${j + 1}`)]);
    expect(stability).toHaveLength(51);
    const summary = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Summary']!, { header: 1 });
    expect(summary.find((row) => row[0] === 'stability: subsample fits')?.[1]).toBe(6);
    expect(summary.find((row) => row[0] === 'parameter: stability subsamples')?.[1]).toBe(6);
  }, 300_000);
});

describe('options (in-process)', () => {
  const data = () => at('sparse.csv');
  const refused = async (args: string[], message: RegExp) => {
    const result = await skfr(['cluster', data(), ...sim, ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  };

  it('refuses impossible combinations and values in one line each', async () => {
    await refused(['--s', '10', '--s-rule', 'argmax', '--k', '10'], /--s-rule applies only with --tune-s/);
    await refused(['--tune-s', '1:20', '--s-rule', 'largest', '--k', '10'], /--s-rule must be knee-se or tibshirani or argmax or within-sd-of-max or knee, got “largest”/);
    await refused(['--s', '10'], /missing --k K.*or --tune-k FROM:TO/);
    await refused(['--s', '10', '--k', '10', '--tune-k', '3:12'], /give either --k K or --tune-k FROM:TO, not both/);
    await refused(['--s', '10', '--tune-k', '1:12'], /--tune-k 1:12: FROM must be at least 2/);
    await refused(['--s', '10', '--tune-k', '9:4'], /--tune-k 9:4: FROM \(9\) must not exceed TO \(4\)/);
    await refused(['--s', '10', '--tune-k', '3-12'], /--tune-k must look like FROM:TO/);
    await refused(['--s', '10', '--tune-k', '3:401'], /range of k 3\.\.401 is not possible/);
    await refused(['--s', '10', '--k', '10', '--stability', '1'], /--stability 1 is not possible: it must be at least 2/);
    await refused(['--s', '10', '--k', '10', '--stability', '1001'], /--stability 1001 is not possible: it must be at most 1000/);
    await refused(['--s', '10', '--k', '10', '--permutations', '5'], /--permutations applies only with --tune-s .* or --tune-k/);
  });

  it('--tune-s auto tunes over 1..p (the command names the range)', async () => {
    const result = await skfr(['cluster', data(), ...sim, '--k', '10', '--tune-s', 'auto', '--permutations', '2', '--restarts', '2', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout) as CliJson;
    expect(out.gap.map((point: { s: number }) => point.s)).toEqual(Array.from({ length: 50 }, (_, t) => t + 1));
    expect(out.command).toContain('--tune-s 1:50 --permutations 2');
  }, 300_000);

  it('--help documents the new options', async () => {
    const help = (await skfr(['cluster', '--help'])).stdout;
    for (const text of ['--tune-s FROM:TO[:STEP]|auto', '--s-rule RULE', '--tune-k FROM:TO', '--stability B', '1:p,\n', 'sRules', 'kCurve', 'stability ({subsamples']) {
      expect(help).toContain(text);
    }
    expect(help).not.toContain('largest Gap(s) is reported');
  });
});
