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

/** Replace the API (tests). */
export function setApi(api: SkfrApi | null): void {
  current = api;
}
