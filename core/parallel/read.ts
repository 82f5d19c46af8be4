/**
 * The data rows of a large CSV/TSV file read on a pool's workers, platform-free (issue 17): the pieces
 * (core/table/stream.ts cuts them at line starts, pieces.ts reads one) go to the workers as they come off
 * the file, at most two at a time per worker so that reading the file overlaps parsing and only a few
 * pieces sit in memory; the results come back by piece index. After a piece that met a quoted field or a
 * ragged row no more pieces are handed out (the caller reads the file again on one thread, or words the
 * error); the pieces in flight are awaited. A worker that dies (crashes, is killed) does not fail the read:
 * its pieces in flight come back as LostPiece, no more pieces are handed out, the other workers' pieces in
 * flight are awaited (no thread writes to the columns any more), and the caller reads the file again on one
 * thread as after a quoted field (core/table/stream.ts parseTableChunks). The columns and row lines must be
 * in shared memory (else the pieces are read in this thread).
 *
 * @example const results = await readPiecesWith(links, spec, pieces); // = readPiecesInThread(spec, pieces)
 */
import { readPiece, type Piece, type PieceResult, type PieceSpec } from '../table/pieces.js';
import { toError, type WorkerLink } from './scheduler.js';
import { isShared } from './shared.js';

/** Pieces per worker at once: one being read, one waiting, so the worker never idles between them. */
const IN_FLIGHT = 2;

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

/** The pieces read one after another in this thread (the same results as on workers). */
export async function readPiecesInThread(spec: PieceSpec, pieces: AsyncIterable<Piece>, done?: (index: number) => void): Promise<PieceResult[]> {
  const results: PieceResult[] = [];
  for await (const piece of pieces) {
    const result = readPiece(spec, piece);
    done?.(results.length);
    results.push(result);
    if (result.quoted || result.ragged !== null) break;
  }
  return results;
}

/**
 * The pieces read on `links` (module comment); in this thread when the buffers are not shared. `done(i)` is
 * told when piece i has been read (its bytes may then be reused).
 */
export async function readPiecesWith(links: readonly WorkerLink[], spec: PieceSpec, pieces: AsyncIterable<Piece>, done?: (index: number) => void): Promise<PieceResult[]> {
  if (links.length === 0 || !isShared(spec.slab) || !isShared(spec.sourceRows)) return readPiecesInThread(spec, pieces, done);
  const job = nextJob--;
  const source = pieces[Symbol.asyncIterator]();
  const results: PieceResult[] = [];
  const load = links.map(() => 0);
  const dead = links.map(() => false);
  let lost = false;
  let sent = 0;
  let received = 0;
  let exhausted = false;
  let stopped = false;
  let pulling = false;
  let failure: Error | null = null;
  let settle: (() => void) | null = null;
  const finished = new Promise<void>((resolve) => (settle = resolve));
  const check = () => {
    if ((exhausted || stopped || failure !== null) && received === sent && !pulling) settle?.();
  };
  const unsubscribes = links.map((link, w) =>
    link.listen(
      (response) => {
        if (response.job !== job || dead[w]) return;
        received++;
        load[w]!--;
        if (response.kind === 'failed') failure ??= toError(response.error);
        else if (response.output.kind === 'piece') {
          const result = response.output.result;
          results[response.task] = result;
          done?.(response.task);
          if (result.quoted || result.ragged !== null) stopped = true;
        }
        void pump();
        check();
      },
      () => {
        if (dead[w]) return; // (a death may be reported twice: a Node thread's 'error', then its 'exit')
        dead[w] = true;
        lost = true;
        stopped = true;
        received += load[w]!; // its pieces will not come back; the others' are awaited
        load[w] = 0;
        check();
      },
    ),
  );
  /** Hand the next pieces to the workers with room, one pull at a time. */
  async function pump(): Promise<void> {
    if (pulling) return;
    pulling = true;
    try {
      for (;;) {
        if (exhausted || stopped || failure !== null) break;
        let w = 0;
        for (let i = 1; i < links.length; i++) if (load[i]! < load[w]!) w = i;
        if (load[w]! >= IN_FLIGHT) break;
        const next = await source.next();
        if (next.done) {
          exhausted = true;
          break;
        }
        if (stopped || failure !== null) break;
        load[w]!++;
        links[w]!.post({ kind: 'read-piece', job, task: sent++, spec, piece: next.value });
      }
    } catch (error) {
      failure ??= error instanceof Error ? error : new Error(String(error));
    } finally {
      pulling = false;
    }
    check();
  }
  try {
    void pump();
    await finished;
  } finally {
    for (const off of unsubscribes) off();
    if (!exhausted) await source.return?.(undefined);
  }
  if (failure !== null) throw failure;
  if (lost) for (let task = 0; task < sent; task++) results[task] ??= lostPiece();
  return results;
}
