/**
 * Apply a Mapping to a Table: what the engine fits (an n × p row-major Float64Array, NaN = missing) and what
 * is kept beside it (sample ids, annotation columns as strings, the table row of each sample).
 *
 * Steps, in order: orientation (transpose when samples are columns) → id, annotation and feature columns →
 * row filters (several filters on one column are OR-ed, different columns AND-ed) → maxMissingFraction →
 * ids, annotations, missing counts → matrix (copied, or built over the columns' own buffer with `consume`:
 * matrix.ts). Problems the user can fix are SkfrErrors ('unknown-column', 'invalid-regex', 'no-numeric-features',
 * 'no-rows', 'empty-sample', 'invalid-option'); things worth knowing are warnings ('text-in-feature',
 * 'dropped-feature', 'duplicate-id').
 * Example: columns [id (text), a, b (numeric)], mapping { idColumn: 'id', featureColumns: null } → p = 2.
 */
import { assertNever, SkfrError } from '../errors.js';
import { classifyText } from './cells.js';
import { columnTexts, findColumn, quoteList, rowLocation } from './lookup.js';
import { copyMatrix, matrixInPlace } from './matrix.js';
import { joinDesign } from './design.js';
import { lazyList } from './lazy-list.js';
import { mapSampleColumns } from './sample-columns.js';
import { nameRecord } from './name-record.js';
import { namePattern, type NamePattern } from './name-pattern.js';
import { summaryLabelColumn, summaryRowCount } from './summary-rows.js';
import { textCellsWarning } from './text-cells.js';
import { transposeTable } from './transpose.js';
import type { Column, FormatId, MappedData, Mapping, RowFilter, StepReport, Table, TableWarning } from './types.js';

function orient(table: Table, mapping: Mapping): Table {
  switch (mapping.orientation) {
    case 'samples-as-rows':
      return table;
    case 'samples-as-columns':
      return transposeTable(table);
    default:
      return assertNever(mapping.orientation);
  }
}

function compileRegex(pattern: string): NamePattern {
  return namePattern(pattern, 'The feature pattern');
}

function chooseFeatures(table: Table, mapping: Mapping, reserved: Set<string>, warnings: TableWarning[]): Column[] {
  if (mapping.featureColumns) {
    const chosen: Column[] = [];
    for (const name of mapping.featureColumns) {
      let column = findColumn(table, name, 'Feature column');
      const numbers = column.kind === 'text' ? textAsNumbers(column) : null;
      if (numbers !== null) column = numbers; // (named as a feature: its numbers count, its text is reported)
      else if (column.kind === 'text') {
        const example = column.texts!.find((t) => t !== null);
        throw new SkfrError(
          'no-numeric-features',
          `Feature column “${name}” holds text (e.g. “${example}”), not numbers; choose numeric columns as ` +
            `features, or use “${name}” as an annotation column.`,
        );
      }
      if (column.kind === 'empty') {
        warnings.push({ code: 'dropped-feature', message: `Feature column “${name}” has no values at all; it is left out.` });
        continue;
      }
      chosen.push(column);
    }
    if (chosen.length === 0) {
      throw new SkfrError('no-numeric-features', `None of the feature columns ${quoteList(mapping.featureColumns)} has any value.`);
    }
    return chosen;
  }
  const numeric = table.columns.filter((c) => c.kind === 'numeric' && !reserved.has(c.name));
  const pattern = mapping.featuresMatch ?? null;
  if (pattern !== null && pattern !== '') {
    const regex = compileRegex(pattern);
    const chosen = numeric.filter((c) => regex.test(c.name));
    if (chosen.length === 0) {
      const matching = table.columns.filter((c) => regex.test(c.name)).map((c) => c.name);
      throw new SkfrError(
        'no-numeric-features',
        matching.length === 0
          ? `No column of “${table.fileName}” matches the feature pattern “${pattern}”.`
          : `The columns matching “${pattern}” (${quoteList(matching)}) are not numeric feature columns ` +
              `(they hold text or are the id/annotation columns).`,
      );
    }
    return chosen;
  }
  for (const column of table.columns) {
    if (column.kind !== 'text' || reserved.has(column.name)) continue;
    const numbers = textAsNumbers(column);
    if (numbers === null) continue;
    const count = column.texts!.length - numbers.missing - numbers.badCells.length;
    warnings.push({
      code: 'dropped-feature',
      message:
        `Column “${column.name}” holds ${count} number${count === 1 ? '' : 's'} but more text (e.g. “${numbers.badCells[0]!.text}”), so it is ` +
        `read as text and not analysed; name it in the features to analyse its numbers, or as an annotation.`,
    });
  }
  if (numeric.length === 0) {
    throw new SkfrError(
      'no-numeric-features',
      `“${table.fileName}” has no numeric column to cluster on besides the id and annotation columns ` +
        `(columns: ${quoteList(table.columns.map((c) => `${c.name} (${c.kind})`))}).`,
    );
  }
  return numeric;
}

