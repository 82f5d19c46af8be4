/**
 * The FitView the renderer shows: one fit turned into plain, structured-clone friendly data
 * (1-based clusters, the ranked feature list with shares, a 2-D PCA projection on the selected features).
 */
import { pcaProjection, pcaProjectionAsync, standardize } from '../engine/index.js';
import type { AnalysisResult } from '../analysis.js';
import { MAX_HEATMAP_CELLS, MAX_HEATMAP_FEATURES, MAX_HEATMAP_SAMPLES, STANDARDISED_CLIP, evenSubsample, heatmapColumns, heatmapRowOrder } from '../charts/sample-heatmap.js';
import type { FitResult, Matrix, TuneResult } from '../engine/types.js';
import { rawQuantity, resultWarnings, type WarningInput } from '../report/warnings.js';
import { valueStats } from '../prepare/transform.js';
import type { FormatId, MappedData, Recipe } from '../table/types.js';
import { plainList } from '../table/lazy-list.js';
import type { FitSettings, FitView, Metrics, RankedFeature, SampleHeatmap } from './types.js';

/**
 * Features ranked best first by score (ties: lower index first), with share = score / Σ scores.
 * @example rankFeatures(Float64Array.of(1, 3, 1), ['a', 'b', 'c'], [1])
 *   // [{index:1,name:'b',score:3,share:0.6,selected:true}, {index:0,…,share:0.2}, {index:2,…}]
 */
export function rankFeatures(scores: Float64Array, names: readonly string[], selected: ArrayLike<number>): RankedFeature[] {
  const chosen = new Set(Array.from(selected));
  let total = 0;
  for (const s of scores) total += Number.isFinite(s) ? s : 0;
  const order = Array.from(scores.keys()).sort((a, b) => scores[b]! - scores[a]! || a - b);
  return order.map((index) => ({
    index,
    name: names[index]!,
    score: scores[index]!,
    share: total > 0 ? scores[index]! / total : 0,
    selected: chosen.has(index),
  }));
}

/**
 * PCA of the samples on the given features, in the fitted scale (scaled to unit variance when the fit was):
 * the n × m sub-matrix is taken first, so only the selected columns are copied.
 */
export function projectSamples(X: Matrix, features: readonly number[], standardized: boolean): FitView['projection'] {
  const steps = projectionInput(X, features, standardized);
  if (steps === null) return { x: new Float64Array(X.rows), y: new Float64Array(X.rows), explained: [0, 0] };
  return toXY(X.rows, steps.dims, pcaProjection(steps.matrix, steps.indices, steps.dims));
}

/**
 * projectSamples giving the event loop a turn every few ms (core/engine/projection.ts pcaProjectionAsync): a
 * cancel (`signal.aborted`) stops it with SkfrError('cancelled') within a fraction of a second.
 */
export async function projectSamplesAsync(X: Matrix, features: readonly number[], standardized: boolean, signal: { readonly aborted: boolean } | null): Promise<FitView['projection']> {
  const steps = projectionInput(X, features, standardized);
  if (steps === null) return { x: new Float64Array(X.rows), y: new Float64Array(X.rows), explained: [0, 0] };
  return toXY(X.rows, steps.dims, await pcaProjectionAsync(steps.matrix, steps.indices, steps.dims, { signal }));
}

function toXY(n: number, dims: number, { coords, explained }: { coords: Float64Array; explained: number[] }): FitView['projection'] {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = coords[i * dims]!;
    y[i] = dims > 1 ? coords[i * dims + 1]! : 0;
  }
  return { x, y, explained: [explained[0] ?? 0, explained[1] ?? 0] };
}

/** The n × m block of the features, in the fitted scale; null when there is nothing to project. */
function projectionInput(X: Matrix, features: readonly number[], standardized: boolean): { matrix: Matrix; indices: number[]; dims: number } | null {
  const n = X.rows;
  const m = features.length;
  if (m === 0 || n === 0) return null;
  const sub = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    const row = i * X.cols;
    for (let j = 0; j < m; j++) sub[i * m + j] = X.data[row + features[j]!]!;
  }
  let matrix: Matrix = { rows: n, cols: m, data: sub };
  if (standardized) matrix = standardize(matrix).matrix;
  return { matrix, indices: Array.from({ length: m }, (_, j) => j), dims: Math.min(2, m) };
}

