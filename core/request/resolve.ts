/**
 * One path from request to prepared matrix (issue 25, item 1): the layout, mapping and recipe a run reads `table`
 * with, from its data request (core/request/types.ts DataRequest: what `skfr cluster`'s flags ask for) — the
 * format forced or recognised, rows mode or samples as columns, --sample-columns, --quantity, --feature-column, the
 * sample table joined, the old transposed reading — with the preparation proposed for it (core/prepare/proposal.ts
 * proposeRecipe, the one the app's 'map' job proposes with) and the flags given over it. Problems are one sentence
 * each (SkfrError 'invalid-option'). The CLI parses its arguments into the request (cli/commands/cluster-options.ts
 * planCluster) and calls resolveRequest on the parsed table; the app and `skfr rerun` run the mapping and recipe a
 * session records, which resolveRequest (or the app's Import screen, through the same proposal) resolved.
 * @example resolveRequest(maxquantTable, requestOf(planCluster(['proteinGroups.txt', '--k', '3', '--s', '10'])!), null)
 *   // { format: 'maxquant', quantity: 'LFQ intensity', mapping: { orientation: 'samples-as-columns', sampleColumns: ['LFQ intensity H1', …] }, recipe: { steps: [remove-flagged ×3, zeros-missing, transform log2, min-valid 70 %, scale none] }, … }
 */
import { SkfrError } from '../errors.js';
import { EMPTY_RECIPE } from '../prepare/index.js';
import { choicesOf } from '../prepare/args.js';
import { matchingColumns, proposeRecipe } from '../prepare/proposal.js';
import { formatSteps } from '../report/command.js';
import { sampleNaming } from '../table/formats/naming.js';
import { notesWith } from '../table/formats/notes.js';
import { isDeclaredFormat, notDeclared } from '../table/formats/declared.js';
import { layoutAs, normalName, recognizeLayout, withQuantity } from '../table/formats/recognize.js';
import { FORMATS } from '../table/formats/specs.js';
import { columnNumbers, numericColumnNames, quoteList } from '../table/lookup.js';
import { emptyColumnsMapping } from '../table/empty-mapping.js';
import { NAME_GROUP } from '../table/name-groups.js';
import type { FormatId, Layout, Mapping, Recipe, SampleTable, ScaleBasis, Table } from '../table/types.js';
import { codedAnnotationColumns, codedAnnotationNote, codeLevels, isAnnotationName } from './coded-annotations.js';
import { numericIdNote, sampleIdColumn } from './sample-id.js';
import type { DataRequest, LayoutOptions, PrepOptions, ResolvedLayout } from './types.js';

function invalid(message: string): SkfrError {
  return new SkfrError('invalid-option', message);
}

/**
 * A column used in --where is an annotation by nature (after filtering it is constant): keep it out of the
 * features. Added only when the table has it, so a misspelt filter column is reported as a filter problem.
 */
export function withFilterAnnotations(mapping: Mapping, columnNames: readonly string[]): Mapping {
  if (mapping.orientation !== 'samples-as-rows') return mapping;
  const annotationColumns = [...mapping.annotationColumns];
  for (const { column } of mapping.filters) {
    const isFeature = mapping.featureColumns?.includes(column) ?? false;
    if (columnNames.includes(column) && column !== mapping.idColumn && !isFeature && !annotationColumns.includes(column)) {
      annotationColumns.push(column);
    }
  }
  return { ...mapping, annotationColumns };
}

/**
 * One sample per row and no --id-column: the sample id column of the table (sample-id.ts, the rule the app's Import
 * screen guesses with), unless the request names it otherwise (an annotation, a class or --where column); else the
 * rows are numbered. --id-column none (LayoutOptions.rowNumbers) numbers them whatever the table holds.
 * @example withSampleId(mouseTable, request).idColumn // 'MouseID'; with --id-column none: null
 */
function withSampleId(table: Table, request: DataRequest): Mapping {
  const { mapping } = request;
  if (mapping.idColumn !== null || mapping.orientation !== 'samples-as-rows' || request.layout.rowNumbers === true) return mapping;
  const id = sampleIdColumn(table);
  const named = new Set([...mapping.annotationColumns, ...mapping.filters.map((f) => f.column), ...(request.classColumn !== null ? [request.classColumn] : [])]);
  return id !== null && !named.has(id) ? { ...mapping, idColumn: id } : mapping;
}

