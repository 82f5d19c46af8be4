/**
 * Node file system access shared by both hosts (the skfr command and the desktop app's main and compute
 * processes), with every failure translated into a SkfrError in the user's terms.
 *
 * Inputs are only ever read, and no output may be an input: outputs are compared with the inputs as real
 * files (device + inode, and the real path of their folder), so a symlinked folder, `./`, `..` or a case-only
 * difference on a case-insensitive file system never lets an output replace the input. An input is checked
 * once, by checkInputInfo: a regular file, never a folder, a device, a named pipe or a socket. Both hosts read
 * inputs through the same readers here (statInput, openInputHandle, readInputFile; openInput in chunks, which
 * also refuses a file that changed while it was read), every refusal one sentence in the words of its reader
 * (InputReader: the command's or the app's).
 *
 * Outputs are written as a set (OutputSet): each to a temporary file beside its target (`.NAME.<pid>.<ms>.<n>.tmp`),
 * flushed, then all renamed over their targets; if any step fails or the run is cancelled, the temporaries are
 * removed and any target already replaced is restored, so a run writes all of its outputs or none. A reader
 * never sees a half-written file. Temporaries left by a killed process (SIGKILL) are removed by the next
 * write beside the same target, once their process is gone. writeFileAtomic is the one-output set, the only
 * atomic writer of both hosts.
 */
import { closeSync, constants, fstatSync, openSync, readSync, unlinkSync, type Stats } from 'node:fs';
import { copyFile, link, lstat, open, readdir, readFile, realpath, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { SkfrError } from '../core/errors.js';
import type { FileAt, FileRef } from '../core/table/pieces.js';
import type { ChunkBuffers, ChunkSource } from '../core/table/stream.js';
import { cancelledError, type CancelSignal } from './cancel.js';

function errno(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

/** What a path that is not a regular file names, in words. */
export function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isFIFO()) return 'a named pipe';
  if (info.isSocket()) return 'a socket';
  return 'not a file';
}

/**
 * Who reads an input, for the wording of a refusal: the skfr command (a terse line after `error: `) or the
 * desktop app (a sentence with what to do instead).
 */
export type InputReader = 'cli' | 'app';

/**
 * The one check of an input before it is read: `info` (its stat, or its open handle's) must be a regular file,
 * so a folder, a device (`/dev/zero`), a named pipe or a socket is refused without a byte being read. Throws
 * SkfrError('not-a-file').
 * @example checkInputInfo('data', await stat('data'), 'cli') // throws: “data” is a directory, not a data file.
 */
export function checkInputInfo(path: string, info: Stats, reader: InputReader): void {
  if (info.isFile()) return;
  if (reader === 'app') throw new SkfrError('not-a-file', `“${path}” is not a regular file (${kindOf(info)}); choose a data file.`);
  if (info.isDirectory()) throw new SkfrError('not-a-file', `“${path}” is a directory, not a data file.`);
  throw new SkfrError('not-a-file', `“${path}” is not a regular file: it is ${kindOf(info)}.`);
}

/** Words for the errno of a failed read (never a bare errno when a plainer one is known). */
function readWhy(error: unknown): string {
  const code = errno(error);
  return code === 'EACCES' || code === 'EPERM' ? 'permission denied'
    : code === 'EIO' ? 'the disk reported an input/output error'
    : code === 'EMFILE' || code === 'ENFILE' ? 'too many files are open'
    : code === 'EBUSY' || code === 'ETXTBSY' ? 'the file is in use'
    : code === 'ENAMETOOLONG' ? 'the name is too long'
    : code === 'ELOOP' ? 'its path has a loop of symbolic links'
    : code !== undefined ? `the system refused (${code})`
    : String(error instanceof Error ? error.message : error);
}

/**
 * Why an input cannot be read, in one sentence for `reader` (a SkfrError is returned as it is): a missing file
 * ('file-not-found'), else 'unreadable-file' with the reason in words.
 * @example readFailure('a.csv', enoent, 'cli') // “a.csv” does not exist.
 */
