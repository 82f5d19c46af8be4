import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkOutputPath, readInputFile, writeFileAtomic } from '../../node/files.js';
import { SkfrError } from '../../core/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'skfr-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rejection(promise: Promise<unknown>): Promise<SkfrError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SkfrError) return error;
    throw error;
  }
  throw new Error('expected a SkfrError');
}

describe('readInputFile', () => {
  it('reads the bytes of a file', async () => {
    const file = join(dir, 'a.csv');
    writeFileSync(file, 'x,y\n1,2\n');
    expect(new TextDecoder().decode(await readInputFile(file))).toBe('x,y\n1,2\n');
  });
  it('names a missing file and a directory', async () => {
    const missing = join(dir, 'nope.csv');
    const e1 = await rejection(readInputFile(missing));
    expect(e1.code).toBe('file-not-found');
    expect(e1.message).toBe(`“${missing}” does not exist.`);
    const e2 = await rejection(readInputFile(dir));
    expect(e2.code).toBe('not-a-file');
    expect(e2.message).toBe(`“${dir}” is a directory, not a data file.`);
  });
  const isRoot = process.getuid?.() === 0;
  if (isRoot) console.log('skipped: "names an unreadable file" — running as root, which can read a file with mode 000');
  it.skipIf(isRoot)('names an unreadable file (skipped as root: root reads any file)', async () => {
    const file = join(dir, 'locked.csv');
    writeFileSync(file, 'x\n1\n');
    chmodSync(file, 0o000);
    const e = await rejection(readInputFile(file));
    expect(e.code).toBe('unreadable-file');
    expect(e.message).toContain('permission denied');
  });
});

describe('writeFileAtomic and checkOutputPath', () => {
  it('replaces an existing file in one step and leaves no temporary file', async () => {
    const sub = join(dir, 'out');
    mkdirSync(sub);
    const target = join(sub, 'r.csv');
    writeFileSync(target, 'old contents');
    await writeFileAtomic(target, new TextEncoder().encode('new'));
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(readdirSync(sub)).toEqual(['r.csv']);
  });
  it('fails with write-failed when the folder does not exist or the target is a directory', async () => {
    const e = await rejection(writeFileAtomic(join(dir, 'no', 'such', 'x.csv'), new Uint8Array(1)));
    expect(e.code).toBe('write-failed');
    expect(e.message).toContain('x.csv');
    const e2 = await rejection(checkOutputPath(join(dir, 'no', 'x.csv')));
    expect(e2.message).toContain('does not exist');
    const e3 = await rejection(checkOutputPath(dir));
    expect(e3.message).toContain('it is a directory');
  });
  it('refuses to write over an input file', async () => {
    const input = join(dir, 'in.csv');
    writeFileSync(input, 'x\n');
    const e = await rejection(checkOutputPath(join(dir, '.', 'in.csv'), [input]));
    expect(e.code).toBe('write-failed');
    expect(e.message).toContain('is the input file');
    await expect(checkOutputPath(join(dir, 'fresh.csv'), [input])).resolves.toBeUndefined();
  });
});
