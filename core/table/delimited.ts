/**
 * The CSV/TSV row reader behind `parseDelimited` (whole file) and `parseDelimitedChunks` (chunk by chunk):
 * UTF-8 bytes (no BOM) are pushed in order; rows are classified into column builders as they complete,
 * and the unfinished last row waits for the next chunk. The columns are sized once, from `rowCapacity`
 * or, for a single final push, from the non-blank lines after the header (lines.ts).
 *
 * A text column that also holds numeric cells needs every cell's text in the end (columns.ts); the reader
 * does not keep the bytes, so `finish` asks its caller to re-read them (`reread`), or returns null.
 * Example: push(bytes of "id,x\na,1\n", true); finish() → columns id (text ["a"]) and x (numeric [1]).
 */
import { SkfrError } from '../errors.js';
import { classifyText, isMissingBytes, parseNumberBytes } from './cells.js';
import { ColumnBuilder, uniqueHeaderNames } from './columns.js';
import { countNonBlankLines } from './lines.js';
import { CsvScanner, ESCAPED, MESSY, PLAIN, QUOTED, unquoteMessy } from './scanner.js';
import { sniffDelimiter, SNIFF_BYTES, type Delimiter } from './sniff.js';
import { decodeUtf8 } from './text.js';
import type { Column, Table } from './types.js';

export function fieldText(bytes: Uint8Array, start: number, end: number, flag: number): string {
  const raw = decodeUtf8(bytes, start, end);
  if (flag === ESCAPED) return raw.replace(/""/g, '"');
  if (flag === MESSY) return unquoteMessy(raw);
  return raw;
}

export interface DelimitedReaderOptions {
  /** Known delimiter (else sniffed from the first 64 KiB). */
  delimiter?: Delimiter;
  /** Data rows to allocate at once (else counted when the whole file comes in one push). */
  rowCapacity?: number;
  /**
   * Where the one buffer of every column's numbers (width × rows values, column-major) is allocated, e.g.
   * in shared memory so that a consuming mapping (mapping.ts `consume`) hands worker threads a matrix built
   * in it. Default: a plain `new Float64Array(length)`.
   */
  allocate?: (length: number) => Float64Array;
}

/** Where the data rows start in the first push, for a second pass over the same bytes (`rereadTexts`). */
export interface DataStart {
  offset: number;
  line: number;
}

export class DelimitedReader {
  private delimiter: Delimiter | null;
  private scanner: CsvScanner | null = null;
  /**
   * The unfinished last row of the previous push sits at the start of `joined`, `tailLength` bytes; the next
   * chunk is appended behind it in the same buffer, reused from push to push (a new 1 MiB block a chunk
   * would pile up as garbage outside the JS heap until the next collection: ~14 MB at 10 000 × 200).
   */
  private joined: Uint8Array = new Uint8Array(0);
  private tailLength = 0;
  private width = 0;
  private headerLine = 0;
  private rawHeader: string[] | null = null;
  private builders: ColumnBuilder[] = [];
  private sourceRows = new Int32Array(0);
  private rows = 0;
  private blankLines: number[] = [];
  /** Decimal commas are read (the delimiter is a semicolon). */
  decimalComma = false;
  /** Set by the first push that reads the header. */
  dataStart: DataStart | null = null;

  constructor(
    private readonly fileName: string,
    private readonly options: DelimitedReaderOptions = {},
  ) {
    this.delimiter = options.delimiter ?? null;
  }

  /** The delimiter's byte code (known after the first push that reads rows). */
  get delimiterCode(): number {
    return (this.delimiter ?? ',').charCodeAt(0);
  }

  /** Read the rows completed by `chunk` (`final`: nothing follows; every remaining row is read). */
  push(chunk: Uint8Array, final: boolean): void {
    let bytes = chunk;
    if (this.tailLength > 0) {
      const length = this.tailLength + chunk.length;
      this.reserve(length);
      this.joined.set(chunk, this.tailLength);
      bytes = this.joined.subarray(0, length);
    }
    if (this.delimiter === null) {
      if (!final && bytes.length <= SNIFF_BYTES) return this.keepTail(bytes, 0);
      this.delimiter = sniffDelimiter(bytes, this.fileName);
    }
    this.decimalComma = this.delimiter === ';';
    let scanner = this.scanner;
    if (scanner === null) scanner = this.scanner = new CsvScanner(bytes, this.delimiter.charCodeAt(0), this.fileName);
    else scanner.reset(bytes);
    scanner.partial = !final;
    if (this.rawHeader === null && !this.readHeader(scanner, bytes, final)) return this.keepTail(bytes, scanner.pos);
    while (scanner.next()) this.readRow(scanner, bytes);
    if (final) this.tailLength = 0;
    else this.keepTail(bytes, scanner.pos);
  }

  /** Keep bytes[from…] (an unfinished row) at the start of `joined` for the next push. */
  private keepTail(bytes: Uint8Array, from: number): void {
    const length = bytes.length - from;
    if (bytes.buffer === this.joined.buffer) this.joined.copyWithin(0, from, bytes.length);
    else {
      this.reserve(length);
      this.joined.set(bytes.subarray(from));
    }
    this.tailLength = length;
  }

  /** `joined` holds at least `length` bytes, keeping its first `tailLength` (grown by doubling). */
  private reserve(length: number): void {
    if (this.joined.length >= length) return;
    const grown = new Uint8Array(Math.max(length, 2 * this.joined.length));
    grown.set(this.joined.subarray(0, this.tailLength));
    this.joined = grown;
  }

