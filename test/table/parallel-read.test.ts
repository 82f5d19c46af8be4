/**
 * Parallel reading (issue 17 item 2): node/parallel/read.ts readTableChunks on two worker threads, with
 * tiny pieces so that every file is cut in many places, gives the same Table as parseTableChunks on one
 * thread, itself the same as the reader before issue 17 (every row through the scanner, one push) — values bit for bit, names, notes, blank rows, missing and bad cells, row lines — and the same
 * error (message and line) for a ragged row; files it must not split (quoted fields, lone CR, one column)
 * come out the same too. A worker thread that dies while reading pieces does not fail the read: the file is
 * read again on one thread (as after a quoted field), the same Table or the same error.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../core/parallel/executor.js';
import type { WorkerRequest, WorkerResponse } from '../../core/parallel/protocol.js';
import { readPiecesWith } from '../../core/parallel/read.js';
import type { WorkerLink } from '../../core/parallel/scheduler.js';
import { allocateSharedBytes, allocateSharedFloat64, allocateSharedInt32 } from '../../core/parallel/shared.js';
import { DelimitedReader } from '../../core/table/delimited.js';
import { parseTableChunks, type ChunkSource, type ParallelReading } from '../../core/table/stream.js';
import type { Table } from '../../core/table/types.js';
import { createWorkerPool, type WorkerPool } from '../../node/parallel/pool.js';
import { readTableChunks } from '../../node/parallel/read.js';

const enc = (s: string) => new TextEncoder().encode(s);

/**
 * The bytes in chunks of `size` (small chunks: many checkpoints, hence many pieces), readable by position too
 * (ChunkSource.openAt, which parallel reading needs), at most `most` bytes a read.
 */
function chunked(bytes: Uint8Array, size: number, most = 13): ChunkSource {
  let open = 0;
  const chunks = async function* () {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, Math.min(bytes.length, i + size));
  };
  const source = Object.assign(chunks, {
    openAt: async () => {
      open++;
      return {
        read: async (into: Uint8Array, position: number) => {
          const part = bytes.subarray(position, Math.min(bytes.length, position + Math.min(into.length, most)));
          into.set(part);
          return part.length;
        },
        close: async () => void open--,
      };
    },
  });
  afterOpenAt = () => open;
  return source;
}

/** Files left open by the last `chunked` source's readers (0 once the pieces are read). */
let afterOpenAt = () => 0;

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
});

/** Pieces handed to the threads by the last `compare`. */
let piecesRead = 0;

/** The reader before issue 17's quick rows: every row through the scanner, the whole file in one push. */
function scannerOnly(bytes: Uint8Array, name: string): Table | null {
  const skip = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const reader = new DelimitedReader(name, { scannerOnly: true });
  reader.push(bytes.subarray(skip), true);
  return reader.finish();
}

async function compare(bytes: Uint8Array, name: string, chunk = 97, pieceBytes = 40): Promise<Outcome> {
  const single = await outcome(() => parseTableChunks(chunked(bytes, chunk), name, { allocate: allocateSharedFloat64 }));
  expect(single, 'quick rows vs the scanner alone').toEqual(await outcome(async () => scannerOnly(bytes, name)));
  pool ??= createWorkerPool({ workers: 2 });
  const threads = pool;
  piecesRead = 0;
  const parallel: ParallelReading = {
    async readPieces(spec, pieces, done) {
      const results = await threads.readPieces(spec, pieces, done);
      piecesRead = results.length;
      return results;
    },
    allocateBytes: allocateSharedBytes,
    allocateRows: allocateSharedInt32,
    minBytes: 0,
    pieceBytes,
  };
  const split = await outcome(() => parseTableChunks(chunked(bytes, chunk), name, { allocate: allocateSharedFloat64, parallel }));
  expect(split).toEqual(single);
  expect(afterOpenAt()).toBe(0);
  const pieces = piecesRead;
  // A source that cannot be read by position: one thread (readPieces never asked), the same table.
  const sequential: ChunkSource = async function* () {
    yield bytes;
  };
  piecesRead = -1;
  expect(await outcome(() => parseTableChunks(sequential, name, { allocate: allocateSharedFloat64, parallel })), 'no openAt').toEqual(single);
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

describe('parallel reading of CSV/TSV (readTableChunks) = one thread (parseTableChunks)', () => {
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
  }, 60_000);

  it('readTableChunks (the reader of skfr cluster: its own short-lived pool, or this thread with workers: 1) gives the same table', async () => {
    const bytes = generated(500, 8, { blanks: true });
    const single = await outcome(() => parseTableChunks(chunked(bytes, 1000), 'g.csv', { allocate: allocateSharedFloat64 }));
    for (const workers of [1, 2]) {
      const read = await outcome(() => readTableChunks(chunked(bytes, 1000), 'g.csv', { allocate: allocateSharedFloat64 }, { workers, minBytes: 0, pieceBytes: 2000 }));
      expect(read).toEqual(single);
    }
    const inThread = createWorkerPool({ workers: 1 });
    expect(inThread.size).toBe(0);
    const parallel: ParallelReading = { readPieces: inThread.readPieces, allocateBytes: allocateSharedBytes, allocateRows: allocateSharedInt32, minBytes: 0, pieceBytes: 100 };
    expect(await outcome(() => parseTableChunks(chunked(bytes, 1000), 'g.csv', { allocate: allocateSharedFloat64, parallel }))).toEqual(single);
  });
});