export function readFailure(path: string, error: unknown, reader: InputReader): SkfrError {
  if (error instanceof SkfrError) return error;
  const code = errno(error);
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new SkfrError(
      'file-not-found',
      reader === 'app' ? `The file “${path}” does not exist; check its name and folder.` : `“${path}” does not exist.`,
    );
  }
  return new SkfrError('unreadable-file', `“${path}” cannot be read: ${readWhy(error)}.`);
}

/** An input that changed between or during the reads of it (the table would not be the file's, nor its SHA-256). */
function changedFailure(path: string, reader: InputReader): SkfrError {
  const again = reader === 'app' ? 'open it again' : 'run again';
  return new SkfrError('unreadable-file', `“${path}” changed while it was being read; ${again} once nothing is writing to it.`);
}

/**
 * The stat of an input, checked (checkInputInfo) before it is opened: a missing file, a folder, a device and
 * the like refused in one sentence for `reader`, without a byte read.
 */
export async function statInput(path: string, reader: InputReader): Promise<Stats> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw readFailure(path, error, reader);
  }
  checkInputInfo(path, info, reader);
  return info;
}

/** How an input is opened: for reading, without blocking (a named pipe swapped in since its stat cannot hang the open). */
const INPUT_OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * An input opened for reading: without blocking (a named pipe swapped in since its stat cannot hang the open)
 * and checked again on the open handle; `info` is the handle's stat. Errors as statInput.
 */
export async function openInputHandle(path: string, reader: InputReader): Promise<{ handle: FileHandle; info: Stats }> {
  let handle;
  try {
    handle = await open(path, INPUT_OPEN_FLAGS);
  } catch (error) {
    throw readFailure(path, error, reader);
  }
  try {
    const info = await handle.stat();
    checkInputInfo(path, info, reader);
    return { handle, info };
  } catch (error) {
    await handle.close();
    throw readFailure(path, error, reader);
  }
}

/** Read a whole input file; missing file, directory and permission problems become one-line user errors. */
export async function readInputFile(path: string): Promise<Uint8Array> {
  await statInput(path, 'cli');
  try {
    const buffer = await readFile(path);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  } catch (error) {
    throw readFailure(path, error, 'cli');
  }
}

/**
 * Chunk size of `openInputChunks`: large enough that a read costs little, small enough that the buffer,
 * once freed, does not teach the C allocator to keep blocks of several MB (the engine's per-restart arrays)
 * in its arenas instead of returning them to the system.
 */
export const INPUT_CHUNK_BYTES = 1024 * 1024;

/** Bytes of an input's head given by openInput: a workbook's signature (ZIP 4, OLE 8). */
export const INPUT_HEAD_BYTES = 8;

/** An input checked and ready to be read in chunks (openInput). */
export interface OpenedInput {
  /** Its first INPUT_HEAD_BYTES bytes (fewer when it is shorter), read when it was checked. */
  head: Uint8Array;
  /**
   * Its chunks, from the start each time it is called (core/table/stream.ts reads it twice). One buffer is
   * reused: a chunk is valid until the next one is asked for.
   */
  chunks: ChunkSource;
}

/** What tells a file that changed: another file at the path, another size or modification time. */
type Version = Pick<Stats, 'dev' | 'ino' | 'size' | 'mtimeMs'>;

/** Refuse `path` in one sentence for `reader` when `now` is not the version `known`. */
function ensureSameVersion(known: Version, now: Version, path: string, reader: InputReader): void {
  const same = known.dev === now.dev && known.ino === now.ino && known.size === now.size && known.mtimeMs === now.mtimeMs;
  if (!same) throw changedFailure(path, reader);
}

/** An input as openInput's first iteration found it (ChunkSource.file): its path, version and wording. */
export interface InputFileRef extends FileRef, Version {
  reader: InputReader;
}

