/**
 * fit() and tuneSparsity() spread over a pool of workers, platform-free, with results identical to the
 * single-threaded engine for the same input and seed:
 * - fit: prepareFit on the host (validation, standardising — once), the working matrix moved to shared
 *   memory, restarts r = 0..R−1 run in the workers (runRestart), finishFit on the host. Restart r uses
 *   the generator derived from (seed, r) wherever it runs, and finishFit orders restarts by index.
 * - tune: the raw matrix in shared memory; one task per (data set b, restart r): restart r's path over the
 *   s values (gap.ts) on the observed data (b = 0) or the b-th permuted copy (generated inside the worker
 *   from (seed, b)); the host picks the best restart at each s and assembles Gap(s), as tuneSparsity.
 *   (B + 1)·R tasks balance two or more workers better than B + 1 big ones. With `refine`, a second batch
 *   of tasks fits the fine pass near the chosen s, as tuneSparsity does.
 * - stability: the raw matrix in shared memory; one task per subsample fit (stabilityWith).
 * - tuning of k: the raw matrix in shared memory; one task per (data set b, k): the restarts of k on the observed
 *   data or its b-th permutation (tuneKWith, as tuneClusters); the alternating k / s search (alternateWith) is
 *   tuneWith and tuneKWith in turn, as alternateKS.
 *
 * Memory: the working matrix is shared, not copied per worker — except when it has missing cells, which
 * k-POD overwrites during a restart: then each worker keeps a private copy of the fit's working matrix.
 *
 * @example const result = await fitWith(links, X, { k: 10, s: 10, restarts: 20, seed: 1 }); // same as fit()
 */
import { SkfrError } from '../errors.js';
import { alternation } from '../engine/k-tuning.js';
import {
  assembleKCurve,
  restartsOn,
  checkKValues,
  chooseK,
  DEFAULT_K_RULE,
  finishFit,
  pathLogO,
  prepareFit,
  validateFitOptions,
  type AlternateOptions,
  type AlternateResult,
} from '../engine/index.js';
import { FIT_DEFAULTS } from '../engine/options.js';
import type {
  FitOptions,
  FitResult,
  KTuneOptions,
  KTuneResult,
  Matrix,
  StabilityOptions,
  StabilityResult,
  TuneOptions,
  TuneResult,
} from '../engine/types.js';
import { assembleTune, DEFAULT_S_RULE } from '../engine/gap.js';
import { assembleStability, resolveStability, stabilityProgress } from '../engine/stability.js';
import { checkInt, OPTION_SPECS } from '../engine/option-specs.js';
import { DEFAULT_PERMUTATIONS, mergeCurves, refineGrid, resolveTuneRestarts } from '../engine/tuning.js';
import type { PortablePreparedFit, TaskOutput } from './protocol.js';
import { runTasks, type WorkerLink } from './scheduler.js';
import { createAbortFlag, shareFloat64 } from './shared.js';

export async function fitWith(links: readonly WorkerLink[], X: Matrix, options: FitOptions): Promise<FitResult> {
  const prepared = prepareFit(X, options);
  prepared.data = shareFloat64(prepared.data);
  // (shared already when the data were: prepareFit; read by every worker, written by none)
  prepared.initialRowNorms = shareFloat64(prepared.initialRowNorms);
  const { signal, onProgress, ...portable } = prepared;
  const restarts = prepared.options.restarts;
  const abortFlag = createAbortFlag();
  // Only the best restart so far keeps its labels (BestRestarts): not R × n labels waiting for finishFit; the
  // beaten ones' go to the in-thread link's next restart (a narrow or small fit runs there).
  const kept = restartsOn(prepared.data);
  await runTasks(
    links,
    (job) => ({ kind: 'load-fit', job, prepared: portable satisfies PortablePreparedFit, abortFlag, privateData: prepared.missing.length > 0 }),
    restarts,
    abortFlag,
    {
      signal,
      onOutput: (_task, output) => kept.add(expect(output, 'restart').result),
      onTaskDone: (task, finished) => onProgress?.({ stage: 'fitting', fraction: finished / restarts, restart: finished, restarts }),
    },
  );
  return finishFit(prepared, kept.all);
}

function expect<K extends TaskOutput['kind']>(output: TaskOutput, kind: K): Extract<TaskOutput, { kind: K }> {
  if (output.kind !== kind) throw new Error(`Internal error: a worker answered ${output.kind} to a ${kind} task.`);
  return output as Extract<TaskOutput, { kind: K }>;
}

