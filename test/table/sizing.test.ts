import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { applyMapping, parseTable, type Mapping, type Table } from '../../core/table/index.js';
import { ColumnBuilder } from '../../core/table/columns.js';
import { countNonBlankLines, LineCounter } from '../../core/table/lines.js';
import { allocateSharedFloat64, isShared } from '../../core/parallel/shared.js';
import { pushAtCuts } from './push-cuts.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const parse = (text: string, name = 'data.csv'): Table => parseTable(enc(text), name);
const base: Mapping = { orientation: 'samples-as-rows', idColumn: 'id', annotationColumns: [], featureColumns: null, filters: [] };

/**
 * Every numeric column holds exactly the rows, in one buffer of rows × columns float64s shared by the
 * columns (allocated once for the table, never grown nor trimmed).
 */
function exactBuffers(t: Table): boolean {
  const numeric = t.columns.filter((c) => c.numbers !== null);
  const slab = numeric[0]?.numbers!.buffer;
  return numeric.every((c) => c.numbers!.length === t.rowCount && c.numbers!.buffer === slab && slab.byteLength === t.rowCount * t.columns.length * 8);
}

describe('column sizing', () => {
  it('counts non-blank lines over LF, CRLF and lone CR, with or without a final break', () => {
    expect(countNonBlankLines(enc('a,b\n1,2\r\n\n3,4'))).toBe(3);
    expect(countNonBlankLines(enc('a\r1\r2\r'))).toBe(3);
    expect(countNonBlankLines(enc('a\n  \n1\n\n'))).toBe(2);
    expect(countNonBlankLines(enc('a\tb\n\t\n'), 0, 6, 0x09)).toBe(1); // a line of tabs is blank in a TSV
    expect(countNonBlankLines(enc('a,b\n,,\n , \r\n1,2'), 0, 15, 0x2c)).toBe(2); // and a line of commas in a CSV
    expect(countNonBlankLines(enc('a;b\n,,\n'), 0, 7, 0x3b)).toBe(2); // (not when the comma is not the delimiter)
    expect(countNonBlankLines(enc(''))).toBe(0);
  });

  it('counts the same chunk by chunk as at once, wherever the chunks are cut (CRLF split included)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', '1', ',', ' ', '\t', '\r', '\n'), { maxLength: 60 }), fc.array(fc.nat(60), { maxLength: 5 }), (chars, cuts) => {
        const bytes = enc(chars.join(''));
        const counter = new LineCounter();
        pushAtCuts(counter, bytes, cuts);
        expect(counter.total).toBe(countNonBlankLines(bytes));
      }),
    );
  });

  it('allocates every numeric column once at the exact row count (trailing break, CRLF, blank lines, none)', () => {
    for (const text of ['id,a,b\nx,1,2\ny,3,4\n', 'id,a,b\r\nx,1,2\r\ny,3,4', 'id,a,b\nx,1,2\ny,3,4\n\n \n\n', '\nid,a\nx,1\n']) {
      const t = parse(text);
      expect(t.rowCount).toBe(text.startsWith('\n') ? 1 : 2);
      expect(exactBuffers(t)).toBe(true);
      expect(t.sourceRows!.length).toBe(t.rowCount);
    }
  });

  it('still reads every row when quoted line breaks overcount or blank one-column cells undercount', () => {
    const quoted = parse('id,a\n"x\ny",1\n"z\n\nw",2\n');
    expect(quoted.rowCount).toBe(2);
    expect(Array.from(quoted.columns[1]!.numbers!)).toEqual([1, 2]);
    expect(quoted.columns[1]!.numbers!.length).toBe(2); // overcounted: trimmed once
    const oneColumn = parse('a\n1\n\n\n\n2\n');
    expect(oneColumn.rowCount).toBe(5);
    expect(Array.from(oneColumn.columns[0]!.numbers!).map(String)).toEqual(['1', 'NaN', 'NaN', 'NaN', '2']);
    expect(oneColumn.columns[0]!.numbers!.length).toBe(5); // undercounted: grown
  });

  it('sizes a large generated file exactly: no column grows, none is trimmed by a copy', () => {
    const lines = ['id,a,b'];
    for (let i = 0; i < 5000; i++) lines.push(`s${i},${i},${i / 7}`);
    const bytes = enc(lines.join('\n') + '\n');
    const grow = vi.spyOn(ColumnBuilder.prototype, 'reserve');
    const trim = vi.spyOn(Float64Array.prototype, 'slice');
    try {
      const t = parseTable(bytes, 'big.csv');
      expect(t.rowCount).toBe(5000);
      expect(exactBuffers(t)).toBe(true);
      expect(grow).not.toHaveBeenCalled();
      expect(trim).not.toHaveBeenCalled();
    } finally {
      grow.mockRestore();
      trim.mockRestore();
    }
  });

  it('ColumnBuilder: a builder given the final row count returns its very buffer', () => {
    const b = new ColumnBuilder(3);
    const first = b.numbers;
    b.setNumber(0, 1);
    b.setMissing(1);
    b.setNumber(2, 3);
    expect(b.finish('x', 3).numbers).toBe(first);
    const small = new ColumnBuilder(1);
    small.reserve(3);
    small.setNumber(0, 1);
    expect(small.finish('y', 2).numbers!.length).toBe(2);
  });
});

describe('applyMapping allocator', () => {
  const TABLE = 'id,a,b,c\ns1,1,10,5\ns2,2,NA,6\ns3,3,30,7\n';

  it('puts the matrix in the allocator’s buffer, with the same values as without', () => {
    const t = parse(TABLE);
    const plain = applyMapping(t, base);
    const asked: number[] = [];
    const target = new Float64Array(9);
    const viaAllocator = applyMapping(t, base, { allocate: (n) => (asked.push(n), target) });
    expect(asked).toEqual([9]);
    expect(viaAllocator.matrix.data).toBe(target);
    expect(Array.from(viaAllocator.matrix.data).map(String)).toEqual(Array.from(plain.matrix.data).map(String));
    expect(viaAllocator.matrix.data.buffer).not.toBe(plain.matrix.data.buffer);
  });

  it('allocates in shared memory with allocateSharedFloat64', () => {
    const mapped = applyMapping(parse(TABLE), base, { allocate: allocateSharedFloat64 });
    expect(isShared(mapped.matrix.data)).toBe(true);
    expect(mapped.matrix.data.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(mapped.matrix.data).map(String)).toEqual(['1', '10', '5', '2', 'NaN', '6', '3', '30', '7']);
  });

  it('rejects an allocator that returns the wrong length', () => {
    expect(() => applyMapping(parse(TABLE), base, { allocate: () => new Float64Array(2) })).toThrow(/returned 2 values for 3 × 3/);
  });
});
