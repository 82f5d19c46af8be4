/**
 * The n × p row-major matrix of a mapping, from the kept rows of the feature columns: X[i·p + j] =
 * features[j].numbers[rows[i]]. Two ways, identical values:
 *   - `copyMatrix`: a new array (from `allocate`), the table untouched;
 *   - `matrixInPlace`: in the columns' own buffer, when the readers' layout allows it (delimited.ts puts the
 *     columns of a CSV/TSV file in one buffer): kept row by row (row-major.ts), each kept row's feature
 *     values are closed up in place; column by column (column c at c·N), the kept rows of each feature
 *     column are closed up into a p × n column-major block at the first feature's place, which is then
 *     transposed in place (transpose-in-place.ts). Only one n × p block ever exists; the columns are
 *     overwritten.
 * Example: columns a = [1, 2, 3], b = [4, 5, 6] in one buffer [1 2 3 4 5 6], rows [0, 2] → the buffer
 * starts [1 4 3 6] and the matrix is its first 4 values (2 × 2: [1 4; 3 6]).
 */
import type { Column } from './types.js';
import { rowMajorSource } from './row-major.js';
import { transposeInPlace } from './transpose-in-place.js';

/** A new n × p matrix (from `allocate`, default a plain Float64Array). */
export function copyMatrix(features: readonly Column[], rows: Int32Array, allocate?: (length: number) => Float64Array): Float64Array {
  const n = rows.length;
  const p = features.length;
  const data = allocate ? allocate(n * p) : new Float64Array(n * p);
  if (data.length !== n * p) {
    throw new Error(`Internal error: the matrix allocator returned ${data.length} values for ${n} × ${p}.`);
  }
  features.forEach((column, j) => {
    const numbers = column.numbers!;
    for (let i = 0; i < n; i++) data[i * p + j] = numbers[rows[i]!]!;
  });
  return data;
}

/**
 * Where the feature columns lie, when the matrix can be built over them: every column's numbers on one
 * buffer, `rowCount` values each, in ascending order without overlap (offsets in values from the first
 * column's start). Null otherwise (columns in separate arrays, a feature named twice or out of the table's
 * order, …).
 */
export function inPlaceLayout(features: readonly Column[], rowCount: number): { region: Float64Array; offsets: number[] } | null {
  const first = features[0]?.numbers;
  if (!first) return null;
  const buffer = first.buffer;
  const base = first.byteOffset / 8;
  const offsets: number[] = [];
  let next = 0;
  for (const column of features) {
    const numbers = column.numbers;
    if (!numbers || numbers.buffer !== buffer || numbers.length !== rowCount) return null;
    const offset = numbers.byteOffset / 8 - base;
    if (offset < next) return null;
    offsets.push(offset);
    next = offset + rowCount;
  }
  return { region: new Float64Array(buffer, first.byteOffset, next), offsets };
}

/**
 * The matrix over the feature columns' own buffer (see the module comment), or null when `inPlaceLayout`
 * says no (nothing is changed then). `rows` must be ascending (as the filters keep them). Afterwards the
 * columns of the whole buffer hold the matrix, not their values.
 *
 * Why the copies are safe: value (i, j) goes from offsets[j] + rows[i] to j·n + i, never a higher index
 * (offsets[j] ≥ j·N ≥ j·n, rows[i] ≥ i), and both run in ascending order, so each value is read before
 * its place is written.
 */
export function matrixInPlace(features: readonly Column[], rows: Int32Array, rowCount: number): Float64Array | null {
  const byRows = rowMajorMatrix(features, rows);
  if (byRows !== undefined) return byRows;
  const layout = inPlaceLayout(features, rowCount);
  if (layout === null) return null;
  for (let i = 1; i < rows.length; i++) if (!(rows[i]! > rows[i - 1]!)) return null;
  if (rows.length > 0 && (rows[0]! < 0 || rows[rows.length - 1]! >= rowCount)) return null;
  const { region, offsets } = layout;
  const n = rows.length;
  const p = features.length;
  const allRows = n === rowCount;
  for (let j = 0; j < p; j++) {
    const src = offsets[j]!;
    const dst = j * n;
    if (allRows) {
      if (src !== dst) region.copyWithin(dst, src, src + n);
    } else {
      for (let i = 0; i < n; i++) region[dst + i] = region[src + rows[i]!]!;
    }
  }
  const data = region.subarray(0, n * p);
  transposeInPlace(data, p, n);
  return data;
}

/**
 * The matrix closed up over the rows of a table kept row by row (row-major.ts closeUpRows); null when those
 * rows cannot give it in place; undefined when the features are not all on one such table's rows as read.
 */
function rowMajorMatrix(features: readonly Column[], rows: Int32Array): Float64Array | null | undefined {
  const first = features[0] === undefined ? null : rowMajorSource(features[0]);
  if (first === null || first.numbers.state !== 'rows') return undefined;
  const indices: number[] = [];
  for (const column of features) {
    const source = rowMajorSource(column);
    if (source === null || source.numbers !== first.numbers) return undefined;
    indices.push(source.index);
  }
  return first.numbers.closeUpRows(indices, rows);
}
