/**
 * Pages of an opened table's rows for the preview grid, which shows 100 000 rows by asking only for the
 * ones scrolled into view. Cells as `previewRows` shows them: numbers as numbers, missing as null, a text
 * cell in a numeric column as its text.
 *
 * @example
 * tableRows(table, 99_990, 50) // → the last 10 rows of a 100 000-row table
 * tableRows(table, 100_001, 5) // throws SkfrError('invalid-request', 'start = 100001 is past the last row …')
 */
import { SkfrError } from '../errors.js';
import type { Table } from '../table/types.js';

/** The largest page one `rows` request may ask for (the schema enforces it too). */
export const MAX_ROWS_PER_REQUEST = 1000;

type Cell = string | number | null;

/** Rows [start, min(start + count, rowCount)) of `table`, one cell per column. */
export function tableRows(table: Table, start: number, count: number): Cell[][] {
  if (!Number.isInteger(start) || start < 0 || start > table.rowCount) {
    throw new SkfrError('invalid-request', `Invalid rows request: start = ${start} is past the last row; the table has ${table.rowCount} rows, so start must be between 0 and ${table.rowCount}.`);
  }
  if (!Number.isInteger(count) || count < 1 || count > MAX_ROWS_PER_REQUEST) {
    throw new SkfrError('invalid-request', `Invalid rows request: count = ${count} is not allowed; ask for 1 to ${MAX_ROWS_PER_REQUEST} rows at a time.`);
  }
  const end = Math.min(table.rowCount, start + count);
  const rows: Cell[][] = Array.from({ length: end - start }, () => []);
  for (const column of table.columns) {
    if (column.numbers) {
      const numbers = column.numbers;
      const bad = new Map<number, string>();
      for (const b of column.badCells) if (b.row >= start && b.row < end) bad.set(b.row, b.text);
      for (let r = start; r < end; r++) {
        const v = numbers[r]!;
        rows[r - start]!.push(v === v ? v : (bad.get(r) ?? null));
      }
    } else {
      const texts = column.texts!;
      for (let r = start; r < end; r++) rows[r - start]!.push(texts[r] ?? null);
    }
  }
  return rows;
}
