/**
 * Column standardisation to zero mean and unit variance over observed entries (Section 2 of the paper:
 * "both versions begin by standardizing each feature").
 *
 * mean_l = (1/n_l) Σ_{i observed} x_il,  sd_l = sqrt( Σ_{i observed} (x_il − mean_l)² / (n_l − 1) )
 * (the sample standard deviation, as R's `scale`). A column is *zero-variance* when it has fewer than two
 * observed values or all its observed values are equal; such a column becomes all 0 (missing cells stay NaN),
 * is listed in `zeroVariance`, and is never divided by zero.
 *
 * @example
 * standardize(fromRows([[1, 5], [3, 5]]))
 * // matrix [[-0.7071, 0], [0.7071, 0]], means [2, 5], sds [1.4142, 0], zeroVariance [1]
 */
import { ROWS_PER_CHECK, throwIfAborted } from './abort.js';
import type { AbortSignalLike, Matrix } from './types.js';

export interface ColumnStats {
  means: Float64Array;
  sds: Float64Array;
  /** Observed values per column. */
  observed: Int32Array;
  zeroVariance: number[];
}

export interface Standardized {
  matrix: Matrix;
  means: Float64Array;
  sds: Float64Array;
  zeroVariance: number[];
  /** Observed (finite) values per column. */
  observed: Int32Array;
}

/** Per-column mean, sample sd and observed count over finite entries (two passes, row-major). */
export function columnStats(X: Matrix, signal?: AbortSignalLike): ColumnStats {
  const { rows: n, cols: p, data } = X;
  const sum = new Float64Array(p);
  const observed = new Int32Array(p);
  const min = new Float64Array(p).fill(Infinity);
  const max = new Float64Array(p).fill(-Infinity);
  for (let i = 0; i < n; i++) {
    if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
    for (let l = 0, o = i * p; l < p; l++, o++) {
      const x = data[o]!;
      if (Number.isFinite(x)) {
        sum[l]! += x;
        observed[l]!++;
        if (x < min[l]!) min[l] = x;
        if (x > max[l]!) max[l] = x;
      }
    }
  }
  const means = new Float64Array(p);
  for (let l = 0; l < p; l++) means[l] = observed[l]! > 0 ? sum[l]! / observed[l]! : 0;
  const ss = new Float64Array(p);
  for (let i = 0; i < n; i++) {
    if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
    for (let l = 0, o = i * p; l < p; l++, o++) {
      const x = data[o]!;
      if (Number.isFinite(x)) {
        const d = x - means[l]!;
        ss[l]! += d * d;
      }
    }
  }
  const sds = new Float64Array(p);
  const zeroVariance: number[] = [];
  for (let l = 0; l < p; l++) {
    if (observed[l]! < 2 || min[l] === max[l]) {
      zeroVariance.push(l);
      sds[l] = 0;
    } else {
      sds[l] = Math.sqrt(ss[l]! / (observed[l]! - 1));
    }
  }
  return { means, sds, observed, zeroVariance };
}

/**
 * Standardise every column; see the module comment. Returns a new matrix (the input is not modified),
 * or, with `inPlace`, writes the standardised values over X.data and returns a matrix on that same array
 * (each cell is read once, then overwritten: the values are the same bit for bit).
 * An optional signal is checked every few rows (long inputs stay cancellable); cancelled in place, X.data
 * is left partly standardised.
 */
export function standardize(X: Matrix, signal?: AbortSignalLike, inPlace = false): Standardized {
  const stats = columnStats(X, signal);
  const { rows: n, cols: p, data } = X;
  const out = inPlace ? data : new Float64Array(n * p);
  const scale = new Float64Array(p);
  for (let l = 0; l < p; l++) scale[l] = stats.sds[l]! > 0 ? 1 / stats.sds[l]! : 0;
  const { means } = stats;
  for (let i = 0; i < n; i++) {
    if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
    for (let l = 0, o = i * p; l < p; l++, o++) {
      const x = data[o]!;
      out[o] = Number.isFinite(x) ? (x - means[l]!) * scale[l]! : NaN;
    }
  }
  return {
    matrix: { rows: n, cols: p, data: out },
    means: stats.means,
    sds: stats.sds,
    zeroVariance: stats.zeroVariance,
    observed: stats.observed,
  };
}
