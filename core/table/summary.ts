/**
 * What a table looks like, for the mapping screen: per-column summaries and the first rows as shown.
 * Example: a numeric column [1, NaN, 3] → { kind: 'numeric', missing: 1, min: 1, max: 3, distinctCount: 2 }.
 */
import type { Column, ColumnSummary, Table } from './types.js';

/** A numeric column lists its values for filters only up to this many distinct values. */
const MAX_DISTINCT_LISTED = 50;

/**
 * A numeric column's observed values, sorted (missing ones left out): its distinct values are the runs of equal
 * values (-0 and 0 one value, as a Set keeps them), each run's length its count. A typed array's sort is native;
 * a Set of every cell took most of an open's summaries (MaxQuant LFQ: 125 numeric columns of 1 459 rows).
 */
function sortedObserved(numbers: Float64Array): Float64Array {
  const observed = new Float64Array(numbers.length);
  let m = 0;
  for (let i = 0; i < numbers.length; i++) {
    const v = numbers[i]!;
    if (v === v) observed[m++] = v;
  }
  return observed.subarray(0, m).sort();
}

function numericSummary(column: Column, numbers: Float64Array): ColumnSummary {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < numbers.length; i++) {
    const v = numbers[i]!;
    if (v !== v) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const sorted = sortedObserved(numbers);
  let distinctCount = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinctCount++;
  let listed: string[] | null = null;
  let counts: number[] | null = null;
  if (distinctCount <= MAX_DISTINCT_LISTED) {
    listed = [];
    counts = [];
    for (let i = 0; i < sorted.length; i++) {
      if (i === 0 || sorted[i] !== sorted[i - 1]) {
        listed.push(String(sorted[i]));
        counts.push(1);
      } else counts[counts.length - 1]!++;
    }
  }
  return {
    name: column.name,
    kind: column.kind,
    missing: column.missing,
    badCells: column.badCells.length,
    min: min === Infinity ? null : min,
    max: max === -Infinity ? null : max,
    distinct: listed,
    ...(counts ? { distinctCounts: counts } : {}),
    distinctCount,
  };
}

/**
 * Per-column summaries for the Import screen. A text column lists every value with its count in the order the
 * rows first hold them: a filter sorts them when it shows them (renderer/src/lib/filters.ts columnValues), and a
 * table's id and description columns (thousands of values, never filtered on) are not sorted at every open.
 */
export function summarizeColumns(table: Table): ColumnSummary[] {
  return table.columns.map((column) => {
    if (column.numbers) return numericSummary(column, column.numbers);
    const counts = new Map<string, number>();
    for (const t of column.texts!) if (t !== null) counts.set(t, (counts.get(t) ?? 0) + 1);
    return {
      name: column.name,
      kind: column.kind,
      missing: column.missing,
      badCells: 0,
      min: null,
      max: null,
      distinct: [...counts.keys()],
      distinctCounts: [...counts.values()],
      distinctCount: counts.size,
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
