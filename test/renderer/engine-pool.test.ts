/**
 * The browser build's engine pool (renderer/src/bridge/engine-pool.ts) over fake Web Workers that run the real
 * core/parallel executor in this thread, asynchronously, with every message structured-cloned as a browser
 * would: fits and tunings give exactly fit() / tuneSparsity()'s answer; a worker that fires 'error' mid-job
 * fails that job with 'compute-crashed' and is replaced for the next one; workers that keep dying are given up
 * after 3 deaths in a row and the pool answers in-thread; never more workers than cores, none for one core.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alternateKS, fit, simulate, stabilitySelection, tuneClusters, tuneSparsity } from '../../core/engine/index';
import type { FitOptions, FitResult, Matrix, TuneOptions } from '../../core/engine/types';
import { SkfrError } from '../../core/errors';
import { createExecutor } from '../../core/parallel/executor';
import type { WorkerRequest } from '../../core/parallel/protocol';
import {
  MAX_CONSECUTIVE_DEATHS,
  createWebWorkerPool,
  resolveWebWorkerCount,
  type EngineWorker,
  type WebWorkerPool,
  warmFitMatrix,
  warmFitOptions,
} from '../../renderer/src/bridge/engine-pool';
import { expectSameFit } from '../parallel/same-fit.js';

type Listener = (event: Event) => void;
/** When a fake worker dies: never, on the n-th message it receives (1-based), or right after it starts. */
type Doom = { kind: 'never' } | { kind: 'on-message'; n: number } | { kind: 'at-start' };

/** Just enough of a Web Worker: postMessage / add- and removeEventListener / terminate, executor in-process. */
class FakeWorker {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly executor = createExecutor();
  terminated = false;
  received = 0;
  errorsPrevented = 0;

  constructor(private readonly doom: Doom) {
    if (doom.kind === 'at-start') setTimeout(() => this.die('could not load the worker script'), 0);
  }

  postMessage(message: unknown): void {
    if (this.terminated) return;
    const request = structuredClone(message) as WorkerRequest;
    this.received++;
    const dies = this.doom.kind === 'on-message' && this.received === this.doom.n;
    setTimeout(() => {
      if (this.terminated) return;
      if (dies) return this.die('engine worker out of memory');
      const reply = this.executor.handle(request);
      if (reply) this.emit('message', { type: 'message', data: structuredClone(reply) });
    }, 0);
  }
  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }
  terminate(): void {
    this.terminated = true;
  }
  die(message: string): void {
    this.emit('error', { type: 'error', message, preventDefault: () => void this.errorsPrevented++ });
  }
  /** As a browser dispatches: to every listener registered when the event fires, even if one terminates us. */
  private emit(type: string, event: object): void {
    if (this.terminated) return;
    for (const l of [...(this.listeners.get(type) ?? [])]) l(event as Event);
  }
}

/** A makeWorker whose n-th worker (0-based) gets `doomOf(n)`; keeps every worker it made. */
function factory(doomOf: (n: number) => Doom = () => ({ kind: 'never' })) {
  const made: FakeWorker[] = [];
  const makeWorker = (): EngineWorker => {
    const w = new FakeWorker(doomOf(made.length));
    made.push(w);
    return w as unknown as EngineWorker;
  };
  return { made, makeWorker };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof SkfrError ? error.code : `not a SkfrError: ${String(error)}`;
  }
  return 'resolved';
}

const sparse = simulate('sparse', { n: 160, p: 24, k: 4, s: 6, seed: 11 });
const missing = simulate('missing', { n: 120, p: 20, seed: 12 });
const FIT: FitOptions = { k: 4, s: 6, restarts: 6, seed: 3 };
const TUNE: TuneOptions = { k: 4, sValues: [2, 4, 6, 9], permutations: 3, restarts: 4, tuneRestarts: 2, seed: 5 };

let pools: WebWorkerPool[] = [];
function pool(options: Parameters<typeof createWebWorkerPool>[0]): WebWorkerPool {
  const p = createWebWorkerPool(options);
  pools.push(p);
  return p;
}
beforeEach(() => {
  vi.stubGlobal('navigator', { hardwareConcurrency: 4 });
});
afterEach(() => {
  for (const p of pools) p.close();
  pools = [];
  vi.unstubAllGlobals();
});

