/// <reference types="vite/client" />
import type { SkfrApi } from '../../core/jobs/api';

declare global {
  interface Window {
    /** Exposed by the Electron preload (contextBridge); absent in the browser build. */
    skfr?: SkfrApi;
  }
}

export {};
