/**
 * Recognise the layout of a table from its columns and propose the whole mapping and preparation, so that a
 * file the lab's software wrote opens as it is: which columns are samples (one quantity kind, preferred one
 * first), the feature label (gene name, else the first protein id) and annotations, the rows the software
 * flags (decoys, contaminants, site-only, non-master proteins), zeros that mean "not quantified", and a sample
 * table found inside the file (Perseus category rows). Everything proposed stays editable: it is a Mapping and a
 * Recipe.
 *
 * Order: a table of test results is refused (one sentence: it holds no measurements) → Perseus (a `#!{Type}`
 * row) → the formats of specs.ts (by their id columns; their quantities by their documented names, checked and
 * completed by the general rule of families.ts) → any other table: proteins × samples when a column names or
 * holds protein ids and the general rule finds a family of sample columns, else samples as rows.
 * @example recognizeLayout(parseTable(bytes, 'proteinGroups.txt')).description
 *   // 'MaxQuant proteinGroups, LFQ intensity, 15 samples × 2 160 protein groups'
 */
import { PD_INPUT_FILES_NOTE } from './notes.js';
import { SkfrError } from '../../errors.js';
import { formatCount } from '../../format-count.js';
import { emptyColumnsMapping, emptyRowsMapping } from '../empty-mapping.js';
import { numericColumnNames, quoteList } from '../lookup.js';
import { commonAffixes, NO_AFFIXES, stripTypePrefix, type Affixes } from '../sample-names.js';
import type { Column, FlagKind, Layout, Mapping, PrepStep, QuantityKind, Recipe, SampleTable, Table } from '../types.js';
import { declaredLayout, isDeclaredFormat } from './declared.js';
import { findFamilies, isQuantityColumn, rankFamilies, sameSamples, type Family } from './families.js';
import { columnLabels, UNUSED_LABEL } from './naming.js';
import { looseName, matchQuantity, rewrittenNames } from './spec-match.js';
import { CONTAMINANT_PREFIXES, DECOY_PREFIXES, FORMATS, MAXQUANT_FLAGS, PROTEIN_COLUMN, UNIPROT, type FlagSpec, type FormatSpec, type QuantitySpec } from './specs.js';
import { testResultKind } from './vocabulary.js';

export { isQuantityColumn } from './families.js';

/** A column name as formats are matched: loose (spec-match.ts looseName: `Majority.protein.IDs` → `majority protein ids`). */
export function normalName(name: string): string {
  return looseName(name);
}

/** Each column's loose name (the first column of each), taken once per table. */
const looseIndex = new WeakMap<readonly Column[], Map<string, string>>();

function byLooseName(table: Table): Map<string, string> {
  let index = looseIndex.get(table.columns);
  if (!index) {
    index = new Map();
    for (const c of table.columns) {
      const key = looseName(c.name);
      if (!index.has(key)) index.set(key, c.name);
    }
    looseIndex.set(table.columns, index);
  }
  return index;
}

function findByName(table: Table, candidates: readonly string[]): string | null {
  const index = byLooseName(table);
  for (const wanted of candidates) {
    const hit = index.get(looseName(wanted));
    if (hit !== undefined) return hit;
  }
  return null;
}

function allByName(table: Table, candidates: readonly string[]): string[] {
  const out: string[] = [];
  for (const wanted of candidates) {
    const hit = findByName(table, [wanted]);
    if (hit && !out.includes(hit)) out.push(hit);
  }
  return out;
}

const FLAG_LABEL: Record<FlagKind, string> = { decoy: 'decoys', contaminant: 'contaminants', 'site-only': 'site-only', 'not-master': 'non-master proteins' };

/** Marker cells that say yes: MaxQuant's "+", PD's True, and the like. */
const YES = /^(\+|true|yes|y|x|1)$/i;
/** Marker cells that name the flag (PAW's `Filter`, a `Flag` column). */
const FLAG_WORDS: Record<FlagKind, RegExp> = {
  decoy: /^(reversed?|decoy|rev)$/i,
  contaminant: /^(contam|contaminants?|potential contaminant|con)$/i,
  'site-only': /^(only identified by site|site)$/i,
  'not-master': /^$/,
};
/** Columns that may carry any flag by its word (PAW's `Filter`). */
const WORD_MARKERS = new Set(['filter', 'flag', 'flags', 'status']);

