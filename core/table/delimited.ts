/**
 * The CSV/TSV row reader behind `parseDelimited` (whole file) and `parseTableChunks` (chunk by chunk):
 * UTF-8 bytes (no BOM) are pushed in order and read in three phases:
 *
 *   1. probe: the first rows (header.ts PROBE_ROWS non-blank rows, or up to the row the user named and a
 *      few below it) are kept whole until the header is decided (header.ts): title rows above it, one or
 *      two header rows;
 *   2. meta: Perseus annotation rows (`#!{Type}E…`) right below the header are kept apart;
 *   3. data: rows are classified into column builders as they complete, and the unfinished last row waits
 *      for the next chunk. The columns are sized once at the first data row, from `lineCount` (a first
 *      pass over the file) or, for a single final push, from the non-blank lines that follow (lines.ts).
 *
 * Blank rows (empty, spaces, delimiters only) are skipped and counted wherever they are, except that in a
 * one-column file a blank line followed by data is a missing cell. What is decided depends only on the
 * bytes, never on how they are cut into chunks.
 *
 * A text column that also holds numeric cells needs every cell's text in the end (columns.ts); the reader
 * does not keep the bytes, so `finish` asks its caller to re-read them (`reread`), or returns null.
 * Example: push(bytes of "id,x\na,1\n", true); finish() → columns id (text ["a"]) and x (numeric [1]).
 */
import { SkfrError } from '../errors.js';
import { classifyText, isMissingBytes, parseNumberBytes, textCell, trimmedOrMissing } from './cells.js';
import { type CellSink, type ColumnBuilder, uniqueHeaderNames } from './columns.js';
import {
  aboveHeader,
  BLANK,
  BODY_ROWS,
  checkHeaderOptions,
  detectHeader,
  headerOnBlank,
  headerPastEnd,
  headerRowsAt,
  joinHeaderNames,
  labelRowAt,
  labelsNameBlocks,
  labelRowOf,
  metaCell,
  metaNote,
  metaRow,
  MISSING,
  NUMBER,
  numericBodyColumns,
  numericHeaderNote,
  PROBE_BYTES,
  PROBE_ROWS,
  probeRow,
  TEXT,
  titleNotes,
  titleText,
  twoRowNote,
  type ProbeRow,
} from './header.js';
import { countNonBlankLines, LineCounter } from './lines.js';
import { RowKernel } from './kernel/rows.js';
import { quotedValue } from './quick-rows.js';
import { rowMajorColumns, slabBuilders, type Slab } from './row-major.js';
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

/**
 * True when bytes[s, e) are `[+-]? digits [. digits]` with at least one digit, in under 64 bytes: a number in
 * float-parse.ts's syntax that cannot overflow, known without computing its value (the header rules describe
 * the first rows' cells: ~20 ms for 20 rows of 200 17-digit numbers through parseNumberBytes in a fresh process).
 * Exported for tests.
 */
export function plainDecimal(body: Uint8Array, s: number, e: number): boolean {
  if (e - s >= 64) return false;
  let i = s;
  if (body[i] === 0x2d || body[i] === 0x2b) i++;
  let digits = 0;
  let dot = false;
  for (; i < e; i++) {
    const b = body[i]!;
    if (b >= 0x30 && b <= 0x39) digits++;
    else if (b === 0x2e && !dot) dot = true;
    else return false;
  }
  return digits > 0;
}

/** Bytes of a cell looked at by numberListColumns. */
const LIST_PREFIX = 32;

/**
 * Per column of `width`: whether its text cells (kind TEXT in `described`, aligned with `rows`) among the probed
 * rows `rows` (annotation rows left out) are all lists of numbers, digits and semicolons ("5;3"), unquoted or
 * quoted, judged on their first LIST_PREFIX bytes. Example: cells "5;3", "4", "" → true; "5;3", "P1" → false.
 */
function numberListColumns(bytes: Uint8Array, rows: readonly Probed[], described: readonly ProbeRow[], width: number): boolean[] {
  const lists = new Array<boolean>(width).fill(true);
  for (let r = 0; r < rows.length; r++) {
    const kinds = described[r]!;
    if (kinds.meta) continue;
    const cells = rows[r]!.cells;
    for (let c = 0; c < Math.min(width, cells.count); c++) {
      if (!lists[c] || kinds.kinds[c] !== TEXT) continue;
      const flag = cells.flags[c];
      // (its first bytes: a guess; MaxQuant's "Evidence IDs" run to kilobytes)
      let digits = 0;
      let others = 0;
      for (let i = cells.starts[c]!, end = Math.min(cells.ends[c]!, i + LIST_PREFIX); i < end && others === 0; i++) {
        const b = bytes[i]!;
        if (b >= 0x30 && b <= 0x39) digits++;
        else if (b !== 0x3b && b !== 0x20) others++;
      }
      if ((flag !== PLAIN && flag !== QUOTED) || others > 0 || digits === 0) lists[c] = false;
    }
  }
  return lists;
}

