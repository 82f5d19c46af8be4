/**
 * FileIO for Node hosts (the compute process and its worker thread): reads of regular files only, through the
 * input readers of node/files.ts (statInput, openInputHandle, openInput: the same checks and one-sentence
 * refusals as the skfr command's, in the app's words), and the atomic writes of node/files.ts
 * (writeFileAtomic: a temporary file in the target's folder, flushed, then renamed over the target, so a
 * reader never sees half a file and a failed write leaves the old file untouched).
 *
 * What fits (issue 15 item 4). Electron's V8 keeps every JavaScript object of a process — all its threads —
 * in one 4 GiB heap (pointer compression), and the compute process is killed when that runs out. So:
 * - CSV/TSV are read in chunks (openChunks → core/table/stream.ts, the skfr command's reader): the file is
 *   never whole in memory and its numbers go into one Float64Array, outside the JS heap. The only limit is
 *   that buffer: at most `maxTableBytes` (default a quarter of the computer's memory), checked when the
 *   reader knows rows × columns, before it is allocated.
 * - Workbooks go through SheetJS, which holds every cell as a JS object and each sheet's XML as one string
 *   (V8's longest string is 512 MiB). Measured peak heap: ≈ 3.5 × the unpacked XML of an .xlsx, ≈ 30 × the
 *   size of an .xls. With half the heap for SheetJS (2 GiB) that is MAX_XLSX_UNPACKED_BYTES = 512 MiB of
 *   unpacked parts and MAX_XLS_BYTES = 64 MiB, checked from the ZIP directory / the file size before SheetJS
 *   sees a byte.
 * - Anything else read whole (text the chunked reader does not take: UTF-16, other encodings) is at most
 *   MAX_READ_BYTES.
 * Each refusal is one sentence naming the size and the limit.
 */
import type { Stats } from 'node:fs';
import { stat, type FileHandle } from 'node:fs/promises';
import { totalmem } from 'node:os';
import { basename } from 'node:path';
import { SkfrError } from '../core/errors.js';
import { formatBytes } from '../core/format-bytes.js';
import { formatCount } from '../core/format-count.js';
import type { FileIO } from '../core/jobs/types.js';
import { allocateSharedFloat64 } from '../core/parallel/shared.js';
import type { ParallelReading } from '../core/table/stream.js';
import { zipEntries } from '../core/table/zip-guard.js';
import { INPUT_CHUNK_BYTES, INPUT_HEAD_BYTES, openInput, openInputHandle, readFailure, sameFile, statInput, writeFileAtomic } from './files.js';
import { nodeSha256 } from './hash.js';

/** The largest file the app reads whole into memory: 1 GiB. */
export const MAX_READ_BYTES = 1024 ** 3;
/** Unpacked size of an .xlsx (all its parts) SheetJS can read within 2 GiB of heap (≈ 3.5 × measured, 4 × assumed). */
export const MAX_XLSX_UNPACKED_BYTES = 512 * 1024 ** 2;
/** Size of an .xls (Excel 97-2003) SheetJS can read within 2 GiB of heap (≈ 30 × measured, 32 × assumed). */
export const MAX_XLS_BYTES = 64 * 1024 ** 2;
/** Default limit of a table's numbers read in chunks: a quarter of the computer's memory. */
function defaultMaxTableBytes(): number {
  return Math.floor(totalmem() / 4);
}

/** The app's limit on what it reads whole (the input check itself is statInput's and openInputHandle's). */
function checkSize(path: string, info: Stats, maxBytes: number): void {
  if (info.size > maxBytes) {
    throw new SkfrError(
      'unreadable-file',
      `“${path}” is ${formatBytes(info.size)}, more than the ${formatBytes(maxBytes)} the app opens; ` +
        `choose a smaller file, or use the skfr command, which reads large text tables in pieces.`,
    );
  }
}

/**
 * Reads a regular file of at most `maxBytes`. The path is stat-ed before it is opened, so a device
 * (`/dev/zero`), a named pipe or a socket is refused without being opened; it is opened without blocking
 * (a pipe swapped in meanwhile cannot hang the open) and checked again on the open handle, and exactly the
 * size it had then is read (node/files.ts statInput and openInputHandle: every refusal one sentence).
 */
async function readRegularFile(path: string, maxBytes = MAX_READ_BYTES, limits: WorkbookLimits = {}): Promise<Uint8Array> {
  checkSize(path, await statInput(path, 'app'), maxBytes);
  const { handle, info } = await openInputHandle(path, 'app');
  try {
    checkSize(path, info, maxBytes); // (it may have grown since)
    const kind = workbookKind(await readHead(path, handle));
    if (kind === 'xls') checkXlsSize(path, info.size, limits.xlsBytes);
    const bytes = new Uint8Array(info.size);
    let filled = 0;
    while (filled < bytes.length) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled).catch((error: unknown) => {
        throw readFailure(path, error, 'app');
      });
      if (bytesRead === 0) break; // shrank meanwhile
      filled += bytesRead;
    }
    const read = filled === bytes.length ? bytes : bytes.subarray(0, filled);
    if (kind === 'xlsx') checkXlsxSize(path, read, limits.xlsxUnpackedBytes);
    return read;
  } finally {
    await handle.close();
  }
}

