/**
 * The analysis step shared by every host (CLI, Electron compute process, Web Worker): mapped data + settings
 * → fit (or gap-statistic tuning then the fit at the chosen s) + agreement metrics with a known class column.
 * Pure and platform-free; the numerics are the engine's (core/engine), this module only wires them.
 *
 * Choice of s when tuning: `chosenS` is the s of the default rule (DEFAULT_S_RULE 'knee-se': Tibshirani et al.'s
 * one-SE rule per unit of s, searched from the knee of the Gap curve on; chosen by measurement — bench/RESULTS.md),
 * or of `options.sRule`; `sRules` holds every
 * rule's choice with the default marked and `sFlags` the warnings (s at the end of the range, no clear maximum).
 * `tune.bestS` is the arg-max of Gap(s) and `tune.oneSeS` the within-one-sd-of-the-maximum rule, as before.
 * The range: every s of settings.tune (from..to by step) when that is at most FULL_GRID_MAX values or a step
 * above 1 was given; a wider range with step 1 is searched on defaultSparsityGrid(p, from, to) (~30 values
 * evenly on a log scale) and then finely near the chosen s (TuneOptions.refine).
 * Optional: `options.tuneK` chooses k by the gap statistic over k at the chosen s (with tuning of s, by the
 * alternating search: s at k, then k at that s, until k stays), giving `kCurve` and `ksSteps`;
 * `options.stability` adds `stability` (B subsample fits of the final settings, on the engine's workers when it
 * has `stability`). The k search runs on the engine's `tuneK` / `alternate` when it has them (the worker pools),
 * else in the calling thread.
 *
 * Two entry points share the validation (planAnalysis) and the metrics (finishAnalysis): runAnalysis runs the
 * engine in the calling thread; runAnalysisAsync runs it on any AnalysisEngine, e.g. a worker pool.
 * @example
 *   const { fit, metrics, chosenS } = runAnalysis(mapped, settingsFromOptions({ k: 8, s: 24 }), { classColumn: 'class' });
 *   // fit.labels: 0-based clusters; metrics.ari, metrics.mixedNodes …; chosenS === 24
 */
import { SkfrError } from './errors.js';
import { checkInt, inRange, maxWords, OPTION_SPECS as SPECS } from './engine/option-specs.js';
import {
  adjustedRandIndex,
  alternateKS,
  contingency,
  defaultSparsityGrid,
  fit as fitSkfr,
  mixedNodes,
  normalizedMutualInfo,
  stabilitySelection,
  tuneClusters,
  tuneSparsity,
  type AlternateOptions,
  type AlternateResult,
} from './engine/index.js';
import type {
  AbortSignalLike,
  FitOptions,
  FitResult,
  KPoint,
  KRule,
  KRuleChoice,
  KSStep,
  KTuneOptions,
  KTuneResult,
  Loss,
  Matrix,
  Progress,
  Scale,
  SFlags,
  SRule,
  SRuleChoice,
  StabilityOptions,
  StabilityResult,
  TuneOptions,
  TuneResult,
  Variant,
} from './engine/types.js';
import type { MappedData } from './table/types.js';

/**
 * Engine options as a user sets them. Exactly one of `s` and `tune` is given.
 * Issue 13: `sRule` (with `tune`) names the rule whose s is fitted (default 'knee-se'; every rule's choice is
 * reported in FitView.sRules); `tuneK` chooses k by the gap statistic over from..to (with `tune`: the alternating
 * k / s search, `k` then being the k it starts from); `stability` adds B subsample fits of the final settings.
 * @example { k: 8, tune: { from: 1, to: 77 }, sRule: 'argmax', stability: { subsamples: 50 }, … }
 */
export interface FitSettings {
  k: number;
  s?: number;
  tune?: { from: number; to: number; step?: number; permutations?: number };
  /** The rule whose s is fitted when s is tuned (default 'knee-se'); ignored without `tune`. */
  sRule?: SRule;
  /** Choose k over from..to (2 ≤ from ≤ to ≤ n, checked by the engine); B permutations (default: tune's, else 10). */
  tuneK?: { from: number; to: number; permutations?: number };
  /** The stability of the final fit: B subsample fits of 80 % of the samples (2 ≤ B ≤ 1000). */
  stability?: { subsamples: number };
  variant: Variant;
  loss: Loss;
  restarts: number;
  seed: number;
  maxIterations: number;
}

