/**
 * The options of reading a table from bytes (parse.ts parseTable, parse-text.ts parseTextTable), declared once,
 * in a module of their own so that the readers they configure import them without importing each other.
 */
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
