/**
 * The one SkfrApi the renderer talks to, chosen at start-up: `window.skfr` when the Electron preload exposed it,
 * else the Web Worker bridge of the browser build. Component tests install a stub with setApi().
 */
import type { SkfrApi } from '../../../core/jobs/api';
import { createWorkerApi } from './worker-api';

let current: SkfrApi | null = null;

export function getApi(): SkfrApi {
  if (current === null) {
    current = typeof window !== 'undefined' && window.skfr ? window.skfr : createWorkerApi();
  }
  return current;
}

/**
 * Issue 27: the browser build starts its worker at page load and warms it on a lab-sized table (worker-api.ts
 * warm, core/jobs/warm-up.ts), since a user chooses a file seconds later; the desktop app's compute process is
 * started by its main process and warms itself the same way (electron/compute-worker.ts).
 * `charts` (the page's own warm-up: charts/warm.ts) runs meanwhile on the main thread. When both are over the app
 * root says `data-engine-ready="true"` (bench:app waits for it before choosing a file, as a user would).
 */
export async function warmEngine(charts: () => void = () => {}): Promise<void> {
  const api = getApi() as SkfrApi & { warm?: () => Promise<void> };
  const worker = typeof api.warm === 'function' ? api.warm() : Promise.resolve();
  try {
    charts();
  } catch {
    // a warm-up that fails costs nothing
  }
  await worker;
  if (typeof document === 'undefined') return;
  (document.getElementById('app') ?? document.documentElement).dataset.engineReady = 'true';
}

/** Replace the API (tests). */
export function setApi(api: SkfrApi | null): void {
  current = api;
}
