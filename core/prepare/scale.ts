/**
 * The scale step: how the fit scales each feature once it has centred it (every fit centres: the ranking
 * d_l = Σ_j |C_j| μ_jl² assumes centred features, paper Section 2), proposed from what the values are, with
 * its reason. One rule, called by the proposal (completeLayout), by `skfr cluster` when --transform is given
 * without --scale, and by the Prepare panel when the transform changes and the scale was not chosen:
 * - one sample per row (the mouse sheet, the paper's simulations): features in their own units, each scaled to
 *   unit variance (the paper's standardisation);
 * - proteins × samples on a log scale — a log transform in the recipe, a quantity its format documents as
 *   logarithmic (a Perseus matrix), or values that look logarithmic (transform.ts looksLogarithmic): centred and
 *   Pareto-scaled (each protein divided by the square root of its sd). On one scale a protein's spread is signal,
 *   so it is not divided away as unit variance would (with thousands of proteins and a few samples, pure noise then
 *   reaches the top); but left whole (centring only), a few proteins with a large spread of their own — blood or
 *   nerve contamination in one tissue sample — outweigh the many proteins that move together across the clusters.
 *   The evidence is in docs/preparation.md ("The scale") and `npm run bench:spikein`;
 * - any other proteins × samples table: unit variance.
 * @example proposeScale({ steps: [{ kind: 'transform', base: 2, nonPositive: 'refuse' }] },
 *   { samplesAsColumns: true, quantity: 'LFQ intensity', raw: true, looksLogarithmic: false })
 *   // { kind: 'scale', method: 'pareto', reason: 'values are log2 intensities on one scale' }
 */
import type { Scale } from '../engine/types.js';
import type { Recipe, ScaleBasis, ScaleStep, TransformStep } from '../table/types.js';

/** The scale proposed for proteins × samples on one log scale (see the module comment). */
export const ONE_SCALE: Scale = 'pareto';

/** The basis of a table with one sample per row (or of a layout that does not say). */
export const ROWS_BASIS: ScaleBasis = { samplesAsColumns: false, quantity: null, raw: null, looksLogarithmic: false };

/** The proposed scale step for `recipe` (its transform) and the table's `basis`; see the module comment. */
export function proposeScale(recipe: Recipe, basis: ScaleBasis = ROWS_BASIS): ScaleStep {
  if (!basis.samplesAsColumns) return { kind: 'scale', method: 'unit-variance', reason: 'one sample per row: features in their own units' };
  const transform = recipe.steps.find((s): s is TransformStep => s.kind === 'transform');
  if (transform) {
    return { kind: 'scale', method: ONE_SCALE, reason: `values are log${transform.base} ${basis.raw === true ? 'intensities' : 'values'} on one scale` };
  }
  if (basis.raw === false) {
    return { kind: 'scale', method: ONE_SCALE, reason: `${basis.quantity ?? 'the values'} ${basis.quantity ? 'is' : 'are'} logarithmic already: one scale` };
  }
  if (basis.looksLogarithmic) return { kind: 'scale', method: ONE_SCALE, reason: 'values look log-transformed already: one scale' };
  return { kind: 'scale', method: 'unit-variance', reason: 'values are not on a log scale: each feature in its own units' };
}

/**
 * The step for a scale the user chose (`--scale`, the Prepare panel): the proposal itself when they agree (its
 * reason kept), else the choice, said to be one.
 * @example chooseScale('unit-variance', { kind: 'scale', method: 'pareto', reason: '…' }).reason // 'chosen instead of the proposed Pareto scaling'
 */
export function chooseScale(method: Scale, proposed: ScaleStep): ScaleStep {
  if (method === proposed.method) return proposed;
  return { kind: 'scale', method, reason: `chosen instead of the proposed ${SCALE_TEXT[proposed.method].name}` };
}

/** The method a recipe fits with: its scale step's, else unit variance (old sessions, direct engine calls). */
export function scaleOf(recipe: Recipe | null | undefined): Scale {
  const step = (recipe?.steps ?? []).find((s): s is ScaleStep => s.kind === 'scale');
  return step?.method ?? 'unit-variance';
}

/** Each method in words: what it does to a feature ("centred and Pareto-scaled") and its short name ("Pareto scaling"). */
const SCALE_TEXT: Record<Scale, { words: string; name: string }> = {
  none: { words: 'centred, not scaled', name: 'centring only' },
  pareto: { words: 'centred and Pareto-scaled', name: 'Pareto scaling' },
  'unit-variance': { words: 'centred and scaled to unit variance', name: 'unit variance' },
};

/** What the method does, in words: "centred, not scaled" / "centred and scaled to unit variance" / "centred and Pareto-scaled". */
export function scaleWords(method: Scale): string {
  return SCALE_TEXT[method].words;
}

/** The step as one sentence for the list of reasons: "Values are log2 intensities on one scale: each feature centred and Pareto-scaled." */
export function scaleSentence(step: ScaleStep): string {
  const reason = step.reason ?? 'the default';
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}: each feature ${scaleWords(step.method)}.`;
}

/** The recipe with its scale step replaced by `step` (added last when it has none); the same object when equal. */
export function withScale(recipe: Recipe, step: ScaleStep): Recipe {
  const current = recipe.steps.find((s): s is ScaleStep => s.kind === 'scale');
  if (current && current.method === step.method && current.reason === step.reason) return recipe;
  return { steps: [...recipe.steps.filter((s) => s.kind !== 'scale'), step] };
}
