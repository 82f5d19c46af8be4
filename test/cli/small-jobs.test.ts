/**
 * `skfr cluster` thread defaults and limits: without --workers a small fit (n·p·restarts < SMALL_FIT_CELLS,
 * no --tune-s) and a table of one or two features run in this thread, a big fit or any tuning on the pool, an explicit --workers N always on
 * N threads; --restarts stops at the engine's MAX_RESTARTS with its own one-line message.
 * "On threads" is observed on the pool cluster creates (its size), when cluster subscribes to Ctrl+C.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_RESTARTS } from '../../core/engine/options.js';
import { OPTION_SPECS } from '../../core/engine/option-specs.js';
import { main, nodeIO, type CliIO } from '../../cli/main.js';
import { createWorkerPool } from '../../node/parallel/pool.js';
import { CLUSTER_HELP, NARROW_FIT_FEATURES, planCluster, poolOptionsFor } from '../../cli/commands/cluster-options.js';
import { SMALL_FIT_CELLS } from '../../core/parallel/small-fit.js';
import { settingsFromOptions } from '../../core/analysis.js';
import { micePath, skfr, tempDir } from './helpers.js';

vi.mock('../../node/parallel/pool.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../node/parallel/pool.js')>();
  return { ...actual, createWorkerPool: vi.fn(actual.createWorkerPool) };
});

const tmp = tempDir('skfr-small-');
afterAll(tmp.cleanup);
const data = join(tmp.dir, 'sparse.csv');
const common = [data, '--id-column', 'id', '--class-column', 'class', '--k', '5'];
const mice = [micePath, '--id-column', 'MouseID', '--annotation-columns', 'Genotype,Treatment,Behavior', '--class-column', 'class', '--k', '8'];

beforeAll(async () => {
  // 400 × 50: 20 000 cells per restart.
  expect((await skfr(['simulate', '--design', 'sparse', '--p', '50', '--seed', '5', '--out', data])).code).toBe(0);
});

/**
 * Run cluster and tell whether the work ran on threads (the pool it created has threads). A run on threads
 * is cancelled as soon as it subscribes to Ctrl+C (so a big job costs nothing); an in-thread run completes.
 */
async function onThreads(argv: string[]): Promise<{ threads: boolean; code: number; stderr: string }> {
  let threads = false;
  let stderr = '';
  const io: CliIO = {
    ...nodeIO(),
    stdout: () => undefined,
    stderr: (text) => void (stderr += text),
    isTTY: false,
    onInterrupt(handler) {
      threads = (vi.mocked(createWorkerPool).mock.results.at(-1)?.value as { size: number }).size > 0;
      if (threads) handler();
      return () => undefined;
    },
  };
  const code = await main(['cluster', ...argv], io);
  return { threads, code, stderr };
}