describe('answers identical to the single-threaded engine', () => {
  const cases: [string, Matrix, FitOptions][] = [
    ['SKFR1', sparse.X, FIT],
    ['SKFR2, absolute loss', sparse.X, { k: 4, s: 4, restarts: 5, seed: 4, variant: 'local', loss: 'absolute' }],
    ['k-POD (missing cells)', missing.X, { k: 5, s: 8, restarts: 5, seed: 6 }],
  ];
  it.each(cases)('fit, %s', async (_name, X, options) => {
    const { made, makeWorker } = factory();
    const engine = pool({ workers: 2, makeWorker });
    expectSameFit(fit(X, options), await engine.fit(X, options));
    expect(made).toHaveLength(2);
    // Both workers did some of the restarts (each got a load, tasks and a release).
    for (const w of made) expect(w.received).toBeGreaterThanOrEqual(3);
  });

  it('inThreadBelow: a fit of fewer samples × features × restarts runs in the calling worker, a larger one on the workers; the same answer', async () => {
    const cells = sparse.X.rows * sparse.X.cols * FIT.restarts!;
    const { made, makeWorker } = factory();
    const engine = pool({ workers: 2, makeWorker, inThreadBelow: cells + 1 });
    expectSameFit(fit(sparse.X, FIT), await engine.fit(sparse.X, FIT));
    for (const w of made) expect(w.received).toBe(0);
    const more = { ...FIT, restarts: FIT.restarts! + 1 };
    expectSameFit(fit(sparse.X, more), await engine.fit(sparse.X, more));
    for (const w of made) expect(w.received).toBeGreaterThanOrEqual(3);
    // (a tuning is never small: on the workers)
    const { made: tuned, makeWorker: again } = factory();
    const tuning = pool({ workers: 2, makeWorker: again, inThreadBelow: Number.MAX_SAFE_INTEGER });
    await tuning.tune(sparse.X, TUNE);
    for (const w of tuned) expect(w.received).toBeGreaterThanOrEqual(3);
  });

  it('warmWorkers: a small fit runs in the calling worker while the workers are cold, on them once they have fitted (samples ≥ features); the same answer', async () => {
    const cells = sparse.X.rows * sparse.X.cols * FIT.restarts!;
    const { made, makeWorker } = factory();
    const engine = pool({ workers: 2, makeWorker, inThreadBelow: cells + 1 });
    expect(engine.workersWarm).toBe(false);
    expectSameFit(fit(sparse.X, FIT), await engine.fit(sparse.X, FIT));
    for (const w of made) expect(w.received).toBe(0);
    // A fit asked while the warm-up runs waits for it, then goes to the workers.
    const warming = engine.warmWorkers();
    const during = engine.fit(sparse.X, FIT);
    await warming;
    expect(engine.workersWarm).toBe(true);
    const warmed = made.map((w) => w.received);
    for (const n of warmed) expect(n).toBeGreaterThanOrEqual(3);
    expectSameFit(fit(sparse.X, FIT), await during);
    expectSameFit(fit(sparse.X, FIT), await engine.fit(sparse.X, FIT));
    made.forEach((w, i) => expect(w.received).toBeGreaterThan(warmed[i]!));
    expect(engine.warmWorkers()).toBe(warming);
    // A small fit with fewer samples than features (a protein matrix's shape) stays in the calling worker.
    const wide = { rows: sparse.X.cols, cols: sparse.X.rows, data: sparse.X.data };
    const sent = made.map((w) => w.received);
    expectSameFit(fit(wide, FIT), await engine.fit(wide, FIT));
    made.forEach((w, i) => expect(w.received).toBe(sent[i]));
    // With no workers (one core), nothing to warm: fits stay in the calling worker.
    const single = pool({ workers: 1 });
    await single.warmWorkers();
    expect(single.workersWarm).toBe(false);
  });

  it('warmFitMatrix: a fixed matrix with missing values (every call the same)', () => {
    const X = warmFitMatrix();
    expect([X.rows, X.cols]).toEqual([600, 40]);
    expect(X.data.some(Number.isNaN)).toBe(true);
    expect(Array.from(warmFitMatrix().data)).toEqual(Array.from(X.data));
    expect(warmFitOptions(2).restarts).toBe(16); // WARM_RESTARTS (8) on each of 2 workers
    expect(warmFitOptions(0).restarts).toBe(8);
  });

  it('a different seed changes the answer (the comparison above can fail)', async () => {
    const engine = pool({ workers: 2, makeWorker: factory().makeWorker });
    const other = await engine.fit(sparse.X, { ...FIT, seed: 4 });
    expect(other.restartObjectives).not.toEqual(fit(sparse.X, FIT).restartObjectives);
  });

  it('tune: the whole Gap curve, the chosen s and its fit', async () => {
    const engine = pool({ workers: 3, makeWorker: factory().makeWorker });
    const expected = tuneSparsity(sparse.X, TUNE);
    const actual = await engine.tune(sparse.X, TUNE);
    expect(actual.curve).toEqual(expected.curve);
    expect(actual.bestS).toBe(expected.bestS);
    expect(actual.oneSeS).toBe(expected.oneSeS);
    expectSameFit(expected.fit, actual.fit);
  });

  it('stability: stabilitySelection()’s figures on 1, 2 and 3 workers and in-thread (SKFR1, SKFR2); a cancel ends in "cancelled"', async () => {
    const options = { ...FIT, restarts: 2, subsamples: 6 };
    const local = { ...options, s: 3, variant: 'local' as const };
    for (const o of [options, local]) {
      const { subsamples: _b, ...fitOptions } = o;
      const full = fit(sparse.X, fitOptions);
      const expected = stabilitySelection(sparse.X, o, full);
      for (const workers of [1, 2, 3]) {
        const engine = pool({ workers, makeWorker: factory().makeWorker });
        expect(await engine.stability(sparse.X, o, full)).toEqual(expected);
      }
    }
    const engine = pool({ workers: 2, makeWorker: factory().makeWorker });
    const signal = { aborted: false };
    const run = engine.stability(sparse.X, { ...options, subsamples: 200, signal, onProgress: () => void (signal.aborted = true) });
    expect(await codeOf(run)).toBe('cancelled');
  });

  it('tuneK and alternate: tuneClusters() / alternateKS()’s answer on 1 and 3 workers', async () => {
    const options = { s: 6, kValues: [3, 4, 5], permutations: 2, restarts: 3, seed: 2 };
    const expected = tuneClusters(sparse.X, options);
    const alternate = { k: 3, kValues: [3, 4, 5], sValues: [4, 6, 9], permutations: 2, restarts: 2, seed: 1 };
    const steps = alternateKS(sparse.X, alternate);
    for (const workers of [1, 3]) {
      const engine = pool({ workers, makeWorker: factory().makeWorker });
      const actual = await engine.tuneK(sparse.X, options);
      expect(actual.curve).toEqual(expected.curve);
      expect(actual.kRules).toEqual(expected.kRules);
      expectSameFit(expected.fit, actual.fit);
      const searched = await engine.alternate(sparse.X, alternate);
      expect(searched.steps).toEqual(steps.steps);
      expectSameFit(steps.fit, searched.fit);
    }
  });

  it('user mistakes reject with the engine’s code; a cancel ends in "cancelled"', async () => {
    const engine = pool({ workers: 2, makeWorker: factory().makeWorker });
    expect(await codeOf(engine.fit(sparse.X, { ...FIT, s: 99 }))).toBe('invalid-s');
    const signal = { aborted: false };
    const run = engine.fit(sparse.X, { ...FIT, restarts: 40, signal, onProgress: () => void (signal.aborted = true) });
    expect(await codeOf(run)).toBe('cancelled');
  });
});