/** Same checks and messages as tuneSparsity, done on the host before any worker starts. */
function resolveTune(X: Matrix, options: TuneOptions): { S: number[]; B: number; seed: number } {
  const { sValues, permutations } = options;
  if (!Array.isArray(sValues) || sValues.length === 0) {
    throw new SkfrError('invalid-s', 'No sparsity levels to try: give at least one s between 1 and the number of features.');
  }
  for (const s of sValues) validateFitOptions(X.rows, X.cols, { ...options, s });
  const B = checkInt('permutations', OPTION_SPECS.permutations, permutations ?? DEFAULT_PERMUTATIONS);
  const S = [...new Set(sValues)].sort((a, b) => a - b);
  return { S, B, seed: options.seed ?? FIT_DEFAULTS.seed };
}

export async function tuneWith(links: readonly WorkerLink[], X: Matrix, options: TuneOptions): Promise<TuneResult> {
  const { S, B, seed } = resolveTune(X, options);
  const { sValues: _s, permutations: _b, tuneRestarts: _r, rule: _rule, refine: _refine, reuseInput: _reuse, signal, onProgress, ...fitOptions } = options as TuneOptions & { reuseInput?: unknown };
  const rule = options.rule ?? DEFAULT_S_RULE;
  // The gap paths use the engine's tuneRestarts; the returned fit the full restarts (as tuneSparsity).
  const restartsPerFit = resolveTuneRestarts(options);
  const shared: Matrix = { rows: X.rows, cols: X.cols, data: shareFloat64(X.data) };
  // log O of every data set over `values` (one task per data set b and restart r); progress spans [from, to].
  const logsOver = async (values: number[], from: number, to: number): Promise<{ observed: Float64Array; permuted: Float64Array[] }> => {
    const abortFlag = createAbortFlag();
    const tasks = (B + 1) * restartsPerFit;
    const outputs = await runTasks(
      links,
      (job) => ({ kind: 'load-tune', job, X: shared, options: { ...fitOptions, restarts: restartsPerFit, seed, sValues: values }, abortFlag }),
      tasks,
      abortFlag,
      {
        signal,
        onTaskDone: (task, finished) =>
          onProgress?.({
            stage: 'tuning',
            fraction: from + ((to - from) * finished) / tasks,
            permutation: Math.floor(task / restartsPerFit),
            permutations: B,
            restart: (task % restartsPerFit) + 1,
            restarts: restartsPerFit,
          }),
      },
    );
    const logOf = (b: number): Float64Array =>
      pathLogO(outputs.slice(b * restartsPerFit, (b + 1) * restartsPerFit).map((output) => expect(output, 'path').summary));
    const observed = logOf(0);
    const permuted = values.map(() => new Float64Array(B));
    for (let b = 1; b <= B; b++) {
      const logO = logOf(b);
      values.forEach((_, t) => {
        permuted[t]![b - 1] = logO[t]!;
      });
    }
    return { observed, permuted };
  };
  const refine = options.refine === true;
  const coarse = await logsOver(S, 0, refine ? 0.8 : 1);
  let assembled = assembleTune(S, coarse.observed, coarse.permuted, rule);
  const fine = refine ? refineGrid(S, assembled.chosenS, X.cols) : [];
  if (fine.length > 0) {
    const extra = await logsOver(fine, 0.8, 1);
    const merged = mergeCurves(S, coarse, fine, extra);
    assembled = assembleTune(merged.values, merged.observed, merged.permuted, rule);
  }
  // The returned fit: fresh seeds, full restarts — bit for bit fit(X, { ...options, s: chosenS }), as tuneSparsity.
  // When the shared matrix is our own copy (X was not in shared memory), the final fit standardises it in
  // place instead of making two more copies; X itself is never written.
  const owned = shared.data !== X.data;
  const chosen = await fitWith(links, owned ? shared : X, { ...fitOptions, seed, s: assembled.chosenS, signal, ...(owned ? { reuseInput: true } : {}) });
  onProgress?.({ stage: 'done', fraction: 1, permutations: B });
  return { ...assembled, fit: chosen };
}

/**
 * stabilitySelection on workers: task t fits subsample t + 1 (subsampleFit) of the shared raw X, in any
 * worker, in any order; the host assembles the figures against `full` (fitted here on the pool when not
 * given). Identical to stabilitySelection(X, options, full) for any number of workers. Progress after every
 * subsample fit; a cancel through `options.signal` raises the job's flag, which the running fits poll.
 */
