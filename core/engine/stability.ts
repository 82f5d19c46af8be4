/**
 * How sure a fit is: B fits with the same settings on random subsamples of the samples (round(0.8·n), drawn
 * without replacement), compared with the fit on all samples (Meinshausen & Bühlmann 2010's stability
 * selection, applied to the features a clustering selects; Lange et al. 2004 for partitions).
 *
 * Subsample b = 1..B takes its rows from its own generator createRng(deriveSeed(seed, b, 'subsample'))
 * (a partial Fisher–Yates shuffle, rows kept in their original order) and is fitted with exactly the run's
 * options (same k, s, variant, loss, restarts, seed): `subsampleFit(X, options, b)` is a pure function of
 * its arguments, so the B fits can run anywhere, in any order, on any number of workers, with the same result.
 *
 * Reported (StabilityResult):
 * - featureFrequency[l]: the fraction of the B fits that selected feature l (SKFR2: in any cluster);
 * - clusterFeatureFrequency (SKFR2): for each cluster j of the full fit and feature l, the fraction of the fits
 *   (among those drawing at least one member of j) in which the subsample cluster holding most of j's drawn
 *   members (the lowest index on ties) selected l — the per-cluster sets of the fits, matched to the full
 *   fit's clusters through their members;
 * - sampleConsistency[i]: Σ_b #(i's full-fit cluster mates drawn with i and in i's subsample cluster) /
 *   Σ_b #(i's full-fit cluster mates drawn with i), over the fits that drew i; NaN without any such mate;
 * - ari[b]: ARI between fit b and the full fit on fit b's samples; meanAri their mean;
 * - unstableSelected: features of the full fit's selection with frequency below ½, best first.
 *
 * @example const st = stabilitySelection(X, { k: 10, s: 10, subsamples: 50 }); st.featureFrequency[0] // 1
 */
import { SkfrError } from '../errors.js';
import { throwIfAborted } from './abort.js';
import { fit as fitSkfr } from './fit.js';
import { adjustedRandIndex } from './metrics.js';
import { checkInt, OPTION_SPECS, SUBSAMPLE_FRACTION } from './option-specs.js';
import { createRng, deriveSeed, RNG_DOMAIN } from './random.js';
import type { FitOptions, FitResult, Matrix, Progress, StabilityOptions, StabilityResult } from './types.js';

/** Subsample fits B when not given, and the most accepted (option-specs.ts). */
export const DEFAULT_SUBSAMPLES = OPTION_SPECS.subsamples.default;
export const MAX_SUBSAMPLES = OPTION_SPECS.subsamples.max;
export const DEFAULT_SUBSAMPLE_FRACTION = SUBSAMPLE_FRACTION;

/** What one subsample fit leaves for the stability figures (small, structured-clone friendly). */
export interface SubsampleSummary {
  /** 1-based subsample index. */
  b: number;
  /** Rows of X in the subsample, increasing. */
  rows: Int32Array;
  /** 0-based cluster of each of those rows. */
  labels: FitResult['labels'];
  /** Selected features (SKFR2: the union). */
  selected: Int32Array;
  /** SKFR2: per subsample cluster, its selected features; null for SKFR1. */
  selectedByCluster: Int32Array[] | null;
}

/** The resolved subsample plan: B, the fraction and the subsample size; validated against n and k. */
export function resolveStability(n: number, k: number, options: Pick<StabilityOptions, 'subsamples' | 'fraction'>): { B: number; fraction: number; size: number } {
  const B = checkInt('subsamples', OPTION_SPECS.subsamples, options.subsamples ?? DEFAULT_SUBSAMPLES);
  const fraction = options.fraction ?? DEFAULT_SUBSAMPLE_FRACTION;
  if (!(typeof fraction === 'number' && fraction > 0 && fraction <= 1)) {
    throw new SkfrError('invalid-option', `fraction = ${String(fraction)} is not possible: the subsample fraction must be above 0 and at most 1.`);
  }
  const size = Math.round(fraction * n);
  if (size < k) {
    throw new SkfrError('invalid-option', `A subsample of ${Math.round(fraction * 100)} % of the ${n} samples holds ${size} samples, fewer than k = ${k} clusters: use a larger fraction or fewer clusters.`);
  }
  return { B, fraction, size };
}

/**
 * Rows of subsample b: `size` of 0..n−1 without replacement, increasing, from b's own generator.
 * @example subsampleRows(10, 8, 1, 3) // 8 distinct rows of 0..9, the same on every host
 */
export function subsampleRows(n: number, size: number, seed: number, b: number): Int32Array {
  const rng = createRng(deriveSeed(seed, b, RNG_DOMAIN.subsample));
  const order = Int32Array.from({ length: n }, (_, i) => i);
  for (let t = 0; t < size; t++) {
    const u = t + rng.int(n - t);
    const a = order[t]!;
    order[t] = order[u]!;
    order[u] = a;
  }
  return order.slice(0, size).sort();
}

/** The rows `rows` of X, as a new matrix. */
export function takeRows(X: Matrix, rows: ArrayLike<number>): Matrix {
  const p = X.cols;
  const data = new Float64Array(rows.length * p);
  for (let t = 0; t < rows.length; t++) data.set(X.data.subarray(rows[t]! * p, rows[t]! * p + p), t * p);
  return { rows: rows.length, cols: p, data };
}

