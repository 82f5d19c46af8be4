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
import { labelArray, type Labels } from './labels.js';

export interface Seeding {
  /** Row indices of the k seeds, in the order they were drawn. */
  indices: Int32Array;
  /** Nearest seed of every sample (0-based position in `indices`; lowest on ties). */
  labels: Labels;
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
  // Squared loss: ‖x_i − c‖² = ‖x_i‖² + ‖c‖² − 2 x_i·c, one multiply-add per entry. Norms given empty are not
  // stored (prepare.ts NORMS_RECOMPUTED_UP_TO): each is computed from its row as it would have been stored.
  const norms = loss === 'squared' ? (rowNorms ?? squaredRowNorms(data, n, p)) : undefined;
  const stored = norms !== undefined && norms.length > 0;
  const indices = new Int32Array(k);
  const labels = work ? work.restartLabels(n, k) : labelArray(n, k);
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
    const normC = absolute ? 0 : stored ? norms![c]! : dot(data, cOff, cOff, p);
    total = 0;
    for (let i = 0; i < n; i++) {
      if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
      let d: number;
      if (absolute) {
        d = l1Distance(data, i * p, cOff, p);
      } else {
        d = (stored ? norms![i]! : dot(data, i * p, i * p, p)) + normC - 2 * dot(data, i * p, cOff, p);
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
export function squaredRowNorms(data: Float64Array, n: number, p: number, signal?: AbortSignalLike, norms = new Float64Array(n)): Float64Array {
  for (let i = 0; i < n; i++) {
    if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
    norms[i] = dot(data, i * p, i * p, p);
  }
  return norms;
}

/** Σ_l |x_{a+l}| of every row. */
export function l1RowNorms(data: Float64Array, n: number, p: number, signal?: AbortSignalLike, norms = new Float64Array(n)): Float64Array {
  for (let i = 0; i < n; i++) {
    if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
    let s = 0;
    for (let l = 0, o = i * p; l < p; l++, o++) s += Math.abs(data[o]!);
    norms[i] = s;
  }
  return norms;
}

/**
 * Row i's norm exactly as squaredRowNorms (absolute: l1RowNorms) computes it, for norms that are not stored
 * (prepare.ts NORMS_RECOMPUTED_UP_TO). @example rowNormAt(Float64Array.of(3, -4), 0, 2, false) === 25
 */
export function rowNormAt(data: Float64Array, i: number, p: number, absolute: boolean): number {
  if (!absolute) return dot(data, i * p, i * p, p);
  let s = 0;
  for (let l = 0, o = i * p; l < p; l++, o++) s += Math.abs(data[o]!);
  return s;
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

// ---- Cheaper or better seedings measured against k-means++ (issue 17 item 3, `npm run bench:seeding`) ----
//
// Each returns the same Seeding as `seedCenters` (the k seed rows, every sample's nearest seed and its
// distance), so a restart can start from any of them. Squared loss (the default) only; the absolute loss
// keeps k-means++. All are deterministic functions of the generator.

/** The seedings compared in `npm run bench:seeding`. */
export type SeedingMethod = 'kmeans++' | 'greedy' | 'parallel' | 'subsample' | 'subsample-sparse';

export interface SeedingVariantOptions {
  /** greedy: candidates per step (default 2 + ⌊ln k⌋, scikit-learn's choice). */
  candidates?: number;
  /** parallel (k-means‖, Bahmani et al. 2012): expected samples drawn per round (default 2k) and rounds (5). */
  oversampling?: number;
  rounds?: number;
  /** subsample*: rows seeded by k-means++ (default max(20k, ⌈n / 8⌉), at most n). */
  subsample?: number;
  /** subsample-sparse: features the first assignment uses (default min(p, max(2s, 20))), and s. */
  features?: number;
  s?: number;
}

/**
 * Seeds by `method` on a complete row-major n × p buffer (squared loss):
 * - 'kmeans++': `seedCenters`;
 * - 'greedy': greedy k-means++ — each step draws `candidates` samples by D² and keeps the one that lowers
 *   Σ D² most (cost × candidates);
 * - 'parallel': k-means‖ — a uniform first center, then `rounds` rounds drawing each sample independently with
 *   probability min(1, ℓ·D²/ΣD²); the candidates, weighted by the samples nearest to them, reduced to k by
 *   weighted k-means++; then every sample assigned to its nearest seed;
 * - 'subsample': k-means++ on a uniform subsample of m rows, then every sample assigned to its nearest seed;
 * - 'subsample-sparse': the same seeds, but every sample assigned on the f features that separate the
 *   subsample's clusters most (SKFR's score Σ_j |C_j| μ_jl² on the subsample), O(n·f·k) instead of O(n·p·k).
 *   The distances returned are then over those features.
 */
export function seedWith(
  method: SeedingMethod,
  data: Float64Array,
  n: number,
  p: number,
  k: number,
  rng: Rng,
  options: SeedingVariantOptions = {},
  rowNorms?: Float64Array,
): Seeding {
  const norms = rowNorms ?? squaredRowNorms(data, n, p);
  switch (method) {
    case 'kmeans++':
      return seedCenters(data, n, p, k, rng, 'squared', undefined, norms);
    case 'greedy':
      return greedySeeds(data, n, p, k, rng, options.candidates ?? 2 + Math.floor(Math.log(k)), norms);
    case 'parallel':
      return parallelSeeds(data, n, p, k, rng, options.oversampling ?? 2 * k, options.rounds ?? 5, norms);
    case 'subsample':
    case 'subsample-sparse': {
      const m = Math.min(n, options.subsample ?? Math.max(20 * k, Math.ceil(n / 8)));
      const rows = sampleRows(n, m, rng);
      const sub = gatherRows(data, rows, p);
      const subNorms = new Float64Array(m);
      for (let t = 0; t < m; t++) subNorms[t] = norms[rows[t]!]!;
      const seeded = seedCenters(sub, m, p, k, rng, 'squared', undefined, subNorms);
      const indices = Int32Array.from(seeded.indices, (t) => rows[t]!);
      if (method === 'subsample') return assignToSeeds(data, n, p, indices, norms);
      const f = Math.min(p, options.features ?? Math.max(2 * (options.s ?? 10), 20));
      const features = separatingFeatures(sub, m, p, k, seeded.labels, f);
      return assignOnFeatures(data, n, p, indices, features);
    }
  }
}

/** m distinct rows of 0..n−1, uniformly (partial Fisher–Yates), in increasing order. */
function sampleRows(n: number, m: number, rng: Rng): Int32Array {
  const all = Int32Array.from({ length: n }, (_, i) => i);
  for (let t = 0; t < m; t++) {
    const j = t + rng.int(n - t);
    const a = all[t]!;
    all[t] = all[j]!;
    all[j] = a;
  }
  return all.slice(0, m).sort();
}

function gatherRows(data: Float64Array, rows: Int32Array, p: number): Float64Array {
  const out = new Float64Array(rows.length * p);
  for (let t = 0; t < rows.length; t++) out.set(data.subarray(rows[t]! * p, rows[t]! * p + p), t * p);
  return out;
}

/** ‖x_i − x_c‖² through the norms (0 for i = c). */
function sqDist(data: Float64Array, p: number, norms: Float64Array, i: number, c: number): number {
  if (i === c) return 0;
  const d = norms[i]! + norms[c]! - 2 * dot(data, i * p, c * p, p);
  return d < 0 ? 0 : d;
}

/** Every sample's nearest seed (lowest index on ties) and squared distance, in all p features. */
export function assignToSeeds(data: Float64Array, n: number, p: number, indices: Int32Array, norms: Float64Array): Seeding {
  const labels = new Int32Array(n);
  const distances = new Float64Array(n).fill(Infinity);
  for (let j = 0; j < indices.length; j++) {
    const c = indices[j]!;
    for (let i = 0; i < n; i++) {
      const d = sqDist(data, p, norms, i, c);
      if (d < distances[i]!) {
        distances[i] = d;
        labels[i] = j;
      }
    }
  }
  return { indices, labels, distances };
}

/** The f features with the largest Σ_j |C_j| μ_jl² over the clusters `labels` of the m rows of `sub`. */
function separatingFeatures(sub: Float64Array, m: number, p: number, k: number, labels: Labels, f: number): Int32Array {
  const sums = new Float64Array(k * p);
  const counts = new Float64Array(k);
  for (let t = 0; t < m; t++) {
    const j = labels[t]!;
    counts[j]!++;
    for (let l = 0; l < p; l++) sums[j * p + l] += sub[t * p + l]!;
  }
  const score = new Float64Array(p);
  for (let j = 0; j < k; j++) if (counts[j]! > 0) for (let l = 0; l < p; l++) score[l] += (sums[j * p + l]! * sums[j * p + l]!) / counts[j]!;
  const order = Array.from({ length: p }, (_, l) => l).sort((a, b) => score[b]! - score[a]! || a - b);
  return Int32Array.from(order.slice(0, f)).sort();
}

/** Nearest seed on the given features only (distances over them). */
function assignOnFeatures(data: Float64Array, n: number, p: number, indices: Int32Array, features: Int32Array): Seeding {
  const k = indices.length;
  const f = features.length;
  const seeds = new Float64Array(k * f);
  for (let j = 0; j < k; j++) for (let t = 0; t < f; t++) seeds[j * f + t] = data[indices[j]! * p + features[t]!]!;
  const labels = new Int32Array(n);
  const distances = new Float64Array(n);
  const row = new Float64Array(f);
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < f; t++) row[t] = data[i * p + features[t]!]!;
    let best = Infinity;
    let bestJ = 0;
    for (let j = 0; j < k; j++) {
      let d = 0;
      for (let t = 0, o = j * f; t < f; t++, o++) {
        const e = row[t]! - seeds[o]!;
        d += e * e;
      }
      if (d < best) {
        best = d;
        bestJ = j;
      }
    }
    labels[i] = bestJ;
    distances[i] = best;
  }
  return { indices, labels, distances };
}

/** Inverse-CDF draw of a sample by weight (the last positive one if rounding runs past the total). */
function drawByWeight(weights: Float64Array, total: number, u: number): number {
  const target = u * total;
  let acc = 0;
  let c = -1;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i]!;
    if (w > 0) {
      acc += w;
      c = i;
      if (acc > target) break;
    }
  }
  return c;
}

