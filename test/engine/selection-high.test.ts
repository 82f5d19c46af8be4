import { describe, expect, it } from 'vitest';
import { countExact } from './helpers.js';

describe('feature selection on the sparse design (p = 500, 1000)', () => {
  // Measured on seeds 1..30 (exact selection by the best of the first R restarts):
  //   p = 500:  R=3: 27, R=5: 30, R=10: 30;
  //   p = 1000: R=10: 21, R=20: 26, R=30: 27, R=40: 27, R=50: 30, R=60: 30, R=80: 30.
  // At p = 1000 the k-means++ seeds and the first nearest-seed partition are drawn in a space where 990 noise
  // features swamp the 10 informative ones, so only about 1 restart in 10 finds the informative set; with the
  // paper's 20 restarts SKFR1 gets 26/30 (the paper reports a median false-positive rate of 0, i.e. ≥ 15/30).
  // 50 restarts are needed for ≥ 28/30, so that is what this test uses.
  for (const [p, restarts] of [[500, 10], [1000, 50]] as const) {
    it(`selects the 10 informative features exactly in ≥ 28 of 30 seeds at p = ${p}`, () => {
      const exact = countExact(p, restarts);
      console.log(`sparse design p=${p}: informative features selected exactly in ${exact}/30 seeds (${restarts} restarts)`);
      expect(exact).toBeGreaterThanOrEqual(28);
    });
  }
});
