/**
 * Entry of `npm run bench:s-rules` (compiled to dist/bench/s-rules.js): how each rule for s (and for k) does
 * where the answer is known, to choose the defaults by measurement (issue 13). Prints Markdown tables.
 *
 * 1. The paper's gap examples (n = 400, k = 10, s = 15 informative, p = 50 and 20): every rule's s, seeds 1..S.
 * 2. The sparse design (n = 400, k = 10, s = 10) at p = 20, 50, 200, 1000, seeds 1..T: exact recovery per rule
 *    (the rule's s is 10 and the fit at it selects exactly the 10 informative features).
 * 3. Labelled real data (mouse data whole / control / trisomic; iris, wine, WDBC, digits through scikit-learn):
 *    per rule the median s and the median NMI of the fit at that s against the classes, seeds 1..R; mixed
 *    nodes for the mice, with s = 77 (all proteins) beside them.
 * 4. Choosing k on the sparse design (p = 50, s = 10, k = 3..15, true k = 10): how often each k-rule finds 10.
 * Every tuning is what `skfr cluster --tune-s 1:p` runs: B = 10 permutations, 3 restarts per path, s over
 * tuneGrid({ from: 1, to: p }) (every s up to 100 values, else the stepped grid and its fine pass), the fit at
 * a rule's s with 20 restarts.
 *
 * Flags: --seeds R (real data, default 5), --trials T (simulations, default 10), --workers W, --quick,
 *        --only gap,sparse,real,k
 */
import { availableParallelism } from 'node:os';
import { tuneGrid } from '../core/analysis.js';
import { mixedNodes, normalizedMutualInfo, simulate, tuneClusters, S_RULES, K_RULES, DEFAULT_S_RULE, DEFAULT_K_RULE } from '../core/engine/index.js';
import type { FitResult, Matrix, SRule, TuneResult } from '../core/engine/types.js';
import { createWorkerPool } from '../node/parallel/pool.js';
import { parseFlags } from './lib/args.js';
import { median } from './lib/stats.js';
import { fixed, renderTable } from './lib/table.js';
import { miceSets, sklearnSets, type LabelledSet } from './s-rules/datasets.js';

