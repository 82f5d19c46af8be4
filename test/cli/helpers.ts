/** Shared helpers for the CLI tests: run `skfr` in-process with captured streams, temp folders, the mouse data. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main, nodeIO } from '../../cli/main.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const micePath = fileURLToPath(new URL('../../../shared/data/mice_protein.csv', import.meta.url));

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run `skfr ARGV` in this process (real file system, captured stdout/stderr, stderr not a terminal). */
export async function skfr(argv: readonly string[], options: { isTTY?: boolean } = {}): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  const io = { ...nodeIO(), stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t), isTTY: options.isTTY ?? false };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

/**
 * The parsed `--json` output of `skfr cluster`: tests read it by path (`json.metrics.ari`), as a user's script
 * would, so it is untyped JSON on purpose.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type CliJson = Record<string, any>;

/** Run and parse the --json output, failing loudly with stderr when the run did not succeed. */
export async function skfrJson(argv: readonly string[]): Promise<CliJson> {
  const run = await skfr([...argv, '--json']);
  if (run.code !== 0) throw new Error(`skfr exited ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as CliJson;
}

export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
