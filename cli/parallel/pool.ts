/**
 * A pool of Node worker threads running the SKFR engine: restarts of a fit and the permuted data sets of
 * the gap statistic in parallel, with results identical to fit() / tuneSparsity() for the same seed.
 * Never more workers than cores (os.availableParallelism()); with one core (or `workers: 1`) the engine
 * simply runs in this thread. The data matrix is shared with the workers (SharedArrayBuffer), not copied.
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
import { fit, tuneSparsity } from '../../core/engine/index.js';
import type { FitOptions, FitResult, Matrix, TuneOptions, TuneResult } from '../../core/engine/types.js';
import { SkfrError } from '../../core/errors.js';
import { fitWith, tuneWith } from '../../core/parallel/orchestrate.js';
import type { WorkerRequest, WorkerResponse } from '../../core/parallel/protocol.js';
import type { WorkerLink } from '../../core/parallel/scheduler.js';

export interface PoolOptions {
  /** Worker threads wanted; capped at the number of cores. Default: the number of cores. */
  workers?: number;
  /** The worker entry (default: worker.js beside this module; in Electron, the bundled worker entry). */
  workerUrl?: URL;
}

export interface WorkerPool {
  /** Threads actually used (0 = everything runs in the calling thread). */
  readonly size: number;
  fit(X: Matrix, options: FitOptions): Promise<FitResult>;
  tune(X: Matrix, options: TuneOptions): Promise<TuneResult>;
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

function linkTo(worker: Worker): WorkerLink {
  return {
    post: (request: WorkerRequest) => worker.postMessage(request),
    listen(onResponse, onCrash) {
      const message = (response: WorkerResponse) => onResponse(response);
      const error = (e: Error) => onCrash(e);
      const exit = (code: number) => onCrash(new Error(`worker exited with code ${code}`));
      worker.on('message', message);
      worker.on('error', error);
      worker.on('exit', exit);
      return () => {
        worker.off('message', message);
        worker.off('error', error);
        worker.off('exit', exit);
      };
    },
  };
}

export function createWorkerPool(options: PoolOptions = {}): WorkerPool {
  const count = resolveWorkerCount(options.workers);
  if (count <= 1) {
    return {
      size: 0,
      fit: async (X, o) => fit(X, o),
      tune: async (X, o) => tuneSparsity(X, o),
      close: async () => {},
    };
  }
  const url = options.workerUrl ?? defaultWorkerUrl();
  const workers = Array.from({ length: count }, () => startWorker(url));
  const links = workers.map(linkTo);
  // An idle pool must not keep the process alive; work in flight keeps it alive through its promise.
  for (const w of workers) w.unref();
  let closed = false;
  const guard = () => {
    if (closed) throw new SkfrError('invalid-request', 'This worker pool has been closed.');
  };
  const busy = async <T>(work: () => Promise<T>): Promise<T> => {
    guard();
    for (const w of workers) w.ref();
    try {
      return await work();
    } finally {
      for (const w of workers) w.unref();
    }
  };
  return {
    size: count,
    fit: (X, o) => busy(() => fitWith(links, X, o)),
    tune: (X, o) => busy(() => tuneWith(links, X, o)),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(workers.map((w) => w.terminate()));
    },
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
