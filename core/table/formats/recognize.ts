/**
 * Recognise the layout of a table from its columns and propose the whole mapping and preparation, so that a
 * file the lab's software wrote opens as it is: which columns are samples (one quantity kind, preferred one
 * first), the feature label (gene name, else the first protein id) and annotations, the rows the software
 * flags (decoys, contaminants, site-only), zeros that mean "not quantified", and a sample table found inside
 * the file (Perseus category rows). Everything proposed stays editable: it is a Mapping and a Recipe.
 *
 * Order: Perseus (a `#!{Type}` row) → the formats of specs.ts (by their id columns and quantity columns) →
 * any other table: proteins × samples when a column names or holds protein ids, else samples as rows.
 * @example recognizeLayout(parseTable(bytes, 'proteinGroups.txt')).description
 *   // 'MaxQuant proteinGroups, LFQ intensity, 15 samples × 2 160 protein groups'
 */
import { formatCount } from '../../format-count.js';
import { classifyText, isMissingToken } from '../cells.js';
import { emptyColumnsMapping, emptyRowsMapping } from '../empty-mapping.js';
import { commonAffixes, NO_AFFIXES, stripTypePrefix, type Affixes } from '../sample-names.js';
import type { Column, FlagKind, Layout, Mapping, PrepStep, QuantityKind, Recipe, SampleTable, Table } from '../types.js';
import { declaredLayout, isDeclaredFormat } from './declared.js';
import { FORMATS, MAXQUANT_FLAGS, NOT_A_SAMPLE, PROTEIN_COLUMN, UNIPROT, type FlagSpec, type FormatSpec, type QuantitySpec } from './specs.js';

/** A column name as formats are matched: without Perseus' "T: " prefix, lower case. */
export function normalName(name: string): string {
  return stripTypePrefix(name).trim().toLowerCase();
}

