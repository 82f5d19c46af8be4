/**
 * The browser build of the renderer: the same Vue app, with core/jobs running in a Web Worker
 * behind the SkfrApi interface (renderer/src/bridge). `npm run dev:web`, `npm run build:web` → out/web.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import vue from '@vitejs/plugin-vue';

const root = fileURLToPath(new URL('./renderer', import.meta.url));
const outDir = fileURLToPath(new URL('./out/web', import.meta.url));

/**
 * The dev server injects component styles as <style> elements, which the strict CSP (no 'unsafe-inline')
 * blocks; the policy therefore applies to builds only and is removed from the page the dev server serves.
 */
function dropCspInDev(): Plugin {
  return {
    name: 'skfr-drop-csp-in-dev',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\s*/i, '');
    },
  };
}

const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  root,
  base: './',
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
