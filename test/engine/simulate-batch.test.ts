/**
 * The batch design of `skfr simulate` (core/engine/simulate.ts): conditions × batches, balanced; the conditions
 * shift F1..Fs, some condition up and another down on each; half the proteins shifted per batch, by more.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../core/engine/index.js';

/** Mean of protein l over the samples where `of[i] === g`. */
function groupMean(sim: ReturnType<typeof simulate>, of: Int32Array, g: number, l: number): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < sim.X.rows; i++) {
    if (of[i] !== g) continue;
    sum += sim.X.data[i * sim.X.cols + l]!;
    count++;
  }
  return sum / count;
}

describe('simulate: batch design', () => {
  it('36 samples = 3 conditions × 3 batches × 4, 200 proteins, F1..F10 informative, log2-like values', () => {
    const sim = simulate('batch', { seed: 5 });
    expect([sim.X.rows, sim.X.cols]).toEqual([36, 200]);
    expect(sim.informative).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const cells = new Map<string, number>();
    for (let i = 0; i < 36; i++) cells.set(`${sim.classes[i]}-${sim.batches![i]}`, (cells.get(`${sim.classes[i]}-${sim.batches![i]}`) ?? 0) + 1);
    expect([...cells.values()]).toEqual(new Array(9).fill(4));
    const values = Array.from(sim.X.data);
    expect(Math.min(...values)).toBeGreaterThan(5);
    expect(Math.max(...values)).toBeLessThan(45);
    expect(simulate('sparse', { seed: 5 }).batches).toBeNull();
  });

  it('conditions separate F1..F10 and nothing else; batches shift about half of the proteins, more strongly', () => {
    const sim = simulate('batch', { seed: 8 });
    const batches = sim.batches!;
    // Condition means of a protein, less the protein's mean over all 36 (noise sd 0.5/√12 ≈ 0.14 per mean).
    const spread = (of: Int32Array, groups: number, l: number) => {
      const means = Array.from({ length: groups }, (_, g) => groupMean(sim, of, g, l));
      return Math.max(...means) - Math.min(...means);
    };
    for (let l = 0; l < 10; l++) {
      // Some condition up and another down, each by 1–2 (batches balanced across conditions): range ≥ 2 less noise.
      expect(spread(sim.classes, 3, l), `F${l + 1}`).toBeGreaterThan(1.4);
    }
    for (let l = 10; l < 200; l++) expect(spread(sim.classes, 3, l)).toBeLessThan(0.8);
    const shifted = Array.from({ length: 200 }, (_, l) => spread(batches, 3, l)).filter((r) => r > 1.5).length;
    // round(200/2) = 100 shifted proteins; one whose three shifts are alike in sign can still fall under 1.5.
    expect(shifted).toBeGreaterThan(80);
    expect(shifted).toBeLessThanOrEqual(100);
  });

  it('is reproducible by seed; --batches sets the number of batches', () => {
    expect(Array.from(simulate('batch', { seed: 3 }).X.data)).toEqual(Array.from(simulate('batch', { seed: 3 }).X.data));
    const four = simulate('batch', { seed: 3, batches: 4, n: 48 });
    expect(new Set(four.batches).size).toBe(4);
    expect(() => simulate('batch', { batches: 1 })).toThrow(/batches = 1 is not possible/);
  });
});