/**
 * The values of a marker column that flag a row for `spec`: those saying yes (or naming the flag, in a
 * `Filter`-like column), or for a `keepValues` marker every value it does not keep. null: "+" alone, as the
 * step's default (MaxQuant), or a marker column that flags nothing yet (its "+" will).
 */
function markerValues(column: Column, spec: FlagSpec): string[] | null | 'none' {
  const present = new Set<string>();
  for (const t of column.texts ?? []) if (t !== null && t.trim() !== '') present.add(t.trim());
  if (column.numbers) for (const v of column.numbers) if (v === v) present.add(String(v));
  let values: string[];
  if (spec.keepValues) values = [...present].filter((v) => !spec.keepValues!.test(v));
  else {
    const byWord = WORD_MARKERS.has(looseName(column.name));
    values = [...present].filter((v) => (!byWord && YES.test(v)) || FLAG_WORDS[spec.flag].test(v));
  }
  values.sort();
  if (spec.keepValues) return values.length === 0 ? 'none' : values;
  if (values.length === 0) return WORD_MARKERS.has(looseName(column.name)) ? 'none' : null;
  return values.length === 1 && values[0] === '+' ? null : values;
}

/** The remove-flagged steps a table supports (a marker column that flags rows, or an id column to test prefixes on). */
function flagSteps(table: Table, flags: readonly FlagSpec[], idColumns: readonly string[] = []): PrepStep[] {
  const steps: PrepStep[] = [];
  for (const spec of flags) {
    let markerColumn = findByName(table, spec.markers);
    let values: string[] | null = null;
    if (markerColumn !== null) {
      const found = markerValues(table.columns.find((c) => c.name === markerColumn)!, spec);
      if (found === 'none') markerColumn = null;
      else values = found;
    }
    const idColumn = spec.prefixes.length > 0 ? (findByName(table, spec.idColumns) ?? idColumns[0] ?? null) : null;
    if (markerColumn === null && idColumn === null) continue;
    steps.push({
      kind: 'remove-flagged',
      flag: spec.flag,
      markerColumn,
      idColumn,
      prefixes: idColumn ? [...spec.prefixes] : [],
      ...(values !== null && markerColumn !== null ? { markerValues: values } : {}),
    });
  }
  return steps;
}

/** Flags of a table of no known format: MaxQuant-like markers, `Contaminant`/`Decoy`/`Filter` columns, id prefixes. */
const GENERIC_FLAGS: FlagSpec[] = [
  { flag: 'decoy', markers: ['Reverse', 'Decoy', 'Is decoy', 'Reversed', 'Filter', 'Flag'], idColumns: ['Majority protein IDs', 'Protein IDs'], prefixes: DECOY_PREFIXES },
  {
    flag: 'contaminant',
    markers: ['Potential contaminant', 'Contaminant', 'Is contaminant', 'Filter', 'Flag'],
    idColumns: ['Majority protein IDs', 'Protein IDs'],
    prefixes: CONTAMINANT_PREFIXES,
  },
  MAXQUANT_FLAGS[2]!,
];

function columnsMapping(sampleColumns: string[], labelColumns: string[], annotationColumns: string[], extra: Partial<Mapping> = {}): Mapping {
  return emptyColumnsMapping({ sampleColumns, featureLabelColumns: labelColumns, featureAnnotationColumns: annotationColumns, ...extra });
}

function describe(label: string, quantity: string | null, samples: number, rows: number, rowWord: string): string {
  return `${label}${quantity ? `, ${quantity}` : ''}, ${formatCount(samples, ' ')} sample${samples === 1 ? '' : 's'} × ${formatCount(rows, ' ')} ${rowWord}`;
}

