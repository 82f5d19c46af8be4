/**
 * The Electron utility-process entry (started by main with utilityProcess.fork): the relay + worker of
 * compute-relay.ts over `process.parentPort`. Bundled to out/main/compute.js beside compute-worker.js.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Port } from '../core/jobs/port.js';
import { startComputeRelay } from './compute-relay.js';

function parentPortAdapter(): Port {
  const parent = process.parentPort;
  return {
    postMessage: (message) => parent.postMessage(message),
    onMessage(listener) {
      const handler = (event: Electron.MessageEvent) => listener(event.data);
      parent.on('message', handler);
      return () => parent.off('message', handler);
    },
  };
}

startComputeRelay(parentPortAdapter(), join(dirname(fileURLToPath(import.meta.url)), 'compute-worker.js'));
