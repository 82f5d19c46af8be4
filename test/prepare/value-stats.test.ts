/**
 * core/prepare/transform.ts valueStats: the quantiles that decide whether values look raw or logarithmic,
 * from at most 200 000 cells (a large matrix is not passed over cell by cell, nor sampled on a few columns).
 */
import { describe, expect, it } from 'vitest';
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
      const stats = valueStats(values)!;
      expect(stats.count).toBeGreaterThan(190_000);
      expect([stats.p1, stats.p99]).toEqual([1, 2 ** 19]);
    }
  });

  it('in a nearly empty matrix: its observed cells, drawn or (every draw missing) looked up', () => {
    for (const at of [3, 123_457, 999_999]) {
      const values = new Float64Array(1_000_000).fill(NaN);
      values[at] = 5;
      expect(valueStats(values)).toMatchObject({ count: 1, p1: 5, median: 5, p99: 5, mean: 5 });
    }
  });
});
