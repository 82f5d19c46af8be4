/**
 * Centring is part of the model (issue 24, item 1; paper Section 2: the ranking d_l = Σ_j |C_j| μ_jl² assumes
 * centred features): hand-computed scores centred and scaled, a design with an offset noise feature that the
 * uncentred ranking would select, and the property that shifting a feature by a constant changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustedRandIndex, createRng, fit, simulate } from '../../core/engine/index.js';
import type { FitResult, Matrix, Scale } from '../../core/engine/types.js';

const fromRows = (rows: number[][]): Matrix => ({ rows: rows.length, cols: rows[0]!.length, data: Float64Array.from(rows.flat()) });

/** The old, uncentred ranking at a partition: d_l = Σ_j |C_j| m_jl², m the cluster means of the raw values. */
function uncentredScores(X: Matrix, labels: FitResult['labels'], k: number): Float64Array {
  const { rows: n, cols: p, data } = X;
  const sums = new Float64Array(k * p);
  const counts = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    counts[labels[i]!]!++;
    for (let l = 0; l < p; l++) sums[labels[i]! * p + l]! += data[i * p + l]!;
  }
  const d = new Float64Array(p);
  for (let j = 0; j < k; j++) for (let l = 0; l < p; l++) if (counts[j]! > 0) d[l]! += (sums[j * p + l]! * sums[j * p + l]!) / counts[j]!;
  return d;
}

describe('hand-computed feature scores, centred and uncentred', () => {
  // Feature A = (0, 0, 0, 2, 2, 2) separates {1, 2, 3} from {4, 5, 6}; feature B = (100, 101, 102) twice is
  // noise far from 0 (mean 101 in both clusters). Centred: A → ∓1, B → (−1, 0, 1) twice. The best fit selects A
  // (objective Σ B² = 4, against 7 for B's best split: Σ A² = 6 plus 1 left within B's clusters).
  const X = fromRows([[0, 100], [0, 101], [0, 102], [2, 100], [2, 101], [2, 102]]);
  const partition = [0, 0, 0, 1, 1, 1];

  it("scale 'none': d_A = 3·(−1)² + 3·1² = 6, d_B = 3·0² + 3·0² = 0; centers back in original units", () => {
    const r = fit(X, { k: 2, s: 1, scale: 'none', restarts: 5, seed: 1 });
    expect(Array.from(r.labels)).toEqual(r.labels[0] === 0 ? partition : partition.map((c) => 1 - c));
    expect(Array.from(r.featureScores)).toEqual([6, 0]);
    expect(Array.from(r.selectedFeatures)).toEqual([0]);
    // Centers mapped back to the original units by adding the means: (0, 101) and (2, 101).
    const byCluster = [0, 1].map((j) => Array.from(r.originalMeans.subarray(j * 2, j * 2 + 2))).sort((a, b) => a[0]! - b[0]!);
    expect(byCluster).toEqual([[0, 101], [2, 101]]);
  });

  it("scale 'unit-variance': A → ∓1/√1.2 (sd √(6/5)), d_A = 6 / 1.2 = 5; d_B = 0", () => {
    const r = fit(X, { k: 2, s: 1, scale: 'unit-variance', restarts: 5, seed: 1 });
    expect(r.featureScores[0]).toBeCloseTo(5, 12);
    expect(r.featureScores[1]).toBeCloseTo(0, 12);
    expect(Array.from(r.selectedFeatures)).toEqual([0]);
  });

  it("scale 'pareto': A → ∓1/√sd_A = ∓1/1.2^¼ (sd √1.2), d_A = 6 / √1.2 = 5.477…; d_B = 0; centers back in original units", () => {
    const r = fit(X, { k: 2, s: 1, scale: 'pareto', restarts: 5, seed: 1 });
    expect(r.featureScores[0]).toBeCloseTo(6 / Math.sqrt(1.2), 12);
    expect(r.featureScores[1]).toBeCloseTo(0, 12);
    expect(Array.from(r.selectedFeatures)).toEqual([0]);
    const byCluster = [0, 1].map((j) => Array.from(r.originalMeans.subarray(j * 2, j * 2 + 2))).sort((a, b) => a[0]! - b[0]!);
    expect(byCluster[0]![0]).toBeCloseTo(0, 12);
    expect(byCluster[1]![0]).toBeCloseTo(2, 12);
    expect(byCluster[0]![1]).toBeCloseTo(101, 12);
  });

  it('uncentred (the old --no-standardize), the same partition ranks B first: d_A = 3·0² + 3·2² = 12, d_B = 6·101² = 61206', () => {
    const d = uncentredScores(X, Int32Array.from(partition), 2);
    expect(Array.from(d)).toEqual([12, 61206]);
  });
});

