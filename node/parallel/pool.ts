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
import { alternateKS, fit, stabilitySelection, tuneClusters, tuneSparsity, type AlternateOptions, type AlternateResult } from '../../core/engine/index.js';
import type { FitOptions, FitResult, KTuneOptions, KTuneResult, Matrix, StabilityOptions, StabilityResult, TuneOptions, TuneResult } from '../../core/engine/types.js';
import { SkfrError } from '../../core/errors.js';
import { createExecutor } from '../../core/parallel/executor.js';
import { alternateWith, fitWith, stabilityWith, tuneKWith, tuneWith } from '../../core/parallel/orchestrate.js';
import type { WorkerRequest, WorkerResponse } from '../../core/parallel/protocol.js';
import type { WorkerLink } from '../../core/parallel/scheduler.js';

export interface PoolOptions {
  /** Worker threads wanted; capped at the number of cores. Default: the number of cores. */
  workers?: number;
  /** The worker entry (default: worker.js beside this module; in Electron, the bundled worker entry). */
  workerUrl?: URL;
}

export interface WorkerPool {
  /** Threads alive now (0 = everything runs in the calling thread); shrinks only if threads keep dying. */
  readonly size: number;
  fit(X: Matrix, options: FitOptions): Promise<FitResult>;
  tune(X: Matrix, options: TuneOptions): Promise<TuneResult>;
  /** stabilitySelection(X, options, full): one subsample fit per task, the same figures for any number of threads. */
  stability(X: Matrix, options: StabilityOptions, full?: FitResult): Promise<StabilityResult>;
  /** tuneClusters(X, options): one task per (data set, k), the same curve and fit for any number of threads. */
  tuneK(X: Matrix, options: KTuneOptions): Promise<KTuneResult>;
  /** alternateKS(X, options): tune and tuneK in turn on the pool. */
  alternate(X: Matrix, options: AlternateOptions): Promise<AlternateResult>;
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
  const executor = createExecutor();
  const listeners = new Set<(response: WorkerResponse) => void>();
  return {
    post(request: WorkerRequest) {
      const message = request.kind === 'load-fit' ? { ...request, privateData: false } : request;
      setImmediate(() => {
        const reply = executor.handle(message);
        if (reply) for (const listener of [...listeners]) listener(reply);
      });
    },
    listen(onResponse) {
      listeners.add(onResponse);
      return () => void listeners.delete(onResponse);
    },
  };
}

/**
 * A slot that dies this many times in a row without answering a single message is given up (a broken
 * worker entry would otherwise be restarted forever); the pool then serves with the remaining threads,
 * and with none left it runs in the calling thread.
 */
export const MAX_CONSECUTIVE_DEATHS = 3;

interface Slot {
  worker: Worker;
  link: WorkerLink;
  /** Deaths since this slot's thread last answered a message. */
  deaths: number;
}

/**
 * Create a pool. Robustness: every thread is always listened to, so a thread that dies ('error' or
 * 'exit', e.g. terminated or throwing at top level) never crashes the owning thread, even while idle.
 * A job running on a thread that dies rejects with SkfrError 'compute-crashed' (the scheduler's message
 * names the cause); the dead thread is replaced by a fresh one before the next job, or the slot is given
 * up after MAX_CONSECUTIVE_DEATHS — later jobs always run on the threads that are alive (or in-thread).
 */
export function createWorkerPool(options: PoolOptions = {}): WorkerPool {
  const count = resolveWorkerCount(options.workers);
  if (count <= 1) {
    const links = [inThreadLink()];
    return {
      size: 0,
      fit: (X, o) => fitWith(links, X, o),
      tune: (X, o) => tuneWith(links, X, o),
      stability: (X, o, full) => stabilityWith(links, X, o, full),
      tuneK: (X, o) => tuneKWith(links, X, o),
      alternate: (X, o) => alternateWith(links, X, o),
      close: async () => {},
    };
  }
  const url = options.workerUrl ?? defaultWorkerUrl();
  const slots: Slot[] = [];
  let closed = false;
  let busyJobs = 0;

  /** Start a thread into `slot` (a new slot when null; the same slot when replacing a dead thread). */
  function start(slot: Slot | null): Slot {
    const worker = startWorker(url);
    const current: Slot = slot ?? { worker, link: linkTo(worker), deaths: 0 };
    if (slot) {
      slot.worker = worker;
      slot.link = linkTo(worker);
    }
    // An idle pool must not keep the process alive; work in flight keeps it alive through its promise.
    if (busyJobs === 0) worker.unref();
    worker.on('message', () => void (current.deaths = 0));
    // Always listened to: an unhandled 'error' event would be thrown in the owning thread. The job that
    // was running on this thread (if any) gets the error through its own listener (scheduler.ts).
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      if (closed || current.worker !== worker) return;
      current.deaths++;
      const index = slots.indexOf(current);
      if (current.deaths >= MAX_CONSECUTIVE_DEATHS) slots.splice(index, 1);
      else start(current);
    });
    return current;
  }
  for (let i = 0; i < count; i++) slots.push(start(null));

  const guard = () => {
    if (closed) throw new SkfrError('invalid-request', 'This worker pool has been closed.');
  };
  const busy = async <T>(work: (links: WorkerLink[]) => Promise<T>, inThread: () => T): Promise<T> => {
    guard();
    if (slots.length === 0) return inThread();
    const used = [...slots];
    busyJobs++;
    for (const s of used) s.worker.ref();
    try {
      return await work(used.map((s) => s.link));
    } finally {
      busyJobs--;
      // Unref the threads alive now (a replacement started during the job was ref'd by start()).
      if (busyJobs === 0) for (const s of slots) s.worker.unref();
    }
  };
  return {
    get size() {
      return slots.length;
    },
    fit: (X, o) => busy((links) => fitWith(links, X, o), () => fit(X, o)),
    tune: (X, o) => busy((links) => tuneWith(links, X, o), () => tuneSparsity(X, o)),
    stability: (X, o, full) => busy((links) => stabilityWith(links, X, o, full), () => stabilitySelection(X, o, full)),
    tuneK: (X, o) => busy((links) => tuneKWith(links, X, o), () => tuneClusters(X, o)),
    alternate: (X, o) => busy((links) => alternateWith(links, X, o), () => alternateKS(X, o)),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
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