describe('threads by default only for work big enough to pay for them', () => {
  it('decides from n·p·restarts and --tune-s, and honours an explicit --workers', () => {
    const fit20 = settingsFromOptions({ k: 8, s: 24 });
    expect(poolOptionsFor(null, fit20, 1080, 77)).toEqual({ workers: 1 });
    expect(poolOptionsFor(null, fit20, 10_000, 200)).toEqual({});
    expect(poolOptionsFor(null, settingsFromOptions({ k: 10, s: 10, restarts: 10 }), 10_000, 200)).toEqual({ workers: 1 });
    expect(poolOptionsFor(null, settingsFromOptions({ k: 8, s: 2, restarts: 1 }), SMALL_FIT_CELLS / 3, 3)).toEqual({});
    expect(poolOptionsFor(null, settingsFromOptions({ k: 8, s: 2, restarts: 1 }), SMALL_FIT_CELLS / 3 - 1, 3)).toEqual({ workers: 1 });
    // One or two features (NARROW_FIT_FEATURES): a thread's own n-long arrays (≥ 16 bytes a sample) would be as
    // large as the whole matrix (8·p bytes a sample), so any n fits in this thread — but --workers is honoured.
    expect(poolOptionsFor(null, settingsFromOptions({ k: 2, s: 1 }), 20_000_000, 1)).toEqual({ workers: 1 });
    expect(poolOptionsFor(null, settingsFromOptions({ k: 2, s: 2 }), 20_000_000, NARROW_FIT_FEATURES)).toEqual({ workers: 1 });
    expect(poolOptionsFor(null, settingsFromOptions({ k: 2, s: 1 }), 20_000_000, NARROW_FIT_FEATURES + 1)).toEqual({});
    expect(poolOptionsFor(null, settingsFromOptions({ k: 3, tune: { from: 1, to: 2 } }), 1_000_000, 2)).toEqual({ workers: 1 });
    expect(poolOptionsFor(2, settingsFromOptions({ k: 2, s: 1 }), 20_000_000, 1)).toEqual({ workers: 2 });
    expect(poolOptionsFor(null, settingsFromOptions({ k: 3, tune: { from: 1, to: 5 } }), 100, 10)).toEqual({});
    expect(poolOptionsFor(2, fit20, 10, 5)).toEqual({ workers: 2 });
    // --stability B: B more fits of 80 % of the samples count too (1080 × 77 × 20 × (1 + 0.8·50) ≈ 6.8·10⁷).
    expect(poolOptionsFor(null, settingsFromOptions({ k: 8, s: 24, stability: { subsamples: 50 } }), 1080, 77)).toEqual({});
    expect(poolOptionsFor(null, settingsFromOptions({ k: 8, s: 24, stability: { subsamples: 2 } }), 1080, 77)).toEqual({ workers: 1 });
    expect(poolOptionsFor(null, settingsFromOptions({ k: 3, s: 5, tuneK: { from: 3, to: 5 } }), 100, 10)).toEqual({});
    expect(CLUSTER_HELP.replace(/\s+/g, ' ')).toMatch(
      /--workers N threads running restarts[^]*a small fit, samples × features × restarts \(× 0\.8·B more with --stability\) < 3·10⁷ without --tune-s or --tune-k, and a table of one or two features, run in this thread/,
    );
  });

  if (availableParallelism() < 2) console.log('skipped the end-to-end small-job test: this machine has one core, so nothing runs on threads');
  it.skipIf(availableParallelism() < 2)('end to end: mouse 1080 × 77 × 20 restarts in this thread, big fit and tuning on threads, --workers 2 on threads', async () => {
    const small = await onThreads([...mice, '--s', '24']);
    expect(small, small.stderr).toMatchObject({ threads: false, code: 0 });
    // 400 × 50 × 1500 restarts = 3·10⁷ cells: on the pool (cancelled at once by the test's Ctrl+C).
    expect(await onThreads([...common, '--s', '10', '--restarts', '1500'])).toMatchObject({ threads: true, code: 130 });
    expect(await onThreads([...common, '--tune-s', '2:4', '--permutations', '2', '--restarts', '2'])).toMatchObject({ threads: true, code: 130 });
    expect(await onThreads([...common, '--s', '10', '--restarts', '2', '--workers', '2'])).toMatchObject({ threads: true, code: 130 });
  });
});

describe('--restarts limit', () => {
  it(`accepts ${MAX_RESTARTS} (the engine's MAX_RESTARTS) and refuses one more with one line naming the limit`, async () => {
    const over = await skfr(['cluster', ...common, '--s', '10', '--restarts', String(MAX_RESTARTS + 1)]);
    expect(over.code).toBe(2);
    expect(over.stderr).toBe(`error: --restarts ${MAX_RESTARTS + 1} is not possible: it must be at most ${MAX_RESTARTS} (${OPTION_SPECS.restarts.meaning}).\n`);
    expect(planCluster([...common, '--s', '10', '--restarts', String(MAX_RESTARTS)])?.settings.restarts).toBe(MAX_RESTARTS);
  });
});
