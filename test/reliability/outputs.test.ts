/**
 * Issue 12 items 1, 3, 4 and 6: `skfr` outputs never replace the input, never collide, are written all or
 * none, and an unwritable destination is found before the fit and named in words.
 * Fixtures are made here: symlinked folders and files, hard links, a "folder" that is a file, /sys (not
 * writable even by root), and a target turned into a folder while the fit runs.
 */
import { chmodSync, linkSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutputPaths, OutputSet, writeFailure } from '../../node/files.js';
import { main, nodeIO, type CliIO } from '../../cli/main.js';
import { SkfrError } from '../../core/errors.js';
import { skfr, tempDir } from '../cli/helpers.js';

const tmp = tempDir('skfr-outputs-');
afterAll(tmp.cleanup);
const base = join(tmp.dir, 'base.csv');
let original = '';

beforeAll(async () => {
  expect((await skfr(['simulate', '--design', 'sparse', '--n', '60', '--p', '6', '--k', '3', '--s', '3', '--out', base])).code).toBe(0);
  original = readFileSync(base, 'utf8');
});

/** A fresh folder with fx/v.csv (a copy of the data) and out/ in it. */
function fixture(name: string): { dir: string; input: string; out: string } {
  const dir = join(tmp.dir, name);
  mkdirSync(join(dir, 'fx'), { recursive: true });
  mkdirSync(join(dir, 'out'));
  const input = join(dir, 'fx', 'v.csv');
  writeFileSync(input, original);
  return { dir, input, out: join(dir, 'out') };
}

const cluster = (input: string, ...rest: string[]) => skfr(['cluster', input, '--id-column', 'id', '--k', '3', '--s', '3', '--restarts', '2', ...rest]);

/** Every file under `dir`, relative, sorted (temporaries included: they start with a dot). */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => p.split('\\').join('/')).sort();
}

describe('item 1: --out / --features-out never replace the input (same real file, any path)', () => {
  it('the issue\'s case: out/l is a symlink to the input\'s folder, --out out/l/v.csv is refused and the input kept', async () => {
    const { dir, input, out } = fixture('symlinked-folder');
    symlinkSync(join(dir, 'fx'), join(out, 'l'));
    const run = await cluster(input, '--out', join(out, 'l', 'v.csv'));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: “${join(out, 'l', 'v.csv')}” is the input file (“${input}” by another path); choose another output name (inputs are never overwritten).\n`);
    expect(readFileSync(input, 'utf8')).toBe(original);
    expect(listing(dir)).toEqual(['fx', 'fx/v.csv', 'out', 'out/l', 'out/l/v.csv']); // (the listing follows the symlink)
  });

  it('a symlink to the input file, a hard link, a path through "..", for --out and for --features-out', async () => {
    const { dir, input, out } = fixture('other-names');
    symlinkSync(input, join(out, 'link.csv'));
    linkSync(input, join(out, 'hard.csv'));
    for (const [flag, target] of [
      ['--out', join(out, 'link.csv')],
      ['--features-out', join(out, 'link.csv')],
      ['--out', join(out, 'hard.csv')],
      ['--features-out', join(dir, 'out', '..', 'fx', 'v.csv')],
      ['--out', relative(process.cwd(), input)],
    ] as const) {
      const run = await cluster(input, flag, target);
      expect(run.code, `${flag} ${target}`).toBe(2);
      expect(run.stderr).toMatch(/^error: “[^”]+” is the input file[^\n]*; choose another output name \(inputs are never overwritten\)\.\n$/);
    }
    expect(readFileSync(input, 'utf8')).toBe(original);
    expect(listing(dir)).toEqual(['fx', 'fx/v.csv', 'out', 'out/hard.csv', 'out/link.csv']);
  });

  // A case-only difference names the same file on a case-insensitive file system (macOS, Windows): the
  // device + inode comparison sees it. Linux temp folders are case-sensitive, so there it is a different file.
  it('a case-only difference: refused where the file system ignores case, a different file where it does not', async () => {
    const { dir, input } = fixture('case');
    const upper = join(dir, 'fx', 'V.CSV');
    let caseInsensitive = false;
    try {
      caseInsensitive = readFileSync(upper, 'utf8') === original;
    } catch {
      caseInsensitive = false;
    }
    if (!caseInsensitive) console.log(`case-only test: ${dir} is case-sensitive, so “V.CSV” is another file; checked that it is written, not refused`);
    const run = await cluster(input, '--out', upper);
    expect(run.code).toBe(caseInsensitive ? 2 : 0);
    expect(readFileSync(input, 'utf8')).toBe(original);
  });
});

describe('item 3: two outputs that are one file', () => {
  it('--out out/a.csv --features-out out/./a.csv is refused before the fit, nothing written', async () => {
    const { dir, input, out } = fixture('same-target');
    const run = await cluster(input, '--out', join(out, 'a.csv'), '--features-out', `${out}/./a.csv`);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: “${join(out, 'a.csv')}” and “${out}/./a.csv” are the same file; give each output its own name.\n`);
    expect(listing(dir)).toEqual(['fx', 'fx/v.csv', 'out']);
  });

  it('also through a symlinked folder, and when the file exists already', async () => {
    const { dir, input, out } = fixture('same-target-link');
    symlinkSync(out, join(dir, 'alias'));
    expect((await cluster(input, '--out', join(out, 'a.csv'), '--features-out', join(dir, 'alias', 'a.csv'))).code).toBe(2);
    writeFileSync(join(out, 'a.csv'), 'old');
    const run = await cluster(input, '--out', join(dir, 'alias', 'a.csv'), '--features-out', join(out, 'a.csv'));
    expect(run.stderr).toMatch(/are the same file; give each output its own name\.\n$/);
    expect(readFileSync(join(out, 'a.csv'), 'utf8')).toBe('old');
  });
});

