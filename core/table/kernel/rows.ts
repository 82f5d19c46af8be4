/**
 * Data rows read the quick way in WebAssembly (issue 17): the kernel of assembly/rows.ts, compiled by
 * `npm run build:wasm` into rows-wasm.ts, reads a batch of rows of a piece (pieces.ts) in one call — numbers
 * straight into a batch (quoted ones too, for a reader from the file's start), every other field listed with its
 * place — and `commit` puts the batch into the
 * columns: the numbers copied column by column (or, for columns kept row by row, row-major.ts, the whole
 * batch in one copy: the kernel then lays it out row by row), the listed fields missing or text as the kernel
 * classified them (a missing token; a field holding a byte no number holds, e.g. MaxQuant's "5;3"), the others
 * by quick-rows.ts fieldValue and quotedValue (a number the kernel left to JavaScript, a lenient one, text). Rows the kernel does not vouch
 * for (a quote, another number of fields, a possibly blank row) are left to the scanner, which decides; so the
 * table is the same (test/table/kernel.test.ts compares the kernel with its oracle, test/table/quick-rows.ts).
 *
 * Where WebAssembly is missing or refused (wasm.ts), `RowKernel.create` gives null and the caller reads every
 * row with the scanner (issue 28: no JavaScript twin; docs/architecture.md).
 *
 * @example
 *   const kernel = RowKernel.create(width, 0x2c, false);
 *   kernel.load(bytes);
 *   const rows = kernel.read(0, false); // then kernel.commit(columns, firstRow, rows), kernel.stopPos …
 */
import { trimmedOrMissing } from '../cells.js';
import type { CellSink } from '../columns.js';
import { POW10_MANTISSAS, Q_MAX, Q_MIN } from '../float-parse.js';
import { fieldValue, quickDelimiter, quotedValue } from '../quick-rows.js';
import { SpanTexts } from '../text.js';
import { ROWS_WASM } from './rows-wasm.js';
import { instantiate, PAGE, reserve, type KernelGlobal, type KernelMemory } from './wasm.js';

interface RowsExports {
  memory: KernelMemory;
  init(table: number, pow10: number): void;
  readRows(body: number, len: number, p: number, partial: number, width: number, delimiter: number, decimalComma: number, out: number, rowsCap: number, exceptions: number, rowMajor: number, quotes: number, listAll: number): number;
  stopPos: KernelGlobal;
  stopReason: KernelGlobal;
  exceptionCount: KernelGlobal;
}

/** A column the kernel's rows go into, its numbers and count of numeric cells (columns.ts ColumnBuilder, pieces.ts). */
export interface KernelColumn extends CellSink {
  readonly numbers: Float64Array;
  numericCount: number;
}

/** A listed field's kind (assembly/rows.ts KIND_SHIFT) in the high bits of its row: missing, text as written. */
const KIND_SHIFT = 24;
const ROW_BITS = (1 << KIND_SHIFT) - 1;
const MISSING = 1;
const TEXT = 2;

/** Where the layout starts (below: the kernel's own data), the tables' places. */
const TABLE_AT = PAGE;
const POW10_AT = TABLE_AT + (Q_MAX - Q_MIN + 1) * 16;
const BATCH_AT = PAGE * 2; // (> POW10_AT + 23 doubles + 9 integers)
/** Cells per batch: the batch (8 bytes a cell) and its exceptions (16) stay within the caches. */
const BATCH_CELLS = 32768;
/**
 * Rows a batch holds at least: a wide table's batch outgrows the caches, but each column then gets a run of
 * values instead of one (200 × 50 000: one row a batch scattered 10 million single values across the columns).
 */
const BATCH_MIN_ROWS = 16;
/** Rows of a batch from which a column's share is copied with one `set` (fewer: value by value). */
const SET_MIN_ROWS = 32;

export class RowKernel {
  /** Rows one `read` may give. */
  readonly rowsCap: number;
  /** After `read`: where the next row starts; whether the scanner must read the row there. */
  stopPos = 0;
  needsScanner = false;
  private exports: RowsExports;
  private body: Uint8Array = new Uint8Array(0);
  private bodyAt = 0;
  private out!: Float64Array;
  private exceptions!: Int32Array;
  private readonly outAt: number;
  /** Where the columns whose every field is listed are marked (a byte per column), and whether any is. */
  private readonly maskAt: number;
  private kept: ((string | null)[] | null)[] | null = null;
  private readonly texts = new SpanTexts();