function greedySeeds(data: Float64Array, n: number, p: number, k: number, rng: Rng, candidates: number, norms: Float64Array): Seeding {
  const indices = new Int32Array(k);
  const labels = new Int32Array(n);
  const dist = new Float64Array(n).fill(Infinity);
  const trial = new Float64Array(n);
  const bestTrial = new Float64Array(n);
  let total = 0;
  for (let j = 0; j < k; j++) {
    let chosen = -1;
    if (j === 0 || !(total > 0)) {
      chosen = rng.int(n);
      for (let i = 0; i < n; i++) bestTrial[i] = Math.min(dist[i]!, sqDist(data, p, norms, i, chosen));
    } else {
      let bestPotential = Infinity;
      for (let t = 0; t < candidates; t++) {
        const c = drawByWeight(dist, total, rng.next());
        let potential = 0;
        for (let i = 0; i < n; i++) {
          const d = Math.min(dist[i]!, sqDist(data, p, norms, i, c));
          trial[i] = d;
          potential += d;
        }
        if (potential < bestPotential) {
          bestPotential = potential;
          chosen = c;
          bestTrial.set(trial);
        }
      }
    }
    indices[j] = chosen;
    total = 0;
    for (let i = 0; i < n; i++) {
      if (bestTrial[i]! < dist[i]!) {
        dist[i] = bestTrial[i]!;
        labels[i] = j;
      }
      total += dist[i]!;
    }
  }
  return { indices, labels, distances: dist };
}

