/**
 * Entry of `npm run bench:seeding` (compiled to dist/bench/seeding.js): k-means++ against cheaper or better
 * seedings (core/engine/seeding.ts `seedWith`), each restart seeded by the method and then run by the engine's
 * own restart (runRestart from that start), the best of R restarts kept as `fit` keeps it (issue 17 item 3).
 *
 * 1. The paper's designs (sparse: SKFR1, n = 400, k = 10, s = 10; subsets: SKFR2, n = 250, k = 5; missing:
 *    SKFR1 with k-POD, n = 250, k = 5), p = 20, 50, 200, 1000, seeds 1..T, R = 20: recovery (SKFR1: the selected
 *    features are exactly the informative ones; SKFR2: every selected feature is informative), median ARI, objective against
 *    k-means++'s on the same data (median ratio, and in how many trials it is ≤), seeding ms per restart.
 * 2. Time at p ≥ 200: sparse design n = 10 000, p = 200 and 1000, R = 10, seeds 1..3 — seconds seeding and
 *    fitting per restart, ARI.
 * 3. The mouse data (whole k = 8, control k = 49, trisomic k = 36; s = 24, R = 20, seeds 1..5): mixed nodes,
 *    samples in mixed nodes, objective ratio.
 * The 'kmeans++' row is checked to give the engine's `fit` result (same labels and objective).
 *
 * Flags: --trials T (default 10), --seeds S (mice, default 5), --big-seeds B (default 3), --only designs,time,mice,
 * --methods kmeans++,greedy,…, --quick (T = 2, S = 1, B = 1, n = 2000 for the timing).
 */
import { adjustedRandIndex, fit, mixedNodes, simulate } from '../core/engine/index.js';
import { finishFit } from '../core/engine/fit.js';
import { prepareFit, type PreparedFit } from '../core/engine/prepare.js';
import { createRng } from '../core/engine/random.js';
import { runRestart, restartSeed, type RestartResult } from '../core/engine/restart.js';
import { seedWith, type SeedingMethod } from '../core/engine/seeding.js';
import type { FitOptions, FitResult, Matrix } from '../core/engine/types.js';
import { parseFlags } from './lib/args.js';
import { median } from './lib/stats.js';
import { fixed, renderTable } from './lib/table.js';
import { miceSets } from './s-rules/datasets.js';

