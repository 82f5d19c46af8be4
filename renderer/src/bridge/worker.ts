/**
 * The Web Worker entry of the browser build: the same core/jobs host as the Electron compute process,
 * speaking the Port interface over the worker's message channel.
 */
import { createSession } from '../../../core/jobs/session';
import { serveJobs } from '../../../core/jobs/host';
import type { Port } from '../../../core/jobs/port';
import { cancelReader, isCancelInit } from './cancel-channel';

interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const scope = self as unknown as WorkerScope;
const listeners = new Set<(message: unknown) => void>();
let readCancel: (() => string | null) | null = null;

const port: Port = {
  postMessage(message, transfer) {
    scope.postMessage(message, transfer ?? []);
  },
  onMessage(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  pollSync() {
    const id = readCancel?.();
    if (id) for (const l of [...listeners]) l({ kind: 'cancel', id });
  },
};

scope.addEventListener('message', (event) => {
  if (isCancelInit(event.data)) {
    readCancel = cancelReader(event.data.buffer);
    return;
  }
  for (const l of [...listeners]) l(event.data);
});

serveJobs(port, createSession());
