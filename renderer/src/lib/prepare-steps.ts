/**
 * The Prepare panel's recipe editing: the log transform, the dropped samples, the valid-value filter, the
 * normalisation, the batch correction, the imputation and the scale, each set, changed or taken out while every
 * step keeps its canonical place (the order core/prepare/args.ts builds and the CLI runs): flagged rows, zeros →
 * missing, a floor value → missing, transform, dropped samples, valid values, normalisation, batch, imputation, scale (how the fit scales the
 * centred features, always last). Steps of one kind appear once (flagged rows: once per flag, in their order).
 * Every function returns a new recipe, or the same object when nothing changes (so a watcher can tell).
 *
 * @example setNormalize({ steps: [{ kind: 'impute', method: 'min', width: 0.3, shift: 1.8, seed: 1 }] }, true)
 *   .steps.map((s) => s.kind) // ['normalize', 'impute']
 */
import type { Scale } from '../../../core/engine/types';
import type { BatchStep, DropSamplesStep, FloorStep, ImputeStep, MinValidStep, PrepStep, Recipe, ScaleBasis, ScaleStep, TransformStep } from '../../../core/table/types';
import { DEFAULT_MIN_PER_BATCH } from '../../../core/prepare/batch';
import { DOWNSHIFT } from '../../../core/prepare/impute';
import { chooseScale, proposeScale, ROWS_BASIS } from '../../../core/prepare/scale';

export type MinValidChoice = Omit<MinValidStep, 'kind'>;

const RANK: Record<PrepStep['kind'], number> = {
  'remove-flagged': 0,
  'zeros-missing': 1,
  'floor-missing': 1.5,
  transform: 2,
  'drop-samples': 2.5,
  'min-valid': 3,
  normalize: 4,
  batch: 5,
  impute: 6,
  scale: 7,
};

/** The steps in the canonical order (a stable sort: flagged rows keep their relative order). */
export function canonical(steps: readonly PrepStep[]): Recipe {
  return { steps: steps.map((s, i) => ({ s, i })).sort((a, b) => RANK[a.s.kind] - RANK[b.s.kind] || a.i - b.i).map((x) => x.s) };
}

/** The recipe with its step of `kind` replaced by `step` (or taken out when null), in the canonical order. */
function replaceKind(recipe: Recipe, kind: 'floor-missing' | 'transform' | 'drop-samples' | 'min-valid' | 'normalize' | 'batch' | 'impute' | 'scale', step: PrepStep | null): Recipe {
  return canonical([...recipe.steps.filter((s) => s.kind !== kind), ...(step ? [step] : [])]);
}

function find<K extends PrepStep['kind']>(recipe: Recipe | null | undefined, kind: K): Extract<PrepStep, { kind: K }> | null {
  return ((recipe?.steps ?? []).find((s) => s.kind === kind) as Extract<PrepStep, { kind: K }> | undefined) ?? null;
}

/** The floor value read as "not quantified" (core/prepare/floor.ts), or null. */
export function floorOf(recipe: Recipe | null | undefined): FloorStep | null {
  return find(recipe, 'floor-missing');
}

/** The floor value `value` read as missing, or (null) read as a measured value. */
export function setFloor(recipe: Recipe, value: number | null): Recipe {
  if ((floorOf(recipe)?.value ?? null) === value) return recipe;
  return replaceKind(recipe, 'floor-missing', value === null ? null : { kind: 'floor-missing', value });
}

export function transformOf(recipe: Recipe | null | undefined): TransformStep | null {
  return find(recipe, 'transform');
}

/** log2 / log10 (base), or none (null); `nonPositive` says what 0 and negative values become. */
export function setTransform(recipe: Recipe, base: 2 | 10 | null, nonPositive: TransformStep['nonPositive'] = 'refuse'): Recipe {
  const current = transformOf(recipe);
  if (base === null ? current === null : current?.base === base && current.nonPositive === nonPositive) return recipe;
  return replaceKind(recipe, 'transform', base === null ? null : { kind: 'transform', base, nonPositive });
}

