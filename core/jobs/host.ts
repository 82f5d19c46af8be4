/**
 * The jobs host: serves ClientMessages arriving on a Port with a Session, one job at a time.
 *
 * - `run` → the request is validated (schema.ts), queued, run, and answered with `progress` messages then
 *   exactly one `response` (errors are responses, never thrown).
 * - `cancel` → a queued job is answered 'cancelled' at once; a running job's signal turns aborted, which
 *   the engine sees at its next check (it checks every iteration, restart and permutation). When the port
 *   supports `pollSync` (worker_threads), the signal polls it, so a cancel reaches a synchronous fit.
 * - Posts `{ kind: 'ready' }` when it starts listening.
 *
 * @example
 * const stop = serveJobs(port, createSession(io));
 */
import { SkfrError, toErrorInfo } from '../errors.js';
import type { Port } from './port.js';
import { parseClientMessage, parseRequest } from './schema.js';
import type { Session } from './session.js';
import type { HostMessage, JobResponse, JobType } from './types.js';
import { now } from './progress.js';

const JOB_TYPES: readonly JobType[] = ['open', 'sheet', 'design', 'map', 'fit', 'evaluate', 'export', 'rows', 'close', 'session', 'restore', 'preview'];

interface QueuedJob {
  id: string;
  request: unknown;
  aborted: boolean;
}

export interface ServeOptions {
  /** Minimum time between two pollSync calls made from the cancellation signal (default 20 ms). */
  pollIntervalMs?: number;
}

/** The request's job type, or null when it names none (a response must carry a real one: see `fail`). */
function typeOf(request: unknown): JobType | null {
  const t = typeof request === 'object' && request !== null ? (request as { type?: unknown }).type : undefined;
  return JOB_TYPES.includes(t as JobType) ? (t as JobType) : null;
}

/** Starts serving; returns a function that stops listening. */
export function serveJobs(port: Port, session: Session, options: ServeOptions = {}): () => void {
  const pollIntervalMs = options.pollIntervalMs ?? 20;
  const queue: QueuedJob[] = [];
  let current: QueuedJob | null = null;
  let lastPoll = 0;
  let stopped = false;

  const post = (message: HostMessage) => {
    if (!stopped) port.postMessage(message);
  };
  const respond = (id: string, response: JobResponse) => post({ kind: 'response', id, response });
  /**
   * A job that failed: a failed response of its type, or, when the request names no job type, 'rejected' (the
   * client settles it as a failure of the type it asked for) rather than a response that pretends a type.
   */
  const fail = (id: string, request: unknown, error: ReturnType<typeof toErrorInfo>) => {
    const type = typeOf(request);
    if (type === null) post({ kind: 'rejected', id, error });
    else respond(id, { ok: false, type, error });
  };

  function onMessage(raw: unknown) {
    let message;
    try {
      message = parseClientMessage(raw);
    } catch {
      return; // no usable id: nobody to answer
    }
    if (message.kind === 'run') {
      if (current?.id === message.id || queue.some((j) => j.id === message.id)) {
        const error = new SkfrError('invalid-request', `A job with id "${message.id}" is already running.`);
        fail(message.id, message.request, toErrorInfo(error));
        return;
      }
      queue.push({ id: message.id, request: message.request, aborted: false });
      if (!current) void drain();
      return;
    }
    if (current?.id === message.id) {
      current.aborted = true;
      return;
    }
    const index = queue.findIndex((j) => j.id === message.id);
    if (index >= 0) {
      const [job] = queue.splice(index, 1);
      const error = { code: 'cancelled' as const, message: 'The run was cancelled.' };
      fail(job!.id, job!.request, error);
    }
  }

  async function drain() {
    while (queue.length > 0 && !stopped) {
      const job = queue.shift()!;
      current = job;
      const signal = {
        get aborted() {
          if (!job.aborted && port.pollSync) {
            const t = now();
            if (t - lastPoll >= pollIntervalMs) {
              lastPoll = t;
              port.pollSync();
            }
          }
          return job.aborted;
        },
      };
      let response: JobResponse | null = null;
      let error: unknown = null;
      try {
        const request = parseRequest(job.request);
        response = await session.runJob(request, {
          signal,
          onProgress: (progress) => post({ kind: 'progress', id: job.id, progress }),
        });
      } catch (e) {
        error = e;
      }
      current = null;
      if (response !== null) respond(job.id, response);
      else fail(job.id, job.request, toErrorInfo(error));
    }
  }

  const off = port.onMessage(onMessage);
  post({ kind: 'ready' });
  return () => {
    stopped = true;
    off();
  };
}
