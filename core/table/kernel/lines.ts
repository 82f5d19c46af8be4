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

/** Where the pushed bytes are copied (below: the kernel's own data), or read into (windows). */
const BYTES_AT = PAGE;
/** Bytes copied at once: the memory is reserved once (a grown memory would detach the windows' views). */
const COPY_BYTES = 1 << 20;

export class WasmLineCounter {
  /** @param delimiter byte code of the delimiter (blank like a space); -1: none. */
  static create(delimiter = -1): WasmLineCounter | null {
    const exports = instantiate<LinesExports>(LINES_WASM);
    if (exports === null) return null;
    exports.reset(delimiter);
    return new WasmLineCounter(exports);
  }

  /** Where pushed bytes not read into a window are copied. */
  private copyAt = BYTES_AT;

  private constructor(private readonly exports: LinesExports) {
    reserve(exports.memory, BYTES_AT + COPY_BYTES);
  }

  /**
   * Two buffers of `size` bytes in the kernel's memory, to read the file into (ChunkSource: chunks taking turns
   * in them): bytes pushed from there are counted where they are, not copied first (~0.3 ms a MiB). Once, before
   * the first push.
   */
  windows(size: number): [Uint8Array, Uint8Array] {
    this.copyAt = BYTES_AT + 2 * size;
    reserve(this.exports.memory, this.copyAt + COPY_BYTES);
    const buffer = this.exports.memory.buffer;
    return [new Uint8Array(buffer, BYTES_AT, size), new Uint8Array(buffer, BYTES_AT + size, size)];
  }

  /** Count with this delimiter (byte code; -1: none) from now on; before the first push. */
  setDelimiter(delimiter: number): void {
    this.exports.reset(delimiter);
  }

  /** Count the lines of `bytes[start, end)`, continuing the previous push's open line; true when they are all ASCII. */
  push(bytes: Uint8Array, start = 0, end = bytes.length): boolean {
    if (end - start <= 0) return true;
    const memory = this.exports.memory;
    if (bytes.buffer === memory.buffer) return this.exports.push(bytes.byteOffset + start, end - start) !== 0; // (in a window)
    let ascii = true;
    for (let from = start; from < end; from += COPY_BYTES) {
      const to = Math.min(end, from + COPY_BYTES);
      new Uint8Array(memory.buffer, this.copyAt, to - from).set(bytes.subarray(from, to));
      ascii = this.exports.push(this.copyAt, to - from) !== 0 && ascii;
    }
    return ascii;
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
