/**
 * Issue 27: a fit at another s or k started from an earlier fit's partition (core/engine/warm.ts). Hand-checked
 * starting partitions for the same, a larger and a smaller k; then, on the paper's sparse design: a warm start
 * from a converged fit at the same s and k stays where it is, a warm start at s + 2 finds the fresh fit's clusters
 * on data whose clusters are clear, a new k gives k non-empty clusters, and out-of-range s or k are refused.
 */
import { describe, expect, it } from 'vitest';
import { adjustedRandIndex, fit, prepareFit, simulate, startFrom, warmFit } from '../../core/engine/index.js';
import { SkfrError } from '../../core/errors.js';

/** 6 samples of one feature in 2 clusters: [0, 0.1, −0.1] and [4, 5, 5.2]. */
const Y = Float64Array.of(0, 0.1, -0.1, 4, 5, 5.2);

describe('startFrom: the starting partition for k clusters from a fit with k0', () => {
  it('same k: the labels as they are, and their sizes', () => {
    const start = startFrom(Y, 6, 1, { labels: Int32Array.of(0, 0, 0, 1, 1, 1), centers: Float64Array.of(0, 4.7), distances: new Float64Array(6), options: { k: 2 } }, 2);
    expect(Array.from(start.labels)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(Array.from(start.counts)).toEqual([3, 3]);
  });

  it('larger k: each new cluster takes the sample farthest from its center', () => {
    // Distances to the fit's centers: sample 2 (0.3) is the farthest, then sample 3 (0.25).
    const from = { labels: Int32Array.of(0, 0, 0, 1, 1, 1), centers: Float64Array.of(0, 4.7), distances: Float64Array.of(0.1, 0.2, 0.3, 0.25, 0.1, 0.2), options: { k: 2 } };
    const three = startFrom(Y, 6, 1, from, 3);
    expect(Array.from(three.labels)).toEqual([0, 0, 2, 1, 1, 1]);
    expect(Array.from(three.counts)).toEqual([2, 3, 1]);
    const four = startFrom(Y, 6, 1, from, 4);
    expect(Array.from(four.labels)).toEqual([0, 0, 2, 3, 1, 1]);
    expect(Array.from(four.counts)).toEqual([2, 2, 1, 1]);
    // The fit's own arrays are not touched.
    expect(Array.from(from.labels)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(Array.from(from.distances)).toEqual([0.1, 0.2, 0.3, 0.25, 0.1, 0.2]);
  });

  it('smaller k: the largest clusters kept in their order, the others’ samples to the nearest kept center', () => {
    // Sizes 3, 1, 2: clusters 0 and 2 are kept (as 0 and 1). Sample 3 (4.0) is 16 from θ0 = 0 and 1.21 from
    // θ2 = 5.1 (squared), so it joins the new cluster 1; absolute: 4 against 1.1, the same.
    const from = { labels: Int32Array.of(0, 0, 0, 1, 2, 2), centers: Float64Array.of(0, 4.1, 5.1), distances: new Float64Array(6), options: { k: 3 } };
    for (const absolute of [false, true]) {
      const start = startFrom(Y, 6, 1, from, 2, absolute);
      expect(Array.from(start.labels)).toEqual([0, 0, 0, 1, 1, 1]);
      expect(Array.from(start.counts)).toEqual([3, 3]);
    }
    // With θ2 far away, sample 3 goes to cluster 0 instead.
    const far = startFrom(Y, 6, 1, { ...from, centers: Float64Array.of(0, 4.1, 50) }, 2);
    expect(Array.from(far.labels)).toEqual([0, 0, 0, 0, 1, 1]);
  });
});

describe('warmFit: one restart from an earlier partition', () => {
  // Seed 2: 5 restarts find the true classes at s = 5 and at s = 7 (ARI 1 with sim.classes, checked below).
  const sim = simulate('sparse', { n: 200, k: 4, s: 5, p: 30, seed: 2 });
  const options = { k: 4, s: 5, restarts: 5, seed: 1 };
  const fresh = fit(sim.X, options);

  it('from a converged fit at the same s and k: the same clusters, at once', () => {
    const warm = warmFit(prepareFit(sim.X, options), fresh, { s: 5, k: 4 });
    expect(Array.from(warm.labels)).toEqual(Array.from(fresh.labels));
    expect(warm.objective).toBeCloseTo(fresh.objective, 9);
    expect(warm.iterations).toBeLessThanOrEqual(2);
    expect(warm.options).toMatchObject({ s: 5, k: 4, restarts: 1 });
  });

  it('at s + 2 on clear clusters: the fresh fit’s partition, and 7 features selected', () => {
    const warm = warmFit(prepareFit(sim.X, options), fresh, { s: 7, k: 4 });
    const again = fit(sim.X, { ...options, s: 7 });
    expect(adjustedRandIndex(fresh.labels, sim.classes)).toBe(1);
    expect(adjustedRandIndex(again.labels, sim.classes)).toBe(1);
    expect(warm.selectedFeatures).toHaveLength(7);
    expect(adjustedRandIndex(warm.labels, again.labels)).toBe(1);
  });

  it('at another k: that many clusters, none empty', () => {
    const prep = prepareFit(sim.X, options);
    for (const k of [2, 3, 5, 7]) {
      const warm = warmFit(prep, fresh, { s: 5, k });
      expect(warm.clusterSizes).toHaveLength(k);
      expect(Math.min(...warm.clusterSizes)).toBeGreaterThan(0);
      expect(new Set(warm.labels).size).toBe(k);
    }
  });

  it('refuses an s or k the data do not allow, in the engine’s words', () => {
    const prep = prepareFit(sim.X, options);
    expect(() => warmFit(prep, fresh, { s: 31, k: 4 })).toThrow(SkfrError);
    expect(() => warmFit(prep, fresh, { s: 31, k: 4 })).toThrow('s = 31 is not possible: s must be between 1 and the number of features (30).');
    expect(() => warmFit(prep, fresh, { s: 5, k: 201 })).toThrow('k = 201 is not possible');
  });

  it('with missing cells: starts from the starting fill whatever the previous run left in them', () => {
    const data = sim.X.data.slice();
    for (let t = 0; t < data.length; t += 17) data[t] = NaN;
    const X = { ...sim.X, data };
    const prep = prepareFit(X, options);
    const first = warmFit(prep, fit(X, options), { s: 6, k: 4 });
    const second = warmFit(prep, fit(X, options), { s: 6, k: 4 });
    expect(Array.from(second.labels)).toEqual(Array.from(first.labels));
    expect(second.objective).toBe(first.objective);
  });
});