/**
 * The cells of the samples × selected proteins heatmap: rows by cluster, then distance to the center (at most
 * MAX_HEATMAP_SAMPLES, and MAX_HEATMAP_CELLS cells, evenly subsampled beyond); columns the selected features in
 * ranking order (SKFR2: the union grouped by cluster; at most MAX_HEATMAP_FEATURES); values in the fitted scale
 * over all samples: standardised, clipped for colour at ±3, or (fits centred only or Pareto-scaled) minus the feature's mean,
 * clipped at 3 × their root mean square. Missing cells stay NaN.
 * @example sampleHeatmapOf(X, { clusters: [2, 1, 1, 2, 1, 2], distances, selected: [1, 0], selectedByCluster: null }, true)
 *   // rows [2, 4, 1, 3, 0, 5], columns [1, 0], values 6 × 2 (z-scores), clip 3
 */
export function sampleHeatmapOf(
  X: Matrix,
  fit: { clusters: ArrayLike<number>; distances: ArrayLike<number>; selected: readonly number[]; selectedByCluster: readonly ArrayLike<number>[] | null },
  standardized: boolean,
): SampleHeatmap {
  const n = X.rows;
  const columns = heatmapColumns(fit.selected, fit.selectedByCluster).slice(0, MAX_HEATMAP_FEATURES);
  const m = columns.length;
  const rows = evenSubsample(heatmapRowOrder(fit.clusters, fit.distances), Math.min(MAX_HEATMAP_SAMPLES, Math.floor(MAX_HEATMAP_CELLS / Math.max(1, m))));
  const sub = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    const row = i * X.cols;
    for (let j = 0; j < m; j++) sub[i * m + j] = X.data[row + columns[j]!]!;
  }
  const fitted = standardize({ rows: n, cols: m, data: sub });
  const values = new Float32Array(rows.length * m);
  let squares = 0;
  let observed = 0;
  rows.forEach((i, t) => {
    for (let j = 0; j < m; j++) {
      const v = standardized ? fitted.matrix.data[i * m + j]! : sub[i * m + j]! - fitted.means[j]!;
      values[t * m + j] = Number.isFinite(v) ? v : NaN;
      if (Number.isFinite(v)) {
        squares += v * v;
        observed++;
      }
    }
  });
  const rms = observed > 0 ? Math.sqrt(squares / observed) : 0;
  const clip = standardized ? STANDARDISED_CLIP : rms > 0 ? Number((3 * rms).toPrecision(2)) : 1;
  return { rows, columns, values, scale: standardized ? 'standardised' : 'centred', clip };
}

/**
 * What the result warnings read of the data whatever the fit (WarningInput.before): per feature the cells missing
 * or filled by an impute step, and valueStats of the values. Taken once per mapped table (issue 27: a slider's
 * fits share it; on 300 × 10 000 values it cost 70–350 ms a fit on a loaded machine), the same numbers as a scan.
 */
const warningBases = new WeakMap<MappedData, NonNullable<WarningInput['before']>>();
function warningBasis(mapped: MappedData): NonNullable<WarningInput['before']> {
  const known = warningBases.get(mapped);
  if (known) return known;
  const { rows: n, cols: p, data } = mapped.matrix;
  const imputed = mapped.imputed ?? null;
  const filledByFeature = new Int32Array(p);
  for (let i = 0; i < n; i++) {
    for (let l = 0, c = i * p; l < p; l++, c++) if (data[c] !== data[c] || (imputed !== null && imputed[c] === 1)) filledByFeature[l]!++;
  }
  const basis = { filledByFeature, stats: valueStats(data, p) };
  warningBases.set(mapped, basis);
  return basis;
}

