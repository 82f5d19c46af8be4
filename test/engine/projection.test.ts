import { describe, expect, it } from 'vitest';
import { fromRows, pcaProjection } from '../../core/engine/index.js';

describe('pcaProjection', () => {
  it('finds the dominant axis of points on a line (hand-checked)', () => {
    // Points (t, 2t) for t = −2..2 plus a zero third feature: all variance along (1, 2)/√5.
    // Scores are t·√5 (sign fixed so the largest loading, on feature 1, is positive).
    const X = fromRows([-2, -1, 0, 1, 2].map((t) => [t, 2 * t, 0]));
    const { coords, explained } = pcaProjection(X, [0, 1, 2], 2);
    for (let i = 0; i < 5; i++) expect(coords[i * 2]).toBeCloseTo((i - 2) * Math.sqrt(5), 10);
    for (let i = 0; i < 5; i++) expect(coords[i * 2 + 1]).toBeCloseTo(0, 10);
    expect(explained[0]).toBeCloseTo(1, 10);
    expect(explained[1]).toBeCloseTo(0, 10);
  });
  it('orders axes by variance, uses column means for missing cells, and is deterministic', () => {
    const X = fromRows([
      [10, 0, 1],
      [-10, 1, 2],
      [10, -1, NaN],
      [-10, 0, 3],
    ]);
    const a = pcaProjection(X, [0, 1]);
    const b = pcaProjection(X, [0, 1]);
    expect(Array.from(a.coords)).toEqual(Array.from(b.coords));
    expect(a.explained[0]!).toBeGreaterThan(a.explained[1]!);
    expect(a.explained[0]! + a.explained[1]!).toBeCloseTo(1, 10);
    expect(Math.abs(a.coords[0]!)).toBeCloseTo(10, 1);
    const c = pcaProjection(X, [2], 2); // the missing cell becomes the mean 2 → score 0
    expect(c.coords[2 * 2]).toBeCloseTo(0, 12);
    expect(c.coords[2 * 2 + 1]).toBe(0); // only one feature: the second axis is empty
  });
});
