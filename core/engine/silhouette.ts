/**
 * Average silhouette width (Rousseeuw 1987) of a partition, on the features a fit selected.
 *
 * For sample i in cluster A with |A| ≥ 2: a(i) = mean distance from i to the other members of A,
 * b(i) = min over the other non-empty clusters C of the mean distance from i to the members of C, and
 * s(i) = (b(i) − a(i)) / max(a(i), b(i)) (0 when both are 0); s(i) = 0 for a sample alone in its cluster
 * (Rousseeuw's convention, as scikit-learn). The average silhouette is the mean of s(i) over the samples;
 * 0 when the partition has fewer than two non-empty clusters. Distances are Euclidean.
 *
 * Cost O(n²·d): exact up to `maxSamples` (default 3000) samples; above that it is computed on a seeded
 * uniform subsample of that size (same seed, same answer on every host), as is usual for large n.
 *
 * @example silhouette({ rows: 4, cols: 1, data: Float64Array.of(0, 1, 10, 11) }, Int32Array.of(0, 0, 1, 1)) // ≈ 0.9
 */
import { throwIfAborted } from './abort.js';
import type { PreparedFit } from './prepare.js';
import { createRng, deriveSeed, RNG_DOMAIN } from './random.js';
import type { AbortSignalLike, FitResult, Matrix } from './types.js';

export const SILHOUETTE_MAX_SAMPLES = 3000;

export interface SilhouetteOptions {
  maxSamples?: number;
  /** Seed of the subsample when n > maxSamples (default 1). */
  seed?: number;
  signal?: AbortSignalLike;
}

/**
 * The average silhouette of `labels` (any integers) on the complete matrix X (no NaN).
 * @param X n × d, complete
 */
export function silhouette(X: Matrix, labels: ArrayLike<number>, options: SilhouetteOptions = {}): number {
  const { rows: n, cols: d, data } = X;
  const max = options.maxSamples ?? SILHOUETTE_MAX_SAMPLES;
  let rows: Int32Array;
  if (n > max) {
    // Partial Fisher–Yates: a uniform subsample of `max` rows, sorted.
    const rng = createRng(deriveSeed(options.seed ?? 1, 0, RNG_DOMAIN.silhouette));
    const order = Int32Array.from({ length: n }, (_, i) => i);
    for (let t = 0; t < max; t++) {
      const u = t + rng.int(n - t);
      const a = order[t]!;
      order[t] = order[u]!;
      order[u] = a;
    }
    rows = order.slice(0, max).sort();
  } else {
    rows = Int32Array.from({ length: n }, (_, i) => i);
  }
  const m = rows.length;
  // Cluster codes 0..c−1 of the samples used.
  const codeOf = new Map<number, number>();
  const code = new Int32Array(m);
  for (let t = 0; t < m; t++) {
    const label = labels[rows[t]!]!;
    let c = codeOf.get(label);
    if (c === undefined) {
      c = codeOf.size;
      codeOf.set(label, c);
    }
    code[t] = c;
  }
  const clusters = codeOf.size;
  if (clusters < 2) return 0;
  const sizes = new Float64Array(clusters);
  for (let t = 0; t < m; t++) sizes[code[t]!]!++;
  const sums = new Float64Array(clusters);
  let total = 0;
  for (let t = 0; t < m; t++) {
    if ((t & 63) === 0) throwIfAborted(options.signal);
    sums.fill(0);
    const oi = rows[t]! * d;
    for (let u = 0; u < m; u++) {
      if (u === t) continue;
      const ou = rows[u]! * d;
      let sq = 0;
      for (let l = 0; l < d; l++) {
        const e = data[oi + l]! - data[ou + l]!;
        sq += e * e;
      }
      sums[code[u]!]! += Math.sqrt(sq);
    }
    const own = code[t]!;
    if (sizes[own]! < 2) continue; // s(i) = 0 for a singleton
    const a = sums[own]! / (sizes[own]! - 1);
    let b = Infinity;
    for (let c = 0; c < clusters; c++) if (c !== own && sums[c]! / sizes[c]! < b) b = sums[c]! / sizes[c]!;
    const top = Math.max(a, b);
    total += top > 0 ? (b - a) / top : 0;
  }
  return total / m;
}

/**
 * The n × |selected| matrix a fit clustered on: the prepared (standardised) data on `fit.selectedFeatures`,
 * each missing cell filled with its cluster's mean of that feature (the k-POD fill at convergence).
 */
export function selectedData(prep: PreparedFit, fit: Pick<FitResult, 'labels' | 'means' | 'selectedFeatures'>): Matrix {
  const { n, p, data, missing } = prep;
  const features = fit.selectedFeatures;
  const d = features.length;
  const out = new Float64Array(n * d);
  const isMissing = new Set<number>(missing);
  for (let i = 0; i < n; i++) {
    const c = fit.labels[i]!;
    for (let t = 0; t < d; t++) {
      const l = features[t]!;
      const o = i * p + l;
      out[i * d + t] = isMissing.has(o) ? fit.means[c * p + l]! : data[o]!;
    }
  }
  return { rows: n, cols: d, data: out };
}