const METHODS: SeedingMethod[] = ['kmeans++', 'greedy', 'parallel', 'subsample', 'subsample-sparse'];
const flags = parseFlags(process.argv.slice(2), { trials: 'number', seeds: 'number', 'big-seeds': 'number', only: 'string', methods: 'string', quick: 'boolean' });
const quick = flags.quick === true;
const trials = (flags.trials as number | undefined) ?? (quick ? 2 : 10);
const mouseSeeds = (flags.seeds as number | undefined) ?? (quick ? 1 : 5);
const bigSeeds = (flags['big-seeds'] as number | undefined) ?? (quick ? 1 : 3);
const only = new Set((flags.only as string | undefined)?.split(',') ?? ['designs', 'time', 'mice']);
const methods = ((flags.methods as string | undefined)?.split(',') as SeedingMethod[] | undefined) ?? METHODS;
const print = (text: string) => process.stdout.write(`${text}\n`);
const started = performance.now();
const note = (text: string) => process.stderr.write(`${text} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);

interface SeededFit {
  result: FitResult;
  seedingMs: number;
  fittingMs: number;
}

/** `fit` with every restart started from `method`'s seeds (squared loss). */
function fitSeeded(X: Matrix, options: FitOptions, method: SeedingMethod): SeededFit {
  const prep: PreparedFit = prepareFit(X, options);
  const { n, p, data: Y, missing, initialFill } = prep;
  const { k, restarts } = prep.options;
  const results: RestartResult[] = [];
  let seedingMs = 0;
  let fittingMs = 0;
  for (let r = 0; r < restarts; r++) {
    for (let t = 0; t < missing.length; t++) Y[missing[t]!] = initialFill[t]!;
    const t0 = performance.now();
    const seeding = seedWith(method, Y, n, p, k, createRng(restartSeed(prep.options.seed, r)), { s: prep.options.s }, prep.initialRowNorms);
    const counts = new Int32Array(k);
    for (let i = 0; i < n; i++) counts[seeding.labels[i]!]!++;
    // An empty cluster (duplicate seeds): give it its seed's own row, as fillEmptyClusters would a far sample.
    for (let j = 0; j < k; j++) {
      if (counts[j] === 0) {
        const i = seeding.indices[j]!;
        counts[seeding.labels[i]!]!--;
        seeding.labels[i] = j;
        counts[j] = 1;
      }
    }
    const t1 = performance.now();
    const result = method === 'kmeans++' ? runRestart(prep, r) : runRestart(prep, r, { labels: seeding.labels, counts });
    seedingMs += method === 'kmeans++' ? result.seedingMs : t1 - t0 + result.seedingMs;
    fittingMs += result.fittingMs;
    results.push(result);
  }
  return { result: finishFit(prep, results), seedingMs: seedingMs / restarts, fittingMs: fittingMs / restarts };
}

function sameSet(a: ArrayLike<number>, b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(b);
  for (let t = 0; t < a.length; t++) if (!set.has(a[t]!)) return false;
  return true;
}

print(`# Seeding: k-means++ against cheaper or better seedings (issue 17) — ${new Date().toISOString()}`);
print('');
print(
  `\`npm run bench:seeding\`${quick ? ' --quick' : ''}. greedy: 2 + ⌊ln k⌋ candidates per step; parallel: k-means‖, ℓ = 2k, 5 rounds; subsample: k-means++ on max(20k, n/8) rows, then every sample to its nearest seed; subsample-sparse: the same seeds, every sample assigned on the min(p, max(2s, 20)) features that separate the subsample's clusters (SKFR's score). Objective ratio: the method's best objective / k-means++'s on the same data and seed (median; "≤" = trials where it is not worse).`,
);

// Sanity: the kmeans++ path here is the engine's fit.
{
  const sim = simulate('sparse', { n: 200, p: 30, k: 5, s: 5, seed: 3 });
  const ours = fitSeeded(sim.X, { k: 5, s: 5, restarts: 5, seed: 3 }, 'kmeans++').result;
  const engine = fit(sim.X, { k: 5, s: 5, restarts: 5, seed: 3 });
  if (ours.objective !== engine.objective || ours.labels.some((c, i) => c !== engine.labels[i])) throw new Error('kmeans++ path differs from fit()');
}

if (only.has('designs')) {
  const designs = [
    { design: 'sparse' as const, variant: 'global' as const, n: 400, k: 10, s: 10 },
    { design: 'subsets' as const, variant: 'local' as const, n: 250, k: 5, s: 10 },
    { design: 'missing' as const, variant: 'global' as const, n: 250, k: 5, s: 10 },
  ];
  const rows: string[][] = [];
  for (const d of designs) {
    for (const p of [20, 50, 200, 1000]) {
      const per = new Map<SeedingMethod, { exact: number; ari: number[]; objective: number[]; ms: number[] }>();
      for (const m of methods) per.set(m, { exact: 0, ari: [], objective: [], ms: [] });
      for (let trial = 1; trial <= trials; trial++) {
        const sim = simulate(d.design, { n: d.n, p, k: d.k, s: d.s, seed: trial });
        const options: FitOptions = { k: d.k, s: d.s, variant: d.variant, restarts: 20, seed: trial };
        for (const m of methods) {
          const out = fitSeeded(sim.X, options, m);
          const entry = per.get(m)!;
          const r = out.result;
          // SKFR1: exactly the informative features; SKFR2 (subsets): no feature outside the informative ones.
          const exact = d.variant === 'local' ? Array.from(r.selectedFeatures).every((l) => sim.informative.includes(l)) : sameSet(r.selectedFeatures, sim.informative);
          if (exact) entry.exact++;
          entry.ari.push(adjustedRandIndex(r.labels, sim.classes));
          entry.objective.push(r.objective);
          entry.ms.push(out.seedingMs);
        }
      }
      const base = per.get('kmeans++')?.objective;
      for (const m of methods) {
        const e = per.get(m)!;
        const ratios = base ? e.objective.map((o, t) => o / base[t]!) : [];
        rows.push([
          `${d.design} (${d.variant === 'local' ? 'SKFR2' : 'SKFR1'})`,
          String(p),
          m,
          `${e.exact}/${trials}`,
          fixed(median(e.ari), 3),
          base ? fixed(median(ratios), 4) : '–',
          base ? `${ratios.filter((x) => x <= 1 + 1e-12).length}/${trials}` : '–',
          fixed(median(e.ms), 2),
        ]);
      }
      note(`${d.design} p = ${p} done`);
    }
  }
  print('');
  print(`## The paper's designs (R = 20 restarts, seeds 1..${trials})`);
  print('');
  print(renderTable(['design', 'p', 'seeding', 'recovery', 'median ARI', 'objective / k-means++', '≤ k-means++', 'seeding ms / restart'], rows, 'markdown'));
}

if (only.has('time')) {
  const n = quick ? 2000 : 10_000;
  const rows: string[][] = [];
  for (const p of [200, 1000]) {
    const reference = new Map<number, number>(); // seed → k-means++'s objective
    for (const m of methods) {
      const seedMs: number[] = [];
      const fitMs: number[] = [];
      const ari: number[] = [];
      const ratio: number[] = [];
      for (let seed = 1; seed <= bigSeeds; seed++) {
        const sim = simulate('sparse', { n, p, k: 10, s: 10, seed });
        const options: FitOptions = { k: 10, s: 10, restarts: 10, seed };
        const out = fitSeeded(sim.X, options, m);
        seedMs.push(out.seedingMs);
        fitMs.push(out.fittingMs);
        ari.push(adjustedRandIndex(out.result.labels, sim.classes));
        if (m === 'kmeans++') reference.set(seed, out.result.objective);
        else ratio.push(out.result.objective / (reference.get(seed) ?? fitSeeded(sim.X, options, 'kmeans++').result.objective));
      }
      rows.push([String(n), String(p), m, fixed(median(seedMs), 1), fixed(median(fitMs), 1), fixed(median(seedMs) / (median(seedMs) + median(fitMs)), 2), fixed(median(ari), 3), m === 'kmeans++' ? '1' : fixed(median(ratio), 4)]);
      note(`time n = ${n} p = ${p} ${m} done`);
    }
  }
  print('');
  print(`## Time at p ≥ 200 (sparse design, k = 10, s = 10, R = 10, seeds 1..${bigSeeds}; one thread, machine shared)`);
  print('');
  print(renderTable(['n', 'p', 'seeding', 'seeding ms / restart', 'fitting ms / restart', 'seeding share', 'median ARI', 'objective / k-means++'], rows, 'markdown'));
}

if (only.has('mice')) {
  const rows: string[][] = [];
  for (const set of miceSets()) {
    const base: number[] = [];
    for (const m of methods) {
      const nodes: number[] = [];
      const samples: number[] = [];
      const objective: number[] = [];
      const ms: number[] = [];
      for (let seed = 1; seed <= mouseSeeds; seed++) {
        const out = fitSeeded(set.X, { k: set.k, s: 24, restarts: 20, seed }, m);
        const mixed = mixedNodes(out.result.labels, set.classes);
        nodes.push(mixed.mixedNodes);
        samples.push(mixed.totalInMixedNodes);
        objective.push(out.result.objective);
        ms.push(out.seedingMs);
      }
      if (m === 'kmeans++') base.push(...objective);
      const ratios = base.length === objective.length ? objective.map((o, t) => o / base[t]!) : [];
      rows.push([set.name, m, `${median(nodes)} (${nodes.join(' ')})`, String(median(samples)), ratios.length ? fixed(median(ratios), 4) : '–', ratios.length ? `${ratios.filter((x) => x <= 1 + 1e-12).length}/${mouseSeeds}` : '–', fixed(median(ms), 2)]);
      note(`${set.name} ${m} done`);
    }
  }
  print('');
  print(`## The mouse data (s = 24, R = 20, seeds 1..${mouseSeeds}): mixed nodes (median (per seed)), samples in them`);
  print('');
  print(renderTable(['data', 'seeding', 'mixed nodes', 'samples in mixed nodes', 'objective / k-means++', '≤ k-means++', 'seeding ms / restart'], rows, 'markdown'));
}
print('');
print(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