  /** The header row (after blank lines); false when it is not complete yet. */
  private readHeader(scanner: CsvScanner, bytes: Uint8Array, final: boolean): boolean {
    for (;;) {
      if (!scanner.next()) {
        if (final) throw new SkfrError('empty-sheet', `“${this.fileName}” is empty: it has no header row and no data.`);
        return false;
      }
      if (!scanner.blank) break;
    }
    this.headerLine = scanner.rowLine;
    const width = (this.width = scanner.count);
    const rawHeader: string[] = [];
    for (let c = 0; c < width; c++) rawHeader.push(fieldText(bytes, scanner.starts[c]!, scanner.ends[c]!, scanner.flags[c]!));
    this.rawHeader = rawHeader;
    this.dataStart = { offset: scanner.pos, line: scanner.line };
    // Sized once: exact unless quoted fields hold line breaks (then trimmed once in finish) or a one-column
    // file has blank lines inside its data (then grown).
    const capacity = this.options.rowCapacity ?? countNonBlankLines(bytes, scanner.pos, bytes.length, this.delimiter !== '\t');
    // One buffer for every column: freed as one block once the table is dropped (many column-sized blocks
    // would stay in the allocator's arena, and in the process's resident memory, after they are freed).
    const allocate = this.options.allocate;
    const slab = allocate ? allocate(capacity * width) : new Float64Array(capacity * width);
    if (slab.length !== capacity * width) {
      throw new Error(`Internal error: the column allocator returned ${slab.length} values for ${width} × ${capacity}.`);
    }
    this.builders = rawHeader.map((_, c) => new ColumnBuilder(capacity, slab.subarray(c * capacity, (c + 1) * capacity)));
    this.sourceRows = new Int32Array(capacity);
    return true;
  }

  private reserveRow(line: number): void {
    const rows = this.rows;
    if (rows === this.sourceRows.length) {
      const size = Math.max(1, rows * 2);
      const grown = new Int32Array(size);
      grown.set(this.sourceRows);
      this.sourceRows = grown;
      for (const b of this.builders) b.reserve(size);
    }
    this.sourceRows[rows] = line;
  }

  private readRow(scanner: CsvScanner, body: Uint8Array): void {
    const { width, builders, fileName, decimalComma } = this;
    // Blank lines count only when data follows: then they are ragged (or, in a one-column file, missing cells).
    if (scanner.blank) {
      this.blankLines.push(scanner.rowLine);
      return;
    }
    if (this.blankLines.length > 0) {
      if (width > 1) {
        throw new SkfrError(
          'ragged-row',
          `“${fileName}”, line ${this.blankLines[0]} is empty but the header (line ${this.headerLine}) has ${width} columns; ` +
            `remove the empty line.`,
        );
      }
      for (const line of this.blankLines) {
        this.reserveRow(line);
        builders[0]!.setMissing(this.rows++);
      }
      this.blankLines.length = 0;
    }
    const count = scanner.count;
    if (count !== width) {
      throw new SkfrError(
        'ragged-row',
        `“${fileName}”, line ${scanner.rowLine} has ${count} cells but the header (line ${this.headerLine}) has ${width} ` +
          `columns; every row needs one cell per column (look for an unquoted “${this.delimiter === '\t' ? 'tab' : this.delimiter}” or a missing cell).`,
      );
    }
    this.reserveRow(scanner.rowLine);
    const row = this.rows;
    const starts = scanner.starts;
    const ends = scanner.ends;
    const flags = scanner.flags;
    for (let c = 0; c < count; c++) {
      const builder = builders[c]!;
      const flag = flags[c]!;
      const start = starts[c]!;
      const end = ends[c]!;
      if (flag === PLAIN || flag === QUOTED) {
        let s = start;
        let e = end;
        if (flag === QUOTED) {
          while (s < e && body[s] === 0x20) s++;
          while (e > s && body[e - 1] === 0x20) e--;
        }
        const v = parseNumberBytes(body, s, e, decimalComma);
        if (v === v) builder.setNumber(row, v);
        else if (flag === QUOTED) builder.setCell(row, classifyText(decodeUtf8(body, start, end), decimalComma));
        else if (isMissingBytes(body, s, e)) builder.setMissing(row);
        else builder.setText(row, decodeUtf8(body, s, e));
      } else {
        builder.setCell(row, classifyText(fieldText(body, start, end, flag), decimalComma));
      }
    }
    this.rows = row + 1;
  }

  /** Columns needing every cell's text (text columns that also hold numbers): a second pass must supply them. */
  get needTexts(): boolean[] {
    return this.builders.map((b) => b.needsAllTexts);
  }

  /**
   * The table, after the final push. `reread(wanted, rows)` supplies every cell's text of the wanted columns
   * when some are needed; without it, such a file gives null (the caller then reads it whole).
   */
  finish(reread?: (wanted: boolean[], rows: number) => ((string | null)[] | null)[]): Table | null {
    const { fileName, rows, builders, rawHeader } = this;
    if (rawHeader === null) throw new SkfrError('empty-sheet', `“${fileName}” is empty: it has no header row and no data.`);
    if (rows === 0) throw new SkfrError('empty-sheet', `“${fileName}” has a header row but no data rows.`);
    const { names, notes } = uniqueHeaderNames(rawHeader);
    const needTexts = this.needTexts;
    let allTexts: ((string | null)[] | null)[] | null = null;
    if (needTexts.some(Boolean)) {
      if (!reread) return null;
      allTexts = reread(needTexts, rows);
    }
    const columns: Column[] = builders.map((b, c) => b.finish(names[c]!, rows, allTexts?.[c] ?? undefined));
    return {
      fileName,
      format: this.delimiter === '\t' ? 'tsv' : 'csv',
      sheets: [fileName],
      sheet: fileName,
      rowCount: rows,
      columns,
      sourceRows: this.sourceRows.length === rows ? this.sourceRows : this.sourceRows.slice(0, rows),
      notes,
    };
  }
}
