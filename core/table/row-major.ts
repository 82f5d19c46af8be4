/**
 * A CSV/TSV table's numbers kept row by row (issue 17): the readers (delimited.ts, pieces.ts) put every
 * column's numbers in one buffer, the slab, either column-major (column c at c·capacity, the default) or
 * row-major (`rowMajor`: value (r, c) at r·width + c, as the file lists them). Row-major, the kernel's batch of
 * rows goes into the slab in one copy, and `skfr cluster` builds the n × p matrix of a samples-as-rows table
 * by closing up each row in place (`closeUpRows`), instead of transposing columns: together ~0.1 s less at
 * 50 000 × 200 (bench/RESULTS.md).
 *
 * The table is the same either way (test/table/row-major.test.ts): a numeric column's `numbers` is made on
 * first read. A few columns (an id or class column read by the mapping) are gathered from the rows, each
 * into its own array; past `GATHERED_MAX` columns, the slab is transposed in place into column-major once
 * (transpose-in-place.ts: no second copy of the table) and every column is a view on it.
 *
 * @example
 *   const table = parseTableChunks(open, 'data.csv', { rowMajor: true }); // columns as usual
 *   matrixInPlace(features, rows, table.rowCount); // (matrix.ts) rows closed up, no transposition
 */
import { ColumnBuilder } from './columns.js';
import { transposeInPlace } from './transpose-in-place.js';
import type { Column } from './types.js';

/** Where a reader puts every column's numbers (module comment). */
export interface Slab {
  data: Float64Array;
  width: number;
  /** Rows there is room for. */
  capacity: number;
  rowMajor: boolean;
}

/** One builder per column, each writing its cells into the slab. */
export function slabBuilders(slab: Slab): ColumnBuilder[] {
  const { data, width, capacity, rowMajor } = slab;
  return Array.from({ length: width }, (_, c) =>
    rowMajor ? new ColumnBuilder(capacity, data.subarray(c), width) : new ColumnBuilder(capacity, data.subarray(c * capacity, (c + 1) * capacity)),
  );
}

/** Columns gathered one by one before the whole slab is transposed (each costs a copy of a column). */
export const GATHERED_MAX = 8;

/** The row-major numbers behind a table's numeric columns, and what has become of them. */
export class RowMajorNumbers {
  /** 'rows': as read; 'columns': transposed in place (column c at c·rows); 'matrix': closed up into a matrix. */
  state: 'rows' | 'columns' | 'matrix' = 'rows';
  /** Columns gathered into their own arrays, by index. */
  private readonly gathered = new Map<number, Float64Array>();
  /** The table's numeric columns, by index (the others have no numbers). */
  readonly numeric: number[] = [];

  constructor(
    readonly data: Float64Array,
    readonly width: number,
    readonly rows: number,
  ) {}

  /** Column c's numbers (module comment). */
  column(c: number): Float64Array {
    if (this.state === 'columns') return this.data.subarray(c * this.rows, (c + 1) * this.rows);
    const gathered = this.gathered.get(c);
    if (gathered !== undefined) return gathered;
    if (this.state === 'matrix') throw new Error('Internal error: a column was read after its numbers became the matrix.');
    if (this.gathered.size >= GATHERED_MAX) {
      this.toColumns();
      return this.column(c);
    }
    const values = this.gather(c);
    this.gathered.set(c, values);
    return values;
  }

  /**
   * Transpose the rows into columns in place (once). Every column is then a view on the slab (columns gathered
   * before are let go: a caller may still hold one, whose values are the same).
   */
  toColumns(): void {
    if (this.state !== 'rows') return;
    transposeInPlace(this.data, this.rows, this.width);
    this.gathered.clear();
    this.state = 'columns';
  }

