/**
 * Messages between a host's thread pool and its engine workers (Node worker_threads, Web Workers).
 * Everything is structured-clone friendly; large matrices travel as Float64Arrays over a
 * SharedArrayBuffer, so posting them shares memory instead of copying it.
 *
 * A *job* (one fit, or one gap-statistic tuning) is loaded once per worker ('load-fit' / 'load-tune'),
 * then its tasks are handed out one at a time ('task'), and finally released ('release').
 * Tasks of a fit are restarts r = 0..R−1; tasks of a tuning are pairs (b, r): task = b·R + r runs restart r
 * of data set b (b = 0 the observed data, b ≥ 1 the b-th column-permuted copy) along the path of s values;
 * tasks of a stability job are its subsample fits, task t = subsample t + 1; tasks of a tuning of k are pairs
 * (b, t): task = b·K + t runs the restarts of the t-th k on data set b.
 */
import type { ErrorInfo } from '../errors.js';
import type { FitOptions, Matrix, StabilityOptions } from '../engine/types.js';
import type { PathSummary, PreparedFit, RestartResult, SubsampleSummary } from '../engine/index.js';
import type { FileRef, PieceResult, PieceSpec, PieceTable } from '../table/pieces.js';

/** PreparedFit without its callbacks (functions cannot cross threads). */
export type PortablePreparedFit = Omit<PreparedFit, 'signal' | 'onProgress'>;

/** Stability options without callbacks, with every default resolved on the host. */
export type PortableStabilityOptions = Omit<StabilityOptions, 'signal' | 'onProgress'> & { subsamples: number; fraction: number; seed: number };

/** Fit options without callbacks, with the s values of a tuning. */
export type PortableTuneOptions = Omit<FitOptions, 's' | 'signal' | 'onProgress'> & { sValues: number[]; seed: number };

/**
 * Fit options of a tuning of k without callbacks: the k values (validated, ascending), the resolved seed and the
 * restarts per (data set, k) (k-tuning.ts: all restarts unless tuneRestarts).
 */
export type PortableKTuneOptions = Omit<FitOptions, 'k' | 'signal' | 'onProgress' | 'reuseInput'> & { kValues: number[]; seed: number; restarts: number };

export type WorkerRequest =
  | {
      kind: 'load-fit';
      job: number;
      prepared: PortablePreparedFit;
      /** Int32Array(1) on a SharedArrayBuffer: non-zero = cancel. */
      abortFlag: Int32Array;
      /** True when the data has missing cells: k-POD writes them, so each worker works on its own copy. */
      privateData: boolean;
    }
  | { kind: 'load-tune'; job: number; X: Matrix; options: PortableTuneOptions; abortFlag: Int32Array }
  /** Stability: task b − 1 fits subsample b (core/engine/stability.ts, subsampleFit) of the shared raw X. */
  | { kind: 'load-stability'; job: number; X: Matrix; options: PortableStabilityOptions; abortFlag: Int32Array }
  /**
   * Gap over k: task b·K + t runs the restarts of k = kValues[t] on data set b (0 = the shared observed X, b ≥ 1
   * its b-th column permutation) — bestLogW, and on the observed data the silhouette of the best restart.
   */
  | { kind: 'load-tune-k'; job: number; X: Matrix; options: PortableKTuneOptions; abortFlag: Int32Array }
  | { kind: 'task'; job: number; task: number }
  /**
   * Read pieces of a CSV/TSV file's data rows into the shared columns (core/parallel/read.ts): the thread opens
   * the file itself and takes pieces from `claims` until none is left; no job is loaded, task = the thread's
   * number. Answered with a 'piece' output per piece as it is read (Executor.handle's `post`), then 'pieces-read'.
   */
  | { kind: 'read-pieces'; job: number; task: number; spec: PieceSpec; pieces: PieceTable; file: FileRef; claims: Int32Array }
  | { kind: 'release'; job: number };

export type TaskOutput =
  | { kind: 'restart'; result: RestartResult }
  /** One restart's path over the s values of one data set (gap.ts restartPathSummary). */
  | { kind: 'path'; summary: PathSummary }
  /** One subsample fit of a stability job. */
  | { kind: 'subsample'; summary: SubsampleSummary }
  /** One (data set, k) of a tuning of k: log W of the best restart; its average silhouette on the observed data (else NaN). */
  | { kind: 'k-point'; logW: number; silhouette: number }
  /** One piece of a file read (core/parallel/read.ts), told as soon as it is read; task = the thread's number. */
  | { kind: 'piece'; index: number; result: PieceResult }
  /** A thread's last answer to a read-pieces request: how many pieces it read. */
  | { kind: 'pieces-read'; count: number };

export type WorkerResponse =
  | { kind: 'done'; job: number; task: number; output: TaskOutput }
  | { kind: 'failed'; job: number; task: number; error: ErrorInfo };