  /**
   * A kernel for rows of `width` fields; null without WebAssembly, for one column or a delimiter a number may
   * hold. `rowMajor`: the columns it commits to are kept row by row in one buffer (row-major.ts). `quotes`: it
   * also vouches for rows with quoted fields closed on their line (assembly/rows.ts), for a reader that reads
   * the file from its start; never for a piece (pieces.ts stops at every quote: it may have begun inside one).
   */
  static create(width: number, delimiter: number, decimalComma: boolean, rowMajor = false, quotes = false): RowKernel | null {
    if (width < 1 || !quickDelimiter(delimiter, decimalComma)) return null;
    const exports = instantiate<RowsExports>(ROWS_WASM);
    return exports === null ? null : new RowKernel(exports, width, delimiter, decimalComma, rowMajor, quotes);
  }

  private constructor(
    exports: RowsExports,
    private readonly width: number,
    private readonly delimiter: number,
    private readonly decimalComma: boolean,
    private readonly rowMajor: boolean,
    private readonly quotes: boolean,
  ) {
    this.exports = exports;
    this.rowsCap = Math.max(BATCH_MIN_ROWS, Math.floor(BATCH_CELLS / width));
    const cells = this.rowsCap * width;
    this.outAt = BATCH_AT + cells * 16;
    this.maskAt = this.outAt + cells * 8;
    this.bodyAt = this.maskAt + Math.ceil(width / 8) * 8;
    reserve(exports.memory, this.bodyAt);
    new Uint32Array(exports.memory.buffer, TABLE_AT, POW10_MANTISSAS.length).set(wordsLittleEndian());
    exports.init(TABLE_AT, POW10_AT);
    this.makeViews();
  }

  /**
   * Keep every cell's text (trimmed; null where missing: reread.ts's texts) of the columns marked in `kept` (an
   * array of rows per column, null for the others): their fields are all listed, numbers too, and `commit`
   * writes each one's text at its row. For columns a reader knows will need them (delimited.ts
   * DelimitedReader.keptTexts), instead of a pass over the file again. Null: none (the default).
   */
  keepTexts(kept: ((string | null)[] | null)[] | null): void {
    this.kept = kept;
    const mask = new Uint8Array(this.exports.memory.buffer, this.maskAt, this.width);
    for (let c = 0; c < this.width; c++) mask[c] = kept?.[c] != null ? 1 : 0;
  }

  /** The batch's views on the memory (made again when it grows: a grown memory has a new buffer). */
  private makeViews(): void {
    const buffer = this.exports.memory.buffer;
    const cells = this.rowsCap * this.width;
    this.out = new Float64Array(buffer, this.outAt, cells);
    this.exceptions = new Int32Array(buffer, BATCH_AT, cells * 4);
  }

  /** Grow the memory to `bytes` at least. */
  private makeRoom(bytes: number): void {
    if (reserve(this.exports.memory, bytes)) this.makeViews();
  }

  /**
   * Where `load` finds `length` bytes without copying them: a view on the kernel's memory, to be filled (e.g. read
   * from a file) and then loaded. Valid until the next bodyView or load.
   */
  bodyView(length: number): Uint8Array {
    this.makeRoom(this.bodyAt + length);
    return new Uint8Array(this.exports.memory.buffer, this.bodyAt, length);
  }

  /** Copy the bytes whose rows are read next (offsets of `read` and `stopPos` are in them), unless bodyView holds them. */
  load(body: Uint8Array): void {
    this.body = body;
    if (body.buffer === this.exports.memory.buffer && body.byteOffset === this.bodyAt) return;
    this.makeRoom(this.bodyAt + body.length);
    new Uint8Array(this.exports.memory.buffer, this.bodyAt, body.length).set(body);
  }

