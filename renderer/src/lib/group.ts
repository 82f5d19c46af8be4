/**
 * The group the valid-value filter proposes once the samples have annotations (a sample table attached, Perseus
 * category rows): core/prepare/propose.ts `proposeGroup` — an annotation with 2 or more groups, fewer groups than
 * samples and some group of 2 samples or more, names such as "condition" or "group" first, then fewer groups —
 * applied to the value counts a map returns (MapResult.annotationValues), which is all it needs: the annotations
 * are rebuilt as each value repeated by its count.
 *
 * @example proposedGroup({ replicate: [{ value: '1', count: 3 }, { value: '2', count: 3 }],
 *   condition: [{ value: 'a', count: 2 }, { value: 'b', count: 4 }] }) // 'condition'
 */
import type { MapResult } from '../../../core/jobs/types';
import type { Recipe, SampleTable } from '../../../core/table/types';
import { DEFAULT_MIN_VALID_PERCENT, minValidStep, proposeGroup } from '../../../core/prepare/propose';
import { minValidOf, setMinValid } from './prepare-steps';

export type AnnotationValues = MapResult['annotationValues'];

/** Each annotation as a list of values, every value repeated by its count (the order of samples does not matter here). */
export function annotationsFromValues(values: AnnotationValues): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, counts] of Object.entries(values)) {
    out[name] = counts.flatMap(({ value, count }) => Array.from({ length: count }, () => value));
  }
  return out;
}

/** The annotation to filter valid values per group of (see the module comment); null when none groups the samples. */
export function proposedGroup(values: AnnotationValues): string | null {
  return proposeGroup(annotationsFromValues(values));
}

/**
 * The proposed filter (70 %, in at least one group of `group`, else in total) in place of an untouched one. Only a
 * filter at the proposed amount (70 %) is regrouped; a recipe without a filter, or with another amount, is returned
 * as it is.
 */
export function regroup(recipe: Recipe, group: string | null): Recipe {
  const step = minValidOf(recipe);
  if (!step || step.count !== null || step.percent !== DEFAULT_MIN_VALID_PERCENT) return recipe;
  const proposed = minValidStep(group);
  return setMinValid(recipe, { count: proposed.count, percent: proposed.percent, scope: proposed.scope, group: proposed.group });
}

/**
 * Where the samples' annotation `group` comes from, in the words the Prepare panel says it with: a column of the
 * attached sample table, of the file's own sample annotations (Perseus category rows, a GCT's column block: an
 * embedded sample table), or — the format's naming, `name part 1`, `channel`, `experiment` (core/table/formats/
 * naming.ts) — the sample names themselves.
 * @example groupOrigin('name part 1', null, false) // 'read from the sample names'
 * @example groupOrigin('condition', design, false) // 'of the sample table'
 */
export function groupOrigin(group: string, design: Pick<SampleTable, 'columns'> | null | undefined, embedded: boolean): string {
  if (design && design.columns.some((c) => c.name === group)) return embedded ? 'of the file’s own sample annotations' : 'of the sample table';
  return 'read from the sample names';
}
