// The pieces of `npm start` (build/start.mjs) that decide things, kept free of side effects so a test can drive
// them with fakes (test/build/start.test.ts): where Electron's binary is (downloading it once when it is not
// there), and whether Chromium's sandbox can work on this Linux.
//
// Why: since Electron 42 the `electron` package no longer downloads its binary in postinstall; its index.js does
// it on the first require('electron'). electron-vite 6 never requires it: it reads node_modules/electron/path.txt
// and throws "Electron uninstall" when the file is missing, unless ELECTRON_EXEC_PATH names the binary. So
// start.mjs finds (or fetches) the binary first and hands it over through ELECTRON_EXEC_PATH.
import { dirname, join } from 'node:path';

/** Path of the executable inside an unpacked Electron build, as the electron package's install.js names it. */
export function executableName(platform) {
  if (platform === 'win32') return 'electron.exe';
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron';
  return 'electron';
}

/** What to do when no binary can be had: one sentence, mentioning every way to get one. */
export function missingBinaryMessage({ version, platform, arch, overrideDir }) {
  const build = `an unpacked Electron ${version} build for ${platform}-${arch}`;
  if (overrideDir) {
    const expected = join(overrideDir, executableName(platform));
    return (
      `Electron's binary is missing: ELECTRON_OVERRIDE_DIST_PATH=${overrideDir} holds no ${expected}; ` +
      `point ELECTRON_OVERRIDE_DIST_PATH at a folder holding ${build}, or unset it and run \`npm start\` with ` +
      `network access (or with ELECTRON_MIRROR set to a reachable mirror) so the binary is downloaded once.`
    );
  }
  return (
    `Electron's binary is missing and could not be downloaded: run \`npm start\` once with network access ` +
    `(it downloads Electron ${version} into node_modules/electron/dist), set ELECTRON_MIRROR to a reachable ` +
    `mirror, or set ELECTRON_OVERRIDE_DIST_PATH to a folder holding ${build}.`
  );
}

function readPathTxt(fs, electronDir) {
  const pathTxt = join(electronDir, 'path.txt');
  if (!fs.existsSync(pathTxt)) return null;
  const relative = String(fs.readFileSync(pathTxt, 'utf8')).trim();
  if (!relative) return null;
  const binary = join(electronDir, 'dist', relative);
  return fs.existsSync(binary) ? binary : null;
}

/**
 * Finds Electron's executable, in electron-vite's and the electron package's order of precedence:
 * 1. ELECTRON_EXEC_PATH, when it names an existing file;
 * 2. ELECTRON_OVERRIDE_DIST_PATH (the executable inside it; never downloads: a wrong folder is reported);
 * 3. <electronDir>/path.txt and the file it names under <electronDir>/dist;
 * 4. otherwise runInstaller() (the package's own install.js, which downloads into dist and writes path.txt),
 *    then 3 again.
 *
 * @param {object} options
 * @param {Record<string, string | undefined>} options.env
 * @param {string} options.electronDir the electron package folder (node_modules/electron)
 * @param {string} options.version the electron package version, for messages
 * @param {string} options.platform process.platform
 * @param {string} options.arch process.arch
 * @param {{ existsSync(path: string): boolean; readFileSync(path: string, encoding: 'utf8'): string }} options.fs
 * @param {() => number | Promise<number>} options.runInstaller exit status of the download, 0 = success
 * @returns {Promise<{ ok: true; path: string; source: string; notes: string[] } | { ok: false; message: string; notes: string[] }>}
 */
