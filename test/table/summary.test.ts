/**
 * The Import screen's column summaries (core/table/summary.ts): hand-checked columns first, then a property
 * against the plain definition (a Set of the observed values, listed sorted, counted one by one), and the page's
 * sorted value lists (renderer/src/lib/filters.ts columnValues) for text columns, which arrive in the order the
 * rows first hold their values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summarizeColumns } from '../../core/table/summary.js';
import type { Column, Table } from '../../core/table/types.js';
import { columnValues } from '../../renderer/src/lib/filters.js';

function numeric(name: string, values: number[]): Column {
  return { name, kind: 'numeric', numbers: Float64Array.from(values), texts: null, missing: values.filter((v) => v !== v).length, badCells: [] };
}

function text(name: string, values: (string | null)[]): Column {
  return { name, kind: 'text', numbers: null, texts: values, missing: values.filter((v) => v === null).length, badCells: [] };
}

function table(columns: Column[]): Table {
  const rowCount = columns[0]?.numbers?.length ?? columns[0]?.texts?.length ?? 0;
  return { fileName: 't.tsv', format: 'tsv', sheets: ['t'], sheet: 't', rowCount, columns };
}

describe('summarizeColumns', () => {
  it('a numeric column: min, max, distinct values in ascending order with their counts (-0 and 0 one value, NaN missing)', () => {
    const [s] = summarizeColumns(table([numeric('x', [3, NaN, 1, 3, -0, 0, 1, 3])]));
    expect(s).toEqual({ name: 'x', kind: 'numeric', missing: 1, badCells: 0, min: -0, max: 3, distinct: ['0', '1', '3'], distinctCounts: [2, 2, 3], distinctCount: 3 });
  });

  it('a numeric column of more than 50 distinct values counts them and lists none', () => {
    const values = Array.from({ length: 120 }, (_, i) => (i % 60) / 7);
    const [s] = summarizeColumns(table([numeric('x', values)]));
    expect(s!.distinctCount).toBe(60);
    expect(s!.distinct).toBeNull();
    expect(s!.distinctCounts).toBeUndefined();
    expect([s!.min, s!.max]).toEqual([0, 59 / 7]);
  });

  it('a text column: every value with its count, in the order the rows first hold them; the page lists them sorted', () => {
    const [s] = summarizeColumns(table([text('Genotype', ['Ts65Dn', 'Control', null, 'Ts65Dn', 'b', 'Control', 'Ts65Dn'])]));
    expect(s!.distinct).toEqual(['Ts65Dn', 'Control', 'b']);
    expect(s!.distinctCounts).toEqual([3, 2, 1]);
    expect(s!.distinctCount).toBe(3);
    expect(s!.missing).toBe(1);
    expect(columnValues(s)).toEqual([
      { value: 'b', count: 1 },
      { value: 'Control', count: 2 },
      { value: 'Ts65Dn', count: 3 },
    ]);
  });

  it('property: numeric summaries equal the plain definition (a Set of the observed values, sorted, counted)', () => {
    const cell = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(NaN, -0, 0.5, 1e300), fc.double({ noNaN: true, noDefaultInfinity: true }));
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 200 }), fc.integer({ min: 0, max: 3 }), (values, copies) => {
        const cells = Array.from({ length: copies + 1 }, () => values).flat();
        const [s] = summarizeColumns(table([numeric('x', cells)]));
        const observed = cells.filter((v) => v === v);
        const distinct = [...new Set(observed)].sort((a, b) => a - b);
        expect(s!.distinctCount).toBe(distinct.length);
        expect(s!.min).toBe(observed.length ? observed.reduce((m, v) => (v < m ? v : m)) : null);
        expect(s!.max).toBe(observed.length ? observed.reduce((m, v) => (v > m ? v : m)) : null);
        if (distinct.length <= 50) {
          expect(s!.distinct).toEqual(distinct.map(String));
          expect(s!.distinctCounts).toEqual(distinct.map((d) => observed.filter((v) => v === d).length));
        } else expect(s!.distinct).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('property: a text column lists each value once with its count, and the page sorts them as localeCompare does', () => {
    const word = fc.oneof(fc.constantFrom('a', 'B', 'b', 'Control', 'ctrl', 'é', 'e', 'Z-1', 'z_1', ''), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(fc.array(fc.option(word, { nil: null }), { maxLength: 100 }), (values) => {
        const [s] = summarizeColumns(table([text('t', values)]));
        const present = values.filter((v): v is string => v !== null);
        const firstSeen = [...new Set(present)];
        expect(s!.distinct).toEqual(firstSeen);
        expect(s!.distinctCounts).toEqual(firstSeen.map((d) => present.filter((v) => v === d).length));
        const sorted = [...firstSeen].sort((a, b) => a.localeCompare(b));
        expect(columnValues(s).map((v) => v.value)).toEqual(sorted);
        expect(columnValues(s).map((v) => v.count)).toEqual(sorted.map((d) => present.filter((v) => v === d).length));
      }),
      { numRuns: 300 },
    );
  });
});
