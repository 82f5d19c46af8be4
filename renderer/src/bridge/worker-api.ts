/**
 * SkfrApi for the browser build: core/jobs in a Web Worker behind createJobClient, plus the platform parts a
 * page can do — exports and chart images as downloads, a recent-files list of names in localStorage.
 *
 * The worker is started on first use. If it dies (an 'error' event) or a cancel is not honoured in time
 * (no cross-origin isolation, so no shared cancel flag), it is terminated: every pending job is answered with
 * 'compute-crashed' (or 'cancelled'), listeners of onComputeError are told, and the next job starts a fresh worker.
 * As in the Electron supervisor, the datasets and fits of a lost worker are restored on demand in the new one
 * (same source, sheet, ids and seed: the same results), so the user's table and last results keep working.
 *
 * Issue 27: `warm()` starts the worker at page load and runs the whole path once (open, map, fit, close) on a
 * built-in lab-sized table (core/jobs/warm-up.ts), so the worker's start-up, its module compile, the engine workers' start
 * and the compiling of the reader's and the layout's hot code are paid before the user chooses a file, not by the
 * first open. Its jobs use their own ids and are neither counted nor restored;
 * when it is over (done or failed), and the charts are warm too (charts/warm.ts), the app root says
 * `data-engine-ready="true"` (api.ts warmEngine).
 */
import type { ErrorInfo } from '../../../core/errors';
import type { MenuCommand, RunHandle, SkfrApi } from '../../../core/jobs/api';
import { createJobClient, type JobClient } from '../../../core/jobs/client';
import type { Port } from '../../../core/jobs/port';
import type { FitRequest, JobRequest, JobResponse, OpenRequest, Progress, RestoreRequest } from '../../../core/jobs/types';
import { createRestorer } from '../../../core/jobs/restore';
import { CANCEL_INIT, createCancelBuffer, writeCancel } from './cancel-channel';
import { watchEngineInfo } from './engine-info';
import { createViewReceiver } from './view-parts';
import { measured, now } from '../lib/timing';
import { warmUp } from '../../../core/jobs/warm-up';

const RECENT_KEY = 'skfr.recentFiles';
const RECENT_MAX = 8;
/** Without a shared cancel flag, a running job that has not answered a cancel after this long is stopped by force. */
const FORCED_CANCEL_MS = 1500;

export const WORKER_CRASHED: ErrorInfo = {
  code: 'compute-crashed',
  message: 'The computation stopped unexpectedly (the background worker failed). Your settings are kept.',
};
const FORCED_CANCEL: ErrorInfo = { code: 'cancelled', message: 'The run was cancelled.' };

interface Live {
  worker: Worker;
  client: JobClient;
  cancelBuffer: SharedArrayBuffer | null;
}

function workerPort(worker: Worker): Port {
  // A fit view's parts from the mapped data come once while they stay the same (view-parts.ts): put back here.
  const receive = createViewReceiver();
  return {
    postMessage(message, transfer) {
      worker.postMessage(message, transfer ?? []);
    },
    onMessage(listener) {
      const handler = (event: MessageEvent) => listener(receive(event.data));
      worker.addEventListener('message', handler);
      return () => worker.removeEventListener('message', handler);
    },
  };
}

