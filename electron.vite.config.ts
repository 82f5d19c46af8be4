// electron-vite: main (main + utility-process compute entry + its worker thread + the entry of its engine
// threads), a sandboxed preload bundled to ONE CommonJS file, and the Vue renderer (root renderer/).
// Main is bundled with its dependencies (externalizeDeps: false; electron and Node built-ins stay external):
// out/main/*.js import nothing from node_modules, so the packaged app never resolves a package inside app.asar
// (ESM package resolution from asar has regressed in several Electron releases) and ships no node_modules
// (electron-builder.yml). test/electron/bundle.test.ts checks every import of out/main.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import { dropCspInDev } from './build/vite/drop-csp-in-dev.js';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: false,
      rolldownOptions: {
        input: {
          main: resolve(root, 'electron/main.ts'),
          compute: resolve(root, 'electron/compute.ts'),
          'compute-worker': resolve(root, 'electron/compute-worker.ts'),
          'engine-worker': resolve(root, 'electron/engine-worker.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rolldownOptions: {
        input: { preload: resolve(root, 'electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    base: './',
    // `npm run dev` only: the meta CSP would block the styles the dev server injects (builds keep it exactly).
    plugins: [vue(), dropCspInDev()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
});
