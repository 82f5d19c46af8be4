/**
 * A pool of nested Web Workers running the SKFR engine for the browser build: the bridge worker
 * (worker.ts) hands it to createSession as its AnalysisEngine, so restarts of a fit, the (data set,
 * restart) paths of the gap statistic over s, the (data set, k) tasks of the gap statistic over k and the
 * subsample fits of a stability run go in parallel — with results identical to fit() / tuneSparsity() /
 * tuneClusters() / alternateKS() / stabilitySelection() for the same seed
 * (core/parallel/orchestrate.ts: each task is a pure function of the job and its index).
 * The browser twin of node/parallel/pool.ts: both are thin adapters of one supervisor (core/parallel/supervisor.ts).
 *
 * Size: min(navigator.hardwareConcurrency, `workers`); one core (or `workers: 1`) means no workers at all —
 * the engine runs in the calling worker.
 *
 * Memory: in a cross-origin-isolated page (COOP same-origin + COEP require-corp, sent by the web build's
 * servers) the data matrix lives on a SharedArrayBuffer and every worker reads the same bytes, and the
 * cancel flag is shared too. Without isolation there is no SharedArrayBuffer: core/parallel/shared.ts falls
 * back to plain arrays, each worker gets its own copy of the matrix when a job is loaded, and the cancel
 * flag cannot reach a task already running — a cancel then takes effect when the running restarts (one
 * per worker) finish; no further task is handed out. `sharedMemory` says which case holds.
 *
 * Robustness (core/parallel/supervisor.ts, shared with the Node pool): every worker is always listened to. A worker that fires 'error' (a load failure, an uncaught
 * exception) or 'messageerror' is treated as dead — Web Workers have no 'exit' event — and terminated; the
 * job running on it rejects with SkfrError 'compute-crashed' (core/parallel/scheduler.ts), and the worker
 * is replaced at once, before the next job. A slot whose workers die MAX_CONSECUTIVE_DEATHS times in a row
 * without answering a single message is given up; with no worker left, the engine runs in the calling worker.
 *
 * @example
 *   const pool = createWebWorkerPool();              // inside the bridge worker
 *   serveJobs(port, createSession(undefined, { engine: pool }));
 *   pool.size                                        // 2 on a 2-core machine
 */
import type { FitOptions, FitResult, KTuneOptions, KTuneResult, Matrix, StabilityOptions, StabilityResult, TuneOptions, TuneResult } from '../../../core/engine/types';
import type { AlternateOptions, AlternateResult } from '../../../core/engine/index';
import type { AnalysisEngine } from '../../../core/analysis';
import { SkfrError } from '../../../core/errors';
import type { WorkerRequest, WorkerResponse } from '../../../core/parallel/protocol';
import { allocateSharedFloat64, isShared } from '../../../core/parallel/shared';
import { createSupervisor, poolEngine, type PoolWorker } from '../../../core/parallel/supervisor';
import { fit as fitInThread } from '../../../core/engine/index';
import { FIT_DEFAULTS } from '../../../core/engine/options';
import { warmRowsMatrix } from '../../../core/jobs/warm-up';

export { MAX_CONSECUTIVE_DEATHS } from '../../../core/parallel/supervisor';

/** The part of a Web Worker the pool uses (a test may hand in any object with these methods). */
export type EngineWorker = Pick<Worker, 'postMessage' | 'addEventListener' | 'removeEventListener' | 'terminate'>;

export interface WebWorkerPoolOptions {
  /** Workers wanted; capped at navigator.hardwareConcurrency. Default: that many. 1 = no workers. */
  workers?: number;
  /** Starts one engine worker (default: engine-worker.ts as a module worker). */
  makeWorker?: () => EngineWorker;
  /** Told the new size when a slot is given up (size only ever shrinks). */
  onSizeChange?: (size: number) => void;
  /**
   * A fit (not a tuning or stability run) with samples × features × restarts below this runs in the calling
   * worker, as `skfr cluster` runs it (core/parallel/small-fit.ts SMALL_FIT_CELLS), while the workers' engine
   * code is cold: once `warmWorkers()` has fitted on them, a small fit with at least as many samples as features
   * goes to the workers too. Default 0: every fit on the workers.
   */
  inThreadBelow?: number;
}