/** The samples dropped: those with fewer than `minValues` values (1: with no value), or null (none dropped). */
export function dropSamplesOf(recipe: Recipe | null | undefined): DropSamplesStep | null {
  return find(recipe, 'drop-samples');
}

/** Drop the samples with fewer than `minValues` values (after the transform, before the valid-value filter); null: none. */
export function setDropSamples(recipe: Recipe, minValues: number | null): Recipe {
  const current = dropSamplesOf(recipe);
  if (minValues === null ? current === null : current?.minValues === minValues) return recipe;
  return replaceKind(recipe, 'drop-samples', minValues === null ? null : { kind: 'drop-samples', minValues });
}

export function minValidOf(recipe: Recipe | null | undefined): MinValidStep | null {
  return find(recipe, 'min-valid');
}

/** The valid-value filter as chosen (null = no filter). A scope other than 'total' needs a group. */
export function setMinValid(recipe: Recipe, choice: MinValidChoice | null): Recipe {
  const current = minValidOf(recipe);
  if (choice === null) return current === null ? recipe : replaceKind(recipe, 'min-valid', null);
  const step: MinValidStep = { kind: 'min-valid', ...choice, ...(choice.group === null ? { scope: 'total' as const } : {}) };
  if (current && sameMinValid(current, step)) return recipe;
  return replaceKind(recipe, 'min-valid', step);
}

function sameMinValid(a: MinValidStep, b: MinValidStep): boolean {
  return a.count === b.count && a.percent === b.percent && a.scope === b.scope && a.group === b.group;
}

/** A grouped filter whose group is one of `columns` (they went away with the sample table) filters in total. */
export function ungroup(recipe: Recipe, columns: Iterable<string>): Recipe {
  const step = minValidOf(recipe);
  const gone = new Set(columns);
  if (!step || step.group === null || !gone.has(step.group)) return recipe;
  return setMinValid(recipe, { count: step.count, percent: step.percent, scope: 'total', group: null });
}

export function hasNormalize(recipe: Recipe | null | undefined): boolean {
  return find(recipe, 'normalize') !== null;
}

/** Median centring on or off. */
export function setNormalize(recipe: Recipe, on: boolean): Recipe {
  if (on === hasNormalize(recipe)) return recipe;
  return replaceKind(recipe, 'normalize', on ? { kind: 'normalize', method: 'median' } : null);
}

export function batchOf(recipe: Recipe | null | undefined): BatchStep | null {
  return find(recipe, 'batch');
}

/**
 * The batch effect of these sample annotation columns removed (in the order given; an empty list or null takes
 * the step out); `minPerBatch` as it was, else the default (2).
 * @example setBatch({ steps: [] }, ['lab']).steps // [{ kind: 'batch', columns: ['lab'], minPerBatch: 2 }]
 */
export function setBatch(recipe: Recipe, columns: readonly string[] | null): Recipe {
  const current = batchOf(recipe);
  if (columns === null || columns.length === 0) return current === null ? recipe : replaceKind(recipe, 'batch', null);
  if (current && current.columns.length === columns.length && current.columns.every((c, i) => c === columns[i])) return recipe;
  return replaceKind(recipe, 'batch', { kind: 'batch', columns: [...columns], minPerBatch: current?.minPerBatch ?? DEFAULT_MIN_PER_BATCH });
}

/** A batch step whose columns went away with the sample table keeps the others, or goes. */
export function unbatch(recipe: Recipe, columns: Iterable<string>): Recipe {
  const step = batchOf(recipe);
  const gone = new Set(columns);
  if (!step || !step.columns.some((c) => gone.has(c))) return recipe;
  return setBatch(recipe, step.columns.filter((c) => !gone.has(c)));
}

export function imputeOf(recipe: Recipe | null | undefined): ImputeStep | null {
  return find(recipe, 'impute');
}

/**
 * Missing values filled before the fit: 'downshift' (Perseus: width 0.3 sd, shift 1.8 sd, drawn from `seed`, the
 * run's seed) or 'min' (the feature's minimum); null = none, k-POD fills them inside the fit.
 */