function findByName(table: Table, candidates: readonly string[]): string | null {
  for (const wanted of candidates) {
    const w = wanted.toLowerCase();
    const hit = table.columns.find((c) => normalName(c.name) === w);
    if (hit) return hit.name;
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

/** A column can hold a sample's quantities: numbers (or nothing), or text that is mostly numbers and missing tokens. */
function isQuantityColumn(column: Column, missingTokens: readonly string[]): boolean {
  if (column.kind === 'numeric' || column.kind === 'empty') return true;
  const extra = new Set(missingTokens);
  let numbers = 0;
  let other = 0;
  for (const t of column.texts!) {
    if (t === null || isMissingToken(t) || extra.has(t.trim())) continue;
    if (typeof classifyText(t) === 'number') numbers++;
    else other++;
    if (other > 20 && other > numbers) return false;
  }
  return numbers > 0 && other <= numbers * 0.05;
}

const FLAG_LABEL: Record<FlagKind, string> = { decoy: 'decoys', contaminant: 'contaminants', 'site-only': 'site-only' };

/** The remove-flagged steps a table supports (a marker column or an id column to test prefixes on). */
function flagSteps(table: Table, flags: readonly FlagSpec[]): PrepStep[] {
  const steps: PrepStep[] = [];
  for (const spec of flags) {
    const markerColumn = findByName(table, spec.markers);
    const idColumn = spec.prefixes.length > 0 ? findByName(table, spec.idColumns) : null;
    if (markerColumn === null && idColumn === null) continue;
    steps.push({ kind: 'remove-flagged', flag: spec.flag, markerColumn, idColumn, prefixes: idColumn ? [...spec.prefixes] : [] });
  }
  return steps;
}

function columnsMapping(sampleColumns: string[], labelColumns: string[], annotationColumns: string[], extra: Partial<Mapping> = {}): Mapping {
  return emptyColumnsMapping({ sampleColumns, featureLabelColumns: labelColumns, featureAnnotationColumns: annotationColumns, ...extra });
}

function describe(label: string, quantity: string | null, samples: number, rows: number, rowWord: string): string {
  return `${label}${quantity ? `, ${quantity}` : ''}, ${formatCount(samples, ' ')} sample${samples === 1 ? '' : 's'} × ${formatCount(rows, ' ')} ${rowWord}`;
}

/** The sample columns of one quantity kind of a format. */
function quantityColumns(table: Table, quantity: QuantitySpec, reserved: Set<string>, missingTokens: readonly string[]): string[] {
  return table.columns
    .filter((c) => {
      if (reserved.has(c.name)) return false;
      const name = stripTypePrefix(c.name);
      return quantity.pattern.test(name) && !(quantity.exclude?.test(name) ?? false) && isQuantityColumn(c, missingTokens);
    })
    .map((c) => c.name);
}

/** Affixes for a quantity's columns (run paths: none — the names become file names). */
export function affixesFor(quantity: Pick<QuantitySpec, 'affixes' | 'runPaths'> | null, columns: readonly string[]): Affixes {
  if (quantity === null) return commonAffixes(columns);
  return quantity.runPaths ? NO_AFFIXES : quantity.affixes;
}

/** The table's column names as formats are matched (normalName), taken once for every format tried. */
function normalNames(table: Table): Set<string> {
  return new Set(table.columns.map((c) => normalName(c.name)));
}

function recognizeFormat(table: Table, spec: FormatSpec, names: ReadonlySet<string> = normalNames(table)): Layout | null {
  if (!spec.requires.every((r) => names.has(r.toLowerCase()))) return null;
  if (!spec.requiresAny.some((r) => names.has(r.toLowerCase()))) return null;
  const labelColumns = allByName(table, spec.labelColumns);
  const annotationColumns = allByName(table, spec.annotationColumns);
  const reserved = new Set([...labelColumns, ...annotationColumns]);
  const quantities: QuantityKind[] = [];
  for (const q of spec.quantities) {
    const columns = quantityColumns(table, q, reserved, spec.missingTokens);
    if (columns.length > 0) quantities.push({ name: q.name, columns, raw: q.raw });
  }
  // A quantity pattern as broad as DIA-NN's (every other numeric column) needs the format's id columns to count.
  const chosen = quantities[0] ?? null;
  const chosenSpec = chosen ? spec.quantities.find((q) => q.name === chosen.name)! : null;
  const steps: PrepStep[] = [...flagSteps(table, spec.flags)];
  if (chosenSpec?.zeroIsMissing) steps.push({ kind: 'zeros-missing' });
  const mapping = columnsMapping(chosen?.columns ?? [], labelColumns, annotationColumns, {
    ...(spec.missingTokens.length > 0 ? { missingTokens: [...spec.missingTokens] } : {}),
    sampleNames: 'clean',
  });
  return {
    format: spec.id,
    formatLabel: spec.label,
    quantities,
    quantity: chosen?.name ?? null,
    mapping,
    recipe: { steps },
    description: describe(spec.label, chosen?.name ?? null, chosen?.columns.length ?? 0, table.rowCount, spec.rows),
    embeddedDesign: false,
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
    mapping: columnsMapping(sampleColumns, labelColumns, textColumns, { sampleNames: 'as-is', design }),
    recipe: { steps },
    description: describe('Perseus matrix', 'expression columns', sampleColumns.length, table.rowCount, 'rows') +
      (categories.length > 0 ? `, ${categories.length} category row${categories.length === 1 ? '' : 's'}` : ''),
    embeddedDesign: design !== null,
  };
}

/** True when a text column names proteins or genes, or holds UniProt accessions. */
function isProteinColumn(column: Column): boolean {
  if (PROTEIN_COLUMN.test(stripTypePrefix(column.name).trim())) return true;
  if (column.kind !== 'text') return false;
  // The first 200 present cells.
  const texts: string[] = [];
  for (let i = 0; i < column.texts!.length && texts.length < 200; i++) if (column.texts![i] !== null) texts.push(column.texts![i]!);
  if (texts.length < 5) return false;
  return texts.filter((t) => UNIPROT.test(t)).length >= texts.length * 0.8;
}

/** The largest group of columns sharing a known quantity word (e.g. "LFQ intensity "), else all of them. */
function likeliestSamples(columns: string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const name of columns) {
    const bare = stripTypePrefix(name);
    const m = /^(LFQ intensity|Intensity|iBAQ|Abundance|Reporter intensity corrected|log2|Log2)\b/i.exec(bare) ??
      /(MaxLFQ Intensity|Intensity|Abundance|\.PG\.Quantity)$/i.exec(bare);
    const key = m ? m[1]!.toLowerCase() : '';
    groups.set(key, [...(groups.get(key) ?? []), name]);
  }
  const best: string[] = groups.get('') ?? [];
  for (const [key, group] of groups) if (key !== '' && group.length >= 2 && group.length >= best.length / 4) return group;
  return best.length > 0 ? best : columns;
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
    featureColumns: table.columns.filter((c) => c.kind === 'numeric').map((c) => c.name),
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

function recognizeTable(table: Table): Layout {
  const proteinColumns = table.columns.filter((c) => c.kind === 'text' && isProteinColumn(c));
  const numeric = table.columns.filter((c) => c.kind === 'numeric').map((c) => c.name);
  // (Without a protein column the numeric columns are features, whatever their names.)
  const candidates = proteinColumns.length === 0 ? [] : numeric.filter((n) => !NOT_A_SAMPLE.test(stripTypePrefix(n)));
  if (proteinColumns.length === 0 || candidates.length < 2) {
    const mapping = guessRowsMapping(table);
    return rowsLayout(mapping, table.rowCount, mapping.featureColumns?.length ?? 0);
  }
  const sampleColumns = likeliestSamples(candidates);
  const genes = proteinColumns.filter((c) => /gene|symbol/i.test(c.name)).map((c) => c.name);
  const labelColumns = [...genes, ...proteinColumns.map((c) => c.name).filter((n) => !genes.includes(n))];
  const textColumns = table.columns.filter((c) => c.kind === 'text').map((c) => c.name);
  const steps = flagSteps(table, MAXQUANT_FLAGS);
  return {
    format: 'table',
    formatLabel: 'Protein table',
    quantities: [{ name: 'Samples', columns: sampleColumns, raw: null }],
    quantity: null,
    mapping: columnsMapping(sampleColumns, labelColumns, textColumns),
    recipe: { steps },
    description: describe('Protein table, samples as columns', null, sampleColumns.length, table.rowCount, 'proteins'),
    embeddedDesign: false,
  };
}

/** Recognise `table` (see the module comment). Never throws: an unknown layout is a 'table'. */
export function recognizeLayout(table: Table): Layout {
  const declared = declaredLayout(table); // (GCT, ADAT, Olink, mzTab, long tables: formats/structured.ts)
  if (declared) return declared;
  const perseus = recognizePerseus(table);
  if (perseus) return perseus;
  const names = normalNames(table);
  for (const spec of FORMATS) {
    const layout = recognizeFormat(table, spec, names);
    if (layout) return layout;
  }
  return recognizeTable(table);
}

/** The layout of `table` read as `format` (a user's or --format's choice); null when it does not fit at all. */
export function layoutAs(table: Table, format: Layout['format']): Layout | null {
  if (isDeclaredFormat(format)) return table.declared?.format === format ? declaredLayout(table) : null;
  if (format === 'perseus') return recognizePerseus(table);
  if (format === 'table') return recognizeTable(table);
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

/** The affixes to clean the sample names of a mapping's columns with (the layout's quantity, else shared ones). */
export function sampleAffixes(format: Layout['format'] | undefined, columns: readonly string[]): Affixes {
  for (const spec of FORMATS) {
    if (format !== undefined && spec.id !== format) continue;
    const quantity = spec.quantities.find((q) => columns.length > 0 && columns.every((c) => q.pattern.test(stripTypePrefix(c)) && !(q.exclude?.test(stripTypePrefix(c)) ?? false)));
    if (quantity && (format !== undefined || quantity.pattern.source !== '^(.+)$')) return affixesFor(quantity, columns);
  }
  return commonAffixes(columns);
}

export { FLAG_LABEL };