/**
 * A text column that holds numbers too, read as numbers: its text cells (lab tokens included) become missing
 * values listed in `badCells`, for the warning. Null when it holds no number. The column's role decides here
 * (it was named as a feature), not the share of text the reader's kind rule weighs (columns.ts).
 * Example: texts ["1.5", "low", null, "2"] → numbers [1.5, NaN, NaN, 2], badCells [{ row: 1, text: "low" }].
 */
function textAsNumbers(column: Column): Column | null {
  const texts = column.texts;
  if (texts === null) return null;
  const numbers = new Float64Array(texts.length);
  const badCells: { row: number; text: string }[] = [];
  let missing = 0;
  let count = 0;
  for (let r = 0; r < texts.length; r++) {
    const cell = texts[r] === null ? null : classifyText(texts[r]!);
    if (typeof cell === 'number') {
      numbers[r] = cell;
      count++;
      continue;
    }
    numbers[r] = NaN;
    if (cell === null) missing++;
    else badCells.push({ row: r, text: cell });
  }
  return count === 0 ? null : { name: column.name, kind: 'numeric', numbers, texts: null, missing, badCells };
}

/** Keep the rows whose cell text equals one of a filter's values (numbers also match numerically). */
/**
 * The rows less the summary rows at their end (summary-rows.ts: “Mean”, “SD” … under the samples, by the id column's
 * labels, else the first text column's), with a warning naming them; `rows` itself when there are none.
 */
function withoutSummaryRows(table: Table, rows: Int32Array, idColumn: Column | null, warnings: TableWarning[]): { rows: Int32Array; step: StepReport | null } {
  const labelled = summaryLabelColumn(table, idColumn);
  if (labelled === null || rows.length === 0) return { rows, step: null };
  const labels = columnTexts(labelled, rows);
  const count = summaryRowCount(labels);
  if (count === 0) return { rows, step: null };
  const names = labels.slice(labels.length - count).map((l) => `“${l!.trim()}”`);
  const listed = `${names.slice(0, 6).join(', ')}${names.length > 6 ? ', …' : ''}`;
  const first = rowLocation(table, rows[rows.length - count]!);
  warnings.push({
    code: 'summary-rows',
    message: `The last ${count === 1 ? 'row' : `${count} rows`} (${listed}, from ${first}) ${count === 1 ? 'is a summary' : 'are summaries'} of the samples, not ${count === 1 ? 'a sample' : 'samples'}: left out.`,
  });
  // (a row filter's count in the preparation: the rows read less these)
  return { rows: rows.slice(0, rows.length - count), step: { step: 'filter', label: `Summary rows under the samples left out (${listed})`, count } };
}

