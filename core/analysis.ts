/**
 * The analysis step shared by every host (CLI, Electron compute process, Web Worker): mapped data + settings
 * → fit (or gap-statistic tuning then the fit at the chosen s) + agreement metrics with a known class column.
 * Pure and platform-free; the numerics are the engine's (core/engine), this module only wires them.
 *
 * Choice of s when tuning: `chosenS` is the arg-max of Gap(s) (TuneResult.bestS), and the returned fit is
 * the engine's fit at that s. The one-standard-error choice (`tune.oneSeS`) is reported beside it.
 *
 * Two entry points share the validation (planAnalysis) and the metrics (finishAnalysis): runAnalysis runs the
 * engine in the calling thread; runAnalysisAsync runs it on any AnalysisEngine, e.g. a worker pool.
 * @example
 *   const { fit, metrics, chosenS } = runAnalysis(mapped, settingsFromOptions({ k: 8, s: 24 }), { classColumn: 'class' });
 *   // fit.labels: 0-based clusters; metrics.ari, metrics.mixedNodes …; chosenS === 24
 */
import { SkfrError } from './errors.js';
import {
  adjustedRandIndex,
  contingency,
  fit as fitSkfr,
  mixedNodes,
  normalizedMutualInfo,
  tuneSparsity,
} from './engine/index.js';
import type { AbortSignalLike, FitOptions, FitResult, Matrix, Progress, TuneOptions, TuneResult } from './engine/types.js';
import type { FitSettings, Metrics } from './jobs/types.js';
import type { MappedData } from './table/types.js';

/** Defaults of every setting a user may leave out (k and s/tune have none). */
export const DEFAULT_SETTINGS = {
  variant: 'global',
  loss: 'squared',
  restarts: 20,
  seed: 1,
  maxIterations: 100,
  standardize: true,
} as const satisfies Omit<FitSettings, 'k' | 's' | 'tune'>;

/** Permuted data sets B for the gap statistic when not given. */
export const DEFAULT_PERMUTATIONS = 10;

export type SettingsInput = Partial<Omit<FitSettings, 'k'>> & { k: number };

/** Merge user settings with the defaults, in one place. Tune step defaults to 1 and permutations to 10. */
export function settingsFromOptions(input: SettingsInput): FitSettings {
  const settings: FitSettings = {
    k: input.k,
    variant: input.variant ?? DEFAULT_SETTINGS.variant,
    loss: input.loss ?? DEFAULT_SETTINGS.loss,
    restarts: input.restarts ?? DEFAULT_SETTINGS.restarts,
    seed: input.seed ?? DEFAULT_SETTINGS.seed,
    maxIterations: input.maxIterations ?? DEFAULT_SETTINGS.maxIterations,
    standardize: input.standardize ?? DEFAULT_SETTINGS.standardize,
  };
  if (input.s !== undefined) settings.s = input.s;
  if (input.tune !== undefined) {
    settings.tune = {
      from: input.tune.from,
      to: input.tune.to,
      step: input.tune.step ?? 1,
      permutations: input.tune.permutations ?? DEFAULT_PERMUTATIONS,
    };
  }
  return settings;
}

function isWhole(value: number): boolean {
  return Number.isSafeInteger(value);
}

/**
 * The candidate sparsity levels of a tune range: from, from+step, … up to and including `to` when reached.
 * Validated against p: 1 ≤ from ≤ to ≤ p, step ≥ 1.
 * @example sparsityGrid({ from: 5, to: 30, step: 5 }, 77) // [5, 10, 15, 20, 25, 30]
 */
export function sparsityGrid(tune: { from: number; to: number; step?: number }, p: number): number[] {
  const step = tune.step ?? 1;
  const range = `${tune.from}..${tune.to}`;
  if (!isWhole(tune.from) || !isWhole(tune.to) || tune.from < 1 || tune.to > p) {
    throw new SkfrError('invalid-s', `The sparsity range ${range} is not possible: s must be a whole number between 1 and the number of features (${p}).`);
  }
  if (tune.from > tune.to) {
    throw new SkfrError('invalid-s', `The sparsity range ${range} is empty: its start (${tune.from}) must not exceed its end (${tune.to}).`);
  }
  if (!isWhole(step) || step < 1) {
    throw new SkfrError('invalid-s', `The sparsity step ${step} is not possible: it must be a whole number of at least 1.`);
  }
  const values: number[] = [];
  for (let s = tune.from; s <= tune.to; s += step) values.push(s);
  return values;
}

