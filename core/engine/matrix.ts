/**
 * Small helpers around the row-major `Matrix` (n × p Float64Array, NaN = missing).
 */
import { SkfrError } from '../errors.js';
import { ROWS_PER_CHECK, throwIfAborted } from './abort.js';
import type { AbortSignalLike, Matrix } from './types.js';

/** Wrap (or allocate) a row-major matrix; checks that the buffer length is rows × cols. */
export function createMatrix(rows: number, cols: number, data?: Float64Array): Matrix {
  const buffer = data ?? new Float64Array(rows * cols);
  if (buffer.length !== rows * cols) {
    throw new SkfrError('invalid-option', `A ${rows} × ${cols} matrix needs ${rows * cols} values, got ${buffer.length}.`);
  }
  return { rows, cols, data: buffer };
}

/**
 * Build a matrix from an array of equal-length rows (convenience for tests and small tables).
 * `null`/`undefined` become NaN (missing).
 * @example fromRows([[1, 2], [3, NaN]]) // 2 × 2, entry (1, 1) missing
 */
export function fromRows(rows: ReadonlyArray<ReadonlyArray<number | null | undefined>>): Matrix {
  const n = rows.length;
  const p = n === 0 ? 0 : rows[0]!.length;
  const data = new Float64Array(n * p);
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    if (row.length !== p) {
      throw new SkfrError('invalid-option', `Row ${i + 1} has ${row.length} values; the first row has ${p}.`);
    }
    for (let l = 0; l < p; l++) data[i * p + l] = row[l] ?? NaN;
  }
  return { rows: n, cols: p, data };
}

/** Columns `indices` of X as a new matrix (used for projections and per-feature views). */
export function selectColumns(X: Matrix, indices: ArrayLike<number>): Matrix {
  const n = X.rows;
  const p = X.cols;
  const q = indices.length;
  const out = new Float64Array(n * q);
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < q; t++) out[i * q + t] = X.data[i * p + indices[t]!]!;
  }
  return { rows: n, cols: q, data: out };
}

/** A missing cell is any non-finite value (NaN, ±Infinity). */
export const isMissing = (x: number): boolean => !Number.isFinite(x);

/** Index of the first row (0-based) with no observed value, or −1. */
export function firstEmptyRow(X: Matrix, signal?: AbortSignalLike): number {
  const { rows: n, cols: p, data } = X;
  for (let i = 0; i < n; i++) {
    if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(signal);
    let observed = false;
    for (let l = 0, o = i * p; l < p; l++, o++) {
      if (Number.isFinite(data[o]!)) {
        observed = true;
        break;
      }
    }
    if (!observed) return i;
  }
  return -1;
}
