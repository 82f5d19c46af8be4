/**
 * The worker-thread pool gives exactly the single-threaded engine's answer for the same seed
 * (labels, objective, every restart's objective, selected features, the whole Gap curve), never uses more
 * threads than cores, reports user errors with their codes, and honours a cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alternateKS, fit, simulate, stabilitySelection, tuneClusters, tuneSparsity } from '../../core/engine/index.js';
import type { FitOptions, KTuneOptions, Matrix, StabilityOptions } from '../../core/engine/types.js';
import { SkfrError } from '../../core/errors.js';
import { isShared, shareFloat64 } from '../../core/parallel/shared.js';
import { createWorkerPool, fitParallel, resolveWorkerCount, type WorkerPool } from '../../node/parallel/pool.js';
import { expectSameFit } from './same-fit.js';

let pool: WorkerPool;
beforeAll(() => {
  pool = createWorkerPool({ workers: 2 });
});
afterAll(async () => {
  await pool.close();
});

describe('fit on the worker pool', () => {
  const sparse = simulate('sparse', { n: 300, p: 40, k: 5, s: 10, seed: 11 });
  const missing = simulate('missing', { n: 200, p: 30, seed: 12 });
  const cases: [string, Matrix, FitOptions][] = [
    ['SKFR1', sparse.X, { k: 5, s: 10, restarts: 7, seed: 3 }],
    ['SKFR2', sparse.X, { k: 5, s: 6, restarts: 5, seed: 4, variant: 'local' }],
    ['absolute loss', sparse.X, { k: 5, s: 10, restarts: 4, seed: 5, loss: 'absolute' }],
    ['k-POD (missing cells: private copies per worker)', missing.X, { k: 5, s: 10, restarts: 6, seed: 6 }],
    ['not standardized', sparse.X, { k: 4, s: 8, restarts: 3, seed: 7, scale: 'none' }],
  ];
  it.each(cases)('%s: identical to fit()', async (_name, X, options) => {
    const expected = fit(X, options);
    const actual = await pool.fit(X, options);
    expect(pool.size).toBe(2);
    expectSameFit(expected, actual);
  });

  it('a different seed gives a different answer (the comparison above can fail)', async () => {
    const a = fit(sparse.X, { k: 5, s: 10, restarts: 3, seed: 1 });
    const b = await pool.fit(sparse.X, { k: 5, s: 10, restarts: 3, seed: 2 });
    expect(b.restartObjectives).not.toEqual(a.restartObjectives);
  });

  it('reports progress once per restart and ends at fraction 1', async () => {
    const fractions: number[] = [];
    await pool.fit(sparse.X, { k: 5, s: 10, restarts: 5, onProgress: (p) => fractions.push(p.fraction) });
    expect(fractions.filter((f) => f > 0 && f < 1).length).toBeGreaterThanOrEqual(4);
    expect(fractions.at(-1)).toBe(1);
  });

  it('throws user errors with their code, before any worker runs', async () => {
    await expect(pool.fit(sparse.X, { k: 1, s: 5 })).rejects.toMatchObject({ code: 'invalid-k' });
    await expect(pool.fit(sparse.X, { k: 3, s: 41 })).rejects.toMatchObject({ code: 'invalid-s' });
  });

  it('honours a cancel raised while the workers run', async () => {
    const big = simulate('sparse', { n: 20_000, p: 200, k: 10, s: 10, seed: 1 });
    const signal = { aborted: false };
    setTimeout(() => (signal.aborted = true), 30);
    await expect(pool.fit(big.X, { k: 10, s: 200, restarts: 50, signal })).rejects.toBeInstanceOf(SkfrError);
    // The pool is still usable afterwards.
    expectSameFit(fit(sparse.X, { k: 5, s: 10, restarts: 2 }), await pool.fit(sparse.X, { k: 5, s: 10, restarts: 2 }));
  });
});

describe('tuning on the worker pool', () => {
  it('gives the Gap curve, bestS, oneSeS and fit of tuneSparsity()', async () => {
    const sim = simulate('sparse', { n: 200, p: 25, k: 4, s: 8, seed: 21 });
    const options = { k: 4, sValues: [12, 2, 5, 8, 25], permutations: 4, restarts: 3, seed: 9 };
    const expected = tuneSparsity(sim.X, options);
    const actual = await pool.tune(sim.X, options);
    expect(actual.curve).toEqual(expected.curve);
    expect(actual.bestS).toBe(expected.bestS);
    expect(actual.oneSeS).toBe(expected.oneSeS);
    expect(actual.permutations).toBe(4);
    expectSameFit(expected.fit, actual.fit);
  });

  it('with missing cells too, and leaves the caller\'s matrix (plain or shared) untouched', async () => {
    const sim = simulate('missing', { n: 150, p: 20, k: 3, s: 5, seed: 4 });
    const options = { k: 3, sValues: [3, 5, 9], permutations: 3, restarts: 2, seed: 6 };
    const before = Array.from(sim.X.data, String);
    const expected = tuneSparsity(sim.X, options);
    const actual = await pool.tune(sim.X, options);
    expect(actual.curve).toEqual(expected.curve);
    expectSameFit(expected.fit, actual.fit);
    expect(Array.from(sim.X.data, String)).toEqual(before);
    const shared = new Float64Array(new SharedArrayBuffer(sim.X.data.byteLength));
    shared.set(sim.X.data);
    const again = await pool.tune({ ...sim.X, data: shared }, options);
    expect(again.curve).toEqual(expected.curve);
    expect(Array.from(shared, String)).toEqual(before);
  });

  it('rejects bad permutations like tuneSparsity', async () => {
    const sim = simulate('sparse', { n: 100, p: 20, k: 3, s: 5, seed: 1 });
    await expect(pool.tune(sim.X, { k: 3, sValues: [5], permutations: 0 })).rejects.toMatchObject({ code: 'invalid-option' });
    await expect(pool.tune(sim.X, { k: 3, sValues: [] })).rejects.toMatchObject({ code: 'invalid-s' });
  });
});

describe('stability on the worker pool', () => {
  it('gives stabilitySelection()’s figures on 2 threads and in this thread (SKFR1 and SKFR2, missing cells)', async () => {
    const sparse = simulate('sparse', { n: 200, p: 30, k: 4, s: 6, seed: 8 });
    const missing = simulate('missing', { n: 150, p: 20, k: 3, s: 5, seed: 4 });
    const inThread = createWorkerPool({ workers: 1 });
    const cases: [Matrix, StabilityOptions][] = [
      [sparse.X, { k: 4, s: 6, restarts: 3, seed: 5, subsamples: 7 }],
      [sparse.X, { k: 4, s: 3, restarts: 2, seed: 6, subsamples: 5, variant: 'local' }],
      [missing.X, { k: 3, s: 5, restarts: 2, seed: 7, subsamples: 5, fraction: 0.6 }],
    ];
    for (const [X, options] of cases) {
      const { subsamples: _b, fraction: _f, ...fitOptions } = options;
      const full = fit(X, fitOptions);
      const expected = stabilitySelection(X, options, full);
      expect(await pool.stability(X, options, full)).toEqual(expected);
      expect(await inThread.stability(X, options, full)).toEqual(expected);
      // Without the full fit: fitted on the pool first, the same figures.
      expect(await pool.stability(X, options)).toEqual(expected);
    }
  });

  it('reports a progress per subsample fit, rejects impossible options, and honours a cancel', async () => {
    const sim = simulate('sparse', { n: 300, p: 40, k: 5, s: 8, seed: 3 });
    const seen: number[] = [];
    await pool.stability(sim.X, { k: 5, s: 8, restarts: 2, subsamples: 6, onProgress: (p) => seen.push(p.subsample ?? -1) });
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    await expect(pool.stability(sim.X, { k: 5, s: 8, subsamples: 0 })).rejects.toMatchObject({ code: 'invalid-option' });
    const signal = { aborted: false };
    const run = pool.stability(sim.X, { k: 5, s: 8, restarts: 20, subsamples: 500, signal, onProgress: () => void (signal.aborted = true) });
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('choosing k on the worker pool', () => {
  /** Everything but the timings, which differ run to run. */
  const plain = <T extends { fit: { timings: unknown } }>(result: T) => ({ ...result, fit: { ...result.fit, timings: null } });

  it('tuneK gives tuneClusters()’s curve, rules and fit, on 2 threads and in this thread (SKFR1, SKFR2, missing cells)', async () => {
    const sparse = simulate('sparse', { n: 180, p: 20, k: 4, s: 6, seed: 5 });
    const missing = simulate('missing', { n: 150, p: 20, k: 3, s: 5, seed: 4 });
    const inThread = createWorkerPool({ workers: 1 });
    const cases: [Matrix, KTuneOptions][] = [
      [sparse.X, { s: 6, kValues: [5, 2, 3, 4, 6], permutations: 3, restarts: 3, seed: 2 }],
      [sparse.X, { s: 3, kValues: [3, 4, 5], permutations: 2, restarts: 2, seed: 3, variant: 'local', rule: 'silhouette' }],
      [missing.X, { s: 5, kValues: [2, 3, 4], permutations: 2, restarts: 2, tuneRestarts: 1, seed: 4 }],
    ];
    for (const [X, options] of cases) {
      const expected = plain(tuneClusters(X, options));
      expect(plain(await pool.tuneK(X, options))).toEqual(expected);
      expect(plain(await inThread.tuneK(X, options))).toEqual(expected);
    }
  });

  it('alternate gives alternateKS()’s steps, k, s and fit', async () => {
    const sim = simulate('sparse', { n: 150, p: 12, k: 4, s: 5, seed: 3 });
    const options = { k: 3, kValues: [3, 4, 5], sValues: [3, 5, 8], permutations: 2, restarts: 2, seed: 1 };
    const expected = alternateKS(sim.X, options);
    const actual = await pool.alternate(sim.X, options);
    expect(actual.steps).toEqual(expected.steps);
    expect([actual.k, actual.s, actual.settled]).toEqual([expected.k, expected.s, expected.settled]);
    expectSameFit(expected.fit, actual.fit);
  });

  it('reports progress per (data set, k), refuses impossible ranges, and honours a cancel', async () => {
    const sim = simulate('sparse', { n: 300, p: 40, k: 5, s: 8, seed: 3 });
    const fractions: number[] = [];
    await pool.tuneK(sim.X, { s: 8, kValues: [4, 5], permutations: 2, restarts: 2, onProgress: (p) => fractions.push(p.fraction) });
    expect(fractions).toHaveLength(3 * 2 + 1);
    expect(fractions.at(-1)).toBe(1);
    await expect(pool.tuneK(sim.X, { s: 8, kValues: [1, 3] })).rejects.toMatchObject({ code: 'invalid-k' });
    await expect(pool.tuneK(sim.X, { s: 8, kValues: [3], permutations: 0 })).rejects.toMatchObject({ code: 'invalid-option' });
    const signal = { aborted: false };
    const run = pool.tuneK(sim.X, { s: 8, kValues: [3, 4, 5, 6, 7, 8], permutations: 200, signal, onProgress: () => void (signal.aborted = true) });
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('resources', () => {
  it('never asks for more threads than cores, and 1 means "in this thread"', async () => {
    expect(resolveWorkerCount(64, 2)).toBe(2);
    expect(resolveWorkerCount(undefined, 3)).toBe(3);
    expect(resolveWorkerCount(1, 8)).toBe(1);
    expect(() => resolveWorkerCount(0, 2)).toThrow(/workers = 0/);
    const sim = simulate('sparse', { n: 120, p: 15, k: 3, s: 5, seed: 2 });
    const inThread = createWorkerPool({ workers: 1 });
    expect(inThread.size).toBe(0);
    expectSameFit(fit(sim.X, { k: 3, s: 5, restarts: 2 }), await inThread.fit(sim.X, { k: 3, s: 5, restarts: 2 }));
    expectSameFit(fit(sim.X, { k: 3, s: 5, restarts: 3 }), await fitParallel(sim.X, { k: 3, s: 5, restarts: 3 }, { workers: 2 }));
  });

  it('shares the matrix (SharedArrayBuffer) instead of copying it', () => {
    const a = new Float64Array([1, 2, 3]);
    const shared = shareFloat64(a);
    expect(isShared(a)).toBe(false);
    expect(isShared(shared)).toBe(true);
    expect(Array.from(shared)).toEqual([1, 2, 3]);
    expect(shareFloat64(shared)).toBe(shared);
  });
});