export async function resolveElectronBinary({ env, electronDir, version, platform, arch, fs, runInstaller }) {
  const notes = [];
  const execPath = env.ELECTRON_EXEC_PATH;
  if (execPath) {
    if (fs.existsSync(execPath)) return { ok: true, path: execPath, source: 'ELECTRON_EXEC_PATH', notes };
    notes.push(`ELECTRON_EXEC_PATH=${execPath} does not exist; looking for Electron elsewhere.`);
  }

  const overrideDir = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (overrideDir) {
    const binary = join(overrideDir, executableName(platform));
    if (fs.existsSync(binary)) return { ok: true, path: binary, source: 'ELECTRON_OVERRIDE_DIST_PATH', notes };
    return { ok: false, message: missingBinaryMessage({ version, platform, arch, overrideDir }), notes };
  }

  const installed = readPathTxt(fs, electronDir);
  if (installed) return { ok: true, path: installed, source: 'path.txt', notes };

  let status;
  try {
    status = await runInstaller();
  } catch {
    status = 1;
  }
  const downloaded = status === 0 ? readPathTxt(fs, electronDir) : null;
  if (downloaded) return { ok: true, path: downloaded, source: 'download', notes };
  return { ok: false, message: missingBinaryMessage({ version, platform, arch }), notes };
}

const USERNS_FILES = {
  // Ubuntu 23.10+ (AppArmor): 1 = unprivileged processes may not use user namespaces freely.
  apparmor: '/proc/sys/kernel/apparmor_restrict_unprivileged_userns',
  // Debian's older switch: 0 = no unprivileged user namespaces at all.
  clone: '/proc/sys/kernel/unprivileged_userns_clone',
};

/**
 * Whether Chromium's sandbox can start on this machine, and what to do if not (Linux only).
 *
 * Chromium sandboxes its processes with unprivileged user namespaces; where the kernel restricts them (Ubuntu
 * 24.04+: apparmor_restrict_unprivileged_userns = 1; Debian: unprivileged_userns_clone = 0) it falls back to the
 * setuid helper chrome-sandbox next to the executable, which must be owned by root with the setuid bit (mode
 * 4755), and otherwise aborts with "FATAL:setuid_sandbox_host … chrome-sandbox is owned by root and has mode
 * 4755" (electron/electron#42510). npm cannot install it that way, so a development start then goes without the
 * sandbox, with a warning that names the two commands that fix it.
 *
 * @param {object} options
 * @param {string} options.platform process.platform
 * @param {string} options.sandboxPath the chrome-sandbox helper (as the warning should show it)
 * @param {(path: string) => string} options.readFile throws when the file does not exist
 * @param {(path: string) => { uid: number; mode: number }} options.stat throws when the file does not exist
 * @returns {{ disableSandbox: boolean; usernsRestricted: boolean; helperReady: boolean; warning: string | null }}
 */
export function sandboxAdvice({ platform, sandboxPath, readFile, stat }) {
  if (platform !== 'linux') return { disableSandbox: false, usernsRestricted: false, helperReady: false, warning: null };
  const read = (file) => {
    try {
      return String(readFile(file)).trim();
    } catch {
      return null;
    }
  };
  const usernsRestricted = read(USERNS_FILES.apparmor) === '1' || read(USERNS_FILES.clone) === '0';
  let helperReady = false;
  try {
    const { uid, mode } = stat(sandboxPath);
    // What Chromium checks: owned by root, setuid, executable by everyone (mode 4755 does all three).
    helperReady = uid === 0 && (mode & 0o4000) !== 0 && (mode & 0o001) !== 0;
  } catch {
    helperReady = false;
  }
  if (!usernsRestricted || helperReady) return { disableSandbox: false, usernsRestricted, helperReady, warning: null };
  const warning =
    `warning: this Linux restricts unprivileged user namespaces and ${sandboxPath} is not owned by root with mode ` +
    `4755, so Electron starts WITHOUT its sandbox (--no-sandbox, development only); to keep the sandbox run ` +
    `\`sudo chown root:root ${sandboxPath}\` and \`sudo chmod 4755 ${sandboxPath}\` (again after each npm ci).`;
  return { disableSandbox: true, usernsRestricted, helperReady, warning };
}

/** The chrome-sandbox helper that belongs to an Electron executable (Linux builds keep it beside it). */
export function sandboxHelperFor(binaryPath) {
  return join(dirname(binaryPath), 'chrome-sandbox');
}