/**
 * An input opened by a thread that reads pieces of it (core/parallel/read.ts; the executor's openFile in
 * node/parallel): refused in one sentence when it is not the version `ref` names, on opening or on closing
 * (it changed while it was read). Reads are synchronous: the thread has nothing else to do meanwhile.
 */
export function openFileAt(ref: FileRef): FileAt {
  const { path, reader } = ref as InputFileRef;
  let fd: number;
  try {
    fd = openSync(path, INPUT_OPEN_FLAGS);
  } catch (error) {
    throw readFailure(path, error, reader);
  }
  const check = () => {
    let info;
    try {
      info = fstatSync(fd);
    } catch (error) {
      throw readFailure(path, error, reader);
    }
    ensureSameVersion(ref as InputFileRef, info, path, reader);
  };
  try {
    check();
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return {
    read(into, position) {
      try {
        return readSync(fd, into, 0, into.length, position);
      } catch (error) {
        throw readFailure(path, error, reader);
      }
    },
    close() {
      try {
        check();
      } finally {
        closeSync(fd);
      }
    },
  };
}

/**
 * The one chunked reader of an input file, for both hosts (the skfr command: openInputChunks; the desktop
 * app's compute process: node/file-io.ts openChunks). The file is checked (statInput) and its head read now;
 * each iteration opens it again (openInputHandle: regular files only, without blocking) and reads it from the
 * start in `chunkBytes` pieces, the next one read while the current one is used; `chunks.file` names the
 * version the first iteration found, for the parallel reader's threads (openFileAt). A file that changed since
 * the first iteration opened it, or during an iteration or a thread's read (another file at the path, another
 * size or modification time), is refused in one sentence (“… changed while it was being read; …”), so the two
 * passes of the table reader (and the SHA-256 of the first) always read the same bytes. Every error is one
 * sentence for `reader` (readFailure).
 */
export async function openInput(path: string, options: { reader?: InputReader; chunkBytes?: number } = {}): Promise<OpenedInput> {
  const reader = options.reader ?? 'cli';
  const chunkBytes = options.chunkBytes ?? INPUT_CHUNK_BYTES;
  await statInput(path, reader);
  const read = async (handle: FileHandle, buffer: Uint8Array, offset: number, position: number): Promise<number> => {
    try {
      return (await handle.read(buffer, offset, buffer.length - offset, position)).bytesRead;
    } catch (error) {
      throw readFailure(path, error, reader);
    }
  };
  const first = await openInputHandle(path, reader);
  let head: Uint8Array;
  try {
    const bytes = new Uint8Array(INPUT_HEAD_BYTES);
    let filled = 0;
    while (filled < bytes.length) {
      const got = await read(first.handle, bytes, filled, filled);
      if (got === 0) break;
      filled += got;
    }
    head = bytes.subarray(0, filled);
  } finally {
    await first.handle.close();
  }
  /** Read from `position` until `into` is full or the file ends: how many bytes. */
  const fillFrom = async (handle: FileHandle, into: Uint8Array, position: number): Promise<number> => {
    let filled = 0;
    while (filled < into.length) {
      const got = await read(handle, into, filled, position + filled);
      if (got === 0) break;
      filled += got;
    }
    return filled;
  };
  /** Refuse the file if it changed since `info` was taken of it (another size or modification time). */
  const checkUnchanged = async (handle: FileHandle, info: Stats): Promise<void> => {
    let after;
    try {
      after = await handle.stat();
    } catch (error) {
      throw readFailure(path, error, reader);
    }
    ensureSameVersion(info, after, path, reader);
  };
  /** The file as the first iteration found it. */
  let known: Stats | null = null;
  async function* chunks(into?: ChunkBuffers): AsyncGenerator<Uint8Array> {
    const { handle, info } = await openInputHandle(path, reader);
    /** The next chunk's read, started before the current chunk is handed out (two buffers, taking turns). */
    let next: Promise<number> | null = null;
    try {
      if (known === null) known = info;
      else ensureSameVersion(known, info, path, reader);
      // (the caller's buffers when it gives them: ChunkSource; e.g. the line counter's memory)
      const size = Math.min(chunkBytes, into?.[0].length ?? chunkBytes);
      const buffers = into?.map((buffer) => buffer.subarray(0, size)) ?? [new Uint8Array(size), new Uint8Array(size)];
      const fill = (buffer: Uint8Array, position: number) => fillFrom(handle, buffer, position);
      let position = 0;
      next = fill(buffers[0]!, 0);
      for (let turn = 0; ; turn = 1 - turn) {
        const filled: number = await next!;
        next = null;
        position += filled;
        // The read of the chunk after this one goes on while this one is used (its buffer, the one used
        // before, is free: a chunk is valid until the next one is asked for).
        if (filled === size) next = fill(buffers[1 - turn]!, position);
        if (filled > 0) yield buffers[turn]!.subarray(0, filled);
        if (filled < size) break;
      }
      await checkUnchanged(handle, info);
    } finally {
      await (next as Promise<number> | null)?.catch(() => 0); // (a reader that stopped early: no read left on a closed handle)
      await handle.close();
    }
  }
  /** The file as the first iteration found it (ChunkSource.file), for threads that read pieces of it (openFileAt). */
  const file = (): InputFileRef | null => (known === null ? null : { path, reader, dev: known.dev, ino: known.ino, size: known.size, mtimeMs: known.mtimeMs });
  return { head, chunks: Object.assign(chunks, { file }) };
}

/**
 * The skfr command's input as a source of chunks: openInput's chunks, with the command's wording. Each
 * iteration reads the file from the start; one buffer is reused (a chunk is valid until the next one is
 * asked for). Same one-line errors as readInputFile, and a file changed while it was read is refused.
 */
export async function openInputChunks(path: string, chunkBytes = INPUT_CHUNK_BYTES): Promise<ChunkSource> {
  return (await openInput(path, { reader: 'cli', chunkBytes })).chunks;
}

/** The folder of `path` as the user wrote it, for messages ("out", or the current folder's path). */
function shownFolder(path: string): string {
  const dir = dirname(path);
  return dir === '.' ? resolve(dir) : dir;
}

/** Why a file cannot be created or replaced in a folder, in words (never a bare errno). */
export function writeFailure(path: string, error: unknown): SkfrError {
  const code = errno(error);
  const folder = `the folder “${shownFolder(path)}”`;
  const why =
    code === 'ENOENT' ? `${folder} does not exist`
    : code === 'ENOTDIR' ? `${folder} does not exist (part of its path is a file)`
    : code === 'EROFS' ? `${folder} is read-only`
    : code === 'EACCES' || code === 'EPERM' ? `${folder} is not writable (permission denied)`
    : code === 'EISDIR' || code === 'ENOTEMPTY' || code === 'EEXIST' ? 'a folder of that name is in the way'
    : code === 'ENOSPC' ? 'the disk is full'
    : code === 'EDQUOT' ? 'the disk quota is used up'
    : code === 'ENAMETOOLONG' ? 'the name is too long'
    : code === 'EMFILE' || code === 'ENFILE' ? 'too many files are open'
    : code === 'EIO' ? 'the disk reported an input/output error'
    : code === 'ETXTBSY' || code === 'EBUSY' ? 'the file is in use'
    : code !== undefined ? `the system refused (${code})`
    : String(error instanceof Error ? error.message : error);
  return new SkfrError('write-failed', `cannot write “${path}”: ${why}.`);
}

let counter = 0;

/** A temporary file's path beside `target`: `.NAME.<pid>.<ms>.<n>.tmp`. */
function temporaryPath(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.${counter++}.tmp`);
}

/** Temporaries and backups of this process that exist now (removed synchronously on a second Ctrl+C). */
const liveTemporaries = new Set<string>();

/**
 * Remove this process's temporary files at once (synchronously): for a signal handler about to end the
 * process. Targets are never touched (their backups are extra hard links or copies, never the only copy).
 */
export function removeTemporariesSync(): void {
  for (const path of liveTemporaries) {
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  }
  liveTemporaries.clear();
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errno(error) === 'EPERM'; // alive, someone else's
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Remove the temporaries a killed writer left beside `target` (`.NAME.<pid>.<ms>.<n>.tmp` whose process no
 * longer runs). Files of running processes (this one included) and any other file are left alone.
 */
export async function removeStaleTemporaries(target: string): Promise<string[]> {
  const dir = dirname(target);
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(target))}\\.(\\d+)\\.\\d+\\.\\d+\\.tmp$`);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || processAlive(pid)) continue;
    try {
      await unlink(join(dir, name));
      removed.push(name);
    } catch {
      // gone already, or not ours to remove
    }
  }
  return removed;
}

