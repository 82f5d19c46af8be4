/**
 * Report tables as rows of cells (header first), built from a fit and the mapped data. Hosts write them as
 * CSV or XLSX (core/table/write.ts); the report workbook puts them on its sheets.
 * Clusters are shown 1-based (1..k); centers are in the original units of the data (`fit.originalMeans`).
 */
import { UNSTABLE_BELOW } from '../charts/stability.js';
import type { FitResult, KPoint, StabilityResult, TuneResult } from '../engine/types.js';
import type { Metrics } from '../analysis.js';
import type { Cell } from '../table/write.js';
import type { MappedData } from '../table/types.js';

export interface FeaturesRowsOptions {
  /** List every feature (ranked), not only the selected ones. Default false. */
  all?: boolean;
  /** The cells filled in for the fit (default: imputedCellsOf(mapped), valid while mapped.matrix is as prepared). */
  imputed?: ImputedCells;
  /** The fit's stability (issue 13): adds `selection frequency` and `unstable` columns. */
  stability?: StabilityResult | null;
  /** SKFR2: one list as SKFR1's, the union of the clusters' sets ranked by the overall score (the HTML report's). */
  union?: boolean;
}

/** The `unstable` cell of a selected feature chosen in fewer than half of the subsample fits. */
export const UNSTABLE_MARK = '< half of the subsamples';

/** A fraction as a cell: NaN (undefined) as an empty cell. */
function fractionCell(value: number | undefined): Cell {
  return value === undefined || Number.isNaN(value) ? null : value;
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
  /** The number of samples (bySample's length when it is kept). */
  samples: number;
  /**
   * Each sample's count; null when nothing was imputed (total 0): n zeros are not worth 4n bytes (80 MB at 20
   * million samples, held through the fit). Read a count with imputedInSample.
   */
  bySample: Int32Array | null;
  byFeature: Int32Array;
  /** Each sample's imputed feature indices (when asked for and something was imputed), else null. */
  featuresBySample: Int32Array[] | null;
}

/** Sample i's count of imputed cells (0 when nothing was imputed). */
export function imputedInSample(cells: ImputedCells, i: number): number {
  return cells.bySample === null ? 0 : cells.bySample[i]!;
}

/**
 * The imputed cells of mapped data as prepared: NaN cells of the matrix, or cells flagged by an impute step. Take
 * it before a fit that works on the matrix in place (reuseInput fills and standardises it). `complete`: the
 * caller knows that no cell is NaN (core/prepare/complete.ts knownComplete), so the pass looking for one is
 * skipped when no impute step flagged cells.
 * Example: matrix [[1, NaN], [NaN, NaN]] → total 3, bySample [1, 2], byFeature [1, 2], features [[1], [0, 1]];
 * a complete matrix → total 0, bySample null, featuresBySample null.
 */
export function imputedCellsOf(mapped: MappedData, options: { features?: boolean; complete?: boolean } = {}): ImputedCells {
  const { rows: n, cols: p, data: x } = mapped.matrix;
  const flags = mapped.imputed ?? null;
  const byFeature = new Int32Array(p);
  if (flags === null && (options.complete === true || !hasNaN(x, n * p))) {
    // Nothing imputed (the common case: known, or checked by the quickest loop).
    return { total: 0, samples: n, bySample: null, byFeature, featuresBySample: null };
  }
  const bySample = new Int32Array(n);
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
  return total === 0 ? { total, samples: n, bySample: null, byFeature, featuresBySample: null } : { total, samples: n, bySample, byFeature, featuresBySample };
}

function hasNaN(x: Float64Array, length: number): boolean {
  for (let c = 0; c < length; c++) if (x[c] !== x[c]) return true;
  return false;
}

