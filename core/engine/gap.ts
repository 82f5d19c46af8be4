/**
 * The gap statistic's pieces (Algorithm 3; Tibshirani, Walther & Hastie 2001), shared by tuneSparsity (one
 * thread) and core/parallel (worker threads), so both give the same curve bit for bit:
 *   O(X, s) = betweenSS = totalSS − withinSS of the best restart at s (observed entries, fitted scale),
 *   log O = log max(O, 1e-12 · totalSS),
 *   Gap(s) = log O(X, s) − (1/B) Σ_b log O(X_b, s),
 *   sd(s) = sqrt((1/B) Σ_b (log O(X_b, s) − mean)²) · sqrt(1 + 1/B).
 * `sd` is Tibshirani et al.'s s_k (their eq. 9 and step 3: sd_k with the 1/B population normalisation, times
 * sqrt(1 + 1/B) for the simulation error of the reference mean), not the plain standard deviation; every
 * rule below uses it as it is.
 *
 * Rules that turn a curve into a choice (pure functions of the points, in ascending order of s or k; each
 * returns an index into the curve — see S_RULES):
 *   argmax           the largest Gap (the paper's Algorithm 3);
 *   tibshirani       the standard one-SE rule of Tibshirani et al.: the smallest s with Gap(s) ≥ Gap(s⁺) − sd(s⁺),
 *                    s⁺ the next value of the grid;
 *   within-sd-of-max the smallest s with Gap(s) ≥ Gap(s*) − sd(s*), s* the arg-max (Witten & Tibshirani 2010's
 *                    suggestion for sparse k-means; until now shipped as `oneSeS`);
 *   knee             the knee of the rising part of the curve (Kneedle, Satopää et al. 2011);
 *   knee-se          tibshirani searched from the knee on — the default (DEFAULT_S_RULE): measured on the
 *                    paper's designs and on labelled data (bench/RESULTS.md, `npm run bench:s-rules`).
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
import { SkfrError } from '../errors.js';
import { OPTION_SPECS } from './option-specs.js';
import type { FitResult, GapPoint, SFlags, SRule, SRuleChoice, TuneResult } from './types.js';

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
 * The curve from log O of the observed and permuted data, and every rule's choice (chooseS).
 * @param sValues sorted, distinct s values
 * @param observedLogO log O(X, s) at each s (same order)
 * @param permutedLogO per s, the B values log O(X_b, s), b = 1..B in order
 */
export function assembleTune(
  sValues: readonly number[],
  observedLogO: Float64Array,
  permutedLogO: readonly Float64Array[],
  rule: SRule = DEFAULT_S_RULE,
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
  const choice = chooseS(curve, rule);
  return { curve, ...choice, permutations: B };
}

/** What a rule reads of a curve point: the Gap and its sd (s_k of Tibshirani et al.). */
export interface GapLike {
  gap: number;
  sd: number;
}

/**
 * Index of the largest Gap (the first one on ties): the paper's Algorithm 3, "choose s to maximize Gap(s)".
 * @example argMaxRule([{ gap: 0.1, sd: 0 }, { gap: 0.3, sd: 0 }, { gap: 0.3, sd: 0 }]) // 1
 */
export function argMaxRule(curve: readonly GapLike[]): number {
  let best = 0;
  for (let t = 1; t < curve.length; t++) if (curve[t]!.gap > curve[best]!.gap) best = t;
  return best;
}

