/**
 * Read a CSV/TSV file chunk by chunk, so that its bytes never sit in memory beside the parsed columns
 * (at 100 000 × 1000 the file is ~0.75 GB and the columns 0.8 GB). Two passes over the chunks:
 *   1. format, encoding, delimiter and record count (lines.ts), and a line start every piece's length
 *      (checkpoints) — the columns are then allocated once;
 *   2. the rows, through DelimitedReader, keeping only the unfinished last row between chunks. With
 *      `parallel` (a large file, issue 17), the reader stops at the first data row and the rest goes in
 *      pieces cut at the checkpoints, read by position (ChunkSource.openAt), to worker threads, each piece
 *      into its own rows of the shared columns (pieces.ts; ParallelReading below); the same Table as on one
 *      thread.
 * The reader keeps the first rows until the header is decided (title rows, two-row header: header.ts), and
 * decides alike wherever the chunks are cut. The result is the Table `parseTable` gives for the same bytes. Files the chunked path does not handle
 * give null, and the caller reads them whole: workbooks, UTF-16 and non-UTF-8 text (re-encoded as a whole,
 * text.ts), anything detectFormat rejects (the whole-file path words the error), and text columns that
 * also hold numeric cells (their texts need a second look at the bytes).
 *
 * @example
 *   const table = (await parseTableChunks(() => chunksOf(path), 'data.csv')) ?? parseTable(await readAll(path), 'data.csv');
 */
import { DelimitedReader, type Handoff } from './delimited.js';
import { baseName, detectFormat } from './detect.js';
import { WasmLineCounter } from './kernel/lines.js';
import { LineCounter, type Lines } from './lines.js';
import type { ParseOptions } from './parse.js';
import type { Piece, PieceResult, PieceSpec } from './pieces.js';
import { sniffDelimiter, SNIFF_BYTES, type Delimiter } from './sniff.js';
import { hasUtf8Bom, Utf8Validator } from './text.js';
import type { Table } from './types.js';

/**
 * The file's bytes in order, each time it is called (the file is read twice). A chunk may be reused for
 * the next one: nothing is kept from it once the next is asked for.
 */
export type ChunkSource = (() => AsyncIterable<Uint8Array>) & {
  /**
   * Optional: the file opened for reading by position. The parallel reader needs it: it reads each piece
   * straight into its shared buffer (copying pieces out of the chunks cost ~0.3 ms a MB on the thread that
   * feeds the others). Closed once the pieces are read.
   */
  readonly openAt?: () => Promise<BytesAt>;
};

/** A file read by position (ChunkSource.openAt). */
export interface BytesAt {
  /** Read from `position` into `into`, all that fit (fewer only at the end): how many. */
  read(into: Uint8Array, position: number): Promise<number>;
  close(): Promise<void>;
}

/** `chunks` with the random access of `source`, if it has one (for wrappers of a ChunkSource). */
export function withOpenAt(chunks: () => AsyncIterable<Uint8Array>, source: ChunkSource, mapError?: (error: unknown) => unknown): ChunkSource {
  const openAt = source.openAt;
  if (openAt === undefined) return chunks;
  if (mapError === undefined) return Object.assign(chunks, { openAt });
  const mapped = <T>(promise: Promise<T>): Promise<T> => promise.catch((error: unknown) => Promise.reject(mapError(error)));
  return Object.assign(chunks, {
    openAt: () => mapped(openAt()).then((file) => ({ read: (into: Uint8Array, position: number) => mapped(file.read(into, position)), close: () => file.close() })),
  });
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
  let format;
  try {
    format = detectFormat(head, name);
  } catch {
    return null;
  }
  if (format !== 'csv' && format !== 'tsv') return null;
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) return null;
  const skip = hasUtf8Bom(head) ? 3 : 0;
  return { delimiter: sniffDelimiter(head.subarray(skip), name), skip };
}

/** A line counter for `delimiter` (its byte code, -1: none): in WebAssembly where it runs (kernel/lines.ts). */
function lineCounter(delimiter: number): Lines {
  return WasmLineCounter.create(delimiter) ?? new LineCounter(delimiter);
}

/**
 * Pass 1: null when the chunked path does not apply (see the module comment). A checkpoint is taken at the
 * last line start of every `step` bytes.
 */