interface FileId {
  dev: bigint;
  ino: bigint;
}

async function fileId(path: string): Promise<FileId | null> {
  try {
    const info = await stat(path, { bigint: true });
    return { dev: info.dev, ino: info.ino };
  } catch {
    return null;
  }
}

const sameId = (a: FileId | null, b: FileId | null) => a !== null && b !== null && a.dev === b.dev && a.ino === b.ino;

/**
 * Whether `a` and `b` are the same existing file: device and inode (bigint, exact on every platform), so a
 * symlink, `..` or a case-only difference on a case-insensitive disk leads to the same answer. False when
 * either does not exist (a file about to be created is no opened input).
 */
export async function sameFile(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([fileId(a), fileId(b)]);
  return sameId(x, y);
}

/** What an output path names: its real folder, its name there, and the file now there (if any). */
interface OutputIdentity {
  path: string;
  /** realpath of the folder + name (name lower-cased when the folder ignores case). */
  key: string;
  existing: FileId | null;
}

/**
 * Check one output before any long computation: its folder exists, is a folder and takes a new file (a
 * temporary is created and removed there: read-only file systems and missing permissions show now, not
 * after the fit), the target is not a folder and is not one of `inputs` (the same real file).
 */
async function checkOne(path: string, inputs: readonly string[]): Promise<OutputIdentity> {
  const target = resolve(path);
  const dir = dirname(target);
  let dirInfo;
  try {
    dirInfo = await stat(dir);
  } catch (error) {
    throw writeFailure(path, error);
  }
  if (!dirInfo.isDirectory()) {
    throw new SkfrError('write-failed', `cannot write “${path}”: “${shownFolder(path)}” is not a folder.`);
  }
  const existing = await fileId(target);
  if (existing !== null && (await stat(target)).isDirectory()) {
    throw new SkfrError('write-failed', `cannot write “${path}”: it is a directory.`);
  }
  for (const input of inputs) {
    if (sameId(existing, await fileId(input))) {
      const how = resolve(input) === target ? '' : ` (“${input}” by another path)`;
      throw new SkfrError('write-failed', `“${path}” is the input file${how}; choose another output name (inputs are never overwritten).`);
    }
  }
  // Can a file be created here? Try it, with a temporary of our own pattern (removed at once; should the
  // process be killed in between, the next run removes it). The same probe tells a case-insensitive folder.
  const probe = temporaryPath(target);
  let caseInsensitive = false;
  let handle;
  try {
    liveTemporaries.add(probe);
    handle = await open(probe, 'wx');
    await handle.close();
    handle = undefined;
    const swapped = join(dir, swapCase(basename(probe)));
    caseInsensitive = swapped !== probe && sameId(await fileId(swapped), await fileId(probe));
  } catch (error) {
    await handle?.close().catch(() => undefined);
    throw writeFailure(path, error);
  } finally {
    await unlink(probe).catch(() => undefined);
    liveTemporaries.delete(probe);
  }
  const name = basename(target).normalize('NFC');
  const real = await realpath(dir).catch(() => dir);
  return { path, key: join(real, caseInsensitive ? name.toLowerCase() : name), existing };
}

