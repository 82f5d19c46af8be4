import { describe, expect, it } from 'vitest';
import { createRng, fit, kmeansPlusPlus, restartSeed, standardize } from '../../core/engine/index.js';
import type { Matrix } from '../../core/engine/index.js';

/** Plain Lloyd k-means, written as naively as possible, from given seed rows. Lowest cluster wins ties. */
function naiveLloyd(X: Matrix, seeds: Int32Array, maxIterations = 100): number[] {
  const n = X.rows;
  const p = X.cols;
  const row = (i: number): number[] => Array.from(X.data.subarray(i * p, (i + 1) * p));
  let centers: number[][] = Array.from(seeds, (i) => row(i));
  const nearest = (x: number[]): number => {
    let best = 0;
    let bestD = Infinity;
    centers.forEach((c, j) => {
      const d = c.reduce((acc, v, l) => acc + (x[l]! - v) ** 2, 0);
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    });
    return best;
  };
  let labels = Array.from({ length: n }, (_, i) => nearest(row(i)));
  for (let iter = 0; iter < maxIterations; iter++) {
    centers = centers.map((_, j) => {
      const members = labels.flatMap((c, i) => (c === j ? [row(i)] : []));
      if (members.length === 0) throw new Error('empty cluster in the reference (choose other data)');
      return Array.from({ length: p }, (_, l) => members.reduce((a, x) => a + x[l]!, 0) / members.length);
    });
    const next = Array.from({ length: n }, (_, i) => nearest(row(i)));
    if (next.every((c, i) => c === labels[i])) break;
    labels = next;
  }
  return labels;
}

/** Gaussian blobs: k centers N(0, 3²) per coordinate, samples N(center, 1). */
function blobs(seed: number, n: number, p: number, k: number): Matrix {
  const rng = createRng(seed);
  const centers = Array.from({ length: k * p }, () => 3 * rng.normal());
  const data = new Float64Array(n * p);
  for (let i = 0; i < n; i++) {
    const c = rng.int(k);
    for (let l = 0; l < p; l++) data[i * p + l] = centers[c * p + l]! + rng.normal();
  }
  return { rows: n, cols: p, data };
}

describe('s = p reduces SKFR1 to Lloyd', () => {
  it('gives exactly the labels of a plain Lloyd k-means from the same k-means++ seeding', () => {
    let compared = 0;
    let movedAfterSeeding = 0;
    for (let seed = 1; seed <= 25; seed++) {
      const n = 40 + ((seed * 7) % 50);
      const p = 2 + (seed % 6);
      const k = 2 + (seed % 4);
      const X = blobs(seed, n, p, k + (seed % 2)); // sometimes more blobs than clusters
      const result = fit(X, { k, s: p, restarts: 1, seed });
      // The same standardised data and the same generator as restart 0 of fit.
      const Z = standardize(X).matrix;
      const seeds = kmeansPlusPlus(Z, k, createRng(restartSeed(seed, 0)));
      const reference = naiveLloyd(Z, seeds);
      expect(Array.from(result.labels)).toEqual(reference);
      expect(result.selectedFeatures.length).toBe(p);
      if (result.iterations > 1) movedAfterSeeding++;
      compared++;
    }
    expect(compared).toBe(25);
    expect(movedAfterSeeding).toBeGreaterThan(10); // the comparison is not just "seeding = seeding"
  });
});
