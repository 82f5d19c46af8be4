/**
 * Parallel reading (issue 17 item 2): node/parallel/read.ts readTableChunks on two worker threads, with
 * tiny pieces so that every file is cut in many places, gives the same Table as parseTableChunks on one
 * thread, itself the same as the reader before issue 17 (every row through the scanner, one push) — values bit for bit, names, notes, blank rows, missing and bad cells, row lines — and the same
 * error (message and line) for a ragged row; files it must not split (quoted fields, lone CR, one column)
 * come out the same too. A worker thread that dies while reading pieces does not fail the read: the file is
 * read again on one thread (as after a quoted field), the same Table or the same error.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../core/parallel/executor.js';
import type { WorkerRequest, WorkerResponse } from '../../core/parallel/protocol.js';
import { readClaimedPieces, readPiecesWith } from '../../core/parallel/read.js';
import type { WorkerLink } from '../../core/parallel/scheduler.js';
import { allocateSharedFloat64, allocateSharedInt32 } from '../../core/parallel/shared.js';
import { DelimitedReader } from '../../core/table/delimited.js';
import { TextRereader } from '../../core/table/reread.js';
import type { OpenFileAt } from '../../core/table/pieces.js';
import { parseTableChunks, type ChunkSource, type ParallelReading } from '../../core/table/stream.js';
import type { Table } from '../../core/table/types.js';
import { openFileAt, openInputChunks } from '../../node/files.js';
import { createWorkerPool, type WorkerPool } from '../../node/parallel/pool.js';
import { readTableChunks } from '../../node/parallel/read.js';

const enc = (s: string) => new TextEncoder().encode(s);

const dir = mkdtempSync(join(tmpdir(), 'skfr-parallel-read-'));
let written = 0;

/**
 * The bytes as a file (which the threads open by its path: ChunkSource.file, parallel reading needs it), read in
 * chunks of `size` (small chunks: many checkpoints, hence many pieces).
 */
async function chunked(bytes: Uint8Array, size: number): Promise<ChunkSource> {
  const path = join(dir, `f${written++}`);
  writeFileSync(path, bytes);
  return openInputChunks(path, size);
}

/** Bits of a column's numbers (NaN payloads and −0 included). */
function bits(numbers: Float64Array | null): number[] | null {
  return numbers === null ? null : Array.from(new Uint32Array(numbers.buffer.slice(numbers.byteOffset, numbers.byteOffset + numbers.byteLength)));
}

function plain(table: Table | null): unknown {
  if (table === null) return null;
  return { ...table, sourceRows: Array.from(table.sourceRows ?? []), columns: table.columns.map((c) => ({ ...c, numbers: bits(c.numbers) })) };
}

type Outcome = { table: unknown } | { error: string };

async function outcome(read: () => Promise<Table | null>): Promise<Outcome> {
  try {
    return { table: plain(await read()) };
  } catch (error) {
    return { error: error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error) };
  }
}