/** "A;B;C", the first IMPUTED_FEATURES_LIMIT names then "…". */
function imputedFeatureNames(mapped: MappedData, indices: Int32Array | undefined): string {
  if (!indices || indices.length === 0) return '';
  const names = Array.from(indices.subarray(0, IMPUTED_FEATURES_LIMIT), (l) => mapped.featureNames[l] ?? `feature ${l + 1}`);
  return names.join(';') + (indices.length > IMPUTED_FEATURES_LIMIT ? ';…' : '');
}

/**
 * Header `<id>, <annotations…>, cluster, distance`; one row per sample (mapped order), cluster 1..k. The first
 * column keeps the name of the id column it was read from (`MouseID`), else (row numbers, samples read from
 * columns) is `sample`. Every sample annotation is a column, the joined sample table's among them. Samples read
 * from columns (proteins × samples tables) get `column` after it: the table column the sample came from
 * (`LFQ intensity H1` for `H1`).
 * With the fit's stability, `consistency` follows `distance`: the fraction of the sample's cluster mates that stay
 * with it over the subsample fits (empty when undefined: a sample alone in its cluster).
 * When cells were imputed (`imputed`, default imputedCellsOf(mapped): missing before the fit, or filled by an
 * impute step), two columns follow: `imputed cells` (the sample's count) and `imputed features` (their
 * names, ";"-joined, at most IMPUTED_FEATURES_LIMIT then "…").
 */
