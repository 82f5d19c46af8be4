/**
 * node/parallel/early.ts: `skfr cluster` on a large CSV starts its reading threads with the process; which
 * command lines start how many, and that the threads are handed over once, or let go.
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { dropReadingThreads, readingThreadsFor, startReadingThreads, takeReadingThreads } from '../../node/parallel/early.js';

const dir = mkdtempSync(join(tmpdir(), 'skfr-early-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A 64 MiB file (sparse on disk: nothing is written) and a small one.
const large = join(dir, 'large.csv');
writeFileSync(large, '');
truncateSync(large, 64 * 1024 * 1024);
const small = join(dir, 'small.csv');
writeFileSync(small, 'a,b\n1,2\n');
const idle = join(dir, 'idle.mjs');
writeFileSync(idle, 'setInterval(() => {}, 1000);\n');

describe('readingThreadsFor (the command line after skfr)', () => {
  it('cores − 1 threads for skfr cluster on a file of 64 MiB or more, wherever it is among the arguments', () => {
    expect(readingThreadsFor(['cluster', large, '--k', '10', '--s', '5'], 2)).toBe(1);
    expect(readingThreadsFor(['cluster', '--k', '10', large], 4)).toBe(3);
    expect(readingThreadsFor(['cluster', large, '--workers', '3'], 8)).toBe(2);
    expect(readingThreadsFor(['cluster', large, '--workers=2'], 8)).toBe(1);
  });

  it('none for a small file, a missing one, another command, one core, --workers 1, --sheet or --header-row', () => {
    expect(readingThreadsFor(['cluster', small, '--k', '3'], 4)).toBe(0);
    expect(readingThreadsFor(['cluster', join(dir, 'missing.csv')], 4)).toBe(0);
    expect(readingThreadsFor(['cluster', dir], 4)).toBe(0); // (a folder)
    expect(readingThreadsFor(['rerun', large], 4)).toBe(0);
    expect(readingThreadsFor(['cluster', large], 1)).toBe(0);
    expect(readingThreadsFor(['cluster', large, '--workers', '1'], 4)).toBe(0);
    expect(readingThreadsFor(['cluster', large, '--sheet', 'Data'], 4)).toBe(0);
    expect(readingThreadsFor(['cluster', large, '--header-row=3'], 4)).toBe(0);
    expect(readingThreadsFor([], 4)).toBe(0);
  });
});

describe('threads started early', () => {
  const argv = ['cluster', large, '--k', '3'];
  it.skipIf(readingThreadsFor(argv) === 0)('are taken once, no more than asked; those no pool took are let go', async () => {
    const count = readingThreadsFor(argv);
    startReadingThreads(argv, pathToFileURL(idle));
    expect(takeReadingThreads(0)).toHaveLength(0);
    const taken = takeReadingThreads(count + 5);
    expect(taken).toHaveLength(count);
    expect(takeReadingThreads(count)).toHaveLength(0);
    await Promise.all(taken.map((worker) => worker.terminate()));
    // Those no pool took are terminated and forgotten.
    startReadingThreads(argv, pathToFileURL(idle));
    await dropReadingThreads();
    expect(takeReadingThreads(count)).toHaveLength(0);
  });
});
