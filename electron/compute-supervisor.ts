/**
 * The compute process's life, seen from the main process: started on demand, restarted after an
 * unexpected exit (with the crash reported to listeners and every in-flight job answered
 * 'compute-crashed'), disposed on quit. Written against an injected spawn() so tests drive it with
 * child_process.fork and main.ts with utilityProcess.fork.
 *
 * Restoring after a crash: the supervisor remembers how each open dataset was opened and which fits were
 * made; when a later request names one of them, it is re-opened / re-fitted (same ids, same seed, so the
 * same results) in the fresh process first. The user's data and settings survive a crash.
 *
 * Except a file that crashed it: when the process dies while it is reading a file ('open', a restoring
 * re-open, or 'sheet'), the crash message names that file, and a dataset being read then is never re-opened
 * automatically — a later request naming it is answered 'unknown-dataset' with a sentence saying why, and the
 * user may open the file again by hand. Otherwise a file too big for the process would crash every fresh one.
 *
 * @example
 * const supervisor = createComputeSupervisor({ spawn: () => forkCompute() });
 * supervisor.onCrash((error) => window.webContents.send('skfr:compute-error', error));
 * const { response } = supervisor.run({ type: 'open', source: { kind: 'path', path } });
 */
import type { ErrorInfo } from '../core/errors.js';
import type { RunHandle } from '../core/jobs/api.js';
import { createJobClient, type JobClient } from '../core/jobs/client.js';
import type { Port } from '../core/jobs/port.js';
import type { FitRequest, JobRequest, JobResponse, OpenRequest, Progress, RestoreRequest } from '../core/jobs/types.js';
import { createRestorer } from '../core/jobs/restore.js';

export interface ComputeProcess {
  port: Port;
  /** Called once when the process exits (code null when killed by a signal). */
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
  readonly pid?: number | undefined;
}

export interface SupervisorOptions {
  spawn(): ComputeProcess;
  /** Crashes within `crashWindowMs` after which no eager restart is made (the next job still starts one). */
  maxEagerRestarts?: number;
  crashWindowMs?: number;
}

export interface ComputeSupervisor {
  run<R extends JobRequest>(request: R, onProgress?: (progress: Progress) => void): RunHandle<R['type']>;
  cancel(jobId: string): void;
  onCrash(listener: (error: ErrorInfo) => void): () => void;
  /** Every answered request (not the restoring ones before it), e.g. a fit that ended (electron/notify.ts). */
  onFinished(listener: (request: JobRequest, response: JobResponse) => void): () => void;
  /** pid of the running compute process, if any. */
  readonly pid: number | undefined;
  dispose(): void;
}

/**
 * The crash as the user reads it; `reading` names the files being read at the time (they are not opened
 * again automatically).
 */
export function crashError(code: number | null, reading: readonly string[] = []): ErrorInfo {
  const how = code === null ? 'it was stopped by the system' : `exit code ${code}`;
  if (reading.length === 0) {
    return {
      code: 'compute-crashed',
      message: `The computation stopped unexpectedly (${how}). Your data and settings are kept; run again.`,
    };
  }
  const names = reading.map((n) => `“${n}”`).join(', ');
  return {
    code: 'compute-crashed',
    message:
      `The computation stopped unexpectedly while reading ${names} (${how}); it may be too large for the app's memory. ` +
      `SKFR Studio will not open ${reading.length === 1 ? 'it' : 'them'} again by itself: open it again to retry, ` +
      `or analyse it with the skfr command.`,
  };
}

/** The answer to a request naming a dataset whose reading crashed the compute process. */
export function notReopenedError(fileName: string): ErrorInfo {
  return {
    code: 'unknown-dataset',
    message:
      `“${fileName}” stopped the computation while it was being read, so SKFR Studio does not open it again by itself; ` +
      `open it again to retry.`,
  };
}

interface Generation {
  proc: ComputeProcess;
  client: JobClient;
  alive: boolean;
  /** Files being read in this process: job key → dataset id (undefined for a fresh open) and file name. */
  reading: Map<number, { datasetId: string | undefined; name: string }>;
}

/** The last part of a path, for either separator (core/jobs/datasets.ts has one too, but pulls in the readers). */
function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] || path;
}

/** The file name a request reads, when it reads one ('open', 'sheet'); null otherwise. */
function readsFile(request: JobRequest, names: ReadonlyMap<string, string>): { datasetId: string | undefined; name: string } | null {
  if (request.type === 'open') {
    const s = request.source;
    const name = s.kind === 'path' ? baseName(s.path) : s.kind === 'bytes' ? baseName(s.fileName) : 'the example';
    return { datasetId: request.datasetId, name };
  }
  if (request.type === 'sheet') return { datasetId: request.datasetId, name: names.get(request.datasetId) ?? request.sheet };
  return null;
}

