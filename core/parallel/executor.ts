/**
 * The worker side of a pool, platform-free: holds the jobs loaded into this worker and runs their tasks
 * with the engine. A Node worker_thread and a browser Web Worker both wrap it in a few lines:
 *   const executor = createExecutor();
 *   port.onmessage = (msg) => { const reply = executor.handle(msg, (answer) => port.postMessage(answer)); if (reply) port.postMessage(reply); };
 *
 * Fit jobs: task r = runRestart(prepared, r). Tune jobs: task b·R + r = restart r's path over the s values
 * (restartPathSummary) on data set b (0 = observed, b ≥ 1 = permuteColumns(X, seed, b)); a worker keeps its
 * last data set prepared, so consecutive tasks of one b permute and standardise once. Each task is a pure
 * function of the job and its index, so the pool's answer does not depend on which worker ran what, or in
 * which order. Stability jobs: task t fits subsample t + 1 (subsampleFit) of the shared raw matrix. Tunings of
 * k: task b·K + t = the restarts of the t-th k on data set b (kPoint). A read-pieces request reads pieces of a
 * CSV/TSV file into the shared columns, the thread opening the file with the host's openFile (core/parallel/read.ts;
 * no job to load).
 */
import { toErrorInfo } from '../errors.js';
import {
  bestLogW,
  finishFit,
  permuteColumns,
  prepareFit,
  restartPathSummary,
  runRestart,
  selectedData,
  silhouette,
  subsampleFit,
  type PreparedFit,
} from '../engine/index.js';
import type { FitOptions, Matrix } from '../engine/types.js';
import type { OpenFileAt } from '../table/pieces.js';
import { readClaimedPieces } from './read.js';
import type { PortableKTuneOptions, PortableStabilityOptions, PortableTuneOptions, TaskOutput, WorkerRequest, WorkerResponse } from './protocol.js';
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
  | { kind: 'stability'; X: Matrix; options: PortableStabilityOptions; signal: { readonly aborted: boolean } }
  | {
      kind: 'tune-k';
      X: Matrix;
      options: PortableKTuneOptions;
      signal: { readonly aborted: boolean };
      /** The data set of the last task (b = 0: observed), standardised once. */
      permuted: { b: number; prepared: PreparedFit } | null;
    };

export interface Executor {
  /**
   * Handle one request; returns the reply to post, if any. Never throws. `post` takes the answers a request
   * gives before its reply (a read-pieces request's pieces).
   */
  handle(request: WorkerRequest, post?: (response: WorkerResponse) => void): WorkerResponse | null;
}

/**
 * Data set b of a tuning (of s or of k) prepared with `options`, once per worker: kept for the job's next tasks
 * on the same b. b ≥ 1: the permuted copy is this worker's own, standardised in place; b = 0 is the shared X,
 * never written.
 */
function dataSet(job: Extract<Job, { kind: 'tune' | 'tune-k' }>, b: number, options: FitOptions): PreparedFit {
  if (job.permuted === null || job.permuted.b !== b) {
    const X = b === 0 ? job.X : permuteColumns(job.X, job.options.seed, b);
    job.permuted = { b, prepared: prepareFit(X, { ...options, signal: job.signal, reuseInput: b > 0 }) };
  }
  return job.permuted.prepared;
}

/**
 * Task b·K + t of a tuning of k, exactly as tuneClusters computes it (core/engine/k-tuning.ts): data set b
 * prepared once per worker (k = the first k, the tuning's restarts; b ≥ 1 a permuted copy standardised in place),
 * the restarts of k on it (bestLogW), and on the observed data the silhouette of the best restart on its selected
 * features. Each restart starts from its own seeds and fill, so the answer does not depend on earlier tasks.
 */
function kPoint(job: Extract<Job, { kind: 'tune-k' }>, task: number): TaskOutput {
  const { kValues, ...rest } = job.options;
  const K = kValues.length;
  const b = Math.floor(task / K);
  const k = kValues[task - b * K]!;
  const prep = dataSet(job, b, { ...rest, k: kValues[0]! });
  const { logW, results } = bestLogW(prep, k, rest.restarts);
  if (b > 0) return { kind: 'k-point', logW, silhouette: NaN };
  const at: PreparedFit = { ...prep, options: { ...prep.options, k, restarts: rest.restarts }, onProgress: undefined };
  const best = finishFit(at, results);
  return { kind: 'k-point', logW, silhouette: silhouette(selectedData(at, best), best.labels, { seed: rest.seed, signal: job.signal }) };
}

/** What the host gives the executor: how its thread opens a file to read pieces of it (none: it cannot). */
export interface ExecutorHost {
  openFile?: OpenFileAt;
}

export function createExecutor(host: ExecutorHost = {}): Executor {
  const jobs = new Map<number, Job>();

  function runTask(job: Job, task: number): TaskOutput {
    if (job.kind === 'fit') return { kind: 'restart', result: runRestart(job.prepared, task) };
    if (job.kind === 'stability') return { kind: 'subsample', summary: subsampleFit(job.X, { ...job.options, signal: job.signal }, task + 1) };
    if (job.kind === 'tune-k') return kPoint(job, task);
    const { sValues, ...rest } = job.options;
    const restarts = rest.restarts ?? 1;
    const b = Math.floor(task / restarts);
    const r = task - b * restarts;
    return { kind: 'path', summary: restartPathSummary(dataSet(job, b, { ...rest, s: sValues[0]! }), r, sValues) };
  }

  return {
    handle(request, post) {
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
        case 'load-tune-k':
          jobs.set(request.job, { kind: 'tune-k', X: request.X, options: request.options, signal: flagSignal(request.abortFlag), permuted: null });
          return null;
        case 'release':
          jobs.delete(request.job);
          return null;
        case 'read-pieces':
          try {
            if (host.openFile === undefined) throw new Error('this thread cannot open files');
            const { job, task } = request;
            const tell = post ?? (() => {});
            const count = readClaimedPieces(request.spec, request.pieces, request.file, request.claims, host.openFile, (index, result) =>
              tell({ kind: 'done', job, task, output: { kind: 'piece', index, result } }),
            );
            return { kind: 'done', job, task, output: { kind: 'pieces-read', count } };
          } catch (error) {
            return { kind: 'failed', job: request.job, task: request.task, error: toErrorInfo(error) };
          }
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
