/**
 * SkfrApi for the browser build: core/jobs in a Web Worker behind createJobClient, plus the platform parts a
 * page can do — exports and chart images as downloads, a recent-files list of names in localStorage.
 *
 * The worker is started on first use. If it dies (an 'error' event) or a cancel is not honoured in time
 * (no cross-origin isolation, so no shared cancel flag), it is terminated: every pending job is answered with
 * 'compute-crashed' (or 'cancelled'), listeners of onComputeError are told, and the next job starts a fresh worker.
 */
import type { ErrorInfo } from '../../../core/errors';
import type { MenuCommand, RunHandle, SkfrApi } from '../../../core/jobs/api';
import { createJobClient, type JobClient } from '../../../core/jobs/client';
import type { Port } from '../../../core/jobs/port';
import type { JobRequest, Progress } from '../../../core/jobs/types';
import { CANCEL_INIT, createCancelBuffer, writeCancel } from './cancel-channel';

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
  return {
    postMessage(message, transfer) {
      worker.postMessage(message, transfer ?? []);
    },
    onMessage(listener) {
      const handler = (event: MessageEvent) => listener(event.data);
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

export function createWorkerApi(makeWorker: () => Worker = () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })): SkfrApi {
  let live: Live | null = null;
  const crashListeners = new Set<(error: ErrorInfo) => void>();
  const forceTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function stop(reason: ErrorInfo, notify: boolean): void {
    const current = live;
    if (!current) return;
    live = null;
    current.worker.terminate();
    current.client.dispose(reason);
    for (const t of forceTimers.values()) clearTimeout(t);
    forceTimers.clear();
    if (notify) for (const l of [...crashListeners]) l(reason);
  }

  function ensure(): Live {
    if (live) return live;
    const worker = makeWorker();
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

  return {
    platform: 'web',

    run<R extends JobRequest>(request: R, onProgress?: (progress: Progress) => void): RunHandle<R['type']> {
      const handle = ensure().client.run(request, onProgress);
      const response = handle.response.then((r) => {
        const timer = forceTimers.get(handle.jobId);
        if (timer !== undefined) {
          clearTimeout(timer);
          forceTimers.delete(handle.jobId);
        }
        if (r.ok && r.type === 'open' && request.type === 'open' && request.source.kind === 'bytes') {
          rememberRecent(request.source.fileName);
        }
        return r;
      });
      return { jobId: handle.jobId, response };
    },

    cancel(jobId: string): void {
      const current = live;
      if (!current || !current.client.pendingIds().includes(jobId)) return;
      current.client.cancel(jobId);
      if (current.cancelBuffer) {
        writeCancel(current.cancelBuffer, jobId);
      } else if (!forceTimers.has(jobId)) {
        forceTimers.set(
          jobId,
          setTimeout(() => {
            if (live === current && current.client.pendingIds().includes(jobId)) stop(FORCED_CANCEL, false);
          }, FORCED_CANCEL_MS),
        );
      }
    },

    async openFileDialog(): Promise<string | null> {
      return null;
    },

    async saveExport(fitId, what, format, suggestedName) {
      const response = await this.run({ type: 'export', fitId, what, format }).response;
      if (!response.ok) return { error: response.error };
      const { bytes, mimeType } = response.result;
      if (!bytes) return { error: { code: 'write-failed', message: 'The export produced no file.' } };
      const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeType }));
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
