import { describe, expect, it } from 'vitest';
import { fit, prepareFit, selectedData, silhouette, simulate } from '../../core/engine/index.js';

/**
 * Six points on a line, two clusters: A = {0, 1, 2}, B = {10, 11, 13}. By hand (a = mean distance to the own
 * cluster's others, b = mean distance to the other cluster, s = 1 − a/b since a < b everywhere):
 *   x = 0:  a = (1 + 2)/2 = 1.5,  b = (10 + 11 + 13)/3 = 34/3 → s = 1 − 4.5/34 = 59/68
 *   x = 1:  a = (1 + 1)/2 = 1,    b = (9 + 10 + 12)/3 = 31/3  → s = 1 − 3/31   = 28/31
 *   x = 2:  a = (2 + 1)/2 = 1.5,  b = (8 + 9 + 11)/3 = 28/3   → s = 1 − 4.5/28 = 47/56
 *   x = 10: a = (1 + 3)/2 = 2,    b = (10 + 9 + 8)/3 = 9      → s = 1 − 2/9    = 7/9
 *   x = 11: a = (1 + 2)/2 = 1.5,  b = (11 + 10 + 9)/3 = 10    → s = 1 − 0.15   = 17/20
 *   x = 13: a = (3 + 2)/2 = 2.5,  b = (13 + 12 + 11)/3 = 12   → s = 1 − 2.5/12 = 19/24
 * Average = (59/68 + 28/31 + 47/56 + 7/9 + 17/20 + 19/24) / 6 ≈ 0.838 6.
 */
describe('average silhouette', () => {
  const X = { rows: 6, cols: 1, data: Float64Array.of(0, 1, 2, 10, 11, 13) };
  const expected = (59 / 68 + 28 / 31 + 47 / 56 + 7 / 9 + 17 / 20 + 19 / 24) / 6;

  it('matches the hand-derived value on six points', () => {
    expect(silhouette(X, Int32Array.of(0, 0, 0, 1, 1, 1))).toBeCloseTo(expected, 12);
    // Labels are any integers; the same partition under other names gives the same value.
    expect(silhouette(X, [7, 7, 7, 3, 3, 3])).toBeCloseTo(expected, 12);
  });

  it('a sample alone in its cluster counts 0; one cluster gives 0', () => {
    /**
     * Clusters {0, 1, 2}, {10, 11}, {13}: x = 13 alone → 0. x = 10: a = 1, b = min((10+9+8)/3 = 9, 3) = 3 → 2/3;
     * x = 11: a = 1, b = min(10, 2) = 2 → 1/2. A: x = 0: a = 1.5, b = min(10.5, 13) → 1 − 1.5/10.5 = 6/7;
     * x = 1: a = 1, b = min(9.5, 12) → 1 − 1/9.5 = 17/19; x = 2: a = 1.5, b = min(8.5, 11) → 1 − 1.5/8.5 = 14/17.
     */
    const value = silhouette(X, Int32Array.of(0, 0, 0, 1, 1, 2));
    expect(value).toBeCloseTo((6 / 7 + 17 / 19 + 14 / 17 + 2 / 3 + 1 / 2 + 0) / 6, 12);
    expect(silhouette(X, Int32Array.of(0, 0, 0, 0, 0, 0))).toBe(0);
  });

  it('above maxSamples it uses a seeded subsample (same seed, same value)', () => {
    const sim = simulate('sparse', { n: 300, k: 3, s: 2, p: 4, seed: 1 });
    const a = silhouette(sim.X, sim.classes, { maxSamples: 100, seed: 4 });
    expect(a).toBe(silhouette(sim.X, sim.classes, { maxSamples: 100, seed: 4 }));
    expect(Math.abs(a - silhouette(sim.X, sim.classes))).toBeLessThan(0.1);
  });

  it('selectedData fills missing cells with the cluster mean of that feature', () => {
    const sim = simulate('missing', { n: 60, k: 3, s: 3, p: 6, seed: 2 });
    const prep = prepareFit(sim.X, { k: 3, s: 3, restarts: 2, seed: 1 });
    const result = fit(sim.X, { k: 3, s: 3, restarts: 2, seed: 1 });
    const Y = selectedData(prep, result);
    expect(Y.cols).toBe(3);
    expect(Array.from(Y.data).every(Number.isFinite)).toBe(true);
    const missing = Array.from(prep.missing).find((o) => result.selectedFeatures.includes(o % 6))!;
    const i = Math.floor(missing / 6);
    const t = result.selectedFeatures.indexOf(missing % 6);
    expect(Y.data[i * 3 + t]).toBe(result.means[result.labels[i]! * 6 + (missing % 6)]);
  });
});
