/**
 * One full garbage collection on request, for the few moments a command knows that a large structure just
 * became garbage (e.g. `skfr cluster`: the parsed table, as large as the matrix, once it is mapped). Left
 * to itself V8 may not collect it for the whole fit, because the fit's work happens on worker threads and
 * the main thread allocates almost nothing meanwhile: the table's columns would stay resident beside the
 * matrix (at 10 000 × 1000, 3.6× the matrix at peak instead of 2.9×).
 *
 * Node exposes `gc` only with --expose-gc; the flag is switched on for the moment it takes to fetch the
 * function in a fresh context (a documented V8 API, `v8.setFlagsFromString`). Where that fails, nothing
 * happens. A collection of the small heap left after parsing takes a few milliseconds.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    collect = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    collect = null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

/** Run a full garbage collection now (a no-op where the runtime does not allow it). */
export function collectGarbage(): void {
  collector()?.();
}

/**
 * Below this many bytes of matrix a forced collection is not worth its cost: the parsed table left as garbage
 * is a few MB, and V8 collects it when it needs to. A full collection with a new context to fetch `gc` took
 * 35 ms of a 1.3 s `skfr cluster` on a 5 MB MaxQuant table (27 × 1 039, under load); the peak it saves is
 * that of large tables (10 000 × 1 000: 3.6× the matrix without it, 2.9× with it).
 */
export const COLLECT_MIN_BYTES = 16 * 1024 * 1024;

/**
 * collectGarbage when a matrix of `matrixBytes` was just built beside a parsed table of its size that is now
 * garbage (at least COLLECT_MIN_BYTES), else nothing. Returns whether it collected.
 * @example collectGarbageAfter(27 * 1039 * 8) // false: a lab table's few MB are left to V8
 */
export function collectGarbageAfter(matrixBytes: number): boolean {
  if (matrixBytes < COLLECT_MIN_BYTES) return false;
  collectGarbage();
  return true;
}


/** From this many rows, the reader's per-row arrays (4–8 bytes a row) are collected as soon as the table is mapped. */
export const GARBAGE_ROWS = 1_000_000;

/**
 * The one rule for collecting after a table is mapped: a table mapped into a new matrix leaves garbage of the
 * matrix's size (collectGarbageAfter); one mapped in place leaves only the reader's per-row arrays, worth
 * collecting from GARBAGE_ROWS rows (20 million: 80 MB that V8 left resident through the whole fit).
 */
export function collectAfterMapping(inPlace: boolean, matrixBytes: number, rows: number): void {
  if (!inPlace) collectGarbageAfter(matrixBytes);
  else if (rows >= GARBAGE_ROWS) collectGarbage();
}

/**
 * After a fit on GARBAGE_ROWS rows or more, its restarts' label arrays (n bytes each, 20 MB at 20 million rows,
 * let go by the engine as the fit finishes) are garbage that a main thread writing outputs would otherwise keep
 * beside its own: collected at once. Returns whether it collected.
 * @example collectAfterFit(1_080) // false: the mouse data's labels are a kilobyte
 */
export function collectAfterFit(rows: number): boolean {
  if (rows < GARBAGE_ROWS) return false;
  collectGarbage();
  return true;
}

/** Characters of a long text output (`--json` of millions of samples) written between two collections. */
export const COLLECT_EVERY_CHARS = 16 * 1024 * 1024;

/**
 * A counter for a long text output written in chunks: call it with each chunk's length, and every
 * COLLECT_EVERY_CHARS characters it runs a full collection. The chunks and the slices they are made of are
 * short-lived, but the young generation's scavenges promote those alive at the moment into old space, where they
 * pile up until a major collection: `--json` on 20 million samples (~0.3 G characters) grew the heap by 30 MB over
 * the fit's peak (bench:memory, bench/RESULTS.md). Ten collections of a small heap there cost a few ms each; an
 * output shorter than COLLECT_EVERY_CHARS (any lab table's) never pays one.
 * @example const written = collectEvery(); for (const chunk of chunks) { write(chunk); written(chunk.length); }
 */
export function collectEvery(every = COLLECT_EVERY_CHARS, collect: () => void = collectGarbage): (chars: number) => void {
  let since = 0;
  return (chars) => {
    since += chars;
    if (since < every) return;
    since = 0;
    collect();
  };
}