/** Natural order for class names: "2" before "10", then plain text order. */
function compareClassNames(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true }) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Agreement between 0-based cluster labels and a known class annotation (strings; null = unknown class,
 * such samples are left out of every figure). ARI, NMI (arithmetic-mean normalisation 2I/(H(U)+H(V))),
 * mixed nodes (clusters holding more than one known class, and the samples in them; Higuera et al.) and
 * the clusters × classes contingency table (clusters 1-based, classes in natural order).
 */
export function computeMetrics(labels: Int32Array, classes: readonly (string | null)[], classColumn: string): Metrics {
  if (classes.length !== labels.length) {
    throw new SkfrError('invalid-request', `The class column “${classColumn}” has ${classes.length} values for ${labels.length} samples.`);
  }
  const names = [...new Set(classes.filter((c): c is string => c !== null))].sort(compareClassNames);
  if (names.length === 0) {
    throw new SkfrError('invalid-option', `The class column “${classColumn}” has no values in the samples analysed, so no metrics can be computed.`);
  }
  const codeOf = new Map(names.map((name, i) => [name, i]));
  const known: number[] = [];
  for (let i = 0; i < classes.length; i++) if (classes[i] !== null) known.push(i);
  const clusterKnown = new Int32Array(known.length);
  const classKnown = new Int32Array(known.length);
  known.forEach((row, j) => {
    clusterKnown[j] = labels[row]!;
    classKnown[j] = codeOf.get(classes[row]!)!;
  });
  const table = contingency(clusterKnown, classKnown);
  const mixed = mixedNodes(clusterKnown, classKnown);
  const counts: number[][] = [];
  for (let r = 0; r < table.rowLabels.length; r++) {
    counts.push(Array.from(table.counts.subarray(r * table.colLabels.length, (r + 1) * table.colLabels.length)));
  }
  return {
    classColumn,
    ari: adjustedRandIndex(clusterKnown, classKnown),
    nmi: normalizedMutualInfo(clusterKnown, classKnown),
    mixedNodes: mixed.mixedNodes,
    totalInMixedNodes: mixed.totalInMixedNodes,
    contingency: {
      clusters: table.rowLabels.map((label) => label + 1),
      classes: table.colLabels.map((code) => names[code]!),
      counts,
    },
  };
}

export interface AnalysisOptions {
  /** Annotation column holding known classes; metrics are computed when given. */
  classColumn?: string | null;
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignalLike;
  /**
   * Default false. true = the caller hands `mapped.matrix` over and never reads it again: a fit (not a
   * tuning, whose permutations need the raw matrix) standardises it in place instead of copying it
   * (FitOptions.reuseInput). Results are identical; the metrics need only the labels and annotations.
   */
  reuseInput?: boolean;
}

/**
 * The numerics an analysis runs on: the engine's fit() and tuneSparsity(), or any drop-in with the same
 * answers — e.g. a worker pool (cli/parallel/pool.ts), whose methods return promises.
 */
export interface AnalysisEngine {
  fit(X: Matrix, options: FitOptions): Promise<FitResult> | FitResult;
  tune(X: Matrix, options: TuneOptions): Promise<TuneResult> | TuneResult;
}

/** The engine in the calling thread (synchronous). */
export const SYNC_ENGINE = { fit: fitSkfr, tune: tuneSparsity } as const satisfies AnalysisEngine;

export interface AsyncAnalysisOptions extends AnalysisOptions {
  /** Where fits and tunings run (default SYNC_ENGINE). */
  engine?: AnalysisEngine;
}

export interface AnalysisResult {
  fit: FitResult;
  /** The gap curve when the settings asked for tuning, else null. */
  tune: TuneResult | null;
  metrics: Metrics | null;
  /** The s of `fit`: settings.s, or the arg-max of Gap(s) when tuned. */
  chosenS: number;
}

