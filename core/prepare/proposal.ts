/**
 * The preparation a run uses, and why: the one proposal `skfr cluster` (from its flags) and the app (from its
 * Import and Prepare screens, through the jobs session's 'map' job) both make, so the same columns give the same
 * recipe everywhere (issue 25, item 1).
 *
 * Proposed on the data as the run maps it (sample columns, the sample table joined, filters applied), from the
 * format's own steps as switched (--keep-…, --zero-is-value; the app's switches): completeLayout's floor value
 * read as "not quantified" (core/prepare/floor.ts) and log2 for raw
 * intensities, 70 % valid values (per group of the sample table's group column when it has one), and the scale
 * the fit uses. The choices the user gave (CLI flags; the app's edits, givenChoices) replace their proposal; the
 * scale follows the transform as run unless it was given. A table with one sample per row (or a plain matrix read
 * with one sample per column) gets the scale alone.
 * @example proposeRecipe(table, { layout, mapping, off: { keep: [], zeroIsValue: false }, proposable: true }, {}, 1).recipe.steps.map((s) => s.kind)
 *   // MaxQuant LFQ: ['remove-flagged', 'remove-flagged', 'remove-flagged', 'zeros-missing', 'transform', 'min-valid', 'scale']
 */
import type { Scale } from '../engine/types.js';
import { namePattern } from '../table/name-pattern.js';
import type { Layout, Mapping, Recipe, ScaleBasis, Table } from '../table/types.js';
import { choicesOf, recipeFromChoices, type RecipeChoices } from './args.js';
import { formatSteps } from '../report/command.js';
import { withQuantity } from '../table/formats/recognize.js';
import { completeLayout } from './propose.js';
import { chooseScale, proposeScale, ROWS_BASIS, scaleSentence } from './scale.js';

/**
 * The preparation choices given over the proposal (`skfr cluster` flags, the app's edits); undefined = not given,
 * the proposed choice.
 */
export interface PrepChoices {
  /** --floor: the value read as "not quantified" (null: none). */
  floor?: number | null;
  transform?: RecipeChoices['transform'];
  /** --drop-samples: drop samples with no value (0) or fewer than N values (null: off). */
  dropSamples?: number | null;
  minValid?: RecipeChoices['minValid'];
  normalize?: boolean;
  batch?: RecipeChoices['batch'];
  impute?: RecipeChoices['impute'];
  /** --scale (or --no-standardize = none); the app: the scale the user chose. */
  scale?: Scale;
}

/** What the proposal reads besides the table. */
export interface ProposalInput {
  /**
   * The layout the run reads: its format, the quantities it offers, the quantity read (null when the sample
   * columns were chosen by pattern or one by one: then the quantity whose columns they are, quantityOfColumns)
   * and the format's own steps for it (flagged rows out, zeros missing; none for one sample per row).
   */
  layout: Pick<Layout, 'format' | 'formatLabel' | 'quantities' | 'quantity' | 'recipe'>;
  /** The mapping as the run maps it (sample columns or their pattern, the sample table, filters). */
  mapping: Mapping;
  /** The format's steps switched off (--keep-…, --zero-is-value; the app's switches). */
  off: Pick<RecipeChoices, 'keep' | 'zeroIsValue'>;
  /** false: one sample per row, or a plain matrix read with one sample per column: only the scale is proposed. */
  proposable: boolean;
}

export interface Proposal {
  /** The recipe to run: the proposal with the given choices in place of theirs. */
  recipe: Recipe;
  /** The proposal alone (no choice given): what a later change is compared with (givenChoices). */
  proposed: Recipe;
  /** Why, one sentence per choice (the scale's last). */
  reasons: string[];
  /** What the scale was proposed from (Layout.scaleBasis). */
  scaleBasis: ScaleBasis;
  /** The quantity the sample columns are (given, or found by quantityOfColumns), else null. */
  quantity: string | null;
  /** The format's own steps for that quantity: what the choices (and the reproduce command's flags) are relative to. */
  base: Recipe;
}

/** The names of the columns of `table` that match `pattern` (a --sample-columns REGEX). */
export function matchingColumns(table: Table, pattern: string): string[] {
  const regex = namePattern(pattern, 'The pattern');
  return table.columns.filter((c) => regex.test(c.name)).map((c) => c.name);
}

/**
 * The quantity the format offers whose columns are exactly `columns` (in its order), else null: sample columns
 * chosen by a pattern or one by one are that quantity for the proposal (its kind says whether it is raw), so the
 * same columns get the same proposal however they were chosen.
 * @example quantityOfColumns(layout.quantities, ['Intensity H1', …, 'Intensity N5']) // 'Intensity'
 */
export function quantityOfColumns(quantities: Layout['quantities'], columns: readonly string[] | null | undefined): string | null {
  if (!columns || columns.length === 0) return null;
  return quantities.find((q) => q.columns.length === columns.length && q.columns.every((c, i) => c === columns[i]))?.name ?? null;
}