function applyFilters(table: Table, filters: readonly RowFilter[]): Int32Array {
  let rows = new Int32Array(table.rowCount);
  for (let i = 0; i < rows.length; i++) rows[i] = i;
  const byColumn = new Map<string, string[]>();
  for (const f of filters) byColumn.set(f.column, [...(byColumn.get(f.column) ?? []), ...f.values]);
  for (const [name, values] of byColumn) {
    const column = findColumn(table, name, 'Filter');
    const wanted = new Set(values.map((v) => v.trim()));
    const wantedNumbers = new Set(values.filter((v) => v.trim() !== '').map((v) => Number(v.trim())).filter((v) => v === v));
    const texts = columnTexts(column, rows);
    const kept: number[] = [];
    for (let i = 0; i < rows.length; i++) {
      const t = texts[i];
      if (t === null) continue;
      const r = rows[i]!;
      if (wanted.has(t) || (column.numbers !== null && wantedNumbers.has(column.numbers[r]!))) kept.push(r);
    }
    if (kept.length === 0) {
      const present = [...new Set(columnTexts(column).filter((t): t is string => t !== null))];
      throw new SkfrError(
        'no-rows',
        `No rows left after the filter ${name} = ${values.map((v) => `“${v}”`).join(' or ')}` +
          `${byColumn.size > 1 ? ' (with the other filters)' : ''}; values in “${name}”: ${quoteList(present)}.`,
      );
    }
    rows = Int32Array.from(kept);
  }
  return rows;
}

function missingFraction(column: Column, rows: Int32Array): number {
  const numbers = column.numbers;
  if (!numbers) return 1;
  let missing = 0;
  for (let i = 0; i < rows.length; i++) if (numbers[rows[i]!] !== numbers[rows[i]!]) missing++;
  return missing / rows.length;
}

function textWarnings(table: Table, features: Column[], rows: Int32Array): TableWarning[] {
  let kept: Set<number> | null = null; // (only when a column has text: a set of every kept row)
  const warnings: TableWarning[] = [];
  for (const column of features) {
    if (column.badCells.length === 0) continue;
    kept ??= new Set(rows);
    const cells = column.badCells.filter((b) => kept!.has(b.row));
    if (cells.length === 0) continue;
    const warning = textCellsWarning(`Column “${column.name}”`, cells, (row) => rowLocation(table, row));
    if (warning) warnings.push(warning);
  }
  return warnings;
}

/**
 * A warning naming the ids given to more than one sample (first seen first), or none. The common case, no repeat,
 * takes one set of the ids (50 000 ids: ~10 ms, half of counting each in a map); the counts are taken only when
 * an id repeats. (A sort of the ids is quicker for ids in order, but 3–4× slower for ids in no order.)
 */
function duplicateWarnings(ids: readonly string[]): TableWarning[] {
  const seen = new Set<string>();
  for (const id of ids) {
    const before = seen.size;
    seen.add(id);
    if (seen.size === before) return [duplicateWarning(ids)];
  }
  return [];
}

function duplicateWarning(ids: readonly string[]): TableWarning {
  const seen = new Map<string, number>();
  for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
  const repeated = [...seen].filter(([, n]) => n > 1);
  const shown = repeated.slice(0, 5).map(([id, n]) => `“${id}” ×${n}`).join(', ');
  const more = repeated.length > 5 ? ` and ${repeated.length - 5} more` : '';
  return {
    code: 'duplicate-id',
    message: `${repeated.length} sample id${repeated.length === 1 ? ' is' : 's are'} not unique (${shown}${more}); they are kept as they are.`,
  };
}

export interface MappingOptions {
  /**
   * Where the n × p matrix is allocated (a Float64Array of `length` values; every one is overwritten), e.g. in shared
   * memory when worker threads will read it (core/parallel/shared.ts `allocateSharedFloat64`).
   * Default: a plain `new Float64Array(length)`. Not called when the matrix is built in place (`consume`).
   */
  allocate?: (length: number) => Float64Array;
  /**
   * true = the caller hands the table over and never reads it again. When the feature columns lie in one
   * buffer in the table's column order (a CSV/TSV file read by parseTable or parseTableChunks, samples as
   * rows, features in ascending column order), the matrix is built in that buffer (matrix.ts
   * `matrixInPlace`): no second n × p block, and `matrix.data` shares the columns' buffer (shared memory if
   * the reader allocated it there). The table's numeric columns are overwritten. Otherwise (workbooks,
   * samples as columns, features named out of order, …) the matrix is copied as without this option.
   * The result is the same either way. Default false.
   */
  consume?: boolean;
  /** Samples as columns: feature columns the preparation reads (flag markers, ids), kept as feature annotations. */
  extraFeatureColumns?: readonly string[];
  /** The recognised format, for cleaning sample names with its quantity's prefix or suffix. */
  format?: FormatId;
  /** A sample with no value is kept (core/prepare names them all, or drops them when asked); default: an error. */
  keepEmptySamples?: boolean;
}