async function firstPass(open: ChunkSource, name: string, step: number, big?: { bytes: number; start(): void }): Promise<FirstPass | null> {
  let head: Uint8Array | null = new Uint8Array(0);
  let plan: { delimiter: Delimiter; skip: number } | null = null;
  let counter = lineCounter(-1);
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
  for await (const chunk of open()) {
    if (head === null) {
      if (!take(chunk)) return null;
      continue;
    }
    head = append(head, chunk);
    if (head.length < HEAD_BYTES) continue;
    plan = decide(head, name);
    if (plan === null) return null;
    counter = lineCounter(plan.delimiter.charCodeAt(0));
    if (!take(head.subarray(plan.skip))) return null;
    head = null;
  }
  if (head !== null) {
    if (head.length === 0) return null;
    plan = decide(head, name);
    if (plan === null) return null;
    counter = lineCounter(plan.delimiter.charCodeAt(0));
    take(head.subarray(plan.skip));
  }
  if (plan === null || !validator.complete) return null;
  return { delimiter: plan.delimiter, skip: plan.skip, lines: counter.total, bytes: offset, checkpoints: counter.loneCr ? [] : checkpoints };
}

export interface ChunkOptions extends Pick<ParseOptions, 'headerRow' | 'headerRows'> {
  /**
   * Where the columns' one buffer of numbers is allocated (DelimitedReaderOptions.allocate), e.g.
   * `allocateSharedFloat64` so that `applyMapping(table, mapping, { consume: true })` builds a shared matrix.
   */
  allocate?: (length: number) => Float64Array;
  /**
   * Read the data rows of a large file in pieces on worker threads (issue 17); `allocate` must then give
   * shared memory. Default: one thread.
   */
  parallel?: ParallelReading;
}

/**
 * How the data rows of a large file are read in parallel (core/parallel/read.ts, node/parallel/pool.ts): the
 * file is cut at line starts of the first pass into pieces of at least `pieceBytes`, each read by position
 * (ChunkSource.openAt: a source without it is read on one thread); each piece's rows go straight into the
 * shared columns (pieces.ts). Files below `minBytes`, one-column files, files with lone-CR line ends read
 * on one thread; so does a file in which a piece meets a quoted field (it may hold a line
 * break, which would shift every row after it): it is then read again on one thread, into the same buffer.
 */
export interface ParallelReading {
  /**
   * The pieces read (by worker threads or this one), in piece order; reading may stop after a piece that was
   * `quoted` or `ragged`. `done(i)`, when given, must be told once piece i has been read (its bytes are reused).
   */
  readPieces(spec: PieceSpec, pieces: AsyncIterable<Piece>, done?: (index: number) => void): Promise<PieceResult[]>;
  /** Optional: told as soon as the first pass has seen `minBytes` (e.g. to start threads while it goes on). */
  start?(): void;
  /** Shared memory for a piece's bytes and for the rows' line numbers. */
  allocateBytes(length: number): Uint8Array;
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

/** The Table of a CSV/TSV file read in chunks, or null when it must be read whole (module comment). */
export async function parseTableChunks(open: ChunkSource, fileName: string, options: ChunkOptions = {}): Promise<Table | null> {
  const name = baseName(fileName);
  const hook = options.parallel?.start;
  const big = hook !== undefined ? { bytes: options.parallel!.minBytes ?? PARALLEL_MIN_BYTES, start: () => hook.call(options.parallel) } : undefined;
  const first = await firstPass(open, name, options.parallel?.pieceBytes ?? PIECE_BYTES, big);
  if (first === null) return null;
  const openAt = open.openAt;
  const parallel =
    options.parallel !== undefined && openAt !== undefined && first.bytes >= (options.parallel.minBytes ?? PARALLEL_MIN_BYTES) && first.checkpoints.length > 0 ? options.parallel : null;
  const reader = new DelimitedReader(name, {
    delimiter: first.delimiter,
    lineCount: first.lines,
    allocate: options.allocate,
    headerRow: options.headerRow,
    headerRows: options.headerRows,
    ...(parallel ? { handOff: true, allocateRows: (length: number) => parallel.allocateRows(length) } : {}),
  });
  const chunks = open()[Symbol.asyncIterator]();
  try {
    let skip = first.skip;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      const chunk = next.value;
      const body = skip > 0 ? chunk.subarray(Math.min(skip, chunk.length)) : chunk;
      skip -= chunk.length - body.length;
      reader.push(body, false);
      if (reader.handoff !== null) break;
    }
    if (reader.handoff === null) reader.push(new Uint8Array(0), true); // (the handoff may come with the end)
    if (reader.handoff !== null && parallel !== null && openAt !== undefined) {
      await chunks.return?.(); // (the pieces are read by position)
      const { slab, capacity, sourceRows } = reader.handedBuffers;
      const spec: PieceSpec = { fileName: name, delimiter: reader.delimiterCode, decimalComma: reader.decimalComma, width: slab.length / Math.max(1, capacity), capacity, slab, sourceRows };
      const buffers = new PieceBuffers(parallel);
      const source = readPieces(cutPieces(reader.handoff, first, parallel), openAt, first, buffers);
      const results = await parallel.readPieces(spec, source, (index) => buffers.release(index));
      for (const result of results) {
        // A piece that met a quoted field, or whose worker thread died before answering (core/parallel/read.ts
        // LostPiece): the file again on one thread, into the same buffer.
        if (result.quoted || ('lost' in result && result.lost === true)) return await parseTableChunks(open, fileName, { ...options, parallel: undefined, allocate: (length) => (length === slab.length ? slab : (options.allocate ?? ((n) => new Float64Array(n)))(length)) });
        if (result.ragged !== null) throw reader.raggedRow(result.ragged.line, result.ragged.count);
      }
      reader.acceptPieces(results);
      return reader.finish();
    }
  } finally {
    await chunks.return?.();
  }
  return reader.finish();
}

