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
import type { ParseOptions } from './parse-options.js';
import type { Table } from './types.js';
import { listWorkbookSheets, parseWorkbook } from './workbook.js';

export type { ParseOptions } from './parse-options.js';

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
