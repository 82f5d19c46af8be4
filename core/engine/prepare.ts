/**
 * Data preparation shared by all restarts of one fit: validation, centring and scaling, the list of missing
 * cells (k-POD) and their starting fill, and which features may be ranked.
 *
 * `prepareFit(X, options)` + `runRestart(prepared, r)` + `pickBest(results)` is the whole of `fit`; the
 * pieces are exported so a host can farm restarts out to worker threads with identical results.
 */
import { SkfrError } from '../errors.js';
import { ROWS_PER_CHECK, throwIfAborted } from './abort.js';
import { firstEmptyRow } from './matrix.js';
import { l1RowNorms, squaredRowNorms } from './seeding.js';
import { validateFitOptions } from './options.js';
import { centre, paretoScale, standardize } from './standardize.js';
import type { AbortSignalLike, FitOptions, Matrix, Progress, ResolvedFitOptions } from './types.js';

export interface PreparedFit {
  options: ResolvedFitOptions;
  n: number;
  p: number;
  /**
   * Working matrix in the fitted scale (centred; divided by the sd for 'unit-variance', by its square root for 'pareto'), row-major n × p.
   * Missing cells hold their current k-POD fill: `runRestart` resets them to `initialFill` first and
   * then overwrites them, so restarts on one PreparedFit must run one after another (or on copies).
   */
  data: Float64Array;
  /** Flat indices (i·p + l) of the missing cells, increasing. */
  missing: Int32Array;
  /** Starting value of each missing cell: its column mean in the fitted scale (0: every fit centres). */
  initialFill: Float64Array;
  /** 1 for features that may be ranked and selected, 0 for zero-variance ones. */
  usable: Uint8Array;
  usableCount: number;
  zeroVariance: number[];
  /** Column means and scales of the input, to map fitted-scale values back: x = y · scale + mean (sd, √sd for 'pareto', 1 for 'none'). */
  columnMeans: Float64Array;
  columnScales: Float64Array;
  /** Observed column means in the fitted scale (0, as every fit centres; the missing cells' starting fill). */
  fittedColumnMeans: Float64Array;
  /**
   * Row norms of the data with the initial fills: Σ_l y_il² (squared loss) or Σ_l |y_il| (absolute loss). Empty
   * (not stored) for a complete matrix of at most NORMS_RECOMPUTED_UP_TO features: each reader then computes
   * row i's norm from the row (seeding.ts rowNormAt), the same number bit for bit.
   */
  initialRowNorms: Float64Array;
  signal?: AbortSignalLike;
  onProgress?: (progress: Progress) => void;
}

/**
 * Up to this many features, a complete matrix's row norms are not stored but computed where they are read
 * (one or two multiply-adds, reading the row the reader reads anyway): stored, they would be n doubles, as
 * large as the matrix itself at p = 1 (20 million rows: 160 MB beside 160 MB of numbers). With missing
 * cells they are stored, as the k-POD fills update them.
 */
export const NORMS_RECOMPUTED_UP_TO = 2;

/**
 * Validate options and data, centre (and scale), and list the missing cells. The working matrix is a copy of
 * X.data, or X.data itself with `options.reuseInput` (then X is centred and scaled in place; same result).
 * @throws SkfrError 'invalid-k' | 'invalid-s' | 'invalid-option' | 'empty-sample' | 'cancelled'
 */
export function prepareFit(X: Matrix, options: FitOptions): PreparedFit {
  throwIfAborted(options.signal);
  const { rows: n, cols: p } = X;
  if (X.data.length !== n * p) {
    throw new SkfrError('invalid-option', `The data matrix claims ${n} × ${p} but holds ${X.data.length} values.`);
  }
  const resolved = validateFitOptions(n, p, options);
  const empty = firstEmptyRow(X, options.signal);
  if (empty >= 0) {
    throw new SkfrError(
      'empty-sample',
      `Row ${empty + 1} has no observed value in any of the ${p} features: remove that sample or give it at least one value.`,
    );
  }
  // reuseInput: X.data itself becomes the working matrix (centred and scaled in place), see FitOptions.
  const reuse = options.reuseInput === true;
  // Every fit centres each feature on its observed values (the ranking d_l = Σ_j |C_j| μ_jl² assumes centred
  // features, paper Section 2); 'unit-variance' also divides by the sd, 'pareto' by its square root. A missing cell
  // starts at its column mean in the fitted scale: 0 in each.
  const fillByColumn = new Float64Array(p);
  const z =
    resolved.scale === 'unit-variance'
      ? standardize(X, options.signal, reuse)
      : resolved.scale === 'pareto'
        ? paretoScale(X, options.signal, reuse)
        : centre(X, options.signal, reuse);
  const data = z.matrix.data;
  const columnMeans = z.means;
  const columnScales = new Float64Array(p);
  for (let l = 0; l < p; l++) {
    const sd = z.sds[l]!;
    columnScales[l] = !(sd > 0) || resolved.scale === 'none' ? 1 : resolved.scale === 'pareto' ? Math.sqrt(sd) : sd;
  }
  const { zeroVariance, observed } = z;
  const usable = new Uint8Array(p).fill(1);
  for (const l of zeroVariance) usable[l] = 0;
  const usableCount = p - zeroVariance.length;
  if (usableCount === 0) {
    throw new SkfrError('invalid-s', `No feature varies across the ${n} samples: every one of the ${p} features is constant or missing, so nothing can be ranked.`);
  }

  let m = n * p;
  for (let l = 0; l < p; l++) m -= observed[l]!;
  const missing = new Int32Array(m);
  const initialFill = new Float64Array(m);
  if (m > 0) {
    for (let i = 0, t = 0; i < n; i++) {
      if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(options.signal);
      for (let l = 0, o = i * p; l < p; l++, o++) {
        if (!Number.isFinite(data[o]!)) {
          missing[t] = o;
          initialFill[t++] = fillByColumn[l]!;
          data[o] = fillByColumn[l]!;
        }
      }
    }
  }
  throwIfAborted(options.signal);
  // (beside shared data, the norms are shared too: worker threads read them, none writes them, restart-work.ts)
  let initialRowNorms: Float64Array = new Float64Array(0);
  if (m > 0 || p > NORMS_RECOMPUTED_UP_TO) {
    const norms = sharedLike(data, n);
    initialRowNorms =
      resolved.loss === 'absolute' ? l1RowNorms(data, n, p, options.signal, norms) : squaredRowNorms(data, n, p, options.signal, norms);
  }
  return {
    options: resolved,
    n,
    p,
    data,
    missing,
    initialFill,
    usable,
    usableCount,
    zeroVariance,
    columnMeans,
    columnScales,
    initialRowNorms,
    fittedColumnMeans: fillByColumn,
    signal: options.signal,
    onProgress: options.onProgress,
  };
}

/**
 * n zeros in a SharedArrayBuffer when `data` is in one (a host sharing the matrix with worker threads, which then
 * read the array in place instead of each receiving a copy), else in an ordinary buffer.
 */
function sharedLike(data: Float64Array, n: number): Float64Array<ArrayBuffer> {
  const shared = typeof SharedArrayBuffer !== 'undefined' && data.buffer instanceof SharedArrayBuffer;
  return shared ? new Float64Array(new SharedArrayBuffer(n * Float64Array.BYTES_PER_ELEMENT) as unknown as ArrayBuffer) : new Float64Array(n);
}
