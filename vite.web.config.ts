/**
 * The browser build of the renderer: the same Vue app, with core/jobs running in a Web Worker
 * behind the SkfrApi interface (renderer/src/bridge). `npm run dev:web`, `npm run build:web` → out/web.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { dropCspInDev } from './build/vite/drop-csp-in-dev.js';

const root = fileURLToPath(new URL('./renderer', import.meta.url));
const outDir = fileURLToPath(new URL('./out/web', import.meta.url));

const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  root,
  base: './',
  // The page's CSP would block the styles the dev server injects: removed in dev only (see the plugin).
  plugins: [vue(), dropCspInDev()],
  worker: { format: 'es' },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
  // Cross-origin isolation lets the page share a cancel flag with the worker (SharedArrayBuffer): a cancel then
  // reaches a synchronous fit at once (renderer/src/bridge/cancel-channel.ts).
  server: { headers: ISOLATION_HEADERS },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, headers: ISOLATION_HEADERS },
});