function swapCase(text: string): string {
  return Array.from(text, (ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join('');
}

/**
 * Check, before any long computation, that `path` can be written: its folder exists, is a folder and is
 * writable, the target is not a folder, and it is not one of the input files (inputs are never overwritten).
 */
export async function checkOutputPath(path: string, inputs: readonly string[] = []): Promise<void> {
  await checkOne(path, inputs);
}

/**
 * checkOutputPath for every output of a run, and no two of them the same file (`out/a.csv` and
 * `out/./a.csv`, or two names of one file through a symlink, would have the second replace the first).
 */
export async function checkOutputPaths(paths: readonly string[], inputs: readonly string[] = []): Promise<void> {
  const seen: OutputIdentity[] = [];
  for (const path of paths) {
    const identity = await checkOne(path, inputs);
    const twin = seen.find((other) => other.key === identity.key || sameId(other.existing, identity.existing));
    if (twin) throw new SkfrError('write-failed', `“${twin.path}” and “${path}” are the same file; give each output its own name.`);
    seen.push(identity);
  }
}

/** One output of an OutputSet. */
interface Staged {
  /** As the user wrote it (messages). */
  path: string;
  target: string;
  temp: string;
  /** A second name (hard link, else a copy) of the old target, while later renames may still fail. */
  backup: string | null;
  existed: boolean;
  replaced: boolean;
}

/** Largest write to a temporary file at once: cancels are noticed between writes. */
const WRITE_SLICE = 1024 * 1024;

/**
 * The outputs of one run, written all or none. `stage` writes each to its temporary file; `commit` renames
 * them over their targets, in order; on any failure (or `cancel`) the temporaries are removed and targets
 * already replaced get their old content back.
 * @example
 *   const set = new OutputSet();
 *   await set.stage('out/a.csv', bytes); await set.stage('out/b.xlsx', workbook);
 *   await set.commit(); // both written, or neither (and an error)
 */
export class OutputSet {
  private readonly staged: Staged[] = [];
  private cancelled: CancelSignal | null = null;
  private finished = false;

  /** Stop at the next step: the set is rolled back and stage/commit reject with the cancel error. */
  cancel(signal: CancelSignal): void {
    this.cancelled ??= signal;
  }

  private async stopIfCancelled(): Promise<void> {
    if (this.cancelled === null) return;
    await this.abort();
    throw cancelledError(this.cancelled);
  }

  /** Write `content` (bytes, or chunks produced one at a time) to a temporary file beside `path`'s target. */
  async stage(path: string, content: Uint8Array | Iterable<Uint8Array>): Promise<void> {
    if (this.finished) throw new Error('OutputSet: stage after commit or abort');
    await this.stopIfCancelled();
    const target = resolve(path);
    await removeStaleTemporaries(target);
    const entry: Staged = { path, target, temp: temporaryPath(target), backup: null, existed: false, replaced: false };
    this.staged.push(entry);
    liveTemporaries.add(entry.temp);
    let handle;
    try {
      handle = await open(entry.temp, 'wx');
      const chunks = content instanceof Uint8Array ? [content] : content;
      for (const chunk of chunks) {
        for (let offset = 0; offset < chunk.length; offset += WRITE_SLICE) {
          // Each from the current position, fully; a cancel (Ctrl+C) is seen between slices.
          await handle.writeFile(chunk.subarray(offset, Math.min(chunk.length, offset + WRITE_SLICE)));
          if (this.cancelled !== null) break;
        }
        if (this.cancelled !== null) break;
      }
      if (this.cancelled === null) await handle.sync();
      await handle.close();
      handle = undefined;
    } catch (error) {
      await handle?.close().catch(() => undefined);
      await this.abort();
      throw writeFailure(path, error);
    }
    await this.stopIfCancelled();
  }

  /** Rename every temporary over its target: all of them, or (on failure or cancel) none, old contents kept. */
  async commit(): Promise<void> {
    if (this.finished) throw new Error('OutputSet: commit after commit or abort');
    await this.stopIfCancelled();
    const last = this.staged.length - 1;
    let current: Staged | null = null;
    try {
      // Second names of the targets that a later rename could still fail after (all but the last output):
      // the old content stays under its own name all along, so a killed process loses nothing.
      for (let t = 0; t < last; t++) {
        const entry = this.staged[t]!;
        current = entry;
        const info = await lstat(entry.target).catch(() => null);
        if (info === null) continue;
        entry.existed = true;
        const backup = temporaryPath(entry.target);
        liveTemporaries.add(backup);
        entry.backup = backup;
        await link(entry.target, backup).catch(() => copyFile(entry.target, backup));
      }
      for (const entry of this.staged) {
        current = entry;
        // A cancel before the last rename undoes the set; once every output is in place it is too late.
        if (this.cancelled !== null) break;
        if (!entry.existed) entry.existed = (await lstat(entry.target).catch(() => null)) !== null;
        await rename(entry.temp, entry.target);
        liveTemporaries.delete(entry.temp);
        entry.replaced = true;
      }
    } catch (error) {
      await this.abort();
      throw writeFailure(current?.path ?? '', error);
    }
    if (!this.staged.every((entry) => entry.replaced)) await this.stopIfCancelled();
    this.finished = true;
    for (const entry of this.staged) if (entry.backup !== null) await this.remove(entry.backup);
  }

  /**
   * Undo: remove the temporaries, and give the targets already replaced their old content back (or remove
   * them when they did not exist before). Idempotent; never throws.
   */
  async abort(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    for (const entry of this.staged) {
      if (entry.replaced) {
        if (entry.backup !== null) {
          const backup = entry.backup;
          entry.backup = null;
          // Renamed back, the backup is gone; should that fail, it is kept: it holds the old content.
          await rename(backup, entry.target).catch(() => undefined);
          liveTemporaries.delete(backup);
        } else if (!entry.existed) await unlink(entry.target).catch(() => undefined);
      }
      await this.remove(entry.temp);
      if (entry.backup !== null) await this.remove(entry.backup);
    }
  }

  private async remove(path: string): Promise<void> {
    await unlink(path).catch(() => undefined);
    liveTemporaries.delete(path);
  }
}

/**
 * Write `content` to `path` atomically: a temporary file beside it, flushed, then renamed over the target
 * (a one-output OutputSet). `content` is the bytes, or chunks of them produced one at a time.
 */
export async function writeFileAtomic(path: string, content: Uint8Array | Iterable<Uint8Array>): Promise<void> {
  const set = new OutputSet();
  await set.stage(path, content);
  await set.commit();
}

/**
 * The writer of a run's outputs: the host's OutputSet, or (a host without one, e.g. a test's) its
 * writeFileAtomic, one output after the other when committed.
 */
export function outputWriter(io: {
  createOutputSet?(): { stage(path: string, content: Uint8Array | Iterable<Uint8Array>): Promise<void>; commit(): Promise<void>; abort(): Promise<void>; cancel(signal: CancelSignal): void };
  writeFileAtomic(path: string, content: Uint8Array | Iterable<Uint8Array>): Promise<void>;
}) {
  const own = io.createOutputSet?.();
  if (own) return own;
  const pending: { path: string; content: Uint8Array | Iterable<Uint8Array> }[] = [];
  let cancelled: CancelSignal | null = null;
  return {
    stage: async (path: string, content: Uint8Array | Iterable<Uint8Array>) => void pending.push({ path, content }),
    async commit() {
      for (const { path, content } of pending) {
        if (cancelled !== null) throw cancelledError(cancelled);
        await io.writeFileAtomic(path, content);
      }
    },
    abort: async () => void (pending.length = 0),
    cancel: (signal: CancelSignal) => void (cancelled ??= signal),
  };
}
