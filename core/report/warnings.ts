/**
 * Results that look wrong, said beside the figure they concern (Results screen) and listed in the report:
 * - 'singleton-cluster' (clusters): a cluster holds one sample — often an outlier sample, or k too large;
 * - 'mostly-imputed' (features): a selected feature is missing in more than half of the samples, so its
 *   values in the fit are mostly filled in (by k-POD or the impute step), not measured;
 * - 'raw-untransformed' (data): raw intensities were fitted without a log transform — a quantity its format
 *   documents as a raw intensity (MaxQuant LFQ intensity, …: by its kind), or values that look raw (several
 *   orders of magnitude, right-skewed: by the percentile test, for tables of no known format);
 * - 's-at-range-end' (gap): the chosen s is the end of the range tried, so a larger (or smaller) s might be
 *   better still;
 * - 'clusters-follow-annotation' (clusters): a sample annotation other than the known class explains the
 *   clusters (ARI ≥ 0.5 and above the class's), e.g. the lab — a batch effect? (agreement.ts);
 * - 'batch-confounded' (data): a batch column of the recipe is confounded with the known class, so removing it
 *   removes class differences too (core/prepare/confounding.ts).
 * Example: cluster sizes [5, 1, 6] → one 'singleton-cluster' warning naming cluster 2.
 */
import { batchWarnings } from '../prepare/confounding.js';
import { looksLogarithmic, looksRaw, valueStats, type ValueStats } from '../prepare/transform.js';
import { FORMATS } from '../table/formats/specs.js';
import type { FormatId, Recipe } from '../table/types.js';
import { agreementWarning } from './agreement.js';

/**
 * The quantity's name when its format documents it as a raw intensity (QuantitySpec.raw), else null.
 * @example rawQuantity('maxquant', 'LFQ intensity') // 'LFQ intensity'
 */
export function rawQuantity(format: FormatId | null | undefined, quantity: string | null | undefined): string | null {
  const spec = FORMATS.find((f) => f.id === format)?.quantities.find((q) => q.name === quantity);
  return spec?.raw === true ? spec.name : null;
}

export interface ResultWarning {
  code: 'singleton-cluster' | 'mostly-imputed' | 'raw-untransformed' | 's-at-range-end' | 'clusters-follow-annotation' | 'batch-confounded';
  about: 'clusters' | 'features' | 'data' | 'gap';
  message: string;
}

export interface WarningInput {
  clusterSizes: readonly number[];
  /** Selected feature indices (SKFR2: union). */
  selected: readonly number[];
  featureNames: readonly string[];
  /** The fitted data before the fit (NaN = missing), n × p, and the cells an impute step filled (or null). */
  values: Float64Array | null;
  n: number;
  p: number;
  imputed: Uint8Array | null;
  /**
   * Instead of scanning `values` (when the matrix has been fitted in place since): the cells per feature missing
   * before the fit or filled by an impute step, and valueStats(values, p) taken before the fit.
   */
  before?: { filledByFeature: ArrayLike<number>; stats: ValueStats | null };
  recipe: Recipe;
  /** The quantity fitted when its format documents it as a raw intensity (rawQuantity), else null or absent. */
  rawQuantity?: string | null;
  /** The s range tried and the s chosen, when s was tuned. */
  tune: { from: number; to: number; chosen: number } | null;
  /**
   * The fitted clusters (any integers, one per sample) and the sample annotations, with the run's class column,
   * for the annotation agreement and the batch confounding (both left out when absent).
   */
  labels?: ArrayLike<number>;
  annotations?: Record<string, readonly (string | null)[]>;
  classColumn?: string | null;
}

