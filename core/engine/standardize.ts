/**
 * Column standardisation to zero mean and unit variance over observed entries (Section 2 of the paper:
 * "both versions begin by standardizing each feature").
 *
 * mean_l = (1/n_l) Σ_{i observed} x_il,  sd_l = sqrt( Σ_{i observed} (x_il − mean_l)² / (n_l − 1) )
 * (the sample standard deviation, as R's `scale`). A column is *zero-variance* when it has fewer than two
 * observed values or all its observed values are equal; such a column becomes all 0 (missing cells stay NaN),
 * is listed in `zeroVariance`, and is never divided by zero.
 *
 * Overflow-free: (x − mean)² overflows float64 once |x| reaches ~1e154, which used to make the sd infinite and
 * silently turn the column into zeros. A column whose largest |x| is at least BIG_VALUE (1e150) is therefore
 * computed on x·2⁻ᵉ, with 2ᵉ just above its largest |x| (an exact scaling: every scaled value is at most 1),
 * and its standardised values as (x·2⁻ᵉ − mean·2⁻ᵉ) / (sd·2⁻ᵉ). Every other column is computed exactly as
 * before, so results on ordinary data are the same bit for bit.
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

/** From this largest |x| on, a column's statistics are computed on scaled values (see the module comment). */
export const BIG_VALUE = 1e150;

/** ColumnStats, plus for columns of large values (BIG_VALUE) their power-of-two scale and scaled mean and sd. */
interface ScaledStats extends ColumnStats {
  /** 2⁻ᵉ for a column of large values, 0 for every other column; null when there is no such column. */
  scales: Float64Array | null;
  scaledMeans: Float64Array;
  scaledSds: Float64Array;
}

/** 2⁻ᵉ with 2ᵉ > m ≥ 2ᵉ⁻¹ (m finite, > 0): m·2⁻ᵉ lies in [0.5, 1), and multiplying by it is exact. */
function powerOfTwoBelowInverse(m: number): number {
  let e = Math.ceil(Math.log2(m));
  if (2 ** e <= m) e++; // log2 rounding
  while (e > 0 && 2 ** (e - 1) > m) e--;
  return 2 ** -e;
}

/** Per-column mean, sample sd and observed count over finite entries (two passes, row-major). */
export function columnStats(X: Matrix, signal?: AbortSignalLike): ColumnStats {
  const { means, sds, observed, zeroVariance } = scaledColumnStats(X, signal);
  return { means, sds, observed, zeroVariance };
}

function scaledColumnStats(X: Matrix, signal?: AbortSignalLike): ScaledStats {
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
  let scales: Float64Array | null = null;
  for (let l = 0; l < p; l++) {
    const largest = observed[l]! > 0 ? Math.max(-min[l]!, max[l]!) : 0;
    if (largest >= BIG_VALUE) {
      scales ??= new Float64Array(p);
      scales[l] = powerOfTwoBelowInverse(largest);
    }
  }
  const means = new Float64Array(p);
  const scaledMeans = new Float64Array(p);
  const ss = new Float64Array(p);
  if (scales === null) {
    for (let l = 0; l < p; l++) means[l] = observed[l]! > 0 ? sum[l]! / observed[l]! : 0;
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
  } else {
    // Columns of large values: their sums again, on scaled values (the first sums may have overflowed).
    const scaledSum = new Float64Array(p);
    for (let i = 0; i < n; i++) {
      if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
      for (let l = 0, o = i * p; l < p; l++, o++) {
        const x = data[o]!;
        if (scales[l]! > 0 && Number.isFinite(x)) scaledSum[l]! += x * scales[l]!;
      }
    }
    for (let l = 0; l < p; l++) {
      if (observed[l]! === 0) continue;
      if (scales[l]! > 0) {
        scaledMeans[l] = scaledSum[l]! / observed[l]!;
        means[l] = scaledMeans[l]! / scales[l]!;
      } else means[l] = sum[l]! / observed[l]!;
    }
    for (let i = 0; i < n; i++) {
      if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
      for (let l = 0, o = i * p; l < p; l++, o++) {
        const x = data[o]!;
        if (Number.isFinite(x)) {
          const d = scales[l]! > 0 ? x * scales[l]! - scaledMeans[l]! : x - means[l]!;
          ss[l]! += d * d;
        }
      }
    }
  }
  const sds = new Float64Array(p);
  const scaledSds = new Float64Array(p);
  const zeroVariance: number[] = [];
  for (let l = 0; l < p; l++) {
    if (observed[l]! < 2 || min[l] === max[l]) {
      zeroVariance.push(l);
      sds[l] = 0;
    } else if (scales !== null && scales[l]! > 0) {
      scaledSds[l] = Math.sqrt(ss[l]! / (observed[l]! - 1));
      sds[l] = scaledSds[l]! / scales[l]!;
    } else {
      sds[l] = Math.sqrt(ss[l]! / (observed[l]! - 1));
    }
  }
  return { means, sds, observed, zeroVariance, scales, scaledMeans, scaledSds };
}

