/**
 * The one supervisor of an engine worker pool, platform-free: it starts the workers, keeps listening to each
 * of them so a death never goes unhandled (even while idle), replaces a worker that dies, gives a slot up
 * after MAX_CONSECUTIVE_DEATHS deaths in a row without a single answer in between (a broken worker entry
 * would otherwise be restarted forever), and runs each job on the workers alive — or in the calling thread
 * when none is left. A job running on a worker that dies rejects with SkfrError 'compute-crashed' (the
 * scheduler's message names the cause, core/parallel/scheduler.ts).
 *
 * Hosts adapt their workers to PoolWorker and add nothing else: node/parallel/pool.ts (Node worker threads)
 * and renderer/src/bridge/engine-pool.ts (Web Workers in the browser build).
 *
 * @example
 *   const supervisor = createSupervisor({ count: 2, create: () => adapt(new Worker(url)) });
 *   const engine = poolEngine(supervisor.run);      // fit / tune / stability / tuneK / alternate
 *   await engine.fit(X, { k: 4, s: 6, seed: 1 });   // = fit(X, …)
 *   await supervisor.close();
 */
import { alternateKS, fit, stabilitySelection, tuneClusters, tuneSparsity, type AlternateOptions, type AlternateResult } from '../engine/index.js';
import type { FitOptions, FitResult, KTuneOptions, KTuneResult, Matrix, StabilityOptions, StabilityResult, TuneOptions, TuneResult } from '../engine/types.js';
import { SkfrError } from '../errors.js';
import { alternateWith, fitWith, stabilityWith, tuneKWith, tuneWith } from './orchestrate.js';
import type { WorkerLink } from './scheduler.js';

/**
 * One engine worker as the supervisor sees it: the scheduler's link (post a request; listen to the replies
 * and to the worker's death — which may be reported more than once, e.g. a Node thread's 'error' then its
 * 'exit') plus terminate.
 */
export interface PoolWorker extends WorkerLink {
  terminate(): void | Promise<unknown>;
  /** Optional (Node): whether the worker keeps its process alive; the supervisor turns it on while a job runs. */
  keepAlive?(alive: boolean): void;
}

/** Deaths in a row, without a single answer in between, after which a slot is given up. */
export const MAX_CONSECUTIVE_DEATHS = 3;

export interface SupervisorOptions {
  /** Workers to start (each in its own slot). */
  count: number;
  /** Starts one worker. If it throws, the slot is given up at once (it would be refused again). */
  create: () => PoolWorker;
  /** Told the new number of slots when one is given up (the number only ever shrinks). */
  onSizeChange?: (size: number) => void;
}

export interface Supervisor {
  /** Workers alive now (0 = jobs run in the calling thread). */
  readonly size: number;
  /** `work` on the workers alive now, or `inThread()` when there are none; rejects once closed. */
  run<T>(work: (links: WorkerLink[]) => Promise<T>, inThread: () => T | Promise<T>): Promise<T>;
  /** Terminates the workers; later runs reject with 'invalid-request'. */
  close(): Promise<void>;
}

interface Slot {
  worker: PoolWorker;
  /** Deaths since this slot's worker last answered a message. */
  deaths: number;
}

export function createSupervisor(options: SupervisorOptions): Supervisor {
  const slots: Slot[] = [];
  let closed = false;
  let busyJobs = 0;

  function giveUp(slot: Slot): void {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slots.splice(index, 1);
    options.onSizeChange?.(slots.length);
  }

  /** Start a worker into `slot` (a new slot when null; the same slot when replacing a dead worker). */
  function start(slot: Slot | null): Slot | null {
    let worker: PoolWorker;
    try {
      worker = options.create();
    } catch {
      if (slot) giveUp(slot);
      return null;
    }
    const current: Slot = slot ?? { worker, deaths: 0 };
    current.worker = worker;
    // An idle pool must not keep the process alive; work in flight keeps it alive through its promise.
    worker.keepAlive?.(busyJobs > 0);
    let dead = false;
    // Listened to for the worker's whole life; the job running on it (if any) hears of a death through its
    // own listener (scheduler.ts).
    worker.listen(
      () => void (current.deaths = 0),
      () => {
        if (dead || closed || current.worker !== worker) return;
        dead = true;
        void Promise.resolve(worker.terminate()).catch(() => undefined);
        current.deaths++;
        if (current.deaths >= MAX_CONSECUTIVE_DEATHS) giveUp(current);
        else start(current);
      },
    );
    return current;
  }
  for (let i = 0; i < options.count; i++) {
    const slot = start(null);
    if (slot) slots.push(slot);
  }

  return {
    get size() {
      return slots.length;
    },
    async run<T>(work: (links: WorkerLink[]) => Promise<T>, inThread: () => T | Promise<T>): Promise<T> {
      if (closed) throw new SkfrError('invalid-request', 'This worker pool has been closed.');
      if (slots.length === 0) return inThread();
      const used = [...slots];
      busyJobs++;
      for (const s of used) s.worker.keepAlive?.(true);
      try {
        return await work(used.map((s) => s.worker));
      } finally {
        busyJobs--;
        // The workers alive now (a replacement started during the job kept the process alive too).
        if (busyJobs === 0) for (const s of slots) s.worker.keepAlive?.(false);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

/** The engine's jobs on a supervisor's workers (or in the calling thread when none is alive). */
export interface PoolEngine {
  fit(X: Matrix, options: FitOptions): Promise<FitResult>;
  tune(X: Matrix, options: TuneOptions): Promise<TuneResult>;
  /** stabilitySelection(X, options, full): one subsample fit per task, the same figures for any number of workers. */
  stability(X: Matrix, options: StabilityOptions, full?: FitResult): Promise<StabilityResult>;
  /** tuneClusters(X, options): one task per (data set, k), the same curve and fit for any number of workers. */
  tuneK(X: Matrix, options: KTuneOptions): Promise<KTuneResult>;
  /** alternateKS(X, options): tune and tuneK in turn on the workers. */
  alternate(X: Matrix, options: AlternateOptions): Promise<AlternateResult>;
}

/**
 * fit / tune / stability / tuneK / alternate through `run` (Supervisor.run, or any function with its
 * contract), each with the single-threaded engine as its in-thread fallback; identical answers either way.
 */
export function poolEngine(run: Supervisor['run']): PoolEngine {
  return {
    fit: (X, o) => run((links) => fitWith(links, X, o), () => fit(X, o)),
    tune: (X, o) => run((links) => tuneWith(links, X, o), () => tuneSparsity(X, o)),
    stability: (X, o, full) => run((links) => stabilityWith(links, X, o, full), () => stabilitySelection(X, o, full)),
    tuneK: (X, o) => run((links) => tuneKWith(links, X, o), () => tuneClusters(X, o)),
    alternate: (X, o) => run((links) => alternateWith(links, X, o), () => alternateKS(X, o)),
  };
}
