/**
 * A pool of Node worker threads running the SKFR engine: restarts of a fit, the permuted data sets of the gap
 * statistic over s and over k, and the subsample fits of a stability run in parallel, with results identical to
 * fit() / tuneSparsity() / tuneClusters() / alternateKS() / stabilitySelection() for the same seed.
 * Never more workers than cores (os.availableParallelism()); with one core (or `workers: 1`) the engine
 * runs in this thread, one restart (or gap path) at a time with the event loop turning in between, so a
 * cancel (Ctrl+C, SIGTERM) is noticed within one restart. The data matrix is shared with the workers
 * (SharedArrayBuffer), not copied.
 *
 * @example
 *   const result = await fitParallel(X, { k: 10, s: 10, restarts: 20, seed: 1 });  // = fit(X, …)
 *   const pool = createWorkerPool({ workers: 2 });                // reuse for many fits, then:
 *   const tuned = await pool.tune(X, { k: 10, sValues: [5, 10, 15], permutations: 10 });
 *   await pool.close();
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FitOptions, FitResult, Matrix, TuneOptions, TuneResult } from '../../core/engine/types.js';
import { SkfrError } from '../../core/errors.js';
import { createExecutor } from '../../core/parallel/executor.js';
import type { WorkerRequest, WorkerResponse } from '../../core/parallel/protocol.js';
import { readPiecesInThread, readPiecesWith } from '../../core/parallel/read.js';
import type { WorkerLink } from '../../core/parallel/scheduler.js';
import { createSupervisor, poolEngine, type PoolEngine, type PoolWorker } from '../../core/parallel/supervisor.js';
import type { FileRef, PieceResult, PieceSpec, PieceTable } from '../../core/table/pieces.js';
import { openFileAt } from '../files.js';

export interface PoolOptions {
  /** Worker threads wanted; capped at the number of cores. Default: the number of cores. */
  workers?: number;
  /** The worker entry (default: worker.js beside this module; in Electron, the bundled worker entry). */
  workerUrl?: URL;
  /** Start a thread even for `workers: 1` (else one worker means none: the calling thread does the work). */
  threadForOne?: boolean;
  /** Threads already started from `workerUrl` (early.ts), used before any is started. */
  started?: Worker[];
}

/** fit / tune / stability / tuneK / alternate on the threads (core/parallel/supervisor.ts PoolEngine). */
export interface WorkerPool extends PoolEngine {
  /** Threads alive now (0 = everything runs in the calling thread); shrinks only if threads keep dying. */
  readonly size: number;
  /**
   * Pieces of a CSV/TSV file's data rows read on the threads, each opening the file itself (core/parallel/read.ts;
   * core/table/stream.ts ParallelReading); with `withThisThread`, this thread reads pieces too.
   */
  readPieces(spec: PieceSpec, pieces: PieceTable, file: FileRef, withThisThread?: boolean): Promise<PieceResult[]>;
  close(): Promise<void>;
}

/** Number of worker threads for a request: at least 1, at most the cores; 1 means "no threads". */
export function resolveWorkerCount(requested: number | undefined, cores = availableParallelism()): number {
  if (requested !== undefined && (!Number.isInteger(requested) || requested < 1)) {
    throw new SkfrError('invalid-option', `workers = ${requested} is not possible: use a whole number of at least 1 (this machine has ${cores} cores).`);
  }
  return Math.max(1, Math.min(requested ?? cores, cores));
}

/**
 * Start a worker from its URL. From TypeScript sources (tests, `node --import tsx`) the worker gets tsx's
 * loader registered first, because Node 20 ignores `--import` in a worker's execArgv.
 */
function startWorker(url: URL): Worker {
  if (url.pathname.endsWith('.ts')) {
    const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
    return new Worker(code, { eval: true });
  }
  return new Worker(fileURLToPath(url));
}

function defaultWorkerUrl(): URL {
  const self = new URL(import.meta.url);
  return new URL(self.pathname.endsWith('.ts') ? './worker.ts' : './worker.js', self);
}