/**
 * Standardise every column; see the module comment. Returns a new matrix (the input is not modified),
 * or, with `inPlace`, writes the standardised values over X.data and returns a matrix on that same array
 * (each cell is read once, then overwritten: the values are the same bit for bit).
 * An optional signal is checked every few rows (long inputs stay cancellable); cancelled in place, X.data
 * is left partly standardised.
 */
export function standardize(X: Matrix, signal?: AbortSignalLike, inPlace = false): Standardized {
  const stats = scaledColumnStats(X, signal);
  const { rows: n, cols: p, data } = X;
  const out = inPlace ? data : new Float64Array(n * p);
  const scale = new Float64Array(p);
  for (let l = 0; l < p; l++) scale[l] = stats.sds[l]! > 0 ? 1 / stats.sds[l]! : 0;
  const { means, scales } = stats;
  if (scales === null) {
    for (let i = 0; i < n; i++) {
      if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
      for (let l = 0, o = i * p; l < p; l++, o++) {
        const x = data[o]!;
        out[o] = Number.isFinite(x) ? (x - means[l]!) * scale[l]! : NaN;
      }
    }
  } else {
    // Columns of large values on their scaled mean and sd (x − mean itself may overflow).
    const { scaledMeans, scaledSds } = stats;
    for (let l = 0; l < p; l++) if (scales[l]! > 0) scale[l] = scaledSds[l]! > 0 ? 1 / scaledSds[l]! : 0;
    for (let i = 0; i < n; i++) {
      if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
      for (let l = 0, o = i * p; l < p; l++, o++) {
        const x = data[o]!;
        out[o] = !Number.isFinite(x) ? NaN : scales[l]! > 0 ? (x * scales[l]! - scaledMeans[l]!) * scale[l]! : (x - means[l]!) * scale[l]!;
      }
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

/**
 * Centre every column on its observed values, without scaling (FitOptions.scale 'none'):
 * y_il = x_il − mean_l over observed x_il; missing cells stay NaN; a zero-variance column (as in `standardize`)
 * becomes all 0. The means and sds are those of `standardize` (the same column statistics), so the two differ
 * only by the division. New matrix, or over X.data with `inPlace`.
 *
 * @example
 * centre(fromRows([[1, 5], [3, 5]]))
 * // matrix [[-1, 0], [1, 0]], means [2, 5], sds [1.4142, 0], zeroVariance [1]
 */
export function centre(X: Matrix, signal?: AbortSignalLike, inPlace = false): Standardized {
  return centreAndDivide(X, signal, inPlace, false);
}

/**
 * Centre every column as `centre` does, then divide it by the square root of its sd (FitOptions.scale 'pareto';
 * Pareto scaling, van den Berg et al. 2006, BMC Genomics 7:142): a column's variance becomes its sd. Between
 * centring only (variance kept) and unit variance (variance 1): the ranking d_l of a feature is its share of
 * variance explained by the clusters times its sd, instead of times its variance (none) or alone (unit-variance).
 * Same statistics, zero-variance columns and missing cells as `centre`. New matrix, or over X.data with `inPlace`.
 *
 * @example
 * paretoScale(fromRows([[1, 5], [5, 5]]))
 * // matrix [[-2/√(2√2), 0], [2/√(2√2), 0]] = [[-1.189, 0], [1.189, 0]], means [3, 5], sds [2.8284, 0]
 */
export function paretoScale(X: Matrix, signal?: AbortSignalLike, inPlace = false): Standardized {
  return centreAndDivide(X, signal, inPlace, true);
}

function centreAndDivide(X: Matrix, signal: AbortSignalLike | undefined, inPlace: boolean, pareto: boolean): Standardized {
  const stats = scaledColumnStats(X, signal);
  const { rows: n, cols: p, data } = X;
  const out = inPlace ? data : new Float64Array(n * p);
  const { means } = stats;
  // keep[l]: 0 for a zero-variance column (all 0), else 1 (centre) or 1 / √sd (Pareto).
  const keep = new Float64Array(p);
  for (let l = 0; l < p; l++) keep[l] = !pareto ? 1 : stats.sds[l]! > 0 ? 1 / Math.sqrt(stats.sds[l]!) : 0;
  for (const l of stats.zeroVariance) keep[l] = 0;
  for (let i = 0; i < n; i++) {
    if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
    for (let l = 0, o = i * p; l < p; l++, o++) {
      const x = data[o]!;
      // (× 1 when centring only: exact, the same bits as x − mean)
      out[o] = Number.isFinite(x) ? (keep[l]! > 0 ? (x - means[l]!) * keep[l]! : 0) : NaN;
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
