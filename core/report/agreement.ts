/**
 * "The clusters follow something else": after a fit, the partition is compared with every categorical sample
 * annotation by the adjusted Rand index (core/engine/metrics.ts). When an annotation that is not the known class
 * explains the clusters — ARI ≥ FOLLOW_ARI (0.5), and above the known class's ARI when there is one — one sentence
 * names it, gives both figures and the remedy:
 *   “The clusters follow “lab” (ARI 1.00) rather than “condition” (ARI −0.08): a batch effect? Remove it: Batch ▸
 *   lab (`--batch lab`).”
 * - Categorical: 2 levels or more, and fewer levels than samples with a value (so per-sample ids are left out);
 *   samples with no value are left out of its ARI (and of the class's).
 * - The known class (core/prepare/confounding.ts knownClass) is never the subject of the warning.
 * - An annotation nested in the class (each of its levels within one class: subjects, or labs that each measured
 *   one condition) gets no remedy: removing it as a batch would remove the class differences too.
 * - An annotation whose batch effect the recipe already removed is said so, without the remedy.
 * - A name that does not look like a batch (batch-columns.ts) is not called one: "if it is a batch effect, …".
 * - With no known class, an annotation named like a class (class-names.ts: `class`, `condition`, `genotype`, …, and
 *   not like a batch) is not the subject either: clusters that follow it found the class, not something else.
 * Example: clusters [1,1,2,2,3,3], lab [A,A,B,B,C,C], condition [x,y,x,y,x,y] → lab ARI 1, condition ARI
 *   (0 − 1.2) / (4.5 − 1.2) = −0.36: the sentence above, with those figures.
 */
import { adjustedRandIndex } from '../engine/metrics.js';
import { looksLikeBatch } from '../prepare/batch-columns.js';
import { looksLikeClass } from '../prepare/class-names.js';
import { batchStepOf, knownClass } from '../prepare/confounding.js';
import type { Recipe } from '../table/types.js';
import { shellQuote } from './command.js';

/** The ARI from which an annotation is said to explain the clusters. */
export const FOLLOW_ARI = 0.5;

/** An ARI as the sentence writes it: two decimals, a true minus sign, never "−0.00". */
export function ariText(ari: number): string {
  const text = Math.abs(ari).toFixed(2);
  return ari < 0 && text !== '0.00' ? `−${text}` : text;
}

/**
 * The ARI between the labels and a categorical annotation over the samples that have a value, or null when the
 * annotation is not categorical there (fewer than 2 levels, or a level per sample).
 */
export function annotationAri(labels: ArrayLike<number>, values: readonly (string | null)[]): number | null {
  const codes = new Map<string, number>();
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined || v.trim() === '') continue;
    if (!codes.has(v)) codes.set(v, codes.size);
    a.push(labels[i]!);
    b.push(codes.get(v)!);
  }
  if (codes.size < 2 || codes.size >= b.length) return null;
  return adjustedRandIndex(a, b);
}

/** True when every level of `inner` (over samples with both values) lies within one level of `outer`. */
export function nestedIn(inner: readonly (string | null)[], outer: readonly (string | null)[]): boolean {
  const within = new Map<string, string>();
  for (let i = 0; i < inner.length; i++) {
    const u = inner[i];
    const v = outer[i];
    if (u === null || u === undefined || v === null || v === undefined) continue;
    const seen = within.get(u);
    if (seen === undefined) within.set(u, v);
    else if (seen !== v) return false;
  }
  return true;
}

export interface AgreementInput {
  /** The cluster of each sample (any integers), in the annotations' order. */
  labels: ArrayLike<number>;
  annotations: Record<string, readonly (string | null)[]>;
  /** The run's class column (null: none; then the group of a per-group valid-value filter is the known class). */
  classColumn: string | null;
  recipe: Recipe;
}

/** The sentence (see the module comment), or null when no other annotation explains the clusters. */
export function agreementWarning(input: AgreementInput): string | null {
  const known = knownClass(input.classColumn, input.recipe);
  const classValues = known !== null ? input.annotations[known] : undefined;
  const classAri = classValues ? annotationAri(input.labels, classValues) : null;
  let best: { name: string; ari: number } | null = null;
  for (const [name, values] of Object.entries(input.annotations)) {
    // (no class known: clusters that follow an annotation named like the class — a `class`, `condition` — found it)
    if (name === known || (known === null && looksLikeClass(name) && !looksLikeBatch(name))) continue;
    const ari = annotationAri(input.labels, values);
    if (ari === null || ari < FOLLOW_ARI || (classAri !== null && !(ari > classAri))) continue;
    if (best === null || ari > best.ari) best = { name, ari };
  }
  if (best === null) return null;
  const { name, ari } = best;
  const rather = classAri !== null ? ` rather than “${known}” (ARI ${ariText(classAri)})` : '';
  const head = `The clusters follow “${name}” (ARI ${ariText(ari)})${rather}`;
  if (batchStepOf(input.recipe)?.columns.includes(name)) {
    return `${head}, although its batch effect was removed: its batches may differ in spread, or the proteins left as they were in small batches may decide the clusters.`;
  }
  if (classValues && nestedIn(input.annotations[name]!, classValues)) {
    return `${head}, and each “${name}” lies within one “${known}”: this cannot be removed as a batch effect without removing the differences between the “${known}” groups too.`;
  }
  const remedy = `Batch ▸ ${name} (\`--batch ${shellQuote(name)}\`)`;
  return looksLikeBatch(name) ? `${head}: a batch effect? Remove it: ${remedy}.` : `${head}: if it is a batch effect, remove it: ${remedy}.`;
}