/** A validated analysis, before any numerics: the one engine call to make, and what the metrics need. */
type AnalysisPlan =
  | { kind: 'fit'; X: Matrix; options: FitOptions; classColumn: string | null; classes: (string | null)[] | null }
  | { kind: 'tune'; X: Matrix; options: TuneOptions; classColumn: string | null; classes: (string | null)[] | null };

/** The cell of largest magnitude among the finite cells of columns `only` (all when null), or null if none. */
function largestCell(mapped: MappedData, only: number | null = null): { i: number; l: number; value: number } | null {
  const { rows: n, cols: p, data } = mapped.matrix;
  let best: { i: number; l: number; value: number } | null = null;
  let largest = -1;
  for (let i = 0; i < n; i++) {
    for (let l = only ?? 0, end = only === null ? p : only + 1; l < end; l++) {
      const x = data[i * p + l]!;
      const a = Math.abs(x);
      if (a > largest && a !== Infinity) {
        largest = a;
        best = { i, l, value: x };
      }
    }
  }
  return best;
}

/** "sample “S3” (data row 3), column “F2”": where a cell of the mapped data is, in the user's terms. */
function cellName(mapped: MappedData, i: number, l: number): string {
  const row = mapped.rowIndices[i];
  return `sample “${mapped.sampleIds[i] ?? String(i + 1)}”${row !== undefined ? ` (data row ${row + 1})` : ''}, column “${mapped.featureNames[l] ?? `feature ${l + 1}`}”`;
}

/**
 * Without standardisation the engine works on squared raw values: Σ over n·p cells of (x − θ)² must stay a
 * finite number, which holds when every |x| < √(MAX / (4·n·p)) (~1e150 for a thousand samples × a hundred
 * features). A larger value would end in infinite objectives and NaN scores: refused here, naming the cell.
 */
function checkRawMagnitudes(mapped: MappedData, settings: FitSettings): void {
  if (settings.standardize) return;
  const { rows: n, cols: p } = mapped.matrix;
  const limit = Math.sqrt(Number.MAX_VALUE / (4 * Math.max(1, n * p)));
  const cell = largestCell(mapped);
  if (cell === null || Math.abs(cell.value) < limit) return;
  throw new SkfrError(
    'invalid-option',
    `The value ${cell.value} (${cellName(mapped, cell.i, cell.l)}) is too large to cluster without standardisation, because its squared ` +
      `distances overflow (values up to ${Number(limit.toPrecision(2))} fit); turn standardisation on, or rescale that column.`,
  );
}

/**
 * NaN (or an infinite number) never reaches a result: should the numerics still overflow (values near the
 * largest float64, ~1e308), the analysis is refused, naming the column and, when the raw data is at hand,
 * its largest cell.
 */
function checkFiniteResult(mapped: MappedData, settings: FitSettings, reusedInput: boolean, result: AnalysisResult): void {
  // (The gap curve is left alone: log O = −∞ at an s that separates nothing is a legitimate answer there, and
  // an overflow shows in the fit at the chosen s, which runs on the same data.)
  const { fit } = result;
  const p = fit.p;
  let column: number | null = null;
  let bad = !Number.isFinite(fit.objective) || !Number.isFinite(fit.totalSS) || !Number.isFinite(fit.betweenSS);
  const vectors: [ArrayLike<number>, number][] = [[fit.featureScores, p], [fit.originalMeans, p], [fit.centers, p], [fit.distances, 0]];
  if (fit.clusterFeatureScores) vectors.push([fit.clusterFeatureScores, p]);
  for (const [values, width] of vectors) {
    for (let t = 0; t < values.length; t++) {
      if (Number.isFinite(values[t]!)) continue;
      bad = true;
      if (width > 0 && column === null) column = t % width;
    }
  }
  if (!bad) return;
  const raw = !settings.standardize || !reusedInput;
  const cell = raw ? largestCell(mapped, column) : null;
  const where =
    cell !== null ? `its largest value, ${cell.value} (${cellName(mapped, cell.i, cell.l)})` : column !== null ? `column “${mapped.featureNames[column] ?? column + 1}”` : 'its largest values';
  throw new SkfrError(
    'invalid-option',
    `This analysis overflows the range of numbers (results would not be numbers): ${where} is too large; rescale that column or leave it out.`,
  );
}

