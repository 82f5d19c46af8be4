import { describe, expect, it } from 'vitest';
import { adjustedRandIndex, fit, simulate } from '../../core/engine/index.js';
import { median } from './helpers.js';

describe('k-POD on the missing design (n=250, k=5, s=10, p=50, 10% missing)', () => {
  it('reaches a median ARI ≥ 0.9 over 30 seeds and reports the imputed cells', () => {
    const aris: number[] = [];
    for (let seed = 1; seed <= 30; seed++) {
      const sim = simulate('missing', { seed });
      const result = fit(sim.X, { k: 5, s: 10, restarts: 10, seed });
      expect(result.imputedCells).toBe(Math.round(0.1 * 250 * 50));
      expect(result.labels.length).toBe(250); // no sample dropped
      aris.push(adjustedRandIndex(result.labels, sim.classes));
    }
    console.log(`missing design: median ARI ${median(aris).toFixed(3)} (min ${Math.min(...aris).toFixed(3)})`);
    expect(median(aris)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('absolute loss on the outlier design (n=400, k=10, s=10, p=50, 10% outliers)', () => {
  it('reaches a median ARI (30 seeds) at least that of the squared loss', () => {
    const squared: number[] = [];
    const absolute: number[] = [];
    for (let seed = 1; seed <= 30; seed++) {
      const sim = simulate('outliers', { seed });
      squared.push(adjustedRandIndex(fit(sim.X, { k: 10, s: 10, restarts: 10, seed }).labels, sim.classes));
      absolute.push(adjustedRandIndex(fit(sim.X, { k: 10, s: 10, restarts: 10, seed, loss: 'absolute' }).labels, sim.classes));
    }
    console.log(`outlier design: median ARI squared ${median(squared).toFixed(3)}, absolute ${median(absolute).toFixed(3)}`);
    expect(median(absolute)).toBeGreaterThanOrEqual(median(squared));
  });
});

describe('SKFR2 on the subsets design (n=250, k=5, class-specific informative sets)', () => {
  it('recovers the classes (median ARI ≥ 0.9 over 10 seeds) and keeps s features per cluster', () => {
    const aris: number[] = [];
    for (let seed = 1; seed <= 10; seed++) {
      const sim = simulate('subsets', { p: 100, seed });
      const result = fit(sim.X, { k: 5, s: 10, restarts: 10, seed, variant: 'local' });
      expect(result.selectedFeaturesByCluster!.every((set) => set.length === 10)).toBe(true);
      aris.push(adjustedRandIndex(result.labels, sim.classes));
    }
    expect(median(aris)).toBeGreaterThanOrEqual(0.9);
  });
});
