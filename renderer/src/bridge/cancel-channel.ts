/**
 * A cancel request that reaches a busy Web Worker. A worker running a synchronous fit does not read its
 * message queue, so the page also writes the job id into a SharedArrayBuffer, which the worker's Port reads
 * from `pollSync()` (the jobs host calls it from the engine's cancellation checks).
 *
 * Layout (Int32 words): [0] sequence number, bumped after each write; [1] id length; then UTF-16 code units.
 * SharedArrayBuffer needs a cross-origin-isolated page (COOP same-origin + COEP require-corp, set by the
 * web build's servers); without it the page falls back to restarting the worker (see worker-api.ts).
 */
const MAX_ID = 120;

export const CANCEL_INIT = 'skfr-cancel-buffer';

export interface CancelInit {
  kind: typeof CANCEL_INIT;
  buffer: SharedArrayBuffer;
}

export function isCancelInit(m: unknown): m is CancelInit {
  return typeof m === 'object' && m !== null && (m as { kind?: unknown }).kind === CANCEL_INIT;
}

export function createCancelBuffer(): SharedArrayBuffer | null {
  const g = globalThis as { crossOriginIsolated?: boolean; SharedArrayBuffer?: typeof SharedArrayBuffer };
  if (!g.crossOriginIsolated || typeof g.SharedArrayBuffer !== 'function') return null;
  return new SharedArrayBuffer(8 + 2 * MAX_ID);
}

/** Page side: publish a cancel for `jobId`. */
export function writeCancel(buffer: SharedArrayBuffer, jobId: string): void {
  const head = new Int32Array(buffer, 0, 2);
  const chars = new Uint16Array(buffer, 8, MAX_ID);
  const id = jobId.slice(0, MAX_ID);
  for (let i = 0; i < id.length; i++) chars[i] = id.charCodeAt(i);
  Atomics.store(head, 1, id.length);
  Atomics.add(head, 0, 1);
}

/** Worker side: returns a reader that yields the job id of each new cancel since the last call, else null. */
export function cancelReader(buffer: SharedArrayBuffer): () => string | null {
  const head = new Int32Array(buffer, 0, 2);
  const chars = new Uint16Array(buffer, 8, MAX_ID);
  let seen = Atomics.load(head, 0);
  return () => {
    const seq = Atomics.load(head, 0);
    if (seq === seen) return null;
    seen = seq;
    const length = Atomics.load(head, 1);
    return String.fromCharCode(...chars.subarray(0, length));
  };
}
