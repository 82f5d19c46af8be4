// `npm start` (build/start.mjs + build/electron-binary.mjs): finding Electron's binary, downloading it once when
// it is missing (the download is FAKED here: temp folders only, never the real node_modules/electron, never the
// network), the one-sentence message when it cannot be had, and the Linux sandbox fallback.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveElectronBinary, sandboxAdvice, type ResolveOptions } from '../../build/electron-binary.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skfr-start-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/**
 * A fresh fake electron package folder (no dist, no path.txt), and the options to resolve from it. Its installer
 * counts its calls and fails, or with `download: 'unpacks'` leaves what install.js leaves and succeeds.
 */
async function fakeElectron(name: string, overrides: Partial<ResolveOptions> = {}, download: 'fails' | 'unpacks' = 'fails') {
  const electronDir = join(dir, name, 'electron');
  await mkdir(electronDir, { recursive: true });
  const calls = { installer: 0 };
  const options: ResolveOptions = {
    env: {},
    electronDir,
    version: '45.4.1',
    platform: 'linux',
    arch: 'x64',
    fs: { existsSync: fs.existsSync, readFileSync: fs.readFileSync },
    runInstaller: () => {
      calls.installer += 1;
      return download === 'unpacks' ? unpack(electronDir).then(() => 0) : 1;
    },
    ...overrides,
  };
  return { electronDir, calls, options };
}

/** What install.js leaves behind after a successful download. */
async function unpack(electronDir: string) {
  await mkdir(join(electronDir, 'dist'), { recursive: true });
  await writeFile(join(electronDir, 'dist', 'electron'), '#!/bin/sh\n');
  await writeFile(join(electronDir, 'path.txt'), 'electron');
}

describe('resolveElectronBinary', () => {
  it('binary present: returns it and never calls the installer', async () => {
    const { electronDir, calls, options } = await fakeElectron('present');
    await unpack(electronDir);
    const result = await resolveElectronBinary(options);
    expect(result).toMatchObject({ ok: true, path: join(electronDir, 'dist', 'electron'), source: 'path.txt' });
    expect(calls.installer).toBe(0);
  });

  it('binary missing: runs the installer once, then returns what it unpacked', async () => {
    const { electronDir, calls, options } = await fakeElectron('download', {}, 'unpacks');
    const result = await resolveElectronBinary(options);
    expect(result).toMatchObject({ ok: true, path: join(electronDir, 'dist', 'electron'), source: 'download' });
    expect(calls.installer).toBe(1);
  });

  it('path.txt names a binary that is gone: downloads again', async () => {
    const { electronDir, calls, options } = await fakeElectron('stale', {}, 'unpacks');
    await writeFile(join(electronDir, 'path.txt'), 'electron');
    const result = await resolveElectronBinary(options);
    expect(result.ok).toBe(true);
    expect(calls.installer).toBe(1);
  });

  it('binary missing and the download fails (offline): one sentence naming every way out', async () => {
    for (const runInstaller of [() => 1, () => Promise.reject(new Error('fetch failed')), () => 0 /* "succeeded", left nothing */]) {
      const { options } = await fakeElectron(`offline-${Math.random().toString(36).slice(2)}`, { runInstaller });
      const result = await resolveElectronBinary(options);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.message).toContain('ELECTRON_OVERRIDE_DIST_PATH');
      expect(result.message).toContain('ELECTRON_MIRROR');
      expect(result.message).toContain('network access');
      expect(result.message).toContain('Electron 45.4.1');
      expect(result.message).not.toContain('\n');
      expect(result.message.match(/[.!?](\s|$)/g)).toHaveLength(1); // one sentence
    }
  });

  it('ELECTRON_OVERRIDE_DIST_PATH is honoured before path.txt; empty folder → reported, no download', async () => {
    const { electronDir, calls, options } = await fakeElectron('override');
    await unpack(electronDir);
    const override = join(dir, 'override', 'unpacked');
    await mkdir(override, { recursive: true });

    const empty = await resolveElectronBinary({ ...options, env: { ELECTRON_OVERRIDE_DIST_PATH: override } });
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      expect(empty.message).toContain(`ELECTRON_OVERRIDE_DIST_PATH=${override}`);
      expect(empty.message).toContain(join(override, 'electron'));
    }
    expect(calls.installer).toBe(0);

    await writeFile(join(override, 'electron'), '#!/bin/sh\n');
    const found = await resolveElectronBinary({ ...options, env: { ELECTRON_OVERRIDE_DIST_PATH: override } });
    expect(found).toMatchObject({ ok: true, path: join(override, 'electron'), source: 'ELECTRON_OVERRIDE_DIST_PATH' });
    const mac = await resolveElectronBinary({ ...options, platform: 'darwin', env: { ELECTRON_OVERRIDE_DIST_PATH: override } });
    expect(mac.ok).toBe(false); // looks for Electron.app/Contents/MacOS/Electron there
    expect(calls.installer).toBe(0);
  });

  it('ELECTRON_EXEC_PATH wins when it exists, and is noted and skipped when it does not', async () => {
    const { electronDir, calls, options } = await fakeElectron('exec-path');
    await unpack(electronDir);
    const own = join(dir, 'exec-path', 'my-electron');
    await writeFile(own, '#!/bin/sh\n');
    expect(await resolveElectronBinary({ ...options, env: { ELECTRON_EXEC_PATH: own } })).toMatchObject({ ok: true, path: own, source: 'ELECTRON_EXEC_PATH' });
    const gone = await resolveElectronBinary({ ...options, env: { ELECTRON_EXEC_PATH: join(dir, 'nope') } });
    expect(gone).toMatchObject({ ok: true, source: 'path.txt' });
    expect(gone.notes[0]).toContain('ELECTRON_EXEC_PATH');
    expect(calls.installer).toBe(0);
  });
});

