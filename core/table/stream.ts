/**
 * Read a CSV/TSV file chunk by chunk, so that its bytes never sit in memory beside the parsed columns
 * (at 100 000 × 1000 the file is ~0.75 GB and the columns 0.8 GB). Two passes over the chunks:
 *   1. format, encoding, delimiter and record count (lines.ts), and a line start every piece's length
 *      (checkpoints) — the columns are then allocated once;
 *   2. the rows, through DelimitedReader, keeping only the unfinished last row between chunks. With
 *      `parallel` (a large file, issue 17), the reader stops at the first data row and the rest is cut into
 *      pieces at the checkpoints, which threads that open the file themselves (ChunkSource.file) read, each
 *      piece into its own rows of the shared columns (pieces.ts; ParallelReading below); the same Table as on
 *      one thread.
 * The reader keeps the first rows until the header is decided (title rows, two-row header: header.ts), and
 * decides alike wherever the chunks are cut. The result is the Table `parseTable` gives for the same bytes. Files the chunked path does not handle
 * give null, and the caller reads them whole: workbooks, UTF-16 and non-UTF-8 text (re-encoded as a whole,
 * text.ts), and anything detectFormat rejects (the whole-file path words the error). Text columns that also
 * hold numeric cells get their texts from a third pass (reread.ts).
 *
 * @example
 *   const table = (await parseTableChunks(() => chunksOf(path), 'data.csv')) ?? parseTable(await readAll(path), 'data.csv');
 */
import { throwIfAborted } from '../engine/abort.js';
import type { AbortSignalLike } from '../engine/types.js';
import { DelimitedReader, type Handoff } from './delimited.js';
import { TextRereader } from './reread.js';
import { baseName, detectKind } from './detect.js';
import { looksStructuredText, structureTable } from './formats/structured.js';
import { WasmLineCounter } from './kernel/lines.js';
import { LineCounter, type Lines } from './lines.js';
import type { ParseOptions } from './parse.js';
import type { FileRef, PieceResult, PieceSpec, PieceTable } from './pieces.js';
import { sniffDelimiter, SNIFF_BYTES, type Delimiter } from './sniff.js';
import { hasUtf8Bom, Utf8Validator } from './text.js';
import type { Table } from './types.js';

/**
 * The file's bytes in order, each time it is called (the file is read twice). A chunk may be reused for
 * the next one: nothing is kept from it once the next is asked for.
 */
export type ChunkSource = ((into?: ChunkBuffers) => AsyncIterable<Uint8Array>) & {
  /**
   * Optional: the file as the first iteration found it, for threads that open it themselves (null before
   * that). The parallel reader needs it: each thread reads its pieces by position (pieces.ts FileRef).
   */
  readonly file?: () => FileRef | null;
};

/**
 * Two buffers a source may read its chunks into, taking turns (the first pass gives the line counter's memory:
 * kernel/lines.ts windows); a source may ignore them. A chunk is then at most a buffer long.
 */
export type ChunkBuffers = readonly [Uint8Array, Uint8Array];

/** `chunks` with the file of `source`, if it names one (for wrappers of a ChunkSource). */
export function withFile(chunks: (into?: ChunkBuffers) => AsyncIterable<Uint8Array>, source: ChunkSource): ChunkSource {
  const file = source.file;
  return file === undefined ? chunks : Object.assign(chunks, { file });
}

/** Bytes looked at before deciding on the format and the delimiter (a BOM and the sniffing sample). */
const HEAD_BYTES = SNIFF_BYTES + 4;

function append(head: Uint8Array, chunk: Uint8Array): Uint8Array {
  const joined = new Uint8Array(head.length + chunk.length);
  joined.set(head);
  joined.set(chunk, head.length);
  return joined;
}

/** A line start found by the first pass: where the parallel reader may cut the file. */
interface Checkpoint {
  /** Offset in the body (the bytes after a BOM). */
  offset: number;
  /** Non-blank lines before it (lines.ts), and its 1-based line number. */
  lines: number;
  line: number;
}