/** Fit subsample b (1-based) with the run's options; a pure function of (X, options, b). */
export function subsampleFit(X: Matrix, options: StabilityOptions, b: number): SubsampleSummary {
  const { subsamples: _b, fraction: _f, onProgress: _p, ...fitOptions } = options;
  const { size } = resolveStability(X.rows, options.k, options);
  const rows = subsampleRows(X.rows, size, options.seed ?? 1, b);
  const result = fitSkfr(takeRows(X, rows), { ...(fitOptions as FitOptions), reuseInput: true });
  return { b, rows, labels: result.labels, selected: result.selectedFeatures, selectedByCluster: result.selectedFeaturesByCluster };
}

/** The stability figures from the full fit and the B subsample summaries (any order). */
export function assembleStability(full: FitResult, summaries: readonly SubsampleSummary[], fraction: number): StabilityResult {
  const sorted = [...summaries].sort((a, c) => a.b - c.b);
  const B = sorted.length;
  const { n, p } = full;
  const k = full.options.k;
  const local = full.selectedFeaturesByCluster !== null;
  const featureCount = new Float64Array(p);
  const clusterCount = local ? new Float64Array(k * p) : null;
  const clusterDrawn = new Float64Array(k);
  const together = new Float64Array(n);
  const mates = new Float64Array(n);
  const ari = new Float64Array(B);
  sorted.forEach((summary, index) => {
    for (const l of summary.selected) featureCount[l]!++;
    const m = summary.rows.length;
    let kSub = 0;
    for (const c of summary.labels) if (c + 1 > kSub) kSub = c + 1;
    // table[j·kSub + c]: drawn members of full cluster j in subsample cluster c.
    const table = new Float64Array(k * kSub);
    const drawn = new Float64Array(k);
    const fullLabels = new Int32Array(m);
    for (let t = 0; t < m; t++) {
      const j = full.labels[summary.rows[t]!]!;
      fullLabels[t] = j;
      table[j * kSub + summary.labels[t]!]!++;
      drawn[j]!++;
    }
    for (let t = 0; t < m; t++) {
      const i = summary.rows[t]!;
      const j = fullLabels[t]!;
      together[i]! += table[j * kSub + summary.labels[t]!]! - 1;
      mates[i]! += drawn[j]! - 1;
    }
    if (clusterCount !== null && summary.selectedByCluster !== null) {
      for (let j = 0; j < k; j++) {
        if (drawn[j] === 0) continue;
        clusterDrawn[j]!++;
        let best = 0;
        for (let c = 1; c < kSub; c++) if (table[j * kSub + c]! > table[j * kSub + best]!) best = c;
        for (const l of summary.selectedByCluster[best]!) clusterCount[j * p + l]!++;
      }
    }
    ari[index] = adjustedRandIndex(fullLabels, summary.labels);
  });
  const featureFrequency = featureCount.map((c) => c / B);
  let clusterFeatureFrequency: Float64Array | null = null;
  if (clusterCount !== null) {
    clusterFeatureFrequency = new Float64Array(k * p);
    for (let j = 0; j < k; j++) for (let l = 0; l < p; l++) clusterFeatureFrequency[j * p + l] = clusterDrawn[j]! > 0 ? clusterCount[j * p + l]! / clusterDrawn[j]! : NaN;
  }
  const sampleConsistency = new Float64Array(n);
  for (let i = 0; i < n; i++) sampleConsistency[i] = mates[i]! > 0 ? together[i]! / mates[i]! : NaN;
  let meanAri = 0;
  for (const a of ari) meanAri += a;
  meanAri /= Math.max(1, B);
  const unstableSelected = Array.from(full.selectedFeatures).filter((l) => featureFrequency[l]! < 0.5);
  return {
    subsamples: B,
    fraction,
    subsampleSize: sorted[0]?.rows.length ?? 0,
    featureFrequency,
    clusterFeatureFrequency,
    unstableSelected,
    sampleConsistency,
    ari,
    meanAri,
  };
}

/** Progress of a stability run after `finished` of B subsample fits. */
export function stabilityProgress(finished: number, B: number): Progress {
  return { stage: 'fitting', fraction: finished / B, subsample: finished, subsamples: B, message: 'stability' };
}

/**
 * Stability of the fit with `options` on X, in this thread: B subsample fits one after another.
 * @param full the fit on all samples with the same options (computed when not given)
 */
export function stabilitySelection(X: Matrix, options: StabilityOptions, full?: FitResult): StabilityResult {
  const { B, fraction } = resolveStability(X.rows, options.k, options);
  const { subsamples: _b, fraction: _f, onProgress, ...fitOptions } = options;
  const reference = full ?? fitSkfr(X, { ...fitOptions });
  const summaries: SubsampleSummary[] = [];
  for (let b = 1; b <= B; b++) {
    throwIfAborted(options.signal);
    summaries.push(subsampleFit(X, { ...fitOptions, subsamples: B, fraction }, b));
    onProgress?.(stabilityProgress(b, B));
  }
  return assembleStability(reference, summaries, fraction);
}
