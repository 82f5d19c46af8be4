/**
 * The `skfr cluster …` command that reproduces a run from the same file: same layout, mapping, preparation,
 * settings and seed → the same labels and protein list. Built from the very objects that ran (never assembled
 * by hand elsewhere): the Results screen shows it with a copy button, reports print it, `--json` carries it.
 *
 * The command names what the run chose where the CLI would otherwise decide by itself (format, quantity, the
 * preparation as explicit flags: core/prepare/args.ts; the sample table with its name column and its join in
 * file order when chosen); choices equal to what the CLI recognises alone (the format's sample columns and
 * labels) are left out, so the command stays readable. Sample columns chosen by a pattern are always given.
 * @example reproduceCommand({ fileName: 'mice.csv', settings: { k: 8, s: 24, … }, … })
 *   // "skfr cluster mice.csv --format table --id-column MouseID … --k 8 --s 24 --seed 1 …"
 */
import { DEFAULT_S_RULE } from '../engine/gap.js';
import { recipeToArgs } from '../prepare/args.js';
import type { FitSettings } from '../analysis.js';
import type { FormatId, Layout, Mapping, Recipe, SampleTable } from '../table/types.js';

export interface CommandInput {
  fileName: string;
  /** The sheet read (workbooks), else null. */
  sheet: string | null;
  headerRow: number;
  /** The file was read without a header row (--no-header). */
  noHeader?: boolean;
  /** The layout recognised on opening (format, quantity, its own mapping and recipe; the quantities it offers). */
  layout: Pick<Layout, 'format' | 'quantity' | 'mapping' | 'recipe'> & { quantities?: Layout['quantities'] };
  /** The format the mapping read the file as, and the quantity (they may differ from the layout's after a switch). */
  format: FormatId;
  quantity: string | null;
  mapping: Mapping;
  recipe: Recipe;
  settings: FitSettings;
  classColumn: string | null;
  /** Rows mode: the features the CLI takes by default (every numeric column but id and annotations), to leave --features out when equal. */
  defaultFeatures?: readonly string[] | null;
  /**
   * Rows mode: the column the CLI takes as the sample id without --id-column (core/request/sample-id.ts), so that
   * rows numbered while the table has one say `--id-column none`.
   */
  ruleIdColumn?: string | null;
}

/** POSIX-shell quoting: bare when safe, else single quotes. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_./:=%@+,-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const same = (a: readonly string[] | null | undefined, b: readonly string[] | null | undefined) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((x, i) => x === (b ?? [])[i]);

/** The format's own steps (flagged rows, zeros): what the CLI starts from before the preparation flags. */
export function formatSteps(recipe: Recipe): Recipe {
  return { steps: recipe.steps.filter((s) => s.kind === 'remove-flagged' || s.kind === 'zeros-missing') };
}

/**
 * Rows mode: the features the CLI takes when --features is not given (every numeric column but the id, the
 * annotations and the filter columns); null for samples as columns.
 */
export function defaultFeatureColumns(columns: readonly { name: string; kind: string }[], mapping: Mapping): string[] | null {
  if (mapping.orientation !== 'samples-as-rows') return null;
  const reserved = new Set([mapping.idColumn, ...mapping.annotationColumns, ...mapping.filters.map((f) => f.column)]);
  return columns.filter((c) => c.kind === 'numeric' && !reserved.has(c.name)).map((c) => c.name);
}

/** The sample table: `--design FILE[:SHEET]`, its name column when chosen, and the join in file order when chosen. */
function designArgs(design: SampleTable): string[] {
  const [file, sheet] = design.source.split(' ▸ ');
  const args = ['--design', sheet ? `${file}:${sheet}` : file!];
  if (design.sampleColumn !== null) args.push('--design-column', design.sampleColumn);
  if (design.order === 'file') args.push('--design-order', 'file');
  return args;
}

