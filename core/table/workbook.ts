/**
 * XLSX / XLS reader through SheetJS (always `dense: true`: the sparse mode does not finish on large sheets).
 *
 * Cells: empty → missing; numbers → numbers; strings are classified like CSV text (missing tokens, numbers
 * written as text, text); booleans → "TRUE"/"FALSE"; error cells (#N/A, #DIV/0!…) → missing.
 * The header is detected (header.ts) or given (`headerRow`, the sheet row): rows above it are title rows,
 * kept as text; a two-row header is joined; Perseus annotation rows below it are kept apart. Blank rows are
 * skipped and counted (the data rows' sheet row numbers are kept in `sourceRows`); trailing columns with
 * neither a header nor data are dropped.
 * The default sheet is the VISIBLE sheet with the largest block of numbers (most number cells; a journal
 * supplement's 4 × 3 summary or description sheet before its data is not it), a sheet of test results (limma's
 * logFC, t, P.Value … : formats/vocabulary.ts looksLikeTestResults) only when no other sheet has data; a note
 * names the sheet read and lists the others. A hidden or very hidden sheet is read only when named, or when no
 * visible sheet has data (a note says so either way). Cells whose meaning would change silently are
 * reported in `notes`, per column: formulas saved without their results (read as missing), date cells (read as
 * ISO text, `2020-01-01`, so a column of dates is a text annotation, never a numeric feature), and merged
 * ranges over data rows (one value in the first cell, missing in the others).
 * SheetJS errors (truncated, damaged, encrypted files) become SkfrError('unreadable-file'), never raw.
 */
import * as XLSX from 'xlsx';
import { SkfrError } from '../errors.js';
import { checkZipSize } from './zip-guard.js';
import { looksLikeTestResults } from './formats/vocabulary.js';
import { classifyText } from './cells.js';
import { ColumnBuilder, uniqueHeaderNames } from './columns.js';
import {
  aboveHeader,
  BLANK,
  BODY_ROWS,
  checkHeaderOptions,
  detectHeader,
  headerOnBlank,
  headerPastEnd,
  headerRowsAt,
  joinHeaderNames,
  labelRowAt,
  labelsNameBlocks,
  labelRowOf,
  metaCell,
  metaNote,
  metaRow,
  MISSING,
  NUMBER,
  numericBodyColumns,
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
  // Excel protects a workbook inside an OLE container (SheetJS: "File is password-protected", "ECMA-376 …").
  // "Unsupported ZIP encryption" is what a damaged .xlsx gives (its flags read from garbage), never Excel's.
  if (/password|encrypt/i.test(text) && !/ZIP encryption/i.test(text)) {
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
    // cellNF: each cell's number format (`.z`), to tell date cells from numbers (cellDates stays off: SheetJS
    // would make local-time Dates). sheetStubs (xlsx only): a formula saved without its result is otherwise
    // dropped by SheetJS without a trace; as a stub it keeps its `.f` and can be reported. Neither slows the
    // 1.4 MB supplement workbook measurably (≈1.0–1.3 s either way).
    return XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellHTML: false,
      cellText: false,
      cellDates: false,
      cellNF: true,
      sheetStubs: format === 'xlsx',
      ...options,
    });
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

/** A sheet's cells as values, with what the values alone would hide (indices relative to `firstRow` / first column). */
interface SheetCells {
  rows: Cell[][];
  /** 0-based sheet row of `rows[0]`. */
  firstRow: number;
  /** Column → row indices of its date cells (their values are ISO text in `rows`). */
  dates: Map<number, number[]>;
  /** Column → row indices of its formulas saved without a result (null in `rows`). */
  formulas: Map<number, number[]>;
  /** Merged ranges, as row / column indices of `rows`. */
  merges: { s: { r: number; c: number }; e: { r: number; c: number } }[];
}

