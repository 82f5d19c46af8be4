/**
 * Shared memory for worker pools: a Float64Array copied once onto a SharedArrayBuffer, so that posting it
 * to any number of workers shares the same bytes. Where SharedArrayBuffer is unavailable (a browser page
 * without cross-origin isolation) the array is returned as is and each post copies it.
 */
type SabConstructor = new (length: number) => ArrayBufferLike;

/**
 * SharedArrayBuffer when it can actually be posted: it exists, and the context is not a browser page or
 * worker without cross-origin isolation (`crossOriginIsolated === false`; some browsers expose the
 * constructor there, but posting one throws a DataCloneError). Node has no `crossOriginIsolated`.
 */
function sabConstructor(): SabConstructor | null {
  const scope = globalThis as { SharedArrayBuffer?: SabConstructor; crossOriginIsolated?: boolean };
  if (scope.crossOriginIsolated === false) return null;
  const ctor = scope.SharedArrayBuffer;
  return typeof ctor === 'function' ? ctor : null;
}

export function isShared(array: ArrayBufferView): boolean {
  const ctor = sabConstructor();
  return ctor !== null && array.buffer instanceof ctor;
}

/**
 * A Float64Array of `length` zeros on a SharedArrayBuffer (a plain one where sharing is unavailable): data
 * allocated here from the start reaches workers without the copy `shareFloat64` would make.
 * @example const X = allocateSharedFloat64(n * p); isShared(X) // true in Node and isolated pages
 */
export function allocateSharedFloat64(length: number): Float64Array {
  const ctor = sabConstructor();
  return ctor !== null ? new Float64Array(new ctor(length * 8) as ArrayBuffer) : new Float64Array(length);
}

/** Int32s on a SharedArrayBuffer (plain where sharing is unavailable), e.g. the source lines of a table's rows. */
export function allocateSharedInt32(length: number): Int32Array {
  const ctor = sabConstructor();
  return ctor !== null ? new Int32Array(new ctor(length * 4) as ArrayBuffer) : new Int32Array(length);
}

/**
 * `source` itself (same object, no copy) when it already lives in shared memory, else a shared copy (or
 * `source` when sharing is unavailable).
 */
export function shareFloat64(source: Float64Array): Float64Array {
  const ctor = sabConstructor();
  if (ctor === null || isShared(source)) return source;
  const shared = new Float64Array(new ctor(source.byteLength) as ArrayBuffer);
  shared.set(source);
  return shared;
}

/** A one-slot cancel flag visible to every worker (Atomics on shared memory; a plain array otherwise). */
export function createAbortFlag(): Int32Array {
  const ctor = sabConstructor();
  return ctor !== null ? new Int32Array(new ctor(4) as ArrayBuffer) : new Int32Array(1);
}

/** An AbortSignalLike that reads the flag (the engine polls `aborted` inside its loops). */
export function flagSignal(flag: Int32Array): { readonly aborted: boolean } {
  const shared = isShared(flag);
  return {
    get aborted(): boolean {
      return (shared ? Atomics.load(flag, 0) : flag[0]) !== 0;
    },
  };
}

export function raiseFlag(flag: Int32Array): void {
  if (isShared(flag)) Atomics.store(flag, 0, 1);
  else flag[0] = 1;
}