/** The words of the command (unquoted), `skfr` first. */
export function reproduceArgs(input: CommandInput): string[] {
  const { mapping, settings, layout } = input;
  const args = ['skfr', 'cluster', input.fileName];
  if (input.sheet !== null) args.push('--sheet', input.sheet);
  if (input.noHeader) args.push('--no-header');
  else if (input.headerRow !== 1) args.push('--header-row', String(input.headerRow));
  args.push('--format', input.format);
  // The samples: the quantity's columns (--quantity NAME), else the columns named (--sample-columns; the CLI takes
  // one or the other, never both).
  let sampleColumns: string | null = null;
  if (mapping.orientation === 'samples-as-columns') {
    const listed = mapping.sampleColumns && mapping.sampleColumns.length > 0 ? mapping.sampleColumns : null;
    const ofQuantity = input.quantity !== null ? layout.quantities?.find((q) => q.name === input.quantity)?.columns : undefined;
    const byQuantity = ofQuantity !== undefined && listed !== null && same(listed, ofQuantity);
    if (listed !== null) {
      if (!byQuantity && (!same(listed, layout.mapping.sampleColumns) || input.quantity !== layout.quantity)) sampleColumns = `^(${listed.map(escapeRegex).join('|')})$`;
    } else if (mapping.sampleColumnsMatch && mapping.sampleColumnsMatch !== layout.mapping.sampleColumnsMatch) {
      // A pattern is said as given: the recognised layout has no pattern (or another one) to fall back on.
      sampleColumns = mapping.sampleColumnsMatch;
    }
  }
  if (input.quantity !== null && sampleColumns === null) args.push('--quantity', input.quantity);
  if (mapping.orientation === 'samples-as-columns') {
    args.push('--samples-as-columns');
    if (sampleColumns !== null) args.push('--sample-columns', sampleColumns);
    const label = mapping.featureLabelColumns?.[0];
    if (label !== undefined && !same(mapping.featureLabelColumns, layout.mapping.featureLabelColumns)) args.push('--feature-column', label);
    if (mapping.design && !(layout.mapping.design && layout.mapping.design.source === mapping.design.source)) args.push(...designArgs(mapping.design));
  } else {
    if (mapping.idColumn !== null) args.push('--id-column', mapping.idColumn);
    else if ((input.ruleIdColumn ?? null) !== null) args.push('--id-column', 'none');
    const annotations = mapping.annotationColumns.filter((a) => a !== input.classColumn && !mapping.filters.some((f) => f.column === a));
    if (annotations.length > 0) args.push('--annotation-columns', annotations.join(','));
    if (mapping.featureColumns !== null && !same(mapping.featureColumns, input.defaultFeatures ?? null)) {
      args.push('--features', mapping.featureColumns.join(','));
    } else if (mapping.featureColumns === null && mapping.featuresMatch) {
      args.push('--features-match', mapping.featuresMatch);
    }
    if (mapping.design) args.push(...designArgs(mapping.design));
  }
  for (const filter of mapping.filters) for (const value of filter.values) args.push('--where', `${filter.column}=${value}`);
  if (input.classColumn !== null) args.push('--class-column', input.classColumn);
  args.push(...recipeToArgs(input.recipe, formatSteps(layout.recipe)));
  // k: the number of clusters, or with --tune-k the range (without --tune-s k is not used; with it, --k is the k
  // the alternating search starts from, FROM unless said).
  const tuneK = settings.tuneK;
  if (!tuneK || (settings.tune && settings.k !== tuneK.from)) args.push('--k', String(settings.k));
  if (tuneK) args.push('--tune-k', `${tuneK.from}:${tuneK.to}`);
  if (settings.tune) {
    const step = settings.tune.step ?? 1;
    args.push('--tune-s', `${settings.tune.from}:${settings.tune.to}${step !== 1 ? `:${step}` : ''}`);
    if (settings.sRule !== undefined && settings.sRule !== DEFAULT_S_RULE) args.push('--s-rule', settings.sRule);
  } else if (settings.s !== undefined) {
    args.push('--s', String(settings.s));
  }
  // One --permutations serves both curves (the CLI's); the gap over s's when s is tuned.
  const permutations = settings.tune?.permutations ?? tuneK?.permutations;
  if ((settings.tune || tuneK) && permutations !== undefined) args.push('--permutations', String(permutations));
  if (settings.stability) args.push('--stability', String(settings.stability.subsamples));
  args.push('--variant', settings.variant, '--loss', settings.loss, '--restarts', String(settings.restarts), '--seed', String(settings.seed));
  args.push('--max-iter', String(settings.maxIterations));
  return args;
}

/** The command as one shell line. */
export function reproduceCommand(input: CommandInput): string {
  return reproduceArgs(input).map(shellQuote).join(' ');
}
