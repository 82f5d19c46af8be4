/**
 * Pure helpers for the preparation recipe (core/prepare) as the Import screen switches it: one switch per
 * flagged-row step the recognised layout offers (decoys, contaminants, site-only) and "0 means not quantified".
 * Steps keep one order whatever the clicks: flagged rows in the layout's order, then zeros → missing, then the
 * recipe's other steps (log transform, valid values, normalisation, imputation) as they were.
 *
 * @example setZerosMissing({ steps: [] }, true) // { steps: [{ kind: 'zeros-missing' }] }
 */
import type { FlagKind, PrepStep, Recipe, StepReport } from '../../../core/table/types';
import { describeStep } from '../../../core/prepare/steps';

export type FlagStep = Extract<PrepStep, { kind: 'remove-flagged' }>;

export const FLAG_SWITCH_LABELS: Record<FlagKind, string> = {
  decoy: 'Remove decoys (reverse hits)',
  contaminant: 'Remove contaminants',
  'site-only': 'Remove proteins only identified by a modification site',
  'not-master': 'Remove proteins that are not the master of their group',
};

export function flagSteps(recipe: Recipe | null | undefined): FlagStep[] {
  return (recipe?.steps ?? []).filter((s): s is FlagStep => s.kind === 'remove-flagged');
}

export function hasZerosMissing(recipe: Recipe | null | undefined): boolean {
  return (recipe?.steps ?? []).some((s) => s.kind === 'zeros-missing');
}

export function hasFlag(recipe: Recipe, flag: FlagKind): boolean {
  return flagSteps(recipe).some((s) => s.flag === flag);
}

/** Steps other than flagged rows and zeros, in their order. */
function otherSteps(recipe: Recipe): PrepStep[] {
  return recipe.steps.filter((s) => s.kind !== 'remove-flagged' && s.kind !== 'zeros-missing');
}

function ordered(flags: FlagStep[], zeros: boolean, rest: PrepStep[]): Recipe {
  return { steps: [...flags, ...(zeros ? [{ kind: 'zeros-missing' } as const] : []), ...rest] };
}

/** Turns "0 means not quantified" on or off. */
export function setZerosMissing(recipe: Recipe, on: boolean): Recipe {
  return ordered(flagSteps(recipe), on, otherSteps(recipe));
}

/**
 * Turns the removal of one kind of flagged row on or off; `offered` (the layout's recipe) holds the step to add
 * and the order. A flag the layout does not offer cannot be turned on (the recipe is returned unchanged).
 */
export function setFlag(recipe: Recipe, offered: Recipe, flag: FlagKind, on: boolean): Recipe {
  const available = flagSteps(offered);
  const current = new Set(flagSteps(recipe).map((s) => s.flag));
  if (on) {
    if (!available.some((s) => s.flag === flag)) return recipe;
    current.add(flag);
  } else current.delete(flag);
  return ordered(
    available.filter((s) => current.has(s.flag)),
    hasZerosMissing(recipe),
    otherSteps(recipe),
  );
}

/** The count a step reported in the last preparation (matched by its label), null when it did not run. */
export function stepCount(preparation: readonly StepReport[] | null | undefined, step: PrepStep): number | null {
  const label = describeStep(step);
  const report = (preparation ?? []).find((r) => r.step === step.kind && r.label === label);
  return report ? report.count : null;
}

/** How the file marks a kind of flagged row: "Rows with “Reverse” = + or whose “Protein IDs” start with REV__ or rev_." */
export function flagHow(step: FlagStep): string {
  const how: string[] = [];
  if (step.markerColumn) how.push(`with “${step.markerColumn}” = +`);
  if (step.idColumn && step.prefixes.length > 0) {
    const list = step.prefixes.length > 1 ? `${step.prefixes.slice(0, -1).join(', ')} or ${step.prefixes[step.prefixes.length - 1]}` : step.prefixes[0];
    how.push(`whose “${step.idColumn}” starts with ${list}`);
  }
  return how.length ? `Rows ${how.join(' or ')}.` : '';
}
