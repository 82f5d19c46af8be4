/**
 * core/prepare/transform.ts valueStats: the quantiles that decide whether values look raw or logarithmic,
 * from at most 200 000 cells (a large matrix is not passed over cell by cell, nor sampled on a few columns;
 * a row-major matrix gives whole rows).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { valueStats } from '../../core/prepare/transform.js';

describe('valueStats', () => {
  it('on a small matrix: every observed value (hand-checked)', () => {
    const values = Float64Array.from({ length: 101 }, (_, i) => (i === 50 ? NaN : i - 10)); // −10…90 without 40
    const stats = valueStats(values)!;
    expect(stats.count).toBe(100);
    const sorted = Array.from(values).filter((v) => v === v);
    expect(stats.p1).toBe(sorted[Math.floor(0.01 * 99)]);
    expect(stats.median).toBe(sorted[Math.floor(0.5 * 99)]);
    expect(stats.p99).toBe(sorted[Math.floor(0.99 * 99)]);
    expect(stats.mean).toBeCloseTo(sorted.reduce((a, b) => a + b, 0) / 100, 12);
    expect(stats.nonPositive).toBe(11 / 100); // −10…0
    expect(valueStats(Float64Array.of(NaN, NaN))).toBeNull();
  });

  it('quantiles are the sorted values at ⌊q·(count − 1)⌋, in any order, with ties and missing cells (property)', () => {
    const cell = fc.oneof(fc.constant(NaN), fc.integer({ min: -5, max: 5 }), fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }));
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 400 }), (cells) => {
        const stats = valueStats(Float64Array.from(cells));
        const sorted = Float64Array.from(cells.filter((v) => v === v)).sort();
        if (sorted.length === 0) return stats === null;
        const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))]!;
        // (−0 and 0 tie in a selection: compared as numbers)
        return stats !== null && stats.count === sorted.length && stats.p1 === at(0.01) && stats.median === at(0.5) && stats.p99 === at(0.99);
      }),
      { numRuns: 300 },
    );
  });

  it('on a large matrix: about 200 000 cells, quantiles within a fraction of a percent of the exact ones', () => {
    const n = 3_000_000;
    const values = new Float64Array(n);
    let seed = 3;
    for (let i = 0; i < n; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      values[i] = i % 7 === 3 ? NaN : 2 ** (10 + 20 * (seed / 0x7fffffff)); // raw intensities, 2^10…2^30
    }
    const stats = valueStats(values)!;
    expect(stats.count).toBeGreaterThan(150_000); // (missing cells drawn are skipped)
    expect(stats.count).toBeLessThanOrEqual(200_000);
    const exact = Float64Array.from(values.filter((v) => v === v)).sort();
    const q = (p: number) => exact[Math.floor(p * (exact.length - 1))]!;
    for (const [got, p] of [[stats.p1, 0.01], [stats.median, 0.5], [stats.p99, 0.99]] as const) expect(Math.abs(Math.log2(got) - Math.log2(q(p)))).toBeLessThan(0.1); // (of a range of 20)
  });

  it('on a row-major matrix whose columns differ: every column seen, whatever the width (no aliasing)', () => {
    for (const p of [50, 200, 1000]) {
      const n = Math.ceil(4_000_000 / p);
      // Column c holds 2^(c mod 20) everywhere; the rows' missing cells fall on column 0.
      const values = Float64Array.from({ length: n * p }, (_, i) => (i % p === 0 ? NaN : 2 ** ((i % p) % 20)));
      for (const cols of [1, p]) {
        const stats = valueStats(values, cols)!;
        expect(stats.count).toBeGreaterThan(190_000);
        expect([stats.p1, stats.p99]).toEqual([1, 2 ** 19]);
      }
      // Whole rows: each of the ⌊200 000 / p⌋ rows drawn gives its p − 1 observed cells.
      expect(valueStats(values, p)!.count).toBe(Math.floor(200_000 / p) * (p - 1));
    }
  });

  it('on a large matrix: whole rows, one drawn in each equal stretch of the rows', () => {
    // 10 000 × 200: cell (r, c) is −1 in column 0, else r + 1. 1 000 rows are drawn, one of each 10 (rows
    // 10k … 10k + 9): the sorted sample is 1 000 × −1 (column 0 of each row drawn), then the rows' values,
    // 199 copies each. p1 is at index 1 999 (the 6th row drawn: 1 999 − 1 000 = 999 = 5·199 + 4; rows 50…59),
    // the median at 99 999 (98 999 = 497·199 + 96: the 498th, rows 4 970…4 979), p99 at 197 999 (196 999 =
    // 989·199 + 188: the 990th, rows 9 890…9 899).
    const n = 10_000;
    const p = 200;
    const values = Float64Array.from({ length: n * p }, (_, i) => (i % p === 0 ? -1 : Math.floor(i / p) + 1));
    const stats = valueStats(values, p)!;
    expect(stats.count).toBe(200_000);
    expect(stats.nonPositive).toBe(1_000 / 200_000); // exactly one cell in p: whole rows
    for (const [got, from] of [[stats.p1, 50], [stats.median, 4_970], [stats.p99, 9_890]] as const) {
      expect(got).toBeGreaterThanOrEqual(from + 1);
      expect(got).toBeLessThanOrEqual(from + 10);
    }
    // Each row drawn is within 5 of its stretch's middle.
    expect(Math.abs(stats.mean - (-1_000 + 199 * 1_000 * (n / 2 + 0.5)) / 200_000)).toBeLessThan(5);
    // The same matrix gives the same stats (a fixed sequence).
    expect(valueStats(values, p)).toEqual(stats);
  });

  it('at most 200 000 cells: every observed cell, whatever the row width', () => {
    const values = Float64Array.from({ length: 1000 * 200 }, (_, i) => (i % 97 === 5 ? NaN : Math.sin(i) * 1000));
    const observed = Float64Array.from(values.filter((v) => v === v)).sort();
    const expected = { count: observed.length, p1: observed[Math.floor(0.01 * (observed.length - 1))], median: observed[Math.floor(0.5 * (observed.length - 1))] };
    for (const cols of [1, 200, 1000, 200_000]) expect(valueStats(values, cols)).toMatchObject(expected);
  });

  it('a row wider than the sample is drawn from cell by cell; rows that do not divide the values are refused', () => {
    const values = Float64Array.from({ length: 2 * 300_000 }, (_, i) => i);
    const stats = valueStats(values, 300_000)!;
    expect(stats.count).toBe(200_000);
    expect(stats.p1).toBeLessThan(0.02 * values.length);
    expect(stats.p99).toBeGreaterThan(0.98 * values.length);
    expect(() => valueStats(new Float64Array(10), 3)).toThrow(RangeError);
    expect(() => valueStats(new Float64Array(10), 0)).toThrow(RangeError);
  });

  it('in a nearly empty matrix: its observed cells, drawn or (every draw missing) looked up', () => {
    for (const at of [3, 123_457, 999_999]) {
      const values = new Float64Array(1_000_000).fill(NaN);
      values[at] = 5;
      for (const cols of [1, 500]) expect(valueStats(values, cols)).toMatchObject({ count: 1, p1: 5, median: 5, p99: 5, mean: 5 });
    }
  });
});
