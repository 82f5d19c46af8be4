/**
 * 2-D (or d-D) principal-component projection of the samples on chosen features, for plots.
 *
 * Missing cells take their column mean; columns are centred (not rescaled — pass standardised data, or the
 * fitted scale, when features have different units): Y, n × q. The top eigenvectors of the covariance
 * C = Yᵀ Y / (n − 1) are found by orthogonal (subspace) iteration from a fixed start, so the result is
 * deterministic, on the smaller of two matrices with the same non-zero eigenvalues:
 * - q ≤ n: C itself (q × q), whose eigenvectors v are the loadings; coords = Y v;
 * - n < q: the Gram matrix G = Y Yᵀ / (n − 1) (n × n), whose eigenvectors u are the scores' directions:
 *   coords_t = u_t · √((n − 1) λ_t), loadings v_t = Yᵀ u_t / ‖Yᵀ u_t‖ (Y = U Σ Vᵀ);
 * - both over SMALL_SIDE: neither is formed; each sweep applies C as Yᵀ (Y V) / (n − 1), O(n q) per axis.
 * So time and memory stay bounded by the n × q block (3 samples × 200 000 features: a 3 × 3 Gram matrix, not
 * a 200 000² covariance of 320 GB; 24 × 20 000: a 24 × 24 one). Each axis's sign is fixed so that its
 * largest-magnitude loading is positive. `explained[t]` = λ_t / trace(C), the share of variance of axis t
 * (0 when the data are constant). The work yields every CHECK_WORK multiply-adds (a few ms), where
 * `signal.aborted` is looked at (a cancel stops it with SkfrError('cancelled')) and, in pcaProjectionAsync, the
 * event loop gets a turn.
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

export interface ProjectionOptions {
  /** Looked at every few ms of work; `aborted` → SkfrError('cancelled'). */
  signal?: { readonly aborted: boolean } | null;
  /** Called each time the signal is looked at (tests count the checks). */
  onCheck?: () => void;
}

const MAX_SWEEPS = 500;
/** Sweeps when C is applied through Y (each costs 2·n·q per axis): enough for a plot's two axes, and bounded. */
const IMPLICIT_SWEEPS = 60;
/** Largest side of the small matrix formed (C or G): 1000² values = 8 MB, a sweep 2 · 10⁶ operations. */
const SMALL_SIDE = 1000;
/** Work (multiply-adds) between two looks at the signal. */
const CHECK_WORK = 1 << 22;

/** A symmetric operator W = S·V on r row vectors of length `dim` (yielding where the signal may be looked at). */
type Apply = (V: Float64Array, W: Float64Array, r: number) => Generator<void, void>;

/** The projection, in this thread from start to end (the signal is looked at, but nothing else runs meanwhile). */
export function pcaProjection(X: Matrix, featureIndices: ArrayLike<number>, dims = 2, options: ProjectionOptions = {}): Projection {
  const steps = projectionSteps(X, featureIndices, dims);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    lookAt(options);
  }
}

/**
 * The projection, giving the event loop a turn every few milliseconds of work (a macrotask), so that a cancel
 * (Ctrl+C, SIGTERM, the app's Cancel) is heard and takes effect within a fraction of a second.
 */
export async function pcaProjectionAsync(X: Matrix, featureIndices: ArrayLike<number>, dims = 2, options: ProjectionOptions = {}): Promise<Projection> {
  const steps = projectionSteps(X, featureIndices, dims);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await new Promise<void>((resolve) => host.setTimeout(resolve, 0));
    lookAt(options);
  }
}

/** The host's timer (every host has one; core names no platform's types). */
const host = globalThis as unknown as { setTimeout(callback: () => void, ms: number): unknown };

function lookAt(options: ProjectionOptions): void {
  options.onCheck?.();
  if (options.signal?.aborted) throw new SkfrError('cancelled', 'The run was cancelled.');
}

