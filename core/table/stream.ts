/**
 * Read a CSV/TSV file chunk by chunk, so that its bytes never sit in memory beside the parsed columns
 * (at 100 000 × 1000 the file is ~0.75 GB and the columns 0.8 GB). Two passes over the chunks:
 *   1. format, encoding, delimiter and record count (lines.ts) — the columns are then allocated once;
 *   2. the rows, through DelimitedReader, keeping only the unfinished last row between chunks.
 * The reader keeps the first rows until the header is decided (title rows, two-row header: header.ts), and
 * decides alike wherever the chunks are cut. The result is the Table `parseTable` gives for the same bytes. Files the chunked path does not handle
 * give null, and the caller reads them whole: workbooks, UTF-16 and non-UTF-8 text (re-encoded as a whole,
 * text.ts), anything detectFormat rejects (the whole-file path words the error), and text columns that
 * also hold numeric cells (their texts need a second look at the bytes).
 *
 * @example
 *   const table = (await parseTableChunks(() => chunksOf(path), 'data.csv')) ?? parseTable(await readAll(path), 'data.csv');
 */
import { DelimitedReader } from './delimited.js';
import { baseName, detectFormat } from './detect.js';
import { LineCounter } from './lines.js';
import type { ParseOptions } from './parse.js';
import { sniffDelimiter, SNIFF_BYTES, type Delimiter } from './sniff.js';
import { hasUtf8Bom, Utf8Validator } from './text.js';
import type { Table } from './types.js';

/**
 * The file's bytes in order, each time it is called (the file is read twice). A chunk may be reused for
 * the next one: nothing is kept from it once the next is asked for.
 */
export type ChunkSource = () => AsyncIterable<Uint8Array>;

/** Bytes looked at before deciding on the format and the delimiter (a BOM and the sniffing sample). */
const HEAD_BYTES = SNIFF_BYTES + 4;

function append(head: Uint8Array, chunk: Uint8Array): Uint8Array {
  const joined = new Uint8Array(head.length + chunk.length);
  joined.set(head);
  joined.set(chunk, head.length);
  return joined;
}

interface FirstPass {
  delimiter: Delimiter;
  /** Bytes of a UTF-8 byte-order mark to skip (0 or 3). */
  skip: number;
  /** Non-blank lines of the body (lines.ts, with the delimiter): the reader sizes the columns from it. */
  lines: number;
}

/** The format, BOM and delimiter from the first bytes; null when the chunked path does not apply. */
function decide(head: Uint8Array, name: string): { delimiter: Delimiter; skip: number } | null {
  let format;
  try {
    format = detectFormat(head, name);
  } catch {
    return null;
  }
  if (format !== 'csv' && format !== 'tsv') return null;
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) return null;
  const skip = hasUtf8Bom(head) ? 3 : 0;
  return { delimiter: sniffDelimiter(head.subarray(skip), name), skip };
}

/** Pass 1: null when the chunked path does not apply (see the module comment). */
async function firstPass(open: ChunkSource, name: string): Promise<FirstPass | null> {
  let head: Uint8Array | null = new Uint8Array(0);
  let plan: { delimiter: Delimiter; skip: number } | null = null;
  let counter = new LineCounter();
  const validator = new Utf8Validator();
  const take = (bytes: Uint8Array): boolean => {
    counter.push(bytes);
    return validator.push(bytes);
  };
  for await (const chunk of open()) {
    if (head === null) {
      if (!take(chunk)) return null;
      continue;
    }
    head = append(head, chunk);
    if (head.length < HEAD_BYTES) continue;
    plan = decide(head, name);
    if (plan === null) return null;
    counter = new LineCounter(plan.delimiter.charCodeAt(0));
    if (!take(head.subarray(plan.skip))) return null;
    head = null;
  }
  if (head !== null) {
    if (head.length === 0) return null;
    plan = decide(head, name);
    if (plan === null) return null;
    counter = new LineCounter(plan.delimiter.charCodeAt(0));
    take(head.subarray(plan.skip));
  }
  if (plan === null || !validator.complete) return null;
  return { delimiter: plan.delimiter, skip: plan.skip, lines: counter.total };
}

export interface ChunkOptions extends Pick<ParseOptions, 'headerRow' | 'headerRows'> {
  /**
   * Where the columns' one buffer of numbers is allocated (DelimitedReaderOptions.allocate), e.g.
   * `allocateSharedFloat64` so that `applyMapping(table, mapping, { consume: true })` builds a shared matrix.
   */
  allocate?: (length: number) => Float64Array;
}

/** The Table of a CSV/TSV file read in chunks, or null when it must be read whole (module comment). */
export async function parseTableChunks(open: ChunkSource, fileName: string, options: ChunkOptions = {}): Promise<Table | null> {
  const name = baseName(fileName);
  const first = await firstPass(open, name);
  if (first === null) return null;
  const reader = new DelimitedReader(name, {
    delimiter: first.delimiter,
    lineCount: first.lines,
    allocate: options.allocate,
    headerRow: options.headerRow,
    headerRows: options.headerRows,
  });
  let skip = first.skip;
  for await (const chunk of open()) {
    const body = skip > 0 ? chunk.subarray(Math.min(skip, chunk.length)) : chunk;
    skip -= chunk.length - body.length;
    reader.push(body, false);
  }
  reader.push(new Uint8Array(0), true);
  return reader.finish();
}
