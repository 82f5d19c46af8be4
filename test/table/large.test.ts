import { describe, expect, it } from 'vitest';
import { parseTable } from '../../core/table/index.js';

/**
 * The numeric fast path on a larger file: 20 000 rows × 50 columns (1 M cells, ~9 MB). Every column must be
 * numeric with no text kept (no string per cell), values exact, and the parse quick. The full-size figure
 * (100 000 × 200, 190 MB) is measured outside the suite (see the tables report).
 */
describe('large numeric CSV', () => {
  it('parses 20 000 × 50 into Float64Arrays only, exactly, in well under the time limit', () => {
    const n = 20_000;
    const p = 50;
    const value = (i: number, j: number): string => (((i * 7919 + j * 104729) % 200001) / 1000 - 100).toFixed(3);
    const parts: string[] = [Array.from({ length: p }, (_, j) => `F${j + 1}`).join(',')];
    for (let i = 0; i < n; i++) parts.push(Array.from({ length: p }, (_, j) => (i === 5 && j === 7 ? 'NA' : value(i, j))).join(','));
    const bytes = new TextEncoder().encode(parts.join('\n') + '\n');

    const table = parseTable(bytes, 'large.csv');

    expect(table.rowCount).toBe(n);
    expect(table.columns).toHaveLength(p);
    for (const c of table.columns) {
      expect(c.kind).toBe('numeric');
      expect(c.texts).toBeNull();
      expect(c.badCells).toHaveLength(0);
    }
    expect(table.columns[7]!.missing).toBe(1);
    expect(Number.isNaN(table.columns[7]!.numbers![5])).toBe(true);
    for (const [i, j] of [[0, 0], [19_999, 49], [1234, 17], [5, 8]] as const) {
      expect(table.columns[j]!.numbers![i]).toBe(Number(value(i, j)));
    }
  });
});
