/**
 * Restarts on the same data share their work arrays (core/engine/scratch.ts). A fit that follows other fits
 * on the same array — with another k, s, variant or loss, so the arrays are dirty and of other sizes — must
 * give exactly the fit on a fresh copy, whose restarts start from new arrays.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fit, fitPrepared, prepareFit, simulate } from '../../core/engine/index.js';
import { RestartScratch, restartScratch } from '../../core/engine/scratch.js';
import type { FitOptions, FitResult, Matrix } from '../../core/engine/types.js';

const copy = (X: Matrix): Matrix => ({ rows: X.rows, cols: X.cols, data: X.data.slice() });

function summary(result: FitResult) {
  return {
    labels: Array.from(result.labels),
    objective: result.objective,
    centers: Array.from(result.centers, String),
    selected: Array.from(result.selectedFeatures),
    restartObjectives: result.restartObjectives,
    iterations: result.iterations,
  };
}

/**
 * X on a grid of 1/8 with its first row set so that every column sums to exactly 0 (all sums exact): centring
 * it subtracts a mean of exactly 0, so a fit with reuseInput leaves it as it is, bit for bit.
 */
function centredExactly(X: Matrix): Matrix {
  const { rows: n, cols: p } = X;
  const data = X.data.map((v) => Math.round(v * 8) / 8);
  for (let l = 0; l < p; l++) {
    let sum = 0;
    for (let i = 1; i < n; i++) sum += data[i * p + l]!;
    data[l] = -sum;
  }
  return { rows: n, cols: p, data };
}

describe('restart work arrays', () => {
  it('are handed out filled, whatever the previous user wrote, and grow when asked for more', () => {
    const work = new RestartScratch();
    const a = work.float64('x', 4);
    a.set([1, 2, 3, 4]);
    expect(Array.from(work.float64('x', 3))).toEqual([0, 0, 0]);
    expect(Array.from(work.float64('x', 2, Infinity))).toEqual([Infinity, Infinity]);
    const b = work.int32('y', 2);
    b.set([7, 8]);
    expect(Array.from(work.int32('y', 5))).toEqual([0, 0, 0, 0, 0]);
    expect(work.float64('x', 4).buffer).toBe(a.buffer);
    expect(restartScratch(a)).toBe(restartScratch(a));
    expect(restartScratch(a)).not.toBe(restartScratch(new Float64Array(4)));
  });

  it('never change a fit: fits run back to back on one array equal fits on fresh copies (fast-check)', () => {
    const options = fc.record({
      k: fc.integer({ min: 2, max: 6 }),
      s: fc.integer({ min: 1, max: 12 }),
      variant: fc.constantFrom('global' as const, 'local' as const),
      loss: fc.constantFrom('squared' as const, 'absolute' as const),
      seed: fc.integer({ min: 1, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(options, { minLength: 2, maxLength: 4 }), fc.integer({ min: 1, max: 50 }), (runs, dataSeed) => {
        const X = centredExactly(simulate('sparse', { n: 90, p: 12, k: 3, s: 4, seed: dataSeed }).X);
        // scale: 'none', no missing cells and columns whose mean is exactly 0: the fits centre X.data in place
        // and leave it as it is.
        const shared = copy(X);
        for (const run of runs) {
          const o: FitOptions = { ...run, restarts: 3, scale: 'none' };
          const onShared = fit(shared, { ...o, reuseInput: true });
          const onFresh = fit(copy(X), o);
          expect(summary(onShared)).toEqual(summary(onFresh));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('never change a fit along a path of s on one prepared data set (the gap statistic’s use)', () => {
    const sim = simulate('sparse', { n: 150, p: 40, k: 4, s: 6, seed: 3 });
    for (const cell of [5, 90, 1234, 4000]) sim.X.data[cell] = NaN;
    const prep = prepareFit(sim.X, { k: 4, s: 1, restarts: 3, seed: 2 });
    for (const s of [1, 20, 3, 40, 6]) {
      expect(summary(fitPrepared(prep, s))).toEqual(summary(fit(sim.X, { k: 4, s, restarts: 3, seed: 2 })));
    }
  });
});