let pool: WorkerPool | null = null;
afterAll(async () => {
  await pool?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Pieces handed to the threads by the last `compare`. */
let piecesRead = 0;

/** The reader before issue 17's quick rows: every row through the scanner, the whole file in one push. */
function scannerOnly(bytes: Uint8Array, name: string): Table | null {
  const skip = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const reader = new DelimitedReader(name, { scannerOnly: true });
  const body = bytes.subarray(skip);
  reader.push(body, true);
  // (text columns holding numbers: their texts from a second look at the bytes, reread.ts, as the readers do)
  return reader.finish((wanted, rows) => {
    const reread = new TextRereader(name, reader.delimiterCode, reader.decimalComma, rows, wanted, reader.dataStart!);
    reread.push(body, true);
    return reread.texts;
  });
}

async function compare(bytes: Uint8Array, name: string, chunk = 97, pieceBytes = 40): Promise<Outcome> {
  const single = await outcome(async () => parseTableChunks(await chunked(bytes, chunk), name, { allocate: allocateSharedFloat64 }));
  expect(single, 'quick rows vs the scanner alone').toEqual(await outcome(async () => scannerOnly(bytes, name)));
  pool ??= createWorkerPool({ workers: 2 });
  const threads = pool;
  piecesRead = 0;
  const parallel: ParallelReading = {
    async readPieces(spec, pieces, file) {
      const results = await threads.readPieces(spec, pieces, file);
      piecesRead = results.length;
      return results;
    },
    allocateRows: allocateSharedInt32,
    minBytes: 0,
    pieceBytes,
  };
  const split = await outcome(async () => parseTableChunks(await chunked(bytes, chunk), name, { allocate: allocateSharedFloat64, parallel }));
  expect(split).toEqual(single);
  const pieces = piecesRead;
  // The numbers kept row by row (core/table/row-major.ts): the same table, on one thread and on two.
  expect(await outcome(async () => parseTableChunks(await chunked(bytes, chunk), name, { allocate: allocateSharedFloat64, rowMajor: true })), 'row-major').toEqual(single);
  expect(await outcome(async () => parseTableChunks(await chunked(bytes, chunk), name, { allocate: allocateSharedFloat64, rowMajor: true, parallel })), 'row-major, pieces').toEqual(single);
  expect(piecesRead > 0, 'row-major, pieces read').toBe(pieces > 0); // (how many, before a quoted field stops them, varies)
  // A source that names no file the threads could open: one thread (readPieces never asked), the same table.
  const sequential: ChunkSource = async function* () {
    yield bytes;
  };
  piecesRead = -1;
  expect(await outcome(() => parseTableChunks(sequential, name, { allocate: allocateSharedFloat64, parallel })), 'no file').toEqual(single);
  expect(piecesRead).toBe(-1);
  piecesRead = pieces;
  return single;
}

/** A generated table: `rows` rows of `cols` numbers in many spellings, with an id column. */
function generated(rows: number, cols: number, options: { crlf?: boolean; bom?: boolean; blanks?: boolean; delimiter?: string } = {}): Uint8Array {
  const d = options.delimiter ?? ',';
  const nl = options.crlf ? '\r\n' : '\n';
  const tricky = ['1e400', d === ',' ? '1.5' : '1,5', '-0', '0.1e-5', '2.2250738585072011e-308', '0.30000000000000004', '4.4712982177734375', 'NA', '', ' 7 ', 'n/a', '12abc', '.5', '5.', '-1.25E+2', '123456789012345678901234', ' 1.5', '1.5 ', '1e', '-', '.', '1.2.3', 'ab"c', '1e5x', '+.5', '0x10', d === '\t' ? ' 2' : '\t2'];
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const lines = [['id', ...Array.from({ length: cols }, (_, c) => `F${c + 1}`), 'class'].join(d)];
  for (let r = 0; r < rows; r++) {
    const cells = [r % 17 === 5 ? '' : r % 19 === 3 ? ' ' : `S${r + 1}`];
    for (let c = 0; c < cols; c++) {
      const x = random();
      cells.push(x < 0.15 ? tricky[Math.floor(random() * tricky.length)]! : x < 0.6 ? String((random() - 0.5) * 10 ** Math.floor(random() * 8 - 4)) : (random() * 10).toFixed(4));
    }
    cells.push(String(1 + (r % 3)));
    lines.push(cells.join(d));
    if (options.blanks && random() < 0.1) lines.push(random() < 0.5 ? '' : d.repeat(cols));
  }
  return enc((options.bom ? '\uFEFF' : '') + lines.join(nl) + nl);
}

// (generous: threads are started per comparison, slow on a busy machine; no time is asserted)
describe('parallel reading of CSV/TSV (readTableChunks) = one thread (parseTableChunks)', { timeout: 600_000 }, () => {
  it('generated files: numbers in many spellings, missing and bad cells, blank lines, CRLF, BOM, TSV, decimal commas', async () => {
    for (const [bytes, name] of [
      [generated(300, 6, { blanks: true }), 'a.csv'],
      [generated(200, 4, { crlf: true, bom: true }), 'b.csv'],
      [generated(200, 5, { delimiter: '\t', blanks: true }), 'c.tsv'],
      [generated(150, 3, { delimiter: ';', crlf: true }), 'd.csv'],
      [generated(40, 300), 'wide.csv'],
    ] as const) {
      const result = await compare(bytes, name);
      expect(result, name).not.toHaveProperty('error');
      expect((result as { table: unknown }).table, name).not.toBeNull();
      expect(piecesRead, name).toBeGreaterThan(20);
      for (const chunk of [3, 4096]) await compare(bytes, name, chunk, chunk === 3 ? 1 : 300);
    }
  });

  it('title rows, two header rows, annotation rows, blank lines everywhere and no final line break', async () => {
    await compare(enc('My experiment\n\nid,a,b\n#!{Type}E,E,E\n\nx1,1,2\n\n  \n,,\nx2,3,4\nx3, 5 ,6\nx4,NA,\nx5,7,8'), 'titled.csv', 7, 3);
    await compare(enc('group,,\nid,LFQ 1,LFQ 2\nx,1,2\ny,3,4\nz,5,6\n'), 'two.csv', 5, 1);
  });

  it('the same error for a ragged row, with its line (the first in the file, wherever the pieces are cut)', async () => {
    const text = 'id,a,b\n' + Array.from({ length: 60 }, (_, r) => (r === 41 ? `x${r},1` : r === 50 ? `x${r},1,2,3` : `x${r},${r},${r / 3}`)).join('\n') + '\n';
    for (const pieceBytes of [1, 20, 200]) {
      const result = await compare(enc(text), 'ragged.csv', 13, pieceBytes);
      expect(result).toEqual({ error: expect.stringContaining('line 43 has 2 cells') });
      if (pieceBytes === 1) expect(piecesRead).toBeGreaterThan(1);
    }
  });

  it('quoted fields (line breaks inside), lone CRs, one column and mixed text columns read as on one thread', async () => {
    await compare(enc('id,a,b\nx,1,2\ny,"3",4\nz,"multi\nline",5\nw,6,7\n' + 'v,8,9\n'.repeat(30)), 'quoted.csv', 11, 10);
    expect(piecesRead).toBeGreaterThan(0); // (tried in pieces, then read again on one thread)
    await compare(enc('id,a,b\n' + 'x,1,2\n'.repeat(40) + '"y,z",3,4\n' + 'w,5,6\n'.repeat(40)), 'quoted-late.csv', 11, 10);
    await compare(enc('id,a,b\rx,1,2\ry,3,4\r'.repeat(20)), 'cr.csv', 9, 5);
    await compare(enc('a\n1\n\n2\n3\n\n'.repeat(20)), 'one.csv', 9, 5);
    await compare(enc('id,a,b\n' + 'x,1,2\ny,abc,4\n'.repeat(40) + 'z,3,5\n'), 'mixed.csv', 9, 5);
  });

  it('a wide table (40 000 columns, 200 rows): the same table on one thread and on two, in pieces of 64 rows or more', async () => {
    const width = 40_000;
    const lines = [Array.from({ length: width }, (_, c) => (c === 0 ? 'id' : `c${c}`)).join(',')];
    for (let r = 0; r < 200; r++) lines.push(Array.from({ length: width }, (_, c) => (c === 0 ? `s${r}` : (r + c) % 997 === 0 ? 'NA' : String((r * 7 + c) % 10))).join(','));
    const bytes = enc(lines.join('\n') + '\n'); // (80 KB a row: 1 MiB pieces would hold 13 rows)
    /** The table with each column's numbers as a SHA-256 of their bits (8 million cells compared as arrays take seconds). */
    const digest = (table: Table | null) =>
      table && { ...table, sourceRows: Array.from(table.sourceRows ?? []), columns: table.columns.map((c) => ({ ...c, numbers: c.numbers && createHash('sha256').update(c.numbers).digest('hex') })) };
    const single = digest(await parseTableChunks(await chunked(bytes, 1 << 20), 'wide.csv', { allocate: allocateSharedFloat64 }));
    expect(single, 'the rows kernel (16 rows a batch) vs the scanner alone').toEqual(digest(scannerOnly(bytes, 'wide.csv')));
    pool ??= createWorkerPool({ workers: 2 });
    const threads = pool;
    let taken = 0;
    const parallel: ParallelReading = {
      async readPieces(spec, pieces, file) {
        taken = pieces.rows.length;
        return threads.readPieces(spec, pieces, file);
      },
      allocateRows: allocateSharedInt32,
      minBytes: 0,
    };
    expect(digest(await parseTableChunks(await chunked(bytes, 1 << 20), 'wide.csv', { allocate: allocateSharedFloat64, parallel }))).toEqual(single);
    expect(taken).toBeGreaterThan(1);
    expect(taken).toBeLessThanOrEqual(4);
  }, 300_000);

  const real = join(import.meta.dirname, '../../../shared/data');
  const files = existsSync(real)
    ? [join(real, 'mice_protein.csv'), ...readdirSync(join(real, 'real')).filter((f) => /\.(csv|tsv|txt)$/.test(f)).map((f) => join(real, 'real', f))].filter((f) => existsSync(f))
    : [];
  it.skipIf(files.length === 0)('real files (../shared/data): the same tables', async () => {
    for (const file of files) {
      const bytes = new Uint8Array(readFileSync(file));
      const result = await compare(bytes, file.split('/').pop()!, 65536, 16384);
      expect(result).not.toHaveProperty('error');
    }
  }, 300_000);

  it('readTableChunks (the reader of skfr cluster: its own short-lived pool, or this thread with workers: 1) gives the same table', async () => {
    const bytes = generated(500, 8, { blanks: true });
    const single = await outcome(async () => parseTableChunks(await chunked(bytes, 1000), 'g.csv', { allocate: allocateSharedFloat64 }));
    for (const workers of [1, 2]) {
      const read = await outcome(async () => readTableChunks(await chunked(bytes, 1000), 'g.csv', { allocate: allocateSharedFloat64 }, { workers, minBytes: 0, pieceBytes: 2000 }));
      expect(read).toEqual(single);
    }
    const inThread = createWorkerPool({ workers: 1 });
    expect(inThread.size).toBe(0);
    let taken = 0;
    const parallel: ParallelReading = {
      readPieces: async (spec, pieces, file) => {
        const results = await inThread.readPieces(spec, pieces, file);
        taken = results.length;
        return results;
      },
      allocateRows: allocateSharedInt32,
      minBytes: 0,
      pieceBytes: 100,
    };
    expect(await outcome(async () => parseTableChunks(await chunked(bytes, 1000), 'g.csv', { allocate: allocateSharedFloat64, parallel }))).toEqual(single);
    expect(taken).toBeGreaterThan(20);
  });
});

/** Thrown by a fake worker's read where the thread "dies". */
const CRASH = new Error('crash');

/**
 * A worker thread as readPiecesWith sees it, run in this thread: a request is handled on the next turn of the
 * event loop, or at once by `run()`. Its reads give at most `most` bytes each (short reads), and `onRead(k)` is
 * told before its k-th read (to run another worker in the middle of this one's pieces). With `crashOn`, it dies
 * at its crashOn-th read: every cell of the columns and every row line overwritten (rows half written, and
 * worse), no answer, its death reported twice (a Node thread's 'error', then 'exit').
 */
interface FakeWorker extends WorkerLink {
  run(): void;
  dead: boolean;
  answered: number;
  /** Files it has open. */
  open: number;
}

function fakeWorker(options: { crashOn?: number; most?: number; onRead?: (k: number) => void } = {}): FakeWorker {
  const replies = new Set<(response: WorkerResponse) => void>();
  const deaths = new Set<(error: Error) => void>();
  let pending: (() => void) | null = null;
  let reads = 0;
  const openFile: OpenFileAt = (ref) => {
    const file = openFileAt(ref);
    worker.open++;
    return {
      read(into, position) {
        reads++;
        options.onRead?.(reads);
        if (reads === options.crashOn) throw CRASH;
        return file.read(into.subarray(0, Math.min(into.length, options.most ?? into.length)), position);
      },
      close() {
        worker.open--;
        file.close();
      },
    };
  };
  const executor = createExecutor({ openFile });
  const tell = (response: WorkerResponse) => {
    for (const listener of [...replies]) listener(response);
  };
  const handle = (request: WorkerRequest) => {
    if (request.kind === 'read-pieces' && options.crashOn !== undefined) {
      const { job, task } = request;
      try {
        readClaimedPieces(request.spec, request.pieces, request.file, request.claims, openFile, (index, result) =>
          tell({ kind: 'done', job, task, output: { kind: 'piece', index, result } }),
        );
      } catch (error) {
        if (error !== CRASH) throw error;
        request.spec.slab.data.fill(1234.5);
        request.spec.sourceRows.fill(-7);
        worker.dead = true;
        for (const died of [...deaths]) died(new Error('Worker terminated with exit code 1'));
        for (const died of [...deaths]) died(new Error('exit'));
        return;
      }
    }
    const reply = executor.handle(request, tell);
    worker.answered++;
    if (reply) tell(reply);
  };
  const worker: FakeWorker = {
    dead: false,
    answered: 0,
    open: 0,
    run() {
      const go = pending;
      pending = null;
      go?.();
    },
    post(request: WorkerRequest) {
      pending = () => handle(request);
      setTimeout(() => worker.run(), 0);
    },
    listen(onResponse, onCrash) {
      replies.add(onResponse);
      deaths.add(onCrash);
      return () => {
        replies.delete(onResponse);
        deaths.delete(onCrash);
      };
    },
  };
  return worker;
}

describe('the threads read pieces by themselves (readPiecesWith)', () => {
  it('short reads, a thread that starts late: the one-thread Table, every file closed', async () => {
    const bytes = generated(300, 6, { blanks: true });
    const single = await outcome(async () => parseTableChunks(await chunked(bytes, 97), 'a.csv', { allocate: allocateSharedFloat64 }));
    const late = fakeWorker({ most: 7 });
    const early = fakeWorker({ most: 13, onRead: (k) => k === 40 && late.run() });
    let taken: number[] = [];
    const parallel: ParallelReading = {
      async readPieces(spec, pieces, file) {
        const results = await readPiecesWith([early, late], spec, pieces, file, openFileAt);
        taken = [early.answered, late.answered];
        return results;
      },
      allocateRows: allocateSharedInt32,
      minBytes: 0,
      pieceBytes: 40,
    };
    expect(await outcome(async () => parseTableChunks(await chunked(bytes, 97), 'a.csv', { allocate: allocateSharedFloat64, parallel }))).toEqual(single);
    expect(taken).toEqual([1, 1]);
    expect([early.open, late.open]).toEqual([0, 0]);
  });
});

describe('a worker thread that dies while reading pieces', () => {
  /**
   * parseTableChunks on a healthy fake worker that, at its 3rd read, runs one that dies at its crashOn-th read;
   * the one-thread outcome beside it.
   */
  async function withCrash(bytes: Uint8Array, name: string, crashOn: number): Promise<{ single: Outcome; split: Outcome; lost: number; alive: FakeWorker; dying: FakeWorker }> {
    const single = await outcome(async () => parseTableChunks(await chunked(bytes, 97), name, { allocate: allocateSharedFloat64 }));
    const dying = fakeWorker({ crashOn });
    const alive = fakeWorker({ onRead: (k) => k === 3 && dying.run() });
    let lost = 0;
    const parallel: ParallelReading = {
      async readPieces(spec, pieces, file) {
        const results = await readPiecesWith([alive, dying], spec, pieces, file, openFileAt);
        // The healthy worker answered before: no thread writes to the columns any more.
        expect(alive.answered).toBe(1);
        lost = results.filter((r) => 'lost' in r && r.lost === true).length;
        return results;
      },
      allocateRows: allocateSharedInt32,
      minBytes: 0,
      pieceBytes: 40,
    };
    const split = await outcome(async () => parseTableChunks(await chunked(bytes, 97), name, { allocate: allocateSharedFloat64, parallel }));
    return { single, split, lost, alive, dying };
  }

  it('the file is read again on one thread: the one-thread Table, not compute-crashed (first, middle, late piece)', async () => {
    const bytes = generated(300, 6, { blanks: true });
    for (const crashOn of [1, 3, 40]) {
      const run = await withCrash(bytes, 'a.csv', crashOn);
      expect(run.dying.dead, `crash on piece ${crashOn}`).toBe(true);
      expect(run.lost).toBe(1); // (the piece it was reading: those it had told are kept)
      expect(run.split).not.toHaveProperty('error');
      expect(run.split).toEqual(run.single);
      expect([run.alive.open, run.dying.open]).toEqual([0, 0]);
    }
  });

  it('a ragged row: the same error as on one thread, the crash notwithstanding', async () => {
    const text = 'id,a,b\n' + Array.from({ length: 200 }, (_, r) => (r === 150 ? `x${r},1` : `x${r},${r},${r / 3}`)).join('\n') + '\n';
    const run = await withCrash(enc(text), 'ragged.csv', 2);
    expect(run.dying.dead).toBe(true);
    expect(run.single).toEqual({ error: expect.stringContaining('line 152 has 2 cells') });
    expect(run.split).toEqual(run.single);
  });
});
