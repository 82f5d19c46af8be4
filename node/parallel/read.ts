/**
 * A CSV/TSV file read chunk by chunk as `skfr cluster` reads it (core/table/stream.ts), with the data rows of
 * a large file read on worker threads (issue 17): the threads are started only once the first pass has found
 * the file large enough (stream.ts PARALLEL_MIN_BYTES; they start while it goes on) and closed when the
 * table is read. The same Table as
 * parseTableChunks on one thread (test/table/parallel-read.test.ts).
 *
 * @example const table = await readTableChunks(open, 'data.csv', { allocate: allocateSharedFloat64 }, { workers: 2 });
 */
import { allocateSharedInt32 } from '../../core/parallel/shared.js';
import { parseTableChunks, type ChunkOptions, type ChunkSource, type ParallelReading } from '../../core/table/stream.js';
import type { Table } from '../../core/table/types.js';
import { dropReadingThreads, takeReadingThreads } from './early.js';
import { createWorkerPool, resolveWorkerCount, type PoolOptions, type WorkerPool } from './pool.js';

export interface ReadingOptions extends PoolOptions {
  /** Smallest body read in parallel, and smallest piece (stream.ts; for tests). */
  minBytes?: number;
  pieceBytes?: number;
}

/**
 * parseTableChunks with `parallel` on a short-lived pool of `workers` threads (default: the cores; 1: no
 * threads). `options.allocate` should give shared memory (allocateSharedFloat64), else the rows are read in
 * this thread.
 */
export async function readTableChunks(open: ChunkSource, fileName: string, options: ChunkOptions = {}, reading: ReadingOptions = {}): Promise<Table | null> {
  const threads = resolveWorkerCount(reading.workers);
  if (threads <= 1) {
    await dropReadingThreads();
    return parseTableChunks(open, fileName, options);
  }
  // This thread reads pieces too (it only feeds the others otherwise): one thread fewer to start (~0.1 s of
  // CPU each: a V8 isolate, Node, the modules), the cores all busy.
  let pool: WorkerPool | null = null;
  // (threads started with the process, if any: early.ts)
  const poolOptions = { ...reading, workers: threads - 1, threadForOne: true, started: takeReadingThreads(threads - 1) };
  const parallel: ParallelReading = {
    start() {
      pool ??= createWorkerPool(poolOptions);
    },
    readPieces(spec, pieces, file) {
      pool ??= createWorkerPool(poolOptions);
      return pool.readPieces(spec, pieces, file, true);
    },
    allocateRows: allocateSharedInt32,
    ...(reading.minBytes !== undefined ? { minBytes: reading.minBytes } : {}),
    ...(reading.pieceBytes !== undefined ? { pieceBytes: reading.pieceBytes } : {}),
  };
  try {
    return await parseTableChunks(open, fileName, { ...options, parallel });
  } finally {
    await (pool as WorkerPool | null)?.close();
    // (threads started early that no pool took: a file read on one thread)
    if ((pool as WorkerPool | null) === null) await Promise.all(poolOptions.started.map((worker) => worker.terminate()));
    await dropReadingThreads();
  }
}
