/**
 * Opening datasets for the jobs session: from a path (through the host's FileIO), from bytes, or a
 * simulated example panel; and the OpenResult the renderer sees (sheets, column summaries, preview).
 */
import { SkfrError } from '../errors.js';
import { simulate } from '../engine/index.js';
import type { Design } from '../engine/types.js';
import { webCryptoSha256, type Sha256Hasher } from '../sha256.js';
import { parseTable, parseTableChunks, previewRows, summarizeColumns, toCsv, withFile, type ChunkBuffers, type ChunkSource, type ParseOptions } from '../table/index.js';
import type { ChunkOptions, ParallelReading } from '../table/stream.js';
import { proposeRecipe } from '../prepare/proposal.js';
import { recognizeLayout, rowsLayout } from '../table/formats/recognize.js';
import { tableSummaryRows } from '../table/summary-rows.js';
import { numericColumnNames } from '../table/lookup.js';
import { defaultRequest } from '../request/default.js';
import { resolveRequest } from '../request/resolve.js';
import { codedAnnotationColumns } from '../request/coded-annotations.js';
import { sampleIdColumn } from '../request/sample-id.js';
import type { ResolvedLayout } from '../request/types.js';
import type { Layout, Mapping, Table } from '../table/types.js';
import { now } from './progress.js';
import type { DataSource, FileIO, OpenResult } from './types.js';

/**
 * What the session keeps of an opened file: its bytes (to re-read another sheet or a sample sheet), the parsed
 * table and what was recognised in it.
 */
export interface Dataset {
  id: string;
  fileName: string;
  /** The file's bytes (to re-read another sheet or header row); empty when the file was read in chunks. */
  bytes: Uint8Array;
  /**
   * A CSV/TSV file read in chunks from disk (FileIO.openChunks: its bytes never whole in memory): how to read
   * it again, for another header row. Absent when `bytes` holds the file.
   */
  chunked?: ChunkedFile;
  sha256: string;
  /** The file's size in bytes. */
  size: number;
  table: Table;
  parseMs: number;
  /** The recognised layout (format, quantities, proposed mapping and recipe); examples: a 'table' layout. */
  layout: Layout;
  suggestedMapping?: Mapping;
  /** The label columns read as text as written (withLabelColumns), kept when read again. */
  textColumns?: readonly string[];
}

/** Rows shown in the preview. */
export const PREVIEW_ROWS = 100;

/** The last part of a path, for either separator: baseName('/a/b/mice.csv') === 'mice.csv'. */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] || path;
}

/** A platform error reading `path`, in the user's terms (a SkfrError is returned as it is). */
function readError(error: unknown, path: string): SkfrError {
  if (error instanceof SkfrError) return error;
  const code = (error as { code?: unknown }).code;
  const name = baseName(path);
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new SkfrError('file-not-found', `The file “${path}” does not exist. Check the name and folder, or choose it again with Open….`);
    case 'EISDIR':
      return new SkfrError('not-a-file', `“${path}” is a folder, not a file. Choose a .csv, .tsv, .xlsx or .xls file inside it.`);
    case 'EACCES':
    case 'EPERM':
      return new SkfrError('unreadable-file', `“${name}” cannot be read: permission denied.`);
    default: {
      const detail = error instanceof Error ? error.message : String(error);
      return new SkfrError('unreadable-file', `“${name}” cannot be read (${detail}).`);
    }
  }
}

function noFileSystem(path: string): SkfrError {
  return new SkfrError('invalid-request', `Opening “${path}” by path is not possible here: this host has no file system. Open the file's contents instead.`);
}

/** Reads a file through the host's FileIO, translating the platform's errors into the user's terms. */
export async function readPath(io: FileIO | undefined, path: string): Promise<Uint8Array> {
  if (!io) throw noFileSystem(path);
  try {
    return await io.readFile(path);
  } catch (error) {
    throw readError(error, path);
  }
}

/** A text file read in chunks (FileIO.openChunks), kept by its Dataset to be read again. */
export interface ChunkedFile {
  path: string;
  io: FileIO;
}

/** The chunks of `file`, with the host's errors in the user's terms; null when the host reads it whole. */
async function openChunks(file: ChunkedFile): Promise<{ chunks: ChunkSource; allocate?: (length: number) => Float64Array; parallel?: ParallelReading } | null> {
  try {
    const opened = await file.io.openChunks?.(file.path);
    if (!opened) return null;
    const chunks = withFile(async function* (into?: ChunkBuffers) {
      try {
        yield* opened.chunks(into);
      } catch (error) {
        throw readError(error, file.path);
      }
    }, opened.chunks);
    return { chunks, ...(opened.allocate ? { allocate: opened.allocate } : {}), ...(opened.parallel ? { parallel: opened.parallel } : {}) };
  } catch (error) {
    throw readError(error, file.path);
  }
}

