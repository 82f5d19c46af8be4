/**
 * Report tables as rows of cells (header first), built from a fit and the mapped data. Hosts write them as
 * CSV or XLSX (core/table/write.ts); the report workbook puts them on its sheets.
 * Clusters are shown 1-based (1..k); centers are in the original units of the data (`fit.originalMeans`).
 */
import type { FitResult, TuneResult } from '../engine/types.js';
import type { Metrics } from '../jobs/types.js';
import type { Cell } from '../table/write.js';
import type { MappedData } from '../table/types.js';

export interface FeaturesRowsOptions {
  /** List every feature (ranked), not only the selected ones. Default false. */
  all?: boolean;
  /** The cells filled in for the fit (default: imputedCellsOf(mapped), valid while mapped.matrix is as prepared). */
  imputed?: ImputedCells;
}

/** At most this many imputed feature names are listed per sample in the samples export, then "…". */
export const IMPUTED_FEATURES_LIMIT = 50;

/**
 * The cells filled in for the fit: those missing before it (k-POD fills them inside the fit) and those an impute
 * step filled (MappedData.imputed), per sample and per feature; with `features`, each sample's imputed feature
 * indices in column order (at most IMPUTED_FEATURES_LIMIT + 1: one more means "and others").
 */
export interface ImputedCells {
  total: number;
  bySample: Int32Array;
  byFeature: Int32Array;
  featuresBySample: Int32Array[] | null;
}

/**
 * The imputed cells of mapped data as prepared: NaN cells of the matrix, or cells flagged by an impute step. Take
 * it before a fit that works on the matrix in place (reuseInput fills and standardises it).
 * Example: matrix [[1, NaN], [NaN, NaN]] → total 3, bySample [1, 2], byFeature [1, 2], features [[1], [0, 1]].
 */
export function imputedCellsOf(mapped: MappedData, options: { features?: boolean } = {}): ImputedCells {
  const { rows: n, cols: p, data: x } = mapped.matrix;
  const flags = mapped.imputed ?? null;
  const bySample = new Int32Array(n);
  const byFeature = new Int32Array(p);
  const featuresBySample: Int32Array[] | null = options.features ? [] : null;
  const list = new Int32Array(IMPUTED_FEATURES_LIMIT + 1);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const row = i * p;
    let count = 0;
    for (let l = 0; l < p; l++) {
      const c = row + l;
      if (x[c] !== x[c] || (flags !== null && flags[c] === 1)) {
        if (count <= IMPUTED_FEATURES_LIMIT) list[count] = l;
        count++;
        byFeature[l]!++;
      }
    }
    bySample[i] = count;
    total += count;
    featuresBySample?.push(list.slice(0, Math.min(count, IMPUTED_FEATURES_LIMIT + 1)));
  }
  return { total, bySample, byFeature, featuresBySample };
}

/** "A;B;C", the first IMPUTED_FEATURES_LIMIT names then "…". */
function imputedFeatureNames(mapped: MappedData, indices: Int32Array | undefined): string {
  if (!indices || indices.length === 0) return '';
  const names = Array.from(indices.subarray(0, IMPUTED_FEATURES_LIMIT), (l) => mapped.featureNames[l] ?? `feature ${l + 1}`);
  return names.join(';') + (indices.length > IMPUTED_FEATURES_LIMIT ? ';…' : '');
}

/**
 * Header `id, <annotations…>, cluster, distance`; one row per sample (mapped order), cluster 1..k. Every sample
 * annotation is a column, the joined sample table's among them. Samples read from columns (proteins × samples
 * tables) get `column` after `id`: the table column the sample came from (`LFQ intensity H1` for `H1`).
 * When cells were imputed (`imputed`, default imputedCellsOf(mapped): missing before the fit, or filled by an
 * impute step), two columns follow `distance`: `imputed cells` (the sample's count) and `imputed features` (their
 * names, ";"-joined, at most IMPUTED_FEATURES_LIMIT then "…").
 */
export function samplesRows(fit: FitResult, mapped: MappedData, imputed: ImputedCells = imputedCellsOf(mapped, { features: true })): Cell[][] {
  const names = Object.keys(mapped.annotations);
  const sources = mapped.sampleColumns;
  const flagged = imputed.total > 0;
  const rows: Cell[][] = [['id', ...(sources ? ['column'] : []), ...names, 'cluster', 'distance', ...(flagged ? ['imputed cells', 'imputed features'] : [])]];
  for (let i = 0; i < fit.n; i++) {
    rows.push([
      mapped.sampleIds[i] ?? String(i + 1),
      ...(sources ? [sources[i] ?? null] : []),
      ...names.map((name) => mapped.annotations[name]![i] ?? null),
      fit.labels[i]! + 1,
      fit.distances[i]!,
      ...(flagged ? [imputed.bySample[i]!, imputedFeatureNames(mapped, imputed.featuresBySample?.[i])] : []),
    ]);
  }
  return rows;
}

/**
 * The feature annotations an export lists beside the label (protein ids, gene and protein names, flags), in the
 * mapping's order; a column empty for every feature (e.g. `Reverse` once the decoys are removed) is left out.
 */
export function featureAnnotationNames(mapped: MappedData): string[] {
  const annotations = mapped.featureAnnotations ?? {};
  return Object.keys(annotations).filter((name) => annotations[name]!.some((v) => v !== null && v !== ''));
}

