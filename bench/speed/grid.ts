/**
 * The speed grid of issue 2: the sparse design at several (n, p), fitted by SKFR1, SKFR2 and the dense
 * case (SKFR1 with s = p, i.e. plain Lloyd k-means after k-means++ seeding), with the seconds spent
 * seeding and fitting, the iterations, the cost of one iteration and the ARI against the true classes.
 *
 * Restarts and the iteration cap shrink with n so the full grid stays within ~5 minutes on a 2-core machine:
 * n ≤ 1 000 → 20 restarts (the paper's setting), 100 iterations; n ≤ 20 000 → 2 restarts, 30 iterations;
 * larger → 1 restart, 20 iterations (dense Lloyd at n = 100 000, p = 1000 needs ~100 iterations of seconds
 * each; the per-iteration cost, which is what the goal compares, does not depend on the cap).
 * "Per-iteration cost" = fitting seconds / iterations summed over all restarts (each restart's
 * iterations, not only the winner's), so it is an honest cost per Lloyd/SKFR sweep. The fit is run as
 * prepareFit + runRestart × R + finishFit, which is exactly fit(), to see every restart's iterations.
 */
import { adjustedRandIndex, finishFit, prepareFit, runRestart, simulate, type RestartResult } from '../../core/engine/index.js';
import type { Matrix, Variant } from '../../core/engine/types.js';
import { assertNever } from '../../core/errors.js';

export type Mode = 'SKFR1' | 'SKFR2' | 'dense';
export const MODES: readonly Mode[] = ['SKFR1', 'SKFR2', 'dense'];

export interface GridConfig {
  ns: readonly number[];
  ps: readonly number[];
  k: number;
  s: number;
  modes: readonly Mode[];
  seed: number;
  /** Restarts used for a given n. */
  restartsFor: (n: number) => number;
  /** Iteration cap for a given n. */
  maxIterationsFor: (n: number) => number;
}

export const FULL_GRID: GridConfig = {
  ns: [400, 10_000, 100_000],
  ps: [20, 100, 1000],
  k: 10,
  s: 10,
  modes: MODES,
  seed: 1,
  restartsFor: (n) => (n <= 1000 ? 20 : n <= 20_000 ? 2 : 1),
  maxIterationsFor: (n) => (n <= 1000 ? 100 : n <= 20_000 ? 30 : 20),
};

/** A smoke run for tests and `--quick`: seconds, not minutes. */
export const QUICK_GRID: GridConfig = {
  ns: [400, 2000],
  ps: [20, 100],
  k: 10,
  s: 10,
  modes: MODES,
  seed: 1,
  restartsFor: (n) => (n <= 1000 ? 4 : 2),
  maxIterationsFor: () => 30,
};

export interface GridRow {
  n: number;
  p: number;
  k: number;
  /** The s given to the engine (= p for the dense case). */
  s: number;
  mode: Mode;
  restarts: number;
  maxIterations: number;
  seedingSeconds: number;
  fittingSeconds: number;
  /** Wall time of the whole fit() call (standardizing + seeding + fitting + bookkeeping). */
  totalSeconds: number;
  /** Iterations of the winning restart. */
  iterations: number;
  /** Iterations summed over every restart (used for the per-iteration cost). */
  totalIterations: number;
  /** fittingSeconds / totalIterations, in milliseconds. */
  msPerIteration: number;
  converged: boolean;
  ari: number;
}

function fitOptionsFor(mode: Mode, p: number, s: number): { variant: Variant; s: number } {
  switch (mode) {
    case 'SKFR1':
      return { variant: 'global', s: Math.min(s, p) };
    case 'SKFR2':
      return { variant: 'local', s: Math.min(s, p) };
    case 'dense':
      return { variant: 'global', s: p };
    default:
      return assertNever(mode);
  }
}

/** Fit one mode on one simulated matrix and measure it. */
export function measureFit(
  X: Matrix,
  classes: Int32Array,
  mode: Mode,
  k: number,
  s: number,
  restarts: number,
  maxIterations: number,
  seed: number,
): GridRow {
  const { variant, s: sUsed } = fitOptionsFor(mode, X.cols, s);
  const t0 = performance.now();
  const prepared = prepareFit(X, { k, s: sUsed, variant, restarts, maxIterations, seed });
  const runs: RestartResult[] = [];
  for (let r = 0; r < restarts; r++) runs.push(runRestart(prepared, r));
  const result = finishFit(prepared, runs);
  const totalSeconds = (performance.now() - t0) / 1000;
  let totalIterations = 0;
  for (const run of runs) totalIterations += run.iterations;
  const fittingSeconds = result.timings.fittingMs / 1000;
  return {
    n: X.rows,
    p: X.cols,
    k,
    s: sUsed,
    mode,
    restarts,
    maxIterations,
    seedingSeconds: result.timings.seedingMs / 1000,
    fittingSeconds,
    totalSeconds,
    iterations: result.iterations,
    totalIterations,
    msPerIteration: totalIterations > 0 ? (fittingSeconds * 1000) / totalIterations : NaN,
    converged: result.converged,
    ari: adjustedRandIndex(result.labels, classes),
  };
}

export interface GridProgress {
  (row: GridRow, simulateSeconds: number): void;
}

/** Run the whole grid: one simulated data set per (n, p), every mode on it. */
export function runGrid(config: GridConfig, onRow?: GridProgress): GridRow[] {
  const rows: GridRow[] = [];
  for (const n of config.ns) {
    for (const p of config.ps) {
      const t0 = performance.now();
      const sim = simulate('sparse', { n, p, k: config.k, s: Math.min(config.s, p), seed: config.seed });
      const simulateSeconds = (performance.now() - t0) / 1000;
      for (const mode of config.modes) {
        const row = measureFit(sim.X, sim.classes, mode, config.k, config.s, config.restartsFor(n), config.maxIterationsFor(n), config.seed);
        rows.push(row);
        onRow?.(row, simulateSeconds);
      }
    }
  }
  return rows;
}

export interface SpeedUp {
  n: number;
  p: number;
  /** dense seconds per iteration / SKFR1 seconds per iteration. */
  perIteration: number;
  /** dense (seeding + fitting) / SKFR1 (seeding + fitting). */
  endToEnd: number;
}

/** Speed-up of SKFR1 over the dense case for every (n, p) where both were run. */
export function speedUps(rows: readonly GridRow[]): SpeedUp[] {
  const out: SpeedUp[] = [];
  for (const sparse of rows) {
    if (sparse.mode !== 'SKFR1') continue;
    const dense = rows.find((r) => r.mode === 'dense' && r.n === sparse.n && r.p === sparse.p);
    if (!dense) continue;
    out.push({
      n: sparse.n,
      p: sparse.p,
      perIteration: dense.msPerIteration / sparse.msPerIteration,
      endToEnd: (dense.seedingSeconds + dense.fittingSeconds) / (sparse.seedingSeconds + sparse.fittingSeconds),
    });
  }
  return out;
}

/** Issue 2's goal: at the largest n and p, SKFR1 iterations at least `factor`× cheaper than dense ones. */
export function iterationGoal(rows: readonly GridRow[], n: number, p: number, factor = 5): { speedUp: number; pass: boolean } | null {
  const found = speedUps(rows).find((u) => u.n === n && u.p === p);
  if (!found) return null;
  return { speedUp: found.perIteration, pass: found.perIteration >= factor };
}
