/**
 * Node file system access for the CLI, with every failure translated into a SkfrError in the user's terms.
 * Inputs are only ever read; outputs are written to a temporary file in the same directory and renamed over
 * the target, so a reader never sees a half-written file and an existing output is replaced in one step.
 */
import { open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { SkfrError } from '../core/errors.js';

function errno(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

/** Missing file, directory and the like as one-line user errors, before reading. */
async function checkInputFile(path: string): Promise<void> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    const code = errno(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new SkfrError('file-not-found', `“${path}” does not exist.`);
    throw new SkfrError('unreadable-file', `“${path}” cannot be read (${code ?? String(error)}).`);
  }
  if (info.isDirectory()) throw new SkfrError('not-a-file', `“${path}” is a directory, not a data file.`);
  if (!info.isFile()) throw new SkfrError('not-a-file', `“${path}” is not a regular file.`);
}

function unreadable(path: string, error: unknown): SkfrError {
  const code = errno(error);
  const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? String(error));
  return new SkfrError('unreadable-file', `“${path}” cannot be read (${why}).`);
}

/** Read a whole input file; missing file, directory and permission problems become one-line user errors. */
export async function readInputFile(path: string): Promise<Uint8Array> {
  await checkInputFile(path);
  try {
    const buffer = await readFile(path);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  } catch (error) {
    throw unreadable(path, error);
  }
}

/**
 * Chunk size of `openInputChunks`: large enough that a read costs little, small enough that the buffer,
 * once freed, does not teach the C allocator to keep blocks of several MB (the engine's per-restart arrays)
 * in its arenas instead of returning them to the system.
 */
export const INPUT_CHUNK_BYTES = 1024 * 1024;

/**
 * An input file as a source of chunks, read from the start each time it is iterated (core/table/stream.ts
 * reads it twice). One buffer is reused: a chunk is valid until the next one is asked for.
 * Same one-line errors as readInputFile.
 */
export async function openInputChunks(path: string, chunkBytes = INPUT_CHUNK_BYTES): Promise<() => AsyncIterable<Uint8Array>> {
  await checkInputFile(path);
  return async function* chunks(): AsyncGenerator<Uint8Array> {
    let handle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      throw unreadable(path, error);
    }
    try {
      const buffer = new Uint8Array(chunkBytes);
      for (;;) {
        let filled = 0;
        while (filled < buffer.length) {
          const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null).catch((error: unknown) => {
            throw unreadable(path, error);
          });
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        if (filled === 0) return;
        yield buffer.subarray(0, filled);
        if (filled < buffer.length) return;
      }
    } finally {
      await handle.close();
    }
  };
}

/**
 * Check, before any long computation, that `path` can be written: its directory exists and it is not a
 * directory itself, and it is not one of the input files (inputs are never overwritten).
 */
export async function checkOutputPath(path: string, inputs: readonly string[] = []): Promise<void> {
  const target = resolve(path);
  for (const input of inputs) {
    if (resolve(input) === target) {
      throw new SkfrError('write-failed', `“${path}” is the input file; choose another output name (inputs are never overwritten).`);
    }
  }
  const dir = dirname(target);
  let dirInfo;
  try {
    dirInfo = await stat(dir);
  } catch {
    throw new SkfrError('write-failed', `cannot write “${path}”: the folder “${dirname(path)}” does not exist.`);
  }
  if (!dirInfo.isDirectory()) {
    throw new SkfrError('write-failed', `cannot write “${path}”: “${dirname(path)}” is not a folder.`);
  }
  try {
    const info = await stat(target);
    if (info.isDirectory()) throw new SkfrError('write-failed', `cannot write “${path}”: it is a directory.`);
  } catch (error) {
    if (error instanceof SkfrError) throw error;
    // Not existing yet is the normal case.
  }
}

let counter = 0;

/**
 * Write `content` to `path` atomically: a temporary file beside it, flushed, then renamed over the target.
 * `content` is the bytes, or chunks of them produced one at a time (a file larger than any one buffer).
 */
export async function writeFileAtomic(path: string, content: Uint8Array | Iterable<Uint8Array>): Promise<void> {
  const target = resolve(path);
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.${counter++}.tmp`);
  let handle;
  try {
    handle = await open(temp, 'wx');
    if (content instanceof Uint8Array) await handle.writeFile(content);
    else for (const chunk of content) await handle.writeFile(chunk); // each from the current position, fully
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, target);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    const code = errno(error);
    const why =
      code === 'ENOENT' ? 'the folder does not exist'
      : code === 'EACCES' || code === 'EPERM' ? 'permission denied'
      : code === 'EISDIR' ? 'it is a directory'
      : code === 'ENOSPC' ? 'the disk is full'
      : (code ?? String(error));
    throw new SkfrError('write-failed', `cannot write “${path}”: ${why}.`);
  }
}
