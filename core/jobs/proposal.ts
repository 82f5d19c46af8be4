/**
 * The 'map' job's proposal (MapRequest.propose): the preparation for the mapping the Import screen shows, made by
 * the function `skfr cluster` makes it with (core/prepare/proposal.ts proposeRecipe), from what the CLI would be
 * given for the same choice — so after a change of the sample columns, the quantity or the sample table the app's
 * recipe is the CLI's (issue 25, item 1):
 * - the quantity: the recognised sample columns are the recognised quantity (no flag); columns chosen by pattern
 *   or one by one are `--sample-columns`, which proposeRecipe reads as the quantity whose columns they are, if any
 *   (with that quantity's own steps: spectral counts keep their zeros);
 * - the format's steps as the app switched them (decoys, contaminants, zeros) are --keep-… / --zero-is-value; a
 *   table read with one sample per row has none, and a plain matrix read with one sample per column gets only its
 *   scale proposed, as in the CLI;
 * - the preparation choices the user changed since the last proposal are the flags given (givenChoices).
 * @example proposalFor(dataset, { ...mapping, sampleColumns: intensityColumns }, recipe, { from: proposed })
 *   // MaxQuant: { recipe: { steps: [flags…, zeros-missing, transform log2, min-valid 70 %, scale none] }, quantity: 'Intensity', … }
 */
import { formatSteps } from '../report/command.js';
import { givenChoices, proposeRecipe } from '../prepare/proposal.js';
import { EMPTY_RECIPE } from '../prepare/index.js';
import type { FlagKind, ImputeStep, Mapping, Recipe } from '../table/types.js';
import type { Dataset } from './datasets.js';
import type { MapProposal, MapRequest } from './types.js';

const same = (a: readonly string[] | null | undefined, b: readonly string[] | null | undefined) =>
  a !== null && a !== undefined && b !== null && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

/** The flagged-row steps of `base` that `recipe` leaves out, and whether it leaves out zeros → missing (the app's switches). */
function switchedOff(recipe: Recipe, base: Recipe): { keep: FlagKind[]; zeroIsValue: boolean } {
  const flags = new Set(recipe.steps.flatMap((s) => (s.kind === 'remove-flagged' ? [s.flag] : [])));
  return {
    keep: base.steps.flatMap((s) => (s.kind === 'remove-flagged' && !flags.has(s.flag) ? [s.flag] : [])),
    zeroIsValue: base.steps.some((s) => s.kind === 'zeros-missing') && !recipe.steps.some((s) => s.kind === 'zeros-missing'),
  };
}

/** The proposal for `mapping` on the dataset, with the user's choices of `recipe` kept (see the module comment). */
export function proposalFor(d: Dataset, mapping: Mapping, recipe: Recipe, propose: NonNullable<MapRequest['propose']>): MapProposal {
  const recognised = d.layout;
  const proposable = mapping.orientation === 'samples-as-columns' && recognised.mapping.orientation === 'samples-as-columns';
  // The recognised columns are the recognised quantity (no flag); any other choice is --sample-columns, whose
  // quantity proposeRecipe finds (a quantity's columns: that quantity, as --quantity would read them).
  const own = proposable && !mapping.sampleColumnsMatch && same(mapping.sampleColumns, recognised.mapping.sampleColumns);
  // One sample per row (or a plain matrix): no format steps, as the CLI reads them.
  const steps = proposable ? recognised.recipe : EMPTY_RECIPE;
  const layout = { format: recognised.format, formatLabel: recognised.formatLabel, quantities: recognised.quantities, quantity: own ? recognised.quantity : null, recipe: steps };
  const seed = recipe.steps.find((s): s is ImputeStep => s.kind === 'impute')?.seed ?? 1;
  const base = formatSteps(steps);
  const given = givenChoices(recipe, propose.from, base, propose.scaleEdited ?? false);
  const { base: _base, ...proposal } = proposeRecipe(d.table, { layout, mapping, off: switchedOff(recipe, base), proposable }, given, seed);
  return proposal;
}
