// The real compute host in a second process (child_process.fork of electron/compute-node.ts: relay + worker
// thread running serveJobs over the same Port interface as the Electron utility process), driven through the
// supervisor main.ts uses: progress then a result equal to an in-process run (the host fits on its pool of
// engine threads, the in-process run in one thread), cancel within a second (a fit: 200 ms), a crash
// mid-job reported and recovered from (datasets restored), malformed requests answered with typed errors.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorInfo } from '../../core/errors.js';
import { createSession } from '../../core/jobs/session.js';
import type { FitRequest, JobRequest, JobResponse, Progress } from '../../core/jobs/types.js';
import { createComputeSupervisor, type ComputeSupervisor } from '../../electron/compute-supervisor.js';
import { nodeFileIO } from '../../node/file-io.js';
import { forkCompute, miceCsv, miceMapping, skfr1 } from './fork.js';

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}
const codeOf = (r: JobResponse) => (r.ok ? 'ok' : r.error.code);
const firstProgress = (progress: Progress[]) =>
  new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (progress.length > 0) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });

describe('compute host in a second process', () => {
  let supervisor: ComputeSupervisor;
  const crashes: ErrorInfo[] = [];
  let datasetId: string;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skfr-host-'));
    supervisor = createComputeSupervisor({ spawn: forkCompute });
    supervisor.onCrash((e) => crashes.push(e));
    datasetId = ok(await supervisor.run({ type: 'open', source: { kind: 'path', path: miceCsv } }).response).datasetId;
  });
  afterAll(async () => {
    supervisor.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs `request` and cancels it at its first progress: the response, and how long the cancel took (ms). */
  async function cancelAtFirstProgress(request: FitRequest): Promise<{ response: JobResponse; elapsed: number }> {
    const progress: Progress[] = [];
    const handle = supervisor.run(request, (p) => progress.push(p));
    await firstProgress(progress);
    const t0 = performance.now();
    supervisor.cancel(handle.jobId);
    const response = await handle.response;
    return { response, elapsed: performance.now() - t0 };
  }

  it('fits the mouse data: progress first, then labels equal to an in-process runJob with the same seed', async () => {
    const progress: Progress[] = [];
    const request: FitRequest = { type: 'fit', datasetId, mapping: miceMapping, settings: skfr1, classColumn: 'class' };
    let responded = false;
    const handle = supervisor.run(request, (p) => {
      expect(responded).toBe(false);
      progress.push(p);
    });
    const remote = ok(await handle.response);
    responded = true;
    expect(progress.length).toBeGreaterThan(0);
    expect(supervisor.pid).not.toBe(process.pid);

    const local = createSession(nodeFileIO);
    const opened = ok(await local.runJob({ type: 'open', source: { kind: 'path', path: miceCsv } }));
    const direct = ok(await local.runJob({ ...request, datasetId: opened.datasetId }));
    expect(remote.clusters).toBeInstanceOf(Int32Array);
    expect(Array.from(remote.clusters)).toEqual(Array.from(direct.clusters));
    expect(remote.selected).toEqual(direct.selected);
    expect(remote.objective).toBe(direct.objective);
  });

  it('cancels a long tuning job with a "cancelled" response', async () => {
    const { response, elapsed } = await cancelAtFirstProgress({
      type: 'fit',
      datasetId,
      mapping: miceMapping,
      settings: { ...skfr1, s: undefined, tune: { from: 1, to: 77, permutations: 20 }, restarts: 50 },
    });
    expect(codeOf(response)).toBe('cancelled');
    console.log(`cancel honoured in ${elapsed.toFixed(0)} ms`);
    expect(ok(await supervisor.run({ type: 'map', datasetId, mapping: miceMapping }).response).n).toBe(1080);
  });

  it('cancels a long fit (restarts on the engine threads of the compute process)', async () => {
    const { response, elapsed } = await cancelAtFirstProgress({ type: 'fit', datasetId, mapping: miceMapping, settings: { ...skfr1, restarts: 10_000 } });
    expect(codeOf(response)).toBe('cancelled');
    console.log(`fit cancel honoured in ${elapsed.toFixed(0)} ms`);
  });

  it('answers malformed requests with typed errors and stays alive', async () => {
    const pid = supervisor.pid;
    const html = join(dir, 'page.xlsx');
    await writeFile(html, '<!DOCTYPE html><html><body><table><tr><td>1</td></tr></table></body></html>');
    const cases: [unknown, string][] = [
      [{ type: 'fit', datasetId, mapping: miceMapping, settings: { ...skfr1, k: '8' } }, 'invalid-request'],
      [{ type: 'fly' }, 'invalid-request'],
      [{ type: 'map', datasetId: 'd-unknown', mapping: miceMapping }, 'unknown-dataset'],
      [{ type: 'evaluate', fitId: 'f-unknown', classColumn: 'class' }, 'unknown-fit'],
      [{ type: 'fit', datasetId, mapping: miceMapping, settings: { ...skfr1, k: 0 } }, 'invalid-k'],
      [{ type: 'open', source: { kind: 'path', path: join(dir, 'missing.csv') } }, 'file-not-found'],
      [{ type: 'open', source: { kind: 'path', path: dir } }, 'not-a-file'],
      [{ type: 'open', source: { kind: 'path', path: html } }, 'unreadable-file'],
    ];
    for (const [request, expected] of cases) {
      const response = await supervisor.run(request as JobRequest).response;
      expect({ request, code: codeOf(response) }).toEqual({ request, code: expected });
      if (!response.ok) expect(response.error.message.length).toBeGreaterThan(10);
    }
    const typeError = await supervisor.run({ type: 'fit', datasetId, mapping: miceMapping, settings: { ...skfr1, k: '8' } } as unknown as JobRequest).response;
    expect(!typeError.ok && typeError.error.message).toContain('settings.k = "8"');
    expect(ok(await supervisor.run({ type: 'map', datasetId, mapping: miceMapping }).response).p).toBe(77);
    expect(supervisor.pid).toBe(pid);
    expect(crashes).toEqual([]);
  });

  it('reports a crash mid-job, fails the job, and serves the next request from a fresh process', async () => {
    const pid = supervisor.pid!;
    const progress: Progress[] = [];
    const handle = supervisor.run(
      { type: 'fit', datasetId, mapping: miceMapping, settings: { ...skfr1, s: undefined, tune: { from: 1, to: 77, permutations: 20 } } },
      (p) => progress.push(p),
    );
    await firstProgress(progress);
    process.kill(pid, 'SIGKILL');
    const response = await handle.response;
    expect(codeOf(response)).toBe('compute-crashed');
    expect(!response.ok && response.error.message).toMatch(/stopped unexpectedly.*data and settings are kept; run again/);
    expect(crashes.map((c) => c.code)).toEqual(['compute-crashed']);
    // The dataset opened in the dead process is restored (same id) in the fresh one.
    const view = ok(await supervisor.run({ type: 'fit', datasetId, mapping: miceMapping, settings: skfr1 }).response);
    expect(view.n).toBe(1080);
    expect(supervisor.pid).toBeDefined();
    expect(supervisor.pid).not.toBe(pid);
  });
});
