/**
 * The gap statistic's pieces (Algorithm 3; Tibshirani et al. 2001), shared by tuneSparsity (one thread) and
 * core/parallel (worker threads), so both give the same curve bit for bit:
 *   O(X, s) = betweenSS = totalSS − withinSS of the best restart at s (observed entries, fitted scale),
 *   log O = log max(O, 1e-12 · totalSS),
 *   Gap(s) = log O(X, s) − (1/B) Σ_b log O(X_b, s),
 *   sd(s) = sqrt((1/B) Σ_b (log O(X_b, s) − mean)²) · sqrt(1 + 1/B),
 *   bestS = argmax Gap (smallest s on ties), oneSeS = smallest s with Gap(s) ≥ Gap(bestS) − sd(bestS).
 *
 * Each data set (observed, or permuted b) is fitted along the path of s values: restart r runs s ascending,
 * each s warm-started from r's partition at the previous s (runRestartPath). A restart's path is one unit of
 * work (`restartPathSummary`: its objective and withinSS at every s); `pathLogO` picks, at each s, the best
 * restart (lowest objective, lowest index on ties, as `fit`) and gives log O.
 *
 * @example const logO = pathLogO([0, 1, 2].map((r) => restartPathSummary(prep, r, [5, 10, 15])));
 */
import { observedSS, pickBest } from './fit.js';
import type { PreparedFit } from './prepare.js';
import { runRestartPath } from './restart.js';
import type { FitResult, GapPoint, TuneResult } from './types.js';

export function logObjective(result: Pick<FitResult, 'betweenSS' | 'totalSS'>): number {
  const o = Math.max(result.betweenSS, 1e-12 * result.totalSS);
  return Math.log(o > 0 ? o : Number.MIN_VALUE);
}

/** What one restart's path over the s values leaves for the gap statistic. */
export interface PathSummary {
  restart: number;
  /** The restart's objective at each s (same order as the s values). */
  objectives: Float64Array;
  /** Σ (x_il − θ_{c(i) l})² over observed entries at each s. */
  withinSS: Float64Array;
  /** Σ (x_il − x̄_l)² over observed entries (the same at every s). */
  totalSS: number;
}

/** Run restart r along sValues (ascending) on prepared data; `onStep(t)` after each s. */
export function restartPathSummary(prep: PreparedFit, r: number, sValues: readonly number[], onStep?: (t: number) => void): PathSummary {
  const objectives = new Float64Array(sValues.length);
  const withinSS = new Float64Array(sValues.length);
  let totalSS = 0;
  runRestartPath(prep, r, sValues, (t, result) => {
    objectives[t] = result.objective;
    const ss = observedSS(prep, result.labels, result.centers, false);
    withinSS[t] = ss.withinSS;
    totalSS = ss.totalSS;
    onStep?.(t);
  });
  return { restart: r, objectives, withinSS, totalSS };
}

/** log O at each s from the paths of every restart of one data set (any order). */
export function pathLogO(paths: readonly PathSummary[]): Float64Array {
  const sorted = [...paths].sort((a, b) => a.restart - b.restart);
  const count = sorted[0]!.objectives.length;
  const logO = new Float64Array(count);
  for (let t = 0; t < count; t++) {
    const best = sorted[pickBest(sorted.map((path) => ({ objective: path.objectives[t]!, restart: path.restart })))]!;
    logO[t] = logObjective({ betweenSS: best.totalSS - best.withinSS[t]!, totalSS: best.totalSS });
  }
  return logO;
}

/**
 * @param sValues sorted, distinct s values
 * @param observedLogO log O(X, s) at each s (same order)
 * @param permutedLogO per s, the B values log O(X_b, s), b = 1..B in order
 */
export function assembleTune(
  sValues: readonly number[],
  observedLogO: Float64Array,
  permutedLogO: readonly Float64Array[],
): Omit<TuneResult, 'fit'> {
  const B = permutedLogO[0]!.length;
  const curve: GapPoint[] = sValues.map((s, t) => {
    const logs = permutedLogO[t]!;
    let mean = 0;
    for (const v of logs) mean += v;
    mean /= B;
    let ss = 0;
    for (const v of logs) ss += (v - mean) ** 2;
    const sd = Math.sqrt(ss / B) * Math.sqrt(1 + 1 / B);
    const lo = observedLogO[t]!;
    return { s, gap: lo - mean, sd, logO: lo, meanPermutedLogO: mean };
  });
  let best = 0;
  for (let t = 1; t < curve.length; t++) if (curve[t]!.gap > curve[best]!.gap) best = t;
  const threshold = curve[best]!.gap - curve[best]!.sd;
  const oneSe = curve.findIndex((point) => point.gap >= threshold);
  return { curve, bestS: curve[best]!.s, oneSeS: curve[oneSe]!.s, permutations: B };
}