  /**
   * The rows `rows` (ascending) of the columns `features` (ascending indices) as an n × p row-major matrix at the
   * start of the slab, closing up each row in place; null when the slab is not as read any more. Every other
   * numeric column is gathered first (its values would be overwritten). Value (i, j) goes from rows[i]·width +
   * features[j] to i·p + j, never a higher index (p ≤ width, j ≤ features[j], i ≤ rows[i]), in ascending order:
   * each value is read before its place is written.
   */
  closeUpRows(features: readonly number[], rows: Int32Array): Float64Array | null {
    if (this.state !== 'rows') return null;
    const { data, width } = this;
    const p = features.length;
    const n = rows.length;
    if (!ascendingWithin(features, width) || !ascendingWithin(rows, this.rows)) return null;
    const isFeature = new Set(features);
    for (const c of this.numeric) if (!isFeature.has(c) && !this.gathered.has(c)) this.gathered.set(c, this.gather(c));
    this.state = 'matrix';
    const first = features[0] ?? 0;
    const runs = p > 0 && features[p - 1] === first + p - 1; // one run of columns: a copy a row
    for (let i = 0; i < n; i++) {
      const src = rows[i]! * width;
      const dst = i * p;
      if (runs) {
        if (src + first !== dst) data.copyWithin(dst, src + first, src + first + p);
      } else {
        for (let j = 0; j < p; j++) data[dst + j] = data[src + features[j]!]!;
      }
    }
    return data.subarray(0, n * p);
  }

  /** Column c copied out of the rows. */
  private gather(c: number): Float64Array {
    const { data, width, rows } = this;
    const values = new Float64Array(rows);
    for (let r = 0, i = c; r < rows; r++, i += width) values[r] = data[i]!;
    return values;
  }
}

/** True when `values` rise strictly from 0 or more to below `end`. */
function ascendingWithin(values: ArrayLike<number>, end: number): boolean {
  for (let i = 0; i < values.length; i++) if (!(values[i]! >= 0 && values[i]! < end && (i === 0 || values[i]! > values[i - 1]!))) return false;
  return true;
}

/** The row-major numbers a column reads from, with its index; absent on other columns. */
const SOURCE = Symbol('row-major numbers');
type RowMajorColumn = Column & { [SOURCE]?: { numbers: RowMajorNumbers; index: number } };

/**
 * The finished columns of a row-major slab (`rows` rows read): numeric columns get `numbers` made on first
 * read (module comment); others are returned as they are.
 */
export function rowMajorColumns(columns: readonly Column[], data: Float64Array, rows: number): Column[] {
  const numbers = new RowMajorNumbers(data, columns.length, rows);
  return columns.map((column, index) => {
    if (column.kind !== 'numeric') return column;
    numbers.numeric.push(index);
    const { numbers: _placeholder, ...rest } = column;
    const lazy = Object.defineProperty(rest as RowMajorColumn, 'numbers', { enumerable: true, get: () => numbers.column(index) });
    Object.defineProperty(lazy, SOURCE, { value: { numbers, index }, enumerable: false });
    return lazy;
  });
}

/** Where a column's numbers lie when the reader kept them row by row (rowMajorColumns); else null. */
export function rowMajorSource(column: Column): { numbers: RowMajorNumbers; index: number } | null {
  return (column as RowMajorColumn)[SOURCE] ?? null;
}

/** The buffer a table's numbers are kept in (the slab), without reading any column; undefined without numbers. */
export function numbersBuffer(columns: readonly Column[]): ArrayBufferLike | undefined {
  for (const column of columns) {
    const source = rowMajorSource(column);
    if (source !== null) return source.numbers.data.buffer;
    if (column.numbers !== null) return column.numbers.buffer;
  }
  return undefined;
}

/**
 * A numeric column's cells read where the reader put them, without making its `numbers`: for a sample of its
 * rows, as the layout's value-kind test takes (formats/value-kind.ts: reading `numbers` copies the whole column
 * out of the rows, and past GATHERED_MAX columns transposes the whole slab). null when the column's numbers are
 * not row-major as read (then `numbers` costs nothing more).
 * @example rowMajorCells(column)?.at(17) // the column's value in row 17 (NaN when missing), the slab untouched
 */
export function rowMajorCells(column: Column): { rows: number; at: (r: number) => number } | null {
  const source = rowMajorSource(column);
  if (source === null || source.numbers.state !== 'rows') return null;
  const { data, width, rows } = source.numbers;
  const c = source.index;
  return { rows, at: (r) => data[r * width + c]! };
}
