// A jobs session with an engine (createSession options.engine): fit jobs run on it — a worker pool in the
// compute process — and give the same view as the engine in this thread; a cancel through the job's signal
// stops a pool fit promptly.
import { afterAll, describe, expect, it } from 'vitest';
import type { AnalysisEngine } from '../../core/analysis.js';
import { fit, tuneSparsity } from '../../core/engine/index.js';
import type { FitOptions, TuneOptions } from '../../core/engine/types.js';
import { createSession } from '../../core/jobs/session.js';
import type { JobResponse } from '../../core/jobs/types.js';
import { createWorkerPool } from '../../node/parallel/pool.js';
import { nodeFileIO } from '../../node/file-io.js';
import { miceCsv, miceMapping, skfr1 } from './fork.js';

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}

async function openMice(session: ReturnType<typeof createSession>): Promise<string> {
  return ok(await session.runJob({ type: 'open', source: { kind: 'path', path: miceCsv } })).datasetId;
}

const pool = createWorkerPool({ workers: 2 });
afterAll(() => pool.close());

describe('jobs session with an engine', () => {
  it('fit and tune jobs go to the engine given', async () => {
    const calls: string[] = [];
    const engine: AnalysisEngine = {
      fit: async (X, o: FitOptions) => (calls.push(`fit ${o.s}`), fit(X, o)),
      tune: async (X, o: TuneOptions) => (calls.push(`tune ${o.sValues.join(',')}`), tuneSparsity(X, o)),
    };
    const session = createSession(nodeFileIO, { engine });
    const datasetId = await openMice(session);
    ok(await session.runJob({ type: 'fit', datasetId, mapping: miceMapping, settings: { ...skfr1, restarts: 2 } }));
    ok(await session.runJob({ type: 'fit', datasetId, mapping: miceMapping, settings: { ...skfr1, s: undefined, tune: { from: 20, to: 22, permutations: 1 }, restarts: 1 } }));
    expect(calls).toEqual(['fit 24', 'tune 20,21,22']);
  });

  it('on a worker pool: the same view as in this thread (same seed)', async () => {
    const local = createSession(nodeFileIO);
    const pooled = createSession(nodeFileIO, { engine: pool });
    const request = { type: 'fit' as const, mapping: miceMapping, settings: skfr1, classColumn: 'class' };
    const a = ok(await local.runJob({ ...request, datasetId: await openMice(local) }));
    const b = ok(await pooled.runJob({ ...request, datasetId: await openMice(pooled) }));
    expect(pool.size).toBe(2);
    expect(Array.from(b.clusters)).toEqual(Array.from(a.clusters));
    expect(b.selected).toEqual(a.selected);
    expect(b.objective).toBe(a.objective);
    expect(b.metrics).toEqual(a.metrics);
  });

  it('a cancel reaches the pool: a long fit (10 000 restarts) ends "cancelled"', async () => {
    const session = createSession(nodeFileIO, { engine: pool });
    const datasetId = await openMice(session);
    const signal = { aborted: false };
    setTimeout(() => {
      signal.aborted = true;
    }, 300);
    const response = await session.runJob({ type: 'fit', datasetId, mapping: miceMapping, settings: { ...skfr1, restarts: 10_000 } }, { signal });
    expect(response.ok ? 'ok' : response.error.code).toBe('cancelled');
  });
});