export interface FitViewInput {
  fitId: string;
  datasetId: string;
  fileName: string;
  settings: FitSettings;
  fit: FitResult;
  tune: TuneResult | null;
  metrics: Metrics | null;
  mapped: MappedData;
  parseMs: number;
  fitMs: number;
  /** The preparation steps that ran after the mapping. */
  recipe: Recipe;
  /** The dataset's recognised format and the quantity kind the mapping read (null: none). */
  format: FormatId;
  quantity: string | null;
  /** The command that reproduces the run (core/report/command.ts). */
  command: string;
  /**
   * Issue 13, from the AnalysisResult (each null or absent when not computed): every rule's s, the warnings about
   * the chosen s, the Gap-over-k curve, the alternating k / s steps, the stability of the fit.
   */
  extras?: Partial<Pick<AnalysisResult, 'sRules' | 'sFlags' | 'kCurve' | 'ksSteps' | 'stability'>>;
  /** The projection, when computed already (projectSamplesAsync, cancellable); else computed here. */
  projection?: FitView['projection'] | null;
}

export function buildFitView(input: FitViewInput): FitView {
  const { fit, mapped, tune } = input;
  const clusters = new Int32Array(fit.n);
  for (let i = 0; i < fit.n; i++) clusters[i] = fit.labels[i]! + 1;
  const selected = Array.from(fit.selectedFeatures);
  return {
    fitId: input.fitId,
    datasetId: input.datasetId,
    fileName: input.fileName,
    settings: input.settings,
    n: fit.n,
    p: fit.p,
    k: fit.options.k,
    s: fit.options.s,
    sampleIds: plainList(mapped.sampleIds),
    clusters,
    clusterSizes: Array.from(fit.clusterSizes),
    featureNames: mapped.featureNames,
    ranking: rankFeatures(fit.featureScores, mapped.featureNames, selected),
    selected,
    selectedByCluster: fit.selectedFeaturesByCluster ? fit.selectedFeaturesByCluster.map((c) => Array.from(c)) : null,
    clusterScores: fit.clusterFeatureScores,
    bestRestart: fit.bestRestart,
    means: fit.means,
    originalMeans: fit.originalMeans,
    distances: fit.distances,
    objective: fit.objective,
    totalSS: fit.totalSS,
    betweenSS: fit.betweenSS,
    iterations: fit.iterations,
    converged: fit.converged,
    imputedCells: fit.imputedCells,
    zeroVarianceFeatures: fit.zeroVarianceFeatures.map((l) => mapped.featureNames[l]!),
    projection: input.projection ?? projectSamples(mapped.matrix, selected, fit.options.scale === 'unit-variance'),
    annotations: mapped.annotations,
    featureAnnotations: mapped.featureAnnotations ?? {},
    preparation: mapped.preparation ?? [],
    recipe: input.recipe,
    format: input.format,
    quantity: input.quantity,
    metrics: input.metrics,
    command: input.command,
    warnings: resultWarnings({
      clusterSizes: Array.from(fit.clusterSizes),
      selected,
      featureNames: mapped.featureNames,
      values: mapped.matrix.data,
      n: mapped.matrix.rows,
      p: mapped.matrix.cols,
      imputed: mapped.imputed ?? null,
      before: warningBasis(mapped),
      recipe: input.recipe,
      rawQuantity: rawQuantity(input.format, input.quantity),
      tune: input.settings.tune ? { from: input.settings.tune.from, to: input.settings.tune.to, chosen: fit.options.s } : null,
      labels: fit.labels,
      annotations: mapped.annotations,
      classColumn: input.metrics?.classColumn ?? null,
    }),
    gap: tune ? { curve: tune.curve, bestS: tune.bestS, oneSeS: tune.oneSeS, permutations: tune.permutations } : null,
    sRules: input.extras?.sRules ?? tune?.sRules ?? null,
    sFlags: input.extras?.sFlags ?? tune?.flags ?? null,
    kCurve: input.extras?.kCurve ?? null,
    ksSteps: input.extras?.ksSteps ?? null,
    stability: input.extras?.stability ?? null,
    heatmap: sampleHeatmapOf(mapped.matrix, { clusters, distances: fit.distances, selected, selectedByCluster: fit.selectedFeaturesByCluster }, fit.options.scale === 'unit-variance'),
    timings: { parseMs: input.parseMs, fitMs: input.fitMs },
  };
}
