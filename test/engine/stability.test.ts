import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleStability, fit, simulate, stabilitySelection, subsampleRows, type FitResult, type SubsampleSummary } from '../../core/engine/index.js';
import { stabilityWith } from '../../core/parallel/orchestrate.js';
import { loadMice } from '../../bench/lib/mice.js';
import { inThreadLinks, threadLinks } from './worker-links.js';

describe('stability: hand-worked figures', () => {
  /**
   * Full fit: 4 samples, labels [0, 0, 1, 1], k = 2, p = 2, selected [0].
   * Subsample 1: rows [0, 1, 2], labels [0, 1, 1], selected [0].  Subsample 2: rows [0, 1, 3], labels [0, 0, 1], selected [1].
   * - featureFrequency: feature 0 in 1 of 2 fits → 0.5; feature 1 → 0.5.
   * - consistency: fit 1: samples 0 and 1 are mates but split (0 of 1 each); sample 2's mate (3) is absent.
   *   Fit 2: 0 and 1 together (1 of 1 each); sample 3's mate (2) is absent. → [1/2, 1/2, NaN, NaN].
   * - ARI: fit 1 compares full [0, 0, 1] with [0, 1, 1]: Σ C(n_uv, 2) = 0, Σ C(a_u, 2) = 1, Σ C(b_v, 2) = 1,
   *   E = 1·1/3, max = 1 → (0 − 1/3)/(1 − 1/3) = −0.5. Fit 2: identical partitions → 1. Mean 0.25.
   * - unstableSelected: feature 0 has frequency 0.5, not below ½ → none.
   */
  it('frequencies, consistency and ARI', () => {
    const full = { n: 4, p: 2, labels: Int32Array.of(0, 0, 1, 1), selectedFeatures: Int32Array.of(0), selectedFeaturesByCluster: null, options: { k: 2 } } as unknown as FitResult;
    const summaries: SubsampleSummary[] = [
      { b: 2, rows: Int32Array.of(0, 1, 3), labels: Int32Array.of(0, 0, 1), selected: Int32Array.of(1), selectedByCluster: null },
      { b: 1, rows: Int32Array.of(0, 1, 2), labels: Int32Array.of(0, 1, 1), selected: Int32Array.of(0), selectedByCluster: null },
    ];
    const result = assembleStability(full, summaries, 0.75);
    expect(Array.from(result.featureFrequency)).toEqual([0.5, 0.5]);
    expect(Array.from(result.sampleConsistency)).toEqual([0.5, 0.5, NaN, NaN]);
    expect(result.ari[0]).toBeCloseTo(-0.5, 12);
    expect(result.ari[1]).toBe(1);
    expect(result.meanAri).toBeCloseTo(0.25, 12);
    expect(result.unstableSelected).toEqual([]);
    expect(result.clusterFeatureFrequency).toBeNull();
    expect(result.subsamples).toBe(2);
    expect(result.subsampleSize).toBe(3);
  });

  it('subsample rows: distinct, increasing, reproducible, different per b', () => {
    const a = subsampleRows(100, 80, 7, 1);
    expect(a).toHaveLength(80);
    expect(new Set(a).size).toBe(80);
    expect(Array.from(a)).toEqual([...a].sort((x, y) => x - y));
    expect(Array.from(subsampleRows(100, 80, 7, 1))).toEqual(Array.from(a));
    expect(Array.from(subsampleRows(100, 80, 7, 2))).not.toEqual(Array.from(a));
  });

  it('rejects impossible settings', () => {
    const sim = simulate('sparse', { n: 20, k: 3, s: 2, p: 5, seed: 1 });
    expect(() => stabilitySelection(sim.X, { k: 3, s: 2, subsamples: 0 })).toThrow(/whole number/);
    expect(() => stabilitySelection(sim.X, { k: 3, s: 2, fraction: 1.5 })).toThrow(/fraction/);
    expect(() => stabilitySelection(sim.X, { k: 3, s: 2, fraction: 0.1 })).toThrow(/fewer than k/);
  });
});

describe('stability on the sparse design (n = 400, p = 200, k = 10, s = 10)', () => {
  const sim = simulate('sparse', { n: 400, k: 10, s: 10, p: 200, seed: 1 });
  const options = { k: 10, s: 10, restarts: 10, seed: 1, subsamples: 20 };
  let expected: ReturnType<typeof stabilitySelection>;

  it('informative features ≥ 0.9, noise ≤ 0.2; partitions agree with the full fit', () => {
    const progress: number[] = [];
    expected = stabilitySelection(sim.X, { ...options, onProgress: (p) => progress.push(p.subsample!) });
    const informative = Array.from(expected.featureFrequency.slice(0, 10));
    const noise = Array.from(expected.featureFrequency.slice(10));
    console.log(`informative min ${Math.min(...informative)}, noise max ${Math.max(...noise)}, mean ARI ${expected.meanAri.toFixed(3)}`);
    expect(Math.min(...informative)).toBeGreaterThanOrEqual(0.9);
    expect(Math.max(...noise)).toBeLessThanOrEqual(0.2);
    expect(expected.meanAri).toBeGreaterThan(0.9);
    expect(expected.subsampleSize).toBe(320);
    expect(progress).toEqual(Array.from({ length: 20 }, (_, t) => t + 1));
    const consistency = Array.from(expected.sampleConsistency);
    expect(consistency.every((c) => c >= 0 && c <= 1)).toBe(true);
  });

  it('identical on 1, 2 and 3 workers (different answer orders) and with the full fit given', async () => {
    for (const count of [1, 2, 3]) {
      const result = await stabilityWith(inThreadLinks(count, 1), sim.X, options);
      expect(result).toEqual(expected);
    }
    const full = fit(sim.X, options);
    expect(stabilitySelection(sim.X, options, full)).toEqual(expected);
  });
});

describe('stability on worker threads', () => {
  const mice = loadMice();
  let threads: ReturnType<typeof threadLinks>;
  beforeAll(() => {
    threads = threadLinks(2);
  });
  afterAll(async () => {
    await threads.close();
  });

  it('SKFR2 on the mouse data: the same on 2 threads as in this thread, per-cluster frequencies', async () => {
    const options = { k: 8, s: 10, variant: 'local' as const, restarts: 3, seed: 2, subsamples: 6 };
    const expected = stabilitySelection(mice.X, options);
    const actual = await stabilityWith(threads.links, mice.X, options);
    expect(actual).toEqual(expected);
    expect(actual.clusterFeatureFrequency).toHaveLength(8 * 77);
    expect(Array.from(actual.clusterFeatureFrequency!).every((f) => f >= 0 && f <= 1)).toBe(true);
  });

  it('a cancel stops the run within half a second', async () => {
    const signal = { aborted: false };
    const run = stabilityWith(threads.links, mice.X, { k: 8, s: 24, restarts: 20, seed: 1, subsamples: 200, signal });
    const outcome = run.then(
      () => 'finished',
      (error: Error) => error.message,
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    const t0 = performance.now();
    signal.aborted = true;
    const message = await outcome;
    const ms = performance.now() - t0;
    console.log(`cancel took ${ms.toFixed(0)} ms`);
    expect(message).toMatch(/cancelled/);
  });
});
