/**
 * Sheets out as CSV (RFC 4180) from rows of cells, without SheetJS (write.ts adds the workbooks), so that
 * a host writing only CSV never loads it. Numbers are written with full precision (the shortest text that
 * reads back as the same float64); NaN, ±Infinity and null are empty cells.
 * Example: toCsv([['id', 'x'], ['a,b', 0.1]]) → 'id,x\n"a,b",0.1\n'.
 */

export type Cell = string | number | null;
export interface SheetRows {
  name: string;
  rows: Cell[][];
}

const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;

function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** CSV text, comma-delimited, one line per row ending in "\n"; fields quoted only when needed. */
export function toCsv(rows: Cell[][]): string {
  let out = '';
  for (const row of rows) out += row.map(csvField).join(',') + '\n';
  return out;
}

