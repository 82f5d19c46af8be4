/**
 * The desktop app end to end, through the real window (Playwright's _electron), launched the way `npm start`
 * and the installers start it: Electron given the app folder (`electron .`), which loads package.json's "main"
 * (out/main/main.js, built here first), exactly as app.asar's package.json does in a packaged app.
 * - open the mouse CSV with the native Open dialog (stubbed in the main process to return the file), map, run
 *   SKFR1 k=8 s=24, export the labelled samples through the save dialog (stubbed to a temporary path) and read
 *   the written file back; the page has no Node and window.open is refused;
 * - files from the desktop: a file named on the command line opens at launch, and a second instance started
 *   with a file hands it to this window and quits (issue 15 item 6).
 *
 * The binary is found as `npm start` finds it (build/electron-binary.mjs: ELECTRON_EXEC_PATH,
 * ELECTRON_OVERRIDE_DIST_PATH, node_modules/electron/path.txt; never downloaded here), and started without
 * Chromium's sandbox only where `npm start` would be too (Linux without usable user namespaces or a root-owned
 * chrome-sandbox). Skipped, with the reason, when there is no binary.
 *
 *   npx playwright test --project=electron
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { resolveElectronBinary, sandboxAdvice, sandboxHelperFor } from '../../build/electron-binary.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MOUSE_CSV = fileURLToPath(new URL('../../../shared/data/mice_protein.csv', import.meta.url));
const electronDir = join(root, 'node_modules', 'electron');

const binary = await resolveElectronBinary({
  env: process.env,
  electronDir,
  version: (JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')) as { version: string }).version,
  platform: process.platform,
  arch: process.arch,
  fs: { existsSync, readFileSync },
  runInstaller: () => 1, // tests never download
});
const binaryPath = binary.ok ? binary.path : null;
if (!binary.ok) console.log(`[electron] skipped: Electron binary not installed: ${binary.message}`);
test.skip(!binary.ok, `Electron binary not installed: ${binary.ok ? '' : binary.message}`);

const sandbox = binaryPath
  ? sandboxAdvice({ platform: process.platform, sandboxPath: sandboxHelperFor(binaryPath), readFile: (f) => readFileSync(f, 'utf8'), stat: (f) => statSync(f) })
  : null;
const sandboxArgs = sandbox?.disableSandbox ? ['--no-sandbox'] : [];

let temp: string;
/** Environment of one app instance: its own user-data folder (so its own single-instance lock). */
const envFor = (name: string) => ({
  ...process.env,
  XDG_CONFIG_HOME: join(temp, name),
  ELECTRON_RENDERER_URL: '',
  ...(sandbox?.disableSandbox ? { ELECTRON_DISABLE_SANDBOX: '1' } : {}),
});
/** Start the app as `electron . [files…]` from the project folder (package.json "main"). */
const launch = (name: string, files: string[] = []) =>
  electron.launch({ executablePath: binaryPath!, args: [...sandboxArgs, '.', ...files], cwd: root, env: envFor(name) });

let app: ElectronApplication;
let page: Page;

test.beforeAll(async () => {
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  expect(build.status, 'electron-vite build').toBe(0);
  temp = mkdtempSync(join(tmpdir(), 'skfr-e2e-electron-'));
  app = await launch('main');
  page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  await app?.close();
  if (temp) rmSync(temp, { recursive: true, force: true });
});

