/**
 * XLSX / XLS reader through SheetJS (always `dense: true`: the sparse mode does not finish on large sheets).
 *
 * Cells: empty → missing; numbers → numbers; strings are classified like CSV text (missing tokens, numbers
 * written as text, text); booleans → "TRUE"/"FALSE"; error cells (#N/A, #DIV/0!…) → missing.
 * The header is the first non-blank row; blank rows are skipped (their sheet row numbers are kept in
 * `sourceRows`); trailing columns with neither a header nor data are dropped.
 * SheetJS errors (truncated, damaged, encrypted files) become SkfrError('unreadable-file'), never raw.
 */
import * as XLSX from 'xlsx';
import { SkfrError } from '../errors.js';
import { classifyText } from './cells.js';
import { ColumnBuilder, uniqueHeaderNames } from './columns.js';
import type { Column, FileFormat, Table } from './types.js';

type Cell = string | number | boolean | Date | null | undefined;

function translate(error: unknown, fileName: string, format: FileFormat): SkfrError {
  const text = error instanceof Error ? error.message : String(error);
  const kind = format === 'xls' ? 'Excel 97-2003 workbook' : 'Excel workbook';
  if (/password|encrypt/i.test(text)) {
    return new SkfrError('unreadable-file', `“${fileName}” is password-protected; save an unprotected copy and open that.`);
  }
  return new SkfrError(
    'unreadable-file',
    `“${fileName}” could not be read as an ${kind}: the file is damaged or incomplete (was it fully downloaded?), ` +
      `or it is another kind of ${format === 'xls' ? 'OLE' : 'ZIP'} file (e.g. a Word document). Re-save it from a ` +
      `spreadsheet program, or export it as CSV.`,
  );
}

function read(bytes: Uint8Array, fileName: string, format: FileFormat, options: XLSX.ParsingOptions): XLSX.WorkBook {
  try {
    return XLSX.read(bytes, { type: 'array', dense: true, cellHTML: false, cellText: false, cellDates: false, ...options });
  } catch (error) {
    throw translate(error, fileName, format);
  }
}

/** Sheet names, in workbook order, without parsing the cells. */
export function listWorkbookSheets(bytes: Uint8Array, fileName: string, format: FileFormat): string[] {
  const names = read(bytes, fileName, format, { bookSheets: true }).SheetNames;
  if (!names || names.length === 0) throw translate(new Error('no sheets'), fileName, format);
  return names.slice();
}

function sheetRows(ws: XLSX.WorkSheet | undefined): { rows: Cell[][]; firstRow: number } {
  if (!ws || !ws['!ref']) return { rows: [], firstRow: 0 };
  const range = XLSX.utils.decode_range(ws['!ref']);
  const rows = XLSX.utils.sheet_to_json<Cell[]>(ws, { header: 1, raw: true, defval: null, blankrows: true });
  return { rows, firstRow: range.s.r };
}

function isBlankCell(v: Cell): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

function isBlankRow(row: Cell[] | undefined): boolean {
  return !row || row.every(isBlankCell);
}

function classify(v: Cell): number | string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString();
  return classifyText(String(v));
}

function cellText(v: Cell): string | null {
  const c = classify(v);
  if (c === null) return null;
  return typeof v === 'string' ? v.trim() : String(c);
}

/**
 * Parse one sheet (default: the first sheet with data) of a workbook into a Table.
 * Unknown sheet → SkfrError('unknown-sheet') quoting the names available.
 */
export function parseWorkbook(bytes: Uint8Array, fileName: string, format: FileFormat, sheet?: string): Table {
  const names = listWorkbookSheets(bytes, fileName, format);
  if (sheet !== undefined && !names.includes(sheet)) {
    throw new SkfrError(
      'unknown-sheet',
      `“${fileName}” has no sheet “${sheet}”; its sheets are ${names.map((n) => `“${n}”`).join(', ')}.`,
    );
  }
  const wb = read(bytes, fileName, format, sheet !== undefined ? { sheets: sheet } : {});
  let chosen: string | null = null;
  let data: { rows: Cell[][]; firstRow: number } = { rows: [], firstRow: 0 };
  for (const name of sheet !== undefined ? [sheet] : names) {
    let candidate: { rows: Cell[][]; firstRow: number };
    try {
      candidate = sheetRows(wb.Sheets[name]);
    } catch (error) {
      throw translate(error, fileName, format);
    }
    if (candidate.rows.some((r) => !isBlankRow(r))) {
      chosen = name;
      data = candidate;
      break;
    }
  }
  if (chosen === null) {
    throw new SkfrError(
      'empty-sheet',
      sheet !== undefined
        ? `Sheet “${sheet}” of “${fileName}” is empty.`
        : `“${fileName}” has no data: every sheet (${names.map((n) => `“${n}”`).join(', ')}) is empty.`,
    );
  }
  return tableFromRows(data.rows, data.firstRow, fileName, format, names, chosen);
}

function tableFromRows(
  rows: Cell[][],
  firstRow: number,
  fileName: string,
  format: FileFormat,
  sheets: string[],
  sheet: string,
): Table {
  let h = 0;
  while (isBlankRow(rows[h])) h++;
  const header = rows[h]!;
  const dataRows: number[] = [];
  for (let i = h + 1; i < rows.length; i++) if (!isBlankRow(rows[i])) dataRows.push(i);
  if (dataRows.length === 0) {
    throw new SkfrError('empty-sheet', `Sheet “${sheet}” of “${fileName}” has a header row but no data rows.`);
  }
  let width = header.length;
  for (const i of dataRows) width = Math.max(width, rows[i]!.length);
  // drop trailing columns with neither a header nor any data
  while (width > 0 && isBlankCell(header[width - 1]) && dataRows.every((i) => isBlankCell(rows[i]![width - 1]))) width--;

  const n = dataRows.length;
  const builders = Array.from({ length: width }, () => new ColumnBuilder(n));
  dataRows.forEach((i, r) => {
    const row = rows[i]!;
    for (let c = 0; c < width; c++) builders[c]!.setCell(r, classify(row[c]));
  });
  const { names, notes } = uniqueHeaderNames(Array.from({ length: width }, (_, c) => cellText(header[c])));
  const columns: Column[] = builders.map((b, c) =>
    b.finish(names[c]!, n, b.needsAllTexts ? dataRows.map((i) => cellText(rows[i]![c])) : undefined),
  );
  return {
    fileName,
    format,
    sheets,
    sheet,
    rowCount: n,
    columns,
    sourceRows: Int32Array.from(dataRows, (i) => firstRow + i + 1),
    notes,
  };
}
