/**
 * k-means++ seeding (Arthur & Vassilvitskii 2007): the first center is a uniformly random sample; each next
 * center is sample i with probability D(x_i)^2 / Σ D^2 (squared loss) or D(x_i) / Σ D (absolute loss, the
 * L1 analogue), where D is the distance to the nearest center chosen so far. If every D is 0 (all samples
 * coincide with a center) the next center is again drawn uniformly.
 *
 * While seeding we keep, for every sample, its nearest seed (lowest index on ties) and the distance to it,
 * so the initial "assign every sample to its nearest seed" step costs nothing extra: O(n·p·k) in total.
 */
import { ROWS_PER_CHECK, throwIfAborted } from './abort.js';
import type { Rng } from './random.js';
import type { AbortSignalLike, Loss, Matrix } from './types.js';
import type { RestartScratch } from './scratch.js';

export interface Seeding {
  /** Row indices of the k seeds, in the order they were drawn. */
  indices: Int32Array;
  /** Nearest seed of every sample (0-based position in `indices`; lowest on ties). */
  labels: Int32Array;
  /** Distance of every sample to its nearest seed: squared Euclidean or L1. */
  distances: Float64Array;
}

/**
 * Seeds on a complete row-major n × p buffer (no NaN). Consumes exactly: one `rng.int(n)`, then one
 * `rng.next()` per further center (plus one `rng.int(n)` when all distances are 0).
 */
export function seedCenters(
  data: Float64Array,
  n: number,
  p: number,
  k: number,
  rng: Rng,
  loss: Loss = 'squared',
  signal?: AbortSignalLike,
  rowNorms?: Float64Array,
  work?: RestartScratch,
): Seeding {
  // Squared loss: ‖x_i − c‖² = ‖x_i‖² + ‖c‖² − 2 x_i·c, one multiply-add per entry.
  const norms = loss === 'squared' ? (rowNorms ?? squaredRowNorms(data, n, p)) : undefined;
  const indices = new Int32Array(k);
  const labels = new Int32Array(n);
  const dist = work ? work.float64('seeding.dist', n, Infinity) : new Float64Array(n).fill(Infinity);
  const absolute = loss === 'absolute';
  let total = 0;
  for (let j = 0; j < k; j++) {
    throwIfAborted(signal);
    let c: number;
    if (j === 0 || !(total > 0)) {
      c = rng.int(n);
    } else {
      // Inverse-CDF draw over the current weights.
      const target = rng.next() * total;
      let acc = 0;
      c = -1;
      for (let i = 0; i < n; i++) {
        const w = dist[i]!;
        if (w > 0) {
          acc += w;
          c = i;
          if (acc > target) break;
        }
      }
    }
    indices[j] = c;
    const cOff = c * p;
    total = 0;
    for (let i = 0; i < n; i++) {
      if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
      let d: number;
      if (absolute) {
        d = l1Distance(data, i * p, cOff, p);
      } else {
        d = norms![i]! + norms![c]! - 2 * dot(data, i * p, cOff, p);
        if (d < 0 || i === c) d = 0;
      }
      if (d < dist[i]!) {
        dist[i] = d;
        labels[i] = j;
      }
      total += dist[i]!;
    }
  }
  return { indices, labels, distances: dist };
}

/**
 * k-means++ seeding of a complete matrix (fill missing cells first). Returns the k seed row indices.
 *
 * @example
 * const seeds = kmeansPlusPlus(X, 3, createRng(7)); // e.g. Int32Array [12, 40, 3]
 */
export function kmeansPlusPlus(X: Matrix, k: number, rng: Rng, loss: Loss = 'squared'): Int32Array {
  return seedCenters(X.data, X.rows, X.cols, k, rng, loss).indices;
}

/** Σ_l x_{a+l} · x_{b+l}, four accumulators for instruction-level parallelism. */
export function dot(x: Float64Array, a: number, b: number, p: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let l = 0;
  for (; l + 3 < p; l += 4) {
    s0 += x[a + l]! * x[b + l]!;
    s1 += x[a + l + 1]! * x[b + l + 1]!;
    s2 += x[a + l + 2]! * x[b + l + 2]!;
    s3 += x[a + l + 3]! * x[b + l + 3]!;
  }
  for (; l < p; l++) s0 += x[a + l]! * x[b + l]!;
  return s0 + s1 + (s2 + s3);
}

/** ‖x_i‖² of every row, computed with `dot` so that a row's distance to itself is exactly 0. */
export function squaredRowNorms(data: Float64Array, n: number, p: number, signal?: AbortSignalLike): Float64Array {
  const norms = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
    norms[i] = dot(data, i * p, i * p, p);
  }
  return norms;
}

/** Σ_l |x_{a+l}| of every row. */
export function l1RowNorms(data: Float64Array, n: number, p: number, signal?: AbortSignalLike): Float64Array {
  const norms = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
    let s = 0;
    for (let l = 0, o = i * p; l < p; l++, o++) s += Math.abs(data[o]!);
    norms[i] = s;
  }
  return norms;
}

/** Σ_l |x_{a+l} − x_{b+l}|. */
export function l1Distance(x: Float64Array, a: number, b: number, p: number): number {
  let s0 = 0;
  let s1 = 0;
  let l = 0;
  for (; l + 1 < p; l += 2) {
    s0 += Math.abs(x[a + l]! - x[b + l]!);
    s1 += Math.abs(x[a + l + 1]! - x[b + l + 1]!);
  }
  if (l < p) s0 += Math.abs(x[a + l]! - x[b + l]!);
  return s0 + s1;
}