/** The chunks, hashed on the way; `done` once the last one has gone through. */
async function* hashing(chunks: AsyncIterable<Uint8Array>, hash: { sha: Sha256Hasher; done: boolean; size: number }): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    hash.sha.update(chunk);
    hash.size += chunk.length;
    yield chunk;
  }
  hash.done = true;
}

/**
 * A CSV/TSV file read chunk by chunk, as the skfr command reads it (core/table/stream.ts: two passes, the
 * bytes never whole in memory, the SHA-256 taken on the first pass); null when the host reads files whole or
 * the chunked reader does not take this file (a workbook, non-UTF-8 text, …: the caller reads it whole).
 */
async function readChunked(file: ChunkedFile, fileName: string, at: ReadAt): Promise<{ table: Table; sha256: string; size: number; parseMs: number } | null> {
  if (at.sheet !== undefined && at.sheet !== baseName(fileName)) return null; // the whole-file reader words the error
  const opened = await openChunks(file);
  if (!opened) return null;
  const t0 = now();
  const hash = { sha: (file.io.sha256 ?? webCryptoSha256).create(), done: false, size: 0 };
  let passes = 0;
  const source = withFile((into) => (passes++ === 0 ? hashing(opened.chunks(into), hash) : opened.chunks(into)), opened.chunks);
  const options: ChunkOptions = {};
  if (at.headerRow !== undefined) options.headerRow = at.headerRow;
  if (at.noHeader) options.noHeader = true;
  if (at.signal) options.signal = at.signal;
  if (at.textColumns !== undefined && at.textColumns.length > 0) options.textColumns = at.textColumns;
  if (opened.allocate) options.allocate = opened.allocate;
  if (opened.parallel) options.parallel = opened.parallel; // a large file's rows on the host's threads
  const table = await parseTableChunks(source, fileName, options);
  if (table === null || !hash.done) return null;
  return { table, sha256: await hash.sha.digestHex(), size: hash.size, parseMs: now() - t0 };
}

/** Protein-like names for the simulated example panel (feature l gets NAMES[l], then NAMES[l] + "_2", …). */
const PROTEINS = [
  'DYRK1A', 'ITSN1', 'BDNF', 'NR1', 'NR2A', 'pAKT', 'pBRAF', 'pCAMKII', 'pCREB', 'pELK', 'pERK', 'pJNK', 'PKCA',
  'pMEK', 'pNR1', 'pNR2A', 'pNR2B', 'pPKCAB', 'pRSK', 'AKT', 'BRAF', 'CAMKII', 'CREB', 'ELK', 'ERK', 'GSK3B', 'JNK',
  'MEK', 'TRKA', 'RSK', 'APP', 'Bcatenin', 'SOD1', 'MTOR', 'P38', 'pMTOR', 'DSCR1', 'AMPKA', 'NR2B', 'pNUMB', 'RAPTOR',
  'TIAM1', 'pP70S6', 'NUMB', 'P70S6', 'pGSK3B', 'pPKCG', 'CDK5', 'S6', 'ADARB1', 'AcetylH3K9', 'RRP1', 'BAX', 'ARC',
  'ERBB4', 'nNOS', 'Tau', 'GFAP', 'GluR3', 'GluR4', 'IL1B', 'P3525', 'pCASP9', 'PSD95', 'SNCA', 'Ubiquitin',
  'pGSK3B_Tyr216', 'SHH', 'BAD', 'BCL2', 'pS6', 'pCFOS', 'SYP', 'H3AcK18', 'EGR1', 'H3MeK4', 'CaNA',
];

export function proteinName(l: number): string {
  const base = PROTEINS[l % PROTEINS.length]!;
  const round = Math.floor(l / PROTEINS.length);
  return round === 0 ? `${base}_N` : `${base}_${round + 1}_N`;
}

/**
 * A simulated protein panel made by the engine's simulator (`simulate(design, { seed })`, its default
 * sizes), as CSV bytes: columns `sample` (S001…), one protein-like name per feature, and `class` (C1…Ck,
 * the true class). Returned with the mapping that analyses it.
 */