export async function stabilityWith(links: readonly WorkerLink[], X: Matrix, options: StabilityOptions, full?: FitResult): Promise<StabilityResult> {
  const { B, fraction } = resolveStability(X.rows, options.k, options);
  const { signal, onProgress, subsamples: _b, fraction: _f, ...fitOptions } = options;
  validateFitOptions(X.rows, X.cols, { ...fitOptions });
  const seed = options.seed ?? FIT_DEFAULTS.seed;
  const shared: Matrix = { rows: X.rows, cols: X.cols, data: shareFloat64(X.data) };
  const reference = full ?? (await fitWith(links, shared, { ...fitOptions, seed, ...(signal ? { signal } : {}) }));
  const abortFlag = createAbortFlag();
  const outputs = await runTasks(
    links,
    (job) => ({ kind: 'load-stability', job, X: shared, options: { ...fitOptions, seed, subsamples: B, fraction }, abortFlag }),
    B,
    abortFlag,
    { signal, onTaskDone: (_task, finished) => onProgress?.(stabilityProgress(finished, B)) },
  );
  return assembleStability(reference, outputs.map((output) => expect(output, 'subsample').summary), fraction);
}

/**
 * tuneClusters on workers: task b·K + t runs the restarts of the t-th k on data set b (0 = observed, b ≥ 1 its
 * b-th column permutation, made in the worker from (seed, b)) and returns log W (and on the observed data the
 * silhouette of the best restart); the host assembles the curve, the rules choose, and the fit at the chosen k runs
 * on the pool. Identical to tuneClusters(X, options) for any number of workers; progress after every task; a
 * cancel through `options.signal` stops the running tasks at their next check.
 */
export async function tuneKWith(links: readonly WorkerLink[], X: Matrix, options: KTuneOptions): Promise<KTuneResult> {
  // (k, if a caller passes one along, is not a setting here: every k of kValues is tried.)
  const { kValues, permutations, onProgress, tuneRestarts: _r, rule, signal, reuseInput: _reuse, k: _k, ...rest } = options as KTuneOptions & { reuseInput?: unknown; k?: unknown };
  const K = checkKValues(kValues, X.rows);
  const B = checkInt('permutations', OPTION_SPECS.permutations, permutations ?? DEFAULT_PERMUTATIONS);
  const resolved = validateFitOptions(X.rows, X.cols, { ...rest, k: K[0]! });
  const fullRestarts = resolved.restarts;
  const R = options.tuneRestarts !== undefined ? resolveTuneRestarts(options) : fullRestarts;
  const seed = resolved.seed;
  const shared: Matrix = { rows: X.rows, cols: X.cols, data: shareFloat64(X.data) };
  const abortFlag = createAbortFlag();
  const tasks = (B + 1) * K.length;
  const outputs = await runTasks(
    links,
    (job) => ({ kind: 'load-tune-k', job, X: shared, options: { ...rest, seed, restarts: R, kValues: K }, abortFlag }),
    tasks,
    abortFlag,
    {
      signal,
      onTaskDone: (task, finished) =>
        onProgress?.({ stage: 'tuning', fraction: finished / tasks, k: K[task % K.length]!, permutation: Math.floor(task / K.length), permutations: B }),
    },
  );
  const point = (task: number) => expect(outputs[task]!, 'k-point');
  const observedLogW = K.map((_, t) => point(t).logW);
  const silhouettes = K.map((_, t) => point(t).silhouette);
  const permutedLogW = K.map((_, t) => Float64Array.from({ length: B }, (_v, b) => point((b + 1) * K.length + t).logW));
  const curve = assembleKCurve(K, observedLogW, permutedLogW, silhouettes);
  const { chosenK, rules } = chooseK(curve, rule ?? DEFAULT_K_RULE);
  // Bit for bit tuneClusters' fit: fresh seeds at the chosen k, all restarts.
  const fit = await fitWith(links, shared, { ...rest, seed, k: chosenK, restarts: fullRestarts, ...(signal ? { signal } : {}) });
  onProgress?.({ stage: 'done', fraction: 1, permutations: B });
  return { curve, chosenK, kRules: rules, permutations: B, fit };
}

/**
 * alternateKS on workers: the same search (core/engine/k-tuning.ts `alternation`), its s steps by tuneWith and its
 * k steps by tuneKWith; the same steps and fit as alternateKS for any number of workers.
 */
export async function alternateWith(links: readonly WorkerLink[], X: Matrix, options: AlternateOptions): Promise<AlternateResult> {
  const search = alternation(X, options);
  let next = search.next();
  while (!next.done) next = search.next(next.value.tune === 's' ? await tuneWith(links, X, next.value.options) : await tuneKWith(links, X, next.value.options));
  return next.value;
}
