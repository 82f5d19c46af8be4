import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fit } from '../../core/engine/index.js';
import type { Loss, Matrix, Variant } from '../../core/engine/index.js';

/**
 * Property (Proposition 1 + k-POD's MM argument): the objective over observed entries never increases from
 * one iteration to the next — for both variants, both losses, with and without missing cells. Small integer
 * values on purpose: they create ties, duplicate samples, empty clusters and zero-variance columns.
 */
const caseArb = fc
  .record({
    n: fc.integer({ min: 4, max: 30 }),
    p: fc.integer({ min: 1, max: 8 }),
    k: fc.integer({ min: 2, max: 4 }),
    sFrac: fc.double({ min: 0, max: 1, noNaN: true }),
    missing: fc.boolean(),
    variant: fc.constantFrom<Variant>('global', 'local'),
    loss: fc.constantFrom<Loss>('squared', 'absolute'),
    standardize: fc.boolean(),
    seed: fc.integer({ min: 0, max: 1000 }),
    integers: fc.boolean(),
  })
  .chain((c) =>
    fc.record({
      c: fc.constant(c),
      values: fc.array(
        c.integers ? fc.integer({ min: -3, max: 3 }) : fc.double({ min: -50, max: 50, noNaN: true }),
        { minLength: c.n * c.p, maxLength: c.n * c.p },
      ),
      holes: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: c.n * c.p, maxLength: c.n * c.p }),
    }),
  );

function buildMatrix(n: number, p: number, values: number[], holes: number[], missing: boolean): Matrix {
  const data = Float64Array.from(values);
  if (missing) {
    for (let o = 0; o < n * p; o++) if (holes[o]! < 0.2) data[o] = NaN;
    // Keep every row with at least one observed value (an empty row is a user error, tested elsewhere).
    for (let i = 0; i < n; i++) {
      let any = false;
      for (let l = 0; l < p; l++) any ||= Number.isFinite(data[i * p + l]!);
      if (!any) data[i * p] = values[i * p]!;
    }
  }
  return { rows: n, cols: p, data };
}

describe('objective descent', () => {
  it('never increases between iterations (fast-check, both variants and losses, with/without missing)', () => {
    let withMissing = 0;
    fc.assert(
      fc.property(caseArb, ({ c, values, holes }) => {
        const k = Math.min(c.k, c.n);
        const s = 1 + Math.floor(c.sFrac * (c.p - 1));
        const X = buildMatrix(c.n, c.p, values, holes, c.missing);
        let r;
        try {
          r = fit(X, { k, s, variant: c.variant, loss: c.loss, scale: c.standardize ? 'unit-variance' : 'none', restarts: 2, seed: c.seed, maxIterations: 50 });
        } catch (error) {
          // All-constant data has nothing to rank: that is the one legitimate refusal here.
          if ((error as { code?: string }).code === 'invalid-s' && /No feature varies/.test(String(error))) return;
          throw error;
        }
        if (r.imputedCells > 0) withMissing++;
        const t = r.objectiveTrace;
        for (let i = 1; i < t.length; i++) {
          expect(t[i]!).toBeLessThanOrEqual(t[i - 1]! + 1e-9 * (1 + Math.abs(t[i - 1]!)));
        }
        expect(r.objective).toBe(t[t.length - 1]);
        expect(Number.isFinite(r.objective)).toBe(true);
        expect(Array.from(r.clusterSizes).every((size) => size > 0)).toBe(true);
        expect(r.clusterSizes.reduce((a, b) => a + b, 0)).toBe(c.n);
        expect(r.centers.every(Number.isFinite)).toBe(true);
        expect(r.distances.every(Number.isFinite)).toBe(true);
        // The objective is the sum over samples of (squared or L1) distances on observed entries.
        const sum = Array.from(r.distances).reduce((a, d) => a + (c.loss === 'squared' ? d * d : d), 0);
        expect(Math.abs(sum - r.objective)).toBeLessThanOrEqual(1e-7 * (1 + r.objective));
      }),
      { numRuns: 300, seed: 20201206 },
    );
    expect(withMissing).toBeGreaterThan(50);
  });
});