/** A cell's kind for the header rules (header.ts), from its bytes. */
function cellKind(body: Uint8Array, start: number, end: number, flag: number, decimalComma: boolean): number {
  if (flag === PLAIN || flag === QUOTED) {
    let s = start;
    let e = end;
    while (s < e && body[s] === 0x20) s++;
    while (e > s && body[e - 1] === 0x20) e--;
    if (s === e) return BLANK;
    // (opening with an ASCII letter: no number, strict or lenient; quick-rows.ts fieldValue)
    const b = body[s]! | 0x20;
    // (quoted: so too when its last byte is printable ASCII, which trim keeps — Proteome Discoverer quotes every cell)
    if (b >= 0x61 && b <= 0x7a) return flag === PLAIN || (body[e - 1]! > 0x20 && body[e - 1]! < 0x7f) ? (isMissingBytes(body, s, e) ? MISSING : TEXT) : classifyKind(decodeUtf8(body, start, end), decimalComma);
    if (plainDecimal(body, s, e)) return NUMBER;
    const v = parseNumberBytes(body, s, e, decimalComma);
    if (v === v) return NUMBER;
    if (flag === PLAIN) return isMissingBytes(body, s, e) ? MISSING : typeof textCell(decodeUtf8(body, s, e), decimalComma) === 'number' ? NUMBER : TEXT;
  }
  const text = fieldText(body, start, end, flag);
  if (text.trim() === '') return BLANK;
  return classifyKind(text, decimalComma);
}

/** The kind of a cell's text (not blank) as classifyText reads it. */
function classifyKind(text: string, decimalComma: boolean): number {
  const cell = classifyText(text, decimalComma);
  return cell === null ? MISSING : typeof cell === 'number' ? NUMBER : TEXT;
}

/**
 * The cells of the row the scanner just read into row `row` of `sinks` (one per column; the caller has
 * checked the count): numbers straight from the bytes, missing markers, texts. Every reader classifies
 * cells here, so that the whole-file, chunked and parallel readers agree cell for cell.
 */
export function readCells(scanner: CsvScanner, body: Uint8Array, row: number, sinks: readonly CellSink[], decimalComma: boolean): void {
  const count = scanner.count;
  const starts = scanner.starts;
  const ends = scanner.ends;
  const flags = scanner.flags;
  for (let c = 0; c < count; c++) {
    const sink = sinks[c]!;
    const flag = flags[c]!;
    const start = starts[c]!;
    const end = ends[c]!;
    if (flag === PLAIN) {
      const v = parseNumberBytes(body, start, end, decimalComma);
      if (v === v) sink.setNumber(row, v);
      else if (isMissingBytes(body, start, end)) sink.setMissing(row);
      else sink.setCell(row, textCell(decodeUtf8(body, start, end), decimalComma));
    } else if (flag === QUOTED) {
      sink.setCell(row, quotedValue(body, start, end, decimalComma)); // (as the rows kernel's quoted fields)
    } else {
      sink.setCell(row, classifyText(fieldText(body, start, end, flag), decimalComma));
    }
  }
}

export interface DelimitedReaderOptions {
  /** Known delimiter (else sniffed from the first 64 KiB). */
  delimiter?: Delimiter;
  /**
   * Non-blank lines of the whole file (lines.ts, counted with the delimiter), from a first pass over it:
   * the columns are sized from it. Else counted when the whole file comes in one push.
   */
  lineCount?: number;
  /**
   * Where the one buffer of every column's numbers (width × rows values, column-major unless `rowMajor`) is allocated, e.g.
   * in shared memory so that a consuming mapping (mapping.ts `consume`) hands worker threads a matrix built
   * in it. Default: a plain `new Float64Array(length)`.
   */
  allocate?: (length: number) => Float64Array;
  /** 1-based line of the header (ParseOptions.headerRow); default: detected (header.ts). */
  headerRow?: number;
  /** Header rows (ParseOptions.headerRows); default: detected. */
  headerRows?: 1 | 2;
  /**
   * Stop at the first data row of a file of two or more columns and describe it in `handoff` (the columns
   * are allocated; pushes after it are ignored): another reader (pieces.ts, on worker threads) reads the
   * rest into the columns, and `acceptPieces` takes its counts in. Requires `lineCount`.
   */
  handOff?: boolean;
  /** Where the source line numbers of the rows go (default: a plain Int32Array), e.g. in shared memory. */
  allocateRows?: (length: number) => Int32Array;
  /**
   * Keep the numbers row by row (row-major.ts; files of two or more columns): the same table, whose matrix
   * `matrixInPlace` then builds without a transposition. Default: column by column.
   */
  rowMajor?: boolean;
  /** The file has no header row: the first non-blank row is data, the columns are named “Column 1”, … */
  noHeader?: boolean | undefined;
  /** Label columns read as text as written (ParseOptions.textColumns): finish then re-reads their cells. */
  textColumns?: readonly string[] | undefined;
  /** Every data row through the scanner, none the quick way (quick-rows.ts): the reference in tests. */
  scannerOnly?: boolean;
}

