/**
 * The host side of a pool, platform-free: hands the tasks of one job to a set of workers one at a time
 * (a worker gets its next task as soon as it returns one, so uneven restarts balance themselves) and
 * collects the outputs by task index, so the answer never depends on timing.
 *
 * Failure: the first failing task raises the job's cancel flag so the others stop within one engine check,
 * and the job rejects with that task's error (a SkfrError keeps its code). A worker that dies rejects the
 * job with 'compute-crashed'. A cancel through `signal` is polled every 20 ms and ends in 'cancelled'.
 */
import { SkfrError, type ErrorInfo } from '../errors.js';
import type { AbortSignalLike } from '../engine/types.js';
import type { TaskOutput, WorkerRequest, WorkerResponse } from './protocol.js';
import { raiseFlag } from './shared.js';

/** One worker as the scheduler sees it. */
export interface WorkerLink {
  post(request: WorkerRequest): void;
  /** Listen to this worker's replies and to its death; returns the unsubscribe function. */
  listen(onResponse: (response: WorkerResponse) => void, onCrash: (error: Error) => void): () => void;
}

export interface RunTasksOptions {
  signal?: AbortSignalLike;
  /** Called after each task with the number of tasks finished so far. */
  onTaskDone?: (task: number, finished: number) => void;
  /** Called with each task's output as it arrives, before it is kept (e.g. to let go of a beaten restart's arrays). */
  onOutput?: (task: number, output: TaskOutput) => void;
}

let nextJob = 1;

/** Timers exist on every host (Node, browsers, workers); core has no platform types, hence the cast. */
const timers = globalThis as unknown as {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
};

/** A worker's ErrorInfo as the error to throw here: SkfrError for a known code, a plain Error for 'internal'. */
export function toError(info: ErrorInfo): Error {
  return info.code === 'internal' ? new Error(info.message) : new SkfrError(info.code, info.message);
}

/**
 * Run tasks 0..taskCount−1 of one job on `links`. `load(job)` builds the message that loads the job into a
 * worker; `abortFlag` is the flag that message carries.
 */
export function runTasks(
  allLinks: readonly WorkerLink[],
  load: (job: number) => WorkerRequest,
  taskCount: number,
  abortFlag: Int32Array,
  options: RunTasksOptions = {},
): Promise<TaskOutput[]> {
  const job = nextJob++;
  // Never load a job into a worker that would get no task (loading may copy data).
  const links = allLinks.slice(0, Math.max(1, Math.min(allLinks.length, taskCount)));
  const outputs: (TaskOutput | undefined)[] = new Array(taskCount);
  return new Promise<TaskOutput[]>((resolve, reject) => {
    let next = 0;
    let finished = 0;
    let inFlight = 0;
    let failure: Error | null = null;
    let settled = false;
    const unsubscribes: (() => void)[] = [];
    const timer = options.signal
      ? timers.setInterval(() => {
          if (options.signal!.aborted && failure === null) fail(new SkfrError('cancelled', 'The run was cancelled.'));
        }, 20)
      : null;

    function settle(): void {
      if (settled) return;
      settled = true;
      if (timer !== null) timers.clearInterval(timer);
      for (const off of unsubscribes) off();
      for (const link of links) link.post({ kind: 'release', job });
      if (failure) reject(failure);
      else resolve(outputs as TaskOutput[]);
    }

    function fail(error: Error): void {
      // Keep the first real error: a 'cancelled' that follows our own cancel flag is a consequence.
      if (failure === null || (failure instanceof SkfrError && failure.code === 'cancelled' && !(error instanceof SkfrError && error.code === 'cancelled'))) {
        failure = error;
      }
      raiseFlag(abortFlag);
      if (inFlight === 0) settle();
    }

    function dispatch(link: WorkerLink): void {
      if (failure !== null || next >= taskCount) return;
      inFlight++;
      link.post({ kind: 'task', job, task: next++ });
    }

    for (const link of links) {
      unsubscribes.push(
        link.listen(
          (response) => {
            if (response.job !== job || settled) return;
            inFlight--;
            if (response.kind === 'failed') {
              fail(toError(response.error));
              return;
            }
            options.onOutput?.(response.task, response.output);
            outputs[response.task] = response.output;
            finished++;
            options.onTaskDone?.(response.task, finished);
            if (finished === taskCount) settle();
            else if (failure !== null) {
              if (inFlight === 0) settle();
            } else dispatch(link);
          },
          (error) => {
            failure = new SkfrError('compute-crashed', `A compute worker stopped unexpectedly: ${error.message}`);
            raiseFlag(abortFlag);
            settle();
          },
        ),
      );
    }
    if (taskCount === 0) {
      settle();
      return;
    }
    for (const link of links) {
      link.post(load(job));
      dispatch(link);
    }
  });
}