/**
 * Tibshirani, Walther & Hastie (2001)'s standard rule: the first index t with Gap(t) ≥ Gap(t+1) − sd(t+1),
 * i.e. the smallest value after which one more (feature, cluster) does not raise the Gap by more than the sd.
 * The last index when the curve keeps rising by more than an sd all the way (no such t).
 * The rule is defined on consecutive values (s, s + 1). On a stepped grid (`xs` given, e.g. s = 20, 23, 27)
 * it is applied per unit: Gap(t) ≥ Gap(t+1) − (x_{t+1} − x_t)·sd(t+1), i.e. the rise per added feature is at
 * most sd — identical to the standard rule where the grid steps by 1, and not fooled by wide steps, whose rise
 * would always exceed one sd. (Measured on the mouse data, seed 1: the plain rule on the 23-point log grid over
 * 1..77 keeps every protein; per unit it picks 15, the plain rule on every s 16.)
 * `fromSteepest`: the search starts at the steepest rise of the curve (the largest rise per unit), so a flat
 * start is not taken for the plateau. For s this matters: with one feature the observed and the permuted data
 * have the same one-dimensional distribution, so Gap(1) ≈ 0 with a tiny sd and Gap(2) barely above it, and
 * the plain rule stops at s = 1 or 2 on data with plenty of structure (measured: 2 of 20 simulated sets at
 * p = 20 and 50, every digits subsample, one control-mice seed; bench/RESULTS.md). tibshirani for s uses it.
 * @example tibshiraniRule([{ gap: 0.1, sd: 0.05 }, { gap: 0.4, sd: 0.05 }, { gap: 0.42, sd: 0.05 }]) // 1
 */
export function tibshiraniRule(curve: readonly GapLike[], xs?: readonly number[], fromSteepest = false, from = 0): number {
  const step = (t: number): number => (xs === undefined ? 1 : xs[t + 1]! - xs[t]!);
  let start = 0;
  if (fromSteepest) {
    let steepest = -Infinity;
    for (let t = 0; t + 1 < curve.length; t++) {
      const rise = (curve[t + 1]!.gap - curve[t]!.gap) / step(t);
      if (rise > steepest) {
        steepest = rise;
        start = t;
      }
    }
  }
  for (let t = Math.max(start, from); t + 1 < curve.length; t++) {
    if (curve[t]!.gap >= curve[t + 1]!.gap - step(t) * curve[t + 1]!.sd) return t;
  }
  return curve.length - 1;
}

/**
 * The first index whose Gap is within one sd of the maximum: Gap(t) ≥ Gap(t*) − sd(t*), t* = argMaxRule.
 * Witten & Tibshirani (2010)'s suggestion for sparse k-means' permutation approach (sparcl), and what
 * `TuneResult.oneSeS` has always held (it is not Tibshirani et al.'s one-SE rule, see tibshiraniRule).
 * @example withinSdOfMaxRule([{ gap: 0.1, sd: 0.1 }, { gap: 0.45, sd: 0.1 }, { gap: 0.5, sd: 0.1 }]) // 1
 */
export function withinSdOfMaxRule(curve: readonly GapLike[]): number {
  const best = argMaxRule(curve);
  const threshold = curve[best]!.gap - curve[best]!.sd;
  return curve.findIndex((point) => point.gap >= threshold);
}

/**
 * The knee of the rising part of the curve (Kneedle, Satopää et al. 2011): on the points from the first to the
 * arg-max t*, rescale x (the s or k values) and Gap to [0, 1] between those two ends and take the point
 * farthest above the straight line joining them (largest y − x; the first on ties). It is where the curve
 * bends from a steep rise to a slow one. The arg-max itself when the curve has no rising part (t* = 0) or the
 * rise is not concave (no point above the line).
 * @param xs the s (or k) value of every point, ascending
 * @example kneeRule([{ gap: 0, sd: 0 }, { gap: 0.8, sd: 0 }, { gap: 0.9, sd: 0 }, { gap: 1, sd: 0 }], [1, 2, 3, 4]) // 1
 */
export function kneeRule(curve: readonly GapLike[], xs: readonly number[]): number {
  const top = argMaxRule(curve);
  if (top === 0) return 0;
  const x0 = xs[0]!;
  const y0 = curve[0]!.gap;
  const dx = xs[top]! - x0;
  const dy = curve[top]!.gap - y0;
  if (!(dx > 0) || !(dy > 0)) return top;
  let best = top;
  let bestLift = 0;
  for (let t = 1; t < top; t++) {
    const lift = (curve[t]!.gap - y0) / dy - (xs[t]! - x0) / dx;
    if (lift > bestLift) {
      bestLift = lift;
      best = t;
    }
  }
  return best;
}

