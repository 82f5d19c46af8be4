/**
 * Zip bombs: an .xlsx is a ZIP archive, and a few megabytes can declare gigabytes of XML. Before SheetJS
 * inflates anything, read the archive's central directory (a few kilobytes at the end of the file) and refuse
 * when the entries' declared uncompressed sizes add up to more than a limit, or when one entry claims a
 * compression ratio no spreadsheet reaches. Takes milliseconds whatever the declared size.
 *
 * Limits: one part (a sheet) over MAX_PART (≈ 512 MiB, the longest string) is refused; `maxUncompressed` defaults to 1 GiB (hosts with more memory may pass more, e.g. a quarter of the
 * machine's memory); a ratio above 1 000 : 1 on an entry over 10 MiB is refused (real sheets compress 5–30 : 1;
 * a sheet of one repeated cell reaches ~1 000 : 1 only when tiny).
 * Example: a 4 MB archive whose sheet1.xml declares 4 GiB → SkfrError('unreadable-file', '… would unpack to 4.0 GiB …').
 */
import { SkfrError } from '../errors.js';

export const DEFAULT_MAX_UNCOMPRESSED = 1024 ** 3;
export const MAX_RATIO = 1000;
/**
 * Largest part (a sheet's XML) that can be read: SheetJS makes one string of it, and V8's longest string is
 * 2^29 − 24 characters (≈ 512 MiB); a larger part came out as an empty sheet after taking 2 GB of memory.
 */
export const MAX_PART = 2 ** 29 - 24;
const RATIO_FLOOR = 10 * 1024 ** 2;

export interface ZipEntry {
  name: string;
  compressed: number;
  uncompressed: number;
}

function u16(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8);
}
function u32(b: Uint8Array, at: number): number {
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}
function u64(b: Uint8Array, at: number): number {
  return u32(b, at) + u32(b, at + 4) * 2 ** 32;
}

/** The entries listed in the central directory (ZIP64 sizes read from the extra field); null when none is found. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  // End of central directory record: signature 0x06054b50, at most 65 535 + 22 bytes from the end.
  const stop = Math.max(0, bytes.length - 65_557);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (u32(bytes, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  let count = u16(bytes, eocd + 10);
  let offset = u32(bytes, eocd + 16);
  // ZIP64 end of central directory locator (just before the EOCD).
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && u32(bytes, eocd - 20) === 0x07064b50) {
    const at = u64(bytes, eocd - 12);
    if (at + 56 <= bytes.length && u32(bytes, at) === 0x06064b50) {
      count = u64(bytes, at + 32);
      offset = u64(bytes, at + 48);
    }
  }
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let e = 0; e < count && at + 46 <= bytes.length; e++) {
    if (u32(bytes, at) !== 0x02014b50) break;
    let compressed = u32(bytes, at + 20);
    let uncompressed = u32(bytes, at + 24);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    const name = String.fromCharCode(...bytes.subarray(at + 46, at + 46 + Math.min(nameLength, 200)));
    if (uncompressed === 0xffffffff || compressed === 0xffffffff) {
      let x = at + 46 + nameLength;
      const end = x + extraLength;
      while (x + 4 <= end) {
        const id = u16(bytes, x);
        const size = u16(bytes, x + 2);
        if (id === 0x0001) {
          let y = x + 4;
          if (uncompressed === 0xffffffff) {
            uncompressed = u64(bytes, y);
            y += 8;
          }
          if (compressed === 0xffffffff) compressed = u64(bytes, y);
          break;
        }
        x += 4 + size;
      }
    }
    entries.push({ name, compressed, uncompressed });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function size(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GiB` : `${Math.round(bytes / 1024 ** 2)} MiB`;
}

/** Refuse an archive that would unpack beyond the limits (see the module comment). */
export function checkZipSize(bytes: Uint8Array, fileName: string, maxUncompressed = DEFAULT_MAX_UNCOMPRESSED): void {
  const entries = zipEntries(bytes);
  if (!entries) return;
  let total = 0;
  for (const e of entries) {
    total += e.uncompressed;
    if (e.uncompressed > RATIO_FLOOR && e.uncompressed > MAX_RATIO * Math.max(1, e.compressed)) {
      throw new SkfrError(
        'unreadable-file',
        `“${fileName}” is not a normal workbook: its part “${e.name}” would unpack from ${size(e.compressed)} to ${size(e.uncompressed)} ` +
          `(more than ${MAX_RATIO} times), as archives built to exhaust memory do; it was not opened.`,
      );
    }
  }
  const part = entries.find((e) => e.uncompressed > MAX_PART && /\.xml$/i.test(e.name));
  if (part) {
    throw new SkfrError(
      'unreadable-file',
      `“${fileName}”: its part “${part.name}” would unpack to ${size(part.uncompressed)}, more than the ${size(MAX_PART)} ` +
        `one sheet can hold here (the longest text JavaScript can make); save the sheet as CSV (read without that limit) or split it.`,
    );
  }
  if (total > maxUncompressed) {
    throw new SkfrError(
      'unreadable-file',
      `“${fileName}” would unpack to ${size(total)}, more than the ${size(maxUncompressed)} this app reads from a workbook; ` +
        `save the sheet you need as CSV (read without that limit) or split the workbook.`,
    );
  }
}
