/**
 * Files with a structure of their own, read as what they are before (or instead of) the plain reading of a sheet:
 * - text files that open like GCT (`#1.2`, `#1.3`), SomaScan ADAT (`^HEADER`) or mzTab (`MTD` lines): read by
 *   gct.ts, adat.ts, mztab.ts instead of the delimited reader;
 * - a workbook sheet laid out as Olink NPX Manager writes it (olink.ts), instead of the plain sheet reading;
 * - a table read plainly that is a long table (one row per protein × sample: Olink's long NPX table, MSstats,
 *   DIA-NN's report, …): pivoted to proteins × samples (olink.ts, long.ts).
 * Each gives a Table that declares its layout (Table.declared), which recognizeLayout proposes as it is. A header
 * row given (ParseOptions.headerRow) other than the one the format's reader reports reads the file plainly:
 * that is how a user reads such a file as a plain table.
 *
 * @example readStructuredText(bytesOf('#1.2\n2\t2\nName\tDescription\tS1\tS2\n…'), 'x.gct') // Table, declared 'gct'
 */
import { decodeUtf8, toUtf8Body } from '../text.js';
import type { Table } from '../types.js';
import { isAdat, readAdat } from './adat.js';
import { gctVersion, readGct } from './gct.js';
import { longTable } from './long.js';
import { isMzTab, readMzTab } from './mztab.js';
import { olinkLong, readOlinkWide } from './olink.js';
import type { TableOrigin } from './table-builder.js';

/** Bytes looked at to tell a structured text file. */
const HEAD_BYTES = 4096;

type TextFormat = 'gct' | 'adat' | 'mztab';

function linesOf(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

/** Which structured text format the first lines are, or null. */
function textFormat(lines: readonly string[]): TextFormat | null {
  if (gctVersion(lines[0] ?? '') !== null) return 'gct';
  if (isAdat(lines)) return 'adat';
  if (isMzTab(lines)) return 'mztab';
  return null;
}

/** True when the file's first bytes open a GCT, ADAT or mzTab file (the chunked reader leaves those to parseTable). */
export function looksStructuredText(head: Uint8Array): boolean {
  const lines = linesOf(decodeUtf8(toUtf8Body(head.subarray(0, HEAD_BYTES))));
  if (head.length > HEAD_BYTES) lines.pop(); // (possibly cut)
  return textFormat(lines) !== null;
}

/**
 * A GCT, ADAT or mzTab file read by its own reader, or null when the bytes are none of these (or `headerRow` asks
 * for another header row than the format's: the file is then read plainly).
 */
export function readStructuredText(bytes: Uint8Array, fileName: string, headerRow?: number): Table | null {
  if (!looksStructuredText(bytes)) return null;
  const lines = linesOf(decodeUtf8(toUtf8Body(bytes)));
  const origin: Omit<TableOrigin, 'headerRow'> = { fileName, format: 'tsv', sheets: [fileName], sheet: fileName, notes: [] };
  let table: Table;
  try {
    switch (textFormat(lines)!) {
      case 'gct':
        table = readGct(lines, origin);
        break;
      case 'adat':
        table = readAdat(lines, origin);
        break;
      case 'mztab':
        table = readMzTab(lines, origin);
        break;
    }
  } catch (error) {
    if (headerRow !== undefined) return null; // (a header row given: read plainly, whatever the format's reader says)
    throw error;
  }
  return headerRow === undefined || headerRow === table.headerRow ? { ...table, typedByFormat: true } : null;
}

/** Where a workbook sheet is (workbook.ts SheetReader). */
export interface SheetAt {
  fileName: string;
  format: 'xlsx' | 'xls';
  sheets: string[];
  sheet: string;
  /** 0-based sheet row of the first row given. */
  firstRow: number;
  notes: string[];
}

/** A sheet read as an Olink NPX wide workbook, or null (not one, or another header row asked for). */
export function readStructuredSheet(rows: readonly (readonly unknown[])[], at: SheetAt, headerRow?: number): Table | null {
  let table: Table | null;
  try {
    table = readOlinkWide(rows, at.firstRow, { fileName: at.fileName, format: at.format, sheets: at.sheets, sheet: at.sheet, notes: [...at.notes] });
  } catch (error) {
    if (headerRow !== undefined) return null;
    throw error;
  }
  if (table === null) return null;
  return headerRow === undefined || headerRow === table.headerRow ? { ...table, typedByFormat: true } : null;
}

/** A table read plainly, pivoted when it is a long table (Olink long, then any tool's); else as it is. */
export function structureTable(table: Table): Table {
  if (table.declared) return table;
  return olinkLong(table) ?? longTable(table) ?? table;
}
