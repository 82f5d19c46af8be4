/**
 * Worker links for the engine's parallel tests (not a test file): `threadLinks(n)` starts n real worker
 * threads on node/parallel/worker.ts (tsx loader, as node/parallel/pool.ts does for sources); `inThreadLinks(n)`
 * gives n links that each run their own executor in this thread on later turns of the event loop (different
 * interleavings of the same tasks, without threads).
 */
import { Worker } from 'node:worker_threads';
import { createExecutor } from '../../core/parallel/executor.js';
import type { WorkerRequest, WorkerResponse } from '../../core/parallel/protocol.js';
import type { WorkerLink } from '../../core/parallel/scheduler.js';

export function threadLinks(count: number): { links: WorkerLink[]; close: () => Promise<void> } {
  const url = new URL('../../node/parallel/worker.ts', import.meta.url);
  const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  const workers = Array.from({ length: count }, () => new Worker(code, { eval: true }));
  const links = workers.map(
    (worker): WorkerLink => ({
      post: (request: WorkerRequest) => worker.postMessage(request),
      listen(onResponse, onCrash) {
        const message = (response: WorkerResponse) => onResponse(response);
        const error = (e: Error) => onCrash(e);
        worker.on('message', message);
        worker.on('error', error);
        return () => {
          worker.off('message', message);
          worker.off('error', error);
        };
      },
    }),
  );
  return { links, close: async () => void (await Promise.all(workers.map((w) => w.terminate()))) };
}

export function inThreadLinks(count: number, delayMs = 0): WorkerLink[] {
  return Array.from({ length: count }, (_, index) => {
    const executor = createExecutor();
    const listeners = new Set<(response: WorkerResponse) => void>();
    return {
      post(request: WorkerRequest) {
        // Uneven delays: links answer in a different order than tasks were handed out.
        setTimeout(() => {
          const reply = executor.handle(request);
          if (reply) for (const listener of [...listeners]) listener(reply);
        }, delayMs * ((index % 3) + 1));
      },
      listen(onResponse) {
        listeners.add(onResponse);
        return () => void listeners.delete(onResponse);
      },
    };
  });
}