describe('dead workers', () => {
  it("a worker firing 'error' mid-job fails the job with compute-crashed; it is replaced and the next job succeeds", async () => {
    // Worker 0 dies on its third message (load, task 0, then task 2): in the middle of the job.
    const { made, makeWorker } = factory((n) => (n === 0 ? { kind: 'on-message', n: 3 } : { kind: 'never' }));
    const engine = pool({ workers: 2, makeWorker });
    await expect(engine.fit(sparse.X, FIT)).rejects.toMatchObject({ code: 'compute-crashed', message: expect.stringContaining('out of memory') });
    expect(made[0]!.terminated).toBe(true);
    expect(made[0]!.errorsPrevented).toBeGreaterThan(0); // not reported on to the bridge worker's scope
    expect(made).toHaveLength(3);
    expect(engine.size).toBe(2);
    expectSameFit(fit(sparse.X, FIT), await engine.fit(sparse.X, FIT));
    expect(made[2]!.received).toBeGreaterThan(0); // the replacement did work
  });

  it(`workers that always die are given up after ${MAX_CONSECUTIVE_DEATHS} deaths in a row; the pool then answers in-thread`, async () => {
    const { made, makeWorker } = factory(() => ({ kind: 'on-message', n: 1 }));
    const sizes: number[] = [];
    const engine = pool({ workers: 2, makeWorker, onSizeChange: (n) => sizes.push(n) });
    // Each job loses at least one worker; the jobs fail until every slot is given up, then run in-thread.
    const codes: string[] = [];
    let result: FitResult | null = null;
    while (result === null && codes.length <= 2 * MAX_CONSECUTIVE_DEATHS) {
      try {
        result = await engine.fit(sparse.X, FIT);
      } catch (error) {
        codes.push((error as SkfrError).code);
      }
    }
    expect(codes.length).toBeGreaterThanOrEqual(MAX_CONSECUTIVE_DEATHS);
    expect(new Set(codes)).toEqual(new Set(['compute-crashed']));
    expect(engine.size).toBe(0);
    expectSameFit(fit(sparse.X, FIT), result!);
    expect(sizes).toEqual([1, 0]);
    expect(made).toHaveLength(2 * MAX_CONSECUTIVE_DEATHS);
    const tuned = await engine.tune(sparse.X, TUNE);
    expect(tuned.curve).toEqual(tuneSparsity(sparse.X, TUNE).curve);
    expect(made).toHaveLength(2 * MAX_CONSECUTIVE_DEATHS);
  });

  it('a broken worker entry (error right after start) is given up before any job; jobs run in-thread', async () => {
    const { made, makeWorker } = factory(() => ({ kind: 'at-start' }));
    const engine = pool({ workers: 2, makeWorker });
    await vi.waitFor(() => expect(engine.size).toBe(0));
    expect(made).toHaveLength(2 * MAX_CONSECUTIVE_DEATHS);
    expectSameFit(fit(sparse.X, FIT), await engine.fit(sparse.X, FIT));
  });

  it('a worker that answers between deaths is never given up', async () => {
    // Every worker answers its first task, then dies on its next message. More deaths than two slots could
    // take without that answer (2 × (MAX − 1)), yet both slots stay.
    const { made, makeWorker } = factory(() => ({ kind: 'on-message', n: 3 }));
    const engine = pool({ workers: 2, makeWorker });
    const deaths = () => made.filter((w) => w.terminated).length;
    for (let jobs = 0; jobs < 20 && deaths() <= 2 * MAX_CONSECUTIVE_DEATHS; jobs++) {
      expect(await codeOf(engine.fit(sparse.X, FIT))).toBe('compute-crashed');
    }
    expect(deaths()).toBeGreaterThan(2 * MAX_CONSECUTIVE_DEATHS);
    expect(engine.size).toBe(2);
  });
});