interface FirstPass {
  delimiter: Delimiter;
  /** Bytes of a UTF-8 byte-order mark to skip (0 or 3). */
  skip: number;
  /** Non-blank lines of the body (lines.ts, with the delimiter): the reader sizes the columns from it. */
  lines: number;
  /** Bytes of the body. */
  bytes: number;
  /** The line start after the last line break of every `step` bytes, in order; empty when lines end at lone CRs. */
  checkpoints: Checkpoint[];
}

const LF = 0x0a;

/** The format, BOM and delimiter from the first bytes; null when the chunked path does not apply. */
function decide(head: Uint8Array, name: string): { delimiter: Delimiter; skip: number } | null {
  let kind;
  try {
    kind = detectKind(head, name); // (detectFormat but its sniff: the delimiter is sniffed below, once)
  } catch {
    return null;
  }
  if (kind !== 'text') return null;
  if (looksStructuredText(head)) return null; // GCT, ADAT, mzTab: their own readers (formats/structured.ts)
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) return null;
  const skip = hasUtf8Bom(head) ? 3 : 0;
  return { delimiter: sniffDelimiter(head.subarray(skip), name), skip };
}

/** Chunks the first pass asks its source to read into the line counter's memory. */
const FIRST_PASS_CHUNK = 1 << 20;

/**
 * Pass 1: null when the chunked path does not apply (see the module comment). A checkpoint is taken at the
 * last line start of every `step` bytes.
 */
async function firstPass(open: ChunkSource, name: string, step: number, big?: { bytes: number; start(): void }, signal?: AbortSignalLike): Promise<FirstPass | null> {
  let head: Uint8Array | null = new Uint8Array(0);
  let plan: { delimiter: Delimiter; skip: number } | null = null;
  // In WebAssembly where it runs (kernel/lines.ts), the file read straight into its memory; its delimiter is
  // set once the head has told it.
  const wasm = WasmLineCounter.create(-1);
  const windows = wasm?.windows(FIRST_PASS_CHUNK);
  let counter: Lines = wasm ?? new LineCounter(-1);
  const setDelimiter = (code: number) => {
    if (wasm !== null) wasm.setDelimiter(code);
    else counter = new LineCounter(code);
  };
  const validator = new Utf8Validator();
  const checkpoints: Checkpoint[] = [];
  let offset = 0;
  const take = (bytes: Uint8Array): boolean => {
    let ascii = true;
    for (let from = 0; from < bytes.length; ) {
      const to = Math.min(bytes.length, from + step);
      const lf = bytes.lastIndexOf(LF, to - 1);
      if (lf < from) {
        ascii = counter.push(bytes, from, to) && ascii;
        from = to;
      } else {
        ascii = counter.push(bytes, from, lf + 1) && ascii;
        checkpoints.push({ offset: offset + lf + 1, lines: counter.total, line: counter.breaks + 1 });
        from = lf + 1;
      }
    }
    offset += bytes.length;
    if (big !== undefined && offset >= big.bytes) {
      big.start();
      big = undefined;
    }
    return validator.push(bytes, ascii);
  };
  for await (const chunk of open(windows)) {
    throwIfAborted(signal);
    if (head === null) {
      if (!take(chunk)) return null;
      continue;
    }
    head = append(head, chunk);
    if (head.length < HEAD_BYTES) continue;
    plan = decide(head, name);
    if (plan === null) return null;
    setDelimiter(plan.delimiter.charCodeAt(0));
    if (!take(head.subarray(plan.skip))) return null;
    head = null;
  }
  if (head !== null) {
    if (head.length === 0) return null;
    plan = decide(head, name);
    if (plan === null) return null;
    setDelimiter(plan.delimiter.charCodeAt(0));
    take(head.subarray(plan.skip));
  }
  if (plan === null || !validator.complete) return null;
  return { delimiter: plan.delimiter, skip: plan.skip, lines: counter.total, bytes: offset, checkpoints: counter.loneCr ? [] : checkpoints };
}

