/**
 * Issue 28 (one implementation): the reader has no JavaScript twin of its rows kernel any more; where WebAssembly
 * is missing or refused (core/table/kernel/wasm.ts instantiate gives null) every data row goes through the
 * scanner, and the table is the same cell for cell: on a real lab table (text columns, missing markers) and on
 * generated numeric rows in every dialect, read as it is and with the WebAssembly global hidden.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { RowKernel } from '../../core/table/kernel/rows.js';
import { parseTable } from '../../core/table/parse.js';
import type { Table } from '../../core/table/types.js';

const REAL = new URL('../../../shared/data/real/perseus_matrix.txt', import.meta.url);

/** Every column's kind and cells (numbers as numbers, NaN kept; texts as read). */
function cellsOf(table: Table): unknown[] {
  return table.columns.map((c) => ({ name: c.name, kind: c.kind, numbers: c.numbers ? Array.from(c.numbers) : null, texts: c.texts, missing: c.missing, badCells: c.badCells }));
}

function withoutWasm<T>(read: () => T): T {
  vi.stubGlobal('WebAssembly', undefined);
  try {
    expect(RowKernel.create(3, 0x2c, false)).toBeNull(); // (the kernel is refused: the scanner reads)
    return read();
  } finally {
    vi.unstubAllGlobals();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('without WebAssembly the scanner reads the same table', () => {
  it('a real lab table (Perseus matrix: text columns, missing values)', () => {
    const bytes = new Uint8Array(readFileSync(REAL));
    const withKernel = parseTable(bytes, 'perseus_matrix.txt');
    expect(RowKernel.create(3, 0x2c, false)).not.toBeNull();
    const scanned = withoutWasm(() => parseTable(bytes, 'perseus_matrix.txt'));
    expect(scanned.rowCount).toBe(withKernel.rowCount);
    expect(cellsOf(scanned)).toEqual(cellsOf(withKernel));
  });

  it('generated rows: numbers in several spellings, missing markers and text, in every dialect', () => {
    const cell = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => String(x)), fc.integer().map(String), fc.constantFrom('NA', '', 'NaN', 'n.d.', 'abc', '1e5', '-0.5'));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 40 }), fc.constantFrom(',', '\t', ';'), (rows, delimiter) => {
        const text = ['a', 'b', 'c'].join(delimiter) + '\n' + rows.map((r) => r.join(delimiter)).join('\n') + '\n';
        const bytes = new TextEncoder().encode(text);
        const name = delimiter === '\t' ? 'x.tsv' : 'x.csv';
        const withKernel = parseTable(bytes, name);
        const scanned = withoutWasm(() => parseTable(bytes, name));
        expect(cellsOf(scanned)).toEqual(cellsOf(withKernel));
      }),
      { numRuns: 60 },
    );
  });
});