describe('sandboxAdvice (Linux: restricted user namespaces × chrome-sandbox root 4755)', () => {
  const helper = 'node_modules/electron/dist/chrome-sandbox';
  const procFiles = (values: Record<string, string>) => (file: string) => {
    if (!(file in values)) throw new Error(`ENOENT: ${file}`);
    return values[file];
  };
  const ubuntu = procFiles({ '/proc/sys/kernel/apparmor_restrict_unprivileged_userns': '1\n' });
  const open = procFiles({ '/proc/sys/kernel/apparmor_restrict_unprivileged_userns': '0\n', '/proc/sys/kernel/unprivileged_userns_clone': '1\n' });
  const rootSetuid = () => ({ uid: 0, mode: 0o104755 });
  const userOwned = () => ({ uid: 1000, mode: 0o100755 });

  it('restricted and the helper is not root 4755: no sandbox, one warning naming both fixes', () => {
    const advice = sandboxAdvice({ platform: 'linux', sandboxPath: helper, readFile: ubuntu, stat: userOwned });
    expect(advice).toMatchObject({ disableSandbox: true, usernsRestricted: true, helperReady: false });
    expect(advice.warning).toContain(`sudo chown root:root ${helper}`);
    expect(advice.warning).toContain(`sudo chmod 4755 ${helper}`);
    expect(advice.warning).not.toContain('\n');
  });

  it('restricted but the helper is root 4755: sandbox kept', () => {
    expect(sandboxAdvice({ platform: 'linux', sandboxPath: helper, readFile: ubuntu, stat: rootSetuid })).toMatchObject({
      disableSandbox: false,
      usernsRestricted: true,
      helperReady: true,
      warning: null,
    });
  });

  it('not restricted: sandbox kept whatever the helper', () => {
    for (const stat of [rootSetuid, userOwned]) {
      expect(sandboxAdvice({ platform: 'linux', sandboxPath: helper, readFile: open, stat })).toMatchObject({ disableSandbox: false, usernsRestricted: false, warning: null });
    }
  });

  it('Debian switch (unprivileged_userns_clone = 0), a missing helper, other platforms', () => {
    const debian = procFiles({ '/proc/sys/kernel/unprivileged_userns_clone': '0' });
    const missing = () => {
      throw new Error('ENOENT');
    };
    expect(sandboxAdvice({ platform: 'linux', sandboxPath: helper, readFile: debian, stat: userOwned }).disableSandbox).toBe(true);
    expect(sandboxAdvice({ platform: 'linux', sandboxPath: helper, readFile: ubuntu, stat: missing }).disableSandbox).toBe(true);
    expect(sandboxAdvice({ platform: 'linux', sandboxPath: helper, readFile: procFiles({}), stat: missing }).disableSandbox).toBe(false);
    expect(sandboxAdvice({ platform: 'darwin', sandboxPath: helper, readFile: ubuntu, stat: userOwned })).toMatchObject({ disableSandbox: false, warning: null });
  });
});

describe('node build/start.mjs --check-only', () => {
  it('ELECTRON_OVERRIDE_DIST_PATH at an empty folder: exit 1, one sentence on stderr, no download', async () => {
    const empty = await mkdtemp(join(dir, 'empty-dist-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ELECTRON_OVERRIDE_DIST_PATH: empty,
      ELECTRON_MIRROR: 'http://127.0.0.1:9/', // should anything try to download, it gets nowhere
    };
    delete env.ELECTRON_EXEC_PATH;
    const run = spawnSync(process.execPath, [join(root, 'build/start.mjs'), '--check-only'], { cwd: root, env, encoding: 'utf8', timeout: 120_000 });
    expect(run.status).toBe(1);
    const stderr = run.stderr.trim();
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toContain(`ELECTRON_OVERRIDE_DIST_PATH=${empty}`);
    expect(stderr).toMatch(/^Electron's binary is missing/);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).not.toContain('Downloading');
  });
});

describe('node build/start.mjs on a Node older than 22.12 (issue 26)', () => {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  it.skipIf(major > 22 || (major === 22 && minor >= 12))('stops with one sentence naming the Node it needs', () => {
    const run = spawnSync(process.execPath, [join(root, 'build/start.mjs')], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `npm start needs Node 22.12 or later for Electron 45 (this is Node ${process.versions.node}); the skfr command and the browser build (npm run dev:web) run on Node 20.19 or later.`,
    );
  });
});
