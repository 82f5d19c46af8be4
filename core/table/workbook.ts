/**
 * XLSX / XLS reader through SheetJS (always `dense: true`: the sparse mode does not finish on large sheets).
 *
 * Cells: empty → missing; numbers → numbers; strings are classified like CSV text (missing tokens, numbers
 * written as text, text); booleans → "TRUE"/"FALSE"; error cells (#N/A, #DIV/0!…) → missing.
 * The header is detected (header.ts) or given (`headerRow`, the sheet row): rows above it are title rows,
 * kept as text; a two-row header is joined; Perseus annotation rows below it are kept apart. Blank rows are
 * skipped and counted (the data rows' sheet row numbers are kept in `sourceRows`); trailing columns with
 * neither a header nor data are dropped.
 * SheetJS errors (truncated, damaged, encrypted files) become SkfrError('unreadable-file'), never raw.
 */
import * as XLSX from 'xlsx';
import { SkfrError } from '../errors.js';
import { checkZipSize } from './zip-guard.js';
import { classifyText } from './cells.js';
import { ColumnBuilder, uniqueHeaderNames } from './columns.js';
import {
  BLANK,
  BODY_ROWS,
  checkHeaderOptions,
  detectHeader,
  headerOnBlank,
  headerPastEnd,
  headerRowsAt,
  joinHeaderNames,
  metaCell,
  metaNote,
  metaRow,
  MISSING,
  NUMBER,
  PROBE_ROWS,
  probeRow,
  TEXT,
  titleNotes,
  titleText,
  twoRowNote,
  type ProbeRow,
} from './header.js';
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
  // A zip bomb is refused from its directory before anything is inflated (zip-guard.ts).
  if (format === 'xlsx') checkZipSize(bytes, fileName);
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

/** Where the header is (ParseOptions.headerRow / headerRows); default: detected. */
export interface WorkbookHeaderOptions {
  headerRow?: number;
  headerRows?: 1 | 2;
}

/**
 * Parse one sheet (default: the first sheet with data) of a workbook into a Table.
 * Unknown sheet → SkfrError('unknown-sheet') quoting the names available.
 */
export function parseWorkbook(
  bytes: Uint8Array,
  fileName: string,
  format: FileFormat,
  sheet?: string,
  header: WorkbookHeaderOptions = {},
): Table {
  checkHeaderOptions(header.headerRow, header.headerRows);
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
  return tableFromRows(data.rows, data.firstRow, fileName, format, names, chosen, header);
}

/** A cell as it reads, for titles and annotation rows (missing tokens kept: "NaN" is text there). */
function rawText(v: Cell): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

function describe(row: Cell[]): ProbeRow {
  const kinds = new Uint8Array(row.length);
  for (let c = 0; c < row.length; c++) {
    const v = row[c];
    if (isBlankCell(v)) kinds[c] = BLANK;
    else {
      const cell = classify(v);
      kinds[c] = cell === null ? MISSING : typeof cell === 'number' ? NUMBER : TEXT;
    }
  }
  return probeRow(kinds, isMetaRow(row));
}

function isMetaRow(row: Cell[] | undefined): boolean {
  return !!row && typeof row[0] === 'string' && metaCell(row[0]) !== null;
}

/** Indices of up to `limit` non-blank rows from `from` on. */
function nonBlankRows(rows: Cell[][], from: number, limit: number): number[] {
  const out: number[] = [];
  for (let i = from; i < rows.length && out.length < limit; i++) if (!isBlankRow(rows[i])) out.push(i);
  return out;
}

function tableFromRows(
  rows: Cell[][],
  firstRow: number,
  fileName: string,
  format: FileFormat,
  sheets: string[],
  sheet: string,
  options: WorkbookHeaderOptions,
): Table {
  const where = `sheet “${sheet}” of “${fileName}”`;
  const headerRow = options.headerRow;
  let probe: number[];
  let choice: { index: number; rows: 1 | 2 };
  if (headerRow !== undefined) {
    const lastRow = firstRow + rows.length;
    if (headerRow > lastRow) throw headerPastEnd(where, lastRow, headerRow);
    const i = headerRow - firstRow - 1;
    if (i < 0 || isBlankRow(rows[i])) throw headerOnBlank(where, headerRow);
    probe = nonBlankRows(rows, i, BODY_ROWS + 2);
    choice = { index: 0, rows: headerRowsAt(probe.map((r) => describe(rows[r]!)), 0, options.headerRows) };
  } else {
    probe = nonBlankRows(rows, 0, PROBE_ROWS);
    choice = detectHeader(
      probe.map((r) => describe(rows[r]!)),
      options.headerRows,
    );
  }
  const h = probe[choice.index]!;
  const second = choice.rows === 2 ? probe[choice.index + 1] : undefined;
  const notes: string[] = [];

  const titleRows: string[] = [];
  const titleLines: number[] = [];
  for (let i = 0; i < h; i++) {
    if (isBlankRow(rows[i])) continue;
    titleLines.push(firstRow + i + 1);
    titleRows.push(titleText(rows[i]!.map(rawText)));
  }
  notes.push(...titleNotes(titleLines, titleRows));

  const header = rows[h]!;
  const top = header.map(cellText);
  let headerCells: (string | null)[] = top;
  if (second !== undefined) {
    const below = rows[second]!.map(cellText);
    headerCells = joinHeaderNames(top, below, Math.max(top.length, below.length));
    notes.push(twoRowNote(firstRow + h + 1, firstRow + second + 1, headerCells, below));
  }

  let i = (second ?? h) + 1;
  const meta: number[] = [];
  for (; i < rows.length; i++) {
    if (isBlankRow(rows[i])) continue;
    if (!isMetaRow(rows[i])) break;
    meta.push(i);
  }
  const dataRows: number[] = [];
  for (; i < rows.length; i++) if (!isBlankRow(rows[i])) dataRows.push(i);
  if (dataRows.length === 0) {
    throw new SkfrError('empty-sheet', `Sheet “${sheet}” of “${fileName}” has a header row but no data rows.`);
  }
  let blankRowsSkipped = 0;
  for (const row of rows) if (isBlankRow(row)) blankRowsSkipped++;

  let width = headerCells.length;
  for (const r of dataRows) width = Math.max(width, rows[r]!.length);
  // drop trailing columns with neither a header nor any data
  while (width > 0 && headerCells[width - 1] == null && dataRows.every((r) => isBlankCell(rows[r]![width - 1]))) width--;

  const n = dataRows.length;
  const builders = Array.from({ length: width }, () => new ColumnBuilder(n));
  dataRows.forEach((r, k) => {
    const row = rows[r]!;
    for (let c = 0; c < width; c++) builders[c]!.setCell(k, classify(row[c]));
  });
  const metaRows = meta.map((r) => metaRow(rows[r]!.map(rawText), width));
  if (metaRows.length > 0) notes.push(metaNote(metaRows.map((m) => m.key)));
  const named = uniqueHeaderNames(Array.from({ length: width }, (_, c) => headerCells[c] ?? null));
  const columns: Column[] = builders.map((b, c) =>
    b.finish(named.names[c]!, n, b.needsAllTexts ? dataRows.map((r) => cellText(rows[r]![c])) : undefined),
  );
  return {
    fileName,
    format,
    sheets,
    sheet,
    rowCount: n,
    columns,
    sourceRows: Int32Array.from(dataRows, (r) => firstRow + r + 1),
    notes: [...notes, ...named.notes],
    headerRow: firstRow + h + 1,
    headerRows: second !== undefined ? 2 : 1,
    titleRows,
    blankRowsSkipped,
    metaRows,
  };
}
