// `npm run build:cli`'s second step (after tsc): bundle the compiled CLI (dist/cli/main.js, the worker thread's entry
// dist/node/parallel/worker.js and the early reading threads' dist/node/parallel/early.js) with esbuild into
// dist/bundle/, so that `skfr cluster` loads ~20 files instead of ~130 modules (issue 27, "fast start": Node's
// module loader resolved, read and compiled each; 60–80 ms of CPU a run of the 150 it spent loading). The bundle
// is made from tsc's output, so it runs the same JavaScript; split into shared chunks (--splitting), so the three
// entries share one copy of each module (early.ts's started threads are taken by read.ts: one module, one state)
// and the commands imported lazily stay lazy. npm packages (SheetJS, zod, re2js) stay outside, loaded as before.
//
// cli/bin/skfr.js runs dist/bundle/main.js when it is at least as new as dist/cli/main.js (so a tsc run alone,
// after it, is never shadowed by an older bundle), else dist/cli/main.js; SKFR_NO_BUNDLE=1 forces the latter.
// Without esbuild (not installed) it says so and leaves the unbundled build, which works the same.
//
//   node build/cli-bundle.mjs          (after tsc -p tsconfig.cli.json)
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const out = join(dist, 'bundle');
/** The entries, in the order they are written: main.js last, so a bundle whose main.js is fresh is whole. */
const ENTRIES = ['node/parallel/worker.js', 'node/parallel/early.js', 'cli/main.js'];

let esbuild;
try {
  esbuild = await import('esbuild');
} catch (error) {
  process.stderr.write(`cli-bundle: esbuild is not available (${error.message.split('\n')[0]}); the CLI runs unbundled from dist/.\n`);
  rmSync(join(out, 'main.js'), { force: true });
  process.exit(0);
}

for (const entry of ENTRIES) {
  if (!existsSync(join(dist, entry))) {
    process.stderr.write(`cli-bundle: ${join('dist', entry)} is missing: run tsc -p tsconfig.cli.json first.\n`);
    process.exit(1);
  }
}

const result = await esbuild.build({
  entryPoints: ENTRIES.map((entry) => join(dist, entry)),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  outdir: out,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  write: false,
  logLevel: 'warning',
});

// Chunks first, the entries after them (ENTRIES' order), then files of older bundles are removed: a `skfr` that
// started on the old main.js a moment ago may still be importing the old chunks, which are named by their content.
mkdirSync(out, { recursive: true });
const rank = (path) => ENTRIES.findIndex((entry) => basename(entry) === basename(path));
const files = [...result.outputFiles].sort((a, b) => rank(a.path) - rank(b.path));
for (const file of files) writeFileSync(file.path, file.contents);
const written = new Set(files.map((file) => basename(file.path)));
for (const name of readdirSync(out)) if (!written.has(name)) rmSync(join(out, name), { force: true });
