import { describe, expect, it } from 'vitest';
import { SkfrError } from '../../core/errors.js';
import { fit, fromRows, simulate, standardize, tuneSparsity, validateFitOptions } from '../../core/engine/index.js';
import type { AbortSignalLike, Matrix } from '../../core/engine/index.js';

function codeAndMessage(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof SkfrError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a SkfrError');
}

// 10 × 3 matrix with a little structure.
const X: Matrix = fromRows(Array.from({ length: 10 }, (_, i) => [i, (i * 7) % 5, i < 5 ? 0 : 3]));

describe('validation errors', () => {
  it('k out of range', () => {
    expect(codeAndMessage(() => fit(X, { k: 0, s: 1 }))).toEqual({
      code: 'invalid-k',
      message: 'k = 0 is not possible: k must be between 2 and the number of samples (10).',
    });
    expect(codeAndMessage(() => fit(X, { k: 11, s: 1 }))).toEqual({
      code: 'invalid-k',
      message: 'k = 11 is not possible: k must be between 2 and the number of samples (10).',
    });
    expect(codeAndMessage(() => fit(X, { k: 2.5, s: 1 })).message).toBe(
      'k = 2.5 is not possible: k must be a whole number between 2 and the number of samples (10).',
    );
  });
  it('s out of range', () => {
    expect(codeAndMessage(() => fit(X, { k: 2, s: 0 }))).toEqual({
      code: 'invalid-s',
      message: 's = 0 is not possible: s must be between 1 and the number of features (3).',
    });
    expect(codeAndMessage(() => fit(X, { k: 2, s: 4 }))).toEqual({
      code: 'invalid-s',
      message: 's = 4 is not possible: s must be between 1 and the number of features (3).',
    });
  });
  it('bad restarts, maxIterations, seed, variant', () => {
    expect(codeAndMessage(() => fit(X, { k: 2, s: 1, restarts: 0 }))).toEqual({
      code: 'invalid-option',
      message: 'restarts = 0 is not possible: restarts must be a whole number between 1 and 10000.',
    });
    expect(codeAndMessage(() => fit(X, { k: 2, s: 1, maxIterations: -1 })).code).toBe('invalid-option');
    expect(codeAndMessage(() => fit(X, { k: 2, s: 1, seed: 1.5 })).message).toMatch(/^seed = 1.5 is not possible/);
    expect(codeAndMessage(() => fit(X, { k: 2, s: 1, variant: 'both' as never })).message).toMatch(/variant = "both"/);
  });
  it('a sample with no observed value names its 1-based row', () => {
    const Y = fromRows([[1, 2], [3, 4], [NaN, NaN], [5, 6]]);
    const e = codeAndMessage(() => fit(Y, { k: 2, s: 1 }));
    expect(e.code).toBe('empty-sample');
    expect(e.message).toMatch(/^Row 3 has no observed value/);
  });
  it('validateFitOptions merges the defaults in one place and echoes them', () => {
    expect(validateFitOptions(100, 20, { k: 3, s: 5 })).toEqual({
      k: 3, s: 5, variant: 'global', loss: 'squared', restarts: 20, seed: 1, maxIterations: 100, scale: 'unit-variance',
    });
    expect(fit(X, { k: 2, s: 2, restarts: 2, seed: 9 }).options).toEqual({
      k: 2, s: 2, variant: 'global', loss: 'squared', restarts: 2, seed: 9, maxIterations: 100, scale: 'unit-variance',
    });
  });
  it('tuneSparsity validates its s values and permutations', () => {
    expect(codeAndMessage(() => tuneSparsity(X, { k: 2, sValues: [1, 4] })).code).toBe('invalid-s');
    expect(codeAndMessage(() => tuneSparsity(X, { k: 2, sValues: [] })).code).toBe('invalid-s');
    expect(codeAndMessage(() => tuneSparsity(X, { k: 2, sValues: [1], permutations: 0 })).code).toBe('invalid-option');
    expect(codeAndMessage(() => tuneSparsity(X, { k: 2, sValues: [1], tuneRestarts: 0 }))).toEqual({
      code: 'invalid-option',
      message: 'tuneRestarts = 0 is not possible: tuneRestarts must be a whole number between 1 and 10000.',
    });
  });
});

describe('zero-variance features', () => {
  it('standardize lists constant and all-missing columns and never divides by zero', () => {
    const z = standardize(fromRows([[1, 5, NaN], [3, 5, NaN], [5, 5, NaN]]));
    expect(z.zeroVariance).toEqual([1, 2]);
    // column 0: mean 3, sample sd 2 → [−1, 0, 1]
    expect(Array.from(z.matrix.data)).toEqual([-1, 0, NaN, 0, 0, NaN, 1, 0, NaN]);
    expect(Array.from(z.sds)).toEqual([2, 0, 0]);
  });
  it('is reported by fit, never selected (even with s = p), and produces no NaN', () => {
    for (const standardizeFlag of [true, false]) {
      for (const variant of ['global', 'local'] as const) {
        const r = fit(X, { k: 2, s: 3, restarts: 3, variant, scale: standardizeFlag ? 'unit-variance' : 'none', loss: 'absolute' });
        const q = fit(X, { k: 3, s: 3, restarts: 3, variant, scale: standardizeFlag ? 'unit-variance' : 'none' });
        for (const result of [r, q]) {
          expect(result.zeroVarianceFeatures).toEqual([]);
        }
      }
    }
    const Y = fromRows(Array.from({ length: 12 }, (_, i) => [i % 3, 4, i * i, (i * 5) % 7]));
    for (const variant of ['global', 'local'] as const) {
      for (const standardizeFlag of [true, false]) {
        const r = fit(Y, { k: 3, s: 4, restarts: 3, variant, scale: standardizeFlag ? 'unit-variance' : 'none' });
        expect(r.zeroVarianceFeatures).toEqual([1]);
        expect(Array.from(r.selectedFeatures)).not.toContain(1);
        expect(r.selectedFeatures.length).toBe(3);
        expect(r.featureScores[1]).toBe(0);
        for (const arr of [r.means, r.centers, r.originalMeans, r.distances, r.featureScores]) {
          expect(arr.every(Number.isFinite)).toBe(true);
        }
        expect(Number.isFinite(r.objective)).toBe(true);
        // Original units: the constant column's cluster value is 4.
        for (let j = 0; j < 3; j++) expect(r.originalMeans[j * 4 + 1]).toBeCloseTo(4, 12);
      }
    }
  });
});

describe('cancellation', () => {
  it('an already-aborted signal throws cancelled', () => {
    const signal: AbortSignalLike = { aborted: true };
    expect(codeAndMessage(() => fit(X, { k: 2, s: 1, signal }))).toEqual({ code: 'cancelled', message: 'The run was cancelled.' });
    expect(codeAndMessage(() => tuneSparsity(X, { k: 2, sValues: [1, 2], signal })).code).toBe('cancelled');
  });
  it('a signal that turns aborted during the run is honoured mid-fit', () => {
    let reads = 0;
    const signal: AbortSignalLike = {
      get aborted() {
        reads++;
        return reads > 40;
      },
    };
    const sim = simulate('sparse', { n: 400, p: 50, seed: 2 });
    expect(codeAndMessage(() => fit(sim.X, { k: 10, s: 10, restarts: 20, signal })).code).toBe('cancelled');
    expect(reads).toBe(41);
  });
});