function parallelSeeds(data: Float64Array, n: number, p: number, k: number, rng: Rng, ell: number, rounds: number, norms: Float64Array): Seeding {
  const candidates: number[] = [rng.int(n)];
  const dist = new Float64Array(n);
  const nearest = new Int32Array(n); // position in `candidates`
  for (let i = 0; i < n; i++) dist[i] = sqDist(data, p, norms, i, candidates[0]!);
  for (let r = 0; r < rounds; r++) {
    let total = 0;
    for (let i = 0; i < n; i++) total += dist[i]!;
    if (!(total > 0)) break;
    const drawn: number[] = [];
    for (let i = 0; i < n; i++) if (rng.next() < (ell * dist[i]!) / total) drawn.push(i);
    for (const c of drawn) {
      const pos = candidates.length;
      candidates.push(c);
      for (let i = 0; i < n; i++) {
        const d = sqDist(data, p, norms, i, c);
        if (d < dist[i]!) {
          dist[i] = d;
          nearest[i] = pos;
        }
      }
    }
  }
  // Weighted k-means++ on the candidates (weight: samples nearest to each).
  const m = candidates.length;
  const weight = new Float64Array(m);
  for (let i = 0; i < n; i++) weight[nearest[i]!]!++;
  const rows = Int32Array.from(candidates);
  const chosen: number[] = [];
  const cd = new Float64Array(m).fill(Infinity);
  const w = new Float64Array(m);
  let total = 0;
  for (let j = 0; j < Math.min(k, m); j++) {
    const t = j === 0 || !(total > 0) ? drawByWeight(weight, n, rng.next()) : drawByWeight(w, total, rng.next());
    chosen.push(t);
    total = 0;
    for (let u = 0; u < m; u++) {
      const d = sqDist(data, p, norms, rows[u]!, rows[t]!);
      if (d < cd[u]!) cd[u] = d;
      w[u] = weight[u]! * cd[u]!;
      total += w[u]!;
    }
  }
  while (chosen.length < k) chosen.push(rng.int(m)); // fewer candidates than k (tiny data)
  return assignToSeeds(data, n, p, Int32Array.from(chosen, (t) => rows[t]!), norms);
}
