/**
 * The jobs client: the other end of serveJobs. Generates job ids, routes progress to the caller,
 * resolves each run's promise with its response (never rejects; a message the host rejected becomes a failed
 * response of the type asked for), and can fail every pending job at once (dispose), e.g. when the compute
 * process dies.
 *
 * By default it holds messages until the host says `ready` (a freshly started process or worker may
 * not be listening yet); pass `waitForReady: false` when the other end is known to be up.
 *
 * @example
 * const client = createJobClient(port);
 * const { jobId, response } = client.run({ type: 'close', datasetId: 'd1' }, (p) => bar(p.fraction));
 * client.cancel(jobId);
 * const r = await response; // { ok: false, type: 'close', error: { code: 'cancelled', … } } or the result
 */
import { assertNever, type ErrorInfo } from '../errors.js';
import type { RunHandle } from './api.js';
import type { Port } from './port.js';
import type { ClientMessage, HostMessage, JobRequest, JobResponse, JobType, Progress } from './types.js';

export interface JobClient {
  run<R extends JobRequest>(request: R, onProgress?: (progress: Progress) => void): RunHandle<R['type']>;
  cancel(jobId: string): void;
  /** Resolves every pending job with `reason` (default: a 'cancelled' error) and stops listening. */
  dispose(reason?: ErrorInfo): void;
  /** Ids of jobs sent and not yet answered. */
  pendingIds(): string[];
}

export interface JobClientOptions {
  waitForReady?: boolean;
  /** Prefix of generated job ids (default 'job'). */
  idPrefix?: string;
}

interface Pending {
  type: JobType;
  onProgress?: (progress: Progress) => void;
  resolve: (response: JobResponse) => void;
}

const CLOSED: ErrorInfo = { code: 'cancelled', message: 'The run was cancelled because the connection was closed.' };

function isHostMessage(m: unknown): m is HostMessage {
  if (typeof m !== 'object' || m === null) return false;
  const kind = (m as { kind?: unknown }).kind;
  return kind === 'ready' || kind === 'progress' || kind === 'response' || kind === 'rejected';
}

export function createJobClient(port: Port, options: JobClientOptions = {}): JobClient {
  const prefix = options.idPrefix ?? 'job';
  const pending = new Map<string, Pending>();
  let ready = options.waitForReady === false;
  let outbox: ClientMessage[] = [];
  let disposed: ErrorInfo | null = null;
  let counter = 0;

  const send = (message: ClientMessage) => {
    if (ready) port.postMessage(message);
    else outbox.push(message);
  };

  const off = port.onMessage((m) => {
    if (!isHostMessage(m)) return;
    switch (m.kind) {
      case 'ready': {
        ready = true;
        const queued = outbox;
        outbox = [];
        for (const q of queued) port.postMessage(q);
        return;
      }
      case 'progress':
        pending.get(m.id)?.onProgress?.(m.progress);
        return;
      case 'response':
      case 'rejected': {
        const job = pending.get(m.id);
        if (!job) return;
        pending.delete(m.id);
        job.resolve(m.kind === 'response' ? m.response : { ok: false, type: job.type, error: m.error });
        return;
      }
      default:
        assertNever(m);
    }
  });

  return {
    run<R extends JobRequest>(request: R, onProgress?: (progress: Progress) => void): RunHandle<R['type']> {
      const jobId = `${prefix}-${++counter}`;
      const type = request.type as R['type'];
      if (disposed) {
        return { jobId, response: Promise.resolve({ ok: false, type, error: disposed }) };
      }
      const response = new Promise<JobResponse<R['type']>>((resolve) => {
        pending.set(jobId, { type, onProgress, resolve: resolve as (r: JobResponse) => void });
      });
      send({ kind: 'run', id: jobId, request });
      return { jobId, response };
    },
    cancel(jobId) {
      if (pending.has(jobId)) send({ kind: 'cancel', id: jobId });
    },
    dispose(reason = CLOSED) {
      if (disposed) return;
      disposed = reason;
      off();
      const jobs = [...pending.values()];
      pending.clear();
      outbox = [];
      for (const job of jobs) job.resolve({ ok: false, type: job.type, error: reason });
    },
    pendingIds: () => [...pending.keys()],
  };
}
