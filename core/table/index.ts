/** core/table: sheets in (detect, parse, infer, transpose, map, filter) and out (CSV, XLSX, XLS). */
export type * from './types.js';
export { detectFormat } from './detect.js';
export { listSheets, parseTable, type ParseOptions } from './parse.js';
export { parseTableChunks, withFile, type ChunkBuffers, type ChunkOptions, type ChunkSource } from './stream.js';
export { MISSING_TOKENS } from './cells.js';
export { summarizeColumns, previewRows } from './summary.js';
export { transposeTable } from './transpose.js';
export { applyMapping, type MappingOptions } from './mapping.js';
export { columnTexts } from './lookup.js';
export { toCsv, toXlsx, toXls, type Cell, type SheetRows } from './write.js';