/** True when the mapping reads a proteins × samples table by its sample columns (sample-columns.ts). */
export function usesSampleColumns(mapping: Mapping): boolean {
  if (mapping.orientation !== 'samples-as-columns') return false;
  return (mapping.sampleColumns !== undefined && mapping.sampleColumns !== null) || (mapping.sampleColumnsMatch ?? '') !== '';
}

/**
 * Missing cells of the n × p matrix (read row by row, as it lies in memory); a sample with no observed value is
 * an error. `features` tell from their counts when there can be none.
 */
function countMissing(table: Table, features: readonly Column[], rows: Int32Array, sampleIds: readonly string[], data: Float64Array, keepEmpty = false): number {
  // A column's NaNs are its missing and bad cells: none in any feature column, no sample is empty.
  if (features.every((column) => column.missing === 0 && column.badCells.length === 0)) return 0;
  const n = rows.length;
  const p = features.length;
  let missingCells = 0;
  for (let i = 0; i < n; i++) {
    let observed = 0;
    for (let at = i * p, end = at + p; at < end; at++) if (data[at] === data[at]) observed++;
    if (observed === 0 && !keepEmpty) {
      throw new SkfrError(
        'empty-sample',
        `Sample “${sampleIds[i]}” (${rowLocation(table, rows[i]!)} of “${table.fileName}”) has no value in any of the ` +
          `${features.length} feature columns; remove it or filter it out.`,
      );
    }
    missingCells += p - observed;
  }
  return missingCells;
}

/**
 * Row numbers as sample ids, 1-based, each made when read (lazy-list.ts): ids [1, 2, 5] for rows [0, 1, 4].
 * Made here, not inside applyMapping, so the list holds `rows` and nothing else: a closure made there would
 * share applyMapping's scope, the table included, and keep the whole parsed table (its columns' objects and
 * the reader's n-long line numbers, 80 MB at 20 million rows) alive as long as the ids.
 */
function rowNumberIds(rows: Int32Array, identity: boolean): string[] {
  // (every row kept: the ids do not hold the rows either, which are then garbage once mapped; in a function of
  // its own, as a closure here would share this scope's context, `rows` included, with the one below)
  if (identity) return firstRowNumbers(rows.length);
  return lazyList(rows.length, (i) => String(rows[i]! + 1));
}

/** Ids 1 … n (lazy-list.ts). */
function firstRowNumbers(n: number): string[] {
  return lazyList(n, (i) => String(i + 1));
}

/**
 * Map `source` (see the module comment). The table is only read unless `options.consume`: once this
 * returns, nothing of it is referenced by the result except strings (and, when consumed, the buffer the
 * matrix was built in), so a caller may drop it.
 * @example applyMapping(table, mapping, { allocate: allocateSharedFloat64 }) // matrix.data on a SharedArrayBuffer
 */
