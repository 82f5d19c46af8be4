/**
 * One chunked reader of input files for both hosts (node/files.ts openInput): the skfr command's
 * openInputChunks and the desktop compute process's FileIO.openChunks (node/file-io.ts) read the same bytes,
 * reuse one buffer, and refuse alike, each in its own words — a missing file, a folder, a named pipe, a file
 * that cannot be read, and a file that changed while it was being read (between the table reader's two passes,
 * or during one), always in one sentence. The compute FileIO keeps what it adds: null for a workbook, and its
 * `parallel` reading with shared memory.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main, nodeIO, type CliIO } from '../../cli/main.js';
import { SkfrError } from '../../core/errors.js';
import { createSession } from '../../core/jobs/session.js';
import type { FileIO } from '../../core/jobs/types.js';
import { createNodeFileIO } from '../../node/file-io.js';
import { INPUT_CHUNK_BYTES, openFileAt, openInput, openInputChunks, readFailure } from '../../node/files.js';
import type { ChunkSource, ParallelReading } from '../../core/table/stream.js';

const dir = mkdtempSync(join(tmpdir(), 'skfr-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const posix = process.platform !== 'win32';
const appIO = createNodeFileIO();

/** The app's chunk source (FileIO.openChunks), as the jobs session gets it. */
async function appChunks(path: string): Promise<ChunkSource> {
  const opened = await appIO.openChunks!(path);
  if (opened === null) throw new Error('expected chunks');
  return opened.chunks;
}

/** Every chunk of one iteration (copied: the buffer is reused), and the buffers they were in. */
async function drain(chunks: () => AsyncIterable<Uint8Array>, between?: (index: number) => void): Promise<{ bytes: Uint8Array; buffers: Set<ArrayBufferLike> }> {
  const parts: Uint8Array[] = [];
  const buffers = new Set<ArrayBufferLike>();
  for await (const chunk of chunks()) {
    parts.push(chunk.slice());
    buffers.add(chunk.buffer);
    between?.(parts.length);
  }
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) bytes.set(p, (at += p.length) - p.length);
  return { bytes, buffers };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SkfrError) return { code: error.code, message: error.message };
    throw new Error(`expected a SkfrError, got ${String(error)}`);
  }
  throw new Error('expected a refusal');
}

function syncRefusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof SkfrError) return { code: error.code, message: error.message };
    throw new Error(`expected a SkfrError, got ${String(error)}`);
  }
  throw new Error('expected a refusal');
}

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** A CSV of `rows` rows (~22 bytes each): 100 000 rows make more than two chunks of the app's reader. */
const csv = (rows: number) => 'id,a,b\n' + Array.from({ length: rows }, (_, i) => `s${i},${i},${i / 7}`).join('\n') + '\n';
/** Same bytes (Buffer.equals: a deep toEqual of megabytes is slow). */
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);

