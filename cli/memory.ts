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
