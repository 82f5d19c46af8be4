/**
 * What a table looks like, for the mapping screen: per-column summaries and the first rows as shown.
 * Example: a numeric column [1, NaN, 3] → { kind: 'numeric', missing: 1, min: 1, max: 3, distinctCount: 2 }.
 */
import type { ColumnSummary, Table } from './types.js';

/** A numeric column lists its values for filters only up to this many distinct values. */
const MAX_DISTINCT_LISTED = 50;

function countNumbers(numbers: Float64Array, values: readonly number[]): number[] {
  const index = new Map(values.map((v, i) => [v, i]));
  const counts = new Array<number>(values.length).fill(0);
  for (let i = 0; i < numbers.length; i++) {
    const at = index.get(numbers[i]!);
    if (at !== undefined) counts[at]!++;
  }
  return counts;
}

export function summarizeColumns(table: Table): ColumnSummary[] {
  return table.columns.map((column) => {
    if (column.numbers) {
      const numbers = column.numbers;
      let min = Infinity;
      let max = -Infinity;
      const distinct = new Set<number>();
      for (let i = 0; i < numbers.length; i++) {
        const v = numbers[i]!;
        if (v !== v) continue;
        if (v < min) min = v;
        if (v > max) max = v;
        distinct.add(v);
      }
      const listed = distinct.size <= MAX_DISTINCT_LISTED ? [...distinct].sort((a, b) => a - b) : null;
      const counts = listed ? countNumbers(numbers, listed) : null;
      return {
        name: column.name,
        kind: column.kind,
        missing: column.missing,
        badCells: column.badCells.length,
        min: min === Infinity ? null : min,
        max: max === -Infinity ? null : max,
        distinct: listed ? listed.map(String) : null,
        ...(counts ? { distinctCounts: counts } : {}),
        distinctCount: distinct.size,
      };
    }
    const counts = new Map<string, number>();
    for (const t of column.texts!) if (t !== null) counts.set(t, (counts.get(t) ?? 0) + 1);
    const names = [...counts.keys()].sort((a, b) => a.localeCompare(b));
    return {
      name: column.name,
      kind: column.kind,
      missing: column.missing,
      badCells: 0,
      min: null,
      max: null,
      distinct: names,
      distinctCounts: names.map((name) => counts.get(name)!),
      distinctCount: names.length,
    };
  });
}

/**
 * The first `limit` data rows (header not included), cells as shown: numbers as numbers, missing as null, a
 * text cell in a numeric column as its text.
 */
export function previewRows(table: Table, limit = 100): (string | number | null)[][] {
  const n = Math.min(limit, table.rowCount);
  const rows: (string | number | null)[][] = Array.from({ length: n }, () => []);
  for (const column of table.columns) {
    if (column.numbers) {
      const bad = new Map(column.badCells.filter((b) => b.row < n).map((b) => [b.row, b.text]));
      for (let r = 0; r < n; r++) {
        const v = column.numbers[r]!;
        rows[r]!.push(v === v ? v : (bad.get(r) ?? null));
      }
    } else {
      for (let r = 0; r < n; r++) rows[r]!.push(column.texts![r] ?? null);
    }
  }
  return rows;
}
