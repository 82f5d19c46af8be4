/**
 * The 'map' job's proposal (MapRequest.propose): the preparation for the mapping the Import screen shows, made by
 * the function `skfr cluster` makes it with (core/prepare/proposal.ts proposeRecipe), from what the CLI would be
 * given for the same choice — so after a change of the sample columns, the quantity or the sample table the app's
 * recipe is the CLI's (issue 25, item 1):
 * - the quantity: the sample columns of a quantity the file offers are `--quantity NAME` (the recognised ones: no
 *   flag); columns chosen by pattern or one by one are `--sample-columns`, of no quantity (the reproduce command,
 *   core/report/command.ts, says the same);
 * - the format's steps as the app switched them (decoys, contaminants, zeros) are --keep-… / --zero-is-value; a
 *   table read with one sample per row has none, and a plain matrix read with one sample per column gets only its
 *   scale proposed, as in the CLI;
 * - the preparation choices the user changed since the last proposal are the flags given (givenChoices).
 * @example proposalFor(dataset, { ...mapping, sampleColumns: null, sampleColumnsMatch: '^LFQ' }, recipe, { from: proposed })
 *   // { recipe: { steps: [flags…, zeros-missing, transform log2, min-valid 70 %, scale none] }, quantity: null, … }
 */
import { formatSteps } from '../report/command.js';
import { givenChoices, proposeRecipe } from '../prepare/proposal.js';
import { EMPTY_RECIPE } from '../prepare/index.js';
import { withQuantity } from '../table/formats/recognize.js';
import type { ImputeStep, Layout, Mapping, PrepStep, Recipe } from '../table/types.js';
import type { Dataset } from './datasets.js';
import type { MapProposal, MapRequest } from './types.js';

const same = (a: readonly string[] | null | undefined, b: readonly string[] | null | undefined) =>
  a !== null && a !== undefined && b !== null && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The quantity whose columns the mapping's sample columns are, as the CLI reads the choice: the recognised
 * layout's own columns → its quantity; another quantity's columns, in its order → that one; anything else
 * (a pattern, a hand-picked set) → null.
 */
export function quantityOfColumns(layout: Pick<Layout, 'quantity' | 'quantities' | 'mapping'>, mapping: Mapping): string | null {
  if (mapping.orientation !== 'samples-as-columns' || mapping.sampleColumnsMatch) return null;
  if (same(mapping.sampleColumns, layout.mapping.sampleColumns)) return layout.quantity;
  return layout.quantities.find((q) => same(mapping.sampleColumns, q.columns))?.name ?? null;
}

/** Whether the recipe holds `step` of the format (a flagged-row step by its flag). */
function holds(recipe: Recipe, step: PrepStep): boolean {
  return recipe.steps.some((s) => s.kind === step.kind && (s.kind !== 'remove-flagged' || (step.kind === 'remove-flagged' && s.flag === step.flag)));
}

/** The proposal for `mapping` on the dataset, with the user's choices of `recipe` kept (see the module comment). */
export function proposalFor(d: Dataset, mapping: Mapping, recipe: Recipe, propose: NonNullable<MapRequest['propose']>): MapProposal {
  const recognised = d.layout;
  const columns = mapping.orientation === 'samples-as-columns';
  const proposable = columns && recognised.mapping.orientation === 'samples-as-columns';
  const quantity = proposable ? quantityOfColumns(recognised, mapping) : null;
  const layout = quantity !== null && quantity !== recognised.quantity ? (withQuantity(recognised, quantity) ?? recognised) : recognised;
  // The format's steps: none for one sample per row, or a plain matrix (the CLI reads them without).
  const base = proposable ? formatSteps(layout.recipe) : EMPTY_RECIPE;
  const switched: Recipe = { steps: base.steps.filter((step) => holds(recipe, step)) };
  const given = givenChoices(recipe, propose.from, base, propose.scaleEdited ?? false);
  const seed = recipe.steps.find((s): s is ImputeStep => s.kind === 'impute')?.seed ?? 1;
  const proposal = proposeRecipe(
    d.table,
    { layout: { format: layout.format, formatLabel: layout.formatLabel, quantities: layout.quantities, quantity }, mapping, base, switched, proposable },
    given,
    seed,
  );
  return { ...proposal, quantity };
}