export function readRecent(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): string[] {
  try {
    const raw = storage?.getItem(RECENT_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string').slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

export function rememberRecent(name: string, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    const list = [name, ...readRecent(storage).filter((x) => x !== name)].slice(0, RECENT_MAX);
    storage?.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // Storage may be unavailable (private mode); the list is a convenience only.
  }
}

/**
 * Jobs sent to the worker in this page, by type (restorations included), shown on the app root as
 * `data-jobs-fit` etc. — e.g. a saved analysis reopened shows its results with `data-jobs-fit="0"`.
 */
const jobCounts = new Map<string, number>();
function countJob(type: string): void {
  const count = (jobCounts.get(type) ?? 0) + 1;
  jobCounts.set(type, count);
  if (typeof document === 'undefined') return;
  const root = document.getElementById('app') ?? document.documentElement;
  root.dataset[`jobs${type[0]!.toUpperCase()}${type.slice(1)}`] = String(count);
}

/** Starts a download of `href` named `fileName` (an <a download> click). */
function download(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** The browser build's API: the SkfrApi plus the warm-up at page load. */
export interface WorkerApi extends SkfrApi {
  /** Starts the worker and runs open, map, fit and close on the built-in lab-sized table (core/jobs/warm-up.ts); never rejects. */
  warm(): Promise<void>;
}

export function createWorkerApi(makeWorker: () => Worker = () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })): WorkerApi {
  let live: Live | null = null;
  const crashListeners = new Set<(error: ErrorInfo) => void>();
  const restorer = createRestorer();
  /** Jobs as the page knows them: the id of the request currently running for each in the worker. */
  const jobs = new Map<string, { live: Live; inner: string | null; cancelled: boolean; timer?: ReturnType<typeof setTimeout> }>();
  let counter = 0;

  function stop(reason: ErrorInfo, notify: boolean): void {
    const current = live;
    if (!current) return;
    live = null;
    current.worker.terminate();
    restorer.processLost();
    current.client.dispose(reason);
    if (notify) for (const l of [...crashListeners]) l(reason);
  }

  function ensure(): Live {
    if (live) return live;
    const worker = makeWorker();
    watchEngineInfo(worker);
    const cancelBuffer = createCancelBuffer();
    if (cancelBuffer) worker.postMessage({ kind: CANCEL_INIT, buffer: cancelBuffer });
    const client = createJobClient(workerPort(worker), { idPrefix: 'web' });
    const started: Live = { worker, client, cancelBuffer };
    const crashed = () => {
      if (live === started) stop(WORKER_CRASHED, true);
    };
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      crashed();
    });
    worker.addEventListener('messageerror', crashed);
    live = started;
    return started;
  }

  function run<R extends JobRequest>(request: R, onProgress?: (progress: Progress) => void): RunHandle<R['type']> {
    const current = ensure();
    const jobId = `page-${++counter}`;
    const job: { live: Live; inner: string | null; cancelled: boolean; timer?: ReturnType<typeof setTimeout> } = { live: current, inner: null, cancelled: false };
    jobs.set(jobId, job);
    const type = request.type as R['type'];
    const step = async <Q extends JobRequest>(q: Q): Promise<JobResponse<Q['type']>> => {
      countJob(q.type);
      const sent = now();
      const handle = current.client.run(q, onProgress);
      job.inner = handle.jobId;
      const r = await handle.response;
      // request to answer, from the page's side (the worker's work and the messages both ways): bench:app reads it
      measured(`skfr-job:${q.type}`, sent);
      restorer.record(q, r);
      return r;
    };
    // Everything up to the first await runs now, so requests reach the worker in the order they were made.
    const response = (async (): Promise<JobResponse<R['type']>> => {
      for (const pre of restorer.prerequisites(request)) {
        const r = await step(pre as OpenRequest | FitRequest | RestoreRequest);
        if (!r.ok) return { ok: false, type, error: r.error };
        if (job.cancelled) return { ok: false, type, error: FORCED_CANCEL };
      }
      const r = await step(request);
      if (r.ok && (request.type === 'open' || request.type === 'session') && request.source.kind === 'bytes') rememberRecent(request.source.fileName);
      return r;
    })().finally(() => {
      if (job.timer !== undefined) clearTimeout(job.timer);
      jobs.delete(jobId);
    });
    return { jobId, response };
  }

  function cancel(jobId: string): void {
    const job = jobs.get(jobId);
    if (!job || job.cancelled) return;
    job.cancelled = true;
    if (job.inner === null) return;
    job.live.client.cancel(job.inner);
    if (job.live.cancelBuffer) {
      writeCancel(job.live.cancelBuffer, job.inner);
    } else {
      job.timer = setTimeout(() => {
        if (live === job.live && jobs.has(jobId)) stop(FORCED_CANCEL, false);
      }, FORCED_CANCEL_MS);
    }
  }

  async function warm(): Promise<void> {
    const start = now();
    try {
      const { client } = ensure();
      await warmUp((request) => client.run(request).response);
    } catch {
      // a worker that cannot start costs nothing here: the first real job starts it as before
    } finally {
      measured('skfr-warm-up', start);
    }
  }

  return {
    platform: 'web',
    run,
    cancel,
    warm,

    async openFileDialog(): Promise<string | null> {
      return null;
    },

    async saveExport(fitId, what, format, suggestedName) {
      if (format === 'pdf') {
        return { error: { code: 'invalid-option', message: 'PDF files are made by the desktop app; save the report as HTML and print it from the browser (Print ▸ Save as PDF).' } };
      }
      const response = await run({ type: 'export', fitId, what, format }).response;
      if (!response.ok) return { error: response.error };
      const { bytes, mimeType } = response.result;
      if (!bytes) return { error: { code: 'write-failed', message: 'The export produced no file.' } };
      const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeType }));
      download(url, suggestedName);
      setTimeout(() => URL.revokeObjectURL(url), 30_000);
      return { savedAs: suggestedName };
    },

    async saveSession(text, suggestedName) {
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
      download(url, suggestedName);
      setTimeout(() => URL.revokeObjectURL(url), 30_000);
      return { savedAs: suggestedName };
    },

    async saveImage(dataUrl, suggestedName) {
      download(dataUrl, suggestedName);
      return { savedAs: suggestedName };
    },

    async recentFiles(): Promise<string[]> {
      return readRecent();
    },

    onMenu(_listener: (command: MenuCommand) => void): () => void {
      return () => {};
    },

    onComputeError(listener: (error: ErrorInfo) => void): () => void {
      crashListeners.add(listener);
      return () => crashListeners.delete(listener);
    },
  };
}
