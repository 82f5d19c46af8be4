/**
 * Assembly of the gap statistic from independently computed fits (Algorithm 3; Tibshirani et al. 2001),
 * shared by tuneSparsity (one thread) and core/parallel (worker threads), so both give the same curve:
 *   log O = log max(betweenSS, 1e-12 · totalSS),
 *   Gap(s) = log O(X, s) − (1/B) Σ_b log O(X_b, s),
 *   sd(s) = sqrt((1/B) Σ_b (log O(X_b, s) − mean)²) · sqrt(1 + 1/B),
 *   bestS = argmax Gap (smallest s on ties), oneSeS = smallest s with Gap(s) ≥ Gap(bestS) − sd(bestS).
 *
 * @example assembleTune([5, 10], observedFits, [logO_s5_per_b, logO_s10_per_b]) // → TuneResult
 */
import type { FitResult, GapPoint, TuneResult } from './types.js';

export function logObjective(result: Pick<FitResult, 'betweenSS' | 'totalSS'>): number {
  const o = Math.max(result.betweenSS, 1e-12 * result.totalSS);
  return Math.log(o > 0 ? o : Number.MIN_VALUE);
}

/**
 * @param sValues sorted, distinct s values
 * @param observed the fit on the observed data at each s (same order)
 * @param permutedLogO per s, the B values log O(X_b, s), b = 1..B in order
 */
export function assembleTune(sValues: readonly number[], observed: readonly FitResult[], permutedLogO: readonly Float64Array[]): TuneResult {
  const B = permutedLogO[0]!.length;
  const curve: GapPoint[] = sValues.map((s, t) => {
    const logs = permutedLogO[t]!;
    let mean = 0;
    for (const v of logs) mean += v;
    mean /= B;
    let ss = 0;
    for (const v of logs) ss += (v - mean) ** 2;
    const sd = Math.sqrt(ss / B) * Math.sqrt(1 + 1 / B);
    const lo = logObjective(observed[t]!);
    return { s, gap: lo - mean, sd, logO: lo, meanPermutedLogO: mean };
  });
  let best = 0;
  for (let t = 1; t < curve.length; t++) if (curve[t]!.gap > curve[best]!.gap) best = t;
  const threshold = curve[best]!.gap - curve[best]!.sd;
  const oneSe = curve.findIndex((point) => point.gap >= threshold);
  return { curve, bestS: curve[best]!.s, oneSeS: curve[oneSe]!.s, permutations: B, fit: observed[best]! };
}
