/**
 * The 'skfr:job' channel: the window's ClientMessages, relayed to the compute process once checked.
 *
 * - `run`: the request must match core/jobs/schema and the file-access policy (file-access.ts); the supervisor
 *   runs it, and its progress and response go back on 'skfr:job-event'.
 * - `cancel`: the supervisor's job for that id is cancelled.
 * - A message refused before it becomes a job is answered `{ kind: 'rejected', id, error }`: main does not
 *   claim a job type it cannot vouch for, and the window's job client settles that job with the error
 *   (core/jobs/client.ts), so the page shows one sentence and carries on. A message without a usable id is
 *   only logged: nobody waits for it.
 * A window that closes or whose renderer dies has its jobs cancelled.
 */
import type { WebContents } from 'electron';
import { assertNever, SkfrError, toErrorInfo } from '../core/errors.js';
import { describeValue, parseRequest } from '../core/jobs/schema.js';
import type { HostMessage, JobRequest, JobResponse, JobType, SessionOpened } from '../core/jobs/types.js';
import { checkRendererRequest } from './file-access.js';
import { IPC, IPC_EVENTS, validatePayload, type Payload } from './ipc-channels.js';
import type { IpcContext } from './ipc-context.js';

type JobMessage = Payload<typeof IPC.job>[0];

/** Every job type (a Record, so the compiler says when one is added). */
const JOB_TYPES: Record<JobType, true> = { open: true, sheet: true, design: true, map: true, fit: true, evaluate: true, export: true, rows: true, close: true, session: true, restore: true, preview: true };
const isJobType = (type: unknown): boolean => typeof type === 'string' && Object.hasOwn(JOB_TYPES, type);

/**
 * A request no page of ours sends (no known job type, or not a job message at all), in one sentence for the
 * user; `detail` is for whoever reads the report.
 */
function malformedRequest(detail: string): SkfrError {
  return new SkfrError('invalid-request', `SKFR Studio did not run that step: the window sent a request the app does not understand (${detail}), so nothing was done; please report this message.`);
}

/** Why a run request was refused, in one sentence: the schema's (naming the field and value) for a known job type. */
function refusal(request: unknown, error: unknown): SkfrError {
  const type = typeof request === 'object' && request !== null ? (request as { type?: unknown }).type : undefined;
  if (isJobType(type)) return error instanceof SkfrError ? error : new SkfrError('invalid-request', toErrorInfo(error).message);
  return malformedRequest(typeof request === 'object' && request !== null ? `job type ${describeValue(type)}` : `a request that is ${describeValue(request)}`);
}

/** The id of a run message that failed its schema, when it has a usable one (else nobody can be answered). */
function runIdOf(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { kind, id } = raw as { kind?: unknown; id?: unknown };
  return kind === 'run' && typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : null;
}

function send(contents: WebContents, message: HostMessage) {
  if (!contents.isDestroyed()) contents.send(IPC_EVENTS.jobEvent, message);
}

export interface JobRelay {
  /** One 'skfr:job' message from a trusted sender (ipc.ts checked the frame). */
  receive(contents: WebContents, args: unknown[]): void;
}

export function createJobRelay(ctx: IpcContext): JobRelay {
  const { supervisor, recent, access } = ctx;
  /** `${webContentsId}:${rendererJobId}` → supervisor job id, for cancel. */
  const relayed = new Map<string, string>();
  const watched = new Set<number>();

  /** Cancels a window's jobs when it closes or its renderer dies. */
  function watch(contents: WebContents) {
    if (watched.has(contents.id)) return;
    watched.add(contents.id);
    const id = contents.id;
    const cancelAll = () => {
      for (const [key, jobId] of relayed) if (key.startsWith(`${id}:`)) supervisor.cancel(jobId);
    };
    contents.once('destroyed', () => {
      cancelAll();
      watched.delete(id);
    });
    contents.on('render-process-gone', cancelAll);
  }

  /** A file the user opened joins the recent files; a saved analysis also lets the window open its input. */
  function onFinished(request: JobRequest, response: JobResponse) {
    if (!response.ok || (request.type !== 'open' && request.type !== 'session') || request.source.kind !== 'path') return;
    void recent.add(request.source.path);
    // A saved analysis (issue 16): its input, found at a path the file records, may be opened by the window
    // (only a regular file the compute process found there).
    if (request.type === 'session') {
      const { inputPath } = response.result as SessionOpened;
      if (inputPath !== null) access.allow(inputPath);
    }
  }

  function run(contents: WebContents, message: Extract<JobMessage, { kind: 'run' }>) {
    const { id } = message;
    let request: JobRequest;
    try {
      request = parseRequest(message.request);
      checkRendererRequest(request, access);
    } catch (error) {
      send(contents, { kind: 'rejected', id, error: toErrorInfo(refusal(message.request, error)) });
      return;
    }
    const key = `${contents.id}:${id}`;
    const handle = supervisor.run(request, (progress) => send(contents, { kind: 'progress', id, progress }));
    relayed.set(key, handle.jobId);
    void handle.response.then((response) => {
      relayed.delete(key);
      onFinished(request, response);
      send(contents, { kind: 'response', id, response });
    });
  }

  function cancel(contents: WebContents, message: Extract<JobMessage, { kind: 'cancel' }>) {
    const jobId = relayed.get(`${contents.id}:${message.id}`);
    if (jobId) supervisor.cancel(jobId);
  }

  return {
    receive(contents, args) {
      let message: JobMessage;
      try {
        [message] = validatePayload(IPC.job, args);
      } catch (error) {
        const why = toErrorInfo(error).message;
        ctx.log(`IPC ${IPC.job}: ${why}`);
        const id = runIdOf(args[0]);
        if (id !== null) send(contents, { kind: 'rejected', id, error: toErrorInfo(malformedRequest(why.replace(/\.$/, ''))) });
        return;
      }
      watch(contents);
      switch (message.kind) {
        case 'run':
          return run(contents, message);
        case 'cancel':
          return cancel(contents, message);
        default:
          assertNever(message);
      }
    },
  };
}