/** Where a piece starts: its offset in the body, its first row (after the handoff) and line. */
interface PieceStart {
  offset: number;
  row: number;
  line: number;
}

/** The data rows after the handoff cut at the first pass's checkpoints, at least `pieceBytes` apart. */
function cutPieces(handoff: Handoff, first: FirstPass, parallel: ParallelReading): PieceStart[] {
  const size = parallel.pieceBytes ?? PIECE_BYTES;
  const starts: PieceStart[] = [{ offset: handoff.offset, row: 0, line: handoff.line }];
  for (const cp of first.checkpoints) {
    if (cp.offset >= first.bytes) break;
    if (cp.offset - starts[starts.length - 1]!.offset >= size) starts.push({ offset: cp.offset, row: cp.lines - handoff.linesBefore, line: cp.line });
  }
  return starts;
}

/**
 * The pieces read straight into their buffers by position (ChunkSource.openAt), the next ones read while the
 * current one is handed out (AHEAD of them: the reads' callbacks wait while this thread reads a piece itself).
 */
async function* readPieces(starts: PieceStart[], openAt: () => Promise<BytesAt>, first: FirstPass, buffers: PieceBuffers): AsyncGenerator<Piece> {
  const file = await openAt();
  const read = async (index: number): Promise<Piece> => {
    const start = starts[index]!;
    const end = index + 1 < starts.length ? starts[index + 1]!.offset : first.bytes;
    const piece = buffers.take(end - start.offset, index);
    for (let filled = 0; filled < piece.length; ) {
      const got = await file.read(piece.subarray(filled), first.skip + start.offset + filled);
      if (got === 0) throw new Error(`Internal error: the file ended at byte ${start.offset + filled} of ${first.bytes} (it changed while being read?).`);
      filled += got;
    }
    return { bytes: piece, firstRow: start.row, firstLine: start.line };
  };
  const pending: Promise<Piece>[] = [];
  let asked = 0;
  try {
    for (let index = 0; index < starts.length; index++) {
      while (asked < starts.length && asked <= index + AHEAD) pending.push(read(asked++));
      yield await pending.shift()!;
    }
  } finally {
    await Promise.allSettled(pending); // (stopped early: no read left writing into a buffer)
    await file.close();
  }
}

/** Pieces read ahead of the one handed out (readPieces). */
const AHEAD = 3;

/**
 * The shared buffers of the pieces, reused once a piece has been read (fresh shared memory costs a page
 * fault per 4 KiB on first touch: ~0.1 s a 200 MB file). A buffer holds at least 2 × pieceBytes.
 */
class PieceBuffers {
  private readonly free: Uint8Array[] = [];
  private readonly lent = new Map<number, Uint8Array>();
  constructor(private readonly parallel: ParallelReading) {}

  /** `length` bytes for piece `index`. */
  take(length: number, index: number): Uint8Array {
    let buffer = this.free.pop();
    if (buffer === undefined || buffer.length < length) buffer = this.parallel.allocateBytes(Math.max(length, 2 * (this.parallel.pieceBytes ?? PIECE_BYTES)));
    this.lent.set(index, buffer);
    return buffer.subarray(0, length);
  }

  release(index: number): void {
    const buffer = this.lent.get(index);
    if (buffer === undefined) return;
    this.lent.delete(index);
    this.free.push(buffer);
  }
}