describe('item 4: the outputs of one run are all written or none', () => {
  it('--features-out failing at the end (its target became a folder during the fit): exit 2, --out keeps its old content, no temporary left', async () => {
    const { dir, input, out } = fixture('all-or-none');
    writeFileSync(join(out, 'a.csv'), 'old samples');
    let stderr = '';
    const io: CliIO = {
      ...nodeIO(),
      stdout: () => undefined,
      stderr: (t) => void (stderr += t),
      isTTY: false,
      // Called once the outputs were checked and the fit starts: the second target turns into a folder.
      onInterrupt() {
        mkdirSync(join(out, 'b.csv'));
        writeFileSync(join(out, 'b.csv', 'inside'), 'x');
        return () => undefined;
      },
    };
    const code = await main(['cluster', input, '--id-column', 'id', '--k', '3', '--s', '3', '--restarts', '2', '--out', join(out, 'a.csv'), '--features-out', join(out, 'b.csv')], io);
    expect(code).toBe(2);
    expect(stderr).toBe(`error: cannot write “${join(out, 'b.csv')}”: a folder of that name is in the way.\n`);
    expect(readFileSync(join(out, 'a.csv'), 'utf8')).toBe('old samples');
    expect(listing(dir)).toEqual(['fx', 'fx/v.csv', 'out', 'out/a.csv', 'out/b.csv', 'out/b.csv/inside']);
  });

  it('OutputSet: a failing rename restores the targets already replaced (old content back, new files removed)', async () => {
    const dir = join(tmp.dir, 'set');
    mkdirSync(dir);
    writeFileSync(join(dir, 'old.csv'), 'old');
    const set = new OutputSet();
    await set.stage(join(dir, 'old.csv'), new TextEncoder().encode('new 1'));
    await set.stage(join(dir, 'fresh.csv'), [new TextEncoder().encode('new '), new TextEncoder().encode('2')]);
    await set.stage(join(dir, 'blocked.csv'), new TextEncoder().encode('new 3'));
    expect(listing(dir).filter((name) => name.endsWith('.tmp'))).toHaveLength(3);
    mkdirSync(join(dir, 'blocked.csv'));
    writeFileSync(join(dir, 'blocked.csv', 'x'), 'x');
    await expect(set.commit()).rejects.toMatchObject({ code: 'write-failed' });
    expect(readFileSync(join(dir, 'old.csv'), 'utf8')).toBe('old');
    expect(listing(dir)).toEqual(['blocked.csv', 'blocked.csv/x', 'old.csv']);

    const ok = new OutputSet();
    await ok.stage(join(dir, 'old.csv'), new TextEncoder().encode('new 1'));
    await ok.stage(join(dir, 'fresh.csv'), new TextEncoder().encode('new 2'));
    await ok.commit();
    expect([readFileSync(join(dir, 'old.csv'), 'utf8'), readFileSync(join(dir, 'fresh.csv'), 'utf8')]).toEqual(['new 1', 'new 2']);
    expect(listing(dir)).toEqual(['blocked.csv', 'blocked.csv/x', 'fresh.csv', 'old.csv']);
  });
});

