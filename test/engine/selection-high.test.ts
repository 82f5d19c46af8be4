import { describe, expect, it } from 'vitest';
import { countExact } from './helpers.js';

describe('feature selection on the sparse design (p = 500, 1000)', () => {
  // Measured on seeds 1..30 (exact selection by the best of the first R restarts):
  //   p = 500:  R=5: 28, R=10: 30, R=20..50: 30;
  //   p = 1000: R=5: 20, R=10: 27, R=20: 29, R=30..50: 30.
  // On another 30 data sets (the same design drawn with a different normal generator) p = 1000 gave
  // R=10: 21, R=20: 26, R=30: 27, R=40: 27, R=50: 30 — so the margin at 20–30 restarts is luck.
  // At p = 1000 the k-means++ seeds and the first nearest-seed partition are drawn in a space where 990 noise
  // features swamp the 10 informative ones, so only about 1 restart in 10 finds the informative set; with the
  // paper's 20 restarts SKFR1 gets 26–29/30 (the paper reports a median false-positive rate of 0, i.e. ≥ 15/30).
  // Expected count with a 10 % per-restart success: 30·(1 − 0.9^R) = 28.7 at R = 30, 29.85 at R = 50,
  // so this test uses 50 restarts at p = 1000 and 10 at p = 500.
  for (const [p, restarts] of [[500, 10], [1000, 50]] as const) {
    it(`selects the 10 informative features exactly in ≥ 28 of 30 seeds at p = ${p}`, () => {
      const exact = countExact(p, restarts);
      console.log(`sparse design p=${p}: informative features selected exactly in ${exact}/30 seeds (${restarts} restarts)`);
      expect(exact).toBeGreaterThanOrEqual(28);
    }, 600_000); // 30 seeds × 50 restarts at p = 1000: ~25 s on an idle core, several minutes on a busy machine
  }
});
