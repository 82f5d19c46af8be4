// Issue 12 item 9: the desktop compute process reads only regular files of a stated size. /dev/zero (memory
// without end) and a named pipe (blocks forever) are refused within a second, in one sentence; so is a file
// over the limit, with its size and the limit. Both straight through the node FileIO and through the jobs
// session the compute process runs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SkfrError } from '../../core/errors.js';
import { createSession } from '../../core/jobs/session.js';
import { createNodeFileIO, MAX_READ_BYTES, nodeFileIO } from '../../node/file-io.js';

const dir = mkdtempSync(join(tmpdir(), 'skfr-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(read: Promise<unknown>): Promise<{ code: string; message: string; ms: number }> {
  const start = performance.now();
  try {
    await read;
  } catch (error) {
    if (!(error instanceof SkfrError)) throw error;
    return { code: error.code, message: error.message, ms: performance.now() - start };
  }
  throw new Error('expected a refusal');
}

const posix = process.platform !== 'win32';

describe('node FileIO reads regular files only', () => {
  it.runIf(posix && existsSync('/dev/zero'))('/dev/zero: refused as a device', async () => {
    const r = await refusal(nodeFileIO.readFile('/dev/zero'));
    expect(r).toMatchObject({ code: 'not-a-file', message: '“/dev/zero” is not a regular file (a device); choose a data file.' });
  });

  it.runIf(posix)('a named pipe (FIFO) with no writer: refused, not blocked', async () => {
    const fifo = join(dir, 'pipe.csv');
    execFileSync('mkfifo', [fifo]);
    const r = await refusal(nodeFileIO.readFile(fifo));
    expect(r).toMatchObject({ code: 'not-a-file', message: `“${fifo}” is not a regular file (a named pipe); choose a data file.` });
  });

  it('a folder is refused in the same sentence', async () => {
    const r = await refusal(nodeFileIO.readFile(dir));
    expect(r).toMatchObject({ code: 'not-a-file', message: `“${dir}” is not a regular file (a folder); choose a data file.` });
  });

  it('a file over the limit is refused with its size and the limit; one at the limit is read', async () => {
    const path = join(dir, 'big.csv');
    writeFileSync(path, 'x'.repeat(3 * 1024 * 1024 + 100));
    const io = createNodeFileIO({ maxReadBytes: 2 * 1024 * 1024 });
    const r = await refusal(io.readFile(path));
    expect(r.code).toBe('unreadable-file');
    expect(r.message).toBe(
      `“${path}” is 3.0 MiB, more than the 2.0 MiB the app opens; choose a smaller file, or use the skfr command, which reads large text tables in pieces.`,
    );
    const exact = createNodeFileIO({ maxReadBytes: 3 * 1024 * 1024 + 100 });
    expect((await exact.readFile(path)).length).toBe(3 * 1024 * 1024 + 100);
    expect(MAX_READ_BYTES).toBe(1024 ** 3);
  });

  it('a regular file (and a symlink to one) reads byte for byte', async () => {
    const path = join(dir, 'ok.csv');
    writeFileSync(path, 'id,a\ns1,1\n');
    expect(new TextDecoder().decode(await nodeFileIO.readFile(path))).toBe('id,a\ns1,1\n');
    if (posix) {
      execFileSync('ln', ['-s', path, join(dir, 'link.csv')]);
      expect(new TextDecoder().decode(await nodeFileIO.readFile(join(dir, 'link.csv')))).toBe('id,a\ns1,1\n');
    }
  });
});

describe('the compute session opening such paths', () => {
  it.runIf(posix && existsSync('/dev/zero'))('answers an open of /dev/zero or a FIFO with not-a-file, promptly', async () => {
    const session = createSession(nodeFileIO);
    const fifo = join(dir, 'pipe2.tsv');
    execFileSync('mkfifo', [fifo]);
    for (const path of ['/dev/zero', fifo]) {
      const response = await session.runJob({ type: 'open', source: { kind: 'path', path } });
      expect(response.ok).toBe(false);
      if (!response.ok) {
        expect(response.error.code).toBe('not-a-file');
        expect(response.error.message).toMatch(/is not a regular file \((a device|a named pipe)\); choose a data file\.$/);
      }
    }
  });

  it('a missing file still reads as “does not exist”', async () => {
    const session = createSession(nodeFileIO);
    const response = await session.runJob({ type: 'open', source: { kind: 'path', path: join(dir, 'nope.csv') } });
    expect(response.ok ? null : response.error.code).toBe('file-not-found');
  });
});