function annotationCells(mapped: MappedData, names: readonly string[], l: number): Cell[] {
  return names.map((name) => mapped.featureAnnotations![name]![l] ?? null);
}

/** Feature indices ordered by `scores` (best first; ties: lower index first). */
export function rankByScore(scores: ArrayLike<number>, count: number, offset = 0): number[] {
  const order = Array.from({ length: count }, (_, l) => l);
  return order.sort((a, b) => scores[offset + b]! - scores[offset + a]! || a - b);
}

function centersOf(fit: FitResult, l: number): number[] {
  return Array.from({ length: fit.options.k }, (_, j) => fit.originalMeans[j * fit.p + l]!);
}

function centerHeaders(k: number): string[] {
  return Array.from({ length: k }, (_, j) => `center ${j + 1}`);
}

/**
 * The ranked feature list; the feature annotations (featureAnnotationNames: protein ids, gene names, …) follow
 * `feature` when the data has them (proteins × samples tables).
 * SKFR1 ('global'): header `rank, feature, score, share, center 1..k`; the s selected features best first
 * (all p with `all`). score = d_l = Σ_j |C_j| μ_jl² (or the L1 reduction), share = score / Σ_l score.
 * SKFR2 ('local'): header `cluster, rank, feature, score, share, center 1..k`; per cluster its s features best
 * first, score = d_jl, share = d_jl / Σ_l d_jl (that cluster's total).
 * When cells were imputed (options.imputed, default imputedCellsOf(mapped)), `imputed cells` (the feature's count)
 * follows the centers.
 * Example (SKFR1, s = 2, k = 2): [rank, feature, score, share, center 1, center 2], [1, 'F3', 812.4, 0.41, …], [2, …].
 */
export function featuresRows(fit: FitResult, mapped: MappedData, options: FeaturesRowsOptions = {}): Cell[][] {
  const k = fit.options.k;
  const p = fit.p;
  const name = (l: number): string => mapped.featureNames[l] ?? `feature ${l + 1}`;
  const extra = featureAnnotationNames(mapped);
  const imputed = options.imputed ?? imputedCellsOf(mapped);
  const flagged = imputed.total > 0;
  const imputedHeader = flagged ? ['imputed cells'] : [];
  const imputedCell = (l: number): Cell[] => (flagged ? [imputed.byFeature[l] ?? 0] : []);
  if (fit.options.variant === 'local' && fit.clusterFeatureScores && fit.selectedFeaturesByCluster) {
    const scores = fit.clusterFeatureScores;
    const rows: Cell[][] = [['cluster', 'rank', 'feature', ...extra, 'score', 'share', ...centerHeaders(k), ...imputedHeader]];
    for (let j = 0; j < k; j++) {
      let total = 0;
      for (let l = 0; l < p; l++) total += scores[j * p + l]!;
      const list = options.all ? rankByScore(scores, p, j * p) : Array.from(fit.selectedFeaturesByCluster[j]!);
      list.forEach((l, r) => {
        const score = scores[j * p + l]!;
        rows.push([j + 1, r + 1, name(l), ...annotationCells(mapped, extra, l), score, total > 0 ? score / total : 0, ...centersOf(fit, l), ...imputedCell(l)]);
      });
    }
    return rows;
  }
  const scores = fit.featureScores;
  let total = 0;
  for (let l = 0; l < p; l++) total += scores[l]!;
  const list = options.all ? rankByScore(scores, p) : Array.from(fit.selectedFeatures);
  const rows: Cell[][] = [['rank', 'feature', ...extra, 'score', 'share', ...centerHeaders(k), ...imputedHeader]];
  list.forEach((l, r) => {
    const score = scores[l]!;
    rows.push([r + 1, name(l), ...annotationCells(mapped, extra, l), score, total > 0 ? score / total : 0, ...centersOf(fit, l), ...imputedCell(l)]);
  });
  return rows;
}

/** Header `cluster, size, <selected features…>`; k rows of cluster means in original units. */
export function centersRows(fit: FitResult, mapped: MappedData): Cell[][] {
  const selected = Array.from(fit.selectedFeatures);
  const rows: Cell[][] = [['cluster', 'size', ...selected.map((l) => mapped.featureNames[l] ?? `feature ${l + 1}`)]];
  for (let j = 0; j < fit.options.k; j++) {
    rows.push([j + 1, fit.clusterSizes[j]!, ...selected.map((l) => fit.originalMeans[j * fit.p + l]!)]);
  }
  return rows;
}

/** Header `s, gap, sd, log O, mean permuted log O`; one row per s tried (Algorithm 3). */
export function gapRows(tune: TuneResult): Cell[][] {
  return [
    ['s', 'gap', 'sd', 'log O', 'mean permuted log O'],
    ...tune.curve.map((g) => [g.s, g.gap, g.sd, g.logO, g.meanPermutedLogO]),
  ];
}

/** Header `cluster, <classes…>, total`; one row per cluster: samples of each known class. */
export function contingencyRows(metrics: Metrics): Cell[][] {
  const { clusters, classes, counts } = metrics.contingency;
  return [
    ['cluster', ...classes, 'total'],
    ...clusters.map((c, r) => [c, ...counts[r]!, counts[r]!.reduce((a, b) => a + b, 0)]),
  ];
}
