/**
 * Helpers of the reader tests that compare the whole-file reading (parseTable) with the chunked one
 * (parseTableChunks): a chunk source that reuses one buffer as the CLI's file reader does, and a table as plain
 * data (number bits as strings) for toEqual.
 */
import type { Table } from '../../core/table/index.js';

export const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/** A chunk source over `bytes` in chunks of `size`, reusing one buffer the way the CLI's file reader does. */
export function chunked(bytes: Uint8Array, size: number): () => AsyncIterable<Uint8Array> {
  return async function* () {
    const buffer = new Uint8Array(size);
    for (let at = 0; at < bytes.length; at += size) {
      const n = Math.min(size, bytes.length - at);
      buffer.set(bytes.subarray(at, at + n));
      yield buffer.subarray(0, n);
      buffer.fill(0x3f); // a reader that kept a chunk would now see '?'
    }
  };
}

/** A table as plain data (number bits as strings), to compare two readers. */
export function plain(t: Table): unknown {
  return {
    ...t,
    sourceRows: Array.from(t.sourceRows ?? []),
    columns: t.columns.map((c) => ({ ...c, numbers: c.numbers ? Array.from(c.numbers, String) : null })),
  };
}
