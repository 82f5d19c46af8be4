#!/usr/bin/env node
// `npm start`: build once with electron-vite, make sure Electron's binary is there (downloading it once with the
// electron package's own install.js when it is not), then `electron-vite preview --skipBuild` with
// ELECTRON_EXEC_PATH pointing at it. The decisions live in build/electron-binary.mjs (tested with fakes).
//
//   node build/start.mjs [-- electron args…]   build, check, launch
//   node build/start.mjs --check-only          only find (or download) the binary, say which, exit 0/1
//
// Without a binary and without a way to get one, it prints one sentence saying what to do and exits 1.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveElectronBinary, sandboxAdvice, sandboxHelperFor } from './electron-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const args = process.argv.slice(2);
const checkOnly = args.includes('--check-only');
const electronArgs = args.filter((a) => a !== '--check-only' && a !== '--');

// Electron 45 and its tools (@electron/get, @electron/fuses) need Node 22.12 or later; the skfr command does not.
const [major, minor] = process.versions.node.split('.').map(Number);
if (!checkOnly && (major < 22 || (major === 22 && minor < 12))) {
  process.stderr.write(
    `npm start needs Node 22.12 or later for Electron 45 (this is Node ${process.versions.node}); the skfr command and the browser build (npm run dev:web) run on Node 20.19 or later.\n`,
  );
  process.exit(1);
}

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function packageDir(name) {
  try {
    return dirname(createRequire(join(root, 'package.json')).resolve(`${name}/package.json`));
  } catch {
    return fail(`The ${name} package is missing from node_modules: run \`npm ci\` first.`);
  }
}

/** Runs the electron package's install.js; a download failure shows as one line (install.js prints err.stack). */
function runElectronInstaller(electronDir, version) {
  console.log(`Downloading Electron ${version}'s binary (once, into node_modules/electron/dist)…`);
  const quietStacks =
    'const e = console.error; console.error = (...a) => e(...a.map((x) => typeof x === "string" ? ' +
    '"Electron download failed: " + x.split("\\n").filter((l) => !/^\\s+at /.test(l)).join("\\n") : x)); ' +
    'require(process.argv[1]);';
  const result = spawnSync(process.execPath, ['-e', quietStacks, join(electronDir, 'install.js')], {
    cwd: root,
    stdio: 'inherit',
    env: process.env, // ELECTRON_MIRROR, electron_config_cache, proxies… reach @electron/get as they are
  });
  return result.status ?? 1;
}

function shown(path) {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

const electronDir = packageDir('electron');
const electronViteBin = join(packageDir('electron-vite'), 'bin', 'electron-vite.js');
const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8'));

// 1. Build once (preview runs with --skipBuild below).
if (!checkOnly) {
  const build = spawnSync(process.execPath, [electronViteBin, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// 2. Electron's binary.
const binary = await resolveElectronBinary({
  env: process.env,
  electronDir,
  version,
  platform: process.platform,
  arch: process.arch,
  fs: { existsSync, readFileSync },
  runInstaller: () => runElectronInstaller(electronDir, version),
});
for (const note of binary.notes) console.warn(note);
if (!binary.ok) fail(binary.message);

// 3. Linux: no usable sandbox (restricted user namespaces and a chrome-sandbox that is not root 4755) → start
// without it, for development only, and say how to fix it.
const sandbox = sandboxAdvice({
  platform: process.platform,
  sandboxPath: shown(sandboxHelperFor(binary.path)),
  readFile: (file) => readFileSync(file, 'utf8'),
  stat: (file) => statSync(file),
});
if (sandbox.warning) console.warn(sandbox.warning);

if (checkOnly) {
  console.log(`Electron: ${binary.path} (${binary.source})${sandbox.disableSandbox ? ', without sandbox' : ''}`);
  process.exit(0);
}

// 4. Launch. electron-vite reads ELECTRON_EXEC_PATH before path.txt; --noSandbox makes it pass --no-sandbox to
// Electron, and ELECTRON_DISABLE_SANDBOX=1 (read by Electron itself) covers every process it starts.
const previewArgs = [electronViteBin, 'preview', '--skipBuild'];
const env = { ...process.env, ELECTRON_EXEC_PATH: binary.path };
if (sandbox.disableSandbox) {
  previewArgs.push('--noSandbox');
  env.ELECTRON_DISABLE_SANDBOX = '1';
}
if (electronArgs.length > 0) previewArgs.push('--', ...electronArgs);
const preview = spawn(process.execPath, previewArgs, { cwd: root, stdio: 'inherit', env });
// Ctrl+C reaches the whole process group; electron-vite closes Electron and exits, and so do we, with its code.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (preview.exitCode === null && signal !== 'SIGINT') preview.kill(signal);
  });
}
preview.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
