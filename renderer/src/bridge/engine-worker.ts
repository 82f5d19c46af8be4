/**
 * Entry of one nested engine Web Worker of the browser build (started by engine-pool.ts inside the bridge
 * worker): wires this worker's messages to the platform-free executor of core/parallel, exactly as
 * node/parallel/worker.ts does for a Node worker thread. Every request gets at most one reply; the executor
 * never throws (a failing task is answered with a 'failed' reply carrying the error).
 */
import { createExecutor } from '../../../core/parallel/executor';
import type { WorkerRequest, WorkerResponse } from '../../../core/parallel/protocol';

interface EngineScope {
  postMessage(message: WorkerResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerRequest>) => void): void;
}

const scope = self as unknown as EngineScope;
const executor = createExecutor();
scope.addEventListener('message', (event) => {
  const reply = executor.handle(event.data, (answer) => scope.postMessage(answer));
  if (reply) scope.postMessage(reply);
});