export function resultWarnings(input: WarningInput): ResultWarning[] {
  const warnings: ResultWarning[] = [];
  for (const message of input.annotations ? batchWarnings(input.annotations, input.recipe, input.classColumn ?? null) : []) {
    warnings.push({ code: 'batch-confounded', about: 'data', message });
  }
  const follows = input.annotations && input.labels
    ? agreementWarning({ labels: input.labels, annotations: input.annotations, classColumn: input.classColumn ?? null, recipe: input.recipe })
    : null;
  if (follows !== null) warnings.push({ code: 'clusters-follow-annotation', about: 'clusters', message: follows });
  const singles = input.clusterSizes.map((size, j) => (size === 1 ? j + 1 : 0)).filter((j) => j > 0);
  if (singles.length > 0) {
    warnings.push({
      code: 'singleton-cluster',
      about: 'clusters',
      message: `Cluster${singles.length === 1 ? '' : 's'} ${singles.join(', ')} hold${singles.length === 1 ? 's' : ''} a single sample: an outlier sample, or more clusters than the data support; look at it in the PCA, or try a smaller k.`,
    });
  }
  const { n, p, values, imputed } = input;
  const mostly: string[] = [];
  for (const l of input.selected) {
    let filled = input.before ? (input.before.filledByFeature[l] ?? 0) : 0;
    for (let i = 0; i < n && !input.before && values !== null; i++) {
      const c = i * p + l;
      if (values[c] !== values[c] || (imputed !== null && imputed[c] === 1)) filled++;
    }
    if (filled > n / 2) mostly.push(`${input.featureNames[l]} (${Math.round((100 * filled) / n)} %)`);
  }
  if (mostly.length > 0) {
    warnings.push({
      code: 'mostly-imputed',
      about: 'features',
      message: `${mostly.length} selected feature${mostly.length === 1 ? ' is' : 's are'} missing in more than half of the samples, so ${mostly.length === 1 ? 'its' : 'their'} values in the fit are mostly filled in: ${mostly.slice(0, 8).join(', ')}${mostly.length > 8 ? ', …' : ''}. A valid-value filter removes such features.`,
    });
  }
  const transformed = input.recipe.steps.some((s) => s.kind === 'transform');
  const stats = transformed ? null : input.before ? input.before.stats : values !== null ? valueStats(values, p) : null;
  const rawKind = transformed ? null : (input.rawQuantity ?? null);
  if (rawKind !== null && !(stats && looksLogarithmic(stats))) {
    warnings.push({
      code: 'raw-untransformed',
      about: 'data',
      message: `${rawKind} is a raw intensity${stats ? ` (from ${stats.p1.toExponential(1)} to ${stats.p99.toExponential(1)})` : ''} and was fitted without a log transform: a few very large values decide the clusters. Choose log2 in the preparation (--transform log2).`,
    });
  } else if (rawKind === null && stats && looksRaw(stats)) {
    warnings.push({
      code: 'raw-untransformed',
      about: 'data',
      message: `The values look like raw intensities (from ${stats.p1.toExponential(1)} to ${stats.p99.toExponential(1)}, right-skewed) and were fitted without a log transform: a few very large values decide the clusters. Choose log2 in the preparation.`,
    });
  }
  if (input.tune && input.tune.from < input.tune.to && (input.tune.chosen === input.tune.to || input.tune.chosen === input.tune.from)) {
    const end = input.tune.chosen === input.tune.to ? 'largest' : 'smallest';
    warnings.push({
      code: 's-at-range-end',
      about: 'gap',
      message: `The chosen s = ${input.tune.chosen} is the ${end} value tried (${input.tune.from}–${input.tune.to}): the curve may still ${end === 'largest' ? 'rise beyond it' : 'be higher below it'}; widen the range.`,
    });
  }
  return warnings;
}

/**
 * The warnings about a tuned s (SFlags, core/engine/gap.ts) in words, for the CLI summary and the report.
 * @example sFlagMessages({ atRangeEnd: true, noClearMaximum: false }, 20, [1, 20], 77)
 *   // ['The chosen s = 20 is the last s tried (1–20): a larger s may be better; widen the range.']
 */
export function sFlagMessages(
  flags: { atRangeEnd: boolean; noClearMaximum: boolean },
  chosen: number,
  range: readonly [number, number],
  p: number | null = null,
): string[] {
  const messages: string[] = [];
  const [from, to] = range;
  if (flags.atRangeEnd) {
    const last = chosen === to;
    if (last && p !== null && to >= p) {
      messages.push(`The chosen s = ${chosen} is the last s tried (${from}–${to}): every feature is kept, the Gap curve supports no sparser set.`);
    } else if (!last && from <= 1) {
      messages.push(`The chosen s = ${chosen} is the first s tried (${from}–${to}): a single feature separates the clusters as well as any larger set.`);
    } else {
      messages.push(
        `The chosen s = ${chosen} is the ${last ? 'last' : 'first'} s tried (${from}–${to}): a ${last ? 'larger' : 'smaller'} s may be better; ` +
          `${last ? 'widen the range' : 'start the range lower'}.`,
      );
    }
  }
  if (flags.noClearMaximum) {
    messages.push(
      'The Gap curve has no clear maximum (it does not come down after its highest point, or never rises above 0): ' +
        'the data do not single out one s, so the rules differ; compare their choices, or check the stability of the proteins.',
    );
  }
  return messages;
}
