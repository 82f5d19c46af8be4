#!/usr/bin/env node
// The `skfr` command. The TypeScript sources are compiled to dist/ by `npm ci` (prepare) or `npm run build:cli`;
// this wrapper only checks that the build exists and hands over to dist/cli/main.js (after starting the reading
// threads of a large CSV, which then boot while the command's modules load).
import { existsSync } from 'node:fs';

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
// A large CSV's reading threads start now, beside the loading of the command's modules (node/parallel/early.ts).
const { startReadingThreads } = await import(new URL('../../dist/node/parallel/early.js', import.meta.url).href);
startReadingThreads(process.argv.slice(2));
const { runFromProcess } = await import(entry.href);
process.off('SIGINT', loading);
process.off('SIGTERM', loading);
await runFromProcess();
