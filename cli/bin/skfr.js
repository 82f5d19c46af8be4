#!/usr/bin/env node
// The `skfr` command. The TypeScript sources are compiled to dist/ by `npm ci` (prepare) or `npm run build:cli`;
// this wrapper only checks that the build exists and hands over to dist/cli/main.js.
import { existsSync } from 'node:fs';

const entry = new URL('../../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('error: skfr is not built; run npm ci (or npm run build:cli)\n');
  process.exit(2);
}
const { runFromProcess } = await import(entry.href);
await runFromProcess();
