/**
 * "How sure?" in words and numbers for the screen, from the host's StabilityResult (core/engine/stability.ts):
 * each protein's selection frequency as a percentage, the proteins selected by the full fit but in fewer than
 * half of the subsample fits ("unstable"), the partition's agreement (mean ARI) and the samples that least
 * often stay with their cluster mates.
 *
 * @example unstableSet({ selected: [0, 1], stability: { featureFrequency: Float64Array.of(0.9, 0.3, 0.6), unstableSelected: [1] } })
 *   // Set {1}
 */
import type { StabilityResult } from '../../../core/engine/types';

import { UNSTABLE_BELOW } from '../../../core/charts/stability';

/** Below this frequency a protein of the full fit's selection is marked unstable (issue 13: fewer than half). */
export { UNSTABLE_BELOW };

type StabilityLike = Pick<StabilityResult, 'featureFrequency'> & Partial<Pick<StabilityResult, 'unstableSelected'>>;

/** A frequency in [0, 1] as a whole percentage, "–" when undefined. */
export function percentText(fraction: number): string {
  return Number.isFinite(fraction) ? `${Math.round(100 * fraction)} %` : '–';
}

/** The bar's width for a frequency in [0, 1], clamped to 0–100 %. */
export function barWidth(fraction: number): string {
  const f = Number.isFinite(fraction) ? Math.max(0, Math.min(1, fraction)) : 0;
  return `${Number((100 * f).toFixed(2))}%`;
}

/**
 * Proteins selected by the full fit in fewer than half of the subsample fits: the host's list when it gives
 * one, else computed from the frequencies.
 */
export function unstableSet(fit: { selected: readonly number[]; stability?: StabilityLike | null }): Set<number> {
  const st = fit.stability;
  if (!st) return new Set();
  if (st.unstableSelected) return new Set(st.unstableSelected);
  return new Set(fit.selected.filter((l) => (st.featureFrequency[l] ?? 0) < UNSTABLE_BELOW));
}

/** The tooltip of a protein's frequency bar: how many of the B fits selected it, and what "unstable" means. */
export function frequencyTitle(fraction: number, subsamples: number, unstable: boolean): string {
  const count = Math.round(fraction * subsamples);
  const base = `Selected in ${count} of ${subsamples} subsample fits (${percentText(fraction)}).`;
  return unstable
    ? `${base} Selected by the full fit but in fewer than half of the subsample fits: it may not drive the clusters on other samples.`
    : base;
}

/** How the mean ARI reads. */
export function agreementWord(meanAri: number): string {
  if (!Number.isFinite(meanAri)) return 'not measured';
  if (meanAri >= 0.9) return 'very stable';
  if (meanAri >= 0.75) return 'mostly stable';
  if (meanAri >= 0.5) return 'partly stable';
  return 'unstable';
}

/**
 * The panel's headline: "subsample fits agree with the full fit: mean ARI 0.93 over 50 fits".
 * @example agreementSentence({ meanAri: 0.931, subsamples: 50 }) // 'Subsample fits agree with the full fit: mean ARI 0.93 over 50 fits.'
 */
export function agreementSentence(st: Pick<StabilityResult, 'meanAri' | 'subsamples'>): string {
  return `Subsample fits agree with the full fit: mean ARI ${Number.isFinite(st.meanAri) ? st.meanAri.toFixed(2) : '–'} over ${st.subsamples} fits.`;
}

/** Smallest, median and largest ARI of the subsample fits (NaN-free; null when there are none). */
export function ariRange(ari: ArrayLike<number>): { min: number; median: number; max: number } | null {
  const values = Array.from(ari).filter(Number.isFinite).sort((a, b) => a - b);
  if (values.length === 0) return null;
  const mid = values.length >> 1;
  const median = values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
  return { min: values[0]!, median, max: values[values.length - 1]! };
}

export interface SampleConsistency {
  /** 0-based sample index. */
  index: number;
  id: string;
  /** 1-based cluster of the full fit. */
  cluster: number;
  consistency: number;
}

/**
 * The `count` samples that least often stay with their full-fit cluster mates (lowest consistency first, ties
 * in sample order); samples without a measure (NaN: alone in their cluster, or never drawn with a mate) are left out.
 */
export function leastConsistent(
  consistency: ArrayLike<number>,
  sampleIds: readonly string[],
  clusters: ArrayLike<number>,
  count: number,
): SampleConsistency[] {
  const rows: SampleConsistency[] = [];
  for (let i = 0; i < consistency.length; i++) {
    const c = consistency[i]!;
    if (Number.isFinite(c)) rows.push({ index: i, id: sampleIds[i] ?? `sample ${i + 1}`, cluster: clusters[i] ?? 0, consistency: c });
  }
  rows.sort((a, b) => a.consistency - b.consistency || a.index - b.index);
  return rows.slice(0, count);
}

/** Samples measured, those below one half, and those without a measure. */
export function consistencyCounts(consistency: ArrayLike<number>): { measured: number; belowHalf: number; unmeasured: number } {
  let measured = 0;
  let belowHalf = 0;
  for (let i = 0; i < consistency.length; i++) {
    const c = consistency[i]!;
    if (!Number.isFinite(c)) continue;
    measured++;
    if (c < UNSTABLE_BELOW) belowHalf++;
  }
  return { measured, belowHalf, unmeasured: consistency.length - measured };
}

/** SKFR2: the frequency of feature l in cluster j (1-based) of the full fit, NaN without per-cluster figures. */
export function clusterFrequency(st: Pick<StabilityResult, 'clusterFeatureFrequency'> | null | undefined, cluster: number, l: number, p: number): number {
  const m = st?.clusterFeatureFrequency;
  if (!m) return Number.NaN;
  return m[(cluster - 1) * p + l] ?? Number.NaN;
}