  /**
   * Read rows from offset `p` of the loaded bytes, at most `rowsCap`: how many (commit them next). `partial`:
   * more bytes follow the loaded ones (a row running to their end may go on).
   */
  read(p: number, partial: boolean): number {
    const x = this.exports;
    const rows = x.readRows(this.bodyAt, this.body.length, p, partial ? 1 : 0, this.width, this.delimiter, this.decimalComma ? 1 : 0, this.outAt, this.rowsCap, BATCH_AT, this.rowMajor ? 1 : 0, this.quotes ? 1 : 0, this.kept === null ? 0 : this.maskAt);
    this.stopPos = x.stopPos.value;
    this.needsScanner = x.stopReason.value === 1;
    return rows;
  }

  /**
   * Put the `rows` rows just read into rows `first…` of `columns` (one per field; kept row by row when the
   * kernel was made so: row-major.ts slabBuilders, column 0's view starting at the slab's first value).
   */
  commit(columns: readonly KernelColumn[], first: number, rows: number): void {
    const { out, rowsCap, body, decimalComma, width } = this;
    if (this.rowMajor) columns[0]!.numbers.set(out.subarray(0, rows * width), first * width);
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c]!;
      column.numericCount += rows;
      if (this.rowMajor) continue;
      const from = c * rowsCap;
      if (rows >= SET_MIN_ROWS) column.numbers.set(out.subarray(from, from + rows), first);
      else {
        // (a few rows a batch: a wide table, one row of 32 768 cells or more; a `set` a cell was 60 ns)
        const numbers = column.numbers;
        for (let r = 0; r < rows; r++) numbers[first + r] = out[from + r]!;
      }
    }
    const listed = this.exports.exceptionCount.value;
    const exceptions = this.exceptions;
    if (listed === 0) return;
    // The listed fields' texts: slices of the batch's text decoded once when they are much of it (text.ts SpanTexts).
    let cellBytes = 0;
    for (let e = 0; e < listed; e++) cellBytes += exceptions[4 * e + 3]! - exceptions[4 * e + 2]!;
    const texts = this.texts;
    texts.load(body, exceptions[2]!, exceptions[4 * (listed - 1) + 3]!, cellBytes);
    const kept = this.kept;
    for (let e = 0; e < listed; e++) {
      const c = exceptions[4 * e + 1]!;
      const start = exceptions[4 * e + 2]!;
      const end = exceptions[4 * e + 3]!;
      // (a quoted field: its column complemented, the bytes inside its quotes)
      const at = c < 0 ? ~c : c;
      const column = columns[at]!;
      const tagged = exceptions[4 * e]!;
      const row = first + (tagged & ROW_BITS);
      const kind = tagged >>> KIND_SHIFT;
      column.numericCount--;
      // (classified by the kernel: missing, or text as written; else here, as the scanner's rows are)
      const out = kept === null ? null : kept[at];
      if (kind === MISSING) {
        column.setMissing(row);
        if (out != null) out[row] = null; // (a missing token's text)
      } else if (kind === TEXT) {
        const text = texts.decode(body, start, end);
        column.setText(row, text);
        if (out != null) out[row] = trimmedOrMissing(text);
      } else {
        column.setCell(row, c < 0 ? quotedValue(body, start, end, decimalComma, texts) : fieldValue(body, start, end, decimalComma, texts));
        if (out != null) out[row] = trimmedOrMissing(texts.decode(body, start, end));
      }
    }
  }
}

/** wordsLittleEndian's table, made once (every kernel copies it into its memory: a table read makes several). */
let littleEndianWords: Uint32Array | null = null;

/** POW10_MANTISSAS (32-bit words, most significant first) as the kernel's (hi, lo) little-endian u64 pairs. */
function wordsLittleEndian(): Uint32Array {
  if (littleEndianWords !== null) return littleEndianWords;
  const words = (littleEndianWords = new Uint32Array(POW10_MANTISSAS.length));
  for (let i = 0; i < words.length; i += 4) {
    words[i] = POW10_MANTISSAS[i + 1]!;
    words[i + 1] = POW10_MANTISSAS[i]!;
    words[i + 2] = POW10_MANTISSAS[i + 3]!;
    words[i + 3] = POW10_MANTISSAS[i + 2]!;
  }
  return words;
}