/** “a”, “b” and “c”. */
function quoteAnd(names: readonly string[], max = 6): string {
  const shown = names.slice(0, max).map((n) => `“${n}”`);
  if (names.length > max) return `${shown.join(', ')} and ${names.length - max} more`;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** Columns labelled “unused” in the label row above the header are not samples: left out, and said. */
function withoutUnused(table: Table, columns: string[], notes: string[]): string[] {
  const labels = columnLabels(table, columns);
  const unused = columns.filter((_, i) => labels[i] !== null && UNUSED_LABEL.test(labels[i]!));
  if (unused.length === 0) return columns;
  const label = labels[columns.indexOf(unused[0]!)]!;
  notes.push(
    `${unused.length === 1 ? 'The column' : `${unused.length} columns`} ${quoteAnd(unused)} ${unused.length === 1 ? 'is' : 'are'} labelled “${label}” ` +
      `in row ${table.labelRow!.row}: not ${unused.length === 1 ? 'a sample' : 'samples'}, left out.`,
  );
  return columns.filter((c) => !unused.includes(c));
}

function labelNote(table: Table, columns: readonly string[], notes: string[]): void {
  const labels = columnLabels(table, columns);
  if (columns.length === 0 || labels.some((l) => l === null)) return;
  notes.push(`The samples are named by the labels in row ${table.labelRow!.row} above the header (“${labels[0]}” for “${columns[0]}”, …).`);
}

/** The sample columns of one quantity kind of a format. */
function quantityColumns(table: Table, quantity: QuantitySpec, reserved: ReadonlySet<string>, missingTokens: readonly string[], rewritten: boolean): string[] {
  return table.columns.filter((c) => !reserved.has(c.name) && matchQuantity(quantity, c.name, rewritten) !== null && isQuantityColumn(c, missingTokens)).map((c) => c.name);
}

/** Affixes for a quantity's columns (run paths: none — the names become file names). */
export function affixesFor(quantity: Pick<QuantitySpec, 'affixes' | 'runPaths'> | null, columns: readonly string[]): Affixes {
  if (quantity === null) return commonAffixes(columns);
  return quantity.runPaths ? NO_AFFIXES : quantity.affixes;
}

/** The table's column names as formats are matched (looseName), taken once for every format tried. */
function looseNames(table: Table): Set<string> {
  return new Set(byLooseName(table).keys());
}

function identifies(spec: FormatSpec, names: ReadonlySet<string>): boolean {
  return spec.requires.every((r) => names.has(looseName(r))) && spec.requiresAny.some((r) => names.has(looseName(r)));
}

/**
 * A quantity as the layout offers it, from a family found by the general rule. Raw (log2 proposed whatever the
 * spread of this file's values) when its values are raw intensities (value-kind.ts: positive, median 100 or
 * more), as a supplement's `Abundance` block of 1e6…2e7 is; logarithmic when its name says so; else unknown
 * (transform.ts decides from the values).
 */
function familyQuantity(f: Family): QuantityKind {
  return { name: f.name, columns: [...f.columns], raw: f.logarithmic ? false : f.kind === 'intensity' ? true : null };
}

function recognizeFormat(table: Table, spec: FormatSpec, names: ReadonlySet<string> = looseNames(table)): Layout | null {
  if (!identifies(spec, names)) return null;
  const labelColumns = allByName(table, spec.labelColumns);
  const annotationColumns = allByName(table, spec.annotationColumns);
  const reserved = new Set([...labelColumns, ...annotationColumns]);
  const rewritten = rewrittenNames(table);
  if (spec.signature && !spec.signature.some((r) => names.has(looseName(r)))) {
    const any = spec.quantities.some((q) => quantityColumns(table, q, reserved, spec.missingTokens, rewritten).length > 0);
    if (!any) return null;
  }
  const general = findFamilies(table, reserved, spec.missingTokens);
  const notStatistics = new Set(general.statistics);
  const notes: string[] = [];
  const quantities: QuantityKind[] = [];
  const specOf = new Map<string, QuantitySpec>();
  const taken = new Set<string>();
  for (const q of spec.quantities) {
    // Documented names, less what the general rule says is a statistic or a sum over samples.
    let columns = quantityColumns(table, q, reserved, spec.missingTokens, rewritten).filter((c) => !notStatistics.has(c) && !taken.has(c));
    if (columns.length === 0) continue;
    for (const c of columns) taken.add(c);
    if (quantities.length === 0) columns = withoutUnused(table, columns, notes);
    quantities.push({ name: q.name, columns, raw: q.raw });
    specOf.set(q.name, q);
  }
  // The backstop: families of the general rule the spec does not name (a naming variant), for the same samples.
  const ranked = rankFamilies(general.families.filter((f) => f.columns.every((c) => !taken.has(c))));
  if (quantities.length === 0 && ranked.length > 0) {
    const first = ranked[0]!;
    quantities.push({ ...familyQuantity(first), columns: withoutUnused(table, first.columns, notes) });
    for (const f of sameSamples(first, ranked)) quantities.push(familyQuantity(f));
  } else if (quantities.length > 0) {
    const chosenFamily = general.families.find((f) => f.columns.some((c) => quantities[0]!.columns.includes(c)));
    if (chosenFamily) for (const f of sameSamples(chosenFamily, ranked)) quantities.push(familyQuantity(f));
  }
  const chosen = quantities[0] ?? null;
  const chosenSpec = chosen ? (specOf.get(chosen.name) ?? null) : null;
  if (chosen) labelNote(table, chosen.columns, notes);
  const steps: PrepStep[] = [...flagSteps(table, spec.flags)];
  if (chosenSpec?.zeroIsMissing) steps.push({ kind: 'zeros-missing' });
  const mapping = columnsMapping(chosen?.columns ?? [], labelColumns, annotationColumns, {
    ...(spec.missingTokens.length > 0 ? { missingTokens: [...spec.missingTokens] } : {}),
    sampleNames: 'clean',
  });
  if (spec.id === 'proteome-discoverer' && chosen && chosen.name !== 'Abundances (Grouped)') {
    notes.push(PD_INPUT_FILES_NOTE);
  }
  return {
    format: spec.id,
    formatLabel: spec.label,
    quantities,
    quantity: chosen?.name ?? null,
    mapping,
    recipe: { steps },
    description: describe(spec.label, chosen?.name ?? null, chosen?.columns.length ?? 0, table.rowCount, spec.rows),
    embeddedDesign: false,
    ...(notes.length > 0 ? { notes } : {}),
  };
}

/** Perseus matrix: `#!{Type}` marks E(xpression) columns as samples; `#!{C:…}` rows annotate them. */
function recognizePerseus(table: Table): Layout | null {
  const meta = table.metaRows ?? [];
  const typeRow = meta.find((r) => r.key === 'Type');
  if (!typeRow) return null;
  const typeOf = (i: number) => (typeRow.cells[i] ?? '').trim();
  const sampleColumns = table.columns.filter((_, i) => typeOf(i) === 'E').map((c) => c.name);
  const textColumns = table.columns.filter((_, i) => typeOf(i) === 'T').map((c) => c.name);
  const labelColumns = [
    ...allByName(table, ['Gene names', 'Gene name', 'Genes', 'Gene']),
    ...allByName(table, ['Majority protein IDs', 'Protein IDs', 'Protein', 'Protein ID']),
  ];
  if (labelColumns.length === 0 && textColumns.length > 0) labelColumns.push(textColumns[0]!);
  const categories = meta.filter((r) => r.key.startsWith('C:'));
  let design: SampleTable | null = null;
  if (categories.length > 0 && sampleColumns.length > 0) {
    const indexOf = new Map(table.columns.map((c, i) => [c.name, i]));
    design = {
      source: `category rows of ${table.fileName}`,
      sampleColumn: 'Sample',
      columns: [
        { name: 'Sample', values: [...sampleColumns] },
        ...categories.map((r) => ({
          name: r.key.slice(2),
          values: sampleColumns.map((name) => {
            const v = r.cells[indexOf.get(name)!];
            return v === null || v === undefined || v.trim() === '' ? null : v.trim();
          }),
        })),
      ],
    };
  }
  const steps = flagSteps(table, MAXQUANT_FLAGS);
  return {
    format: 'perseus',
    formatLabel: 'Perseus matrix',
    quantities: sampleColumns.length > 0 ? [{ name: 'Expression', columns: sampleColumns, raw: false }] : [],
    quantity: sampleColumns.length > 0 ? 'Expression' : null,
    // Clean names: a matrix made from MaxQuant keeps `LFQ intensity 6A_1` as its column names; the sample is `6A_1`.
    mapping: columnsMapping(sampleColumns, labelColumns, textColumns, { sampleNames: 'clean', design }),
    recipe: { steps },
    description: describe('Perseus matrix', 'expression columns', sampleColumns.length, table.rowCount, 'rows') +
      (categories.length > 0 ? `, ${categories.length} category row${categories.length === 1 ? '' : 's'}` : ''),
    embeddedDesign: design !== null,
  };
}

/** True when a text column names proteins or genes, or holds UniProt accessions. */
function isProteinColumn(column: Column): boolean {
  if (PROTEIN_COLUMN.test(looseName(column.name))) return true;
  if (column.kind !== 'text') return false;
  // The first 200 present cells.
  const texts: string[] = [];
  for (let i = 0; i < column.texts!.length && texts.length < 200; i++) if (column.texts![i] !== null) texts.push(column.texts![i]!);
  if (texts.length < 5) return false;
  return texts.filter((t) => UNIPROT.test(t.replace(/^(REV__|rev_|CON__|contam_|DECOY_)/, ''))).length >= texts.length * 0.8;
}

/** True when no two cells are equal; it stops at the first repeat (a category column's: within its first rows). */
function allDistinct(texts: readonly (string | null)[]): boolean {
  const seen = new Set<string | null>();
  for (const t of texts) {
    const before = seen.size;
    seen.add(t);
    if (seen.size === before) return false;
  }
  return true;
}

/**
 * Samples as rows: the first text column whose values are all present and distinct is the sample id, the other
 * text columns are annotations, every numeric column is a feature.
 */
export function guessRowsMapping(table: Table): Mapping {
  const text = table.columns.filter((c) => c.kind === 'text');
  const id = text.find((c) => c.missing === 0 && c.texts!.length === table.rowCount && allDistinct(c.texts!)) ?? null;
  return emptyRowsMapping({
    idColumn: id?.name ?? null,
    annotationColumns: text.filter((c) => c !== id).map((c) => c.name),
    featureColumns: numericColumnNames(table),
  });
}

/** A plain table of `samples` rows and `features` columns read with `mapping`: no known format, nothing to prepare. */
export function rowsLayout(mapping: Mapping, samples: number, features: number): Layout {
  return {
    format: 'table',
    formatLabel: 'Table',
    quantities: [],
    quantity: null,
    mapping,
    recipe: { steps: [] },
    description: describe('Table, samples as rows', null, samples, features, 'features'),
    embeddedDesign: false,
  };
}

/** Where a table is, for messages: “x.csv”, or sheet “Results” of a workbook. */
function where(table: Table): { name: string; what: 'sheet' | 'table' } {
  const workbook = table.format === 'xlsx' || table.format === 'xls';
  return workbook ? { name: table.sheet, what: 'sheet' } : { name: table.fileName, what: 'table' };
}

/**
 * Refuse a table of test results (limma's logFC, AveExpr, t, P.Value, adj.P.Val, B; DESeq2's; a fold change
 * beside a p-value): it has a p-value column and an effect column (fold change, t, AveExpr, difference) and no
 * family of sample columns.
 */
function refuseTestResults(table: Table, families: () => readonly Family[]): void {
  const kinds = table.columns.map((c) => testResultKind(stripTypePrefix(c.name)));
  if (!kinds.includes('p-value') || !kinds.includes('effect')) return;
  if (families().some((f) => f.columns.length >= 2)) return;
  const { name, what } = where(table);
  throw new SkfrError(
    'no-numeric-features',
    `“${name}” holds the results of a statistical test, not measurements; choose a ${what} of measurements.`,
  );
}

/** Proteome Discoverer's Input Files table (`File ID` → `File Name`): a sample table, not data to cluster. */
export function isInputFilesTable(table: Pick<Table, 'columns'>): boolean {
  const names = new Set(table.columns.map((c) => looseName(c.name)));
  return names.has('file id') && names.has('file name');
}

/** A table of no known tool (module comment); `refuse`: a table of test results or PD's Input Files is refused. */
function recognizeTable(table: Table, refuse = true): Layout {
  if (refuse && isInputFilesTable(table) && !table.columns.some((c) => c.kind === 'numeric' && /abundance|intensity/i.test(c.name))) {
    throw new SkfrError(
      'no-numeric-features',
      `“${table.fileName}” is a Proteome Discoverer Input Files table, which describes the samples (File ID → File Name); ` +
        `open the Proteins export and attach this table to it as the sample table.`,
    );
  }
  const proteinColumns = table.columns.filter((c) => c.kind === 'text' && isProteinColumn(c));
  const textColumns = table.columns.filter((c) => c.kind === 'text').map((c) => c.name);
  const general = proteinColumns.length === 0 ? null : findFamilies(table, new Set(textColumns));
  if (general && refuse) refuseTestResults(table, () => general.families);
  const ranked = general ? rankFamilies(general.families) : [];
  if (ranked.length === 0) {
    if (proteinColumns.length === 0 && refuse) refuseTestResults(table, () => findFamilies(table, new Set(textColumns)).families);
    const mapping = guessRowsMapping(table);
    return rowsLayout(mapping, table.rowCount, mapping.featureColumns?.length ?? 0);
  }
  const notes: string[] = [];
  const first = ranked[0]!;
  const sampleColumns = withoutUnused(table, first.columns, notes);
  labelNote(table, sampleColumns, notes);
  const others = sameSamples(first, ranked);
  const named = first.name !== 'Sample columns' || others.length > 0;
  const quantities: QuantityKind[] = [{ ...familyQuantity(first), columns: sampleColumns }, ...others.map(familyQuantity)];
  if (others.length > 0) {
    // (a supplement's blocks side by side: abundances read, spectral counts listed)
    notes.push(`“${first.name}” is read; the same samples have ${quoteList(others.map((f) => f.name))} too (choose with the quantity).`);
  }
  const genes = proteinColumns.filter((c) => /gene|symbol/i.test(c.name)).map((c) => c.name);
  // Without a gene column, a FASTA description gives the gene after `GN=` (sample-columns.ts featureLabels).
  const descriptions = genes.length > 0 ? [] : textColumns.filter((n) => /^(description|protein description|fasta headers?)$/.test(looseName(n)));
  const labelColumns = [...genes, ...descriptions, ...proteinColumns.map((c) => c.name).filter((n) => !genes.includes(n))];
  const steps = flagSteps(table, GENERIC_FLAGS, proteinColumns.filter((c) => !genes.includes(c.name)).map((c) => c.name));
  return {
    format: 'table',
    formatLabel: 'Protein table',
    quantities,
    quantity: named ? first.name : null,
    mapping: columnsMapping(sampleColumns, labelColumns, textColumns),
    recipe: { steps },
    description: describe('Protein table, samples as columns', named ? first.name : null, sampleColumns.length, table.rowCount, 'proteins'),
    embeddedDesign: false,
    ...(notes.length > 0 ? { notes } : {}),
  };
}

/**
 * Recognise `table` (see the module comment). An unknown layout is a 'table'; a table of test results or a
 * Proteome Discoverer Input Files table is refused with one sentence (SkfrError).
 */
export function recognizeLayout(table: Table): Layout {
  const declared = declaredLayout(table); // (GCT, ADAT, Olink, mzTab, long tables: formats/structured.ts)
  if (declared) return declared;
  const perseus = recognizePerseus(table);
  if (perseus) return perseus;
  const names = looseNames(table);
  for (const spec of FORMATS) {
    const layout = recognizeFormat(table, spec, names);
    if (layout) return layout;
  }
  return recognizeTable(table);
}

/**
 * The layout of `table` read as `format` (a user's or --format's choice); null when it does not fit at all.
 * 'table' reads any table, a table of test results too (the user said so).
 */
export function layoutAs(table: Table, format: Layout['format']): Layout | null {
  if (isDeclaredFormat(format)) return table.declared?.format === format ? declaredLayout(table) : null;
  if (format === 'perseus') return recognizePerseus(table);
  if (format === 'table') return recognizeTable(table, false);
  const spec = FORMATS.find((f) => f.id === format)!;
  return recognizeFormat(table, spec);
}

/**
 * Switch a layout to another of its quantity kinds (MaxQuant: LFQ intensity ↔ Intensity ↔ iBAQ): its sample
 * columns, and whether zeros mean "not quantified". Unknown name → null.
 */
export function withQuantity(layout: Layout, name: string): Layout | null {
  const quantity = layout.quantities.find((q) => q.name.toLowerCase() === name.trim().toLowerCase());
  if (!quantity) return null;
  const spec = FORMATS.find((f) => f.id === layout.format)?.quantities.find((q) => q.name === quantity.name);
  const steps: PrepStep[] = layout.recipe.steps.filter((s) => s.kind !== 'zeros-missing');
  if (spec?.zeroIsMissing) steps.push({ kind: 'zeros-missing' });
  const recipe: Recipe = { steps };
  return {
    ...layout,
    quantity: quantity.name,
    mapping: { ...layout.mapping, sampleColumns: [...quantity.columns] },
    recipe,
    description: layout.description.replace(/, [^,]+, [\d ]+ samples? ×/, `, ${quantity.name}, ${formatCount(quantity.columns.length, ' ')} sample${quantity.columns.length === 1 ? '' : 's'} ×`),
  };
}

export { FLAG_LABEL };