export function exampleFile(design: Design, seed: number): { fileName: string; bytes: Uint8Array; mapping: Mapping } {
  const sim = simulate(design, { seed });
  const { rows: n, cols: p, data } = sim.X;
  const names = Array.from({ length: p }, (_, l) => proteinName(l));
  const width = String(n).length;
  const rows: (string | number | null)[][] = [['sample', ...names, 'class']];
  for (let i = 0; i < n; i++) {
    const row: (string | number | null)[] = [`S${String(i + 1).padStart(width, '0')}`];
    for (let l = 0; l < p; l++) {
      const v = data[i * p + l]!;
      row.push(Number.isNaN(v) ? null : Math.round(v * 1e6) / 1e6);
    }
    row.push(`C${sim.classes[i]! + 1}`);
    rows.push(row);
  }
  const encoder = new (globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }).TextEncoder();
  return {
    fileName: `example-${design}-panel.csv`,
    bytes: encoder.encode(toCsv(rows)),
    mapping: { orientation: 'samples-as-rows', idColumn: 'sample', annotationColumns: ['class'], featureColumns: null, filters: [] },
  };
}

/** Where to read: a sheet (default the one with the largest block of numbers, workbook.ts) and a 1-based header row (default detected). */
export interface ReadAt {
  sheet?: string | undefined;
  headerRow?: number | undefined;
  /** Text files: no header row (ParseOptions.noHeader); not with headerRow. */
  noHeader?: boolean | undefined;
  /** A file read in chunks looks at it between chunks (ChunkOptions.signal): cancel while reading. */
  signal?: { readonly aborted: boolean } | undefined;
  /** Label columns read as text as written (ParseOptions.textColumns). */
  textColumns?: readonly string[] | undefined;
}

/** ParseOptions for `at`, without undefined fields. */
export function parseOptions(at: ReadAt): ParseOptions {
  const options: ParseOptions = {};
  if (at.sheet !== undefined) options.sheet = at.sheet;
  if (at.headerRow !== undefined) options.headerRow = at.headerRow;
  if (at.noHeader) options.noHeader = true;
  if (at.textColumns !== undefined && at.textColumns.length > 0) options.textColumns = at.textColumns;
  return options;
}

/** The bytes and file name of a source (a path through the host's FileIO; an example is simulated). */
export async function sourceBytes(source: DataSource, io: FileIO | undefined): Promise<{ fileName: string; bytes: Uint8Array; suggestedMapping?: Mapping }> {
  switch (source.kind) {
    case 'path':
      return { fileName: baseName(source.path), bytes: await readPath(io, source.path) };
    case 'bytes':
      return { fileName: baseName(source.fileName), bytes: source.bytes };
    case 'example': {
      const example = exampleFile(source.design, source.seed);
      return { fileName: example.fileName, bytes: example.bytes, suggestedMapping: example.mapping };
    }
  }
}

/**
 * A table of one sample per row: its sample id is the column `skfr cluster` takes without --id-column
 * (core/request/sample-id.ts: a unique text column named like an id, else a column of row numbers or numeric ids,
 * then no feature), the other text columns annotations.
 * @example withSampleIdGuess(mouseTable, layout).mapping.idColumn // 'MouseID'
 */
function withSampleIdGuess(table: Table, layout: Layout): Layout {
  if (layout.format !== 'table' || layout.mapping.orientation !== 'samples-as-rows') return layout;
  const idColumn = sampleIdColumn(table);
  const coded = codedAnnotationColumns(table).filter((name) => name !== idColumn);
  const mapping = { ...layout.mapping, idColumn, annotationColumns: [...textAnnotations(table, idColumn), ...coded], featureColumns: notLabels(layout.mapping.featureColumns, idColumn, coded) };
  return { ...layout, mapping };
}

/**
 * The features listed without the labels the rules took among the numeric columns: the id (row numbers, a numeric
 * id: core/request/sample-id.ts) and coded annotations (core/request/coded-annotations.ts) are no features.
 */
function notLabels(featureColumns: string[] | null, idColumn: string | null, coded: readonly string[]): string[] | null {
  return featureColumns?.filter((name) => name !== idColumn && !coded.includes(name)) ?? null;
}

/** The app's guess beside the id (the CLI takes annotations only when named): every other text column. */
function textAnnotations(table: Table, idColumn: string | null): string[] {
  return table.columns.filter((c) => c.kind === 'text' && c.name !== idColumn).map((c) => c.name);
}

