/** Result warnings on hand-made inputs: each fires exactly on its case. */
import { describe, expect, it } from 'vitest';
import { rawQuantity, resultWarnings, type WarningInput } from '../../core/report/warnings.js';

const N = NaN;
function input(over: Partial<WarningInput> = {}): WarningInput {
  // 4 samples × 2 features; feature 1 missing in 3 of 4 samples.
  const values = Float64Array.from([1, N, 2, N, 3, N, 4, 5]);
  return { clusterSizes: [2, 2], selected: [0], featureNames: ['A', 'B'], values, n: 4, p: 2, imputed: null, recipe: { steps: [] }, tune: null, ...over };
}

describe('resultWarnings', () => {
  it('nothing to say on a sound result', () => {
    expect(resultWarnings(input())).toEqual([]);
  });
  it('a cluster of one sample', () => {
    const w = resultWarnings(input({ clusterSizes: [3, 1] }));
    expect(w.map((x) => [x.code, x.about])).toEqual([['singleton-cluster', 'clusters']]);
    expect(w[0]!.message).toMatch(/^Cluster 2 holds a single sample/);
  });
  it('a selected feature mostly missing (3 of 4 = 75 %), also when filled by an impute step', () => {
    expect(resultWarnings(input({ selected: [1] }))[0]!.message).toMatch(/B \(75 %\)/);
    const imputed = Uint8Array.from([0, 1, 0, 1, 0, 1, 0, 0]);
    const filled = Float64Array.from([1, 9, 2, 9, 3, 9, 4, 5]);
    expect(resultWarnings(input({ selected: [1], values: filled, imputed })).map((x) => x.code)).toEqual(['mostly-imputed']);
  });
  it('raw intensities fitted without a transform, not with one', () => {
    const raw = Float64Array.from([1e4, 2e4, 5e4, 1e5, 2e5, 1e6, 1e9, 3e9]);
    expect(resultWarnings(input({ values: raw })).map((x) => x.code)).toEqual(['raw-untransformed']);
    expect(resultWarnings(input({ values: raw, recipe: { steps: [{ kind: 'transform', base: 2, nonPositive: 'refuse' }] } }))).toEqual([]);
  });
  it('a quantity its format documents as raw, fitted without a log: warned by its kind, whatever the percentile test says', () => {
    // p99/p1 = 450 (like the UPS1 MaxQuant table): under the test's 1 000, so a table of no known format is not warned.
    const lfq = Float64Array.from([1e6, 2e6, 5e6, 1e7, 2e7, 5e7, 1e8, 4.5e8]);
    expect(resultWarnings(input({ values: lfq }))).toEqual([]);
    expect(rawQuantity('maxquant', 'LFQ intensity')).toBe('LFQ intensity');
    expect(rawQuantity('fragpipe', 'Spectral Count')).toBeNull();
    expect(rawQuantity('table', null)).toBeNull();
    const w = resultWarnings(input({ values: lfq, rawQuantity: 'LFQ intensity' }));
    expect(w.map((x) => x.code)).toEqual(['raw-untransformed']);
    expect(w[0]!.message).toMatch(/^LFQ intensity is a raw intensity \(from 1\.0e\+6 to .*\) and was fitted without a log transform/);
    expect(resultWarnings(input({ values: lfq, rawQuantity: 'LFQ intensity', recipe: { steps: [{ kind: 'transform', base: 2, nonPositive: 'refuse' }] } }))).toEqual([]);
    // Values that already look logarithmic (a log2 table under a raw name) are not warned about.
    expect(resultWarnings(input({ values: Float64Array.from([20, 21, 22, 23, 24, 25, 26, 27]), rawQuantity: 'LFQ intensity' }))).toEqual([]);
  });
  it('s chosen at the end of its range', () => {
    expect(resultWarnings(input({ tune: { from: 1, to: 20, chosen: 20 } }))[0]!.message).toMatch(/s = 20 is the largest value tried \(1–20\)/);
    expect(resultWarnings(input({ tune: { from: 1, to: 20, chosen: 7 } }))).toEqual([]);
  });
});
