/**
 * Every restart converges (no label changes) well within maxIterations on data full of exact ties: small
 * integer matrices give clusters with equal centers, equidistant samples and duplicate rows. Before the
 * assignment's tie rule (core/engine/assign.ts, TIE: a sample stays in its current cluster unless another is
 * nearer by more than 1e-12 of its distance scale), two clusters whose centers were equal in exact
 * arithmetic but differed in their last bits (incrementally updated sums) traded their tied samples every
 * iteration until maxIterations: the minimal case below failed for 200 of 200 seeds, the 20 × 3 matrix for
 * 40 of 50, and about 3 % of random small integer problems (SKFR1 and SKFR2, squared and absolute loss).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fit, type Loss, type Matrix, type Variant } from '../../core/engine/index.js';

function toMatrix(X: number[][]): Matrix {
  const n = X.length;
  const p = X[0]!.length;
  const data = new Float64Array(n * p);
  for (let i = 0; i < n; i++) for (let l = 0; l < p; l++) data[i * p + l] = X[i]![l]!;
  return { rows: n, cols: p, data };
}

const combos: Array<{ variant: Variant; loss: Loss }> = [];
for (const variant of ['global', 'local'] as const) for (const loss of ['squared', 'absolute'] as const) combos.push({ variant, loss });

describe('restarts converge on tied integer data', () => {
  it('one feature, 16 zeros and 2 ones, k = 3, s = 1: every seed converges', () => {
    const X = toMatrix(Array.from({ length: 18 }, (_, i) => [i === 3 || i === 4 ? 1 : 0]));
    for (const { variant, loss } of combos) {
      for (let seed = 0; seed < 200; seed++) {
        const result = fit(X, { k: 3, s: 1, restarts: 1, seed, variant, loss });
        expect(result.converged, `${variant}/${loss}, seed ${seed}`).toBe(true);
        expect(result.iterations).toBeLessThanOrEqual(5);
      }
    }
  });

  it('a 20 × 3 integer matrix with 12 distinct rows, k = 4, s = 1: every seed converges', () => {
    const X = toMatrix([
      [2, 0, 1], [0, 1, 1], [1, 2, 0], [2, 1, 0], [1, 1, 0], [2, 2, 2], [1, 0, 0], [0, 2, 1], [1, 2, 2], [0, 1, 2],
      [1, 1, 2], [1, 2, 1], [2, 2, 2], [2, 0, 1], [1, 2, 1], [1, 1, 0], [1, 2, 1], [1, 1, 0], [2, 2, 2], [1, 2, 2],
    ]);
    for (const { variant, loss } of combos) {
      for (let seed = 0; seed < 50; seed++) {
        const result = fit(X, { k: 4, s: 1, restarts: 1, seed, variant, loss });
        expect(result.converged, `${variant}/${loss}, seed ${seed}`).toBe(true);
      }
    }
  });

  it('fits on random small integer matrices always converge within maxIterations (fast-check)', () => {
    const problem = fc
      .record({ n: fc.integer({ min: 4, max: 30 }), p: fc.integer({ min: 1, max: 6 }) })
      .chain(({ n, p }) =>
        fc.record({
          X: fc.array(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: p, maxLength: p }), { minLength: n, maxLength: n }),
          gone: fc.array(fc.boolean(), { minLength: n * p, maxLength: n * p }),
          withMissing: fc.boolean(),
          k: fc.integer({ min: 2, max: Math.min(6, n) }),
          s: fc.integer({ min: 1, max: p }),
          variant: fc.constantFrom<Variant>('global', 'local'),
          loss: fc.constantFrom<Loss>('squared', 'absolute'),
          standardize: fc.constantFrom(true, true, false),
          seed: fc.integer({ min: 0, max: 1e6 }),
        }),
      )
      .map((d) => {
        const p = d.X[0]!.length;
        // Missing cells (about 1 in 6 where drawn), every row keeping an observed cell.
        const X = d.X.map((row, i) => row.map((x, l) => (d.withMissing && d.gone[i * p + l] && (i + l) % 3 === 0 ? NaN : x)));
        X.forEach((row, i) => {
          if (row.every((x) => Number.isNaN(x))) row[0] = d.X[i]![0]!;
        });
        // At least one feature must vary (the engine refuses data where none does).
        const varies = (l: number): boolean => new Set(X.map((row) => row[l]!).filter((x) => !Number.isNaN(x))).size >= 2;
        if (!Array.from({ length: p }, (_, l) => l).some(varies)) {
          X[0]![0] = 0;
          X[1]![0] = 1;
        }
        return { ...d, X };
      });
    fc.assert(
      fc.property(problem, ({ X, k, s, variant, loss, standardize, seed }) => {
        const result = fit(toMatrix(X), { k, s, variant, loss, scale: standardize ? 'unit-variance' : 'none', seed, restarts: 3, maxIterations: 100 });
        expect(result.converged).toBe(true);
        expect(result.iterations).toBeLessThan(100);
      }),
      { numRuns: 1500, seed: 20201206 },
    );
  });
});
