/**
 * Entry of one engine worker thread (Node worker_threads): wires the parent port to the platform-free
 * executor of core/parallel. Started by pool.ts; in the Electron compute process, bundle this file as its
 * own entry and pass its URL to createWorkerPool({ workerUrl }).
 */
import { parentPort } from 'node:worker_threads';
import { createExecutor } from '../../core/parallel/executor.js';
import type { WorkerRequest } from '../../core/parallel/protocol.js';
import { openFileAt } from '../files.js';

if (!parentPort) throw new Error('node/parallel/worker must run in a worker thread');
const port = parentPort;
const executor = createExecutor({ openFile: openFileAt });
port.on('message', (request: WorkerRequest) => {
  const reply = executor.handle(request, (answer) => port.postMessage(answer));
  if (reply) port.postMessage(reply);
});