export function createComputeSupervisor(options: SupervisorOptions): ComputeSupervisor {
  const maxEager = options.maxEagerRestarts ?? 3;
  const windowMs = options.crashWindowMs ?? 30_000;
  const listeners = new Set<(error: ErrorInfo) => void>();
  const finished = new Set<(request: JobRequest, response: JobResponse) => void>();
  const tellFinished = (request: JobRequest, response: JobResponse) => {
    for (const l of [...finished]) l(request, response);
  };
  const crashes: number[] = [];
  const restorer = createRestorer();
  const pendingChains = new Map<string, () => void>();
  /** Dataset id → file name (from open results), for messages. */
  const names = new Map<string, string>();
  /** Datasets whose reading crashed the process: id → file name. Never re-opened automatically. */
  const crashedReads = new Map<string, string>();
  let chains = 0;
  let reads = 0;
  let current: Generation | null = null;
  let generation = 0;
  let disposed = false;

  function start(): Generation {
    const proc = options.spawn();
    const gen: Generation = { proc, client: createJobClient(proc.port, { idPrefix: `c${++generation}` }), alive: true, reading: new Map() };
    proc.onExit((code) => {
      if (!gen.alive) return;
      gen.alive = false;
      if (current === gen) current = null;
      if (disposed) return;
      const culprits = [...gen.reading.values()];
      for (const c of culprits) if (c.datasetId !== undefined) crashedReads.set(c.datasetId, c.name);
      const error = crashError(code, [...new Set(culprits.map((c) => c.name))]);
      gen.client.dispose(error);
      restorer.processLost();
      for (const l of [...listeners]) l(error);
      const t = Date.now();
      crashes.push(t);
      while (crashes.length > 0 && t - crashes[0]! > windowMs) crashes.shift();
      if (crashes.length <= maxEager && !current) current = start();
    });
    return gen;
  }

  const ensure = () => (current ??= start());

  /** Runs `request` in `gen`, remembering while it runs which file it reads (if any). */
  function tracked<R extends JobRequest>(gen: Generation, request: R, onProgress?: (progress: Progress) => void): RunHandle<R['type']> {
    const handle = gen.client.run(request, onProgress);
    const read = readsFile(request, names);
    if (read) {
      const key = ++reads;
      gen.reading.set(key, read);
      void handle.response.then(() => gen.reading.delete(key));
    }
    return handle;
  }

  /** What a response teaches the supervisor (restorable state, dataset names). */
  function record(request: JobRequest, response: JobResponse): void {
    restorer.record(request, response);
    if (!response.ok) return;
    if (request.type === 'open' || request.type === 'sheet') {
      const r = response.result as { datasetId: string; fileName: string };
      names.set(r.datasetId, r.fileName);
      crashedReads.delete(r.datasetId);
    } else if (request.type === 'close') {
      names.delete(request.datasetId);
    }
  }

  const answer = <R extends JobRequest>(request: R, error: ErrorInfo, jobId: string): RunHandle<R['type']> => ({
    jobId,
    response: Promise.resolve({ ok: false, type: request.type as R['type'], error }),
  });

  return {
    run<R extends JobRequest>(request: R, onProgress?: (progress: Progress) => void): RunHandle<R['type']> {
      if (disposed) return answer(request, { code: 'cancelled', message: 'The application is closing.' }, 'disposed');
      // A dataset whose reading crashed the process: closing it just forgets it; anything else is refused.
      const crashedName = 'datasetId' in request && typeof request.datasetId === 'string' && request.type !== 'open' ? crashedReads.get(request.datasetId) : undefined;
      if (crashedName !== undefined && request.type === 'close') {
        crashedReads.delete(request.datasetId);
        names.delete(request.datasetId);
        restorer.record(request, { ok: true, type: 'close', result: { closed: true } });
        return { jobId: `forget-${++chains}`, response: Promise.resolve({ ok: true, type: request.type as R['type'], result: { closed: true } } as JobResponse<R['type']>) };
      }
      const prerequisites = restorer.prerequisites(request);
      for (const pre of prerequisites) {
        const name = pre.type === 'open' && pre.datasetId !== undefined ? crashedReads.get(pre.datasetId) : undefined;
        if (name !== undefined) return answer(request, notReopenedError(name), `refused-${++chains}`);
      }
      const gen = ensure();
      if (prerequisites.length === 0) {
        const handle = tracked(gen, request, onProgress);
        void handle.response.then((r) => {
          record(request, r);
          tellFinished(request, r);
        });
        return handle;
      }
      // Restore what the request needs in this fresh process, then run it; one id for the whole chain.
      let inner: RunHandle<R['type']> | null = null;
      let cancelled = false;
      const jobId = `restore-${++chains}`;
      const response = (async () => {
        for (const pre of prerequisites) {
          const r = await tracked(gen, pre as OpenRequest | FitRequest | RestoreRequest, onProgress).response;
          if (!r.ok) return { ok: false as const, type: request.type as R['type'], error: r.error };
          record(pre, r);
          if (cancelled) return { ok: false as const, type: request.type as R['type'], error: { code: 'cancelled' as const, message: 'The run was cancelled.' } };
        }
        inner = tracked(gen, request, onProgress);
        const r = await inner.response;
        record(request, r);
        return r;
      })();
      pendingChains.set(jobId, () => {
        cancelled = true;
        if (inner) gen.client.cancel(inner.jobId);
      });
      void response.then((r) => {
        pendingChains.delete(jobId);
        tellFinished(request, r);
      });
      return { jobId, response };
    },
    cancel(jobId) {
      const chain = pendingChains.get(jobId);
      if (chain) chain();
      else current?.client.cancel(jobId);
    },
    onCrash(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onFinished(listener) {
      finished.add(listener);
      return () => finished.delete(listener);
    },
    get pid() {
      return current?.proc.pid;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      const gen = current;
      current = null;
      if (gen) {
        gen.alive = false;
        gen.client.dispose({ code: 'cancelled', message: 'The application is closing.' });
        gen.proc.kill();
      }
    },
  };
}

