// @vitest-environment happy-dom
/**
 * The browser's SkfrApi over a Web Worker, with a fake Worker that runs the real jobs host (serveJobs) on a stub
 * session: jobs and progress flow through; a worker 'error' answers pending jobs with 'compute-crashed', tells
 * onComputeError listeners and the next job gets a fresh worker; without a shared cancel flag a cancel that is
 * not honoured stops the worker by force; exports become downloads; opened file names become recent files.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveJobs } from '../../core/jobs/host';
import type { Port } from '../../core/jobs/port';
import type { Session } from '../../core/jobs/session';
import type { JobRequest, JobResponse } from '../../core/jobs/types';
import { createWorkerApi, readRecent } from '../../renderer/src/bridge/worker-api';

type Handler = (event: { data?: unknown; preventDefault?: () => void }) => void;

/** Just enough of Worker: the page side posts to a host served in the same thread. */
class FakeWorker {
  static created: FakeWorker[] = [];
  readonly pageListeners = new Map<string, Set<Handler>>();
  private readonly hostListeners = new Set<(m: unknown) => void>();
  terminated = false;

  constructor(session: Session) {
    FakeWorker.created.push(this);
    const port: Port = {
      postMessage: (message) => queueMicrotask(() => this.emit('message', { data: message })),
      onMessage: (listener) => {
        this.hostListeners.add(listener);
        return () => this.hostListeners.delete(listener);
      },
    };
    serveJobs(port, session);
  }
  postMessage(message: unknown): void {
    if (this.terminated) return;
    queueMicrotask(() => this.hostListeners.forEach((l) => l(message)));
  }
  addEventListener(type: string, handler: Handler): void {
    if (!this.pageListeners.has(type)) this.pageListeners.set(type, new Set());
    this.pageListeners.get(type)!.add(handler);
  }
  removeEventListener(type: string, handler: Handler): void {
    this.pageListeners.get(type)?.delete(handler);
  }
  terminate(): void {
    this.terminated = true;
  }
  emit(type: string, event: { data?: unknown; preventDefault?: () => void }): void {
    if (this.terminated) return;
    this.pageListeners.get(type)?.forEach((h) => h(event));
  }
}

/** A session whose fit never finishes on its own (like a synchronous fit that cannot see the cancel). */
function stubSession(log: JobRequest[] = []): Session {
  return {
    async runJob<R extends JobRequest>(request: R, options?: { onProgress?: (p: never) => void }): Promise<JobResponse<R['type']>> {
      log.push(request);
      if (request.type === 'map') {
        const result = { datasetId: request.datasetId, n: 2, p: 1, missingCells: 0, featureNames: ['a'], droppedFeatures: [], warnings: [] };
        return { ok: true, type: 'map', result } as unknown as JobResponse<R['type']>;
      }
      if (request.type === 'close') return { ok: true, type: request.type, result: { closed: true } } as JobResponse<R['type']>;
      if (request.type === 'export') {
        const bytes = new TextEncoder().encode('id,cluster\na,1\n');
        return { ok: true, type: 'export', result: { fileName: 'x.csv', path: null, bytes, mimeType: 'text/csv' } } as JobResponse<R['type']>;
      }
      if (request.type === 'open') {
        const result = { datasetId: 'd1', fileName: 'mice.csv', format: 'csv', sha256: '', sheets: ['mice'], sheet: 'mice', rowCount: 0, columns: [], preview: [] };
        return { ok: true, type: 'open', result } as unknown as JobResponse<R['type']>;
      }
      options?.onProgress?.({ stage: 'fitting', fraction: 0.5, restart: 1, restarts: 2 } as never);
      return new Promise(() => {});
    },
  };
}

const fitRequest = { type: 'fit', datasetId: 'd1', mapping: { orientation: 'samples-as-rows', idColumn: null, annotationColumns: [], featureColumns: null, filters: [] }, settings: { k: 2, s: 1, variant: 'global', loss: 'squared', restarts: 1, seed: 1, maxIterations: 10 } } as const satisfies JobRequest;