export interface Metrics {
  classColumn: string;
  ari: number;
  /** Normalized mutual information, arithmetic-mean normalisation: 2·I / (H(U) + H(V)). */
  nmi: number;
  mixedNodes: number;
  totalInMixedNodes: number;
  contingency: { clusters: number[]; classes: string[]; counts: number[][] };
}

/** Defaults of every setting a user may leave out (k and s/tune have none). */
export const DEFAULT_SETTINGS = {
  variant: SPECS.variant.default,
  loss: SPECS.loss.default,
  restarts: SPECS.restarts.default,
  seed: SPECS.seed.default,
  maxIterations: SPECS.maxIterations.default,
} as const satisfies Omit<FitSettings, 'k' | 's' | 'tune'>;

/** Permuted data sets B for the gap statistic when not given. */
export const DEFAULT_PERMUTATIONS = SPECS.permutations.default;

export type SettingsInput = Partial<Omit<FitSettings, 'k'>> & { k: number };

/**
 * Merge user settings with the defaults, in one place. Tune step defaults to 1 and permutations to 10.
 * sRule, tuneK and stability are kept when given (and left out otherwise: their defaults are the analysis').
 */
export function settingsFromOptions(input: SettingsInput): FitSettings {
  const settings: FitSettings = {
    k: input.k,
    variant: input.variant ?? DEFAULT_SETTINGS.variant,
    loss: input.loss ?? DEFAULT_SETTINGS.loss,
    restarts: input.restarts ?? DEFAULT_SETTINGS.restarts,
    seed: input.seed ?? DEFAULT_SETTINGS.seed,
    maxIterations: input.maxIterations ?? DEFAULT_SETTINGS.maxIterations,
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
  // Issue 13: carried only when given, so a request (and its reproduce command) says what the user chose.
  if (input.sRule !== undefined) settings.sRule = input.sRule;
  if (input.tuneK !== undefined) {
    settings.tuneK = { from: input.tuneK.from, to: input.tuneK.to, ...(input.tuneK.permutations !== undefined ? { permutations: input.tuneK.permutations } : {}) };
  }
  if (input.stability !== undefined) settings.stability = { subsamples: input.stability.subsamples };
  return settings;
}

/**
 * The candidate sparsity levels of a tune range: from, from+step, … up to and including `to` when reached.
 * Validated against p (OPTION_SPECS.sRange, sStep): 1 ≤ from ≤ to ≤ p, 1 ≤ step ≤ max(1, to − from).
 * @example sparsityGrid({ from: 5, to: 30, step: 5 }, 77) // [5, 10, 15, 20, 25, 30]
 */
export function sparsityGrid(tune: { from: number; to: number; step?: number }, p: number): number[] {
  const step = tune.step ?? SPECS.sStep.default;
  const range = `${tune.from}..${tune.to}`;
  if (!inRange(SPECS.sRange, tune.from, { p }) || !inRange(SPECS.sRange, tune.to, { p })) {
    throw new SkfrError('invalid-s', `The sparsity range ${range} is not possible: s must be a whole number between ${SPECS.sRange.min} and ${maxWords(SPECS.sRange, { p })}.`);
  }
  if (tune.from > tune.to) {
    throw new SkfrError('invalid-s', `The sparsity range ${range} is empty: its start (${tune.from}) must not exceed its end (${tune.to}).`);
  }
  const width = { width: tune.to - tune.from };
  if (!inRange(SPECS.sStep, step, width)) {
    throw new SkfrError('invalid-s', `The sparsity step ${step} is not possible: it must be a whole number between ${SPECS.sStep.min} and ${maxWords(SPECS.sStep, width)}.`);
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
export function computeMetrics(labels: FitResult['labels'], classes: readonly (string | null)[], classColumn: string): Metrics {
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

/** A tune range with step 1 wider than this is searched on a stepped grid plus a fine pass (defaultSparsityGrid). */
export const FULL_GRID_MAX = 100;

/**
 * sRule, tuneK and stability may come from here or from the settings (FitSettings.sRule / tuneK / stability,
 * how a FitRequest carries them); the option wins when both are given.
 */
export interface AnalysisOptions {
  /** Annotation column holding known classes; metrics are computed when given. */
  classColumn?: string | null;
  /** The rule whose s is fitted when tuning (default DEFAULT_S_RULE); every rule's choice is in `sRules`. */
  sRule?: SRule;
  /**
   * Choose k too, over from..to by the gap statistic at the current s (tuneClusters); with settings.tune, by
   * the alternating search (alternateKS). settings.k is the starting k.
   */
  tuneK?: { from: number; to: number; permutations?: number; rule?: KRule };
  /** Add the stability of the final fit: B subsample fits (default 50) of 80 % of the samples. */
  stability?: { subsamples?: number; fraction?: number };
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
 * answers — e.g. a worker pool (node/parallel/pool.ts), whose methods return promises.
 */
export interface AnalysisEngine {
  fit(X: Matrix, options: FitOptions): Promise<FitResult> | FitResult;
  tune(X: Matrix, options: TuneOptions): Promise<TuneResult> | TuneResult;
  /**
   * Optional: stabilitySelection's answer, e.g. on workers (core/parallel stabilityWith). Without it the
   * subsample fits run in the calling thread. `full` is the fit on all samples with the same options.
   */
  stability?(X: Matrix, options: StabilityOptions, full: FitResult): Promise<StabilityResult> | StabilityResult;
  /** Optional: tuneClusters' answer (core/parallel tuneKWith). Without it the tuning of k runs in the calling thread. */
  tuneK?(X: Matrix, options: KTuneOptions): Promise<KTuneResult> | KTuneResult;
  /** Optional: alternateKS' answer (core/parallel alternateWith). Without it the k / s search runs in the calling thread. */
  alternate?(X: Matrix, options: AlternateOptions): Promise<AlternateResult> | AlternateResult;
}

/** The engine in the calling thread (synchronous). */
export const SYNC_ENGINE = {
  fit: fitSkfr,
  tune: tuneSparsity,
  stability: stabilitySelection,
  tuneK: tuneClusters,
  alternate: alternateKS,
} as const satisfies AnalysisEngine;

export interface AsyncAnalysisOptions extends AnalysisOptions {
  /** Where fits and tunings run (default SYNC_ENGINE). */
  engine?: AnalysisEngine;
}

export interface AnalysisResult {
  fit: FitResult;
  /** The gap curve when the settings asked for tuning, else null (with tuneK and tuning: the last s step's). */
  tune: TuneResult | null;
  metrics: Metrics | null;
  /** The s of `fit`: settings.s, or the default rule's s (sRules) when tuned. */
  chosenS: number;
  /** When tuned: every rule's s, the fitted one marked `default`; else null. */
  sRules: SRuleChoice[] | null;
  /** When tuned: the warnings about the chosen s (at the end of the range, no clear maximum); else null. */
  sFlags: SFlags | null;
  /** The k of `fit`: settings.k, or the chosen k with tuneK. */
  chosenK: number;
  /** With tuneK: the Gap-over-k curve with silhouettes (at the final s) and every rule's k; else null. */
  kCurve: { curve: KPoint[]; kRules: KRuleChoice[]; permutations: number } | null;
  /** With tuneK and tuning of s: every step of the alternating search; else null. */
  ksSteps: KSStep[] | null;
  /** With options.stability: the stability of `fit`; else null. */
  stability: StabilityResult | null;
}

/** A validated analysis, before any numerics: the one engine call to make, and what the metrics need. */
type AnalysisPlan = (
  | { kind: 'fit'; X: Matrix; options: FitOptions }
  | { kind: 'tune'; X: Matrix; options: TuneOptions }
) & {
  classColumn: string | null;
  classes: (string | null)[] | null;
  /** k values to choose from (tuneK), else null. */
  kValues: number[] | null;
  kPermutations: number | undefined;
  kRule: KRule | undefined;
  stability: { subsamples?: number; fraction?: number } | null;
};

/**
 * The s values of a tune range: every s from..to by step when explicit (step > 1) or at most FULL_GRID_MAX
 * values; otherwise defaultSparsityGrid(p, from, to) with the fine pass (refine: true).
 */
export function tuneGrid(tune: { from: number; to: number; step?: number }, p: number): { sValues: number[]; refine: boolean } {
  const values = sparsityGrid(tune, p);
  if ((tune.step ?? 1) > 1 || values.length <= FULL_GRID_MAX) return { sValues: values, refine: false };
  return { sValues: defaultSparsityGrid(p, tune.from, tune.to), refine: true };
}

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
  const row = mapped.rowIndices === null ? (i < mapped.matrix.rows ? i : undefined) : mapped.rowIndices[i];
  return `sample “${mapped.sampleIds[i] ?? String(i + 1)}”${row !== undefined ? ` (data row ${row + 1})` : ''}, column “${mapped.featureNames[l] ?? `feature ${l + 1}`}”`;
}

/** How the fit scales the centred features: the recipe's scale step, recorded by prepare (MappedData.scale). */
export function fitScale(mapped: MappedData): Scale {
  return mapped.scale ?? 'unit-variance';
}

/**
 * Centred only (scale 'none') or Pareto-scaled, the engine works on squared values in their own units: Σ over n·p cells of
 * (x − θ)² must stay a finite number, which holds when every |x| < √(MAX / (4·n·p)) (~1e150 for a thousand
 * samples × a hundred features). A larger value would end in infinite objectives and NaN scores: refused here,
 * naming the cell.
 */
function checkRawMagnitudes(mapped: MappedData): void {
  if (fitScale(mapped) === 'unit-variance') return;
  const { rows: n, cols: p } = mapped.matrix;
  const limit = Math.sqrt(Number.MAX_VALUE / (4 * Math.max(1, n * p)));
  const cell = largestCell(mapped);
  if (cell === null || Math.abs(cell.value) < limit) return;
  throw new SkfrError(
    'invalid-option',
    `The value ${cell.value} (${cellName(mapped, cell.i, cell.l)}) is too large to cluster without scaling to unit variance, because its squared ` +
      `distances overflow (values up to ${Number(limit.toPrecision(2))} fit); scale to unit variance (--scale unit-variance), or rescale that column.`,
  );
}

/**
 * NaN (or an infinite number) never reaches a result: should the numerics still overflow (values near the
 * largest float64, ~1e308), the analysis is refused, naming the column and, when the raw data is at hand,
 * its largest cell.
 */
function checkFiniteResult(mapped: MappedData, reusedInput: boolean, result: AnalysisResult): void {
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
  const raw = !reusedInput;
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
  checkRawMagnitudes(mapped);
  const common = {
    k: settings.k,
    variant: settings.variant,
    loss: settings.loss,
    restarts: settings.restarts,
    seed: settings.seed,
    maxIterations: settings.maxIterations,
    scale: fitScale(mapped),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const tuneK = options.tuneK ?? settings.tuneK;
  const sRule = options.sRule ?? settings.sRule;
  const stability = options.stability ?? settings.stability ?? null;
  let kValues: number[] | null = null;
  if (tuneK !== undefined) {
    const { from, to } = tuneK;
    const n = { n: X.rows };
    if (!inRange(SPECS.kRange, from, n) || !inRange(SPECS.kRange, to, n) || from > to) {
      throw new SkfrError(
        'invalid-k',
        `The range of k ${from}..${to} is not possible: k must be a whole number between ${SPECS.kRange.min} and ${maxWords(SPECS.kRange, n)}, the start not above the end.`,
      );
    }
    kValues = Array.from({ length: to - from + 1 }, (_, t) => from + t);
  }
  const extra = {
    classColumn,
    classes,
    kValues,
    kPermutations: tuneK?.permutations ?? settings.tune?.permutations,
    kRule: options.tuneK?.rule,
    stability,
  };
  if (settings.tune !== undefined) {
    const permutations = checkInt('permutations', SPECS.permutations, settings.tune.permutations ?? DEFAULT_PERMUTATIONS);
    const grid = tuneGrid(settings.tune, X.cols);
    const rule = sRule !== undefined ? { rule: sRule } : {};
    return { kind: 'tune', X, options: { ...common, ...grid, ...rule, permutations }, ...extra };
  }
  // The raw matrix is read again by k tuning and stability: hand it over only when nothing else needs it.
  const reuse = options.reuseInput === true && kValues === null && extra.stability === null ? { reuseInput: true } : {};
  return { kind: 'fit', X, options: { ...common, ...reuse, s: settings.s! }, ...extra };
}

/** The k step of a plan with tuneK: tuneClusters at the fixed s, or the alternating search when s is tuned too. */
type KStep = { kind: 'k'; options: KTuneOptions } | { kind: 'ks'; options: AlternateOptions };

/** The engine call of a plan's k step (the same options in this thread and on any engine). */
function kStep(plan: AnalysisPlan, settings: FitSettings): KStep {
  const { sValues: _s, refine, rule, permutations: _p, s: _fixed, reuseInput: _r, k: _k, ...common } = plan.options as TuneOptions & FitOptions;
  const permutations = plan.kPermutations !== undefined ? { permutations: plan.kPermutations } : {};
  if (plan.kind === 'fit') {
    return { kind: 'k', options: { ...common, s: plan.options.s, kValues: plan.kValues!, ...permutations, ...(plan.kRule !== undefined ? { rule: plan.kRule } : {}) } };
  }
  return {
    kind: 'ks',
    options: {
      ...common,
      k: settings.k,
      kValues: plan.kValues!,
      ...(refine ? {} : { sValues: plan.options.sValues }),
      ...permutations,
      ...(rule !== undefined ? { sRule: rule } : {}),
      ...(plan.kRule !== undefined ? { kRule: plan.kRule } : {}),
    },
  };
}

/** The pieces of the result a k step replaces, from its answer. */
function kAnswer(plan: AnalysisPlan, answer: { kind: 'k'; result: KTuneResult } | { kind: 'ks'; result: AlternateResult }): Pick<AnalysisResult, 'fit' | 'tune' | 'chosenS' | 'chosenK' | 'kCurve' | 'ksSteps'> {
  if (answer.kind === 'k') {
    const tuned = answer.result;
    const s = (plan.options as FitOptions).s;
    return { fit: tuned.fit, tune: null, chosenS: s, chosenK: tuned.chosenK, kCurve: { curve: tuned.curve, kRules: tuned.kRules, permutations: tuned.permutations }, ksSteps: null };
  }
  const result = answer.result;
  const lastS = [...result.steps].reverse().find((step) => step.tuned === 's') as Extract<KSStep, { tuned: 's' }>;
  const lastK = result.steps[result.steps.length - 1] as Extract<KSStep, { tuned: 'k' }>;
  const sPick = lastS.sRules.find((choice) => choice.default)!;
  const tune: TuneResult = {
    curve: lastS.curve,
    bestS: lastS.sRules.find((choice) => choice.rule === 'argmax')!.s,
    oneSeS: lastS.sRules.find((choice) => choice.rule === 'within-sd-of-max')!.s,
    chosenS: sPick.s,
    sRules: lastS.sRules,
    flags: lastS.flags,
    permutations: (plan.options as TuneOptions).permutations ?? DEFAULT_PERMUTATIONS,
    fit: result.fit,
  };
  return { fit: result.fit, tune, chosenS: result.s, chosenK: result.k, kCurve: { curve: lastK.curve, kRules: lastK.kRules, permutations: tune.permutations }, ksSteps: result.steps };
}

/** A plan's k step in this thread. */
function chooseKInThread(plan: AnalysisPlan, settings: FitSettings): Pick<AnalysisResult, 'fit' | 'tune' | 'chosenS' | 'chosenK' | 'kCurve' | 'ksSteps'> {
  const step = kStep(plan, settings);
  return kAnswer(plan, step.kind === 'k' ? { kind: 'k', result: tuneClusters(plan.X, step.options) } : { kind: 'ks', result: alternateKS(plan.X, step.options) });
}

/** A plan's k step on an engine: on its tuneK / alternate when it has them (a worker pool), else in this thread. */
async function chooseKOn(engine: AnalysisEngine, plan: AnalysisPlan, settings: FitSettings): Promise<Pick<AnalysisResult, 'fit' | 'tune' | 'chosenS' | 'chosenK' | 'kCurve' | 'ksSteps'>> {
  const step = kStep(plan, settings);
  if (step.kind === 'k') return kAnswer(plan, { kind: 'k', result: engine.tuneK ? await engine.tuneK(plan.X, step.options) : tuneClusters(plan.X, step.options) });
  return kAnswer(plan, { kind: 'ks', result: engine.alternate ? await engine.alternate(plan.X, step.options) : alternateKS(plan.X, step.options) });
}

/** Options of the stability run of a plan's final fit. */
function stabilityOptions(plan: AnalysisPlan, fit: FitResult): StabilityOptions {
  const { sValues: _s, refine: _r, rule: _rule, permutations: _p, reuseInput: _reuse, onProgress, ...common } = plan.options as TuneOptions & FitOptions;
  return { ...common, k: fit.options.k, s: fit.options.s, ...plan.stability, ...(onProgress ? { onProgress } : {}) };
}

/**
 * The result of a plan from the engine's answer: the fit (at the chosen s when tuned) and the metrics;
 * refused if any figure is not a finite number (checkFiniteResult).
 */
function finishAnalysis(
  plan: AnalysisPlan,
  answer: FitResult | TuneResult | Pick<AnalysisResult, 'fit' | 'tune' | 'chosenS' | 'chosenK' | 'kCurve' | 'ksSteps'>,
  stability: StabilityResult | null,
  mapped: MappedData,
): AnalysisResult {
  let picked: Pick<AnalysisResult, 'fit' | 'tune' | 'chosenS' | 'chosenK' | 'kCurve' | 'ksSteps'>;
  if ('chosenK' in answer) picked = answer;
  else if (plan.kind === 'tune') {
    const tune = answer as TuneResult;
    picked = { fit: tune.fit, tune, chosenS: tune.chosenS, chosenK: tune.fit.options.k, kCurve: null, ksSteps: null };
  } else {
    const fit = answer as FitResult;
    picked = { fit, tune: null, chosenS: plan.options.s, chosenK: fit.options.k, kCurve: null, ksSteps: null };
  }
  const { fit, tune } = picked;
  const metrics = plan.classColumn !== null && plan.classes !== null ? computeMetrics(fit.labels, plan.classes, plan.classColumn) : null;
  const result: AnalysisResult = { ...picked, metrics, sRules: tune?.sRules ?? null, sFlags: tune?.flags ?? null, stability };
  checkFiniteResult(mapped, plan.kind === 'fit' && plan.options.reuseInput === true, result);
  return result;
}

/** Run one analysis in this thread: exactly one of `settings.s` and `settings.tune` must be given. */
export function runAnalysis(mapped: MappedData, settings: FitSettings, options: AnalysisOptions = {}): AnalysisResult {
  const plan = planAnalysis(mapped, settings, options);
  const answer =
    plan.kValues !== null ? chooseKInThread(plan, settings) : plan.kind === 'tune' ? tuneSparsity(plan.X, plan.options) : fitSkfr(plan.X, plan.options);
  const fit = 'fit' in answer && !('labels' in answer) ? answer.fit : (answer as FitResult);
  const stability = plan.stability !== null ? stabilitySelection(plan.X, stabilityOptions(plan, fit), fit) : null;
  return finishAnalysis(plan, answer, stability, mapped);
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
  const answer =
    plan.kValues !== null ? await chooseKOn(engine, plan, settings) : plan.kind === 'tune' ? await engine.tune(plan.X, plan.options) : await engine.fit(plan.X, plan.options);
  const fit = 'fit' in answer && !('labels' in answer) ? answer.fit : (answer as FitResult);
  let stability: StabilityResult | null = null;
  if (plan.stability !== null) {
    const opts = stabilityOptions(plan, fit);
    stability = engine.stability ? await engine.stability(plan.X, opts, fit) : stabilitySelection(plan.X, opts, fit);
  }
  return finishAnalysis(plan, answer, stability, mapped);
}
