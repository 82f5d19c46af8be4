/** Shared helpers for the CLI tests: run `skfr` in-process with captured streams, temp folders, the mouse data. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
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

/**
 * Resolves once process `pid` catches `signal` — on Linux, once its bit is set in SigCgt of /proc/<pid>/status
 * (bit n − 1 for signal n); elsewhere after 2 s. A signal sent before skfr installs its handler ends Node silently
 * (no message, no exit 130/143), however slowly a busy machine starts it: tests of Ctrl+C wait for this.
 */
export async function catches(pid: number, signal: 'SIGINT' | 'SIGTERM'): Promise<void> {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return new Promise((done) => setTimeout(done, 2000));
  const bit = BigInt(1) << BigInt(constants.signals[signal] - 1);
  for (;;) {
    const caught = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(status, 'utf8'))?.[1];
    if (caught !== undefined && (BigInt(`0x${caught}`) & bit) !== BigInt(0)) return;
    await new Promise((done) => setTimeout(done, 50));
  }
}
