/**
 * The compute process's main thread: starts the worker thread that runs the jobs and relays messages
 * between the outer port (Electron's parentPort or a child_process channel) and the worker, unchanged.
 * If the worker dies, the process exits (code 70) so the supervisor restarts a clean process.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Port } from '../core/jobs/port.js';

/**
 * @param worker the worker thread, or the path of its entry file (a `.ts` entry is loaded through tsx, for
 *   tests: worker threads do not inherit the parent's `--import tsx` loader hooks).
 */
export function startComputeRelay(outer: Port, workerPath: string, exit: (code: number) => never = process.exit): Worker {
  const worker = workerPath.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(workerPath).href)}); });`,
        { eval: true },
      )
    : new Worker(workerPath);
  outer.onMessage((message) => worker.postMessage(message));
  worker.on('message', (message: unknown) => outer.postMessage(message));
  worker.on('error', (error) => {
    process.stderr.write(`compute worker failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    exit(70);
  });
  worker.on('exit', (code) => exit(code === 0 ? 70 : code));
  return worker;
}
