/**
 * File format detection: by signature first, then by content. Never trusts the extension alone, because
 * SheetJS "reads" almost anything (an HTML page renamed .xlsx, random bytes) as a junk sheet.
 *
 * - `50 4B 03 04` (zip container) → 'xlsx'; `D0 CF 11 E0 A1 B1 1A E1` (OLE compound file) → 'xls'.
 * - Otherwise the file must be text: a workbook extension then means a mislabelled file ('unreadable-file',
 *   saying what it looks like); binary bytes and HTML pages are 'unreadable-file'; text is 'tsv' when
 *   tab-delimited, else 'csv'.
 * - An empty (or blank) file is 'empty-sheet'.
 * Example: detectFormat(bytesOf('a,b\n1,2\n'), 'x.csv') → 'csv'.
 */
import { SkfrError } from '../errors.js';
import type { FileFormat } from './types.js';
import { sniffDelimiter } from './sniff.js';
import { decodeUtf8, hasUtf8Bom, toUtf8Body } from './text.js';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const WORKBOOK_EXTENSION = /\.(xlsx|xlsm|xlsb|xls|xltx|xlt|ods)$/i;

/** Detection looks at the first 64 KiB only (the CSV reader validates the whole file later). */
const HEAD_BYTES = 64 * 1024;

/** Only spaces and line breaks (after an optional UTF-8 BOM). */
function isBlank(bytes: Uint8Array): boolean {
  for (let i = hasUtf8Bom(bytes) ? 3 : 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
  }
  return true;
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

/** The last path segment of a file name (hosts may pass a path). */
export function baseName(fileName: string): string {
  const parts = fileName.split(/[\\/]/);
  return parts[parts.length - 1] || fileName;
}

/** A few words saying what non-workbook bytes look like, for messages. */
export function describeContent(bytes: Uint8Array): string {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return 'a PDF document';
  if (startsWith(bytes, [0x1f, 0x8b])) return 'a gzip archive';
  const body = toUtf8Body(bytes.subarray(0, HEAD_BYTES));
  const head = decodeUtf8(body, 0, Math.min(body.length, 2048)).trimStart().toLowerCase();
  if (/^<(!doctype html|html|head|body|table|meta)/.test(head) || head.includes('<html')) return 'an HTML page';
  if (head.startsWith('<?xml') || head.startsWith('<')) return 'an XML file';
  if (head.startsWith('{') || head.startsWith('[')) return 'a JSON file';
  return isBinary(body) ? 'binary data, not a spreadsheet' : 'a text file';
}

/** Binary when the first 8 KiB hold a NUL byte or more than 1% control bytes (other than tab, LF, FF, CR). */
function isBinary(body: Uint8Array): boolean {
  const n = Math.min(body.length, 8192);
  let odd = 0;
  for (let i = 0; i < n; i++) {
    const b = body[i]!;
    if (b === 0) return true;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) odd++;
  }
  return odd > n / 100;
}

export function detectFormat(bytes: Uint8Array, fileName: string): FileFormat {
  const kind = detectKind(bytes, fileName);
  if (kind !== 'text') return kind;
  const body = toUtf8Body(bytes.subarray(0, HEAD_BYTES));
  return sniffDelimiter(body, baseName(fileName)) === '\t' ? 'tsv' : 'csv';
}

/**
 * detectFormat without its last step: a workbook ('xlsx', 'xls'), or 'text' for what detectFormat reads as CSV or
 * TSV by sniffing its delimiter (the chunked reader sniffs its own: stream.ts), throwing what detectFormat throws.
 * Example: detectKind(bytesOf('a,b\n1,2\n'), 'x.csv') → 'text'.
 */
export function detectKind(bytes: Uint8Array, fileName: string): 'xlsx' | 'xls' | 'text' {
  const name = baseName(fileName);
  if (bytes.length === 0) throw new SkfrError('empty-sheet', `“${name}” is empty (0 bytes).`);
  if (startsWith(bytes, ZIP)) return 'xlsx';
  if (startsWith(bytes, OLE)) return 'xls';
  const what = describeContent(bytes);
  if (WORKBOOK_EXTENSION.test(name)) {
    throw new SkfrError(
      'unreadable-file',
      `“${name}” is not an Excel workbook (it looks like ${what}). Open it in a spreadsheet program and save it ` +
        `as .xlsx, or export it as CSV.`,
    );
  }
  if (what === 'an HTML page') {
    throw new SkfrError(
      'unreadable-file',
      `“${name}” is not a CSV or TSV table (it looks like an HTML page, e.g. a download error page); save the data ` +
        `as CSV, TSV or XLSX.`,
    );
  }
  if (what === 'binary data, not a spreadsheet' || what === 'a PDF document' || what === 'a gzip archive') {
    throw new SkfrError(
      'unreadable-file',
      `“${name}” is not a table SKFR Studio can read (it looks like ${what}); use CSV, TSV, XLSX or XLS.`,
    );
  }
  if (isBlank(bytes)) throw new SkfrError('empty-sheet', `“${name}” is empty: it holds no header row and no data.`);
  return 'text';
}
