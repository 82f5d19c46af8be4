/**
 * A worker thread that dies (exits, throws at top level, throws while idle) must not break the pool:
 * the job it was working on fails with 'compute-crashed', the dead thread is replaced (or, when every
 * replacement dies too, the pool shrinks down to running in this thread), and later jobs return the
 * single-threaded answer. The deaths are scripted by a test-only worker entry (fixtures/dying-worker.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fit, simulate } from '../../core/engine/index.js';
import { createWorkerPool, type WorkerPool } from '../../node/parallel/pool.js';
import { expectSameFit } from './same-fit.js';

const entry = new URL('./fixtures/dying-worker.ts', import.meta.url);
const sim = simulate('sparse', { n: 200, p: 20, k: 4, s: 6, seed: 3 });
const options = { k: 4, s: 6, restarts: 6, seed: 2 };

let pool: WorkerPool | null = null;
let dir = '';
afterEach(async () => {
  await pool?.close();
  pool = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  delete process.env['SKFR_TEST_DIE'];
});

/** A 2-thread pool on the dying entry; `mark` exists once the scripted death has happened. */
function dyingPool(mode: 'on-task' | 'when-idle' | 'at-load'): { pool: WorkerPool; mark: string } {
  dir = mkdtempSync(join(tmpdir(), 'skfr-pool-'));
  const mark = join(dir, 'died');
  process.env['SKFR_TEST_DIE'] = mode;
  process.env['SKFR_TEST_MARK'] = mark;
  pool = createWorkerPool({ workers: 2, workerUrl: entry });
  return { pool, mark };
}

/** Fails (instead of hanging until the test timeout) when a job never returns. */
function within<T>(promise: Promise<T>, ms = 20_000): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}

async function until(condition: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const oneCore = (await import('node:os')).availableParallelism() < 2;
if (oneCore) console.log('skipped “a worker that dies”: this machine has one core, so the pool runs in-thread and no worker can die');

describe.skipIf(oneCore)('a worker that dies', () => {
  const expected = fit(sim.X, options);

  it('during a job: that job fails with compute-crashed, the thread is replaced, later jobs complete', async () => {
    const { pool, mark } = dyingPool('on-task');
    await expect(within(pool.fit(sim.X, options))).rejects.toMatchObject({ code: 'compute-crashed', message: expect.stringMatching(/worker/) });
    expect(existsSync(mark)).toBe(true);
    expect(pool.size).toBe(2);
    for (let i = 0; i < 3; i++) expectSameFit(expected, await within(pool.fit(sim.X, options)));
  });

  it('while the pool is idle: no crash of this thread, and the next job completes', async () => {
    const { pool, mark } = dyingPool('when-idle');
    await until(() => existsSync(mark));
    await new Promise((r) => setTimeout(r, 200));
    expect(pool.size).toBe(2);
    expectSameFit(expected, await within(pool.fit(sim.X, options)));
  });

  it('at load, every time (a broken entry): jobs fail instead of hanging, then the pool runs in this thread', async () => {
    const { pool } = dyingPool('at-load');
    await expect(within(pool.fit(sim.X, options))).rejects.toMatchObject({ code: 'compute-crashed' });
    await until(() => pool.size === 0);
    expectSameFit(expected, await within(pool.fit(sim.X, options)));
  });
});
