/**
 * Join a sample table (design, metadata, sample sheet, Perseus category rows) to the samples of the data, on
 * the sample name: both sides are compared by `sampleKey` (cleaned the same way: quantity prefix, run path →
 * file name, case and spacing folded), and a sample also matches by its column's own name. The sample-table
 * column used is the one named in `sampleColumn`, else the one matching the most samples. Its columns become
 * sample annotations (missing for samples without a row); samples without a row and rows without a sample are
 * listed, never dropped silently.
 * @example joinDesign(['H1', 'H5'], ['LFQ intensity H1', 'LFQ intensity H5'], design with label H1..H4)
 *   // → annotations { condition: ['CD34High', null] }, join.samplesWithoutRow ['H5']
 */
import { SkfrError } from '../errors.js';
import { quoteList } from './lookup.js';
import { sampleKey } from './sample-names.js';
import type { DesignJoin, SampleTable } from './types.js';

export interface JoinedDesign {
  annotations: Record<string, (string | null)[]>;
  join: DesignJoin;
}

function keysOf(values: readonly (string | null)[]): Map<string, number> {
  const index = new Map<string, number>();
  values.forEach((v, i) => {
    if (v === null || v.trim() === '') return;
    const key = sampleKey(v);
    if (!index.has(key)) index.set(key, i);
  });
  return index;
}

/** Row of the sample table for each sample (-1 = none), matching by clean name, then by the column's own name. */
function matchRows(index: Map<string, number>, sampleIds: readonly string[], sourceNames: readonly string[]): Int32Array {
  return Int32Array.from(sampleIds, (id, i) => index.get(sampleKey(id)) ?? index.get(sampleKey(sourceNames[i] ?? id)) ?? -1);
}

/**
 * @param sampleIds the samples' (clean) names
 * @param sourceNames the name each sample had in the file (its column name, or its id when samples are rows)
 * @param taken annotation names already used by the data (a sample-table column of that name gets " (design)")
 */
export function joinDesign(
  design: SampleTable,
  sampleIds: readonly string[],
  sourceNames: readonly string[],
  taken: ReadonlySet<string> = new Set(),
): JoinedDesign {
  if (design.columns.length === 0) {
    throw new SkfrError('invalid-option', `The sample table “${design.source}” has no columns.`);
  }
  // Most samples matched wins; on a tie, the column holding the samples' names exactly as the file writes them
  // (DIA-NN metadata: the run paths of "Name in report.pg_matrix" over the bare file names of another column).
  let best: { column: string; rows: Int32Array; matched: number; exact: number } | null = null;
  const candidates = design.sampleColumn !== null ? design.columns.filter((c) => c.name === design.sampleColumn) : design.columns;
  if (candidates.length === 0) {
    throw new SkfrError(
      'unknown-column',
      `The sample table “${design.source}” has no column “${design.sampleColumn}”; its columns: ${quoteList(design.columns.map((c) => c.name))}.`,
    );
  }
  for (const column of candidates) {
    const rows = matchRows(keysOf(column.values), sampleIds, sourceNames);
    let matched = 0;
    for (const r of rows) if (r >= 0) matched++;
    let exact = 0;
    rows.forEach((r, i) => {
      if (r >= 0 && column.values[r] === sourceNames[i]) exact++;
    });
    if (best === null || matched > best.matched || (matched === best.matched && exact > best.exact)) best = { column: column.name, rows, matched, exact };
  }
  if (best === null || best.matched === 0) {
    const examples = design.columns[0]!.values.filter((v) => v !== null).slice(0, 3) as string[];
    throw new SkfrError(
      'invalid-option',
      `No sample of the data has a row in the sample table “${design.source}”: its ${design.sampleColumn ? `column “${design.sampleColumn}”` : 'columns'} ` +
        `hold names such as ${quoteList(examples)}, the data's samples are ${quoteList(sampleIds.slice(0, 5))}. ` +
        `Choose the sample table that describes these samples, or the column that names them.`,
    );
  }
  const { rows } = best;
  const used = new Set<number>(rows.filter((r) => r >= 0));
  const nameColumn = design.columns.find((c) => c.name === best.column)!;
  const rowsWithoutSample = nameColumn.values
    .map((v, r) => (used.has(r) || v === null || v.trim() === '' ? null : v))
    .filter((v): v is string => v !== null);
  const samplesWithoutRow = sampleIds.filter((_, i) => rows[i]! < 0);
  const annotations: Record<string, (string | null)[]> = {};
  const columns: string[] = [];
  for (const column of design.columns) {
    if (column.name === best.column) continue;
    let name = column.name;
    while (taken.has(name) || name in annotations) name = `${name} (design)`;
    annotations[name] = Array.from(rows, (r) => (r >= 0 ? (column.values[r] ?? null) : null));
    columns.push(name);
  }
  return {
    annotations,
    join: { source: design.source, matchedColumn: best.column, matched: best.matched, samplesWithoutRow, rowsWithoutSample, columns },
  };
}

/** The sentence the screen and the CLI show for a join: "Sample table … matched 12 of 15 samples on “label”; no row for H5, L5, N5." */
export function describeJoin(join: DesignJoin, samples: number): string {
  const parts = [`Sample table “${join.source}” matched ${join.matched} of ${samples} samples on “${join.matchedColumn}”`];
  if (join.samplesWithoutRow.length > 0) parts.push(`no row for ${quoteList(join.samplesWithoutRow, 10)}`);
  if (join.rowsWithoutSample.length > 0) parts.push(`rows naming no sample: ${quoteList(join.rowsWithoutSample, 10)}`);
  return `${parts.join('; ')}.`;
}