/** Validate the request (class column, s xor tune, the tune range) and build the engine call. */
function planAnalysis(mapped: MappedData, settings: FitSettings, options: AnalysisOptions): AnalysisPlan {
  const X = mapped.matrix;
  const classColumn = options.classColumn ?? null;
  let classes: (string | null)[] | null = null;
  if (classColumn !== null) {
    classes = mapped.annotations[classColumn] ?? null;
    if (classes === null) {
      const kept = Object.keys(mapped.annotations);
      throw new SkfrError(
        'unknown-column',
        `The class column “${classColumn}” is not among the annotation columns${kept.length > 0 ? ` (${kept.join(', ')})` : ''}.`,
      );
    }
    if (classes.every((c) => c === null)) {
      throw new SkfrError('invalid-option', `The class column “${classColumn}” has no values in the samples analysed, so no metrics can be computed.`);
    }
  }
  if ((settings.s === undefined) === (settings.tune === undefined)) {
    throw new SkfrError('invalid-s', 'Give either a sparsity s or a range of s to tune, not both and not neither.');
  }
  checkRawMagnitudes(mapped, settings);
  const common = {
    k: settings.k,
    variant: settings.variant,
    loss: settings.loss,
    restarts: settings.restarts,
    seed: settings.seed,
    maxIterations: settings.maxIterations,
    standardize: settings.standardize,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  if (settings.tune !== undefined) {
    const permutations = settings.tune.permutations ?? DEFAULT_PERMUTATIONS;
    if (!isWhole(permutations) || permutations < 1) {
      throw new SkfrError('invalid-option', `permutations = ${permutations} is not possible: it must be a whole number of at least 1.`);
    }
    const sValues = sparsityGrid(settings.tune, X.cols);
    return { kind: 'tune', X, options: { ...common, sValues, permutations }, classColumn, classes };
  }
  const reuse = options.reuseInput === true ? { reuseInput: true } : {};
  return { kind: 'fit', X, options: { ...common, ...reuse, s: settings.s! }, classColumn, classes };
}

/**
 * The result of a plan from the engine's answer: the fit (at the chosen s when tuned) and the metrics;
 * refused if any figure is not a finite number (checkFiniteResult).
 */
function finishAnalysis(plan: AnalysisPlan, answer: FitResult | TuneResult, mapped: MappedData, settings: FitSettings): AnalysisResult {
  const tune = plan.kind === 'tune' ? (answer as TuneResult) : null;
  const fit = tune !== null ? tune.fit : (answer as FitResult);
  const chosenS = tune !== null ? tune.bestS : (plan.options as FitOptions).s;
  const metrics = plan.classColumn !== null && plan.classes !== null ? computeMetrics(fit.labels, plan.classes, plan.classColumn) : null;
  const result = { fit, tune, metrics, chosenS };
  checkFiniteResult(mapped, settings, plan.kind === 'fit' && plan.options.reuseInput === true, result);
  return result;
}

/** Run one analysis in this thread: exactly one of `settings.s` and `settings.tune` must be given. */
export function runAnalysis(mapped: MappedData, settings: FitSettings, options: AnalysisOptions = {}): AnalysisResult {
  const plan = planAnalysis(mapped, settings, options);
  return finishAnalysis(plan, plan.kind === 'tune' ? tuneSparsity(plan.X, plan.options) : fitSkfr(plan.X, plan.options), mapped, settings);
}

/**
 * runAnalysis on any engine (e.g. a worker pool): same validation, same engine calls, same result for the
 * same seed. User mistakes reject the promise with the same SkfrError runAnalysis throws.
 * @example
 *   const pool = createWorkerPool({ workers: 2 });
 *   const { fit } = await runAnalysisAsync(mapped, settings, { classColumn: 'class', engine: pool });
 */
export async function runAnalysisAsync(mapped: MappedData, settings: FitSettings, options: AsyncAnalysisOptions = {}): Promise<AnalysisResult> {
  const plan = planAnalysis(mapped, settings, options);
  const engine = options.engine ?? SYNC_ENGINE;
  const answer = plan.kind === 'tune' ? await engine.tune(plan.X, plan.options) : await engine.fit(plan.X, plan.options);
  return finishAnalysis(plan, answer, mapped, settings);
}
