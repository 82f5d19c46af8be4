/**
 * "Keep rows where …" as pure functions: the values a filter can keep, with how many rows (samples as rows) or
 * samples (samples as columns, filters on sample annotations) hold each; searching them; and how many rows or
 * samples a filter removes on its own. A filter lists every value — nothing is dropped because a list is long.
 *
 * @example removedBy({ column: 'Genotype', values: ['Control'] }, [{ value: 'Control', count: 570 }, { value: 'Ts65Dn', count: 510 }], 1080)
 *   // 510
 */
import type { ColumnSummary, RowFilter } from '../../../core/table/types';

export interface ValueCount {
  value: string;
  count: number;
}

const sortedValues = new WeakMap<ColumnSummary, ValueCount[]>();

/**
 * The values of a column (every one of a text column, sorted as the user's language sorts words; a numeric
 * column's in ascending order) with their counts; counts unknown → 0. A text column's values come in the order its
 * rows first hold them (core/table/summary.ts) and are sorted here, once per column, when a filter needs them.
 */
export function columnValues(column: ColumnSummary | undefined): ValueCount[] {
  if (!column || column.distinct === null) return [];
  const known = sortedValues.get(column);
  if (known) return known;
  const values = column.distinct.map((value, i) => ({ value, count: column.distinctCounts?.[i] ?? 0 }));
  if (column.kind === 'text') values.sort((a, b) => a.value.localeCompare(b.value));
  sortedValues.set(column, values);
  return values;
}

/** Case-insensitive substring search over the values. */
export function searchValues(values: readonly ValueCount[], query: string): ValueCount[] {
  const q = query.trim().toLowerCase();
  return q === '' ? [...values] : values.filter((v) => v.value.toLowerCase().includes(q));
}

/**
 * Rows (or samples) the filter removes by itself, out of `total`: all but those holding a value it keeps (a row
 * with no value in the column is removed by any filter on it).
 */
export function removedBy(filter: RowFilter, values: readonly ValueCount[], total: number): number {
  const kept = new Set(filter.values);
  let keptRows = 0;
  for (const v of values) if (kept.has(v.value)) keptRows += v.count;
  return Math.max(0, total - keptRows);
}

/** The filter with `values` added (on) or taken out (off), in the order of the value list. */
export function toggleValues(filter: RowFilter, values: readonly string[], on: boolean, order: readonly ValueCount[]): RowFilter {
  const chosen = new Set(filter.values);
  for (const v of values) {
    if (on) chosen.add(v);
    else chosen.delete(v);
  }
  const rank = new Map(order.map((v, i) => [v.value, i]));
  const next = [...chosen].sort((a, b) => (rank.get(a) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b) ?? Number.MAX_SAFE_INTEGER));
  return { ...filter, values: next };
}