/**
 * Tibshirani's rule searched from the knee on: the first s at or past the knee of the curve (kneeRule) and past
 * its steepest rise where one more feature raises the Gap by at most its sd (tibshiraniRule per unit of s).
 * The knee finds where the curve bends; the one-SE test then walks on while features still raise the Gap
 * clearly. On a curve with a sharp corner at the true s (the paper's designs) the knee lies below it and the
 * test walks up to it; on a smoothly bending curve (the mouse data, digits) it stops at the bend instead of at
 * the first small plateau of the steep part (plain tibshirani) or at "every feature" (argmax).
 * @example kneeSeRule(curve, xs) // ≥ kneeRule(curve, xs)
 */
export function kneeSeRule(curve: readonly GapLike[], xs: readonly number[]): number {
  return tibshiraniRule(curve, xs, true, kneeRule(curve, xs));
}

/** Every rule for s, in the order they are reported (declared in option-specs.ts). */
export const S_RULES: readonly SRule[] = OPTION_SPECS.sRule.values;

/**
 * The rule whose s is fitted unless told otherwise: 'knee-se'. Chosen by measurement (bench/RESULTS.md,
 * "Choosing s and k", `npm run bench:s-rules`): it finds the true s as often as arg-max on the paper's designs
 * (gap examples, sparse design at p = 20…200), and on the mouse data it keeps ~20–30 proteins with fewer mixed
 * nodes than all 77, where arg-max keeps all 77 and plain tibshirani stops at the first small plateau.
 */
export const DEFAULT_S_RULE: SRule = OPTION_SPECS.sRule.default;

/** Index of `rule`'s choice on a curve (points ascending in s). */
export function applySRule(rule: SRule, curve: readonly (GapLike & { s: number })[]): number {
  const xs = curve.map((point) => point.s);
  switch (rule) {
    case 'argmax':
      return argMaxRule(curve);
    case 'tibshirani':
      return tibshiraniRule(curve, xs, true);
    case 'within-sd-of-max':
      return withinSdOfMaxRule(curve);
    case 'knee':
      return kneeRule(curve, xs);
    case 'knee-se':
      return kneeSeRule(curve, xs);
    default:
      throw new SkfrError('invalid-option', `The rule "${String(rule)}" is not one of ${S_RULES.join(', ')}.`);
  }
}

/**
 * The curve's warnings: `atRangeEnd` when s sits on the first or last value tried (a curve of one point
 * too), `noClearMaximum` when the last value tried is within one sd of the maximum Gap (the curve does not
 * come down after its maximum: "keep everything" is as good as the best) or the maximum Gap is ≤ 0.
 */
export function sFlags(curve: readonly (GapLike & { s: number })[], chosenS: number): SFlags {
  const best = curve[argMaxRule(curve)]!;
  const last = curve[curve.length - 1]!;
  return {
    atRangeEnd: chosenS === curve[0]!.s || chosenS === last.s,
    noClearMaximum: best.gap <= 0 || (curve.length > 1 && last.gap >= best.gap - best.sd),
  };
}

/**
 * Every rule's choice on a Gap curve (points ascending in s), the one of `rule` marked as the default, and
 * the warnings for it. bestS (arg-max) and oneSeS (within one sd of the maximum) are kept for the callers
 * that read them.
 */
export function chooseS(
  curve: readonly (GapLike & { s: number })[],
  rule: SRule = DEFAULT_S_RULE,
): { bestS: number; oneSeS: number; chosenS: number; sRules: SRuleChoice[]; flags: SFlags } {
  if (!S_RULES.includes(rule)) throw new SkfrError('invalid-option', `The rule "${String(rule)}" is not one of ${S_RULES.join(', ')}.`);
  const sRules = S_RULES.map((name) => ({ rule: name, s: curve[applySRule(name, curve)]!.s, default: name === rule }));
  const chosenS = sRules.find((choice) => choice.default)!.s;
  return {
    bestS: curve[argMaxRule(curve)]!.s,
    oneSeS: curve[withinSdOfMaxRule(curve)]!.s,
    chosenS,
    sRules,
    flags: sFlags(curve, chosenS),
  };
}
