/**
 * The 'missing' design against the paper's text (Section 4, "Partially observed data"): "n = 250 samples …
 * spread unevenly over k = 5 classes at random. The informative features are again multivariate standard
 * normal samples with centers θ_jl ∼ 6·U(0, 1) for l = 1, …, s, while the uninformative features are sampled
 * from N(0, 1.5). To simulate missingness, 10 % of the entries … are replaced by NA values uniformly at random."
 */
import { describe, expect, it } from 'vitest';
import { adjustedRandIndex, fit, simulate, standardize } from '../../core/engine/index.js';

/** Pooled within-class variance of columns [from, to). */
function withinVariance(data: Float64Array, classes: Int32Array, p: number, from: number, to: number): number {
  const k = Math.max(...classes) + 1;
  let ss = 0;
  let dof = 0;
  for (let l = from; l < to; l++) {
    const sum = new Float64Array(k);
    const count = new Float64Array(k);
    for (let i = 0; i < classes.length; i++) {
      sum[classes[i]!]! += data[i * p + l]!;
      count[classes[i]!]!++;
    }
    for (let i = 0; i < classes.length; i++) ss += (data[i * p + l]! - sum[classes[i]!]! / count[classes[i]!]!) ** 2;
    dof += classes.length - k;
  }
  return ss / dof;
}

describe("simulate('missing'): the paper's partially observed design", () => {
  it('n = 250 over 5 uneven classes; F1..F10 have class centers in [0, 6] and unit noise; the rest has variance 1.5', () => {
    const p = 200;
    const sim = simulate('missing', { p, seed: 3, missingFraction: 0 });
    expect([sim.X.rows, sim.X.cols]).toEqual([250, p]);
    const sizes = [0, 0, 0, 0, 0];
    for (const c of sim.classes) sizes[c]!++;
    expect(Math.min(...sizes)).toBeGreaterThan(0);
    expect(new Set(sizes).size).toBeGreaterThan(1); // uneven
    expect(sim.informative).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (let j = 0; j < 5; j++) {
      for (let l = 0; l < 10; l++) {
        let sum = 0;
        for (let i = 0; i < 250; i++) if (sim.classes[i] === j) sum += sim.X.data[i * p + l]!;
        const mean = sum / sizes[j]!;
        expect(mean).toBeGreaterThan(-4 / Math.sqrt(sizes[j]!));
        expect(mean).toBeLessThan(6 + 4 / Math.sqrt(sizes[j]!));
      }
    }
    // 2 400 and 47 500 values: the estimates are within ±0.1 and ±0.05 of the truth with room to spare.
    expect(Math.abs(withinVariance(sim.X.data, sim.classes, p, 0, 10) - 1)).toBeLessThan(0.1);
    expect(Math.abs(withinVariance(sim.X.data, sim.classes, p, 10, p) - 1.5)).toBeLessThan(0.05);
  });

  it('deletes exactly 10 % of the cells of the same draws, completely at random (by class, informative or not)', () => {
    const p = 100;
    const full = simulate('missing', { p, seed: 5, missingFraction: 0 });
    const sim = simulate('missing', { p, seed: 5 });
    expect(Array.from(sim.classes)).toEqual(Array.from(full.classes));
    let missing = 0;
    let informativeMissing = 0;
    const byClass = new Float64Array(5);
    const classCells = new Float64Array(5);
    for (let i = 0; i < 250; i++) {
      classCells[sim.classes[i]!]! += p;
      for (let l = 0; l < p; l++) {
        const x = sim.X.data[i * p + l]!;
        if (Number.isNaN(x)) {
          missing++;
          byClass[sim.classes[i]!]!++;
          if (l < 10) informativeMissing++;
        } else {
          expect(x).toBe(full.X.data[i * p + l]); // the deletion comes after the draws
        }
      }
    }
    expect(missing).toBe(2500);
    // 2 500 informative cells: 250 expected missing, sd 15.
    expect(Math.abs(informativeMissing - 250)).toBeLessThan(60);
    for (let j = 0; j < 5; j++) expect(Math.abs(byClass[j]! / classCells[j]! - 0.1)).toBeLessThan(0.03);
  });

  it('reading N(0, 1.5) as sd 1.5 instead of variance 1.5 changes nothing once the columns are standardised', () => {
    const p = 200;
    const sim = simulate('missing', { p, seed: 2 });
    const scaled = sim.X.data.slice();
    const factor = 1.5 / Math.sqrt(1.5);
    for (let i = 0; i < 250; i++) for (let l = 10; l < p; l++) scaled[i * p + l]! *= factor;
    const other = { rows: 250, cols: p, data: scaled };
    const a = standardize(sim.X).matrix.data;
    const b = standardize(other).matrix.data;
    let worst = 0;
    for (let o = 0; o < a.length; o++) if (Number.isFinite(a[o]!)) worst = Math.max(worst, Math.abs(a[o]! - b[o]!));
    expect(worst).toBeLessThan(1e-12);
    const options = { k: 5, s: 10, restarts: 5, seed: 1 };
    const fa = fit(sim.X, options);
    const fb = fit(other, options);
    expect(adjustedRandIndex(fa.labels, fb.labels)).toBe(1);
    expect(Array.from(fb.selectedFeatures)).toEqual(Array.from(fa.selectedFeatures));
  });
});
