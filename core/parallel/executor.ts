/**
 * The worker side of a pool, platform-free: holds the jobs loaded into this worker and runs their tasks
 * with the engine. A Node worker_thread and a browser Web Worker both wrap it in a few lines:
 *   const executor = createExecutor();
 *   port.onmessage = (msg) => { const reply = executor.handle(msg); if (reply) port.postMessage(reply); };
 *
 * Fit jobs: task r = runRestart(prepared, r). Tune jobs: task b·R + r = restart r's path over the s values
 * (restartPathSummary) on data set b (0 = observed, b ≥ 1 = permuteColumns(X, seed, b)); a worker keeps its
 * last data set prepared, so consecutive tasks of one b permute and standardise once. Each task is a pure
 * function of the job and its index, so the pool's answer does not depend on which worker ran what, or in
 * which order. Stability jobs: task t fits subsample t + 1 (subsampleFit) of the shared raw matrix.
 */
import { toErrorInfo } from '../errors.js';
import { permuteColumns, prepareFit, restartPathSummary, runRestart, subsampleFit, type PreparedFit } from '../engine/index.js';
import type { Matrix } from '../engine/types.js';
import type { PortableStabilityOptions, PortableTuneOptions, TaskOutput, WorkerRequest, WorkerResponse } from './protocol.js';
import { flagSignal } from './shared.js';

type Job =
  | { kind: 'fit'; prepared: PreparedFit }
  | {
      kind: 'tune';
      X: Matrix;
      options: PortableTuneOptions;
      signal: { readonly aborted: boolean };
      /** The data set of the last task (b = 0: observed), standardised once. */
      permuted: { b: number; prepared: PreparedFit } | null;
    }
  | { kind: 'stability'; X: Matrix; options: PortableStabilityOptions; signal: { readonly aborted: boolean } };

export interface Executor {
  /** Handle one request; returns the reply to post, if any. Never throws. */
  handle(request: WorkerRequest): WorkerResponse | null;
}

export function createExecutor(): Executor {
  const jobs = new Map<number, Job>();

  function runTask(job: Job, task: number): TaskOutput {
    if (job.kind === 'fit') return { kind: 'restart', result: runRestart(job.prepared, task) };
    if (job.kind === 'stability') return { kind: 'subsample', summary: subsampleFit(job.X, { ...job.options, signal: job.signal }, task + 1) };
    const { sValues, ...rest } = job.options;
    const restarts = rest.restarts ?? 1;
    const b = Math.floor(task / restarts);
    const r = task - b * restarts;
    if (job.permuted === null || job.permuted.b !== b) {
      const X = b === 0 ? job.X : permuteColumns(job.X, job.options.seed, b);
      // b ≥ 1: the permuted copy is this worker's own, standardised in place; b = 0 is the shared X, never written.
      job.permuted = { b, prepared: prepareFit(X, { ...rest, s: sValues[0]!, signal: job.signal, reuseInput: b > 0 }) };
    }
    return { kind: 'path', summary: restartPathSummary(job.permuted.prepared, r, sValues) };
  }

  return {
    handle(request) {
      switch (request.kind) {
        case 'load-fit': {
          const { prepared, abortFlag, privateData } = request;
          const data = privateData ? prepared.data.slice() : prepared.data;
          jobs.set(request.job, { kind: 'fit', prepared: { ...prepared, data, signal: flagSignal(abortFlag) } });
          return null;
        }
        case 'load-tune':
          jobs.set(request.job, { kind: 'tune', X: request.X, options: request.options, signal: flagSignal(request.abortFlag), permuted: null });
          return null;
        case 'load-stability':
          jobs.set(request.job, { kind: 'stability', X: request.X, options: request.options, signal: flagSignal(request.abortFlag) });
          return null;
        case 'release':
          jobs.delete(request.job);
          return null;
        case 'task': {
          const job = jobs.get(request.job);
          try {
            if (!job) throw new Error(`job ${request.job} was not loaded in this worker`);
            return { kind: 'done', job: request.job, task: request.task, output: runTask(job, request.task) };
          } catch (error) {
            return { kind: 'failed', job: request.job, task: request.task, error: toErrorInfo(error) };
          }
        }
        default: {
          const unknown: never = request;
          return { kind: 'failed', job: -1, task: -1, error: toErrorInfo(new Error(`unknown request ${JSON.stringify(unknown)}`)) };
        }
      }
    },
  };
}