/**
 * One sample per row and no feature list asked (--features, --features-match): the table's coded sample annotations
 * (coded-annotations.ts: a numeric `class`, `group`, `plate` … of a few whole-number codes) join the annotations,
 * so they are not fitted; a column the request names otherwise (the id, an annotation, a filter, the class) is left
 * as named. @example withCodedAnnotations(simulated, request, mapping).annotationColumns // ['class']
 */
function withCodedAnnotations(table: Table, request: DataRequest, mapping: Mapping): Mapping {
  if (mapping.orientation !== 'samples-as-rows' || request.mapping.featureColumns !== null || (request.mapping.featuresMatch ?? null) !== null) return mapping;
  const named = new Set([...(mapping.idColumn !== null ? [mapping.idColumn] : []), ...mapping.annotationColumns, ...mapping.filters.map((f) => f.column), ...(request.classColumn !== null ? [request.classColumn] : [])]);
  const coded = codedAnnotationColumns(table).filter((name) => !named.has(name));
  return coded.length === 0 ? mapping : { ...mapping, annotationColumns: [...mapping.annotationColumns, ...coded] };
}

/**
 * The annotations of `mapping` (the class column aside) that are coded sample annotations: withCodedAnnotations'
 * columns, numeric in `table` or, read as written (the CLI's second read, `--annotation-columns` of the reproduce
 * command), texts that are codes — so that a run and its reproduce command say the same.
 */
function codedAnnotationsOf(table: Table, request: DataRequest, mapping: Mapping): string[] {
  return mapping.annotationColumns.filter((name) => {
    if (name === request.classColumn || !isAnnotationName(name)) return false;
    const column = table.columns.find((c) => c.name === name);
    const numbers = column !== undefined ? columnNumbers(column) : null;
    return numbers !== null && codeLevels(numbers, table.rowCount) > 0;
  });
}

/** resolveMapping's answer: the layout, the format recipe less the switched-off steps, and whether to propose. */
type ResolvedMapping = Omit<ResolvedLayout, 'reasons'> & { proposable: boolean };

const fileOf = (table: Table) => `“${table.fileName}”`;

/** One sentence saying why `table` cannot be read as `format` (layoutAs gave null). */
function notThisFormat(table: Table, format: Exclude<FormatId, 'table'>): SkfrError {
  if (format === 'perseus') {
    return invalid(`${fileOf(table)} is not a Perseus matrix: it has no “#!{Type}” row under its header naming the expression (E) columns.`);
  }
  if (isDeclaredFormat(format)) return invalid(`${notDeclared(table, format)}.`);
  const spec = FORMATS.find((f) => f.id === format)!;
  const names = new Set(table.columns.map((c) => normalName(c.name)));
  const missing = spec.requires.filter((name) => !names.has(normalName(name)));
  const what = missing.length > 0
    ? `it has no ${quoteList(missing)} column${missing.length === 1 ? '' : 's'}`
    : `it has none of the columns ${quoteList(spec.requiresAny)}`;
  return invalid(`${fileOf(table)} is not a ${spec.label} file: ${what}.`);
}

/** One sentence for a recognised format without any column of the quantities it carries per sample. */
function noQuantityColumns(table: Table, layout: Layout): SkfrError {
  if (layout.format === 'perseus') {
    return invalid(`${fileOf(table)} is a Perseus matrix without expression columns: its “#!{Type}” row marks no column E.`);
  }
  const spec = FORMATS.find((f) => f.id === layout.format);
  const kinds = spec?.quantities.map((q) => (q.runPaths ? 'one column per run' : `“${q.affixes.prefix}…${q.affixes.suffix}”`)) ?? [];
  return invalid(
    `${fileOf(table)} is a ${layout.formatLabel} file without quantity columns: it has no ${kinds.join(', ').replace(/, ([^,]*)$/, ' or $1')} ` +
      `columns (choose the sample columns with --sample-columns REGEX).`,
  );
}