export interface ChunkOptions extends Pick<ParseOptions, 'headerRow' | 'headerRows' | 'textColumns' | 'noHeader'> {
  /**
   * Where the columns' one buffer of numbers is allocated (DelimitedReaderOptions.allocate), e.g.
   * `allocateSharedFloat64` so that `applyMapping(table, mapping, { consume: true })` builds a shared matrix.
   */
  allocate?: (length: number) => Float64Array;
  /** Keep the numbers row by row (DelimitedReaderOptions.rowMajor, row-major.ts). */
  rowMajor?: boolean;
  /**
   * Read the data rows of a large file in pieces on worker threads (issue 17); `allocate` must then give
   * shared memory. Default: one thread.
   */
  parallel?: ParallelReading;
  /**
   * Looked at as each chunk comes, in both passes (issue 26: cancel while reading); aborted → SkfrError
   * ('cancelled') and no further chunk is asked for. Pieces read on threads run to their end.
   */
  signal?: AbortSignalLike;
}

/**
 * How the data rows of a large file are read in parallel (core/parallel/read.ts, node/parallel/pool.ts): the
 * file is cut at line starts of the first pass into pieces of at least `pieceBytes`, which threads that open
 * the file themselves (ChunkSource.file: a source without it is read on one thread) read by position, each
 * piece's rows straight into the shared columns (pieces.ts). Files below `minBytes`, one-column files, files
 * with lone-CR line ends read on one thread; so does a file in which a piece meets a quoted field (it may hold
 * a line break, which would shift every row after it): it is then read again on one thread, into the same
 * buffer.
 */
export interface ParallelReading {
  /**
   * The pieces read (by worker threads or this one), in piece order; reading may stop after a piece that was
   * `quoted`, `ragged` or lost (core/parallel/read.ts LostPiece).
   */
  readPieces(spec: PieceSpec, pieces: PieceTable, file: FileRef): Promise<PieceResult[]>;
  /** Optional: told as soon as the first pass has seen `minBytes` (e.g. to start threads while it goes on). */
  start?(): void;
  /** Shared memory for the rows' line numbers. */
  allocateRows(length: number): Int32Array;
  /** Bodies smaller than this are read on one thread (default PARALLEL_MIN_BYTES). */
  minBytes?: number;
  /** Smallest piece (default PIECE_BYTES). */
  pieceBytes?: number;
}

/**
 * Smallest file read in parallel. A second thread costs ~0.1–0.2 s of CPU (a V8 isolate, Node, the modules)
 * and the rows kernel reads ~250–700 MB/s on one core (kernel/rows.ts), so the thread pays only on large
 * files: whole-process reads on 2 cores, one thread against two (medians of 5, 2026-11-24): 41 MB 0.19 s
 * against 0.21 s, 91 MB 0.38 s against 0.35 s, 110 MB of 17-digit numbers 0.29 s either way, 393 MB 0.85 s
 * against 0.67–0.81 s (bench/RESULTS.md issue 17).
 */
export const PARALLEL_MIN_BYTES = 64 * 1024 * 1024;
/** Smallest piece handed to a thread. */
export const PIECE_BYTES = 1024 * 1024;
/**
 * Rows a piece holds at least, on average: a piece sets up every column (pieces.ts), which a wide table (tens
 * of thousands of columns, a few rows a MiB) would pay for every few rows (200 × 50 000: 2.5 s on two threads
 * with 1 MiB pieces, against 0.9 s on one).
 */
const PIECE_ROWS = 64;

/**
 * The Table of a CSV/TSV file read in chunks, or null when it must be read whole (module comment); a long table
 * is pivoted to proteins × samples (formats/structured.ts).
 */
export async function parseTableChunks(open: ChunkSource, fileName: string, options: ChunkOptions = {}): Promise<Table | null> {
  const table = await readChunks(open, fileName, options);
  return table === null ? null : structureTable(table);
}