describe('item 6: unwritable destinations are found before the fit and named in words', () => {
  /** Run cluster in-process; `fitted` tells whether the fit started (cluster subscribes to Ctrl+C then). */
  async function before(input: string, ...outputs: string[]): Promise<{ code: number; stderr: string; fitted: boolean }> {
    let stderr = '';
    let fitted = false;
    const io: CliIO = {
      ...nodeIO(),
      stdout: () => undefined,
      stderr: (t) => void (stderr += t),
      isTTY: false,
      onInterrupt: () => ((fitted = true), () => undefined),
    };
    const code = await main(['cluster', input, '--id-column', 'id', '--k', '3', '--s', '3', '--restarts', '2', ...outputs], io);
    return { code, stderr, fitted };
  }

  it('a folder that is a file, a path through a file, a missing folder', async () => {
    const { dir, input } = fixture('not-folders');
    writeFileSync(join(dir, 'afile'), 'x');
    const asFolder = await before(input, '--out', join(dir, 'ok.csv'), '--features-out', join(dir, 'afile', 'b.csv'));
    expect(asFolder).toEqual({ code: 2, fitted: false, stderr: `error: cannot write “${join(dir, 'afile', 'b.csv')}”: “${join(dir, 'afile')}” is not a folder.\n` });
    const through = await before(input, '--out', join(dir, 'afile', 'sub', 'b.csv'));
    expect(through.stderr).toBe(`error: cannot write “${join(dir, 'afile', 'sub', 'b.csv')}”: the folder “${join(dir, 'afile', 'sub')}” does not exist (part of its path is a file).\n`);
    const missing = await before(input, '--out', join(dir, 'nope', 'b.csv'));
    expect(missing.stderr).toBe(`error: cannot write “${join(dir, 'nope', 'b.csv')}”: the folder “${join(dir, 'nope')}” does not exist.\n`);
    expect(listing(dir)).toEqual(['afile', 'fx', 'fx/v.csv', 'out']);
  });

  it('a folder nobody may write in (/sys: not writable even by root): refused before the fit, in words', async () => {
    const { input } = fixture('sys');
    let probe: string | null = null;
    try {
      const handle = await open('/sys/skfr-probe.tmp', 'wx');
      await handle.close();
      await unlink('/sys/skfr-probe.tmp');
    } catch (error) {
      probe = (error as { code?: string }).code ?? null;
    }
    if (probe !== 'EACCES' && probe !== 'EROFS' && probe !== 'EPERM') {
      console.log(`skipped the /sys check: creating a file in /sys gave ${probe ?? 'no error'} here, not a permission or read-only error`);
      return;
    }
    const run = await before(input, '--out', '/sys/a.csv');
    expect(run.code).toBe(2);
    expect(run.fitted).toBe(false);
    expect(run.stderr).toMatch(/^error: cannot write “\/sys\/a\.csv”: the folder “\/sys” is (not writable \(permission denied\)|read-only)\.\n$/);
  });

  const isRoot = process.getuid?.() === 0;
  if (isRoot) console.log('skipped: "a folder without write permission (chmod 555)" — running as root, which writes in any folder');
  it.skipIf(isRoot)('a folder without write permission (chmod 555): refused before the fit', async () => {
    const { dir, input } = fixture('chmod');
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o555);
    const run = await before(input, '--out', join(locked, 'a.csv'));
    chmodSync(locked, 0o755);
    expect(run).toEqual({ code: 2, fitted: false, stderr: `error: cannot write “${join(locked, 'a.csv')}”: the folder “${locked}” is not writable (permission denied).\n` });
  });

  it('every errno becomes words: a read-only file system, a full disk, … never a bare code', () => {
    const failure = (code: string) => writeFailure('out/a.csv', Object.assign(new Error(code), { code })).message;
    expect(failure('EROFS')).toBe('cannot write “out/a.csv”: the folder “out” is read-only.');
    expect(failure('EACCES')).toBe('cannot write “out/a.csv”: the folder “out” is not writable (permission denied).');
    expect(failure('ENOSPC')).toBe('cannot write “out/a.csv”: the disk is full.');
    expect(failure('EDQUOT')).toBe('cannot write “out/a.csv”: the disk quota is used up.');
    expect(failure('EXYZ')).toBe('cannot write “out/a.csv”: the system refused (EXYZ).');
    for (const code of ['EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'EIO', 'ENOENT', 'ENOTDIR', 'EISDIR', 'EMFILE']) {
      expect(failure(code)).not.toMatch(/:\s*E[A-Z]+\.?$/);
    }
  });

  it('checkOutputPaths answers with a SkfrError write-failed', async () => {
    await expect(checkOutputPaths(['/sys/x/y.csv'])).rejects.toBeInstanceOf(SkfrError);
  });
});
