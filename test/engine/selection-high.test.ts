import { describe, expect, it } from 'vitest';
import { countExact } from './helpers.js';

describe('feature selection on the sparse design (p = 500, 1000)', () => {
  // Measured with seeds 1..30 (best of the first R restarts): p=500 → R=5: 28, R=10: 30;
  // p=1000 → R=10: 27, R=15: 29, R=20: 29, R=30: 30. We use 10 and 20 (the paper's 20 restarts).
  for (const [p, restarts] of [[500, 10], [1000, 20]] as const) {
    it(`selects the 10 informative features exactly in ≥ 28 of 30 seeds at p = ${p}`, () => {
      const exact = countExact(p, restarts);
      console.log(`sparse design p=${p}: informative features selected exactly in ${exact}/30 seeds (${restarts} restarts)`);
      expect(exact).toBeGreaterThanOrEqual(28);
    });
  }
});
