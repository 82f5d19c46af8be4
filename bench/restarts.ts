/**
 * Entry of `npm run bench:restarts` (compiled to dist/bench/restarts.js): how often a rule for the number of
 * k-means++ restarts misses the best objective, on real tables and the paper's designs (issue 24, item 5).
 *
 * For each data set (prepared as `skfr cluster` prepares it: the proposed recipe) and each seed 1..S, one fit of
 * N restarts (default 1000) gives every restart's objective (FitResult.restartObjectives; restart r's seeds depend
 * only on (seed, r), so the first R of them are exactly the fit with R restarts). The best objective is the lowest
 * over all seeds and restarts. A rule misses on a seed when the best objective among the restarts it runs is above
 * the best by more than 1e-9 relative. Rules:
 * - fixed R: restarts 0..R−1;
 * - until-m (a candidate adaptive rule, bench/restarts/rule.ts): batches of 20 restarts, stopping after a batch
 *   once the lowest objective so far has been reached by m restarts (within 1e-6 relative), at most 200.
 * And what a miss of the default costs: the fit with the default restarts against the best fit found (objective
 * gap, ARI of the partitions, share of the best fit's selected features it selects).
 * Printed: misses per rule (of S seeds) and the mean number of restarts run, then the time of one fit of the mouse
 * data with the default restarts (median of 5, this thread; `npm run bench` times it on a quiet machine).
 *
 * Flags: --seeds S (default 10), --restarts N (default 1000), --workers W, --quick (S = 3, N = 200)
 */
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadMapped } from '../cli/commands/cluster.js';
import { planCluster } from '../cli/commands/cluster-options.js';
import { nodeIO } from '../cli/main.js';
import { fitScale } from '../core/analysis.js';
import { adjustedRandIndex, fit, simulate } from '../core/engine/index.js';
import { OPTION_SPECS } from '../core/engine/option-specs.js';
import { restartsRun, RESTART_RULE } from './restarts/rule.js';
import type { Matrix, Scale } from '../core/engine/types.js';
import { createWorkerPool } from '../node/parallel/pool.js';
import { parseFlags } from './lib/args.js';
import { miceCsvPath } from './lib/mice.js';
import { median } from './lib/stats.js';
import { renderTable } from './lib/table.js';

