/**
 * The second look at the data rows for the columns that need every cell's text (columns.ts `needsAllTexts`: text
 * columns that also hold numeric cells, e.g. MaxQuant's "Peptide counts (all)" with "5;3" and "4"; label columns
 * read as written). The bytes come whole (csv.ts) or chunk by chunk (stream.ts: a third pass over the file, so
 * a MaxQuant table stays on the chunked path instead of being read whole a second time). Only the wanted
 * columns' cells are decoded: each one's text (trimmed), or null where the cell is missing (cells.ts).
 *
 * @example
 *   const reread = new TextRereader(fileName, 0x09, false, rows, [false, true], dataStart);
 *   reread.push(bytes, true); reread.texts // → [null, ['5;3', '4', …]]
 */
import { trimmedOrMissing } from './cells.js';
import { fieldText, type DataStart } from './delimited.js';
import { CsvScanner } from './scanner.js';
import { SpanTexts } from './text.js';

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * Rows of `width` fields (2 or more) ending with LF, CRLF or CR CR LF, with no other CR and no quoted field but
 * ones closed on their line with no "" inside, cut at their delimiters and quotes by native searches (indexOf), each field as scanner.ts cuts it
 * (trimmed of spaces, and tabs unless they delimit; a quoted field's bytes inside its quotes): the scanner's byte
 * loop read every row of a MaxQuant table a third time (~100 ms of a cold read; a CRLF file's too, since they end
 * in CR LF: 20–50 ms of Perseus's and MaxQuant's reads). Any other row is the scanner's.
 * Example: width 2, "a , \"b\"\n" → fields [0, 1) and [5, 6), next 8.
 */
class PlainRows {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** After a `read`: where the next row starts, and whether every field was empty (a blank row). */
  next = 0;
  blank = false;
  /** The next CR at or after the last row read (-1: none; recomputed once passed). */
  private cr = -2;
  /** The next quote at or after the last row's last wanted field (-1: none; recomputed once passed). */
  private quote = -2;
  private readonly tabIsSpace: boolean;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly delimiter: number,
    private readonly width: number,
    /** The last field wanted (the fields after it are only checked: no quote). */
    private readonly last = width - 1,
    /** The first field wanted: nearer the row's end than the last is to its start, rows are cut from their end. */
    private readonly first = 0,
  ) {
    this.starts = new Int32Array(width);
    this.ends = new Int32Array(width);
    this.tabIsSpace = delimiter !== TAB;
  }

  /**
   * Cut the row at `p` if it is such a row ending with LF, CRLF or CR CR LF (the scanner's one line break; no CR
   * elsewhere in it): true, its fields in starts/ends; else false.
   */
  read(p: number): boolean {
    const { bytes, delimiter, width, starts, ends, tabIsSpace } = this;
    const lf = bytes.indexOf(LF, p);
    if (lf < 0) return false;
    // The row's bytes end before its line break: LF, CR LF or CR CR LF (scanner.ts).
    let end = lf;
    if (end > p && bytes[end - 1] === CR) end--;
    if (end > p && bytes[end - 1] === CR) end--;
    if (this.cr !== -1 && this.cr < p) this.cr = bytes.indexOf(CR, p);
    if (this.cr !== -1 && this.cr < end) return false;
    if (width - 1 - this.first < this.last) {
      if (this.quote !== -1 && this.quote < p) this.quote = bytes.indexOf(QUOTE, p);
      if ((this.quote === -1 || this.quote >= end) && this.readBack(p, end)) {
        this.next = lf + 1;
        this.blank = false;
        return true;
      }
    }
    let blank = true;
    let s = p;
    for (let c = 0; c < width; c++) {
      if (c > this.last && !blank) {
        // The fields after the last wanted one are not cut: the row has `width` fields (the reader's pass over the
        // same bytes found no ragged row) unless a quoted field holds a delimiter or a line break: none in the rest.
        // (A row blank so far is cut to its end: blank or not.)
        if (this.quote !== -1 && this.quote < s) this.quote = bytes.indexOf(QUOTE, s);
        if (this.quote !== -1 && this.quote < end) return false;
        break;
      }
      while (s < end && (bytes[s] === SPACE || (tabIsSpace && bytes[s] === TAB))) s++;
      let e: number;
      let next: number;
      if (bytes[s] === QUOTE) {
        // Quoted: closed on this line, no "" inside, only spaces up to the delimiter (else the scanner's).
        const close = bytes.indexOf(QUOTE, s + 1);
        if (close < 0 || close > end || bytes[close + 1] === QUOTE) return false;
        let q = close + 1;
        while (q < end && (bytes[q] === SPACE || (tabIsSpace && bytes[q] === TAB))) q++;
        if (c < width - 1 ? bytes[q] !== delimiter : q !== end) return false;
        s++;
        e = close;
        next = q + 1;
      } else {
        e = bytes.indexOf(delimiter, s);
        if (c < width - 1) {
          if (e < 0 || e > end) return false; // (fewer fields: the scanner's)
        } else if (e >= 0 && e < end) return false; // (more fields: the scanner's)
        else e = end;
        next = e + 1;
        while (e > s && (bytes[e - 1] === SPACE || (tabIsSpace && bytes[e - 1] === TAB))) e--;
      }
      starts[c] = s;
      ends[c] = e;
      if (e > s) blank = false;
      s = next;
    }
    this.next = lf + 1;
    this.blank = blank;
    return true;
  }

  /**
   * The fields from the last back to the first wanted of the row `bytes[p, end)`, which holds no quote (MaxQuant's
   * wanted id lists are among its last columns: 8 fields cut of 154): true when cut, false when the row has fewer
   * fields or those are all empty (the forward cut decides then).
   */
  private readBack(p: number, end: number): boolean {
    const { bytes, delimiter, width, starts, ends, tabIsSpace } = this;
    let filled = false;
    let e = end;
    for (let c = width - 1; c >= this.first; c--) {
      // (lastIndexOf from a negative index would search from the end of the bytes)
      const d = c > 0 && e > p ? bytes.lastIndexOf(delimiter, e - 1) : p - 1;
      if (c > 0 && d < p) return false;
      let s = d + 1;
      let f = e;
      while (s < f && (bytes[s] === SPACE || (tabIsSpace && bytes[s] === TAB))) s++;
      while (f > s && (bytes[f - 1] === SPACE || (tabIsSpace && bytes[f - 1] === TAB))) f--;
      starts[c] = s;
      ends[c] = f;
      if (f > s) filled = true;
      e = d;
    }
    return filled;
  }
}

