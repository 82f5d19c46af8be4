/**
 * FileIO for Node hosts (the compute process and its worker thread): reads of regular files only, and atomic
 * writes — the bytes go to a temporary file in the target's folder, which is then renamed over the target, so
 * a reader never sees half a file and a failed write leaves the old file untouched.
 */
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SkfrError } from '../core/errors.js';
import type { FileIO } from '../core/jobs/types.js';

/** The largest file the app reads (whole, into memory): 1 GiB, as much as the workbook reader inflates. */
export const MAX_READ_BYTES = 1024 ** 3;

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isFIFO()) return 'a named pipe';
  if (info.isSocket()) return 'a socket';
  return 'not a file';
}

/** "1.0 GiB", "3.5 MiB", "12 bytes". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(1)} ${units[u]}`;
}

function checkReadable(path: string, info: Stats, maxBytes: number): void {
  if (!info.isFile()) throw new SkfrError('not-a-file', `“${path}” is not a regular file (${kindOf(info)}); choose a data file.`);
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
 * size it had then is read. Missing files and permission errors are left to the caller (readPath translates them).
 */
export async function readRegularFile(path: string, maxBytes = MAX_READ_BYTES): Promise<Uint8Array> {
  checkReadable(path, await stat(path), maxBytes);
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = await handle.stat();
    checkReadable(path, info, maxBytes);
    const bytes = new Uint8Array(info.size);
    let filled = 0;
    while (filled < bytes.length) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
      if (bytesRead === 0) break; // shrank meanwhile
      filled += bytesRead;
    }
    return filled === bytes.length ? bytes : bytes.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/** Write `bytes` to `path` atomically (temporary file beside it + fsync + rename). */
export async function writeFileAtomic(path: string, bytes: Uint8Array): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Whether `a` and `b` are the same existing file: device and inode (bigint, exact on every platform), so a
 * symlink, `..` or a case-only difference on a case-insensitive disk leads to the same answer. False when
 * either does not exist (a file about to be created is no opened input).
 */
export async function sameFile(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([stat(a, { bigint: true }).catch(() => null), stat(b, { bigint: true }).catch(() => null)]);
  return x !== null && y !== null && x.dev === y.dev && x.ino === y.ino;
}

/** A FileIO reading files of at most `maxReadBytes` (default MAX_READ_BYTES). */
export function createNodeFileIO(options: { maxReadBytes?: number } = {}): FileIO {
  const maxBytes = options.maxReadBytes ?? MAX_READ_BYTES;
  return { readFile: (path) => readRegularFile(path, maxBytes), writeFileAtomic, sameFile };
}

export const nodeFileIO: FileIO = createNodeFileIO();