export interface WebWorkerPool extends AnalysisEngine {
  /** Workers alive now (0 = everything runs in the calling worker). */
  readonly size: number;
  /** True when the matrix and cancel flag are shared with the workers (SharedArrayBuffer), false when copied. */
  readonly sharedMemory: boolean;
  fit(X: Matrix, options: FitOptions): Promise<FitResult>;
  tune(X: Matrix, options: TuneOptions): Promise<TuneResult>;
  /** stabilitySelection on the workers: one subsample fit per task, identical for any number of workers. */
  stability(X: Matrix, options: StabilityOptions, full?: FitResult): Promise<StabilityResult>;
  /** tuneClusters on the workers (one task per data set and k), identical for any number of workers. */
  tuneK(X: Matrix, options: KTuneOptions): Promise<KTuneResult>;
  /** alternateKS on the workers. */
  alternate(X: Matrix, options: AlternateOptions): Promise<AlternateResult>;
  /**
   * Issue 27: fits a small built-in matrix (WARM_FIT) on the workers, so that their engine code is compiled
   * before the user's first fit; from then on a small fit of samples ≥ features runs on the workers too
   * (`inThreadBelow`). A fit asked
   * meanwhile waits for it. Resolves when done; never rejects (a failure leaves small fits in the calling worker).
   */
  warmWorkers(): Promise<void>;
  /** True once the workers have fitted (warmWorkers done): small fits of samples ≥ features go to them. */
  readonly workersWarm: boolean;
  /** Terminate the workers; later calls reject with 'invalid-request'. */
  close(): void;
}

/**
 * The workers' warm-up fit: 600 samples × 40 features with ~2 % of the values missing (the mouse data's shape of
 * problem: samples as rows, k-POD rounds for the missing values; the values of the hosts' second warm-up table,
 * core/jobs/warm-up.ts warmRowsMatrix), k = 6, s = 12, WARM_RESTARTS restarts per worker. ~0.1–0.2 s on each
 * worker at page load.
 * @example warmFitMatrix().data.some(Number.isNaN) // true
 */
export function warmFitMatrix(rows = 600, cols = 40): Matrix {
  return warmRowsMatrix(rows, cols);
}

/**
 * Restarts each worker runs in the warm-up fit. Two left the engine's loops half-compiled: the user's first fit of
 * the mouse sheet took 1.5–2 times as long as the next (bench:app's first Run against its later full fits); eight
 * bring V8's optimising compiler to them at page load (bench/RESULTS.md, "the engine's warm-up").
 */
export const WARM_RESTARTS = 8;

/** The warm-up fit's options for a pool of `size` workers (WARM_RESTARTS restarts each). */
export function warmFitOptions(size: number): FitOptions {
  return { k: 6, s: 12, restarts: WARM_RESTARTS * Math.max(1, size), seed: 1 };
}

/** Logical cores of this browser (navigator.hardwareConcurrency), 1 when unknown. */
export function browserCores(): number {
  const cores = (globalThis as { navigator?: { hardwareConcurrency?: unknown } }).navigator?.hardwareConcurrency;
  return typeof cores === 'number' && Number.isInteger(cores) && cores >= 1 ? cores : 1;
}

/**
 * Number of workers for a request: at least 1, at most the cores; 1 means "no workers".
 * @example resolveWebWorkerCount(8, 2) // 2    resolveWebWorkerCount(undefined, 4) // 4
 */