const EMPTY_SHEET: SheetCells = { rows: [], firstRow: 0, dates: new Map(), formulas: new Map(), merges: [] };

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** A date cell's serial number as ISO text, without a time zone: "2020-01-01", "2020-01-01T08:30:00", "08:30:00". */
export function serialToIso(serial: number, date1904: boolean): string | null {
  const d = XLSX.SSF.parse_date_code(serial, { date1904 });
  if (!d) return null;
  const time = `${pad2(d.H)}:${pad2(d.M)}:${pad2(d.S)}`;
  if (!date1904 && serial >= 0 && serial < 1) return time; // a time of day (format h:mm and the like)
  const day = `${String(d.y).padStart(4, '0')}-${pad2(d.m)}-${pad2(d.d)}`;
  return d.H === 0 && d.M === 0 && d.S === 0 ? day : `${day}T${time}`;
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Every row of the sheet's range (blank rows as they are), each as wide as the range: numbers, strings,
 * booleans; empty, stub and error cells null; date cells (a number with a date format) ISO text.
 */
function sheetRows(ws: XLSX.WorkSheet | undefined, date1904: boolean): SheetCells {
  if (!ws || !ws['!ref']) return EMPTY_SHEET;
  const range = XLSX.utils.decode_range(ws['!ref']);
  const data = (ws['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  const width = range.e.c - range.s.c + 1;
  const isDateFormat = new Map<string, boolean>();
  const dates = new Map<number, number[]>();
  const formulas = new Map<number, number[]>();
  const rows: Cell[][] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const source = data[r];
    if (!source) {
      rows.push([]);
      continue;
    }
    const i = rows.length;
    const row = new Array<Cell>(width).fill(null);
    for (let c = range.s.c; c <= range.e.c; c++) {
      const cell = source[c];
      if (!cell) continue;
      const v = cell.v;
      switch (cell.t) {
        case 'n': {
          if (typeof v !== 'number') break;
          const z = typeof cell.z === 'string' ? cell.z : null;
          let date = false;
          if (z !== null && z !== 'General') {
            date = isDateFormat.get(z) ?? XLSX.SSF.is_date(z);
            isDateFormat.set(z, date);
          }
          const iso = date && Number.isFinite(v) ? serialToIso(v, date1904) : null;
          if (iso !== null) {
            row[c - range.s.c] = iso;
            push(dates, c - range.s.c, i);
          } else row[c - range.s.c] = v;
          break;
        }
        case 's':
        case 'b':
          row[c - range.s.c] = v as string | boolean;
          break;
        case 'd':
          row[c - range.s.c] = v instanceof Date ? v : typeof v === 'string' ? v : null;
          if (v !== undefined) push(dates, c - range.s.c, i);
          break;
        case 'z':
        case 'e':
          // A formula with no saved result: a stub (xlsx, sheetStubs) or an error cell with no error value.
          if (cell.f !== undefined && (cell.t === 'z' || v === undefined)) push(formulas, c - range.s.c, i);
          break;
      }
    }
    rows.push(row);
  }
  const merges = (ws['!merges'] ?? []).map((m) => ({
    s: { r: m.s.r - range.s.r, c: m.s.c - range.s.c },
    e: { r: m.e.r - range.s.r, c: m.e.c - range.s.c },
  }));
  return { rows, firstRow: range.s.r, dates, formulas, merges };
}

function isBlankCell(v: Cell): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

function isBlankRow(row: Cell[] | undefined): boolean {
  return !row || row.every(isBlankCell);
}

/** Number cells of a sheet (the size of its block of numbers). */
function countNumbers(cells: SheetCells): number {
  let n = 0;
  for (const row of cells.rows) for (const v of row) if (typeof v === 'number') n++;
  return n;
}

/** The sheet's header (as detected) names test results only (formats/vocabulary.ts looksLikeTestResults). */
function testResultsSheet(cells: SheetCells): boolean {
  const probe = nonBlankRows(cells.rows, 0, PROBE_ROWS);
  if (probe.length === 0) return false;
  const choice = detectHeader(probe.map((r) => describe(cells.rows[r]!)));
  return looksLikeTestResults(cells.rows[probe[choice.index]!]!.map(cellText));
}

function classify(v: Cell): number | string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString();
  return classifyText(String(v));
}

/** Whether the workbook marks a sheet hidden (1) or very hidden (2). */
function hiddenSheets(wb: XLSX.WorkBook): Set<string> {
  const hidden = new Set<string>();
  for (const s of wb.Workbook?.Sheets ?? []) if (s.name !== undefined && s.Hidden !== undefined && s.Hidden !== 0) hidden.add(s.name);
  return hidden;
}

function quoteList(names: readonly string[]): string {
  return names.map((n) => `“${n}”`).join(', ');
}

function cellText(v: Cell): string | null {
  const c = classify(v);
  if (c === null) return null;
  return typeof v === 'string' ? v.trim() : String(c);
}

/**
 * A reader that may take a whole sheet as a format of its own (an Olink NPX sheet: formats/structured.ts, which
 * parse.ts passes): the sheet's rows as sheetRows gives them and where they are; null = read the sheet plainly.
 */
export type SheetReader = (
  rows: readonly (readonly Cell[])[],
  at: { fileName: string; format: 'xlsx' | 'xls'; sheets: string[]; sheet: string; firstRow: number; notes: string[] },
) => Table | null;

/** Where the header is (ParseOptions.headerRow / headerRows); default: detected. */
export interface WorkbookHeaderOptions {
  headerRow?: number;
  headerRows?: 1 | 2;
  /** Label columns read as text as written (ParseOptions.textColumns). */
  textColumns?: readonly string[] | undefined;
}

/**
 * Parse one sheet (default: the sheet with the largest block of numbers, module comment) of a workbook into a Table.
 * Unknown sheet → SkfrError('unknown-sheet') quoting the names available.
 */
export function parseWorkbook(
  bytes: Uint8Array,
  fileName: string,
  format: FileFormat,
  sheet?: string,
  header: WorkbookHeaderOptions = {},
  sheetReader?: SheetReader,
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
  const date1904 = !!wb.Workbook?.WBProps?.date1904;
  const hidden = hiddenSheets(wb);
  // Visible sheets first: a hidden sheet is read by default only when no visible sheet has data.
  const order = sheet !== undefined ? [sheet] : [...names.filter((n) => !hidden.has(n)), ...names.filter((n) => hidden.has(n))];
  let chosen: string | null = null;
  let data: SheetCells = EMPTY_SHEET;
  // Sheets with data, with how many numbers each holds and whether it is a sheet of test results.
  const withData: { name: string; cells: SheetCells; numbers: number; results: boolean }[] = [];
  for (const name of order) {
    let candidate: SheetCells;
    try {
      candidate = sheetRows(wb.Sheets[name], date1904);
    } catch (error) {
      throw translate(error, fileName, format);
    }
    if (!candidate.rows.some((r) => !isBlankRow(r))) continue;
    if (sheet !== undefined || hidden.has(name)) {
      // The sheet named; or (visible sheets come first) the first hidden one, when no visible sheet has data.
      if (withData.length === 0) withData.push({ name, cells: candidate, numbers: 0, results: false });
      break;
    }
    withData.push({ name, cells: candidate, numbers: countNumbers(candidate), results: testResultsSheet(candidate) });
  }
  const best = [...withData].sort((a, b) => Number(a.results) - Number(b.results) || b.numbers - a.numbers)[0];
  if (best) {
    chosen = best.name;
    data = best.cells;
  }
  if (chosen === null) {
    throw new SkfrError(
      'empty-sheet',
      sheet !== undefined
        ? `Sheet “${sheet}” of “${fileName}” is empty.`
        : `“${fileName}” has no data: every sheet (${names.map((n) => `“${n}”`).join(', ')}) is empty.`,
    );
  }
  const sheetNotes: string[] = [];
  if (hidden.has(chosen)) {
    sheetNotes.push(
      sheet !== undefined
        ? `Sheet “${chosen}” is hidden in the workbook; it is read because it was chosen by name.`
        : `Sheet “${chosen}” is hidden in the workbook; it is read because no visible sheet has data.`,
    );
  } else if (sheet === undefined) {
    const others = withData.filter((d) => d.name !== chosen).map((d) => d.name);
    if (others.length > 0) {
      sheetNotes.push(
        `Sheet “${chosen}” is read: it holds the largest block of numbers; the workbook's other ${others.length === 1 ? 'sheet' : 'sheets'}: ${quoteList(others)}.`,
      );
    }
    const skipped = names.filter((n) => hidden.has(n) && wb.Sheets[n]?.['!ref'] !== undefined);
    if (skipped.length > 0) {
      sheetNotes.push(
        `${skipped.length === 1 ? 'The hidden sheet' : 'The hidden sheets'} ${quoteList(skipped)} ${skipped.length === 1 ? 'was' : 'were'} ` +
          `not read; the visible sheet “${chosen}” is read. Choose a hidden sheet by name to read it.`,
      );
    }
  }
  const special = sheetReader?.(data.rows, { fileName, format: format === 'xls' ? 'xls' : 'xlsx', sheets: names, sheet: chosen, firstRow: data.firstRow, notes: sheetNotes });
  if (special) return special;
  return tableFromRows(data, fileName, format, names, chosen, header, sheetNotes);
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
  cells: SheetCells,
  fileName: string,
  format: FileFormat,
  sheets: string[],
  sheet: string,
  options: WorkbookHeaderOptions,
  sheetNotes: string[] = [],
): Table {
  const { rows, firstRow } = cells;
  const where = `sheet “${sheet}” of “${fileName}”`;
  const headerRow = options.headerRow;
  let probe: number[];
  let choice: { index: number; rows: 1 | 2; label?: number };
  if (headerRow !== undefined) {
    const lastRow = firstRow + rows.length;
    if (headerRow > lastRow) throw headerPastEnd(where, lastRow, headerRow);
    const i = headerRow - firstRow - 1;
    if (i < 0 || isBlankRow(rows[i])) throw headerOnBlank(where, headerRow);
    // From the non-blank row above the header on (a label row may stand there).
    let above = i - 1;
    while (above >= 0 && isBlankRow(rows[above])) above--;
    probe = above >= 0 ? [above, ...nonBlankRows(rows, i, BODY_ROWS + 2)] : nonBlankRows(rows, i, BODY_ROWS + 2);
    const at = above >= 0 ? 1 : 0;
    const described = probe.map((r) => describe(rows[r]!));
    let count = headerRowsAt(described.slice(at), 0, options.headerRows);
    // The upper row of block labels given (as the reproduce command gives the header row it read): two rows.
    if (count === 1 && options.headerRows === undefined && aboveHeader(described, at) === 'label' && probe[at + 1] !== undefined &&
      labelsNameBlocks(rows[probe[at]!]!.map(cellText), rows[probe[at + 1]!]!.map(cellText))) count = 2;
    choice = { index: at, rows: count, ...(at === 1 && labelRowAt(described, 1, count) ? { label: 0 } : {}) };
  } else {
    probe = nonBlankRows(rows, 0, PROBE_ROWS);
    choice = detectHeader(
      probe.map((r) => describe(rows[r]!)),
      options.headerRows,
    );
  }
  // Labels in runs over the same names name blocks (header.ts labelsNameBlocks): a two-row header.
  if (choice.label !== undefined && labelsNameBlocks(rows[probe[choice.label]!]!.map(cellText), rows[probe[choice.index]!]!.map(cellText))) {
    choice = { index: choice.label, rows: 2 };
  }
  const h = probe[choice.index]!;
  const second = choice.rows === 2 ? probe[choice.index + 1] : undefined;
  const labelAt = choice.label !== undefined ? probe[choice.label]! : -1;
  const notes: string[] = [...sheetNotes];

  const titleRows: string[] = [];
  const titleLines: number[] = [];
  for (let i = 0; i < h; i++) {
    if (isBlankRow(rows[i]) || i === labelAt) continue;
    titleLines.push(firstRow + i + 1);
    titleRows.push(titleText(rows[i]!.map(rawText)));
  }
  notes.push(...titleNotes(titleLines, titleRows));

  const header = rows[h]!;
  const top = header.map(cellText);
  let headerCells: (string | null)[] = top;
  if (second !== undefined) {
    const below = rows[second]!.map(cellText);
    const width = Math.max(top.length, below.length);
    const described = probe.map((r) => describe(rows[r]!));
    // A block row (header.ts aboveHeader) carries its names over the numeric columns only.
    const numeric = aboveHeader(described, choice.index) === 'blocks' ? numericBodyColumns(described, choice.index + 2, width) : null;
    headerCells = joinHeaderNames(top, below, width, numeric ? (c) => numeric[c] === true : undefined);
    notes.push(twoRowNote(firstRow + h + 1, firstRow + second + 1, headerCells, below));
  }
  let labelRow: Table['labelRow'];
  if (labelAt >= 0) {
    const kept = labelRowOf(rows[labelAt]!.map(rawText), headerCells.length, firstRow + labelAt + 1, headerCells);
    labelRow = { row: firstRow + labelAt + 1, cells: kept.cells };
    notes.push(kept.note);
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
  const metaRows = meta.map((r) => metaRow(rows[r]!.map(rawText), width, { where: `Sheet “${sheet}” of “${fileName}”, row ${firstRow + r + 1}`, names: headerCells }));
  if (metaRows.length > 0) notes.push(metaNote(metaRows.map((m) => m.key)));
  const named = uniqueHeaderNames(Array.from({ length: width }, (_, c) => headerCells[c] ?? null));
  const labels = new Set(options.textColumns ?? []);
  builders.forEach((b, c) => (b.forceText = labels.has(named.names[c]!)));
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
    notes: [...notes, ...named.notes, ...cellNotes(cells, dataRows, columns, firstRow)],
    headerRow: firstRow + h + 1,
    headerRows: second !== undefined ? 2 : 1,
    titleRows,
    blankRowsSkipped,
    metaRows,
    ...(labelRow ? { labelRow: { row: labelRow.row, cells: labelRow.cells.slice(0, width) } } : {}),
  };
}

/** "5–9" or "5". */
function span(from: number, to: number): string {
  return from === to ? String(from) : `${from}–${to}`;
}

/** "rows 5–9, 12–14" (at most 6 spans, then "…"). */
function rowSpans(spans: [number, number][]): string {
  const shown = spans.slice(0, 6).map(([a, b]) => span(a, b));
  if (spans.length > 6) shown.push('…');
  const single = spans.length === 1 && spans[0]![0] === spans[0]![1];
  return `${single ? 'row' : 'rows'} ${shown.join(', ')}`;
}

/** Consecutive sheet rows (1-based) joined into spans. */
function toSpans(sheetRows: number[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const r of sheetRows) {
    const last = spans[spans.length - 1];
    if (last && r === last[1] + 1) last[1] = r;
    else spans.push([r, r]);
  }
  return spans;
}

/**
 * Notes on cells whose values alone would mislead, for the data rows only (title, header and annotation rows
 * are left alone): formulas without saved results, date cells, merged ranges. Column names are the final ones.
 */
function cellNotes(cells: SheetCells, dataRows: readonly number[], columns: readonly Column[], firstRow: number): string[] {
  const notes: string[] = [];
  const isData = new Set(dataRows);
  const sheetRow = (i: number) => firstRow + i + 1;
  const width = columns.length;
  for (let c = 0; c < width; c++) {
    const name = columns[c]!.name;
    const formulas = (cells.formulas.get(c) ?? []).filter((i) => isData.has(i));
    if (formulas.length > 0) {
      const advice = 'open it in a spreadsheet program, recalculate and save.';
      notes.push(
        formulas.length === dataRows.length
          ? `Column “${name}” holds formulas without saved results (the workbook was saved without calculating); its cells are read as missing — ${advice}`
          : `Column “${name}” holds ${formulas.length} formula${formulas.length === 1 ? '' : 's'} without saved results ` +
              `(${rowSpans(toSpans(formulas.map(sheetRow)))}; the workbook was saved without calculating); ` +
              `${formulas.length === 1 ? 'it is' : 'they are'} read as missing — ${advice}`,
      );
    }
    const dates = (cells.dates.get(c) ?? []).filter((i) => isData.has(i));
    if (dates.length > 0) {
      notes.push(
        columns[c]!.kind === 'numeric'
          ? `Column “${name}” holds ${dates.length} date cell${dates.length === 1 ? '' : 's'} among numbers ` +
              `(${rowSpans(toSpans(dates.map(sheetRow)))}); ${dates.length === 1 ? 'it is' : 'they are'} read as missing, not as numbers.`
          : `Column “${name}” holds dates; it is read as text (an annotation), not as numbers.`,
      );
    }
  }
  // Merged ranges over data rows: grouped by the columns they span.
  const byColumns = new Map<string, { cols: number[]; spans: [number, number][] }>();
  for (const m of cells.merges) {
    const cols: number[] = [];
    for (let c = Math.max(0, m.s.c); c <= Math.min(width - 1, m.e.c); c++) cols.push(c);
    let covers = false;
    for (let r = m.s.r; r <= m.e.r && !covers; r++) covers = isData.has(r);
    if (!covers || cols.length === 0 || (m.s.r === m.e.r && m.s.c === m.e.c)) continue;
    const key = cols.join(',');
    const group = byColumns.get(key) ?? { cols, spans: [] };
    group.spans.push([sheetRow(m.s.r), sheetRow(m.e.r)]);
    byColumns.set(key, group);
  }
  const unmerge = 'unmerge them in the spreadsheet program to repeat the value.';
  for (const { cols, spans } of byColumns.values()) {
    spans.sort((a, b) => a[0] - b[0]);
    const where = rowSpans(spans);
    if (cols.length === 1) {
      notes.push(`Cells merged in column “${columns[cols[0]!]!.name}” (${where}) are read as one value in the first row and missing below it; ${unmerge}`);
    } else {
      const names = cols.map((c) => `“${columns[c]!.name}”`);
      const list = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
      notes.push(`Cells merged across columns ${list} (${where}) are read as one value in the first cell and missing in the others; ${unmerge}`);
    }
  }
  return notes;
}