export function setImpute(recipe: Recipe, method: ImputeStep['method'] | null, seed: number): Recipe {
  const current = imputeOf(recipe);
  if (method === null) return current === null ? recipe : replaceKind(recipe, 'impute', null);
  if (current?.method === method && current.seed === seed) return recipe;
  return replaceKind(recipe, 'impute', { kind: 'impute', method, ...DOWNSHIFT, seed });
}

/** The impute step drawn from `seed` (the run's seed), so the preparation and the fit agree. */
export function withImputeSeed(recipe: Recipe, seed: number): Recipe {
  const current = imputeOf(recipe);
  if (!current || current.seed === seed) return recipe;
  return { steps: recipe.steps.map((s) => (s.kind === 'impute' ? { ...s, seed } : s)) };
}

export function scaleStepOf(recipe: Recipe | null | undefined): ScaleStep | null {
  return find(recipe, 'scale');
}

/**
 * The scale the user chose (core/prepare/scale.ts chooseScale: the proposal's reason kept when they agree).
 * `basis`: the layout's (Layout.scaleBasis; a table with one sample per row without one).
 */
export function setScale(recipe: Recipe, method: Scale, basis: ScaleBasis | null | undefined): Recipe {
  const step = chooseScale(method, proposeScale(recipe, basis ?? ROWS_BASIS));
  const current = scaleStepOf(recipe);
  if (current && current.method === step.method && current.reason === step.reason) return recipe;
  return replaceKind(recipe, 'scale', step);
}

/**
 * The recipe with its scale proposed again (the rule `skfr cluster` follows when --transform is given without
 * --scale): after the transform changed, unless the user chose the scale. A recipe without a scale step (an
 * example table) is left as it is.
 */
export function followScale(recipe: Recipe, basis: ScaleBasis | null | undefined): Recipe {
  if (scaleStepOf(recipe) === null) return recipe;
  const step = proposeScale(recipe, basis ?? ROWS_BASIS);
  const current = scaleStepOf(recipe);
  if (current && current.method === step.method && current.reason === step.reason) return recipe;
  return replaceKind(recipe, 'scale', step);
}

export type AmountUnit = 'percent' | 'count';

/**
 * The filter's amount as typed: a percentage above 0 and at most 100, or a whole number of values of at least 1.
 * @example parseAmount('70', 'percent') // { value: 70 }
 * @example parseAmount('2.5', 'count') // { error: '“2.5” values is not possible: …' }
 */
export function parseAmount(text: string, unit: AmountUnit): { value: number } | { error: string } {
  const t = text.trim().replace(',', '.');
  const v = /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
  if (unit === 'percent') {
    return v > 0 && v <= 100 ? { value: v } : { error: `“${text.trim()}” % is not possible: a percentage is a number above 0 and at most 100.` };
  }
  return Number.isInteger(v) && v >= 1 ? { value: v } : { error: `“${text.trim()}” values is not possible: the number of values is a whole number of at least 1.` };
}

export function unitOf(step: Pick<MinValidChoice, 'count'>): AmountUnit {
  return step.count !== null ? 'count' : 'percent';
}

/** The filter's choice with its amount (as typed) in `unit`. */
export function withAmount(step: MinValidChoice, value: number, unit: AmountUnit): MinValidChoice {
  return { ...step, count: unit === 'count' ? value : null, percent: unit === 'percent' ? value : null };
}

/**
 * The same filter said in the other unit, for a set of `m` samples (all samples in total, a group's size per
 * group): P % → round(P/100 · m) values (at least 1); N values → round(100 · N / m) % (at most 100).
 * @example convertAmount({ count: null, percent: 70, scope: 'any', group: 'condition' }, 'count', 5).count // 4 (3.5 rounds up)
 */
export function convertAmount(step: MinValidChoice, unit: AmountUnit, m: number): MinValidChoice {
  if (unitOf(step) === unit) return step;
  const size = Math.max(1, m);
  if (unit === 'count') return withAmount(step, Math.max(1, Math.round(((step.percent ?? 0) / 100) * size)), 'count');
  return withAmount(step, Math.max(1, Math.min(100, Math.round((100 * (step.count ?? 0)) / size))), 'percent');
}
