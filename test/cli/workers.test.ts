/**
 * `skfr cluster --workers N`: restarts and gap permutations on worker threads give exactly the --workers 1
 * answer for the same seed (fit and tuning, whole JSON but the timings); bad counts are user errors; Ctrl+C
 * while the threads work ends the run with one `error: cancelled …` line, exit 130 and no output file.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, nodeIO, type CliIO } from '../../cli/main.js';
import { skfr, skfrJson, tempDir } from './helpers.js';

const tmp = tempDir('skfr-workers-');
afterAll(tmp.cleanup);
const data = join(tmp.dir, 'sparse.csv');
const common = [data, '--id-column', 'id', '--class-column', 'class', '--k', '10'];
const cores = availableParallelism();

beforeAll(async () => {
  const run = await skfr(['simulate', '--design', 'sparse', '--p', '30', '--seed', '5', '--out', data]);
  expect(run.code, run.stderr).toBe(0);
});

/** The JSON of a run without its timings (the only field allowed to differ between thread counts). */
async function answer(argv: string[]): Promise<Record<string, unknown>> {
  const { timings, ...rest } = await skfrJson(argv);
  expect(Object.keys(timings).sort()).toEqual(['fitMs', 'parseMs', 'readMs']);
  return rest;
}

describe('skfr cluster --workers', () => {
  it('a fit on 2 threads equals the fit in this thread (same seed), and differs with another seed', async () => {
    const args = ['cluster', ...common, '--s', '10', '--restarts', '6', '--seed', '4'];
    const one = await answer([...args, '--workers', '1']);
    const two = await answer([...args, '--workers', '2']);
    expect(two).toEqual(one);
    expect(two['labels']).toHaveLength(400);
    const other = await answer([...args.slice(0, -1), '5', '--workers', '2']);
    expect(other['objective']).not.toBe(one['objective']);
  });

  it('tuning s on 2 threads gives the same gap curve, chosen s and fit', async () => {
    const args = ['cluster', ...common, '--tune-s', '6:14:4', '--permutations', '3', '--restarts', '3', '--variant', 'local'];
    const one = await answer([...args, '--workers', '1']);
    const two = await answer([...args, '--workers', '2']);
    expect((two['gap'] as unknown[]).length).toBe(3);
    expect(two).toEqual(one);
  });

  it('more workers than cores is capped, not refused', async () => {
    const args = ['cluster', ...common, '--s', '10', '--restarts', '2'];
    expect(await answer([...args, '--workers', String(cores + 3)])).toEqual(await answer([...args, '--workers', '1']));
  });

  it('rejects a count that is not a whole number ≥ 1, naming the option and the value', async () => {
    for (const bad of ['0', '-2', 'two', '1.5']) {
      const run = await skfr(['cluster', ...common, '--s', '10', '--workers', bad]);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(new RegExp(`^error: --workers (${bad} is not possible: it must be at least 1|must be a whole number, got “${bad}”)`));
    }
    expect((await skfr(['cluster', '--help'])).stdout).toMatch(/--workers N\s+threads running restarts, gap permutations and subsample fits/);
  });

  if (cores < 2) console.log('skipped the Ctrl+C-during-work test: this machine has one core, so no worker threads start');
  it.skipIf(cores < 2)('Ctrl+C during the work cancels it: one error line, exit 130, nothing written', async () => {
    let stderr = '';
    let subscribed = 0;
    const out = join(tmp.dir, 'never.csv');
    const io: CliIO = {
      ...nodeIO(),
      stdout: () => undefined,
      stderr: (text) => void (stderr += text),
      isTTY: false,
      onInterrupt(handler) {
        subscribed++;
        const timer = setTimeout(handler, 300);
        return () => clearTimeout(timer);
      },
    };
    // 30 s values × 1001 data sets × 50 restarts: minutes of work, unless cancelled.
    const code = await main(['cluster', ...common, '--tune-s', '1:30', '--permutations', '1000', '--restarts', '50', '--workers', '2', '--out', out], io);
    expect(subscribed).toBe(1);
    expect(code).toBe(130);
    expect(stderr).toBe('error: cancelled (Ctrl+C); nothing was written.\n');
    expect(existsSync(out)).toBe(false);
  });

  it('--workers 1 runs in this thread and listens for Ctrl+C too (the fit yields between restarts)', async () => {
    let subscribed = 0;
    const io: CliIO = { ...nodeIO(), stdout: () => undefined, isTTY: false, onInterrupt: () => (subscribed++, () => undefined) };
    expect(await main(['cluster', ...common, '--s', '10', '--restarts', '2', '--workers', '1'], io)).toBe(0);
    expect(subscribed).toBe(1);
  });
});