afterEach(() => {
  FakeWorker.created = [];
  vi.useRealTimers();
  localStorage.clear();
});

describe('createWorkerApi', () => {
  it('a worker error answers the pending job with compute-crashed, notifies, and the next job uses a new worker', async () => {
    const api = createWorkerApi(() => new FakeWorker(stubSession()) as unknown as Worker);
    const crashes: string[] = [];
    api.onComputeError((e) => crashes.push(e.code));
    const progress: number[] = [];
    const handle = api.run(fitRequest, (p) => progress.push(p.fraction));
    await vi.waitFor(() => expect(progress).toEqual([0.5]));
    FakeWorker.created[0]!.emit('error', { preventDefault: () => {} });
    const response = await handle.response;
    expect(response.ok).toBe(false);
    expect(!response.ok && response.error.code).toBe('compute-crashed');
    expect(crashes).toEqual(['compute-crashed']);
    expect(FakeWorker.created[0]!.terminated).toBe(true);

    const again = await api.run({ type: 'close', datasetId: 'd1' }).response;
    expect(again).toEqual({ ok: true, type: 'close', result: { closed: true } });
    expect(FakeWorker.created).toHaveLength(2);
  });

  it('after a crash, a job on an opened dataset first re-opens it (same source, sheet and id) in the new worker', async () => {
    const logs: JobRequest[][] = [];
    const api = createWorkerApi(() => {
      const log: JobRequest[] = [];
      logs.push(log);
      return new FakeWorker(stubSession(log)) as unknown as Worker;
    });
    const bytes = new Uint8Array([1, 2]);
    await api.run({ type: 'open', source: { kind: 'bytes', fileName: 'mice.csv', bytes } }).response;
    FakeWorker.created[0]!.emit('error', { preventDefault: () => {} });
    const mapped = await api.run({ type: 'map', datasetId: 'd1', mapping: fitRequest.mapping }).response;
    expect(mapped.ok).toBe(true);
    expect(logs[1]!.map((r) => r.type)).toEqual(['open', 'map']);
    expect(logs[1]![0]).toMatchObject({ type: 'open', datasetId: 'd1', sheet: 'mice', source: { kind: 'bytes', fileName: 'mice.csv' } });
  });

  it('without a shared cancel flag, a cancel not honoured within 1.5 s stops the worker and answers cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = createWorkerApi(() => new FakeWorker(stubSession()) as unknown as Worker);
    const handle = api.run(fitRequest);
    await vi.waitFor(() => expect(FakeWorker.created).toHaveLength(1));
    await Promise.resolve();
    api.cancel(handle.jobId);
    vi.advanceTimersByTime(1600);
    const response = await handle.response;
    expect(!response.ok && response.error.code).toBe('cancelled');
    expect(FakeWorker.created[0]!.terminated).toBe(true);
  });

  it('saveExport runs an export job and downloads the bytes under the suggested name', async () => {
    const api = createWorkerApi(() => new FakeWorker(stubSession()) as unknown as Worker);
    const clicked: { name: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.href });
    });
    URL.createObjectURL = vi.fn(() => 'blob:fake');
    URL.revokeObjectURL = vi.fn();
    const outcome = await api.saveExport('f1', 'samples', 'csv', 'mice-samples.csv');
    expect(outcome).toEqual({ savedAs: 'mice-samples.csv' });
    expect(clicked).toEqual([{ name: 'mice-samples.csv', href: 'blob:fake' }]);
    click.mockRestore();
  });

  it('opened files join the recent list (most recent first, no duplicates)', async () => {
    const api = createWorkerApi(() => new FakeWorker(stubSession()) as unknown as Worker);
    for (const name of ['a.csv', 'b.xlsx', 'a.csv']) {
      await api.run({ type: 'open', source: { kind: 'bytes', fileName: name, bytes: new Uint8Array([1]) } }).response;
    }
    expect(await api.recentFiles()).toEqual(['a.csv', 'b.xlsx']);
    expect(readRecent()).toEqual(['a.csv', 'b.xlsx']);
  });
});