/** What SheetJS may be given (defaults MAX_XLSX_UNPACKED_BYTES, MAX_XLS_BYTES). */
export interface WorkbookLimits {
  xlsxUnpackedBytes?: number | undefined;
  xlsBytes?: number | undefined;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

async function readHead(path: string, handle: FileHandle): Promise<Uint8Array> {
  const head = new Uint8Array(INPUT_HEAD_BYTES);
  const { bytesRead } = await handle.read(head, 0, head.length, 0).catch((error: unknown) => {
    throw readFailure(path, error, 'app');
  });
  return head.subarray(0, bytesRead);
}

/** 'xlsx' for a ZIP archive, 'xls' for an OLE compound file (by signature, as core/table/detect.ts), else null. */
function workbookKind(head: Uint8Array): 'xlsx' | 'xls' | null {
  const starts = (sig: number[]) => head.length >= sig.length && sig.every((b, i) => head[i] === b);
  return starts(ZIP) ? 'xlsx' : starts(OLE) ? 'xls' : null;
}

const CSV_ADVICE = 'save the sheet you need as CSV (the app reads CSV in pieces, without that limit) and open that.';

/** An .xls (Excel 97-2003) too big for SheetJS within the heap is refused before it is read. */
export function checkXlsSize(path: string, size: number, max = MAX_XLS_BYTES): void {
  if (size > max) {
    throw new SkfrError(
      'unreadable-file',
      `“${basename(path)}” is an Excel 97-2003 workbook of ${formatBytes(size)}, more than the ${formatBytes(max)} the app's ` +
        `workbook reader can hold in memory; ${CSV_ADVICE}`,
    );
  }
}

/** An .xlsx whose parts unpack beyond what SheetJS can hold is refused from its ZIP directory, before SheetJS reads it. */
export function checkXlsxSize(path: string, bytes: Uint8Array, max = MAX_XLSX_UNPACKED_BYTES): void {
  const entries = zipEntries(bytes);
  if (!entries) return; // not a readable archive: the workbook reader says so in its words
  const unpacked = entries.reduce((sum, e) => sum + e.uncompressed, 0);
  if (unpacked > max) {
    throw new SkfrError(
      'unreadable-file',
      `“${basename(path)}” unpacks to ${formatBytes(unpacked)} of sheet data, more than the ${formatBytes(max)} the app's ` +
        `workbook reader can hold in memory; ${CSV_ADVICE}`,
    );
  }
}

/** The columns' one buffer of numbers for a table read in chunks, refused beyond `maxBytes`. */
export function tableAllocator(path: string, maxBytes: number, shared = false): (length: number) => Float64Array {
  return (length) => {
    const bytes = length * Float64Array.BYTES_PER_ELEMENT;
    if (bytes > maxBytes) {
      throw new SkfrError(
        'unreadable-file',
        `“${basename(path)}” holds ${formatCount(length, ',')} cells, whose numbers need ${formatBytes(bytes)}, more than ` +
          `the ${formatBytes(maxBytes)} the app sets aside for a table (a quarter of this computer's memory); filter or ` +
          `split the file first, or analyse it with the skfr command on a computer with more memory.`,
      );
    }
    // Shared when worker threads read the rows into it (ParallelReading).
    return shared ? allocateSharedFloat64(length) : new Float64Array(length);
  };
}

/**
 * A CSV/TSV file as chunks (FileIO.openChunks): node/files.ts openInput, the skfr command's reader, with the
 * app's wording (regular files only, opened without blocking; a file changed while it is read is refused). No
 * size limit of its own (the numbers' buffer is limited instead, `maxTableBytes`); null for a workbook (read
 * whole, with its limits). Each iteration reads the file from the start in `chunkBytes` pieces, one buffer
 * reused; with `parallel`, the numbers go to shared memory for the threads.
 */
async function openFileChunks(
  path: string,
  maxTableBytes: number,
  chunkBytes = INPUT_CHUNK_BYTES,
  parallel?: ParallelReading,
): Promise<{ chunks: () => AsyncIterable<Uint8Array>; allocate: (length: number) => Float64Array; parallel?: ParallelReading } | null> {
  const input = await openInput(path, { reader: 'app', chunkBytes });
  if (workbookKind(input.head) !== null) return null;
  return { chunks: input.chunks, allocate: tableAllocator(path, maxTableBytes, parallel !== undefined), ...(parallel ? { parallel } : {}) };
}

/**
 * A FileIO reading whole files of at most `maxReadBytes` (default MAX_READ_BYTES) and CSV/TSV in chunks into
 * tables of at most `maxTableBytes` of numbers (default a quarter of the computer's memory); with `parallel`
 * (the compute process's engine threads), a large file's data rows are read on them, into shared memory.
 */
export function createNodeFileIO(options: { maxReadBytes?: number; maxTableBytes?: number; workbooks?: WorkbookLimits; parallel?: ParallelReading } = {}): FileIO {
  const maxBytes = options.maxReadBytes ?? MAX_READ_BYTES;
  const maxTable = options.maxTableBytes ?? defaultMaxTableBytes();
  const workbooks = options.workbooks ?? {};
  return {
    readFile: (path) => readRegularFile(path, maxBytes, workbooks),
    openChunks: (path) => openFileChunks(path, maxTable, INPUT_CHUNK_BYTES, options.parallel),
    writeFileAtomic,
    sameFile,
    sha256: nodeSha256,
    isFile,
  };
}

/** Whether `path` is an existing regular file (a saved analysis's input, issue 16); false on any error. */
export async function isFile(path: string): Promise<boolean> {
  return stat(path).then((info) => info.isFile(), () => false);
}

export const nodeFileIO: FileIO = createNodeFileIO();
