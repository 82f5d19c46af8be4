import { describe, expect, it } from 'vitest';
import { columnStats, simulate } from '../../core/engine/index.js';

describe('simulate', () => {
  it('sparse: defaults, equal classes, informative F1..F10 with class means in ±[3, 6]', () => {
    const sim = simulate('sparse', { seed: 4 });
    expect([sim.X.rows, sim.X.cols]).toEqual([400, 50]);
    expect(sim.informative).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sim.featureNames[0]).toBe('F1');
    expect(sim.featureNames[49]).toBe('F50');
    const sizes = new Array(10).fill(0);
    for (const c of sim.classes) sizes[c]++;
    expect(sizes).toEqual(new Array(10).fill(40));
    // Class means of informative features lie in [−6,−3] ∪ [3,6] (up to sampling noise of 1/√40).
    const p = 50;
    for (let j = 0; j < 10; j++) {
      for (let l = 0; l < 12; l++) {
        let sum = 0;
        for (let i = 0; i < 400; i++) if (sim.classes[i] === j) sum += sim.X.data[i * p + l]!;
        const mean = sum / 40;
        if (l < 10) expect(Math.abs(mean)).toBeGreaterThan(2.4);
        if (l < 10) expect(Math.abs(mean)).toBeLessThan(6.6);
        if (l >= 10) expect(Math.abs(mean)).toBeLessThan(0.7);
      }
    }
  });
  it('is reproducible by seed', () => {
    expect(Array.from(simulate('subsets', { seed: 3 }).X.data)).toEqual(Array.from(simulate('subsets', { seed: 3 }).X.data));
    expect(simulate('sparse', { seed: 3 }).X.data[0]).not.toBe(simulate('sparse', { seed: 4 }).X.data[0]);
  });
  it('outliers: 10% of each class far from every center', () => {
    const sim = simulate('outliers', { seed: 2 });
    let far = 0;
    for (let i = 0; i < 400; i++) if (Math.abs(sim.X.data[i * 50]!) >= 10) far++;
    expect(far).toBe(40);
  });
  it('subsets: uneven classes, s informative features per class', () => {
    const sim = simulate('subsets', { seed: 9, p: 100 });
    expect(sim.X.rows).toBe(250);
    expect(sim.informativeByClass!.length).toBe(5);
    for (const set of sim.informativeByClass!) expect(new Set(set).size).toBe(10);
    expect(new Set(sim.classes).size).toBe(5);
  });
  it('missing: exactly 10% of the cells missing and no empty row', () => {
    const sim = simulate('missing', { seed: 1 });
    const stats = columnStats(sim.X);
    const observed = stats.observed.reduce((a, b) => a + b, 0);
    expect(250 * 50 - observed).toBe(1250);
    for (let i = 0; i < 250; i++) {
      let any = false;
      for (let l = 0; l < 50; l++) any ||= Number.isFinite(sim.X.data[i * 50 + l]!);
      expect(any).toBe(true);
    }
  });
  it('rejects impossible options', () => {
    expect(() => simulate('sparse', { k: 1 })).toThrow(/k = 1 is not possible/);
    expect(() => simulate('sparse', { s: 60 })).toThrow(/s = 60 is not possible/);
  });
});
