/**
 * FileIO for Node hosts (the compute process and its worker thread): plain reads, and atomic writes —
 * the bytes go to a temporary file in the target's folder, which is then renamed over the target, so a
 * reader never sees half a file and a failed write leaves the old file untouched.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
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

export const nodeFileIO: FileIO = {
  async readFile(path) {
    const buffer = await readFile(path);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  },
  writeFileAtomic,
};
