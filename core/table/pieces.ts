/**
 * One piece of a CSV/TSV file's data rows read into the table's shared column buffer, on any thread
 * (issue 17: parallel reading). The file is cut at line starts (stream.ts, from its first pass); a worker
 * reads each piece's rows into rows `firstRow…` of the columns (column c at `slab[c × capacity + row]`) and
 * their lines into `sourceRows`, classifying every cell as the single-threaded reader does (delimited.ts
 * readCells), and returns the counts the reader then takes in (DelimitedReader.acceptPieces).
 *
 * A piece never holds quoted fields: at the first field opening with `"` it stops and says so (`quoted`),
 * because a quoted field may hold a line break and then the cut, and every row number after it, would be
 * wrong; the caller reads the file again on one thread. A row with the wrong number of cells stops the piece
 * too (`ragged`: its line and cell count; the caller words the error of the first such row in the file).
 * Example: the bytes of "b,2\n\nc,3\n" as a piece at row 5, line 8 → rows 5 and 6 (lines 8 and 10), 1 blank.
 */
import { isMissingBytes } from './cells.js';
import { readCells, type CellSink, type PieceCounts } from './delimited.js';
import { fieldEnd, parseNumberBytes, parseNumberField } from './float-parse.js';
import { CsvScanner, PLAIN } from './scanner.js';
import { decodeUtf8 } from './text.js';

export interface PieceSpec {
  fileName: string;
  /** Byte code of the delimiter, and whether decimal commas are read (a semicolon delimiter). */
  delimiter: number;
  decimalComma: boolean;
  /** Columns, and rows the columns have room for. */
  width: number;
  capacity: number;
  /** width × capacity numbers, column-major (shared memory when the piece is read on another thread). */
  slab: Float64Array;
  sourceRows: Int32Array;
}

export interface Piece {
  /** Whole lines (ending with a line break, or at the end of the file). */
  bytes: Uint8Array;
  /** Row of the table its first non-blank line goes to, and the 1-based line it starts at. */
  firstRow: number;
  firstLine: number;
}

export interface PieceResult extends PieceCounts {
  /** A field opening with a quote was met: nothing after it was read, and the piece's counts are incomplete. */
  quoted: boolean;
  /** The first row with the wrong number of cells: its line and cell count. */
  ragged: { line: number; count: number } | null;
}

