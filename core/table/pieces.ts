/**
 * One piece of a CSV/TSV file's data rows read into the table's shared column buffer, on any thread
 * (issue 17: parallel reading). The file is cut at line starts (stream.ts, from its first pass); a worker
 * reads each piece's rows into rows `firstRow…` of the columns (row-major.ts Slab) and
 * their lines into `sourceRows`, classifying every cell as the single-threaded reader does (delimited.ts
 * readCells), and returns the counts the reader then takes in (DelimitedReader.acceptPieces).
 *
 * A piece never holds quoted fields: at the first field opening with `"` (or a quote that does not close before
 * the piece ends: it began inside a quoted field) it stops and says so (`quoted`),
 * because a quoted field may hold a line break and then the cut, and every row number after it, would be
 * wrong; the caller reads the file again on one thread. A row with the wrong number of cells stops the piece
 * too (`ragged`: its line and cell count; the caller words the error of the first such row in the file).
 * Example: the bytes of "b,2\n\nc,3\n" as a piece at row 5, line 8 → rows 5 and 6 (lines 8 and 10), 1 blank.
 */
import { readCells, type PieceCounts } from './delimited.js';
import { RowKernel } from './kernel/rows.js';
import { slabBuilders, type Slab } from './row-major.js';
import { CsvScanner, PLAIN } from './scanner.js';

export interface PieceSpec {
  fileName: string;
  /** Byte code of the delimiter, and whether decimal commas are read (a semicolon delimiter). */
  delimiter: number;
  decimalComma: boolean;
  /** Where every column's numbers go (row-major.ts; shared memory when the piece is read on another thread). */
  slab: Slab;
  sourceRows: Int32Array;
}

export interface Piece {
  /** Whole lines (ending with a line break, or at the end of the file). */
  bytes: Uint8Array;
  /** Row of the table its first non-blank line goes to, and the 1-based line it starts at. */
  firstRow: number;
  firstLine: number;
}

/**
 * Where a file's pieces lie (stream.ts cuts them at the first pass's line starts): piece i is the bytes
 * [offsets[i], offsets[i + 1]) of the file, its first row and line are rows[i] and lines[i] (Piece).
 */
export interface PieceTable {
  /** count + 1 byte offsets in the file. */
  offsets: Float64Array;
  rows: Int32Array;
  lines: Int32Array;
}

/**
 * A file that a thread opens by itself to read its pieces (ChunkSource.file), structured-clone friendly. The
 * host that made it (node/files.ts) also puts in it what tells this version of the file from a changed one.
 */
export interface FileRef {
  readonly path: string;
}

/** A file opened for reading by position, synchronously (a thread reading pieces has nothing else to do). */
export interface FileAt {
  /** Read from `position` into `into`, as much as one read gives (0 at the end). */
  read(into: Uint8Array, position: number): number;
  /** Close it; throws, in the user's words, when the file changed while it was open. */
  close(): void;
}

/** The host's way to open a FileRef (node/files.ts openFileAt); throws, in the user's words, when it changed. */
export type OpenFileAt = (file: FileRef) => FileAt;

export interface PieceResult extends PieceCounts {
  /** A field opening with a quote was met: nothing after it was read, and the piece's counts are incomplete. */
  quoted: boolean;
  /** The first row with the wrong number of cells: its line and cell count. */
  ragged: { line: number; count: number } | null;
}

/**
 * The kernel of this thread (one WebAssembly instance, its memory reused), for rows of one shape, lent to one
 * reader at a time: a reader of pieces fills its memory with a piece's bytes (RowKernel.bodyView) before reading
 * them. A reader that asks while it is lent (only in tests, where fake threads share one JavaScript thread and
 * one starts inside another's read) gets a kernel of its own.
 */
let kept: { kernel: RowKernel | null; key: string; lent: boolean } | null = null;

/** A kernel for the rows of `spec` (null without WebAssembly), and how to give it back. */
export function lendKernel(spec: PieceSpec): { kernel: RowKernel | null; release(): void } {
  const { delimiter, decimalComma } = spec;
  const { width, rowMajor } = spec.slab;
  const key = `${width} ${delimiter} ${decimalComma} ${rowMajor}`;
  if (kept !== null && kept.key === key && kept.lent) return { kernel: RowKernel.create(width, delimiter, decimalComma, rowMajor), release() {} };
  if (kept === null || kept.key !== key) kept = { kernel: RowKernel.create(width, delimiter, decimalComma, rowMajor), key, lent: false };
  const entry = kept;
  entry.lent = true;
  return {
    kernel: entry.kernel,
    release() {
      entry.lent = false;
    },
  };
}

/**
 * Read one piece (module comment) with the kernel lent for `spec` (lendKernel; its memory may already hold the
 * piece's bytes): rows the quick way when they can (in WebAssembly, kernel/rows.ts), else (and without
 * WebAssembly, kernel null) through the scanner, which decides.
 */
export function readPiece(spec: PieceSpec, piece: Piece, kernel: RowKernel | null): PieceResult {
  const { sourceRows, decimalComma } = spec;
  const { width } = spec.slab;
  // Each column's share of the piece: numbers straight into the shared buffer, its text cells listed.
  const columns = slabBuilders(spec.slab);
  const body = piece.bytes;
  const len = body.length;
  const scanner = new CsvScanner(body, spec.delimiter, spec.fileName);
  kernel?.load(body);
  let line = piece.firstLine;
  let row = piece.firstRow;
  let blanks = 0;
  let quoted = false;
  let ragged: PieceResult['ragged'] = null;
  let p = 0;
  while (p < len) {
    if (kernel !== null) {
      const rows = kernel.read(p, false);
      kernel.commit(columns, row, rows);
      for (let r = 0; r < rows; r++) sourceRows[row++] = line++;
      p = kernel.stopPos;
      if (!kernel.needsScanner) continue;
    }
    scanner.reset(body, p);
    scanner.line = line;
    let read: boolean;
    try {
      read = scanner.next();
    } catch {
      // A quote that does not close in this piece: the piece began inside a quoted field whose closing quote
      // opens a line here (issue 26: a field of 1 MiB with line breaks spans several pieces). Said like any
      // quote: the file is read again on one thread, which sees the field whole.
      quoted = true;
      break;
    }
    if (!read) break;
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
    numeric: Int32Array.from(columns, (c) => c.numericCount),
    missing: Int32Array.from(columns, (c) => c.missing),
    textColumns: Int32Array.from(columns.flatMap((column, c) => column.texts.rows.map(() => c))),
    textRows: Int32Array.from(columns.flatMap((column) => column.texts.rows)),
    texts: columns.flatMap((column) => column.texts.values),
    quoted,
    ragged,
  };
}