/** Rows whose wanted cells' share of the bytes decides how the rest of a push's cells are decoded. */
const SAMPLE_ROWS = 16;

export class TextRereader {
  /** Per column: every cell's text (null: missing), or null when the column is not wanted. */
  readonly texts: ((string | null)[] | null)[];
  private readonly scanner: CsvScanner;
  private row = 0;
  /** Body bytes before the current push's first (its kept tail's), and the bytes kept from the last push. */
  private base = 0;
  private tail: Uint8Array = new Uint8Array(0);

  constructor(
    fileName: string,
    private readonly delimiter: number,
    private readonly decimalComma: boolean,
    private readonly rows: number,
    private readonly wanted: readonly boolean[],
    private readonly start: DataStart,
    /** Every row through the scanner, none cut by PlainRows: the reference in tests. */
    private readonly scannerOnly = false,
  ) {
    this.texts = wanted.map((w) => (w ? new Array<string | null>(rows).fill(null) : null));
    this.scanner = new CsvScanner(new Uint8Array(0), delimiter, fileName);
    this.scanner.line = start.line;
  }

  /** True once every row is read (the rest of the bytes need not come). */
  get done(): boolean {
    return this.row >= this.rows;
  }

  /** The next bytes of the body (after any BOM), in order; `final`: nothing follows. */
  push(chunk: Uint8Array, final: boolean): void {
    if (this.done) return;
    let bytes = chunk;
    if (this.tail.length > 0) {
      bytes = new Uint8Array(this.tail.length + chunk.length);
      bytes.set(this.tail);
      bytes.set(chunk, this.tail.length);
    }
    const from = Math.max(0, this.start.offset - this.base);
    if (from >= bytes.length && !final) {
      this.base += bytes.length;
      this.tail = new Uint8Array(0);
      return;
    }
    const scanner = this.scanner;
    scanner.reset(bytes, Math.min(from, bytes.length));
    scanner.partial = !final;
    const { texts, wanted } = this;
    const width = wanted.length;
    // (the wanted columns only: a MaxQuant table wants 5 of its 150)
    const columns: number[] = [];
    wanted.forEach((w, c) => w && columns.push(c));
    const plain = width > 1 && !this.scannerOnly ? new PlainRows(bytes, this.delimiter, width, wanted.lastIndexOf(true), wanted.indexOf(true)) : null;
    // The wanted cells' texts: after SAMPLE_ROWS rows, slices of the rest of the bytes decoded once when the cells
    // were a quarter of those rows' bytes or more (text.ts SpanTexts: MaxQuant's id lists, most of its bytes).
    const span = new SpanTexts();
    let sampled = 0;
    let sampleFrom = scanner.pos;
    let cellBytes = 0;
    while (this.row < this.rows) {
      // A row PlainRows takes: its fields found by native searches, as the scanner would cut them; any other
      // row (one of another width, a quoted line break, …), the scanner's.
      if (plain !== null && plain.read(scanner.pos)) {
        const rowStart = scanner.pos;
        scanner.pos = plain.next;
        scanner.line++;
        if (!plain.blank) {
          for (let i = 0; i < columns.length; i++) {
            const c = columns[i]!;
            const out = texts[c]!;
            const text = span.decode(bytes, plain.starts[c]!, plain.ends[c]!);
            out[this.row] = trimmedOrMissing(text);
            if (sampled < SAMPLE_ROWS) cellBytes += plain.ends[c]! - plain.starts[c]!;
          }
          this.row++;
          if (sampled === 0) sampleFrom = rowStart;
          if (++sampled === SAMPLE_ROWS) {
            const share = cellBytes / Math.max(1, scanner.pos - sampleFrom);
            span.load(bytes, scanner.pos, bytes.length, Math.floor(share * (bytes.length - scanner.pos)));
          }
        }
        continue;
      }
      if (!scanner.next()) break;
      if (scanner.blank && width > 1) continue; // (one-column files: a blank line inside the data is a missing cell)
      for (let i = 0; i < columns.length; i++) {
        const c = columns[i]!;
        const out = texts[c]!;
        const text = fieldText(bytes, scanner.starts[c]!, scanner.ends[c]!, scanner.flags[c]!);
        out[this.row] = trimmedOrMissing(text);
      }
      this.row++;
    }
    // (the chunk may be reused by its source: the unfinished row is copied)
    this.tail = final ? new Uint8Array(0) : bytes.slice(scanner.pos);
    this.base += scanner.pos;
  }
}
