import { describe, expect, it } from 'vitest';
import { SkfrError } from '../../core/errors.js';
import { fit, prepareFit, simulate } from '../../core/engine/index.js';
import { standardize } from '../../core/engine/standardize.js';
import type { Matrix } from '../../core/engine/types.js';

const copy = (X: Matrix): Matrix => ({ rows: X.rows, cols: X.cols, data: X.data.slice() });
const bits = (a: Float64Array): string[] => Array.from(a, String);

/** A sparse-design matrix with a few missing cells (k-POD fills them in the working matrix). */
function withMissing(): Matrix {
  const X = copy(simulate('sparse', { n: 120, p: 30, k: 3, s: 5, seed: 4 }).X);
  for (const cell of [3, 77, 400, 1201, 2999]) X.data[cell] = NaN;
  return X;
}

describe('prepareFit with reuseInput', () => {
  it('standardize in place writes exactly the values of the copying version, into X.data', () => {
    const X = withMissing();
    const expected = standardize(X).matrix.data;
    const inPlace = standardize(X, undefined, true);
    expect(inPlace.matrix.data).toBe(X.data);
    expect(bits(X.data)).toEqual(bits(expected));
  });

  for (const standardizeOption of [true, false]) {
    it(`works on X.data itself (standardize: ${standardizeOption}), with the same prepared data and fit`, () => {
      const options = { k: 3, s: 5, restarts: 4, seed: 9, standardize: standardizeOption };
      const reference = prepareFit(withMissing(), options);
      const X = withMissing();
      const prepared = prepareFit(X, { ...options, reuseInput: true });
      expect(prepared.data).toBe(X.data);
      expect(prepared.data.buffer).toBe(X.data.buffer);
      expect(bits(prepared.data)).toEqual(bits(reference.data));
      expect(Array.from(prepared.missing)).toEqual(Array.from(reference.missing));

      const without = fit(withMissing(), options);
      const withReuse = fit(withMissing(), { ...options, reuseInput: true });
      expect(Array.from(withReuse.labels)).toEqual(Array.from(without.labels));
      expect(withReuse.objective).toBe(without.objective);
      expect(bits(withReuse.originalMeans)).toEqual(bits(without.originalMeans));
      expect(withReuse.options).toEqual(without.options); // reuseInput is not echoed
    });
  }

  it('leaves X untouched by default', () => {
    const X = withMissing();
    const before = bits(X.data);
    const prepared = prepareFit(X, { k: 3, s: 5 });
    expect(prepared.data).not.toBe(X.data);
    expect(bits(X.data)).toEqual(before);
  });

  it('rejects a reuseInput that is not a boolean, quoting it', () => {
    const attempt = () => prepareFit(withMissing(), { k: 3, s: 5, reuseInput: 'yes' as unknown as boolean });
    expect(attempt).toThrow(SkfrError);
    expect(attempt).toThrow('reuseInput = "yes" is not possible: use true or false.');
  });
});