/**
 * What was recognised in `table`, with the mapping and the preparation `skfr cluster FILE` reads it with: the
 * default request resolved (core/request/resolve.ts resolveRequest, core/request/default.ts), so that the app and
 * the CLI go from a table to its mapping and recipe through one function. The app adds its guess of the
 * annotations of a table of one sample per row (every text column but the id). A layout the CLI refuses (a
 * recognised format without quantity columns: its sentence is in the refusal) is opened as recognised, with
 * the preparation proposed for it, so that the Import screen can show the table and the user choose its columns.
 */
export function proposedLayout(table: Table): Layout {
  const recognised = recognizeLayout(table);
  let resolved: ResolvedLayout;
  try {
    resolved = resolveRequest(table, defaultRequest(), null, recognised);
  } catch (error) {
    if (!(error instanceof SkfrError)) throw error;
    const guessed = withSampleIdGuess(table, recognised);
    const proposable = guessed.mapping.orientation === 'samples-as-columns';
    const { recipe, reasons, scaleBasis } = proposeRecipe(table, { layout: guessed, mapping: guessed.mapping, off: { keep: [], zeroIsValue: false }, proposable }, {}, 1);
    return { ...guessed, recipe, reasons, scaleBasis };
  }
  const rows = resolved.orientation === 'samples-as-rows';
  // One sample per row: the request's mapping is the rows options' (no feature list: every other numeric column);
  // the app lists the features the recognition found, and takes the id the request resolved.
  const idColumn = resolved.mapping.idColumn;
  // (the numeric annotations the request took: coded ones, core/request/coded-annotations.ts)
  const numeric = new Set(numericColumnNames(table));
  const coded = resolved.mapping.annotationColumns.filter((name) => numeric.has(name) && name !== idColumn);
  const mapping = rows
    ? { ...recognised.mapping, idColumn, annotationColumns: [...textAnnotations(table, idColumn), ...coded], featureColumns: notLabels(recognised.mapping.featureColumns, idColumn, coded) }
    : resolved.mapping;
  return {
    ...recognised,
    // (one sample per row: the notes on the id and coded annotations, core/request/resolve.ts, and the samples and
    // features counted without the summary rows, core/table/summary-rows.ts, and without them)
    ...(rows && resolved.notes ? { notes: [...(recognised.notes ?? []), ...resolved.notes] } : {}),
    ...(rows && mapping.featureColumns !== null
      ? { description: rowsLayout(mapping, table.rowCount - tableSummaryRows(table, idColumn), mapping.featureColumns.length).description }
      : {}),
    mapping,
    recipe: resolved.recipe,
    reasons: resolved.reasons,
    ...(resolved.scaleBasis ? { scaleBasis: resolved.scaleBasis } : {}),
  };
}

/** The layout of an example: a plain table read with its suggested mapping. */
function exampleLayout(table: Table, mapping: Mapping): Layout {
  return rowsLayout(mapping, table.rowCount, table.columns.filter((c) => c.kind === 'numeric').length);
}

function withTable(base: Omit<Dataset, 'table' | 'parseMs' | 'layout'>, at: ReadAt): Dataset {
  const t0 = now();
  const table = parseTable(base.bytes, base.fileName, parseOptions(at));
  const parseMs = now() - t0;
  const layout = base.suggestedMapping ? exampleLayout(table, base.suggestedMapping) : proposedLayout(table);
  return { ...base, table, parseMs, layout };
}

/** A Dataset around a table read in chunks (no bytes kept: `chunked` reads the file again). */
function chunkedDataset(id: string, fileName: string, file: ChunkedFile, read: { table: Table; sha256: string; size: number; parseMs: number }): Dataset {
  const { table, sha256, size, parseMs } = read;
  return { id, fileName, bytes: new Uint8Array(0), chunked: file, sha256, size, table, parseMs, layout: proposedLayout(table) };
}

/**
 * Loads a source into a Dataset (parsing the requested sheet, or the one with the most numbers) and recognises its layout.
 * A CSV/TSV path is read in chunks when the host can (FileIO.openChunks), else whole.
 */
export async function loadDataset(id: string, source: DataSource, at: ReadAt, io: FileIO | undefined): Promise<Dataset> {
  if (source.kind === 'path') {
    if (!io) throw noFileSystem(source.path);
    const file: ChunkedFile = { path: source.path, io };
    const fileName = baseName(source.path);
    const read = io.openChunks ? await readChunked(file, fileName, at) : null;
    if (read) return chunkedDataset(id, fileName, file, read);
  }
  return loadWhole(id, source, at, io);
}

