/**
 * Missing values as the Import screen shows them: one bar per sample (its missing cells out of p features) and
 * a summary over the features (how many have no missing value, up to half missing, more than half missing).
 *
 * @example featureMissingSummary(Int32Array.of(0, 1, 2, 3), 4)
 *   // { features: 4, none: 1, upToHalf: 2, overHalf: 1 }  (1/4 and 2/4 are ≤ 50 %, 3/4 is more)
 */

export interface SampleMissing {
  name: string;
  missing: number;
  /** missing / p, 0..1 (0 when p = 0). */
  fraction: number;
}

export interface SampleMissingList {
  /** Samples in matrix order; at most `max` of them (those with the most missing, in matrix order). */
  shown: SampleMissing[];
  /** Samples not shown (all of them have no more missing cells than the least of those shown). */
  hidden: number;
}

export function sampleMissing(sampleIds: readonly string[], missingBySample: ArrayLike<number>, p: number, max = 60): SampleMissingList {
  const all: SampleMissing[] = [];
  for (let i = 0; i < missingBySample.length; i++) {
    const missing = missingBySample[i]!;
    all.push({ name: sampleIds[i] ?? `Sample ${i + 1}`, missing, fraction: p > 0 ? missing / p : 0 });
  }
  if (all.length <= max) return { shown: all, hidden: 0 };
  const keep = new Set(
    all
      .map((s, i) => ({ s, i }))
      .sort((a, b) => b.s.missing - a.s.missing || a.i - b.i)
      .slice(0, max)
      .map((x) => x.i),
  );
  return { shown: all.filter((_, i) => keep.has(i)), hidden: all.length - max };
}

export interface FeatureMissingSummary {
  features: number;
  /** Features with a value in every sample. */
  none: number;
  /** Missing in some samples, at most half of them. */
  upToHalf: number;
  /** Missing in more than half of the samples. */
  overHalf: number;
}

export function featureMissingSummary(missingByFeature: ArrayLike<number>, n: number): FeatureMissingSummary {
  const out: FeatureMissingSummary = { features: missingByFeature.length, none: 0, upToHalf: 0, overHalf: 0 };
  for (let l = 0; l < missingByFeature.length; l++) {
    const m = missingByFeature[l]!;
    if (m === 0) out.none++;
    else if (2 * m <= n) out.upToHalf++;
    else out.overHalf++;
  }
  return out;
}

/** 0.123 → "12 %", 0.004 → "0.4 %", 0 → "0 %". */
export function percent(fraction: number): string {
  const p = fraction * 100;
  if (p === 0 || p >= 10) return `${Math.round(p)} %`;
  return `${Number(p.toPrecision(1 + (p >= 1 ? 1 : 0)))} %`;
}
