/**
 * Map a proteins × samples table (samples as columns, as quantification software writes them) to what the
 * engine fits: an n × p matrix with one row per sample column and one column per table row (feature).
 *
 * - Samples: `mapping.sampleColumns` (or the columns matching `sampleColumnsMatch`), named as
 *   formats/naming.ts says (the quantity's sample part cleaned, or the labels of a label row above the header)
 *   unless `sampleNames` is 'as-is'; the parts of their names that group them (TMT channel and plex, a PD file
 *   id) are sample annotations. A sample table keyed by Proteome Discoverer file ids (its Input Files table)
 *   names the samples by their raw files.
 * - Features: every row of the table; the label is the first `featureLabelColumns` value of the row (first item
 *   of a ";" list; in a column of FASTA descriptions, the gene after `GN=`, or nothing), made unique with the
 *   row's id when repeated; `featureAnnotationColumns` (and any column in `extraFeatureColumns`, e.g. the flag
 *   columns the preparation reads) are kept per feature.
 * - Cells: numbers; missing tokens, `mapping.missingTokens` (e.g. "Filtered") and empty cells are missing;
 *   other text is missing with a warning naming the column and cells.
 * - Sample annotations: the sample table (`mapping.design`) joined on the sample name (design.ts), else the
 *   groups the sample names (or its run names) carry (`group (from names)`, name-groups.ts); filters (`mapping.filters`) keep
 *   samples by those annotations.
 * Errors in the user's terms: no sample column, an unknown column, a filter that keeps no sample.
 */
import { SkfrError } from '../errors.js';
import { classifyText, isMissingToken } from './cells.js';
import { namePattern } from './name-pattern.js';
import { nameRecord } from './name-record.js';
import { textCellsWarning } from './text-cells.js';
import { columnPlaces, joinDesign } from './design.js';
import { namesFromSampleTable, sampleNaming } from './formats/naming.js';
import { offeredGroups, withoutBatchWords } from './name-groups.js';
import { columnTexts, findColumn, quoteList, rowLocation } from './lookup.js';
import type { Column, MappedData, Mapping, StepReport, Table, TableWarning } from './types.js';

export interface SampleColumnsOptions {
  /** Feature columns the preparation needs (flag markers, id columns), kept as feature annotations too. */
  extraFeatureColumns?: readonly string[];
  /** The recognised format, for cleaning sample names with its quantity's affixes. */
  format?: import('./types.js').FormatId;
}

function resolveSampleColumns(table: Table, mapping: Mapping): Column[] {
  if (mapping.sampleColumns && mapping.sampleColumns.length > 0) {
    return mapping.sampleColumns.map((name) => findColumn(table, name, 'Sample column'));
  }
  const pattern = mapping.sampleColumnsMatch ?? '';
  if (pattern !== '') {
    const regex = namePattern(pattern, 'The sample-column pattern');
    const chosen = table.columns.filter((c) => regex.test(c.name));
    if (chosen.length === 0) {
      throw new SkfrError('no-numeric-features', `No column of “${table.fileName}” matches the sample-column pattern “${pattern}”.`);
    }
    return chosen;
  }
  throw new SkfrError(
    'no-numeric-features',
    `No sample columns are chosen for “${table.fileName}”: mark the columns that hold one sample each (or give a pattern for their names).`,
  );
}

/** A sample column's values as numbers (NaN = missing) and its text cells that are not numbers. */
function sampleValues(column: Column, extraMissing: ReadonlySet<string>): { values: Float64Array; bad: { row: number; text: string }[] } {
  if (column.numbers) {
    const bad = column.badCells.filter((b) => !extraMissing.has(b.text.trim()));
    return { values: column.numbers, bad };
  }
  const texts = column.texts!;
  const values = new Float64Array(texts.length).fill(NaN);
  const bad: { row: number; text: string }[] = [];
  for (let r = 0; r < texts.length; r++) {
    const t = texts[r];
    if (t === null || t === undefined || isMissingToken(t) || extraMissing.has(t.trim())) continue;
    const v = classifyText(t);
    if (typeof v === 'number') values[r] = v;
    else if (v !== null) bad.push({ row: r, text: t });
  }
  return { values, bad };
}