/** The proposal and the recipe with `given` in place of its choices (see the module comment). */
export function proposeRecipe(table: Table, input: ProposalInput, given: PrepChoices, seed: number): Proposal {
  const mapping = input.proposable && input.mapping.sampleColumnsMatch ? { ...input.mapping, sampleColumns: matchingColumns(table, input.mapping.sampleColumnsMatch) } : input.mapping;
  const found = input.proposable ? quantityOfColumns(input.layout.quantities, mapping.sampleColumns) : null;
  const quantity = input.layout.quantity ?? found;
  // Columns of another quantity than the one read: that quantity's own steps (spectral counts keep their zeros).
  const own = input.layout.quantity === null && found !== null ? quantityLayout(input.layout, found).recipe : input.layout.recipe;
  const base = formatSteps(own);
  const switched: Recipe = recipeFromChoices(base, { ...NO_CHOICES, ...input.off }, seed);
  let completed: Recipe = switched;
  let reasons: string[];
  let basis: ScaleBasis = ROWS_BASIS;
  if (input.proposable) {
    const layout: Layout = {
      ...input.layout,
      quantity,
      mapping,
      recipe: switched,
      description: input.layout.formatLabel,
      embeddedDesign: false,
    };
    const done = completeLayout(table, layout);
    completed = done.recipe;
    reasons = [...(done.reasons ?? [])];
    basis = done.scaleBasis ?? basis;
  } else {
    const scale = proposeScale(completed, basis);
    completed = { steps: [...completed.steps, scale] };
    reasons = [scaleSentence(scale)];
  }
  reasons.pop(); // the proposal's scale sentence (always the last reason), said again below as it runs
  const proposedChoices = choicesOf(completed, base);
  const build = (prep: PrepChoices): { recipe: Recipe; reasons: string[] } => {
    const choices: RecipeChoices = { ...proposedChoices };
    const named: string[] = [];
    if (prep.floor !== undefined) {
      choices.floor = prep.floor;
      if (prep.floor !== (proposedChoices.floor ?? null)) named.push('--floor');
    }
    if (prep.transform !== undefined) {
      choices.transform = prep.transform;
      named.push('--transform');
    }
    if (prep.minValid !== undefined) {
      choices.minValid = prep.minValid;
      named.push('--min-valid');
    }
    if (prep.normalize !== undefined) choices.normalize = prep.normalize;
    if (prep.dropSamples !== undefined) choices.dropSamples = prep.dropSamples;
    if (prep.batch !== undefined) choices.batch = prep.batch;
    if (prep.impute !== undefined) choices.impute = prep.impute;
    // The scale follows the transform as run (the rule the Prepare panel follows too), unless it was given.
    const { kind: _kind, ...ruled } = proposeScale(recipeFromChoices(base, choices, seed), basis);
    const scale = prep.scale !== undefined ? chooseScale(prep.scale, { kind: 'scale', ...ruled }) : { kind: 'scale' as const, ...ruled };
    if (prep.scale !== undefined && scale.method !== ruled.method) named.push('--scale');
    const { kind: _scaleKind, ...scaleChoice } = scale;
    choices.scale = scaleChoice;
    const why = [...reasons];
    if (named.length > 0 && (input.proposable || named.includes('--scale'))) why.push(`Given instead of the proposal: ${named.join(' and ')}.`);
    why.push(scaleSentence(scale));
    return { recipe: recipeFromChoices(base, choices, seed), reasons: why };
  };
  const run = build(given);
  return { recipe: run.recipe, proposed: build({}).recipe, reasons: run.reasons, scaleBasis: basis, quantity, base };
}

/** No preparation choice: the format's steps alone. */
const NO_CHOICES: RecipeChoices = { keep: [], zeroIsValue: false, floor: null, transform: null, minValid: null, normalize: false, batch: null, impute: null, scale: null };

/** The layout read as `quantity` (recognize.ts withQuantity: its columns, its zeros). */
function quantityLayout(layout: ProposalInput['layout'], quantity: string): Pick<Layout, 'recipe'> {
  return withQuantity({ ...layout, mapping: { orientation: 'samples-as-columns', idColumn: null, annotationColumns: [], featureColumns: null, filters: [] }, description: '', embeddedDesign: false }, quantity) ?? layout;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The choices of `recipe` the user gave, as the flags `skfr cluster` would be given: each choice that differs from
 * the last proposal `from` (every choice when `from` is null: a recipe recorded in a saved analysis), and the scale
 * when the user chose it (`scaleEdited`). Example: the proposal had log2 and the user chose none → { transform: null }.
 */
export function givenChoices(recipe: Recipe, from: Recipe | null, base: Recipe, scaleEdited: boolean): PrepChoices {
  // (`base` only decides the format's switches, which are not among these choices.)
  const now = choicesOf(recipe, base);
  const was = from !== null ? choicesOf(from, base) : null;
  const given: PrepChoices = {};
  if (was === null || (now.floor ?? null) !== (was.floor ?? null)) given.floor = now.floor ?? null;
  if (was === null || !same(now.transform, was.transform)) given.transform = now.transform;
  if (was === null || !same(now.minValid, was.minValid)) given.minValid = now.minValid;
  if (was === null || now.normalize !== was.normalize) given.normalize = now.normalize;
  if (was === null || !same(now.batch, was.batch)) given.batch = now.batch;
  if (was === null || now.impute !== was.impute) given.impute = now.impute;
  if (was === null || scaleEdited) given.scale = now.scale?.method ?? 'unit-variance';
  return given;
}