const flags = parseFlags(process.argv.slice(2), { seeds: 'number', restarts: 'number', workers: 'number', quick: 'boolean' });
const quick = flags.quick === true;
const seeds = (flags.seeds as number | undefined) ?? (quick ? 3 : 10);
const N = (flags.restarts as number | undefined) ?? (quick ? 200 : 1000);
const pool = createWorkerPool({ workers: (flags.workers as number | undefined) ?? availableParallelism() });
const started = performance.now();
const note = (text: string) => process.stderr.write(`${text} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
const print = (text: string) => process.stdout.write(`${text}\n`);

interface Case {
  name: string;
  X: Matrix;
  k: number;
  s: number;
  scale: Scale;
}

const real = resolve(miceCsvPath(), '../real');

/** A table prepared as `skfr cluster ARGS` prepares it (the proposed recipe, its scale). */
async function fromCli(name: string, args: string[]): Promise<Case | null> {
  if (!existsSync(args[0]!)) {
    note(`${name}: ${args[0]} not found, skipped`);
    return null;
  }
  const plan = planCluster(args)!;
  const { mapped } = await loadMapped(plan, { ...nodeIO(), stderr: () => {} });
  return { name, X: mapped.matrix, k: plan.settings.k, s: plan.settings.s!, scale: fitScale(mapped) };
}

const cases: Case[] = [];
for (const c of [
  await fromCli('mouse sheet (k = 8, s = 24)', [miceCsvPath(), '--id-column', 'MouseID', '--annotation-columns', 'Genotype,Treatment,Behavior,class', '--k', '8', '--s', '24']),
  await fromCli('MaxQuant UPS1 in yeast (k = 3, s = 10)', [resolve(real, 'maxquant_ups1_yeast_proteinGroups.txt'), '--k', '3', '--s', '10']),
  await fromCli('MaxQuant UPS1 in yeast (k = 9, s = 10)', [resolve(real, 'maxquant_ups1_yeast_proteinGroups.txt'), '--k', '9', '--s', '10']),
  await fromCli('MaxQuant LFQ + design (k = 3, s = 10)', [resolve(real, 'maxquant_lfq_proteinGroups.txt'), '--design', resolve(real, 'maxquant_lfq_experimental_design.txt'), '--k', '3', '--s', '10']),
]) {
  if (c) cases.push(c);
}
for (const design of ['sparse', 'outliers', 'subsets', 'missing'] as const) {
  // The paper's designs with their defaults (skfr simulate DESIGN), k and s their own; p = 200 for more noise.
  const sim = simulate(design, { p: 200, seed: 1 });
  const k = new Set(sim.classes).size;
  cases.push({ name: `skfr simulate ${design} (p = 200, k = ${k}, s = 10)`, X: sim.X, k, s: 10, scale: 'unit-variance' });
}

const FIXED = [20, 50, 100, 200].filter((R) => R <= N);
const ADAPTIVE = [2, 3];
const rel = (a: number, best: number) => (a - best) / Math.max(Math.abs(best), Number.MIN_VALUE);
const rows: string[][] = [];
for (const c of cases) {
  const objectives: number[][] = [];
  const fits = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const result = await pool.fit(c.X, { k: c.k, s: c.s, scale: c.scale, restarts: N, seed });
    objectives.push(result.restartObjectives);
    fits.push(result);
  }
  const best = Math.min(...objectives.flat());
  // What a miss of the default costs: the 20-restart fit against the best fit found (gap, partition, selection).
  const top = fits.reduce((a, b) => (b.objective < a.objective ? b : a));
  const topSet = new Set(top.selectedFeatures);
  const gaps: number[] = [];
  const aris: number[] = [];
  const overlaps: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const r = await pool.fit(c.X, { k: c.k, s: c.s, scale: c.scale, restarts: 20, seed });
    gaps.push(rel(r.objective, best));
    aris.push(adjustedRandIndex(r.labels, top.labels));
    overlaps.push(Array.from(r.selectedFeatures).filter((l) => topSet.has(l)).length / topSet.size);
  }
  const hitsOfBest = objectives.map((o) => o.filter((v) => rel(v, best) <= 1e-9).length);
  const cells: string[] = [
    c.name, `${c.X.rows} × ${c.X.cols}`, `${median(hitsOfBest.map((h) => (1000 * h) / N)).toFixed(1)}‰`,
    `${(100 * Math.max(...gaps)).toFixed(3)} %`, Math.min(...aris).toFixed(2), `${(100 * Math.min(...overlaps)).toFixed(0)} %`,
  ];
  for (const R of FIXED) {
    const misses = objectives.filter((o) => rel(Math.min(...o.slice(0, R)), best) > 1e-9).length;
    cells.push(`${misses}/${seeds}`);
  }
  for (const m of ADAPTIVE) {
    const runs = objectives.map((o) => restartsRun(o, { ...RESTART_RULE, agree: m }));
    const misses = objectives.filter((o, t) => rel(Math.min(...o.slice(0, runs[t])), best) > 1e-9).length;
    cells.push(`${misses}/${seeds} (${(runs.reduce((a, b) => a + b, 0) / runs.length).toFixed(0)})`);
  }
  rows.push(cells);
  note(c.name);
}
print(`# Restarts (issue 24) — ${new Date().toISOString()}`);
print('');
print(
  `\`npm run bench:restarts\`${quick ? ' --quick' : ''}: seeds 1..${seeds}, ${N} restarts each; a miss = the rule's best objective above the best of all ` +
    `${seeds} × ${N} restarts (1e-9 relative). "best hit": the median share of restarts that reach the best. until-m: batches of ` +
    `${RESTART_RULE.batch}, stop once the lowest objective so far is reached by m restarts (${RESTART_RULE.tolerance} relative), at most ` +
    `${RESTART_RULE.max}; in brackets the mean restarts run. The default is ${OPTION_SPECS.restarts.default} restarts. "20: worst …" over the seeds, the fit with 20 restarts against the ` +
    `best fit found: its objective above the best (relative), the ARI of its partition with the best one, the share of the best ` +
    `fit's selected features it selects.`,
);
print('');
print(renderTable(['data', 'n × p', 'best hit', '20: worst gap', '20: worst ARI', '20: worst overlap', ...FIXED.map((R) => `${R} restarts`), ...ADAPTIVE.map((m) => `until-${m}`)], rows, 'markdown'));

// The cost: one fit of the mouse data with the default rule, in this thread (as `skfr cluster` runs a small fit).
const mouse = cases.find((c) => c.name.startsWith('mouse'));
if (mouse) {
  const times: number[] = [];
  let run = 0;
  for (let t = 0; t < 5; t++) {
    const t0 = performance.now();
    const result = fit(mouse.X, { k: mouse.k, s: mouse.s, seed: 1 });
    times.push((performance.now() - t0) / 1000);
    run = result.restartObjectives.length;
  }
  print('');
  print(`Mouse fit (1080 × 77, k = 8, s = 24, seed 1) with the default: ${run} restarts, ${median(times).toFixed(3)} s (median of 5, this thread; load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}).`);
}
await pool.close();