function firstItem(text: string | null): string | null {
  if (text === null) return null;
  const semicolon = text.indexOf(';'); // (not split: a list of 100 ids made 100 strings to keep one)
  const first = (semicolon < 0 ? text : text.slice(0, semicolon)).trim();
  return first === '' ? null : first;
}

/** A FASTA description: `Enolase 2 OS=Saccharomyces cerevisiae OX=559292 GN=ENO2 PE=1 SV=2`. */
const FASTA_FIELDS = / (OS|OX|GN|PE|SV)=/;

/**
 * The column holds FASTA descriptions (half or more of up to 500 present cells spread over the rows): its label
 * is the gene after `GN=`.
 */
function isDescriptionColumn(texts: readonly (string | null)[]): boolean {
  let present = 0;
  let fasta = 0;
  const step = Math.max(1, Math.floor(texts.length / 500));
  for (let r = 0; r < texts.length; r += step) {
    const t = texts[r];
    if (t === null || t === undefined) continue;
    present++;
    if (FASTA_FIELDS.test(t)) fasta++;
  }
  return present > 0 && fasta * 2 >= present;
}

/** `GN=ENO2` → "ENO2"; null without a GN field. */
function geneOf(text: string | null): string | null {
  if (text === null) return null;
  const m = / GN=([^\s;]+)/.exec(text);
  return m ? m[1]! : null;
}

/** One label per row: the first label column with a value; repeated labels get the row's other id. */
export function featureLabels(table: Table, labelColumns: readonly string[]): string[] {
  const texts = labelColumns.map((name) => {
    const column = columnTexts(findColumn(table, name, 'Feature label column'));
    return isDescriptionColumn(column) ? column.map(geneOf) : column;
  });
  const labels = new Array<string>(table.rowCount);
  const ids = new Array<string | null>(table.rowCount);
  for (let r = 0; r < table.rowCount; r++) {
    let label: string | null = null;
    let other: string | null = null;
    for (const column of texts) {
      const v = firstItem(column[r] ?? null);
      if (v === null) continue;
      if (label === null) label = v;
      else if (v !== label) {
        other = v;
        break; // (the label and the other id found: the later columns are not looked at)
      }
    }
    labels[r] = label ?? `Row ${r + 1}`;
    ids[r] = other;
  }
  const count = new Map<string, number>();
  for (const l of labels) count.set(l, (count.get(l) ?? 0) + 1);
  const seen = new Map<string, number>();
  const out = labels.map((l, r) => {
    if (count.get(l) === 1) return l;
    const withId = ids[r] ? `${l} (${ids[r]})` : l;
    return withId;
  });
  // Still repeated (same gene and id, or no id): number them.
  const again = new Map<string, number>();
  for (const l of out) again.set(l, (again.get(l) ?? 0) + 1);
  return out.map((l) => {
    if (again.get(l) === 1) return l;
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    return n === 1 ? l : `${l} #${n}`;
  });
}

function keepSamples(
  annotations: Record<string, (string | null)[]>,
  n: number,
  mapping: Mapping,
  report: StepReport[],
): Int32Array {
  let kept = Int32Array.from({ length: n }, (_, i) => i);
  const byColumn = new Map<string, string[]>();
  for (const f of mapping.filters) byColumn.set(f.column, [...(byColumn.get(f.column) ?? []), ...f.values]);
  for (const [name, values] of byColumn) {
    const column = annotations[name];
    if (!column) {
      throw new SkfrError(
        'unknown-column',
        `Filter: the samples have no annotation “${name}”; annotations available: ${quoteList(Object.keys(annotations))}. ` +
          `Attach the sample table that has it.`,
      );
    }
    const wanted = new Set(values.map((v) => v.trim()));
    const next = Array.from(kept).filter((i) => column[i] !== null && wanted.has(column[i]!.trim()));
    if (next.length === 0) {
      const present = [...new Set(column.filter((v): v is string => v !== null))];
      throw new SkfrError(
        'no-rows',
        `No sample left after the filter ${name} = ${values.map((v) => `“${v}”`).join(' or ')}; values of “${name}”: ${quoteList(present)}.`,
      );
    }
    report.push({ step: 'filter', label: `Samples kept where ${name} = ${values.join(' or ')} (removed)`, count: kept.length - next.length });
    kept = Int32Array.from(next);
  }
  return kept;
}

