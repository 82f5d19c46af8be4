/**
 * The 'design' job: read a sample table (an experimental design, DIA-NN metadata, a supplement's sample sheet)
 * from a file or from another sheet of an opened workbook, as a SampleTable for `mapping.design`: every column
 * as text (numbers as their shortest text, missing cells null), `sampleColumn` null (the join picks the column
 * matching the most samples), `source` the file name, or "file ▸ sheet" for a workbook's sheet.
 *
 * Without a sheet, a workbook's first sheet named like a sample sheet (sample, design, meta, annotation,
 * condition, phenotype) is read, else its first sheet with data — for an opened dataset, one other than the
 * data's own sheet when there is one. `sheets` lists them all so the screen can offer the others.
 * @example readDesign({ type: 'design', source: { kind: 'dataset', datasetId: 'd1' } }, …)
 *   // → { table: { source: 'supp.xlsx ▸ Sample information', columns: […], sampleColumn: null }, sheets: ['Raw data', 'Sample information'], sheet: 'Sample information' }
 */
import { SkfrError } from '../errors.js';
import { formatCount } from '../format-count.js';
import { columnTexts, listSheets, parseTable } from '../table/index.js';
import type { SampleTable, Table } from '../table/types.js';
import { parseOptions, readPath, sourceBytes, type Dataset } from './datasets.js';
import { MAX_DESIGN_CELLS, MAX_DESIGN_COLUMNS, MAX_DESIGN_ROWS, MAX_TEXT } from './limits.js';
import type { DesignRequest, DesignResult, FileIO } from './types.js';

/** Sheet names that look like a sample table. */
export const SAMPLE_SHEET = /sample|design|meta|annotation|condition|phenotyp/i;

/** The table as a SampleTable, refusing one too large to travel inside a mapping. */
export function sampleTableOf(table: Table): SampleTable {
  const where = table.format === 'xlsx' || table.format === 'xls' ? `${table.fileName} ▸ ${table.sheet}` : table.fileName;
  const rows = table.rowCount;
  const cols = table.columns.length;
  if (rows > MAX_DESIGN_ROWS || cols > MAX_DESIGN_COLUMNS || rows * cols > MAX_DESIGN_CELLS) {
    throw new SkfrError(
      'invalid-option',
      `“${where}” has ${formatCount(rows, ' ')} rows × ${formatCount(cols, ' ')} columns, too large for a sample table (one row per sample, at most ` +
        `${formatCount(MAX_DESIGN_ROWS, ' ')} rows, ${formatCount(MAX_DESIGN_COLUMNS, ' ')} columns); choose the table that describes the samples, not the data.`,
    );
  }
  const columns = table.columns.map((column) => {
    const values = columnTexts(column);
    const long = values.findIndex((v) => v !== null && v.length > MAX_TEXT);
    if (long >= 0 || column.name.length > MAX_TEXT) {
      throw new SkfrError(
        'invalid-option',
        `Column “${column.name.slice(0, 60)}” of “${where}” holds a text longer than ${formatCount(MAX_TEXT, ' ')} characters${long >= 0 ? ` (row ${long + 1})` : ''}; this is not a sample table.`,
      );
    }
    return { name: column.name, values };
  });
  return { source: where, columns, sampleColumn: null };
}

/** Sheets to try, in order, when none is named (see the module comment); [] = let the reader choose. */
function candidateSheets(bytes: Uint8Array, fileName: string, dataSheet: string | null): string[] {
  const sheets = listSheets(bytes, fileName);
  if (sheets.length <= 1) return [];
  const others = sheets.filter((s) => s !== dataSheet);
  const named = others.filter((s) => SAMPLE_SHEET.test(s));
  return [...named, ...others.filter((s) => !named.includes(s)), ...(dataSheet !== null && sheets.includes(dataSheet) ? [dataSheet] : [])];
}

function readSheet(bytes: Uint8Array, fileName: string, sheet: string | undefined, headerRow: number | undefined, dataSheet: string | null): Table {
  if (sheet !== undefined) return parseTable(bytes, fileName, parseOptions({ sheet, headerRow }));
  const candidates = candidateSheets(bytes, fileName, dataSheet);
  if (candidates.length === 0) return parseTable(bytes, fileName, parseOptions({ headerRow }));
  let firstError: unknown = null;
  for (const candidate of candidates) {
    try {
      return parseTable(bytes, fileName, parseOptions({ sheet: candidate, headerRow }));
    } catch (error) {
      // an empty sheet (or one whose header row is past its end): try the next one
      if (!(error instanceof SkfrError) || (error.code !== 'empty-sheet' && error.code !== 'invalid-option' && error.code !== 'no-rows')) throw error;
      firstError ??= error;
    }
  }
  throw firstError;
}

/** See the module comment. `dataset` resolves an opened dataset's id (throws 'unknown-dataset'). */
export async function readDesign(request: DesignRequest, dataset: (id: string) => Dataset, io: FileIO | undefined): Promise<DesignResult> {
  let fileName: string;
  let bytes: Uint8Array;
  let dataSheet: string | null = null;
  if (request.source.kind === 'dataset') {
    const d = dataset(request.source.datasetId);
    fileName = d.fileName;
    // a text file read in chunks keeps no bytes: read it (whole) again
    bytes = d.chunked ? await readPath(d.chunked.io, d.chunked.path) : d.bytes;
    dataSheet = d.table.sheet;
  } else {
    if (request.source.kind === 'example') {
      throw new SkfrError('invalid-request', 'A sample table is read from a file or a sheet of an opened workbook, not from the example panel.');
    }
    ({ fileName, bytes } = await sourceBytes(request.source, io));
  }
  const table = readSheet(bytes, fileName, request.sheet, request.headerRow, dataSheet);
  return { table: sampleTableOf(table), sheets: table.sheets, sheet: table.sheet };
}
