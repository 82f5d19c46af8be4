/**
 * The WebAssembly kernels of the table reader (issue 17; sources in assembly/, built into *-wasm.ts by
 * `npm run build:wasm`), compiled once per thread. Platform-free: WebAssembly and atob are globals of Node,
 * browsers and workers (the app's content security policy allows it: 'wasm-unsafe-eval'). Where either is
 * missing, or the host refuses the module (a policy without 'wasm-unsafe-eval', no SIMD), `instantiate` gives
 * null and the caller does without: the scanner reads the rows, lines.ts LineCounter counts the lines.
 *
 * @example const exports = instantiate(ROWS_WASM); // null → every row through the scanner
 */

/** The WebAssembly API used here (core/ is typed without the DOM's or Node's declarations). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

/** A kernel's memory (the exports name it `memory`). */
export interface KernelMemory {
  buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** An exported global of a kernel. */
export interface KernelGlobal<T = number> {
  value: T;
}

export const PAGE = 65536;

const modules = new Map<string, object | null>();

function api(): { wasm: WasmApi; atob: (text: string) => string } | null {
  const g = globalThis as unknown as { WebAssembly?: WasmApi; atob?: (text: string) => string };
  return g.WebAssembly !== undefined && g.atob !== undefined ? { wasm: g.WebAssembly, atob: g.atob } : null;
}

/** A new instance of the kernel whose bytes are `base64` (its exports), or null (module comment). */
export function instantiate<T>(base64: string): T | null {
  const host = api();
  if (host === null) return null;
  let module = modules.get(base64);
  if (module === undefined) {
    module = null;
    try {
      const text = host.atob(base64);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      module = new host.wasm.Module(bytes);
    } catch {
      // (refused: the caller uses JavaScript)
    }
    modules.set(base64, module);
  }
  if (module === null) return null;
  try {
    return new host.wasm.Instance(module, {}).exports as T;
  } catch {
    return null;
  }
}

/** Grow `memory` to hold `bytes` at least; true when it grew (views on its old buffer are then detached). */
export function reserve(memory: KernelMemory, bytes: number): boolean {
  if (memory.buffer.byteLength >= bytes) return false;
  memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / PAGE));
  return true;
}
