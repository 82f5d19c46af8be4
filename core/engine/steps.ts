/**
 * The per-iteration steps of one SKFR restart (see restart.ts for the algorithm), each a small function
 * over Float64Array so the JIT optimises every loop on its own and early (a cold process runs only a few
 * restarts). Every step does its arithmetic in the same order as the single loop it replaced, so results
 * are identical bit for bit.
 */
import { ROWS_PER_CHECK, throwIfAborted } from './abort.js';
import { medianInPlace } from './median.js';
import type { SelectedColumns } from './columns.js';
import type { AbortSignalLike } from './types.js';
import type { Labels } from './labels.js';

const CHECK_MASK = ROWS_PER_CHECK - 1;

/** sums_j ← Σ_{i∈C_j} y_i, one pass over the data (k × p, row-major). */
export function clusterSums(Y: Float64Array, labels: Labels, n: number, p: number, sums: Float64Array, signal?: AbortSignalLike): void {
  sums.fill(0);
  for (let i = 0; i < n; i++) {
    if ((i & CHECK_MASK) === 0) throwIfAborted(signal);
    const so = labels[i]! * p;
    for (let l = 0, o = i * p; l < p; l++, o++) sums[so + l]! += Y[o]!;
  }
}

/**
 * k-POD step: y_il ← θ_{c(i) l} for every missing cell, keeping the row norms, the cluster sums (squared
 * loss; `sums` empty for absolute) and the compact column copy in step; adds each row's squared change to
 * `shift` when given (the assignment's pruning bounds).
 */
export function kpodFill(
  Y: Float64Array,
  missing: Int32Array,
  p: number,
  labels: Labels,
  theta: Float64Array,
  rowNorm: Float64Array,
  sums: Float64Array,
  absolute: boolean,
  columns: SelectedColumns,
  shift: Float64Array | null,
): void {
  const m = missing.length;
  for (let t = 0; t < m; t++) {
    const o = missing[t]!;
    const i = (o / p) | 0;
    const l = o - i * p;
    const c = labels[i]!;
    const v = theta[c * p + l]!;
    const old = Y[o]!;
    if (v !== old) {
      if (absolute) {
        rowNorm[i]! += Math.abs(v) - Math.abs(old);
      } else {
        sums[c * p + l]! += v - old;
        rowNorm[i]! += v * v - old * old;
      }
      // Never 0 for a changed cell (an underflowing square would let the assignment treat the row as unchanged).
      if (shift !== null) shift[i]! += (v - old) * (v - old) || Number.MIN_VALUE;
      Y[o] = v;
      columns.set(i, l, v);
    }
  }
}

/** Squared loss: μ_jl = sums_jl / |C_j| and d_jl = |C_j| μ_jl² (0 for unusable features). */
export function meansAndScores(
  sums: Float64Array,
  counts: Int32Array,
  k: number,
  p: number,
  usable: Uint8Array,
  means: Float64Array,
  clusterScores: Float64Array,
): void {
  for (let j = 0; j < k; j++) {
    const size = counts[j]!;
    const inv = 1 / size;
    for (let l = 0, o = j * p; l < p; l++, o++) {
      const mu = sums[o]! * inv;
      means[o] = mu;
      clusterScores[o] = usable[l] === 1 ? size * mu * mu : 0;
    }
  }
}

/**
 * Absolute loss: μ_jl = median over C_j and d_jl = Σ_{i∈C_j} |y_il| − Σ_{i∈C_j} |y_il − μ_jl|.
 * `order` (≥ n), `clusterStart` (k + 1) and `scratch` (≥ n) are work space.
 */
export function mediansAndScores(
  Y: Float64Array,
  labels: Labels,
  n: number,
  p: number,
  k: number,
  usable: Uint8Array,
  means: Float64Array,
  clusterScores: Float64Array,
  order: Int32Array,
  clusterStart: Int32Array,
  scratch: Float64Array,
  signal?: AbortSignalLike,
): void {
  clusterStart.fill(0);
  for (let i = 0; i < n; i++) clusterStart[labels[i]! + 1]!++;
  for (let j = 0; j < k; j++) clusterStart[j + 1]! += clusterStart[j]!;
  const cursor = clusterStart.slice(0, k);
  for (let i = 0; i < n; i++) order[cursor[labels[i]!]!++] = i;
  for (let l = 0; l < p; l++) {
    if ((l & 63) === 0) throwIfAborted(signal);
    for (let j = 0; j < k; j++) {
      const a = clusterStart[j]!;
      const size = clusterStart[j + 1]! - a;
      let sumAbs = 0;
      for (let t = 0; t < size; t++) {
        const y = Y[order[a + t]! * p + l]!;
        scratch[t] = y;
        sumAbs += Math.abs(y);
      }
      const med = medianInPlace(scratch, size);
      let dev = 0;
      for (let t = 0; t < size; t++) dev += Math.abs(scratch[t]! - med);
      means[j * p + l] = med;
      clusterScores[j * p + l] = usable[l] === 1 ? sumAbs - dev : 0;
    }
  }
}

/** d_l = Σ_j d_jl. */
export function totalScores(clusterScores: Float64Array, k: number, p: number, scores: Float64Array): void {
  scores.fill(0);
  for (let j = 0; j < k; j++) for (let l = 0, o = j * p; l < p; l++, o++) scores[l]! += clusterScores[o]!;
}

/**
 * Objective over observed entries: Σ_i dist_i minus the filled cells' share, loss(y_il − θ_{c(i) l}) for
 * every missing cell (clamped at 0).
 */
export function observedObjective(
  dist: Float64Array,
  n: number,
  Y: Float64Array,
  missing: Int32Array,
  p: number,
  labels: Labels,
  theta: Float64Array,
  absolute: boolean,
): number {
  let f = 0;
  for (let i = 0; i < n; i++) f += dist[i]!;
  const m = missing.length;
  for (let t = 0; t < m; t++) {
    const o = missing[t]!;
    const i = (o / p) | 0;
    const d = Y[o]! - theta[labels[i]! * p + (o - i * p)]!;
    f -= absolute ? Math.abs(d) : d * d;
  }
  return f > 0 ? f : 0;
}

/** Number of samples whose label differs. */
export function countChanges(a: Labels, b: Labels, n: number): number {
  let changes = 0;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) changes++;
  return changes;
}

/** Move every sample that changed cluster from its old cluster's sum to its new one's. */
export function moveSums(
  Y: Float64Array,
  from: Labels,
  to: Labels,
  n: number,
  p: number,
  sums: Float64Array,
  signal?: AbortSignalLike,
): void {
  for (let i = 0; i < n; i++) {
    if ((i & CHECK_MASK) === 0) throwIfAborted(signal);
    const a = from[i]!;
    const b = to[i]!;
    if (a === b) continue;
    const fo = a * p;
    const bo = b * p;
    for (let l = 0, o = i * p; l < p; l++, o++) {
      const y = Y[o]!;
      sums[fo + l]! -= y;
      sums[bo + l]! += y;
    }
  }
}