/** Where the data rows start, once the reader has stopped there (DelimitedReaderOptions.handOff). */
export interface Handoff {
  /** Offset of the first data row in the bytes pushed (all pushes together). */
  offset: number;
  /** Its 1-based line. */
  line: number;
  /** Non-blank lines above it (lines.ts): row r of the table is the (linesBefore + r + 1)-th non-blank line. */
  linesBefore: number;
}

/** What a reader of a stretch of data rows (pieces.ts) tells about it. */
export interface PieceCounts {
  /** Rows read (non-blank lines), and blank lines skipped. */
  rows: number;
  blanks: number;
  /** Per column: numeric and missing cells. */
  numeric: Int32Array;
  missing: Int32Array;
  /** Text cells in row order: column, row (of the table) and text. */
  textColumns: Int32Array;
  textRows: Int32Array;
  texts: string[];
}

/** Where the data rows start in the first push, for a second pass over the same bytes (`rereadTexts`). */
export interface DataStart {
  offset: number;
  line: number;
}

/** A non-blank record read while looking for the header (offsets into the kept prefix = the body's). */
interface Probed {
  /** Line where it starts, and the line number after it. */
  line: number;
  nextLine: number;
  start: number;
  end: number;
  /** Blank records before it. */
  blanksBefore: number;
  /** Its cells as the probe's scanner cut them (describe and texts read them, not a second scan). */
  cells: Cells;
}

/** A record's cells: the scanner's fields (count, byte ranges, flags). */
interface Cells {
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  flags: Uint8Array;
}

const PROBE = 0;
const META = 1;
const DATA = 2;
const HANDED = 3;

export class DelimitedReader {
  private delimiter: Delimiter | null;
  private scanner: CsvScanner | null = null;
  /**
   * The unfinished last row of the previous push sits at the start of `joined`, `tailLength` bytes; the next
   * chunk is appended behind it in the same buffer, reused from push to push (a new 1 MiB block a chunk
   * would pile up as garbage outside the JS heap until the next collection: ~14 MB at 10 000 × 200).
   * While probing, the whole beginning of the file is kept there.
   */
  private joined: Uint8Array = new Uint8Array(0);
  private tailLength = 0;
  private phase = PROBE;
  // probe
  private probed: Probed[] = [];
  private probeBlank = 0;
  private probePos = 0;
  private probeLine = 1;
  private probeError: unknown = null;
  private lastLine = 0;
  /** Explicit header: index in `probed` once found; -2 when the header line is blank. */
  private headerIndex = -1;
  private afterHeader = 0;
  // header
  private width = 0;
  private headerLine = 0;
  private headerRowCount = 1;
  private rawHeader: (string | null)[] | null = null;
  private titleRows: string[] = [];
  private notes: string[] = [];
  private metaRows: { key: string; cells: (string | null)[] }[] = [];
  private labelRow: Table['labelRow'];
  /** Non-blank lines before the data (lines.ts), to size the columns from `lineCount`. */
  private consumed = new LineCounter();
  // data
  private builders: ColumnBuilder[] = [];
  /** Where the builders keep the numbers (row-major.ts). */
  private slab: Slab | null = null;
  /** Data rows the quick way, from the first data row on: in WebAssembly (kernel/rows.ts); without it, the scanner. */
  private kernel: RowKernel | null = null;
  /** The probe's rows below the header (header.ts kinds), which tell the columns whose texts are kept. */
  private sample: ProbeRow[] = [];
  /** Per column: its text cells among the sample rows are all lists of numbers ("5;3": MaxQuant's ids). */
  private numberLists: boolean[] = [];
  /**
   * Per column: every data cell's text as reread.ts gives it, kept while reading for the columns the sample says
   * will need them (`predictTexts`), null for the others; null when none is kept.
   */
  private keptTexts: ((string | null)[] | null)[] | null = null;
  private sourceRows: Int32Array = new Int32Array(0);
  private rows = 0;
  private blankRows = 0;
  /** One-column files: blank lines waiting for data (then missing cells) or the end (then skipped). */
  private blankLines: number[] = [];
  /** Decimal commas are read (the delimiter is a semicolon). */
  decimalComma = false;
  /** Set once the header is read: where the data rows start (in the bytes of a single whole-file push). */
  dataStart: DataStart | null = null;
  /** Set when the reader stopped at the first data row (options.handOff). */
  handoff: Handoff | null = null;
  /** Bytes pushed before the current push, and the offset of the current push's first byte (its kept tail's). */
  private pushed = 0;
  private base = 0;

