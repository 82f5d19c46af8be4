/**
 * The first pass's line count in WebAssembly (issue 17): LineCounter's rules and state (lines.ts), 16 bytes at
 * a time (assembly/lines.ts), and whether the bytes pushed were all ASCII (then the UTF-8 check has nothing to
 * decode). `WasmLineCounter.create` gives null where WebAssembly is missing or refused (wasm.ts): then use
 * LineCounter. test/table/kernel.test.ts compares the two on random bytes and chunkings.
 *
 * @example
 *   const counter = WasmLineCounter.create(0x2c) ?? new LineCounter(0x2c);
 *   const ascii = counter.push(bytes); // counter.total, counter.breaks, counter.loneCr
 */
import { LINES_WASM } from './lines-wasm.js';
import { instantiate, PAGE, reserve, type KernelGlobal, type KernelMemory } from './wasm.js';

interface LinesExports {
  memory: KernelMemory;
  reset(delimiter: number): void;
  push(at: number, len: number): number;
  lines: KernelGlobal;
  content: KernelGlobal;
  ends: KernelGlobal;
  loneCr: KernelGlobal;
  pendingCr: KernelGlobal;
}

/** Where the pushed bytes are copied (below: the kernel's own data). */
const BYTES_AT = PAGE;

export class WasmLineCounter {
  /** @param delimiter byte code of the delimiter (blank like a space); -1: none. */
  static create(delimiter = -1): WasmLineCounter | null {
    const exports = instantiate<LinesExports>(LINES_WASM);
    if (exports === null) return null;
    exports.reset(delimiter);
    return new WasmLineCounter(exports);
  }

  private constructor(private readonly exports: LinesExports) {}

  /** Count the lines of `bytes[start, end)`, continuing the previous push's open line; true when they are all ASCII. */
  push(bytes: Uint8Array, start = 0, end = bytes.length): boolean {
    const length = end - start;
    if (length <= 0) return true;
    const memory = this.exports.memory;
    reserve(memory, BYTES_AT + length);
    new Uint8Array(memory.buffer, BYTES_AT, length).set(start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end));
    return this.exports.push(BYTES_AT, length) !== 0;
  }

  /** A lone CR was seen (lines are then counted byte by byte). */
  get loneCr(): boolean {
    return this.exports.loneCr.value !== 0;
  }

  /** Line breaks seen (a CRLF once, a final CR too). */
  get breaks(): number {
    return this.exports.ends.value + (this.exports.pendingCr.value !== 0 ? 1 : 0);
  }

  /** Non-blank lines seen, the last one counted even without a final line break. */
  get total(): number {
    return this.exports.lines.value + (this.exports.content.value !== 0 ? 1 : 0);
  }
}