/** The projection's work (module comment), yielding after every CHECK_WORK multiply-adds or so. */
function* projectionSteps(X: Matrix, featureIndices: ArrayLike<number>, dims: number): Generator<void, Projection> {
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
  let done = 0;
  /** Count work; true when it is time to yield. */
  const check = (work: number): boolean => {
    done += work;
    if (done < CHECK_WORK) return false;
    done = 0;
    return true;
  };
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
    if (check(q)) yield;
  }
  for (let t = 0; t < q; t++) mean[t] = count[t]! > 0 ? mean[t]! / count[t]! : 0;
  let trace = 0;
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < q; t++) {
      const x = data[i * p + featureIndices[t]!]!;
      const y = Number.isFinite(x) ? x - mean[t]! : 0;
      Y[i * q + t] = y;
      trace += y * y;
    }
    if (check(q)) yield;
  }
  const denom = Math.max(1, n - 1);
  trace /= denom;
  const r = Math.min(dims, q, Math.max(n, 1));
  const coords = new Float64Array(n * dims);
  const explained = new Array<number>(dims).fill(0);
  if (r === 0 || n === 0) return { coords, explained };

  if (n < q && n <= SMALL_SIDE) {
    // Gram matrix G = Y Yᵀ / (n − 1), n × n.
    const G = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = i; j < n; j++) {
        let acc = 0;
        for (let a = 0, oi = i * q, oj = j * q; a < q; a++) acc += Y[oi + a]! * Y[oj + a]!;
        G[i * n + j] = G[j * n + i] = acc / denom;
      }
      if (check(q * (n - i))) yield;
    }
    const { vectors: U, values } = yield* topEigen(denseApply(G, n, check), n, r, check);
    for (let t = 0; t < r; t++) {
      const u = U.subarray(t * n, (t + 1) * n);
      // The loading Yᵀu fixes the sign (its largest-magnitude entry positive), as on the covariance.
      let big = 0;
      for (let a = 0; a < q; a++) {
        let z = 0;
        for (let i = 0; i < n; i++) z += Y[i * q + a]! * u[i]!;
        if (Math.abs(z) > Math.abs(big)) big = z;
      }
      if (check(n * q)) yield;
      const sign = big < 0 ? -1 : 1;
      const scale = Math.sqrt(Math.max(0, values[t]!) * denom);
      for (let i = 0; i < n; i++) coords[i * dims + t] = sign * u[i]! * scale;
      explained[t] = trace > 0 ? Math.max(0, values[t]!) / trace : 0;
    }
    return { coords, explained };
  }

  let apply: Apply;
  if (q <= SMALL_SIDE) {
    // Covariance C = Yᵀ Y / (n − 1), q × q.
    const C = new Float64Array(q * q);
    for (let i = 0; i < n; i++) {
      const o = i * q;
      for (let a = 0; a < q; a++) {
        const ya = Y[o + a]!;
        if (ya === 0) continue;
        for (let b = a; b < q; b++) C[a * q + b]! += ya * Y[o + b]!;
      }
      if (check(q * q)) yield;
    }
    for (let a = 0; a < q; a++) {
      for (let b = a; b < q; b++) {
        const v = C[a * q + b]! / denom;
        C[a * q + b] = v;
        C[b * q + a] = v;
      }
    }
    apply = denseApply(C, q, check);
  } else {
    // Neither side small: C·V as Yᵀ (Y V) / (n − 1), without forming C.
    const Z = new Float64Array(n);
    apply = function* (V, W, rows) {
      W.fill(0, 0, rows * q);
      for (let t = 0; t < rows; t++) {
        const v = t * q;
        for (let i = 0; i < n; i++) {
          let z = 0;
          for (let a = 0, o = i * q; a < q; a++) z += Y[o + a]! * V[v + a]!;
          Z[i] = z / denom;
          if (check(q)) yield;
        }
        for (let i = 0; i < n; i++) {
          const z = Z[i]!;
          for (let a = 0, o = i * q; a < q; a++) W[v + a]! += Y[o + a]! * z;
          if (check(q)) yield;
        }
      }
    };
  }
  const { vectors: V, values } = yield* topEigen(apply, q, r, check, q <= SMALL_SIDE ? MAX_SWEEPS : IMPLICIT_SWEEPS);
  for (let t = 0; t < r; t++) {
    const v = V.subarray(t * q, (t + 1) * q);
    explained[t] = trace > 0 ? Math.max(0, values[t]!) / trace : 0;
    for (let i = 0; i < n; i++) {
      let z = 0;
      for (let a = 0; a < q; a++) z += Y[i * q + a]! * v[a]!;
      coords[i * dims + t] = z;
    }
    if (check(n * q)) yield;
  }
  return { coords, explained };
}

/** W = S·V for a dense symmetric `dim` × `dim` matrix S. */
function denseApply(S: Float64Array, dim: number, check: (work: number) => boolean): Apply {
  return function* (V, W, r) {
    for (let t = 0; t < r; t++) {
      for (let a = 0; a < dim; a++) {
        let acc = 0;
        for (let b = 0; b < dim; b++) acc += S[a * dim + b]! * V[t * dim + b]!;
        W[t * dim + a] = acc;
        if (check(dim)) yield;
      }
    }
  };
}

/**
 * Top-r eigenvectors (rows of `vectors`, r × dim) and eigenvalues (Rayleigh quotients) of the symmetric
 * operator `apply`, deterministic; each vector's largest-magnitude entry positive.
 */
function* topEigen(apply: Apply, dim: number, r: number, check: (work: number) => boolean, sweeps = MAX_SWEEPS): Generator<void, { vectors: Float64Array; values: number[] }> {
  const V = new Float64Array(r * dim);
  // Fixed, generic start: v_t[a] = 1 + a·(t+1)·0.618… mod 1 (+ a unit bump so V has full rank).
  for (let t = 0; t < r; t++) {
    for (let a = 0; a < dim; a++) V[t * dim + a] = ((a + 1) * (t + 1) * 0.6180339887498949) % 1 + (a === t ? 1 : 0);
  }
  orthonormalize(V, dim, r);
  const W = new Float64Array(r * dim);
  for (let sweep = 0; sweep < sweeps; sweep++) {
    yield* apply(V, W, r);
    if (check(dim * r)) yield;
    orthonormalize(W, dim, r);
    let change = 0;
    for (let t = 0; t < r; t++) {
      let dot = 0;
      for (let a = 0; a < dim; a++) dot += W[t * dim + a]! * V[t * dim + a]!;
      change = Math.max(change, 1 - Math.abs(dot));
    }
    V.set(W);
    if (change < 1e-13) break;
  }
  // Deterministic sign: largest-magnitude entry positive.
  for (let t = 0; t < r; t++) {
    let big = 0;
    for (let a = 0; a < dim; a++) if (Math.abs(V[t * dim + a]!) > Math.abs(big)) big = V[t * dim + a]!;
    if (big < 0) for (let a = 0; a < dim; a++) V[t * dim + a] = -V[t * dim + a]!;
  }
  // Eigenvalues by the Rayleigh quotient.
  yield* apply(V, W, r);
  const values: number[] = [];
  for (let t = 0; t < r; t++) {
    let lambda = 0;
    for (let a = 0; a < dim; a++) lambda += V[t * dim + a]! * W[t * dim + a]!;
    values.push(lambda);
  }
  return { vectors: V, values };
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