/** A column's share of a piece: numbers straight into the shared buffer, text cells listed. */
class PieceColumn implements CellSink {
  numeric = 0;
  missing = 0;
  constructor(
    readonly numbers: Float64Array,
    private readonly column: number,
    private readonly texts: { columns: number[]; rows: number[]; texts: string[] },
  ) {}
  setNumber(row: number, value: number): void {
    this.numbers[row] = value;
    this.numeric++;
  }
  setMissing(row: number): void {
    this.numbers[row] = NaN;
    this.missing++;
  }
  setText(row: number, text: string): void {
    this.numbers[row] = NaN;
    this.texts.columns.push(this.column);
    this.texts.rows.push(row);
    this.texts.texts.push(text);
  }
  setCell(row: number, cell: number | string | null): void {
    if (cell === null) this.setMissing(row);
    else if (typeof cell === 'number') this.setNumber(row, cell);
    else this.setText(row, cell);
  }
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

/** Cell kinds of a row read the quick way, before it is kept. */
const NUMBER = 0;
const MISSING = 1;
const TEXT = 2;

/**
 * Read one piece (module comment). Rows go the quick way when they can: field by field, a number read
 * where its bytes end at the delimiter (float-parse.ts parseNumberField), any other field scanned to its
 * delimiter and classified as the scanner and readCells would; the row is kept once it has exactly `width`
 * fields. A row whose first field is empty (it may be blank), opens a quote, or has the wrong number of
 * fields is read again by the scanner, which decides.
 */
export function readPiece(spec: PieceSpec, piece: Piece): PieceResult {
  const { width, capacity, slab, sourceRows, decimalComma, delimiter } = spec;
  const texts = { columns: [] as number[], rows: [] as number[], texts: [] as string[] };
  const columns = Array.from({ length: width }, (_, c) => new PieceColumn(slab.subarray(c * capacity, (c + 1) * capacity), c, texts));
  const body = piece.bytes;
  const len = body.length;
  const scanner = new CsvScanner(body, delimiter, spec.fileName);
  const tabIsSpace = delimiter !== TAB;
  const quick = !NUMBER_BYTES.includes(delimiter) && !(decimalComma && delimiter === 0x2c);
  const values = new Float64Array(width);
  const kinds = new Uint8Array(width);
  const cellTexts: string[] = new Array<string>(width);
  let line = piece.firstLine;
  let row = piece.firstRow;
  let blanks = 0;
  let quoted = false;
  let ragged: PieceResult['ragged'] = null;
  let p = 0;
  while (p < len) {
    // The quick way.
    if (quick) {
      let q = p;
      let c = 0;
      let ok = true;
      for (; c < width; c++) {
        while (q < len && (body[q] === SPACE || (tabIsSpace && body[q] === TAB))) q++;
        const v = parseNumberField(body, q, len, delimiter, decimalComma);
        let end = fieldEnd;
        if (end >= 0) {
          values[c] = v;
          kinds[c] = NUMBER;
        } else {
          if (q < len && body[q] === QUOTE) {
            ok = false;
            break;
          }
          const start = q;
          end = q;
          while (end < len) {
            const b = body[end]!;
            if (b === delimiter || b === LF || b === CR) break;
            end++;
          }
          let e = end;
          while (e > start && (body[e - 1] === SPACE || (tabIsSpace && body[e - 1] === TAB))) e--;
          if (c === 0 && e === start) {
            ok = false; // (maybe a blank row)
            break;
          }
          const x = parseNumberBytes(body, start, e, decimalComma);
          if (x === x) {
            values[c] = x;
            kinds[c] = NUMBER;
          } else if (isMissingBytes(body, start, e)) kinds[c] = MISSING;
          else {
            kinds[c] = TEXT;
            cellTexts[c] = decodeUtf8(body, start, e);
          }
        }
        q = end;
        const last = c === width - 1;
        const b = q < len ? body[q]! : -1;
        if (last ? b === delimiter : b !== delimiter) {
          ok = false;
          break;
        }
        if (!last) q++;
      }
      if (ok) {
        for (let k = 0; k < width; k++) {
          const kind = kinds[k]!;
          if (kind === NUMBER) columns[k]!.setNumber(row, values[k]!);
          else if (kind === MISSING) columns[k]!.setMissing(row);
          else columns[k]!.setText(row, cellTexts[k]!);
        }
        sourceRows[row] = line;
        row++;
        if (q < len) {
          if (body[q] === CR && q + 1 < len && body[q + 1] === LF) q++;
          q++;
        }
        line++;
        p = q;
        continue;
      }
    }
    // The scanner's way.
    scanner.reset(body, p);
    scanner.line = line;
    if (!scanner.next()) break;
    const flags = scanner.flags;
    for (let c = 0; c < scanner.count; c++) {
      if (flags[c] !== PLAIN) {
        quoted = true;
        break;
      }
    }
    if (quoted) break;
    p = scanner.pos;
    line = scanner.line;
    if (scanner.blank) {
      blanks++;
      continue;
    }
    if (scanner.count !== width) {
      ragged = { line: scanner.rowLine, count: scanner.count };
      break;
    }
    sourceRows[row] = scanner.rowLine;
    readCells(scanner, body, row, columns, decimalComma);
    row++;
  }
  return {
    rows: row - piece.firstRow,
    blanks,
    numeric: Int32Array.from(columns, (c) => c.numeric),
    missing: Int32Array.from(columns, (c) => c.missing),
    textColumns: Int32Array.from(texts.columns),
    textRows: Int32Array.from(texts.rows),
    texts: texts.texts,
    quoted,
    ragged,
  };
}

/** Delimiters the quick way cannot take: bytes of a number (digits, sign, point, exponent mark). */
const NUMBER_BYTES = Array.from('0123456789+-.eE', (c) => c.charCodeAt(0));