/** See the module comment. */
export function mapSampleColumns(table: Table, mapping: Mapping, options: SampleColumnsOptions = {}): MappedData {
  const samples = resolveSampleColumns(table, mapping);
  const labelColumns = (mapping.featureLabelColumns ?? []).filter((n) => n !== '');
  const annotationNames = [...new Set([...(mapping.featureAnnotationColumns ?? []), ...(options.extraFeatureColumns ?? [])])];
  for (const name of annotationNames) findColumn(table, name, 'Feature annotation column');
  const sampleSet = new Set(samples.map((c) => c.name));
  const overlap = [...labelColumns, ...annotationNames].filter((n) => sampleSet.has(n));
  if (overlap.length > 0) {
    throw new SkfrError('invalid-option', `${quoteList(overlap)} cannot be both a sample column and a feature label or annotation.`);
  }
  const sourceNames = samples.map((c) => c.name);
  const naming = mapping.sampleNames === 'as-is' ? null : sampleNaming(table, sourceNames, options.format);
  let allIds = naming ? naming.names : [...sourceNames];

  const warnings: TableWarning[] = [];
  const report: StepReport[] = [];
  let annotations = nameRecord<(string | null)[]>();
  // The parts of the sample names (replicate, channel, name part N …) annotate the samples when no sample table
  // does (issue 25 item 6: "with no sample table, offer groups from the sample names"): a joined sample table is
  // the scientist's own annotation, and parts beside it would only repeat it (and be compared with the clusters).
  if (!mapping.design) for (const part of naming?.parts ?? []) annotations[part.name] = part.values;
  let design: MappedData['design'] = null;
  if (mapping.design) {
    const joined = joinDesign(mapping.design, allIds, sourceNames, new Set(Object.keys(annotations)), columnPlaces(table, samples));
    annotations = Object.assign(annotations, joined.annotations);
    design = joined.join;
    warnings.push(...joined.warnings);
    const renamed = namesFromSampleTable(allIds, joined.join, joined.annotations);
    if (renamed) {
      allIds = renamed.names;
      warnings.push({ code: 'design', message: renamed.note });
    }
  }
  // The groups the sample names (or the sample table's run names) carry, when nothing else groups them (name-groups.ts).
  const offered = offeredGroups(allIds, design ? { annotations, columns: design.columns } : null);
  if (offered && !(offered.name in annotations)) annotations[offered.name] = withoutBatchWords(offered.groups, annotations);
  const kept = keepSamples(annotations, samples.length, mapping, report);

  const p = table.rowCount;
  const n = kept.length;
  const data = new Float64Array(n * p);
  const extraMissing = new Set((mapping.missingTokens ?? []).map((t) => t.trim()));
  let missingCells = 0;
  for (let i = 0; i < n; i++) {
    const column = samples[kept[i]!]!;
    const { values, bad } = sampleValues(column, extraMissing);
    const offset = i * p;
    for (let r = 0; r < p; r++) {
      const v = values[r]!;
      data[offset + r] = v;
      if (v !== v) missingCells++;
    }
    const warning = textCellsWarning(`Sample column “${column.name}”`, bad, (row) => rowLocation(table, row));
    if (warning) warnings.push(warning);
  }

  const featureAnnotations = nameRecord<(string | null)[]>();
  for (const name of annotationNames) featureAnnotations[name] = columnTexts(findColumn(table, name, 'Feature annotation column'));
  const keptAnnotations = nameRecord<(string | null)[]>();
  for (const [name, values] of Object.entries(annotations)) keptAnnotations[name] = Array.from(kept, (i) => values[i] ?? null);

  return {
    matrix: { rows: n, cols: p, data },
    sampleIds: Array.from(kept, (i) => allIds[i]!),
    featureNames: labelColumns.length > 0 ? featureLabels(table, labelColumns) : Array.from({ length: p }, (_, r) => `Row ${r + 1}`),
    annotations: keptAnnotations,
    rowIndices: kept,
    missingCells,
    warnings,
    droppedFeatures: [],
    featureAnnotations,
    sampleColumns: Array.from(kept, (i) => sourceNames[i]!),
    design,
    preparation: report,
  };
}