/** The recipe without the steps the user switched off (--keep-decoys …, --zero-is-value). */
function adjustRecipe(recipe: Recipe, options: LayoutOptions): Recipe {
  return {
    steps: recipe.steps.filter((step) => {
      if (step.kind === 'remove-flagged') return !options.keep[step.flag];
      if (step.kind === 'zeros-missing') return !options.zeroIsValue;
      return true;
    }),
  };
}

const matching = matchingColumns;

/**
 * The mapping and recipe `skfr cluster` reads `table` with (design: the --design sample table, read by the caller):
 * - a table with one sample per row (recognised so, or given --id-column / --annotation-columns / --features /
 *   --features-match without --samples-as-columns) keeps the options' mapping exactly, as before layouts were
 *   recognised (and the CSV is mapped in place);
 * - a recognised proteins × samples layout (or --format) gives its mapping: sample columns of the chosen --quantity
 *   or matching --sample-columns, feature label from --feature-column, the recipe less what --keep-… and
 *   --zero-is-value switch off; the sample annotations come from the design (or Perseus category rows), and
 *   --where filters on them;
 * - --samples-as-columns on a plain matrix: every numeric column (or those matching --sample-columns) is a sample,
 *   named as in the header, the first text column (or --feature-column) labels the features. With rows options
 *   (--id-column …), no numeric column at all, or --class-column / --where without --design (annotations can then
 *   only be rows of the sheet) it is the old transposed reading (header row = sample ids).
 * Problems are one sentence each (SkfrError 'invalid-option'): a --format the file does not fit, a layout
 * without quantity columns, a --quantity the file does not have. `recognised`: recognizeLayout(table), when the
 * caller has it already (the app's opening), so that the table is not recognised twice.
 */
export function resolveRequest(table: Table, request: DataRequest, design: SampleTable | null = null, recognised?: Layout): ResolvedLayout {
  const { proposable, ...resolved } = resolveMapping(table, request, design, recognised);
  const { recipe, reasons, scaleBasis } = resolveRecipe(table, resolved, proposable, request.layout.prep, request.seed);
  // A sample id of whole numbers (the rule's, sample-id.ts, or named) and coded annotations (coded-annotations.ts)
  // are said — columns of numbers that are not features — in the notes of what was recognised (the CLI's summary
  // under “Recognised:”, the app's Import screen), not in the reasons of the recipe's steps.
  const rows = resolved.orientation === 'samples-as-rows';
  const said = (rows ? [numericIdNote(table, resolved.mapping.idColumn), codedAnnotationNote(codedAnnotationsOf(table, request, resolved.mapping))] : []).filter((r): r is string => r !== null);
  const notes = said.length > 0 ? { notes: [...(resolved.notes ?? []), ...said] } : {};
  return { ...resolved, ...notes, recipe, reasons, scaleBasis };
}

/**
 * The recipe a run prepares the data with (ResolvedLayout.recipe), and why. The default is what the app proposes
 * for the same table (completeLayout: log2 for raw intensities, 70 % valid values, in at least one group of the
 * joined sample table's group column when it has one); for a table with one sample per row it is empty, as
 * before. Each preparation flag given replaces its choice (core/prepare/args.ts: the same words the reproduce
 * command prints), over the format's own steps (--keep-… and --zero-is-value already taken out).
 */
function resolveRecipe(
  table: Table, resolved: Omit<ResolvedMapping, 'proposable'>, proposable: boolean, prep: PrepOptions, seed: number,
): { recipe: Recipe; reasons: string[]; scaleBasis: ScaleBasis } {
  const { recognised } = resolved;
  const layout = { format: resolved.format, formatLabel: resolved.label, quantities: recognised.quantities, quantity: resolved.quantity, recipe: recognised.recipe };
  // The format's steps --keep-… and --zero-is-value switched off (adjustRecipe).
  const { keep, zeroIsValue } = choicesOf(resolved.recipe, formatSteps(recognised.recipe));
  const { recipe, reasons, scaleBasis } = proposeRecipe(table, { layout, mapping: resolved.mapping, off: { keep, zeroIsValue }, proposable }, prep, seed);
  return { recipe, reasons, scaleBasis };
}