/**
 * A worker as readPiecesWith sees it, reading pieces in this thread a little later (the executor's answers);
 * with `crashOn`, it "dies" when its crashOn-th piece is due: that piece half written (garbage in its first
 * row), no answer, its death reported twice (a Node thread's 'error', then 'exit'), nothing answered after.
 */
interface FakeWorker extends WorkerLink {
  posted: number;
  inFlight: number;
  dead: boolean;
}

function fakeWorker(crashOn?: number): FakeWorker {
  const executor = createExecutor();
  const replies = new Set<(response: WorkerResponse) => void>();
  const deaths = new Set<(error: Error) => void>();
  const worker: FakeWorker = {
    posted: 0,
    inFlight: 0,
    dead: false,
    post(request: WorkerRequest) {
      if (worker.dead) return;
      const crash = ++worker.posted === crashOn;
      worker.inFlight++;
      setTimeout(() => {
        if (worker.dead) return;
        worker.inFlight--;
        if (crash && request.kind === 'read-piece') {
          const { spec, piece } = request;
          for (let c = 0; c < spec.width; c++) spec.slab[c * spec.capacity + piece.firstRow] = 1234.5;
          spec.sourceRows[piece.firstRow] = -7;
          worker.dead = true;
          worker.inFlight = 0;
          for (const died of [...deaths]) died(new Error('Worker terminated with exit code 1'));
          for (const died of [...deaths]) died(new Error('exit'));
          return;
        }
        const reply = executor.handle(request);
        if (reply) for (const listener of [...replies]) listener(reply);
      }, 1);
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

describe('a worker thread that dies while reading pieces', () => {
  /** parseTableChunks on a healthy fake worker and one that dies at its crashOn-th piece; the one-thread outcome beside it. */
  async function withCrash(bytes: Uint8Array, name: string, crashOn: number): Promise<{ single: Outcome; split: Outcome; pieces: number; lost: number; alive: FakeWorker; dying: FakeWorker }> {
    const single = await outcome(() => parseTableChunks(chunked(bytes, 97), name, { allocate: allocateSharedFloat64 }));
    const alive = fakeWorker();
    const dying = fakeWorker(crashOn);
    let pieces = 0;
    let lost = 0;
    const parallel: ParallelReading = {
      async readPieces(spec, parts, done) {
        const results = await readPiecesWith([alive, dying], spec, parts, done);
        // Every piece still on the healthy worker was awaited: no thread writes to the columns any more.
        expect(alive.inFlight).toBe(0);
        pieces = results.length;
        lost = results.filter((r) => 'lost' in r && r.lost === true).length;
        return results;
      },
      allocateBytes: allocateSharedBytes,
      allocateRows: allocateSharedInt32,
      minBytes: 0,
      pieceBytes: 40,
    };
    const split = await outcome(() => parseTableChunks(chunked(bytes, 97), name, { allocate: allocateSharedFloat64, parallel }));
    return { single, split, pieces, lost, alive, dying };
  }

  it('the file is read again on one thread: the one-thread Table, not compute-crashed (first, middle, late piece)', async () => {
    const bytes = generated(300, 6, { blanks: true });
    for (const crashOn of [1, 3, 40]) {
      const run = await withCrash(bytes, 'a.csv', crashOn);
      expect(run.dying.dead, `crash on piece ${crashOn}`).toBe(true);
      expect(run.lost).toBeGreaterThan(0);
      expect(run.split).not.toHaveProperty('error');
      expect(run.split).toEqual(run.single);
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
