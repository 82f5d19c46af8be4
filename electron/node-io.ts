/**
 * FileIO for Node hosts (the compute process and its worker thread): plain reads, and atomic writes —
 * the bytes go to a temporary file in the target's folder, which is then renamed over the target, so a
 * reader never sees half a file and a failed write leaves the old file untouched.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { FileIO } from '../core/jobs/types.js';

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

export const nodeFileIO: FileIO = {
  async readFile(path) {
    const buffer = await readFile(path);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  },
  writeFileAtomic,
  sameFile,
};
