/**
 * Entry points for reading a table from bytes: `listSheets` and `parseTable` dispatch on the detected format
 * (see detect.ts) to the CSV/TSV fast path or to SheetJS for workbooks; files with a structure of their own
 * (GCT, ADAT, mzTab, Olink NPX sheets, long tables) are read as what they are (formats/structured.ts).
 * Example: parseTable(bytes, 'mice.csv') → Table with 1080 rows and 82 columns.
 */
import { assertNever, SkfrError } from '../errors.js';
import { baseName, detectFormat } from './detect.js';
import { readStructuredSheet, structureTable } from './formats/structured.js';
import { parseTextTable } from './parse-text.js';
import type { Table } from './types.js';
import { listWorkbookSheets, parseWorkbook } from './workbook.js';

export interface ParseOptions {
  /**
   * Sheet to read; default: the visible sheet with the largest block of numbers, not a sheet of test results
   * (workbook.ts). CSV/TSV files have one sheet named after the file.
   */
  sheet?: string;
  /**
   * CSV/TSV: where the columns' one buffer of numbers is allocated, e.g. `allocateSharedFloat64` so that
   * `applyMapping(table, mapping, { consume: true })` builds a shared matrix (mapping.ts). Workbooks ignore it.
   */
  allocate?: (length: number) => Float64Array;
  /**
   * 1-based row of the header as a spreadsheet shows it: the sheet row of a workbook (row 1 = the row of A1),
   * the line number of a text file (blank lines counted; a record whose quoted field spans several lines is
   * the header when any of its lines is given). Rows above it are title rows: skipped, their text kept in
   * `Table.titleRows`. Default: detected (header.ts). Past the last row or on a blank row:
   * SkfrError('invalid-option').
   */
  headerRow?: number;
  /**
   * 2: the header row and the next non-blank row form the header (a group row above sub-names, joined as
   * “LFQ intensity S1”); 1: one row only. Default: detected, conservatively (header.ts).
   */
  headerRows?: 1 | 2;
  /**
   * Label columns (sample ids, annotations, feature labels), by name: read as text, exactly as written,
   * whatever they look like ("001", "1e3", "0x1", "1.0" and "-0" stay so; columns.ts `forceText`).
   */
  textColumns?: readonly string[];
  /** Text files: there is no header row; the first row is data and the columns are “Column 1”, “Column 2”, … */
  noHeader?: boolean;
}

/** Sheet names of a workbook, or the single pseudo-sheet (the file name) of a CSV/TSV file. */
export function listSheets(bytes: Uint8Array, fileName: string): string[] {
  const name = baseName(fileName);
  const format = detectFormat(bytes, name);
  switch (format) {
    case 'csv':
    case 'tsv':
      return [name];
    case 'xlsx':
    case 'xls':
      return listWorkbookSheets(bytes, name, format);
    default:
      return assertNever(format);
  }
}

export function parseTable(bytes: Uint8Array, fileName: string, options: ParseOptions = {}): Table {
  const name = baseName(fileName);
  const format = detectFormat(bytes, name);
  switch (format) {
    case 'csv':
    case 'tsv':
      // GCT, ADAT and mzTab files by their own readers; long tables pivoted (formats/structured.ts).
      return parseTextTable(bytes, name, options);
    case 'xlsx':
    case 'xls': {
      if (options.noHeader) throw new SkfrError('invalid-option', `“${name}” is a workbook: “no header row” is for text files (CSV, TSV); give its header row instead.`);
      // An Olink NPX sheet by its own reader; long tables pivoted (formats/structured.ts).
      const special = (rows: readonly (readonly unknown[])[], at: Parameters<typeof readStructuredSheet>[1]) => readStructuredSheet(rows, at, options.headerRow);
      return structureTable(
        parseWorkbook(bytes, name, format, options.sheet, { headerRow: options.headerRow, headerRows: options.headerRows, textColumns: options.textColumns }, special),
      );
    }
    default:
      return assertNever(format);
  }
}