function resolveMapping(table: Table, plan: DataRequest, design: SampleTable | null, recognised?: Layout): ResolvedMapping {
  const options = plan.layout;
  const names = table.columns.map((column) => column.name);
  let layout: Layout = options.format === 'auto' ? (recognised ?? recognizeLayout(table)) : (layoutAs(table, options.format) ?? (() => { throw notThisFormat(table, options.format as Exclude<FormatId, 'table'>); })());
  const withDesign = (mapping: Mapping): Mapping => (design ? { ...mapping, design } : mapping);
  const rowsMode = !options.samplesAsColumns &&
    (layout.mapping.orientation === 'samples-as-rows' || ((options.format === 'auto' || options.format === 'table') && options.rowsFlags.length > 0));
  if (rowsMode) {
    if (options.quantity !== null) {
      throw invalid(
        `${fileOf(table)} is read as a table with one sample per row, which has no quantity kinds to choose with --quantity ` +
          `(add --samples-as-columns if its samples are columns).`,
      );
    }
    return {
      format: 'table',
      label: 'Table, samples as rows',
      quantity: null,
      rowsWord: 'features',
      orientation: 'samples-as-rows',
      samples: table.rowCount,
      mapping: withDesign(withCodedAnnotations(table, plan, withFilterAnnotations(withSampleId(table, plan), names))),
      recipe: EMPTY_RECIPE,
      recognised: { format: 'table', quantity: null, mapping: layout.mapping, recipe: EMPTY_RECIPE, quantities: [] },
      proposable: false,
    };
  }

  let mapping: Mapping;
  let label: string;
  let rowsWord: string;
  let recipe: Recipe = layout.recipe;
  const plain = layout.mapping.orientation === 'samples-as-rows';
  const numeric = numericColumnNames(table);
  // Sample annotations without a sample table can only be rows of a plain matrix: the old transposed reading.
  const annotationRows = !design && (((plan.classColumn ?? null) !== null && plan.classColumn !== NAME_GROUP) || plan.mapping.filters.some((f) => f.column !== NAME_GROUP));
  const legacy = plain && options.sampleColumnsMatch === null && options.featureColumn === null &&
    (options.rowsFlags.length > 0 || numeric.length === 0 || annotationRows);
  if (!legacy && options.rowsFlags.length > 0) {
    throw invalid(
      `--${options.rowsFlags[0]} is for tables with one sample per row, but ${fileOf(table)} is read with one sample per column ` +
        `(choose them with --sample-columns REGEX and the feature label with --feature-column C; sample annotations come from --design).`,
    );
  }
  if (plain) {
    // A plain matrix read with --samples-as-columns.
    if (options.quantity !== null) throw invalid(`${fileOf(table)} is a table of no known layout: it has no quantity kinds to choose with --quantity; choose its sample columns with --sample-columns REGEX.`);
    const text = table.columns.filter((c) => c.kind === 'text').map((c) => c.name);
    if (legacy) {
      // The old reading: transposed, the header row's names are the sample ids (column "Sample").
      return {
        format: 'table',
        label: 'Table, samples as columns (transposed)',
        quantity: null,
        rowsWord: 'rows',
        orientation: 'samples-as-columns',
        samples: Math.max(0, table.columns.length - 1),
        mapping: withDesign(plan.mapping),
        recipe: EMPTY_RECIPE,
        recognised: { format: 'table', quantity: null, mapping: layout.mapping, recipe: EMPTY_RECIPE, quantities: [] },
        proposable: false,
      };
    }
    const samples = options.sampleColumnsMatch !== null ? matching(table, options.sampleColumnsMatch) : numeric;
    const sampleSet = new Set(samples);
    const labelColumn = options.featureColumn ?? text.find((name) => !sampleSet.has(name)) ?? null;
    mapping = emptyColumnsMapping({
      sampleColumns: options.sampleColumnsMatch !== null ? null : samples,
      sampleColumnsMatch: options.sampleColumnsMatch,
      featureLabelColumns: labelColumn !== null ? [labelColumn] : [],
      featureAnnotationColumns: text.filter((name) => !sampleSet.has(name)),
      sampleNames: options.sampleColumnsMatch !== null ? 'clean' : 'as-is',
    });
    label = 'Table, samples as columns';
    rowsWord = 'rows';
    recipe = EMPTY_RECIPE;
  } else {
    if (options.quantity !== null) {
      if (layout.format === 'table' && layout.quantities.length <= 1) {
        throw invalid(`${fileOf(table)} is a protein table of no known layout: it has no quantity kinds to choose with --quantity; choose its sample columns with --sample-columns REGEX.`);
      }
      const chosen = withQuantity(layout, options.quantity);
      if (chosen === null) {
        const kinds = layout.quantities.map((q) => q.name);
        throw invalid(
          `${fileOf(table)} has no “${options.quantity.trim()}” columns; ` +
            (kinds.length > 0 ? `its quantities: ${quoteList(kinds)}.` : 'it has no quantity columns at all.'),
        );
      }
      layout = chosen;
    }
    if (options.sampleColumnsMatch === null && layout.quantities.length === 0) throw noQuantityColumns(table, layout);
    mapping = { ...layout.mapping };
    if (options.sampleColumnsMatch !== null) {
      const samples = new Set(matching(table, options.sampleColumnsMatch));
      mapping.sampleColumns = null;
      mapping.sampleColumnsMatch = options.sampleColumnsMatch;
      mapping.featureAnnotationColumns = (mapping.featureAnnotationColumns ?? []).filter((name) => !samples.has(name));
      mapping.featureLabelColumns = (mapping.featureLabelColumns ?? []).filter((name) => !samples.has(name));
    }
    if (options.featureColumn !== null) mapping.featureLabelColumns = [options.featureColumn];
    label = layout.format === 'table' ? 'Protein table, samples as columns' : layout.formatLabel;
    rowsWord = layout.format === 'perseus' ? 'rows' : (FORMATS.find((f) => f.id === layout.format)?.rows ?? (isDeclaredFormat(layout.format) ? table.declared?.rows : undefined) ?? 'proteins');
  }
  mapping.filters = plan.mapping.filters;
  if (!design && !mapping.design) {
    // Samples as columns: annotations come from a sample table, from the parts of the sample names
    // (core/table/formats/naming.ts: a TMT channel and plex, a PD file id), or the groups the names carry
    // (name-groups.ts).
    const column = mapping.filters.find((f) => f.column !== NAME_GROUP)?.column ?? (plan.classColumn !== NAME_GROUP ? plan.classColumn : null) ?? null;
    const columns = mapping.sampleColumns ?? (mapping.sampleColumnsMatch ? matching(table, mapping.sampleColumnsMatch) : []);
    const parts = column !== null && mapping.sampleNames !== 'as-is' ? sampleNaming(table, columns, layout.format).parts.map((p) => p.name) : [];
    if (column !== null && !parts.includes(column)) {
      throw invalid(
        `${mapping.filters.length > 0 ? `--where ${column}=…` : `--class-column ${column}`}: the samples of ${fileOf(table)} (its columns) have no annotation “${column}”` +
          `${parts.length > 0 ? ` (their names give ${quoteList(parts)})` : ''}; attach the sample table that has “${column}” with --design FILE[:SHEET].`,
      );
    }
  }
  const samples = mapping.sampleColumns ? mapping.sampleColumns.length : mapping.sampleColumnsMatch ? matching(table, mapping.sampleColumnsMatch).length : null;
  return {
    format: layout.format,
    label,
    quantity: options.sampleColumnsMatch !== null ? null : layout.quantity,
    rowsWord,
    orientation: 'samples-as-columns',
    samples,
    mapping: withDesign(mapping),
    recipe: adjustRecipe(recipe, options),
    recognised: { format: layout.format, quantity: layout.quantity, mapping: layout.mapping, recipe, quantities: layout.quantities },
    proposable: !plain,
    ...(layout.notes && options.sampleColumnsMatch === null ? { notes: notesWith(layout.notes, design) } : {}),
  };
}
