/**
 * The real `skfr` executable as a user runs it: `node cli/bin/skfr.js …` in a child process (stdout/stderr
 * pipes, exit codes), against the compiled dist/. `npm test` builds dist first; if dist is missing or older
 * than the sources (e.g. running this file alone), it is rebuilt here.
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { copyFileSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltCli } from './built-cli.js';
import { catches, micePath, repoRoot, tempDir } from './helpers.js';

const bin = join(repoRoot, 'cli', 'bin', 'skfr.js');
const tmp = tempDir('skfr-bin-');
afterAll(tmp.cleanup);

beforeAll(ensureBuiltCli, 120_000);

const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: tmp.dir, encoding: 'utf8', timeout: 280_000 });

describe('node cli/bin/skfr.js', () => {
  it('prints its version and help', () => {
    const version = run(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^skfr \d+\.\d+\.\d+/);
    const help = run(['cluster', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--tune-s FROM:TO[:STEP]');
  });

  it('runs the mouse acceptance command with --json on stdout and nothing on stderr (not a terminal)', () => {
    const result = run(['cluster', micePath, '--id-column', 'MouseID', '--class-column', 'class', '--annotation-columns', 'Genotype,Treatment,Behavior',
      '--where', 'Genotype=Ts65Dn', '--k', '36', '--s', '24', '--restarts', '5', '--json']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const json = JSON.parse(result.stdout);
    expect(json.n).toBe(510);
    expect(json.selectedFeatures).toHaveLength(24);
    expect(Object.keys(json.metrics).sort()).toEqual(['ari', 'mixedNodes', 'nmi', 'totalInMixedNodes']);
  });

  it('a user mistake exits 2 with one error line and no stack trace', () => {
    const result = run(['cluster', 'missing.csv', '--k', '3', '--s', '2']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error: “missing.csv” does not exist.\n');
  });

  if (availableParallelism() < 2) console.log('skipped the Ctrl+C-on-threads test: this machine has one core, so the fit runs in-thread');
  it.skipIf(availableParallelism() < 2)('Ctrl+C (SIGINT) while the worker threads fit: one error line, exit 130, promptly', async () => {
    const data = join(tmp.dir, 'sigint.csv');
    expect(run(['simulate', '--design', 'sparse', '--p', '30', '--out', data]).status).toBe(0);
    // 30 s values × 1001 data sets × 50 restarts on 2 threads: minutes of work, unless cancelled.
    const child = spawn(process.execPath, [bin, 'cluster', data, '--k', '10', '--tune-s', '1:30', '--permutations', '1000', '--restarts', '50', '--workers', '2'], {
      cwd: tmp.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => void (stderr += text));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    // Ctrl+C only once skfr listens for it: before that, SIGINT ends Node by default (no message, no 130). On Linux
    // its handler shows in /proc/<pid>/status (SigCgt, bit 1 = SIGINT), however slow a busy machine starts it.
    await catches(child.pid!, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 1000)); // parsed, tuning on the threads
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const { code, signal } = await exited;
    clearTimeout(timer);
    expect({ code, signal, stderr }).toEqual({ code: 130, signal: null, stderr: 'error: cancelled (Ctrl+C); nothing was written.\n' });
  }, 300_000);

  it('says how to build when dist/ is missing', () => {
    const fake = join(tmp.dir, 'fresh-clone');
    mkdirSync(join(fake, 'cli', 'bin'), { recursive: true });
    copyFileSync(bin, join(fake, 'cli', 'bin', 'skfr.js'));
    const result = spawnSync(process.execPath, [join(fake, 'cli', 'bin', 'skfr.js'), '--version'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('error: skfr is not built; run npm ci (or npm run build:cli)\n');
  });

  it('runs dist/bundle/ when it is at least as new as tsc’s dist/cli/main.js, else dist/ (and with SKFR_NO_BUNDLE=1)', () => {
    // A checkout of fakes: each main.js says which build it is; the times are set by hand.
    const fake = join(tmp.dir, 'bundle-choice');
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(fake, path)), { recursive: true });
      writeFileSync(join(fake, path), text);
    };
    write('cli/bin/skfr.js', readFileSync(bin, 'utf8'));
    const early = 'export function startReadingThreads() {}\n';
    const main = (name: string) => `export async function runFromProcess() { process.stdout.write('${name}'); }\n`;
    write('dist/node/parallel/early.js', early);
    write('dist/bundle/early.js', early);
    write('dist/cli/main.js', main('tsc'));
    write('dist/bundle/main.js', main('bundle'));
    const which = (env: Record<string, string> = {}) =>
      spawnSync(process.execPath, [join(fake, 'cli', 'bin', 'skfr.js'), '--version'], { encoding: 'utf8', env: { ...process.env, SKFR_NO_BUNDLE: '', ...env } }).stdout;
    const at = (path: string, seconds: number) => utimesSync(join(fake, path), seconds, seconds);
    at('dist/cli/main.js', 1_000_000);
    at('dist/bundle/main.js', 1_000_000);
    expect(which()).toBe('bundle');
    expect(which({ SKFR_NO_BUNDLE: '1' })).toBe('tsc');
    at('dist/cli/main.js', 1_000_001); // tsc ran after the bundle was made
    expect(which()).toBe('tsc');
    rmSync(join(fake, 'dist', 'bundle', 'main.js'));
    expect(which()).toBe('tsc');
  });

  it('the bundle and dist/ as tsc wrote it give the same --json, worker threads too', () => {
    const args = ['cluster', micePath, '--id-column', 'MouseID', '--k', '3', '--tune-s', '2:6:2', '--permutations', '2', '--restarts', '2', '--workers', '2', '--json'];
    const [bundled, unbundled] = ['', '1'].map((flag) => spawnSync(process.execPath, [bin, ...args], { cwd: tmp.dir, encoding: 'utf8', env: { ...process.env, SKFR_NO_BUNDLE: flag } }));
    const result = (run: typeof bundled) => {
      expect(run!.status, run!.stderr).toBe(0);
      const json = JSON.parse(run!.stdout);
      delete json.timings;
      return json;
    };
    expect(result(bundled)).toEqual(result(unbundled));
  }, 300_000);
});

