/**
 * The built `skfr` (dist/ from `npm run build:cli`) for the tests that run it as a user does, in a child process.
 * `npm test` builds dist (and its bundle) first; when it is missing or older than the sources (a test file run alone
 * after an edit), it is rebuilt here. Light on purpose: it does not import the CLI itself.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `node cli/bin/skfr.js`, the executable a user runs. */
export const skfrBin = join(repoRoot, 'cli', 'bin', 'skfr.js');
/** The compiled entry it loads. */
export const builtMain = join(repoRoot, 'dist', 'cli', 'main.js');
/** Its bundle (build/cli-bundle.mjs), which the bin runs instead when it is at least as new. */
export const builtBundle = join(repoRoot, 'dist', 'bundle', 'main.js');

/** The newest modification time of the .ts files below `dir`. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Rebuild dist/ when it is missing or older than the sources the CLI is compiled from (cli/, core/, node/) —
 * unless `npm test` built it just before (SKFR_CLI_BUILT=1, test/run-all.mjs): then many test files would rebuild
 * it at once, each rewriting dist/ while the others run it, whenever a source's modification time looks newer
 * (a clock or a checkout that sets times).
 */
export function ensureBuiltCli(): void {
  if (process.env['SKFR_CLI_BUILT'] === '1' && existsSync(builtMain)) return;
  const sources = Math.max(...['cli', 'core', 'node'].map((d) => newestSource(join(repoRoot, d))));
  if (!existsSync(builtMain) || statSync(builtMain).mtimeMs < sources) {
    try {
      execFileSync(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.cli.json'], { cwd: repoRoot, stdio: 'pipe' });
    } catch {
      // Type errors elsewhere in the tree do not stop tsc from emitting; the runs show whether the CLI works.
    }
  }
  // The bundle the bin runs when it is as new as dist/cli/main.js (build/cli-bundle.mjs).
  if (!existsSync(builtBundle) || statSync(builtBundle).mtimeMs < statSync(builtMain).mtimeMs) {
    execFileSync(process.execPath, [join(repoRoot, 'build', 'cli-bundle.mjs')], { cwd: repoRoot, stdio: 'pipe' });
  }
}