export function applyMapping(source: Table, mapping: Mapping, options: MappingOptions = {}): MappedData {
  if (usesSampleColumns(mapping)) {
    return mapSampleColumns(source, mapping, {
      ...(options.extraFeatureColumns ? { extraFeatureColumns: options.extraFeatureColumns } : {}),
      ...(options.format ? { format: options.format } : {}),
    });
  }
  const table = orient(source, mapping);
  const warnings: TableWarning[] = [];
  const idColumn = mapping.idColumn !== null ? findColumn(table, mapping.idColumn, 'Id column') : null;
  const annotationColumns = mapping.annotationColumns.map((name) => findColumn(table, name, 'Annotation column'));
  const reserved = new Set([...(idColumn ? [idColumn.name] : []), ...annotationColumns.map((c) => c.name)]);
  let features = chooseFeatures(table, mapping, reserved, warnings);
  const { rows, step: summaryStep } = withoutSummaryRows(table, applyFilters(table, mapping.filters), idColumn, warnings);

  const droppedFeatures: { name: string; missingFraction: number }[] = [];
  const limit = mapping.maxMissingFraction ?? null;
  if (limit !== null) {
    if (!(limit >= 0 && limit <= 1)) {
      throw new SkfrError('invalid-option', `maxMissingFraction = ${limit} is not possible: it must be between 0 and 1.`);
    }
    const dropped: string[] = [];
    features = features.filter((c) => {
      const fraction = missingFraction(c, rows);
      if (fraction <= limit) return true;
      droppedFeatures.push({ name: c.name, missingFraction: fraction });
      dropped.push(`“${c.name}” (${(100 * fraction).toFixed(1)}% missing)`);
      return false;
    });
    if (dropped.length > 0) {
      warnings.push({
        code: 'dropped-feature',
        message: `${dropped.length} feature${dropped.length === 1 ? '' : 's'} missing in more than ${(100 * limit).toFixed(1)}% of the samples left out: ${dropped.slice(0, 10).join(', ')}${dropped.length > 10 ? ` and ${dropped.length - 10} more` : ''}.`,
      });
    }
    if (features.length === 0) {
      throw new SkfrError('no-numeric-features', `Every feature is missing in more than ${(100 * limit).toFixed(1)}% of the samples; none is left.`);
    }
  }
  warnings.push(...textWarnings(table, features, rows));

  // Everything read from the table comes before the matrix, which may be built over the table's columns.
  const idTexts = idColumn ? columnTexts(idColumn, rows) : null;
  // (without an id column the samples are named by their row numbers, made when read: lazy-list.ts)
  // (rows are increasing: as many as the table's means every one, in order)
  const everyRow = rows.length === table.rowCount;
  const sampleIds = idTexts !== null ? Array.from(rows, (r, i) => idTexts[i] ?? String(r + 1)) : rowNumberIds(rows, everyRow);
  // (Row numbers, without an id column, are distinct.)
  if (idTexts !== null) warnings.push(...duplicateWarnings(sampleIds));
  const annotations = nameRecord<(string | null)[]>();
  for (const column of annotationColumns) annotations[column.name] = columnTexts(column, rows);
  let design: MappedData['design'] = null;
  if (mapping.design) {
    // (in file order, the i-th row of the sample table goes with the table's i-th row, filtered or not)
    const joined = joinDesign(mapping.design, sampleIds, sampleIds, new Set(Object.keys(annotations)), { positions: rows, total: table.rowCount });
    Object.assign(annotations, joined.annotations);
    design = joined.join;
    warnings.push(...joined.warnings);
  }

  const inPlace = options.consume === true && mapping.orientation === 'samples-as-rows';
  const data = (inPlace ? matrixInPlace(features, rows, table.rowCount) : null) ?? copyMatrix(features, rows, options.allocate);
  // (from the matrix, which lies row by row: the columns may be a row-major table's, read one by one at a cost)
  const missingCells = countMissing(table, features, rows, sampleIds, data, options.keepEmptySamples === true);

  return {
    matrix: { rows: rows.length, cols: features.length, data },
    sampleIds,
    idColumn: mapping.orientation === 'samples-as-rows' && idColumn ? idColumn.name : null,
    featureNames: features.map((c) => c.name),
    annotations,
    rowIndices: everyRow ? null : rows,
    missingCells,
    warnings,
    droppedFeatures,
    design,
    ...(summaryStep !== null ? { preparation: [summaryStep] } : {}),
  };
}
