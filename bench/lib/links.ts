/**
 * Worker links for benchmarks of pool jobs that node/parallel/pool.ts does not expose yet (stability):
 * `count` worker threads on the compiled worker entry (dist/node/parallel/worker.js, or the .ts source
 * through tsx), each wrapped as a core/parallel WorkerLink.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from '../../core/parallel/protocol.js';
import type { WorkerLink } from '../../core/parallel/scheduler.js';

export function workerLinks(count: number): { links: WorkerLink[]; close: () => Promise<void> } {
  const self = new URL(import.meta.url);
  const source = self.pathname.endsWith('.ts');
  const url = new URL(source ? '../../node/parallel/worker.ts' : '../../node/parallel/worker.js', self);
  const start = (): Worker =>
    source
      ? new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`, { eval: true })
      : new Worker(fileURLToPath(url));
  const workers = Array.from({ length: count }, start);
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
