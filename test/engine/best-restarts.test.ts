/**
 * Memory of a fit (issue 26): only the restarts no other beats keep their arrays (BestRestarts), and finishFit
 * over what is kept is finishFit over every full result, field for field, whatever the order the restarts
 * arrive in (worker threads answer in any order). The prepared row norms are shared with worker threads when
 * the matrix is, and no restart writes them when there is no missing cell (restart-work.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BestRestarts, finishFit, fit, prepareFit, runRestart, simulate, type RestartResult } from '../../core/engine/index.js';

/** A restart result with only what BestRestarts and pickBest read, and labels that say which it is. */
function stub(restart: number, objective: number): RestartResult {
  return {
    restart,
    objective,
    labels: Int32Array.of(restart, restart),
    clusterSizes: Int32Array.of(1, 1),
    means: new Float64Array(2),
    centers: new Float64Array(2),
    selected: Int32Array.of(0),
    selectedCount: 1,
    featureScores: new Float64Array(1),
    clusterFeatureScores: new Float64Array(2),
    objectiveTrace: [objective],
    iterations: 1,
    converged: true,
    seedingMs: 1,
    fittingMs: 2,
  };
}

describe('BestRestarts', () => {
  it('keeps the arrays of the best restart only: objectives 5, 3, 3, 7 → restart 1 (lower index among the tied)', () => {
    const kept = new BestRestarts();
    for (const [r, objective] of [[0, 5], [1, 3], [2, 3], [3, 7]] as const) kept.add(stub(r, objective));
    expect(kept.all.map((r) => r.labels.length)).toEqual([0, 2, 0, 0]);
    expect(kept.all.map((r) => r.objective)).toEqual([5, 3, 3, 7]);
    expect(Array.from(kept.all[1]!.labels)).toEqual([1, 1]);
  });

  it('keeps a restart of NaN objective whole (pickBest may pick it at index 0)', () => {
    const kept = new BestRestarts();
    kept.add(stub(1, 2));
    kept.add(stub(0, NaN));
    kept.add(stub(2, 1));
    expect(kept.all.map((r) => r.labels.length)).toEqual([0, 2, 2]);
  });

  it('finishFit over the kept results = finishFit over all full results, in any order of arrival (fast-check)', () => {
    const sim = simulate('missing', { n: 90, p: 12, seed: 3 });
    const prep = prepareFit(sim.X, { k: 4, s: 5, restarts: 6, seed: 9 });
    const full = Array.from({ length: 6 }, (_, r) => runRestart(prep, r));
    const want = finishFit(prep, full);
    fc.assert(
      fc.property(fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 6, maxLength: 6 }), (order) => {
        const kept = new BestRestarts();
        for (const r of order) kept.add({ ...full[r]! });
        expect(kept.all.filter((r) => r.labels.length > 0)).toHaveLength(1);
        const got = finishFit(prep, kept.all);
        expect(got.bestRestart).toBe(want.bestRestart);
        expect(Array.from(got.labels)).toEqual(Array.from(want.labels));
        expect(Array.from(got.distances)).toEqual(Array.from(want.distances));
        expect(got.restartObjectives).toEqual(want.restartObjectives);
        expect(got.timings).toEqual(want.timings);
        expect({ ...got, labels: null, distances: null }).toEqual({ ...want, labels: null, distances: null });
      }),
      { numRuns: 20 },
    );
    // fit (BestRestarts inside) is the same fit.
    const fitted = fit(sim.X, { k: 4, s: 5, restarts: 6, seed: 9 });
    expect(Array.from(fitted.labels)).toEqual(Array.from(want.labels));
    expect(fitted.objective).toBe(want.objective);
    expect(fitted.bestRestart).toBe(want.bestRestart);
  });
});

describe('prepared row norms', () => {
  it('are in shared memory when the matrix is, and no restart writes them without missing cells', () => {
    const sim = simulate('sparse', { n: 60, p: 8, k: 3, s: 3, seed: 4 });
    const shared = new Float64Array(new SharedArrayBuffer(sim.X.data.byteLength));
    shared.set(sim.X.data);
    const prep = prepareFit({ ...sim.X, data: shared }, { k: 3, s: 3, restarts: 2, seed: 1, reuseInput: true });
    expect(prep.initialRowNorms.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(prepareFit(sim.X, { k: 3, s: 3 }).initialRowNorms.buffer).toBeInstanceOf(ArrayBuffer);
    expect(prep.missing).toHaveLength(0);
    const before = prep.initialRowNorms.slice();
    runRestart(prep, 0);
    runRestart(prep, 1);
    expect(Array.from(prep.initialRowNorms)).toEqual(Array.from(before));
    // ‖y_i‖² of the standardised rows (row 0 as a check).
    let norm0 = 0;
    for (let l = 0; l < 8; l++) norm0 += prep.data[l]! ** 2;
    expect(prep.initialRowNorms[0]).toBeCloseTo(norm0, 12);
  });
});
