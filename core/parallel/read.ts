/**
 * The data rows of a large CSV/TSV file read on a pool's threads, platform-free (issue 17): the file is cut
 * into pieces at line starts (core/table/stream.ts, a PieceTable); every thread opens the file by itself
 * (the host's OpenFileAt) and takes the next piece not yet taken (an atomic counter in shared memory) until
 * none is left: it reads the piece's bytes by position and its rows into the shared columns (pieces.ts). No
 * piece goes through a message or through the thread that feeds the others (handing pieces out one by one
 * kept each thread ~15 % idle and cost that thread the reads), and a thread that starts late simply takes
 * fewer pieces. Each thread tells each piece's counts as soon as it has read it, then that it is done.
 *
 * A piece that met a quoted field or a ragged row stops the taking (the caller reads the file again on one
 * thread, or words the error); every piece taken is read to its end, so the pieces before the stop are all
 * read. A worker that dies (crashes, is killed) does not fail the read: the pieces it took and had not told
 * come back as LostPiece, the others stop taking pieces and are awaited (no thread writes to the columns any more), and the
 * caller reads the file again on one thread, as after a quoted field. The columns and row lines must be in
 * shared memory (else the pieces are read in this thread).
 *
 * @example const results = await readPiecesWith(links, spec, pieces, file, openFileAt); // = readPiecesInThread(…)
 */
import { lendKernel, readPiece, type FileAt, type FileRef, type OpenFileAt, type PieceResult, type PieceSpec, type PieceTable } from '../table/pieces.js';
import { toError, type WorkerLink } from './scheduler.js';
import { allocateSharedInt32, isShared } from './shared.js';

/** Read jobs are numbered below zero, apart from the scheduler's jobs (the replies name their job). */
let nextJob = -1;

/**
 * A piece whose worker died before answering: nothing of it is known (its rows in the columns may be half
 * written). Read the file again on one thread, as after a `quoted` piece.
 */
export interface LostPiece extends PieceResult {
  lost: true;
}

function lostPiece(): LostPiece {
  const none = new Int32Array(0);
  return { rows: 0, blanks: 0, numeric: none, missing: none, textColumns: none, textRows: none, texts: [], quoted: false, ragged: null, lost: true };
}

/** Told of each piece a thread has read (its index in the PieceTable), as soon as it is read. */
export type OnPiece = (index: number, result: PieceResult) => void;

/** Where the threads of one read take pieces: [0] the next piece, [1] non-zero once no more may be taken. */
export type PieceClaims = Int32Array;

/** Fill `into` from `position` of `file` (reads may be short). */
function fill(file: FileAt, into: Uint8Array, position: number): void {
  for (let filled = 0; filled < into.length; ) {
    const got = file.read(into.subarray(filled), position + filled);
    if (got === 0) throw new Error(`Internal error: the file ended at byte ${position + filled} (it changed while being read?).`);
    filled += got;
  }
}

/**
 * This thread's share of a read (module comment): pieces taken from `claims` until none is left or one says
 * stop, each told to `onPiece` once read (so a thread holds no results: at 300 MB of 100 columns they were
 * ~40 MB, held and then sent at once); the file closed (and checked unchanged) at the end. Returns how many
 * pieces it read.
 */
export function readClaimedPieces(spec: PieceSpec, pieces: PieceTable, fileRef: FileRef, claims: PieceClaims, openFile: OpenFileAt, onPiece: OnPiece): number {
  const count = pieces.rows.length;
  let read = 0;
  const file = openFile(fileRef);
  // Each piece is read whole before the next is taken: straight into the kernel's memory (no copy of the file's
  // bytes there), or without WebAssembly into `scratch`.
  const { kernel, release } = lendKernel(spec);
  let scratch = new Uint8Array(0);
  try {
    while (Atomics.load(claims, 1) === 0) {
      const index = Atomics.add(claims, 0, 1);
      if (index >= count) break;
      const from = pieces.offsets[index]!;
      const length = pieces.offsets[index + 1]! - from;
      if (kernel === null && scratch.length < length) scratch = new Uint8Array(Math.max(length, scratch.length * 2));
      const bytes = kernel !== null ? kernel.bodyView(length) : scratch.subarray(0, length);
      fill(file, bytes, from);
      const result = readPiece(spec, { bytes, firstRow: pieces.rows[index]!, firstLine: pieces.lines[index]! }, kernel);
      if (result.quoted || result.ragged !== null) Atomics.store(claims, 1, 1);
      read++;
      onPiece(index, result);
    }
  } catch (error) {
    Atomics.store(claims, 1, 1);
    try {
      file.close();
    } catch {
      // (the error being thrown says more)
    }
    throw error;
  } finally {
    release();
  }
  file.close();
  return read;
}

/**
 * The results in piece order, up to the last piece taken; a piece taken whose thread died before telling it
 * (no result) is a LostPiece.
 */
function inOrder(results: PieceResult[], taken: number): PieceResult[] {
  for (let index = 0; index < taken; index++) results[index] ??= lostPiece();
  return results.slice(0, taken);
}

/** The pieces read in this thread, in order (the same results as on threads). */
export async function readPiecesInThread(spec: PieceSpec, pieces: PieceTable, file: FileRef, openFile: OpenFileAt): Promise<PieceResult[]> {
  const results: PieceResult[] = [];
  const read = readClaimedPieces(spec, pieces, file, new Int32Array(2), openFile, (index, result) => (results[index] = result));
  return inOrder(results, read);
}

/**
 * The pieces read on `links` (module comment), in piece order; in this thread when the buffers are not shared.
 * Reading may stop after a piece that was `quoted` or `ragged`, or lost.
 */
export async function readPiecesWith(links: readonly WorkerLink[], spec: PieceSpec, pieces: PieceTable, file: FileRef, openFile: OpenFileAt): Promise<PieceResult[]> {
  if (links.length === 0 || !isShared(spec.slab.data) || !isShared(spec.sourceRows)) return readPiecesInThread(spec, pieces, file, openFile);
  const job = nextJob--;
  const claims = allocateSharedInt32(2);
  const results: PieceResult[] = [];
  let answered = 0;
  let failure: Error | null = null;
  let settle: () => void = () => {};
  const finished = new Promise<void>((resolve) => (settle = resolve));
  const dead = links.map(() => false);
  const answer = () => {
    if (++answered === links.length) settle();
  };
  const unsubscribes = links.map((link, w) =>
    link.listen(
      (response) => {
        if (response.job !== job || dead[w]) return;
        if (response.kind === 'done' && response.output.kind === 'piece') {
          results[response.output.index] = response.output.result;
          return;
        }
        dead[w] = true; // (its last answer)
        if (response.kind === 'failed') {
          failure ??= toError(response.error);
          Atomics.store(claims, 1, 1);
        }
        answer();
      },
      () => {
        if (dead[w]) return; // (a death may be reported twice: a Node thread's 'error', then its 'exit')
        dead[w] = true;
        Atomics.store(claims, 1, 1); // the pieces it took and did not tell will not come; the others stop taking pieces
        answer();
      },
    ),
  );
  try {
    links.forEach((link, task) => link.post({ kind: 'read-pieces', job, task, spec, pieces, file, claims }));
    await finished;
  } finally {
    for (const off of unsubscribes) off();
  }
  if (failure !== null) throw failure;
  return inOrder(results, Math.min(Atomics.load(claims, 0), pieces.rows.length));
}