describe('the skfr command and the compute process read chunks through one reader', () => {
  it('the same bytes, two buffers taking turns per iteration, read again from the start each time', async () => {
    const text = csv(100_000);
    const path = file('big.csv', text);
    expect(text.length).toBeGreaterThan(2 * INPUT_CHUNK_BYTES);
    const expected = new TextEncoder().encode(text);
    for (const chunks of [await openInputChunks(path), await appChunks(path)]) {
      for (let pass = 0; pass < 2; pass++) {
        const { bytes, buffers } = await drain(chunks);
        expect(same(bytes, expected)).toBe(true);
        expect(buffers.size).toBe(2);
      }
    }
    const small = await drain(await openInputChunks(path, 256 * 1024));
    expect(same(small.bytes, expected)).toBe(true);
    expect(small.buffers.size).toBe(2);
    expect((await openInput(path)).head).toEqual(expected.subarray(0, 8));
  });

  it('a chunk stays as it was until the next one is asked for (the next one is read meanwhile)', async () => {
    const text = csv(100_000);
    const path = file('held.csv', text);
    const expected = new TextEncoder().encode(text);
    let at = 0;
    for await (const chunk of (await openInputChunks(path, 64 * 1024))()) {
      const copy = chunk.slice();
      await new Promise((resolve) => setTimeout(resolve, 2)); // (the read ahead has time to land)
      expect(same(chunk, copy)).toBe(true);
      expect(same(chunk, expected.subarray(at, at + chunk.length))).toBe(true);
      at += chunk.length;
    }
    expect(at).toBe(expected.length);
  });

  it('a reader that stops early leaves no read behind', async () => {
    const path = file('stop.csv', csv(100_000));
    const chunks = await openInputChunks(path, 64 * 1024);
    for (let pass = 0; pass < 3; pass++) {
      for await (const chunk of chunks()) {
        expect(chunk.length).toBe(64 * 1024);
        break;
      }
    }
  });

  it('an empty file gives no chunk', async () => {
    const path = file('empty.csv', '');
    expect((await drain(await openInputChunks(path))).bytes.length).toBe(0);
    expect((await drain(await appChunks(path))).bytes.length).toBe(0);
  });

  it('the compute FileIO keeps what it adds: null for a workbook, its parallel reading with shared numbers', async () => {
    const xlsx = file('book.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]));
    expect(await appIO.openChunks!(xlsx)).toBeNull();
    const csv = file('p.csv', 'id,a\ns1,1\n');
    const parallel = { readPieces: async () => [], allocateRows: (n: number) => new Int32Array(n) } as ParallelReading;
    const opened = await createNodeFileIO({ parallel }).openChunks!(csv);
    expect(opened?.parallel).toBe(parallel);
    expect(opened?.allocate?.(4).buffer).toBeInstanceOf(SharedArrayBuffer);
    expect((await appIO.openChunks!(csv))?.allocate?.(4).buffer).toBeInstanceOf(ArrayBuffer);
  });
});

describe('refusals, one sentence each, in the words of the command or the app', () => {
  it('a missing file', async () => {
    const path = join(dir, 'nope.csv');
    expect(await refusal(openInputChunks(path))).toEqual({ code: 'file-not-found', message: `“${path}” does not exist.` });
    const app = { code: 'file-not-found', message: `The file “${path}” does not exist; check its name and folder.` };
    expect(await refusal(appIO.openChunks!(path))).toEqual(app);
    expect(await refusal(appIO.readFile(path))).toEqual(app);
  });

  it('a folder', async () => {
    expect(await refusal(openInputChunks(dir))).toEqual({ code: 'not-a-file', message: `“${dir}” is a directory, not a data file.` });
    const app = { code: 'not-a-file', message: `“${dir}” is not a regular file (a folder); choose a data file.` };
    expect(await refusal(appIO.openChunks!(dir))).toEqual(app);
    expect(await refusal(appIO.readFile(dir))).toEqual(app);
  });

  it.runIf(posix)('a named pipe with no writer: refused at once, never opened to block', async () => {
    const fifo = join(dir, 'pipe.csv');
    execFileSync('mkfifo', [fifo]);
    expect(await refusal(openInputChunks(fifo))).toEqual({ code: 'not-a-file', message: `“${fifo}” is not a regular file: it is a named pipe.` });
    expect(await refusal(appIO.openChunks!(fifo))).toEqual({ code: 'not-a-file', message: `“${fifo}” is not a regular file (a named pipe); choose a data file.` });
  });

  it('a file that cannot be read: the reason in words, not an errno (the same for both)', () => {
    const failure = (code: string) => Object.assign(new Error(`${code}: failed`), { code });
    for (const reader of ['cli', 'app'] as const) {
      expect(readFailure('/d/a.csv', failure('EACCES'), reader).message).toBe('“/d/a.csv” cannot be read: permission denied.');
      expect(readFailure('/d/a.csv', failure('EIO'), reader).message).toBe('“/d/a.csv” cannot be read: the disk reported an input/output error.');
      expect(readFailure('/d/a.csv', failure('EWHAT'), reader)).toMatchObject({ code: 'unreadable-file', message: '“/d/a.csv” cannot be read: the system refused (EWHAT).' });
    }
    const own = new SkfrError('not-a-file', 'x');
    expect(readFailure('/d/a.csv', own, 'cli')).toBe(own);
  });

  const cliChanged = (path: string) => ({ code: 'unreadable-file', message: `“${path}” changed while it was being read; run again once nothing is writing to it.` });
  const appChanged = (path: string) => ({ code: 'unreadable-file', message: `“${path}” changed while it was being read; open it again once nothing is writing to it.` });

  it('a file that changed between two reads (grown, rewritten with another time, replaced by another file)', async () => {
    const changes: [string, (path: string) => void][] = [
      ['grown', (path) => appendFileSync(path, 's9,9,9\n')],
      ['touched', (path) => utimesSync(path, new Date(), new Date(Date.now() + 5000))],
      [
        'replaced',
        (path) => {
          writeFileSync(`${path}.new`, 'id,a,b\ns1,1,2\n');
          renameSync(`${path}.new`, path);
        },
      ],
    ];
    for (const [name, change] of changes) {
      for (const [open, changed] of [
        [openInputChunks, cliChanged],
        [appChunks, appChanged],
      ] as const) {
        const path = file(`${name}.csv`, 'id,a,b\ns1,1,2\n');
        const chunks = await open(path);
        await drain(chunks);
        await drain(chunks); // unchanged: read again alike
        change(path);
        expect(await refusal(drain(chunks)), name).toEqual(changed(path));
      }
    }
  });

  it('a thread reading pieces (ChunkSource.file, openFileAt): the bytes at each place; a changed file refused', async () => {
    const text = csv(20_000);
    const path = file('positions.csv', text);
    const expected = new TextEncoder().encode(text);
    const chunks = await openInputChunks(path);
    expect(chunks.file!()).toBeNull(); // (no first iteration yet: no version to name)
    await drain(chunks);
    const ref = chunks.file!()!;
    expect(ref.path).toBe(path);
    // What a worker thread receives: a structured clone.
    const at = openFileAt(structuredClone(ref));
    for (const [position, length] of [[0, 10], [12_345, 70_000], [expected.length - 5, 64]] as const) {
      const into = new Uint8Array(length);
      const got = at.read(into, position);
      expect(got).toBe(Math.min(length, expected.length - position));
      expect(same(into.subarray(0, got), expected.subarray(position, position + got))).toBe(true);
    }
    at.close();
    const during = openFileAt(ref);
    appendFileSync(path, 's9,9,9\n');
    expect(syncRefusal(() => during.close())).toEqual(cliChanged(path));
    expect(syncRefusal(() => openFileAt(ref))).toEqual(cliChanged(path));
    // The app's words for the app's reads.
    const app = await appChunks(path);
    await drain(app);
    const appRef = app.file!()!;
    appendFileSync(path, 's10,9,9\n');
    expect(syncRefusal(() => openFileAt(appRef))).toEqual(appChanged(path));
    rmSync(path);
    expect(syncRefusal(() => openFileAt(appRef))).toMatchObject({ code: 'file-not-found' });
  });

  it('a file that changed while one read was going on', async () => {
    for (const [open, changed, rows] of [
      [(path: string) => openInputChunks(path, 1024), cliChanged, 200],
      [appChunks, appChanged, 100_000],
    ] as const) {
      const path = file('growing.csv', csv(rows));
      const chunks = await open(path);
      expect(await refusal(drain(chunks, (index) => index === 1 && appendFileSync(path, 'x,1,2\n')))).toEqual(changed(path));
    }
  });

});

describe('a file changed between the two passes of the table reader, through each host', () => {
  /** Chunks that append a row to the file as the second pass starts (a writer still at work). */
  const growing = (path: string, chunks: () => AsyncIterable<Uint8Array>) => {
    let passes = 0;
    return () => {
      if (++passes === 2) appendFileSync(path, 's99,9,9\n');
      return chunks();
    };
  };

  it('skfr cluster: one line, exit 2, nothing fitted', async () => {
    const path = file('cli-growing.csv', csv(40));
    let stderr = '';
    let stdout = '';
    const io: CliIO = {
      ...nodeIO(),
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      isTTY: false,
      openChunks: async (p) => growing(p, await openInputChunks(p)),
    };
    expect(await main(['cluster', path, '--id-column', 'id', '--k', '2', '--s', '1'], io)).toBe(2);
    expect(stderr).toBe(`error: “${path}” changed while it was being read; run again once nothing is writing to it.\n`);
    expect(stdout).toBe('');
  });

  it('the compute session: the open answers unreadable-file in one sentence', async () => {
    const path = file('app-growing.csv', csv(40));
    const io: FileIO = {
      ...appIO,
      async openChunks(p) {
        const opened = await appIO.openChunks!(p);
        return opened && { ...opened, chunks: growing(p, opened.chunks) };
      },
    };
    const response = await createSession(io).runJob({ type: 'open', source: { kind: 'path', path } });
    expect(response).toMatchObject({ ok: false, error: { code: 'unreadable-file', message: `“${path}” changed while it was being read; open it again once nothing is writing to it.` } });
  });
});