  constructor(
    private readonly fileName: string,
    private readonly options: DelimitedReaderOptions = {},
  ) {
    this.delimiter = options.delimiter ?? null;
    checkHeaderOptions(options.headerRow, options.headerRows);
  }

  /** The delimiter's byte code (known after the first push that reads rows). */
  get delimiterCode(): number {
    return (this.delimiter ?? ',').charCodeAt(0);
  }

  /** Read the rows completed by `chunk` (`final`: nothing follows; every remaining row is read). */
  push(chunk: Uint8Array, final: boolean): void {
    if (this.phase === HANDED) return;
    this.base = this.pushed - this.tailLength;
    this.pushed += chunk.length;
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
    if (scanner === null) {
      scanner = this.scanner = new CsvScanner(bytes, this.delimiterCode, this.fileName);
      this.consumed = new LineCounter(this.delimiterCode);
    } else scanner.reset(bytes);
    scanner.partial = !final;
    if (this.phase === PROBE) {
      scanner.reset(bytes, this.probePos);
      scanner.line = this.probeLine;
      if (!this.probe(scanner, bytes, final)) return this.keepTail(bytes, 0);
      this.decide(scanner, bytes);
    }
    if (this.phase === META) this.readMeta(scanner, bytes);
    if (this.phase === HANDED) return;
    if (this.phase === DATA) this.readData(scanner, bytes, final);
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

  /**
   * Collect the first records (module comment); true when enough are read to decide, false when the next
   * chunk is needed. Resumes where the previous push stopped.
   */
  private probe(scanner: CsvScanner, bytes: Uint8Array, final: boolean): boolean {
    const headerRow = this.options.headerRow;
    for (;;) {
      const start = scanner.pos;
      let read: boolean;
      try {
        read = scanner.next();
      } catch (error) {
        this.probeError = error; // (an unclosed quote: the data phase meets it again, or decide rethrows it)
        return true;
      }
      if (!read) return final;
      const blank = scanner.blank;
      const end = scanner.pos;
      const last = bytes[end - 1];
      const endLine = last === 0x0a || last === 0x0d ? scanner.line - 1 : scanner.line;
      if (headerRow === undefined) {
        if (!blank && this.probed.length > 0 && start >= PROBE_BYTES) return true;
      } else if (this.headerIndex >= 0 && !blank && start >= this.probed[this.headerIndex]!.start + PROBE_BYTES) return true;
      this.probePos = end;
      this.probeLine = scanner.line;
      this.lastLine = endLine;
      if (blank) {
        this.probeBlank++;
        if (headerRow !== undefined && this.headerIndex === -1 && scanner.rowLine <= headerRow && headerRow <= endLine) {
          this.headerIndex = -2;
          return true;
        }
        continue;
      }
      const count = scanner.count;
      const cells = { count, starts: scanner.starts.slice(0, count), ends: scanner.ends.slice(0, count), flags: scanner.flags.slice(0, count) };
      this.probed.push({ line: scanner.rowLine, nextLine: scanner.line, start, end, blanksBefore: this.probeBlank, cells });
      if (headerRow === undefined) {
        if (this.probed.length >= PROBE_ROWS) return true;
      } else if (this.headerIndex === -1) {
        if (scanner.rowLine <= headerRow && headerRow <= endLine) this.headerIndex = this.probed.length - 1;
      } else if (++this.afterHeader >= BODY_ROWS + 2) return true;
    }
  }

  private describe(bytes: Uint8Array, p: Probed): ProbeRow {
    const s = p.cells;
    const kinds = new Uint8Array(s.count);
    for (let c = 0; c < s.count; c++) kinds[c] = cellKind(bytes, s.starts[c]!, s.ends[c]!, s.flags[c]!, this.decimalComma);
    return probeRow(kinds, this.isMetaRow(s, bytes));
  }

  private texts(s: Cells, bytes: Uint8Array): string[] {
    const out: string[] = [];
    for (let c = 0; c < s.count; c++) out.push(fieldText(bytes, s.starts[c]!, s.ends[c]!, s.flags[c]!));
    return out;
  }

  private isMetaRow(s: Cells, bytes: Uint8Array): boolean {
    if (s.count === 0 || bytes[s.starts[0]!] !== 0x23) return false; // '#'
    return metaCell(fieldText(bytes, s.starts[0]!, s.ends[0]!, s.flags[0]!)) !== null;
  }

  /** Decide the header from the records probed; the scanner then stands after it (phase META). */
  private decide(scanner: CsvScanner, bytes: Uint8Array): void {
    const { fileName, probed } = this;
    const where = `“${fileName}”`;
    const headerRow = this.options.headerRow;
    if (probed.length === 0) {
      if (this.probeError !== null) throw this.probeError;
      throw new SkfrError('empty-sheet', `“${fileName}” is empty: it has no header row and no data.`);
    }
    if (headerRow !== undefined && this.headerIndex === -2) throw headerOnBlank(where, headerRow);
    if (headerRow !== undefined && this.headerIndex === -1) {
      if (this.probeError !== null) throw this.probeError;
      throw headerPastEnd(where, this.lastLine, headerRow);
    }
    if (this.options.noHeader) return this.startWithoutHeader(scanner, bytes);
    let index: number;
    let count: 1 | 2;
    let label: number | undefined;
    // From the row above the header on (a label row may stand there).
    const from = headerRow !== undefined ? Math.max(0, this.headerIndex - 1) : 0;
    const described = probed.slice(from).map((p) => this.describe(bytes, p));
    if (headerRow !== undefined) {
      index = this.headerIndex;
      count = headerRowsAt(described.slice(index - from), 0, this.options.headerRows);
      // The upper row of block labels given (as the reproduce command gives the header row it read): two rows.
      if (count === 1 && this.options.headerRows === undefined && aboveHeader(described, index - from) === 'label' && index + 1 < probed.length &&
        labelsNameBlocks(this.texts(probed[index]!.cells, bytes), this.texts(probed[index + 1]!.cells, bytes))) count = 2;
      if (labelRowAt(described, index - from, count)) label = index - 1;
    } else {
      ({ index, rows: count, label } = detectHeader(described, this.options.headerRows));
    }
    if (index + 1 >= probed.length) count = 1; // (nothing below: no data either, finish says so)
    // Labels in runs over the same names name blocks (header.ts labelsNameBlocks): a two-row header.
    if (label !== undefined) {
      const labels = this.texts(probed[label]!.cells, bytes);
      if (labelsNameBlocks(labels, this.texts(probed[index]!.cells, bytes))) [index, count, label] = [label, 2, undefined];
    }

    const titleLines: number[] = [];
    for (let i = 0; i < index; i++) {
      if (i === label) continue;
      titleLines.push(probed[i]!.line);
      this.titleRows.push(titleText(this.texts(probed[i]!.cells, bytes)));
    }
    this.notes.push(...titleNotes(titleLines, this.titleRows));
    const a = probed[index]!;
    const top = this.texts(a.cells, bytes);
    let header: (string | null)[] = top;
    let last = a;
    if (count === 2) {
      last = probed[index + 1]!;
      const below = this.texts(last.cells, bytes);
      const width = Math.max(top.length, below.length);
      // A block row (header.ts aboveHeader) carries its names over the numeric columns only.
      const numeric = aboveHeader(described, index - from) === 'blocks' ? numericBodyColumns(described, index - from + 2, width) : null;
      header = joinHeaderNames(top, below, width, numeric ? (c) => numeric[c] === true : undefined);
      this.notes.push(twoRowNote(a.line, last.line, header, below));
    }
    if (label !== undefined) {
      const kept = labelRowOf(this.texts(probed[label]!.cells, bytes), header.length, probed[label]!.line, header);
      this.labelRow = { row: probed[label]!.line, cells: kept.cells };
      this.notes.push(kept.note);
    }
    if (count === 1) {
      const note = numericHeaderNote(this.describe(bytes, a), `Line ${a.line}`, top);
      if (note !== null) this.notes.push(note);
    }
    this.sample = described.slice(index - from + count).filter((row) => !row.meta);
    this.numberLists = numberListColumns(bytes, probed.slice(index + count), described.slice(index - from + count), header.length);
    this.rawHeader = header;
    this.width = header.length;
    this.headerLine = a.line;
    this.headerRowCount = count;
    this.blankRows = last.blanksBefore;
    this.consumed.push(bytes, 0, last.end);
    this.dataStart = { offset: last.end, line: last.nextLine };
    scanner.reset(bytes, last.end);
    scanner.line = last.nextLine;
    this.phase = META;
  }

  /** No header row (options.noHeader): names “Column 1”, … for the first row's cells; it is the first data row. */
  private startWithoutHeader(scanner: CsvScanner, bytes: Uint8Array): void {
    const first = this.probed[0]!;
    const width = first.cells.count;
    this.rawHeader = Array.from({ length: width }, (_, c) => `Column ${c + 1}`);
    this.width = width;
    this.headerLine = first.line;
    this.headerRowCount = 1;
    this.blankRows = first.blanksBefore;
    this.consumed.push(bytes, 0, first.start);
    this.dataStart = { offset: first.start, line: first.line };
    scanner.reset(bytes, first.start);
    scanner.line = first.line;
    this.phase = META;
  }

  /** Annotation and blank rows below the header, up to the first data row (read, phase DATA). */
  private readMeta(scanner: CsvScanner, bytes: Uint8Array): void {
    for (;;) {
      const start = scanner.pos;
      const line = scanner.line;
      if (!scanner.next()) return;
      if (scanner.blank) {
        if (this.width === 1) this.blankLines.push(scanner.rowLine);
        else this.blankRows++;
        this.consumed.push(bytes, start, scanner.pos);
        continue;
      }
      if (this.isMetaRow(scanner, bytes)) {
        this.blankRows += this.blankLines.length;
        this.blankLines.length = 0;
        this.metaRows.push(metaRow(this.texts(scanner, bytes), this.width, { where: `“${this.fileName}”, line ${scanner.rowLine}`, names: this.rawHeader! }));
        this.consumed.push(bytes, start, scanner.pos);
        this.dataStart = { offset: this.base + scanner.pos, line: scanner.line };
        continue;
      }
      this.startColumns(bytes, start);
      this.phase = DATA;
      if (this.options.handOff && this.width > 1) {
        this.handoff = { offset: this.base + start, line: scanner.rowLine, linesBefore: this.consumed.total };
        this.phase = HANDED;
        return;
      }
      // The first data row too is read by readData, the quick way (through readRow, a row of 50 000 cells took
      // 50 ms).
      scanner.reset(bytes, start);
      scanner.line = line;
      return;
    }
  }

  /** Size the columns at the first data row (`start`: its offset). */
  private startColumns(bytes: Uint8Array, start: number): void {
    const width = this.width;
    // Sized once: exact unless quoted fields hold line breaks (then trimmed once in finish) or a one-column
    // file has blank lines inside its data (then grown).
    const lineCount = this.options.lineCount;
    const capacity =
      lineCount !== undefined ? Math.max(0, lineCount - this.consumed.total) : countNonBlankLines(bytes, start, bytes.length, this.delimiterCode);
    // One buffer for every column: freed as one block once the table is dropped (many column-sized blocks
    // would stay in the allocator's arena, and in the process's resident memory, after they are freed).
    const allocate = this.options.allocate;
    const data = allocate ? allocate(capacity * width) : new Float64Array(capacity * width);
    if (data.length !== capacity * width) {
      throw new Error(`Internal error: the column allocator returned ${data.length} values for ${width} × ${capacity}.`);
    }
    // (one column: a blank line may be a missing cell, and the column grows; either layout is the same then)
    const rowMajor = this.options.rowMajor === true && width > 1;
    this.slab = { data, width, capacity, rowMajor };
    this.builders = slabBuilders(this.slab);
    this.sourceRows = this.options.allocateRows ? this.options.allocateRows(capacity) : new Int32Array(capacity);
    // (one column: a blank line may be a missing cell, which only the scanner's rules decide)
    const quick = width > 1 && !this.options.scannerOnly;
    // (this reader reads the file from its start: the kernel may take quoted fields closed on their line)
    this.kernel = quick ? RowKernel.create(width, this.delimiterCode, this.decimalComma, rowMajor, true) : null;
    const predicted = this.predictTexts();
    if (predicted !== null) {
      this.keptTexts = predicted.map((p) => (p ? new Array<string | null>(capacity).fill(null) : null));
      this.kernel?.keepTexts(this.keptTexts);
    }
  }

  /**
   * The columns whose texts are kept while reading (issue 27: no pass over the file again for them), from the
   * probe's rows below the header: numeric cells there, and as many text cells or more (or a label column,
   * options.textColumns) — a text column that also holds numbers (columns.ts needsAllTexts), e.g. MaxQuant's
   * "Peptide IDs" ("5;3", "4") —, or text cells only, all lists of numbers (MaxQuant's "Evidence IDs", whose
   * single ids come further down). A guess: a column found mixed only later is re-read (reread.ts), and texts kept
   * for a column that ends numeric are dropped. Null when none, and for a reader that hands its rows off
   * (pieces.ts keeps no texts) or a one-column file (a blank line may be a missing cell there).
   */
  private predictTexts(): boolean[] | null {
    const width = this.width;
    if (this.options.handOff || width < 2 || this.sample.length === 0) return null;
    const labels = new Set(this.options.textColumns ?? []);
    const names = labels.size > 0 ? uniqueHeaderNames(this.rawHeader!).names : null;
    const predicted: boolean[] = [];
    let any = false;
    for (let c = 0; c < width; c++) {
      let numbers = 0;
      let texts = 0;
      for (const row of this.sample) {
        const kind = row.kinds[c];
        if (kind === NUMBER) numbers++;
        else if (kind === TEXT) texts++;
      }
      const label = names !== null && labels.has(names[c]!);
      const p = (numbers > 0 && label) || (texts > 0 && texts >= numbers && (numbers > 0 || this.numberLists[c] === true));
      predicted.push(p);
      any ||= p;
    }
    return any ? predicted : null;
  }

  /** The columns and row lines after the handoff: the buffer of every column's numbers and the rows' lines. */
  get handedBuffers(): { slab: Slab; sourceRows: Int32Array } {
    return { slab: this.slab!, sourceRows: this.sourceRows };
  }

  /** Take in what the readers of the data rows after the handoff found, piece by piece in file order. */
  acceptPieces(pieces: readonly PieceCounts[]): void {
    const builders = this.builders;
    let rows = this.rows;
    for (const piece of pieces) {
      rows += piece.rows;
      this.blankRows += piece.blanks;
      for (let c = 0; c < builders.length; c++) {
        builders[c]!.numericCount += piece.numeric[c]!;
        builders[c]!.missing += piece.missing[c]!;
      }
      for (let i = 0; i < piece.texts.length; i++) builders[piece.textColumns[i]!]!.setText(piece.textRows[i]!, piece.texts[i]!);
    }
    this.rows = rows;
    this.phase = DATA;
  }

  /** Room for `count` more rows, the first from `line`. */
  private reserveRow(line: number, count = 1): void {
    const rows = this.rows;
    if (rows + count > this.sourceRows.length) {
      const size = Math.max(rows + count, rows * 2);
      const grown = new Int32Array(size);
      grown.set(this.sourceRows);
      this.sourceRows = grown;
      for (const b of this.builders) b.reserve(size);
    }
    this.sourceRows[rows] = line;
  }

  /**
   * The data rows of `bytes` from the scanner's place: the quick way (the rows kernel) while it vouches for a
   * row, else through the scanner; the scanner is left after the last row read.
   */
  private readData(scanner: CsvScanner, bytes: Uint8Array, final: boolean): void {
    if (this.kernel !== null) return this.readDataKernel(this.kernel, scanner, bytes, final);
    while (scanner.next()) this.readRow(scanner, bytes);
  }

  /** readData with the kernel: batches of rows it vouches for, the scanner for the row it stops at. */
  private readDataKernel(kernel: RowKernel, scanner: CsvScanner, bytes: Uint8Array, final: boolean): void {
    kernel.load(bytes);
    let p = scanner.pos;
    for (;;) {
      const rows = kernel.read(p, !final);
      if (rows > 0) {
        const first = this.rows;
        this.reserveRow(scanner.line, rows);
        for (let r = 0; r < rows; r++) this.sourceRows[first + r] = scanner.line++;
        kernel.commit(this.builders, first, rows);
        this.rows += rows;
      }
      p = kernel.stopPos;
      if (!kernel.needsScanner && p < bytes.length) continue;
      scanner.reset(bytes, p);
      if (!scanner.next()) return;
      this.readRow(scanner, bytes);
      p = scanner.pos;
    }
  }

  private readRow(scanner: CsvScanner, body: Uint8Array): void {
    const { width, builders } = this;
    if (scanner.blank) {
      // skipped and counted; in a one-column file a missing cell when data follows
      if (width === 1) this.blankLines.push(scanner.rowLine);
      else this.blankRows++;
      return;
    }
    if (this.blankLines.length > 0) {
      for (const line of this.blankLines) {
        this.reserveRow(line);
        builders[0]!.setMissing(this.rows++);
      }
      this.blankLines.length = 0;
    }
    if (scanner.count !== width) throw this.raggedRow(scanner.rowLine, scanner.count);
    this.reserveRow(scanner.rowLine);
    readCells(scanner, body, this.rows, builders, this.decimalComma);
    const kept = this.keptTexts;
    if (kept !== null) {
      // (as reread.ts reads a row the scanner cuts)
      for (let c = 0; c < width; c++) {
        const out = kept[c];
        if (out != null) out[this.rows] = trimmedOrMissing(fieldText(body, scanner.starts[c]!, scanner.ends[c]!, scanner.flags[c]!));
      }
    }
    this.rows++;
  }

  /** The error of a data row with `count` cells where the header has `width` (the same from every reader). */
  raggedRow(line: number, count: number): SkfrError {
    return new SkfrError(
      'ragged-row',
      `“${this.fileName}”, line ${line} has ${count} ${count === 1 ? 'cell' : 'cells'} but the header (line ${this.headerLine}) has ${this.width} ` +
        `columns; every row needs one cell per column (look for an unquoted “${this.delimiter === '\t' ? 'tab' : this.delimiter}” or a missing cell).`,
    );
  }

  /** Columns needing every cell's text (text columns that also hold numbers): a second pass must supply them. */
  get needTexts(): boolean[] {
    return this.builders.map((b) => b.needsAllTexts);
  }

  /**
   * After the final push: the columns whose every cell's text `finish` will ask for, and the rows, or null when
   * none needs them (label columns, options.textColumns, count) or the reader kept them while reading. A chunked
   * reader fetches them first (reread.ts).
   */
  textsWanted(): { columns: boolean[]; rows: number } | null {
    if (this.rawHeader === null || this.rows === 0) return null;
    this.forceLabels(uniqueHeaderNames(this.rawHeader).names);
    const columns = this.rereadColumns(this.needTexts);
    return columns.some(Boolean) ? { columns, rows: this.rows } : null;
  }

  /** Of the columns that need every cell's text, those whose texts were not kept while reading. */
  private rereadColumns(need: readonly boolean[]): boolean[] {
    const kept = this.keptTexts;
    return kept === null ? need.slice() : need.map((n, c) => n && kept[c] == null);
  }

  /** Label columns (options.textColumns) read as text whatever they hold. */
  private forceLabels(names: readonly string[]): void {
    const labels = new Set(this.options.textColumns ?? []);
    if (labels.size > 0) this.builders.forEach((b, c) => (b.forceText = labels.has(names[c]!)));
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
    this.forceLabels(names);
    const needTexts = this.needTexts;
    let allTexts: ((string | null)[] | null)[] | null = null;
    if (needTexts.some(Boolean)) {
      const wanted = this.rereadColumns(needTexts);
      const kept = this.keptTexts;
      let fetched: ((string | null)[] | null)[] | null = null;
      if (wanted.some(Boolean)) {
        if (!reread) return null;
        fetched = reread(wanted, rows);
      }
      // (kept texts sized for the capacity: the rows read)
      allTexts = needTexts.map((n, c) => (!n ? null : wanted[c] ? fetched![c]! : kept![c]!.length === rows ? kept![c]! : kept![c]!.slice(0, rows)));
    }
    const finished: Column[] = builders.map((b, c) => b.finish(names[c]!, rows, allTexts?.[c] ?? undefined));
    const columns = this.slab?.rowMajor ? rowMajorColumns(finished, this.slab.data, rows) : finished;
    const metaRows = this.metaRows;
    return {
      fileName,
      format: this.delimiter === '\t' ? 'tsv' : 'csv',
      sheets: [fileName],
      sheet: fileName,
      rowCount: rows,
      columns,
      sourceRows: this.sourceRows.length === rows && this.handoff === null ? this.sourceRows : this.sourceRows.slice(0, rows),
      notes: [...this.notes, ...(metaRows.length > 0 ? [metaNote(metaRows.map((m) => m.key))] : []), ...notes],
      headerRow: this.headerLine,
      headerRows: this.headerRowCount,
      ...(this.options.noHeader ? { noHeader: true as const } : {}),
      titleRows: this.titleRows,
      blankRowsSkipped: this.blankRows + this.blankLines.length,
      metaRows,
      ...(this.labelRow ? { labelRow: this.labelRow } : {}),
    };
  }
}