export function resolveWebWorkerCount(requested: number | undefined, cores: number = browserCores()): number {
  if (requested !== undefined && (!Number.isInteger(requested) || requested < 1)) {
    throw new SkfrError('invalid-option', `workers = ${requested} is not possible: use a whole number of at least 1 (this browser reports ${cores} cores).`);
  }
  return Math.max(1, Math.min(requested ?? cores, cores));
}

function defaultWorker(): EngineWorker {
  return new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' });
}

/** What an 'error' / 'messageerror' event says about the worker's death. */
function describeDeath(event: Event): string {
  if (event.type === 'messageerror') return 'a message from the engine worker could not be read';
  const message = (event as Partial<ErrorEvent>).message;
  return typeof message === 'string' && message !== '' ? message : 'the engine worker failed';
}

/**
 * A Web Worker as the supervisor's PoolWorker. Web Workers have no 'exit' event: 'error' (a load failure, an
 * uncaught exception) and 'messageerror' are its death, handled here — an unhandled 'error' would also be
 * reported to the bridge worker's own scope, and from there to the page, which would take the whole bridge
 * worker down.
 */
function adapt(worker: EngineWorker): PoolWorker {
  return {
    post: (request: WorkerRequest) => worker.postMessage(request),
    listen(onResponse, onCrash) {
      const message = (event: MessageEvent) => onResponse(event.data as WorkerResponse);
      const death = (event: Event) => {
        event.preventDefault();
        onCrash(new Error(describeDeath(event)));
      };
      worker.addEventListener('message', message);
      worker.addEventListener('error', death);
      worker.addEventListener('messageerror', death);
      return () => {
        worker.removeEventListener('message', message);
        worker.removeEventListener('error', death);
        worker.removeEventListener('messageerror', death);
      };
    },
    terminate: () => worker.terminate(),
  };
}

/** Web Workers through the supervisor (core/parallel/supervisor.ts); in the calling worker for one core. */
export function createWebWorkerPool(options: WebWorkerPoolOptions = {}): WebWorkerPool {
  const count = resolveWebWorkerCount(options.workers);
  const sharedMemory = isShared(allocateSharedFloat64(1));
  if (count <= 1) {
    return { size: 0, sharedMemory, ...poolEngine(async (_work, inThread) => inThread()), warmWorkers: async () => {}, workersWarm: false, close: () => {} };
  }
  const make = options.makeWorker ?? defaultWorker;
  const supervisor = createSupervisor({
    count,
    // Creation itself refused (e.g. a CSP without worker-src) gives the slot up: it would be refused again.
    create: () => adapt(make()),
    ...(options.onSizeChange ? { onSizeChange: options.onSizeChange } : {}),
  });
  const engine = poolEngine(supervisor.run);
  const below = options.inThreadBelow ?? 0;
  let warm = false;
  let warming: Promise<void> | null = null;
  return {
    get size() {
      return supervisor.size;
    },
    get workersWarm() {
      return warm;
    },
    sharedMemory,
    ...engine,
    // Issue 27: a small fit (the mouse data's 1 080 × 77 × 20) is quicker here than spread over workers whose
    // code is still cold, and quicker on them once they are warm when it has at least as many samples as
    // features; a small protein matrix's (few samples, thousands of proteins: DIA-NN, Perseus, the 10 000 × 50
    // matrix) stays here, where it was quicker in bench:app (full fit job 31 → 45 ms for DIA-NN on the workers,
    // which put its slider step through the preview). The same result either way (fit() and fitWith agree for
    // every seed).
    fit: async (X, o) => {
      if (warming) await warming;
      const small = X.rows * X.cols * (o.restarts ?? FIT_DEFAULTS.restarts) < below;
      return small && !(warm && X.rows >= X.cols) ? fitInThread(X, o) : engine.fit(X, o);
    },
    warmWorkers() {
      warming ??= engine.fit(warmFitMatrix(), warmFitOptions(supervisor.size)).then(
        () => void (warm = supervisor.size > 0),
        () => undefined,
      );
      return warming;
    },
    close: () => void supervisor.close(),
  };
}
