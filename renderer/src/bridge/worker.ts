/**
 * The Web Worker entry of the browser build: the same core/jobs host as the Electron compute process,
 * speaking the Port interface over the worker's message channel. Fits and tunings run on a pool of nested
 * engine workers (engine-pool.ts, one per core), but a small fit (core/parallel/small-fit.ts, as `skfr cluster`)
 * runs in this worker until the engine workers have warmed up (their fit at start), and after that too when it
 * has fewer samples than features; the pool's size is announced to the page (engine-info.ts).
 */
import { createSession } from '../../../core/jobs/session';
import { serveJobs } from '../../../core/jobs/host';
import type { Port } from '../../../core/jobs/port';
import { cancelReader, isCancelInit } from './cancel-channel';
import { engineInfo } from './engine-info';
import { createWebWorkerPool } from './engine-pool';
import { createViewSender } from './view-parts';
import { SMALL_FIT_CELLS } from '../../../core/parallel/small-fit';

interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const scope = self as unknown as WorkerScope;
const listeners = new Set<(message: unknown) => void>();
/** A fit view's parts from the mapped data, sent once while they stay the same (view-parts.ts). */
const send = createViewSender();
let readCancel: (() => string | null) | null = null;

const port: Port = {
  postMessage(message, transfer) {
    scope.postMessage(send(message), transfer ?? []);
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

const pool = createWebWorkerPool({ onSizeChange: () => scope.postMessage(engineInfo(pool), []), inThreadBelow: SMALL_FIT_CELLS });
scope.postMessage(engineInfo(pool), []);
// Issue 27: the engine workers fit once at start, meanwhile the page's warm-up opens its table here; after that
// a small fit of samples ≥ features (the mouse data's) runs on them, in parallel, instead of in this worker
// (engine-pool.ts).
void pool.warmWorkers();
serveJobs(port, createSession(undefined, { engine: pool }));
