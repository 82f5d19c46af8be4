/**
 * CSV / TSV reader: UTF-8 (BOM skipped; UTF-16 with BOM and non-UTF-8 files — taken as Windows-1252 — are
 * re-encoded, see text.ts), delimiter sniffed among comma, semicolon
 * and tab (sniff.ts), decimal comma accepted when the delimiter is a semicolon, RFC 4180 quoting.
 * Title rows above the header, two-row headers, Perseus annotation rows and blank lines: see delimited.ts
 * and header.ts.
 *
 * Fast path: cells are classified straight from the bytes — numbers are parsed without making a string, so a
 * large numeric file keeps one float64 per cell and no string per cell. Only text cells are decoded.
 * The rows are read by DelimitedReader (delimited.ts), which can also take the file chunk by chunk (stream.ts).
 * Example: "id;x\na;1,5\n" → columns id (text ["a"]) and x (numeric [1.5]).
 */
import { DelimitedReader } from './delimited.js';
import { TextRereader } from './reread.js';
import { toUtf8Body } from './text.js';
import type { Table } from './types.js';

export { sniffDelimiter, type Delimiter } from './sniff.js';

export interface DelimitedOptions {
  /** Where the columns' one buffer of numbers goes (DelimitedReaderOptions.allocate). */
  allocate?: (length: number) => Float64Array;
  /** 1-based line of the header (ParseOptions.headerRow); default: detected. */
  headerRow?: number;
  /** 1 or 2 header rows (ParseOptions.headerRows); default: detected. */
  headerRows?: 1 | 2;
  /** Label columns read as text as written (ParseOptions.textColumns). */
  textColumns?: readonly string[] | undefined;
  /** No header row (ParseOptions.noHeader). */
  noHeader?: boolean | undefined;
}

/** Parse CSV/TSV bytes into a Table (one pseudo-sheet named after the file). */
export function parseDelimited(bytes: Uint8Array, fileName: string, options: DelimitedOptions = {}): Table {
  const body = toUtf8Body(bytes, fileName);
  const reader = new DelimitedReader(fileName, { allocate: options.allocate, headerRow: options.headerRow, headerRows: options.headerRows, textColumns: options.textColumns, noHeader: options.noHeader });
  reader.push(body, true);
  const table = reader.finish((wanted, rows) => rereadTexts(body, reader, fileName, rows, wanted));
  return table!; // (finish returns null only without a reread)
}

/** Second pass for the few columns that turned out to be text but hold numeric cells: their cells as text. */
function rereadTexts(body: Uint8Array, reader: DelimitedReader, fileName: string, rows: number, wanted: boolean[]): ((string | null)[] | null)[] {
  const reread = new TextRereader(fileName, reader.delimiterCode, reader.decimalComma, rows, wanted, reader.dataStart!);
  reread.push(body, true);
  return reread.texts;
}