const SECTIONS = ['gap', 'sparse', 'real', 'k'] as const;
const flags = parseFlags(process.argv.slice(2), { seeds: 'number', trials: 'number', workers: 'number', quick: 'boolean', only: 'string' });
const quick = flags.quick === true;
const seeds = (flags.seeds as number | undefined) ?? (quick ? 1 : 5);
const trials = (flags.trials as number | undefined) ?? (quick ? 2 : 10);
const only = new Set(((flags.only as string | undefined)?.split(',') ?? [...SECTIONS]) as (typeof SECTIONS)[number][]);
const pool = createWorkerPool({ workers: (flags.workers as number | undefined) ?? availableParallelism() });
const started = performance.now();
const note = (text: string) => process.stderr.write(`${text} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
const print = (text: string) => process.stdout.write(`${text}\n`);
const ruleName = (rule: string, fallback: string) => (rule === fallback ? `**${rule}** (default)` : rule);

async function tune(X: Matrix, k: number, seed: number): Promise<TuneResult> {
  return pool.tune(X, { k, ...tuneGrid({ from: 1, to: X.cols }, X.cols), permutations: 10, restarts: 20, tuneRestarts: 3, seed });
}

/** The fit at s (20 restarts), cached per data set and seed. */
function fitter(X: Matrix, k: number, seed: number): (s: number) => Promise<FitResult> {
  const cache = new Map<number, Promise<FitResult>>();
  return (s) => {
    if (!cache.has(s)) cache.set(s, pool.fit(X, { k, s, restarts: 20, seed }));
    return cache.get(s)!;
  };
}

const ruleS = (result: TuneResult, rule: SRule): number => result.sRules.find((choice) => choice.rule === rule)!.s;

print(`# Rules for s and k (issue 13) — ${new Date().toISOString()}`);
print('');
print(`\`npm run bench:s-rules\`${quick ? ' --quick' : ''}: B = 10, 3 restarts per gap path, fits with 20 restarts, ${pool.size || 1} thread(s). Default s rule: ${DEFAULT_S_RULE}; default k rule: ${DEFAULT_K_RULE}.`);

if (only.has('gap')) {
  print('');
  print(`## The paper's gap examples (n = 400, k = 10, true s = 15), s = 1..p, seeds 1..${trials}`);
  print('');
  const rows: string[][] = [];
  for (const p of [50, 20]) {
    const chosen = new Map<SRule, number[]>(S_RULES.map((rule) => [rule, []]));
    for (let seed = 1; seed <= trials; seed++) {
      const sim = simulate('sparse', { n: 400, k: 10, s: 15, p, seed });
      const result = await tune(sim.X, 10, seed);
      for (const rule of S_RULES) chosen.get(rule)!.push(ruleS(result, rule));
    }
    for (const rule of S_RULES) {
      const values = chosen.get(rule)!;
      rows.push([String(p), ruleName(rule, DEFAULT_S_RULE), values.join(' '), `${values.filter((s) => Math.abs(s - 15) <= 1).length}/${values.length}`]);
    }
    note(`gap examples p=${p}`);
  }
  print(renderTable(['p', 'rule', 's by seed', 'within 15 ± 1'], rows, 'markdown'));
}

if (only.has('sparse')) {
  print('');
  print(`## Exact recovery on the sparse design (n = 400, k = 10, s = 10), seeds 1..${trials}`);
  print('');
  print('A rule recovers a data set when its s is 10 and the fit at s = 10 selects exactly F1..F10. "s" = the median s chosen.');
  print('');
  const rows: string[][] = [];
  const ps = quick ? [20, 50] : [20, 50, 200, 1000];
  const recovered = new Map<SRule, number[]>(S_RULES.map((rule) => [rule, []]));
  const medians = new Map<SRule, string[]>(S_RULES.map((rule) => [rule, []]));
  for (const p of ps) {
    const count = new Map<SRule, number>(S_RULES.map((rule) => [rule, 0]));
    const chosen = new Map<SRule, number[]>(S_RULES.map((rule) => [rule, []]));
    for (let seed = 1; seed <= trials; seed++) {
      const sim = simulate('sparse', { n: 400, k: 10, s: 10, p, seed });
      const result = await tune(sim.X, 10, seed);
      const at10 = await fitter(sim.X, 10, seed)(10);
      const exact = at10.selectedFeatures.length === 10 && Array.from(at10.selectedFeatures).every((l) => l < 10);
      for (const rule of S_RULES) {
        const s = ruleS(result, rule);
        chosen.get(rule)!.push(s);
        if (s === 10 && exact) count.set(rule, count.get(rule)! + 1);
      }
    }
    for (const rule of S_RULES) {
      recovered.get(rule)!.push(count.get(rule)!);
      medians.get(rule)!.push(String(median(chosen.get(rule)!)));
    }
    note(`sparse p=${p}`);
  }
  for (const rule of S_RULES) {
    rows.push([ruleName(rule, DEFAULT_S_RULE), ...recovered.get(rule)!.map((c, t) => `${c}/${trials} (s ${medians.get(rule)![t]})`)]);
  }
  print(renderTable(['rule', ...ps.map((p) => `p = ${p}`)], rows, 'markdown'));
}

if (only.has('real')) {
  const { sets: public_, note: skipped } = sklearnSets();
  const sets: LabelledSet[] = [...public_, ...miceSets()];
  print('');
  print(`## Labelled real data: median NMI (median s) of each rule's fit, seeds 1..${seeds}`);
  print('');
  if (skipped) print(`(${skipped})`);
  const header = ['data (n × p, k)', ...S_RULES.map((rule) => (rule === DEFAULT_S_RULE ? `**${rule}**` : rule)), 'all features (s = p)', 'best s (oracle)', 'paper SKFR1'];
  const rows: string[][] = [];
  const mixedRows: string[][] = [];
  for (const set of quick ? sets.filter((s) => s.X.rows * s.X.cols < 20_000) : sets) {
    const nmi = new Map<string, number[]>();
    const sOf = new Map<string, number[]>();
    const mixed = new Map<string, number[]>();
    const push = (map: Map<string, number[]>, key: string, value: number) => map.set(key, [...(map.get(key) ?? []), value]);
    for (let seed = 1; seed <= seeds; seed++) {
      const result = await tune(set.X, set.k, seed);
      const fitAt = fitter(set.X, set.k, seed);
      const score = async (key: string, s: number) => {
        const f = await fitAt(s);
        push(nmi, key, normalizedMutualInfo(f.labels, set.classes));
        push(sOf, key, s);
        if (set.mice) push(mixed, key, mixedNodes(f.labels, set.classes).mixedNodes);
      };
      for (const rule of S_RULES) await score(rule, ruleS(result, rule));
      await score('all', set.X.cols);
      // The best s in hindsight among the s values of the curve (an upper bound no rule can know).
      let best = -1;
      let bestS = 0;
      for (const point of result.curve) {
        const value = normalizedMutualInfo((await fitAt(point.s)).labels, set.classes);
        if (value > best) [best, bestS] = [value, point.s];
      }
      push(nmi, 'oracle', best);
      push(sOf, 'oracle', bestS);
    }
    const cell = (key: string) => `${fixed(median(nmi.get(key)!), 3)} (${median(sOf.get(key)!)})`;
    rows.push([`${set.name}: ${set.X.rows} × ${set.X.cols}, k = ${set.k}`, ...S_RULES.map(cell), cell('all'), cell('oracle'), set.paperNmi === null ? '' : fixed(set.paperNmi, 3)]);
    if (set.mice) {
      mixedRows.push([set.name, ...S_RULES.map((rule) => `${median(mixed.get(rule)!)} (${mixed.get(rule)!.join(' ')})`), `${median(mixed.get('all')!)} (${mixed.get('all')!.join(' ')})`]);
    }
    note(`real ${set.name}`);
  }
  print(renderTable(header, rows, 'markdown'));
  if (mixedRows.length > 0) {
    print('');
    print('Mixed nodes (clusters holding mice of more than one class; median (per seed)):');
    print('');
    print(renderTable(['data', ...S_RULES, 's = 77'], mixedRows, 'markdown'));
  }
}

if (only.has('k')) {
  print('');
  print(`## Choosing k on the sparse design (n = 400, p = 50, s = 10, true k = 10), k = 3..15, seeds 1..${trials}`);
  print('');
  const ks = new Map<string, number[]>(K_RULES.map((rule) => [rule, []]));
  const t0 = performance.now();
  for (let seed = 1; seed <= trials; seed++) {
    const sim = simulate('sparse', { n: 400, k: 10, s: 10, p: 50, seed });
    const result = tuneClusters(sim.X, { s: 10, kValues: Array.from({ length: 13 }, (_, t) => t + 3), permutations: 10, restarts: 20, seed });
    for (const choice of result.kRules) ks.get(choice.rule)!.push(choice.k);
  }
  print(
    renderTable(
      ['rule', 'k by seed', 'found k = 10'],
      K_RULES.map((rule) => [ruleName(rule, DEFAULT_K_RULE), ks.get(rule)!.join(' '), `${ks.get(rule)!.filter((k) => k === 10).length}/${trials}`]),
      'markdown',
    ),
  );
  print('');
  print(`(${((performance.now() - t0) / 1000 / trials).toFixed(1)} s per tuning of k, one thread)`);
  note('k');
}

await pool.close();
print('');
print(`Total ${((performance.now() - started) / 1000).toFixed(0)} s.`);
