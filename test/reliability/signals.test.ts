/**
 * Issue 12 item 5: a signal during the final write never leaves a temporary file, and never a half-written
 * or missing target. The real `skfr` (node cli/bin/skfr.js, from dist/) writes a 1-million-row CSV (`skfr
 * simulate`, ~40 MB in chunks) over an existing file; the test sends SIGINT, SIGTERM or SIGKILL once the
 * temporary file has started to fill, then lists the folder:
 * - SIGINT / SIGTERM: one line `error: cancelled (…); nothing was written.`, exit 130 / 143, the old target,
 *   no temporary;
 * - SIGKILL: the old target, the temporary `.big.csv.<pid>.<ms>.<n>.tmp` left behind, which the next write
 *   beside that target removes (and only it: a temporary of a running process is kept).
 * And SIGINT / SIGTERM during a fit in this thread (--workers 1): the same line, exit 130 / 143.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltCli } from '../cli/built-cli.js';
import { catches, repoRoot, tempDir } from '../cli/helpers.js';

const bin = join(repoRoot, 'cli', 'bin', 'skfr.js');
const tmp = tempDir('skfr-signals-');
afterAll(tmp.cleanup);

beforeAll(ensureBuiltCli, 180_000);

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

function start(args: string[], cwd: string) {
  const child = spawn(process.execPath, [bin, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => void (stderr += text));
  child.stdout.resume();
  const ended = new Promise<Ended>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
  return { child, ended };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const temporaries = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

/** Wait until a temporary beside the target has at least `bytes` bytes (the write is under way). */
async function writing(dir: string, bytes: number, until: Promise<unknown>): Promise<void> {
  let done = false;
  void until.then(() => (done = true));
  for (let t = 0; t < 1200 && !done; t++) {
    for (const name of temporaries(dir)) {
      try {
        if (statSync(join(dir, name)).size >= bytes) return;
      } catch {
        // renamed or removed meanwhile
      }
    }
    await sleep(25);
  }
  throw new Error(`the write never started (or ended before the signal could be sent): ${JSON.stringify(await Promise.race([until, sleep(0)]))}`);
}

const MILLION = ['simulate', '--design', 'sparse', '--n', '1000000', '--p', '5', '--s', '3', '--decimals', '3', '--out', 'big.csv'];
const OLD = 'the old content\n';

describe('a signal during a 1-million-row write', () => {
  for (const [signal, code, line] of [
    ['SIGINT', 130, 'error: cancelled (Ctrl+C); nothing was written.\n'],
    ['SIGTERM', 143, 'error: cancelled (SIGTERM); nothing was written.\n'],
  ] as const) {
    it(`${signal}: exit ${code}, one line, the old target and no temporary`, async () => {
      const dir = join(tmp.dir, signal);
      execFileSync('mkdir', ['-p', dir]);
      writeFileSync(join(dir, 'big.csv'), OLD);
      const { child, ended } = start(MILLION, dir);
      await writing(dir, 1 << 20, ended);
      child.kill(signal);
      const result = await ended;
      expect(result).toEqual({ code, signal: null, stderr: line });
      expect(readdirSync(dir)).toEqual(['big.csv']);
      expect(readFileSync(join(dir, 'big.csv'), 'utf8')).toBe(OLD);
    }, 300_000);
  }

  it('SIGKILL: the old target survives; the next write removes the dead process\'s temporary, not a live one\'s', async () => {
    const dir = join(tmp.dir, 'SIGKILL');
    execFileSync('mkdir', ['-p', dir]);
    writeFileSync(join(dir, 'big.csv'), OLD);
    const { child, ended } = start(MILLION, dir);
    await writing(dir, 1 << 20, ended);
    child.kill('SIGKILL');
    expect(await ended).toMatchObject({ code: null, signal: 'SIGKILL' });
    const left = temporaries(dir);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(new RegExp(`^\\.big\\.csv\\.${child.pid}\\.\\d+\\.\\d+\\.tmp$`));
    expect(readFileSync(join(dir, 'big.csv'), 'utf8')).toBe(OLD);

    // A temporary of a process that still runs (this test's) is not touched, nor are other files.
    const alive = `.big.csv.${process.pid}.1.0.tmp`;
    writeFileSync(join(dir, alive), 'in progress');
    writeFileSync(join(dir, '.big.csv.notes.tmp'), 'not ours');
    const next = start(['simulate', '--design', 'sparse', '--n', '100', '--p', '5', '--s', '3', '--out', 'big.csv'], dir);
    expect((await next.ended).code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([alive, '.big.csv.notes.tmp', 'big.csv'].sort());
    expect(readFileSync(join(dir, 'big.csv'), 'utf8')).toMatch(/^id,F1,F2,F3,F4,F5,class\n/);
  }, 300_000);
});

describe('a signal during a fit in this thread (--workers 1)', () => {
  for (const [signal, code, line] of [
    ['SIGINT', 130, 'error: cancelled (Ctrl+C); nothing was written.\n'],
    ['SIGTERM', 143, 'error: cancelled (SIGTERM); nothing was written.\n'],
  ] as const) {
    it(`${signal}: one line, exit ${code}, promptly, nothing written`, async () => {
      const dir = join(tmp.dir, `fit-${signal}`);
      execFileSync('mkdir', ['-p', dir]);
      const data = start(['simulate', '--design', 'sparse', '--p', '50', '--out', 'data.csv'], dir);
      expect((await data.ended).code).toBe(0);
      // 5000 restarts of 400 × 50 in this thread: tens of seconds, unless cancelled.
      const { child, ended } = start(['cluster', 'data.csv', '--id-column', 'id', '--k', '5', '--s', '10', '--restarts', '5000', '--workers', '1', '--out', 'out.csv'], dir);
      await catches(child.pid!, signal); // before, the signal would end Node without a word (cli/helpers.ts)
      await sleep(1500); // read, parsed, fitting
      child.kill(signal);
      const result = await ended;
      expect(result).toEqual({ code, signal: null, stderr: line });
      expect(readdirSync(dir)).toEqual(['data.csv']);
    }, 300_000);
  }
});