test('the page is isolated: window.skfr only, no Node, no new windows', async () => {
  // Page code (runs in the window; `globalThis` is window — this file is type-checked without DOM types).
  const probe = await page.evaluate(() => {
    const w = globalThis as unknown as Record<string, unknown> & { open(url: string): unknown; location: { href: string } };
    return {
      platform: (w.skfr as { platform?: string } | undefined)?.platform,
      require: typeof w.require,
      process: typeof w.process,
      opened: w.open('https://example.com') === null,
      href: w.location.href,
    };
  });
  expect(probe).toMatchObject({ platform: 'electron', require: 'undefined', process: 'undefined', opened: true });
  expect(probe.href).toMatch(/^app:\/\/skfr\//);
  expect(await app.windows()).toHaveLength(1);
});

test('open the mouse CSV through the Open dialog, run SKFR1 k=8 s=24, export the samples', async () => {
  await app.evaluate(({ dialog }, file) => {
    dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [file] })) as typeof dialog.showOpenDialog;
  }, MOUSE_CSV);
  await page.getByTestId('open-button').first().click();
  await expect(page.getByTestId('import-screen')).toBeVisible({ timeout: 30_000 });

  await page.getByLabel('Role of MouseID').selectOption('id');
  await page.getByLabel('Role of class').selectOption('annotation');
  for (const name of ['Genotype', 'Treatment', 'Behavior']) await page.getByLabel(`Role of ${name}`).selectOption('ignore');
  await page.getByTestId('clear-features').click();
  await page.getByTestId('feature-regex').fill('_N$');
  await page.getByTestId('apply-regex').click();
  await expect(page.getByTestId('mapping-status')).toContainText('77 features');
  await page.screenshot({ path: join(root, 'test-results', 'electron-import.png') });

  await page.getByTestId('to-configure').click();
  await page.getByTestId('variant-global').check();
  await page.getByTestId('field-k').fill('8');
  await page.getByTestId('s-mode-fixed').check();
  await page.getByTestId('field-s').fill('24');
  await page.getByTestId('class-column').selectOption('class');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 280_000 });
  await expect(page.getByTestId('feature-name')).toHaveCount(24);
  await page.screenshot({ path: join(root, 'test-results', 'electron-results.png') });

  const target = join(temp, 'mice-samples.csv');
  await app.evaluate(({ dialog }, path) => {
    dialog.showSaveDialog = (async () => ({ canceled: false, filePath: path })) as typeof dialog.showSaveDialog;
  }, target);
  await page.getByTestId('format-csv').check();
  await page.getByTestId('export-samples').click();
  await expect(page.getByTestId('saved-path').first()).toContainText('mice-samples.csv');
  const lines = readFileSync(target, 'utf8').trim().split(/\r?\n/);
  expect(lines).toHaveLength(1081);
  const header = lines[0]!.split(',');
  const at = header.indexOf('cluster');
  for (const line of lines.slice(1)) {
    const c = Number(line.split(',')[at]);
    expect(c >= 1 && c <= 8).toBe(true);
  }
  // The opened file is now in the recent list.
  expect(await page.evaluate(() => (globalThis as unknown as { skfr: { recentFiles(): Promise<string[]> } }).skfr.recentFiles())).toContain(MOUSE_CSV);
});

test.describe('files opened from the desktop', () => {
  test('a file named on the command line opens at launch', async () => {
    const launched = await launch('argv', [MOUSE_CSV]);
    try {
      const window = await launched.firstWindow();
      await expect(window.getByTestId('import-screen')).toBeVisible({ timeout: 30_000 });
      await expect(window.locator('#import-title')).toContainText('mice_protein.csv');
    } finally {
      await launched.close();
    }
  });

  test('a second instance started with a file hands it to the running window and quits', async () => {
    const small = join(temp, 'second.csv');
    writeFileSync(small, 'id,a,b\ns1,1,2\ns2,3,5\ns3,4,4\ns4,2,2\n');
    const first = await launch('second');
    try {
      const window = await first.firstWindow();
      await window.waitForLoadState('domcontentloaded');
      const second = spawn(binaryPath!, [...sandboxArgs, '.', small], { cwd: root, env: envFor('second'), stdio: 'ignore' });
      const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
      expect(code).toBe(0);
      await expect(window.getByTestId('import-screen')).toBeVisible({ timeout: 30_000 });
      await expect(window.locator('#import-title')).toContainText('second.csv');
      expect(await first.windows()).toHaveLength(1);
    } finally {
      await first.close();
    }
  });
});
