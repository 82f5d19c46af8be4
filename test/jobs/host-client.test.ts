// The host/client protocol over an in-memory port pair, with a scripted session (no engine needed):
// ready handshake, progress routing, validation errors, queue cancel, running cancel, dispose.
import { describe, expect, it } from 'vitest';
import { createPortPair, type Port } from '../../core/jobs/port.js';
import { serveJobs } from '../../core/jobs/host.js';
import { createJobClient } from '../../core/jobs/client.js';
import type { Session } from '../../core/jobs/session.js';
import type { JobRequest, JobResponse, RunOptions } from '../../core/jobs/types.js';
import { SkfrError, toErrorInfo } from '../../core/errors.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

/** A session whose 'close' job reports 3 progress steps, and whose 'map' job waits until its signal aborts. */
function scriptedSession(): Session & { seen: JobRequest[] } {
  const seen: JobRequest[] = [];
  return {
    seen,
    async runJob<R extends JobRequest>(request: R, opts: RunOptions = {}): Promise<JobResponse<R['type']>> {
      seen.push(request);
      const type = request.type as R['type'];
      if (request.type === 'map') {
        while (!opts.signal?.aborted) await tick();
        return { ok: false, type, error: toErrorInfo(new SkfrError('cancelled', 'The run was cancelled.')) } as JobResponse<R['type']>;
      }
      for (const fraction of [0, 0.5, 1]) opts.onProgress?.({ stage: 'fitting', fraction });
      return { ok: true, type, result: { closed: true } } as unknown as JobResponse<R['type']>;
    },
  };
}

const mapping = { orientation: 'samples-as-rows', idColumn: null, annotationColumns: [], featureColumns: null, filters: [] } as const;

describe('jobs host and client over a Port', () => {
  it('waits for ready, routes progress, answers with the response', async () => {
    const [a, b] = createPortPair();
    const client = createJobClient(a);
    const handle = client.run({ type: 'close', datasetId: 'd1' }, (p) => fractions.push(p.fraction));
    const fractions: number[] = [];
    const session = scriptedSession();
    serveJobs(b, session); // host starts after the request was issued: the client held it until 'ready'
    const response = await handle.response;
    expect(response).toEqual({ ok: true, type: 'close', result: { closed: true } });
    expect(fractions).toEqual([0, 0.5, 1]);
    expect(session.seen).toHaveLength(1);
  });

  it('rejects a malformed request with invalid-request naming the field, and stays alive', async () => {
    const [a, b] = createPortPair();
    serveJobs(b, scriptedSession());
    const client = createJobClient(a);
    const bad = await client.run({ type: 'close', datasetId: 42 } as unknown as JobRequest).response;
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('invalid-request');
      expect(bad.error.message).toContain('datasetId = 42');
    }
    const good = await client.run({ type: 'close', datasetId: 'd1' }).response;
    expect(good.ok).toBe(true);
  });

  it('answers a request of no known job type with rejected, never a made-up type, and stays alive', async () => {
    const [a, b] = createPortPair();
    const posted: { kind: string; id?: string; error?: { code: string } }[] = [];
    a.onMessage((m) => void posted.push(m as (typeof posted)[number]));
    const client = createJobClient(a);
    serveJobs(b, scriptedSession());
    const bad = await client.run({ type: 'bogus' } as unknown as JobRequest).response;
    // On the wire: 'rejected', not a response claiming some job type; the client settles it as a failure of the
    // type the caller asked for.
    expect(posted.filter((m) => m.kind !== 'ready').map((m) => m.kind)).toEqual(['rejected']);
    expect(bad).toMatchObject({ ok: false, type: 'bogus', error: { code: 'invalid-request' } });
    expect((await client.run({ type: 'close', datasetId: 'd1' }).response).ok).toBe(true);
  });

  it('cancels a queued job at once and a running job through its signal', async () => {
    const [a, b] = createPortPair();
    serveJobs(b, scriptedSession());
    const client = createJobClient(a);
    const running = client.run({ type: 'map', datasetId: 'd1', mapping: { ...mapping, annotationColumns: [], filters: [] } });
    const queued = client.run({ type: 'close', datasetId: 'd1' });
    await tick();
    client.cancel(queued.jobId);
    const q = await queued.response;
    expect(q.ok === false && q.error.code).toBe('cancelled');
    client.cancel(running.jobId);
    const r = await running.response;
    expect(r.ok === false && r.error.code).toBe('cancelled');
  });

  it('dispose fails pending jobs with the given error', async () => {
    const [a] = createPortPair(); // nobody serves: jobs stay pending
    const client = createJobClient(a);
    const h = client.run({ type: 'close', datasetId: 'd1' });
    client.dispose({ code: 'compute-crashed', message: 'gone' });
    const r = await h.response;
    expect(r).toEqual({ ok: false, type: 'close', error: { code: 'compute-crashed', message: 'gone' } });
    const later = await client.run({ type: 'close', datasetId: 'd2' }).response;
    expect(later.ok).toBe(false);
  });

  it('ignores messages it cannot answer and posts ready first', () => {
    const posted: unknown[] = [];
    let deliver: (m: unknown) => void = () => {};
    const port: Port = { postMessage: (m) => posted.push(m), onMessage: (l) => ((deliver = l), () => {}) };
    serveJobs(port, scriptedSession());
    deliver('garbage');
    deliver({ kind: 'run' });
    expect(posted).toEqual([{ kind: 'ready' }]);
  });
});