async function readChunks(open: ChunkSource, fileName: string, options: ChunkOptions): Promise<Table | null> {
  const name = baseName(fileName);
  const hook = options.parallel?.start;
  const big = hook !== undefined ? { bytes: options.parallel!.minBytes ?? PARALLEL_MIN_BYTES, start: () => hook.call(options.parallel) } : undefined;
  const first = await firstPass(open, name, options.parallel?.pieceBytes ?? PIECE_BYTES, big, options.signal);
  if (first === null) return null;
  const file = open.file?.() ?? null;
  const parallel =
    options.parallel !== undefined && file !== null && first.bytes >= (options.parallel.minBytes ?? PARALLEL_MIN_BYTES) && first.checkpoints.length > 0 ? options.parallel : null;
  const reader = new DelimitedReader(name, {
    delimiter: first.delimiter,
    lineCount: first.lines,
    allocate: options.allocate,
    headerRow: options.headerRow,
    headerRows: options.headerRows,
    textColumns: options.textColumns,
    noHeader: options.noHeader,
    ...(options.rowMajor ? { rowMajor: true } : {}),
    ...(parallel ? { handOff: true, allocateRows: (length: number) => parallel.allocateRows(length) } : {}),
  });
  const chunks = open()[Symbol.asyncIterator]();
  try {
    let skip = first.skip;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      throwIfAborted(options.signal);
      const chunk = next.value;
      const body = skip > 0 ? chunk.subarray(Math.min(skip, chunk.length)) : chunk;
      skip -= chunk.length - body.length;
      reader.push(body, false);
      if (reader.handoff !== null) break;
    }
    if (reader.handoff === null) reader.push(new Uint8Array(0), true); // (the handoff may come with the end)
    if (reader.handoff !== null && parallel !== null && file !== null) {
      await chunks.return?.(); // (the threads read the pieces by position)
      const { slab, sourceRows } = reader.handedBuffers;
      const spec: PieceSpec = { fileName: name, delimiter: reader.delimiterCode, decimalComma: reader.decimalComma, slab, sourceRows };
      const results = await parallel.readPieces(spec, cutPieces(reader.handoff, first, parallel), file);
      for (const result of results) {
        // A piece that met a quoted field, or whose worker thread died before answering (core/parallel/read.ts
        // LostPiece): the file again on one thread, into the same buffer.
        if (result.quoted || ('lost' in result && result.lost === true)) return await readChunks(open, fileName, { ...options, parallel: undefined, allocate: (length) => (length === slab.data.length ? slab.data : (options.allocate ?? ((n) => new Float64Array(n)))(length)) });
        if (result.ragged !== null) throw reader.raggedRow(result.ragged.line, result.ragged.count);
      }
      reader.acceptPieces(results);
      return await finishChunks(reader, open, first.skip, name);
    }
  } finally {
    await chunks.return?.();
  }
  return finishChunks(reader, open, first.skip, name);
}

/**
 * The reader's table; the columns that need every cell's text (text columns holding numbers, label columns)
 * get them from one more pass over the chunks, up to the last data row (reread.ts).
 */
async function finishChunks(reader: DelimitedReader, open: ChunkSource, skip: number, name: string): Promise<Table | null> {
  const wanted = reader.textsWanted();
  if (wanted === null) return reader.finish();
  const reread = new TextRereader(name, reader.delimiterCode, reader.decimalComma, wanted.rows, wanted.columns, reader.dataStart!);
  const chunks = open()[Symbol.asyncIterator]();
  try {
    for (let next = await chunks.next(); !next.done && !reread.done; next = await chunks.next()) {
      const chunk = next.value;
      const body = skip > 0 ? chunk.subarray(Math.min(skip, chunk.length)) : chunk;
      skip -= chunk.length - body.length;
      reread.push(body, false);
    }
    reread.push(new Uint8Array(0), true);
  } finally {
    await chunks.return?.();
  }
  return reader.finish(() => reread.texts);
}

/**
 * The data rows after the handoff cut at the first pass's checkpoints, at least `pieceBytes` apart: offsets in
 * the file (after a BOM), first rows (after the handoff) and lines.
 */
function cutPieces(handoff: Handoff, first: FirstPass, parallel: ParallelReading): PieceTable {
  const size = parallel.pieceBytes ?? Math.max(PIECE_BYTES, PIECE_ROWS * (first.bytes / Math.max(1, first.lines)));
  const offsets = [handoff.offset];
  const rows = [0];
  const lines = [handoff.line];
  for (const cp of first.checkpoints) {
    if (cp.offset >= first.bytes) break;
    if (cp.offset - offsets[offsets.length - 1]! >= size) {
      offsets.push(cp.offset);
      rows.push(cp.lines - handoff.linesBefore);
      lines.push(cp.line);
    }
  }
  offsets.push(first.bytes);
  return { offsets: Float64Array.from(offsets, (offset) => first.skip + offset), rows: Int32Array.from(rows), lines: Int32Array.from(lines) };
}