/** Loads a source into a Dataset from its bytes held whole. */
async function loadWhole(id: string, source: DataSource, at: ReadAt, io: FileIO | undefined): Promise<Dataset> {
  const { fileName, bytes, suggestedMapping } = await sourceBytes(source, io);
  const base: Omit<Dataset, 'table' | 'parseMs' | 'layout'> = { id, fileName, bytes, sha256: await (io?.sha256 ?? webCryptoSha256).hex(bytes), size: bytes.length };
  if (suggestedMapping) base.suggestedMapping = suggestedMapping;
  return withTable(base, at);
}

/**
 * Re-reads another sheet (or the same one with another header row) of an opened file. A text file read without
 * a header row stays so unless a header row is given.
 */
export async function withSheet(dataset: Dataset, sheet: string, headerRow?: number): Promise<Dataset> {
  const at: ReadAt = { sheet, headerRow, ...(headerRow === undefined && dataset.table.noHeader ? { noHeader: true } : {}) };
  if (dataset.chunked) {
    // read again from disk (another header row); the hash is taken again, as the bytes are those read now
    const read = await readChunked(dataset.chunked, dataset.fileName, at);
    if (read) return chunkedDataset(dataset.id, dataset.fileName, dataset.chunked, read);
    return loadWhole(dataset.id, { kind: 'path', path: dataset.chunked.path }, at, dataset.chunked.io);
  }
  const { table: _table, parseMs: _parseMs, layout: _layout, ...base } = dataset;
  return withTable(base, at);
}

/**
 * The dataset with the mapping's label columns (id, annotations, filters, feature labels and annotations) read
 * as text, exactly as written ("001" stays "001"): read again when one of them was read as numbers (whose text
 * the reader does not keep), with the same sheet and header and the layout recognised before; else itself.
 * Example: a table whose column “id” holds 001, 002 and a mapping with idColumn “id” → “id” as text.
 */
export async function withLabelColumns(dataset: Dataset, mapping: Mapping): Promise<Dataset> {
  const labels = [
    ...(mapping.idColumn !== null ? [mapping.idColumn] : []),
    ...mapping.annotationColumns,
    ...mapping.filters.map((f) => f.column),
    ...(mapping.featureLabelColumns ?? []),
    ...(mapping.featureAnnotationColumns ?? []),
  ];
  // A reader that types every column by its format (GCT, ADAT, mzTab, Olink) would give the same table again
  // (issue 27: it cost every map, fit and slider step a whole read).
  if (dataset.table.typedByFormat) return dataset;
  const numeric = new Set(numericColumnNames(dataset.table));
  const wanted = labels.filter((name) => numeric.has(name));
  if (wanted.length === 0) return dataset;
  const { table } = dataset;
  const at: ReadAt = {
    sheet: table.sheet,
    ...(table.noHeader ? { noHeader: true } : table.headerRow !== undefined && table.headerRows !== 2 ? { headerRow: table.headerRow } : {}),
    textColumns: [...new Set([...(dataset.textColumns ?? []), ...wanted])],
  };
  const read = dataset.chunked
    ? ((await readChunked(dataset.chunked, dataset.fileName, at)) ?? null)
    : null;
  const again = read
    ? chunkedDataset(dataset.id, dataset.fileName, dataset.chunked!, read)
    : dataset.chunked
      ? await loadWhole(dataset.id, { kind: 'path', path: dataset.chunked.path }, at, dataset.chunked.io)
      : withTable(withoutTable(dataset), at);
  return { ...again, layout: dataset.layout, textColumns: at.textColumns! };
}

function withoutTable(dataset: Dataset): Omit<Dataset, 'table' | 'parseMs' | 'layout'> {
  const { table: _table, parseMs: _parseMs, layout: _layout, ...base } = dataset;
  return base;
}

export function openResult(dataset: Dataset): OpenResult {
  const { table } = dataset;
  const result: OpenResult = {
    datasetId: dataset.id,
    fileName: dataset.fileName,
    format: table.format,
    sha256: dataset.sha256,
    size: dataset.size,
    sheets: table.sheets,
    sheet: table.sheet,
    rowCount: table.rowCount,
    columns: summarizeColumns(table),
    preview: previewRows(table, PREVIEW_ROWS),
    layout: dataset.layout,
    headerRow: table.headerRow ?? 1,
    ...(table.noHeader ? { noHeader: true as const } : {}),
    titleRows: table.titleRows ?? [],
    blankRowsSkipped: table.blankRowsSkipped ?? 0,
    notes: table.notes ?? [],
  };
  if (dataset.suggestedMapping) result.suggestedMapping = dataset.suggestedMapping;
  return result;
}
