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
 * @example
 * const supervisor = createComputeSupervisor({ spawn: () => forkCompute() });
 * supervisor.onCrash((error) => window.webContents.send('skfr:compute-error', error));
 * const { response } = supervisor.run({ type: 'open', source: { kind: 'path', path } });
 */
import type { ErrorInfo } from '../core/errors.js';
import type { RunHandle } from '../core/jobs/api.js';
import { createJobClient, type JobClient } from '../core/jobs/client.js';
import type { Port } from '../core/jobs/port.js';
import type { FitRequest, JobRequest, OpenRequest, Progress } from '../core/jobs/types.js';
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
  /** pid of the running compute process, if any. */
  readonly pid: number | undefined;
  dispose(): void;
}

export function crashError(code: number | null): ErrorInfo {
  const how = code === null ? 'it was stopped by the system' : `exit code ${code}`;
  return {
    code: 'compute-crashed',
    message: `The computation stopped unexpectedly (${how}). Your data and settings are kept; run again.`,
  };
}

interface Generation {
  proc: ComputeProcess;
  client: JobClient;
  alive: boolean;
}

export function createComputeSupervisor(options: SupervisorOptions): ComputeSupervisor {
  const maxEager = options.maxEagerRestarts ?? 3;
  const windowMs = options.crashWindowMs ?? 30_000;
  const listeners = new Set<(error: ErrorInfo) => void>();
  const crashes: number[] = [];
  const restorer = createRestorer();
  const pendingChains = new Map<string, () => void>();
  let chains = 0;
  let current: Generation | null = null;
  let generation = 0;
  let disposed = false;

  function start(): Generation {
    const proc = options.spawn();
    const gen: Generation = { proc, client: createJobClient(proc.port, { idPrefix: `c${++generation}` }), alive: true };
    proc.onExit((code) => {
      if (!gen.alive) return;
      gen.alive = false;
      if (current === gen) current = null;
      if (disposed) return;
      const error = crashError(code);
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

  return {
    run<R extends JobRequest>(request: R, onProgress?: (progress: Progress) => void): RunHandle<R['type']> {
      if (disposed) {
        const error: ErrorInfo = { code: 'cancelled', message: 'The application is closing.' };
        return { jobId: 'disposed', response: Promise.resolve({ ok: false, type: request.type as R['type'], error }) };
      }
      const gen = ensure();
      const prerequisites = restorer.prerequisites(request);
      if (prerequisites.length === 0) {
        const handle = gen.client.run(request, onProgress);
        void handle.response.then((r) => restorer.record(request, r));
        return handle;
      }
      // Restore what the request needs in this fresh process, then run it; one id for the whole chain.
      let inner: RunHandle<R['type']> | null = null;
      let cancelled = false;
      const jobId = `restore-${++chains}`;
      const response = (async () => {
        for (const pre of prerequisites) {
          const r = await gen.client.run(pre as OpenRequest | FitRequest, onProgress).response;
          if (!r.ok) return { ok: false as const, type: request.type as R['type'], error: r.error };
          restorer.record(pre, r);
          if (cancelled) return { ok: false as const, type: request.type as R['type'], error: { code: 'cancelled' as const, message: 'The run was cancelled.' } };
        }
        inner = gen.client.run(request, onProgress);
        const r = await inner.response;
        restorer.record(request, r);
        return r;
      })();
      pendingChains.set(jobId, () => {
        cancelled = true;
        if (inner) gen.client.cancel(inner.jobId);
      });
      void response.then(() => pendingChains.delete(jobId));
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