/** A worker thread as the supervisor's PoolWorker: its death is an 'error' (then an 'exit') or an 'exit'. */
function adapt(worker: Worker): PoolWorker {
  return {
    post: (request: WorkerRequest) => worker.postMessage(request),
    listen(onResponse, onCrash) {
      const message = (response: WorkerResponse) => onResponse(response);
      const error = (e: Error) => onCrash(e);
      const exit = (code: number) => onCrash(new Error(`the worker thread exited with code ${code}`));
      worker.on('message', message);
      worker.on('error', error);
      worker.on('exit', exit);
      return () => {
        worker.off('message', message);
        worker.off('error', error);
        worker.off('exit', exit);
      };
    },
    terminate: () => worker.terminate(),
    keepAlive: (alive) => void (alive ? worker.ref() : worker.unref()),
  };
}

/**
 * The engine in this thread as a worker: each request is handled on its own turn of the event loop
 * (setImmediate), so timers and signal handlers run between restarts, and the scheduler's cancel check sees
 * a Ctrl+C within one restart. Same executor, same tasks, same result as fit() / tuneSparsity() (the pool's
 * answer never depends on where a task ran). A fit's restarts run one after another on the fit's own
 * working matrix, as fit() does, instead of on a private copy.
 */
function inThreadLink(): WorkerLink {
  const executor = createExecutor({ openFile: openFileAt });
  const listeners = new Set<(response: WorkerResponse) => void>();
  return {
    post(request: WorkerRequest) {
      const message = request.kind === 'load-fit' ? { ...request, privateData: false } : request;
      const tell = (response: WorkerResponse) => {
        for (const listener of [...listeners]) listener(response);
      };
      setImmediate(() => {
        const reply = executor.handle(message, tell);
        if (reply) tell(reply);
      });
    },
    listen(onResponse) {
      listeners.add(onResponse);
      return () => void listeners.delete(onResponse);
    },
  };
}

/**
 * Create a pool: Node's adapter of core/parallel/supervisor.ts. Robustness (the supervisor's): every thread
 * is always listened to, so a thread that dies ('error' or 'exit', e.g. terminated or throwing at top level)
 * never crashes the owning thread, even while idle. A job running on a thread that dies rejects with
 * SkfrError 'compute-crashed' (the scheduler's message names the cause); the dead thread is replaced by a
 * fresh one before the next job, or the slot is given up after MAX_CONSECUTIVE_DEATHS deaths in a row —
 * later jobs always run on the threads that are alive (or in-thread). Idle threads do not keep the process
 * alive (unref).
 */
export function createWorkerPool(options: PoolOptions = {}): WorkerPool {
  const count = resolveWorkerCount(options.workers);
  if (count < 1 || (count === 1 && !options.threadForOne)) {
    const links = [inThreadLink()];
    return { size: 0, ...poolEngine((work) => work(links)), readPieces: (spec, pieces, file) => readPiecesInThread(spec, pieces, file, openFileAt), close: async () => {} };
  }
  const url = options.workerUrl ?? defaultWorkerUrl();
  const started = [...(options.started ?? [])];
  const supervisor = createSupervisor({ count, create: () => adapt(started.shift() ?? startWorker(url)) });
  return {
    get size() {
      return supervisor.size;
    },
    ...poolEngine(supervisor.run),
    readPieces: (spec, pieces, file, withThisThread) =>
      supervisor.run(
        (links) => readPiecesWith(withThisThread ? [...links, inThreadLink()] : links, spec, pieces, file, openFileAt),
        () => readPiecesInThread(spec, pieces, file, openFileAt),
      ),
    close: () => supervisor.close(),
  };
}

/** fit() on a short-lived pool (starting threads costs ~30 ms each; reuse a pool for many fits). */
export async function fitParallel(X: Matrix, options: FitOptions, parallel: PoolOptions = {}): Promise<FitResult> {
  const pool = createWorkerPool(parallel);
  try {
    return await pool.fit(X, options);
  } finally {
    await pool.close();
  }
}

/** tuneSparsity() on a short-lived pool. */
export async function tuneParallel(X: Matrix, options: TuneOptions, parallel: PoolOptions = {}): Promise<TuneResult> {
  const pool = createWorkerPool(parallel);
  try {
    return await pool.tune(X, options);
  } finally {
    await pool.close();
  }
}