/**
 * 3 informative features (class means −2, 0, +2 in turn, sd 1), 17 noise features N(0, 1) of which the last
 * has mean 1000 (an abundant protein): n = 60 in 3 equal classes.
 */
function offsetDesign(seed: number): Matrix {
  const rng = createRng(seed);
  const n = 60;
  const p = 20;
  const data = new Float64Array(n * p);
  for (let i = 0; i < n; i++) {
    const c = Math.floor((3 * i) / n);
    for (let l = 0; l < p; l++) {
      const mean = l < 3 ? 2 * (((c + l) % 3) - 1) : l === p - 1 ? 1000 : 0;
      data[i * p + l] = mean + rng.normal();
    }
  }
  return { rows: n, cols: p, data };
}

describe('a noise feature with mean 1000 among 3 informative and 16 other noise features', () => {
  const OFFSET = 19;
  it("scale 'none' never selects it (seeds 1..10) and selects the 3 informative features; uncentred scores would rank it first", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const X = offsetDesign(seed);
      const r = fit(X, { k: 3, s: 3, scale: 'none', seed });
      expect(Array.from(r.selectedFeatures).sort((a, b) => a - b)).toEqual([0, 1, 2]);
      expect(Array.from(r.selectedFeatures)).not.toContain(OFFSET);
      const old = uncentredScores(X, r.labels, 3);
      const top = Array.from(old).indexOf(Math.max(...old));
      expect(top).toBe(OFFSET);
    }
  });
});

describe('property: shifting one feature by a constant changes nothing', () => {
  it('the same partition and selection, the same scores up to rounding, with either scale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 11 }),
        fc.constantFrom(-1000, -3.5, 0.25, 64, 1e4),
        fc.constantFrom<Scale>('none', 'pareto', 'unit-variance'),
        (seed, l, shift, scale) => {
          const X = simulate('sparse', { n: 60, k: 3, s: 4, p: 12, seed }).X;
          const shifted = { ...X, data: X.data.map((v, o) => (o % X.cols === l ? v + shift : v)) };
          const a = fit(X, { k: 3, s: 4, scale, restarts: 3, seed });
          const b = fit(shifted, { k: 3, s: 4, scale, restarts: 3, seed });
          // The same partition (its clusters may be numbered otherwise: a seeding draw can fall on another sample
          // of the same cluster when distances differ in their last bits).
          expect(adjustedRandIndex(b.labels, a.labels)).toBe(1);
          expect(Array.from(b.selectedFeatures)).toEqual(Array.from(a.selectedFeatures));
          a.featureScores.forEach((d, t) => expect(Math.abs(b.featureScores[t]! - d)).toBeLessThanOrEqual(1e-8 * Math.max(1, d)));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('property: Pareto scaling does not depend on the unit of the common scale (log2 or log10)', () => {
  it('every feature times c > 0: the same partition and selection, every score times c', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.constantFrom(Math.log10(2), 0.5, 3, 1 / Math.LN2), (seed, c) => {
        const X = simulate('sparse', { n: 60, k: 3, s: 4, p: 12, seed }).X;
        const scaled = { ...X, data: X.data.map((v) => v * c) };
        const a = fit(X, { k: 3, s: 4, scale: 'pareto', restarts: 3, seed });
        const b = fit(scaled, { k: 3, s: 4, scale: 'pareto', restarts: 3, seed });
        expect(adjustedRandIndex(b.labels, a.labels)).toBe(1);
        expect(Array.from(b.selectedFeatures)).toEqual(Array.from(a.selectedFeatures));
        // Values × c/√c = √c: squared scores × c.
        a.featureScores.forEach((d, t) => expect(Math.abs(b.featureScores[t]! - c * d)).toBeLessThanOrEqual(1e-8 * Math.max(1, c * d)));
      }),
      { numRuns: 30 },
    );
  });

  it('and it lies between centring only and unit variance: one feature of 10× the spread of another, pattern alike, scores 100 : 1, 10 : 1 and 1 : 1', () => {
    // Feature B = 10 × feature A: centred only d_B = 100 d_A, Pareto d_B = 10 d_A, unit variance d_B = d_A.
    const X = fromRows([[0, 0], [0.2, 2], [-0.1, -1], [2, 20], [2.1, 21], [1.9, 19]]);
    const ratio = (scale: Scale) => {
      const r = fit(X, { k: 2, s: 2, scale, restarts: 3, seed: 1 });
      return r.featureScores[1]! / r.featureScores[0]!;
    };
    expect(ratio('none')).toBeCloseTo(100, 9);
    expect(ratio('pareto')).toBeCloseTo(10, 9);
    expect(ratio('unit-variance')).toBeCloseTo(1, 9);
  });
});