export function samplesRows(
  fit: FitResult,
  mapped: MappedData,
  imputed: ImputedCells = imputedCellsOf(mapped, { features: true }),
  stability: StabilityResult | null = null,
): Cell[][] {
  const names = Object.keys(mapped.annotations);
  const sources = mapped.sampleColumns;
  const flagged = imputed.total > 0;
  const consistency = stability?.sampleConsistency ?? null;
  const rows: Cell[][] = [
    [mapped.idColumn ?? 'sample', ...(sources ? ['column'] : []), ...names, 'cluster', 'distance', ...(consistency ? ['consistency'] : []), ...(flagged ? ['imputed cells', 'imputed features'] : [])],
  ];
  for (let i = 0; i < fit.n; i++) {
    rows.push([
      mapped.sampleIds[i] ?? String(i + 1),
      ...(sources ? [sources[i] ?? null] : []),
      ...names.map((name) => mapped.annotations[name]![i] ?? null),
      fit.labels[i]! + 1,
      fit.distances[i]!,
      ...(consistency ? [fractionCell(consistency[i])] : []),
      ...(flagged ? [imputedInSample(imputed, i), imputedFeatureNames(mapped, imputed.featuresBySample?.[i])] : []),
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
 * With the fit's stability (options.stability), `selection frequency` (the fraction of the subsample fits that
 * selected the feature; SKFR2: selected it in the subsample cluster matched to this cluster) and `unstable`
 * (UNSTABLE_MARK for a selected feature under ½, else empty) follow the share.
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
  const stability = options.stability ?? null;
  const stabilityHeader = stability ? ['selection frequency', 'unstable'] : [];
  const stabilityCells = (frequency: number | undefined, selected: boolean): Cell[] =>
    stability ? [fractionCell(frequency), selected && frequency !== undefined && frequency < UNSTABLE_BELOW ? UNSTABLE_MARK : null] : [];
  if (fit.options.variant === 'local' && fit.clusterFeatureScores && fit.selectedFeaturesByCluster && !options.union) {
    const scores = fit.clusterFeatureScores;
    const byCluster = stability?.clusterFeatureFrequency ?? null;
    const rows: Cell[][] = [['cluster', 'rank', 'feature', ...extra, 'score', 'share', ...stabilityHeader, ...centerHeaders(k), ...imputedHeader]];
    for (let j = 0; j < k; j++) {
      let total = 0;
      for (let l = 0; l < p; l++) total += scores[j * p + l]!;
      const chosen = new Set(fit.selectedFeaturesByCluster[j]!);
      const list = options.all ? rankByScore(scores, p, j * p) : Array.from(fit.selectedFeaturesByCluster[j]!);
      list.forEach((l, r) => {
        const score = scores[j * p + l]!;
        const frequency = byCluster ? byCluster[j * p + l] : stability?.featureFrequency[l];
        rows.push([
          j + 1, r + 1, name(l), ...annotationCells(mapped, extra, l), score, total > 0 ? score / total : 0,
          ...stabilityCells(frequency, chosen.has(l)), ...centersOf(fit, l), ...imputedCell(l),
        ]);
      });
    }
    return rows;
  }
  const scores = fit.featureScores;
  let total = 0;
  for (let l = 0; l < p; l++) total += scores[l]!;
  const list = options.all ? rankByScore(scores, p) : Array.from(fit.selectedFeatures);
  const chosen = new Set(fit.selectedFeatures);
  const rows: Cell[][] = [['rank', 'feature', ...extra, 'score', 'share', ...stabilityHeader, ...centerHeaders(k), ...imputedHeader]];
  list.forEach((l, r) => {
    const score = scores[l]!;
    rows.push([
      r + 1, name(l), ...annotationCells(mapped, extra, l), score, total > 0 ? score / total : 0,
      ...stabilityCells(stability?.featureFrequency[l], chosen.has(l)), ...centersOf(fit, l), ...imputedCell(l),
    ]);
  });
  return rows;
}

/**
 * The whole ranking (issue 24): every feature, best first by the overall score d_l (SKFR2: Σ_j d_jl), whatever
 * was selected — the list `--features-out`, the app's feature export and the report workbook's Features sheet
 * hold. Header `rank, feature, <feature annotations…>, score, share, selected, [selection frequency, unstable],
 * center 1..k, [imputed cells]`: share = score / Σ_l score; selected = "yes" / "no" (SKFR2: the clusters that
 * selected it, "1, 3", or "no"); the stability columns as in featuresRows. A protein that ranks 557th of 586
 * is there to be found.
 * Example (SKFR1, p = 3, s = 1): [rank, feature, score, share, selected, center 1, center 2],
 *   [1, 'F3', 8, 0.8, 'yes', …], [2, 'F1', 2, 0.2, 'no', …], [3, 'F2', 0, 0, 'no', …].
 */
export function rankingRows(fit: FitResult, mapped: MappedData, options: Omit<FeaturesRowsOptions, 'all' | 'union'> = {}): Cell[][] {
  const k = fit.options.k;
  const p = fit.p;
  const extra = featureAnnotationNames(mapped);
  const imputed = options.imputed ?? imputedCellsOf(mapped);
  const flagged = imputed.total > 0;
  const stability = options.stability ?? null;
  const scores = fit.featureScores;
  let total = 0;
  for (let l = 0; l < p; l++) total += scores[l]!;
  const clustersOf: string[][] = Array.from({ length: p }, () => []);
  if (fit.selectedFeaturesByCluster) fit.selectedFeaturesByCluster.forEach((set, j) => set.forEach((l) => clustersOf[l]!.push(String(j + 1))));
  else fit.selectedFeatures.forEach((l) => clustersOf[l]!.push('yes'));
  const rows: Cell[][] = [
    ['rank', 'feature', ...extra, 'score', 'share', 'selected', ...(stability ? ['selection frequency', 'unstable'] : []), ...centerHeaders(k), ...(flagged ? ['imputed cells'] : [])],
  ];
  rankByScore(scores, p).forEach((l, r) => {
    const score = scores[l]!;
    const chosen = clustersOf[l]!.length > 0;
    const frequency = stability?.featureFrequency[l];
    rows.push([
      r + 1, mapped.featureNames[l] ?? `feature ${l + 1}`, ...annotationCells(mapped, extra, l), score, total > 0 ? score / total : 0,
      chosen ? clustersOf[l]!.join(', ') : 'no',
      ...(stability ? [fractionCell(frequency), chosen && frequency !== undefined && frequency < UNSTABLE_BELOW ? UNSTABLE_MARK : null] : []),
      ...centersOf(fit, l), ...(flagged ? [imputed.byFeature[l] ?? 0] : []),
    ]);
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

/**
 * The Stability sheet: header `feature, selected, selection frequency, unstable` (SKFR2: then `frequency in
 * cluster 1..k`, the fraction of fits whose matched cluster selected it); every feature, most often selected
 * first (ties: the fit's ranking). `selected` = yes for the fit's selection (SKFR2: the union).
 * Example: [feature, selected, selection frequency, unstable], ['F1', 'yes', 1, null], …, ['F37', 'yes', 0.35, '< half of the subsamples'].
 */
export function stabilityRows(fit: FitResult, mapped: MappedData, stability: StabilityResult): Cell[][] {
  const p = fit.p;
  const k = fit.options.k;
  const byCluster = stability.clusterFeatureFrequency;
  const chosen = new Set(fit.selectedFeatures);
  const rank = new Map(rankByScore(fit.featureScores, p).map((l, r) => [l, r]));
  const order = Array.from({ length: p }, (_, l) => l).sort(
    (a, b) => (stability.featureFrequency[b] ?? 0) - (stability.featureFrequency[a] ?? 0) || rank.get(a)! - rank.get(b)!,
  );
  const rows: Cell[][] = [['feature', 'selected', 'selection frequency', 'unstable', ...(byCluster ? Array.from({ length: k }, (_, j) => `frequency in cluster ${j + 1}`) : [])]];
  for (const l of order) {
    const frequency = stability.featureFrequency[l]!;
    rows.push([
      mapped.featureNames[l] ?? `feature ${l + 1}`,
      chosen.has(l) ? 'yes' : 'no',
      fractionCell(frequency),
      chosen.has(l) && frequency < UNSTABLE_BELOW ? UNSTABLE_MARK : null,
      ...(byCluster ? Array.from({ length: k }, (_, j) => fractionCell(byCluster[j * p + l])) : []),
    ]);
  }
  return rows;
}

/** The K curve sheet: header `k, gap, sd, log W, mean permuted log W, silhouette`; one row per k tried. */
export function kCurveRows(kCurve: { curve: readonly KPoint[] }): Cell[][] {
  return [
    ['k', 'gap', 'sd', 'log W', 'mean permuted log W', 'silhouette'],
    ...kCurve.curve.map((point) => [point.k, point.gap, point.sd, point.logW, point.meanPermutedLogW, fractionCell(point.silhouette)]),
  ];
}

/**
 * Every rule's choice on one line, the default rule (`defaultRule`: DEFAULT_S_RULE or DEFAULT_K_RULE) and the
 * fitted one (`default: true` in the choices, the rule asked for) marked.
 * @example rulesLine(sRules, 'knee-se') // "knee-se 20 (default, fitted) · tibshirani 13 · argmax 77 · within-sd-of-max 67 · knee 20"
 * @example rulesLine(sRules, 'knee-se') // with --s-rule argmax: "knee-se 20 (default) · … · argmax 77 (fitted) · …"
 */
export function rulesLine(choices: readonly ({ rule: string; default: boolean } & ({ s: number } | { k: number }))[], defaultRule: string): string {
  return choices
    .map((c) => {
      const marks = [...(c.rule === defaultRule ? ['default'] : []), ...(c.default ? ['fitted'] : [])];
      return `${c.rule} ${'s' in c ? c.s : c.k}${marks.length > 0 ? ` (${marks.join(', ')})` : ''}`;
    })
    .join(' · ');
}

/** Header `cluster, <classes…>, total`; one row per cluster: samples of each known class. */
export function contingencyRows(metrics: Metrics): Cell[][] {
  const { clusters, classes, counts } = metrics.contingency;
  return [
    ['cluster', ...classes, 'total'],
    ...clusters.map((c, r) => [c, ...counts[r]!, counts[r]!.reduce((a, b) => a + b, 0)]),
  ];
}
