/** Cancellation: the one error and the one check used by every long loop of the engine. */
import { SkfrError } from '../errors.js';
import type { AbortSignalLike } from './types.js';

export function cancelledError(): SkfrError {
  return new SkfrError('cancelled', 'The run was cancelled.');
}

/** Throw SkfrError('cancelled') when the signal has been aborted. */
export function throwIfAborted(signal: AbortSignalLike | undefined): void {
  if (signal !== undefined && signal.aborted) throw cancelledError();
}

/** Rows between two signal checks inside O(n·p) loops (keeps a cancel well under 100 ms). */
export const ROWS_PER_CHECK = 256;

/** Milliseconds from a monotonic clock when the host has one (`performance.now`), else `Date.now`. */
export function now(): number {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf !== undefined ? perf.now() : Date.now();
}