describe('size', () => {
  it('workers: 1 → no worker is ever created, the engine runs in the calling worker', async () => {
    const { made, makeWorker } = factory();
    const engine = pool({ workers: 1, makeWorker });
    expect(engine.size).toBe(0);
    expectSameFit(fit(sparse.X, FIT), await engine.fit(sparse.X, FIT));
    expect((await engine.tune(sparse.X, TUNE)).bestS).toBe(tuneSparsity(sparse.X, TUNE).bestS);
    expect(made).toHaveLength(0);
  });

  it('never more workers than navigator.hardwareConcurrency; one core means none', () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const two = factory();
    expect(pool({ workers: 8, makeWorker: two.makeWorker }).size).toBe(2);
    expect(two.made).toHaveLength(2);
    const all = factory();
    expect(pool({ makeWorker: all.makeWorker }).size).toBe(2);
    vi.stubGlobal('navigator', { hardwareConcurrency: 1 });
    const one = factory();
    expect(pool({ workers: 4, makeWorker: one.makeWorker }).size).toBe(0);
    expect(one.made).toHaveLength(0);
  });

  it('resolveWebWorkerCount: caps at the cores, rejects impossible requests quoting them', () => {
    expect(resolveWebWorkerCount(8, 2)).toBe(2);
    expect(resolveWebWorkerCount(undefined, 3)).toBe(3);
    expect(resolveWebWorkerCount(1, 16)).toBe(1);
    expect(() => resolveWebWorkerCount(0, 2)).toThrow(/workers = 0 is not possible/);
    expect(() => resolveWebWorkerCount(1.5, 2)).toThrow(expect.objectContaining({ code: 'invalid-option' }));
  });

  it('a closed pool refuses work', async () => {
    const { made, makeWorker } = factory();
    const engine = pool({ workers: 2, makeWorker });
    engine.close();
    expect(made.every((w) => w.terminated)).toBe(true);
    expect(await codeOf(engine.fit(sparse.X, FIT))).toBe('invalid-request');
  });
});
