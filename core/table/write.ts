/**
 * Sheets out: XLSX / XLS workbooks (through SheetJS) from rows of cells, and CSV (write-csv.ts, re-exported).
 * NaN, ±Infinity and null are empty cells.
 */
import * as XLSX from 'xlsx';
import { assertNever } from '../errors.js';
import type { SheetRows } from './write-csv.js';

export { toCsv, type Cell, type SheetRows } from './write-csv.js';

/** Sheet names Excel accepts: no []:*?/\, at most 31 characters, unique, not blank. */
function sheetNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((raw, i) => {
    const base = raw.replace(/[[\]:*?/\\]/g, '_').trim().slice(0, 31) || `Sheet${i + 1}`;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = base.slice(0, 31 - suffix.length) + suffix;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

export type WorkbookType = 'xlsx' | 'xls';

/** A workbook with one sheet per entry, as bytes. */
export function toWorkbook(sheets: SheetRows[], type: WorkbookType): Uint8Array {
  const wb = XLSX.utils.book_new();
  const names = sheetNames(sheets.map((s) => s.name));
  sheets.forEach((sheet, i) => {
    const rows = sheet.rows.map((row) => row.map((c) => (typeof c === 'number' && !Number.isFinite(c) ? null : c)));
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows, { dense: true }), names[i]);
  });
  let bookType: XLSX.BookType;
  switch (type) {
    case 'xlsx':
      bookType = 'xlsx';
      break;
    case 'xls':
      bookType = 'biff8';
      break;
    default:
      return assertNever(type);
  }
  const out: ArrayBuffer = XLSX.write(wb, { type: 'array', bookType, compression: type === 'xlsx' });
  return new Uint8Array(out);
}

/** XLSX workbook bytes. */
export function toXlsx(sheets: SheetRows[]): Uint8Array {
  return toWorkbook(sheets, 'xlsx');
}

/** Legacy Excel 97-2003 (BIFF8) workbook bytes. */
export function toXls(sheets: SheetRows[]): Uint8Array {
  return toWorkbook(sheets, 'xls');
}
