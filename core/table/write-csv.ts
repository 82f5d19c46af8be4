/**
 * Sheets out as CSV (RFC 4180) from rows of cells, without SheetJS (write.ts adds the workbooks), so that
 * a host writing only CSV never loads it. Numbers are written with full precision (the shortest text that
 * reads back as the same float64); NaN, ±Infinity and null are empty cells.
 * Example: toCsv([['id', 'x'], ['a,b', 0.1]]) → 'id,x\n"a,b",0.1\n'.
 *
 * Spreadsheet-safe (OWASP "CSV injection"): a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return would be run as a formula by Excel, LibreOffice or Google Sheets, so it gets a leading `'` and is
 * quoted: `=HYPERLINK("http://x","y")` → `"'=HYPERLINK(""http://x"",""y"")"`, `-2+3` → `"'-2+3"`. Number cells
 * stay numbers (-2 → `-2`), and so does text that is just a decimal number ("-2", "+1.5e3"): a spreadsheet
 * reads it as that number, never as a formula.
 */

export type Cell = string | number | null;
export interface SheetRows {
  name: string;
  rows: Cell[][];
}

const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;
/** First characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Text that is only a decimal number: a spreadsheet reads it as that number, so it is left alone. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const quoted = (text: string): string => `"${text.replace(/"/g, '""')}"`;

function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell)) return quoted(`'${cell}`);
  return NEEDS_QUOTES.test(cell) ? quoted(cell) : cell;
}

/** CSV text, comma-delimited, one line per row ending in "\n"; fields quoted only when needed. */
export function toCsv(rows: Cell[][]): string {
  let out = '';
  for (const row of rows) out += row.map(csvField).join(',') + '\n';
  return out;
}

