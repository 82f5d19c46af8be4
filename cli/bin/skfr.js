#!/usr/bin/env node
// The `skfr` command. The TypeScript sources are compiled to dist/ by `npm ci` (prepare) or `npm run build:cli`;
// this wrapper only checks that the build exists and hands over to dist/cli/main.js, or to its bundle (after starting
// the reading threads of a large CSV, which then boot while the command's modules load).
import { existsSync, statSync } from 'node:fs';

// Ctrl+C or SIGTERM while the modules load (seconds on a busy machine) ends as a cancelled run does, with the
// wording of node/cancel.ts CancelledError, not as Node's silent death by the signal; runFromProcess takes over.
const CANCEL = { SIGINT: ['Ctrl+C', 130], SIGTERM: ['SIGTERM', 143] };
function loading(signal) {
  process.stderr.write(`error: cancelled (${CANCEL[signal][0]}); nothing was written.\n`);
  process.exit(CANCEL[signal][1]);
}
process.on('SIGINT', loading);
process.on('SIGTERM', loading);

const entry = new URL('../../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('error: skfr is not built; run npm ci (or npm run build:cli)\n');
  process.exit(2);
}
// The same build bundled (build/cli-bundle.mjs: ~20 files to load, not ~130 modules) when it was made after the
// last tsc run; SKFR_NO_BUNDLE=1 runs dist/ as tsc wrote it.
const bundle = new URL('../../dist/bundle/', import.meta.url);
const [early, main] = bundled(entry)
  ? [new URL('early.js', bundle), new URL('main.js', bundle)]
  : [new URL('../../dist/node/parallel/early.js', import.meta.url), entry];
// A large CSV's reading threads start now, beside the loading of the command's modules (node/parallel/early.ts).
const { startReadingThreads } = await import(early.href);
startReadingThreads(process.argv.slice(2));
const { runFromProcess } = await import(main.href);
process.off('SIGINT', loading);
process.off('SIGTERM', loading);
await runFromProcess();

/** Whether dist/bundle/main.js is there and at least as new as tsc's `main` (else it may be an older build's). */
function bundled(main) {
  if (process.env.SKFR_NO_BUNDLE === '1') return false;
  try {
    return statSync(new URL('main.js', bundle)).mtimeMs >= statSync(main).mtimeMs;
  } catch {
    return false;
  }
}
