/**
 * 2-D (or d-D) principal-component projection of the samples on chosen features, for plots.
 *
 * Missing cells take their column mean; columns are centred (not rescaled — pass standardised data, or the
 * fitted scale, when features have different units). The covariance C = Yᵀ Y / (n − 1) of the q chosen
 * columns is diagonalised by orthogonal (subspace) iteration from a fixed start, so the result is
 * deterministic. Each axis's sign is fixed so that its largest-magnitude loading is positive.
 * `explained[t]` = λ_t / trace(C), the share of variance of axis t (0 when the data are constant).
 *
 * @example const { coords, explained } = pcaProjection(X, result.selectedFeatures); // coords n × 2
 */
import { SkfrError } from '../errors.js';
import type { Matrix } from './types.js';

export interface Projection {
  /** n × dims, row-major. */
  coords: Float64Array;
  /** Share of the total variance along each axis (length dims). */
  explained: number[];
}

const MAX_SWEEPS = 500;

export function pcaProjection(X: Matrix, featureIndices: ArrayLike<number>, dims = 2): Projection {
  const { rows: n, cols: p, data } = X;
  const q = featureIndices.length;
  if (!Number.isInteger(dims) || dims < 1) {
    throw new SkfrError('invalid-option', `dims = ${dims} is not possible: dims must be a whole number of at least 1.`);
  }
  for (let t = 0; t < q; t++) {
    const l = featureIndices[t]!;
    if (!Number.isInteger(l) || l < 0 || l >= p) {
      throw new SkfrError('invalid-option', `Feature index ${l} is not possible: indices must be between 0 and ${p - 1}.`);
    }
  }
  // Centred, mean-filled copy of the chosen columns.
  const Y = new Float64Array(n * q);
  const mean = new Float64Array(q);
  const count = new Float64Array(q);
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < q; t++) {
      const x = data[i * p + featureIndices[t]!]!;
      if (Number.isFinite(x)) {
        mean[t]! += x;
        count[t]!++;
      }
    }
  }
  for (let t = 0; t < q; t++) mean[t] = count[t]! > 0 ? mean[t]! / count[t]! : 0;
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < q; t++) {
      const x = data[i * p + featureIndices[t]!]!;
      Y[i * q + t] = Number.isFinite(x) ? x - mean[t]! : 0;
    }
  }
  // Covariance.
  const C = new Float64Array(q * q);
  for (let i = 0; i < n; i++) {
    const o = i * q;
    for (let a = 0; a < q; a++) {
      const ya = Y[o + a]!;
      if (ya === 0) continue;
      for (let b = a; b < q; b++) C[a * q + b]! += ya * Y[o + b]!;
    }
  }
  const denom = Math.max(1, n - 1);
  let trace = 0;
  for (let a = 0; a < q; a++) {
    for (let b = a; b < q; b++) {
      const v = C[a * q + b]! / denom;
      C[a * q + b] = v;
      C[b * q + a] = v;
    }
    trace += C[a * q + a]!;
  }
  const r = Math.min(dims, q);
  const V = subspaceIteration(C, q, r);
  const coords = new Float64Array(n * dims);
  const explained = new Array<number>(dims).fill(0);
  for (let t = 0; t < r; t++) {
    const v = V.subarray(t * q, (t + 1) * q);
    // Eigenvalue by the Rayleigh quotient.
    let lambda = 0;
    for (let a = 0; a < q; a++) {
      let cv = 0;
      for (let b = 0; b < q; b++) cv += C[a * q + b]! * v[b]!;
      lambda += v[a]! * cv;
    }
    explained[t] = trace > 0 ? Math.max(0, lambda) / trace : 0;
    for (let i = 0; i < n; i++) {
      let z = 0;
      for (let a = 0; a < q; a++) z += Y[i * q + a]! * v[a]!;
      coords[i * dims + t] = z;
    }
  }
  return { coords, explained };
}

/** Top-r eigenvectors of the symmetric q × q matrix C (rows of the result, r × q), deterministic. */
function subspaceIteration(C: Float64Array, q: number, r: number): Float64Array {
  const V = new Float64Array(r * q);
  // Fixed, generic start: v_t[a] = 1 + a·(t+1)·0.618… mod 1 (+ a unit bump so V has full rank).
  for (let t = 0; t < r; t++) {
    for (let a = 0; a < q; a++) V[t * q + a] = ((a + 1) * (t + 1) * 0.6180339887498949) % 1 + (a === t ? 1 : 0);
  }
  orthonormalize(V, q, r);
  const W = new Float64Array(r * q);
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    for (let t = 0; t < r; t++) {
      for (let a = 0; a < q; a++) {
        let acc = 0;
        for (let b = 0; b < q; b++) acc += C[a * q + b]! * V[t * q + b]!;
        W[t * q + a] = acc;
      }
    }
    orthonormalize(W, q, r);
    let change = 0;
    for (let t = 0; t < r; t++) {
      let dot = 0;
      for (let a = 0; a < q; a++) dot += W[t * q + a]! * V[t * q + a]!;
      change = Math.max(change, 1 - Math.abs(dot));
    }
    V.set(W);
    if (change < 1e-13) break;
  }
  // Deterministic sign: largest-magnitude loading positive.
  for (let t = 0; t < r; t++) {
    let big = 0;
    for (let a = 0; a < q; a++) if (Math.abs(V[t * q + a]!) > Math.abs(big)) big = V[t * q + a]!;
    if (big < 0) for (let a = 0; a < q; a++) V[t * q + a] = -V[t * q + a]!;
  }
  return V;
}

/**
 * Gram–Schmidt with re-orthogonalisation on the r rows of V (each of length q). A row that vanishes relative
 * to its length before projection (C has rank < r) is replaced by the first unit axis orthogonal to the rows
 * before it.
 */
function orthonormalize(V: Float64Array, q: number, r: number): void {
  for (let t = 0; t < r; t++) {
    const before = Math.sqrt(sumSquares(V, t * q, q));
    for (let pass = 0; pass < 2; pass++) projectOut(V, q, t);
    let norm = Math.sqrt(sumSquares(V, t * q, q));
    for (let e = 0; !(norm > 1e-10 * before && norm > 1e-300) && e < q; e++) {
      V.fill(0, t * q, (t + 1) * q);
      V[t * q + e] = 1;
      for (let pass = 0; pass < 2; pass++) projectOut(V, q, t);
      norm = Math.sqrt(sumSquares(V, t * q, q));
      if (norm > 1e-6) break;
    }
    for (let a = 0; a < q; a++) V[t * q + a]! /= norm;
  }
}

function sumSquares(V: Float64Array, offset: number, q: number): number {
  let s = 0;
  for (let a = 0; a < q; a++) s += V[offset + a]! ** 2;
  return s;
}

/** Remove from row t its components along rows 0..t−1 (assumed orthonormal). */
function projectOut(V: Float64Array, q: number, t: number): void {
  for (let u = 0; u < t; u++) {
    let dot = 0;
    for (let a = 0; a < q; a++) dot += V[t * q + a]! * V[u * q + a]!;
    for (let a = 0; a < q; a++) V[t * q + a]! -= dot * V[u * q + a]!;
  }
}
