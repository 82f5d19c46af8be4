/**
 * A text table read whole (CSV, TSV, GCT, ADAT, mzTab: parse.ts parseTable's text branch) without the workbook
 * reader's modules: SheetJS (~7 MB, ~0.1 s of a cold process to load) is loaded only for a workbook, so
 * `skfr cluster` on a GCT or an ADAT file no longer loads it inside its read (issue 27).
 *
 * @example const table = parseTextTable(bytes, 'data.gct', {}); // = parseTable(bytes, 'data.gct') for a text file
 */
import { SkfrError } from '../errors.js';
import { parseDelimited } from './csv.js';
import { baseName, detectFormat } from './detect.js';
import { readStructuredText, structureTable } from './formats/structured.js';
import type { ParseOptions } from './parse-options.js';
import type { Table } from './types.js';

/** Whether parseTextTable reads these bytes (a text table, not a workbook). */
export function isTextTable(bytes: Uint8Array, fileName: string): boolean {
  try {
    const format = detectFormat(bytes, baseName(fileName));
    return format === 'csv' || format === 'tsv';
  } catch {
    return false; // (parseTable words the error)
  }
}

/** parseTable of a text table (isTextTable): GCT, ADAT and mzTab by their own readers, long tables pivoted. */
export function parseTextTable(bytes: Uint8Array, fileName: string, options: ParseOptions = {}): Table {
  const name = baseName(fileName);
  if (options.sheet !== undefined && options.sheet !== name) {
    throw new SkfrError('unknown-sheet', `“${name}” is a text table with one sheet, “${name}”; there is no sheet “${options.sheet}”.`);
  }
  return (
    readStructuredText(bytes, name, options.headerRow) ??
    structureTable(
      parseDelimited(bytes, name, {
        allocate: options.allocate,
        headerRow: options.headerRow,
        headerRows: options.headerRows,
        textColumns: options.textColumns,
        noHeader: options.noHeader,
      }),
    )
  );
}
