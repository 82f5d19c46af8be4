/**
 * The desktop app end to end, through the real window (Playwright's _electron): open the mouse CSV with the
 * native Open dialog (stubbed in the main process to return the file), map, run SKFR1 k=8 s=24, export the
 * labelled samples through the save dialog (stubbed to a temporary path) and read the written file back.
 * Also checks the page has no Node and that window.open is refused.
 *
 * Skipped, with the reason, when the Electron binary is not installed (node_modules/electron/path.txt and the
 * binary it names, or ELECTRON_OVERRIDE_DIST_PATH).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MOUSE_CSV = fileURLToPath(new URL('../../../shared/data/mice_protein.csv', import.meta.url));

function electronBinary(): { path: string | null; reason: string } {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const names = process.platform === 'win32' ? ['electron.exe'] : process.platform === 'darwin' ? ['Electron.app/Contents/MacOS/Electron'] : ['electron'];
    const found = names.map((n) => join(override, n)).find(existsSync);
    return found ? { path: found, reason: '' } : { path: null, reason: `ELECTRON_OVERRIDE_DIST_PATH=${override} holds no Electron executable` };
  }
  const pathTxt = join(root, 'node_modules/electron/path.txt');
  if (!existsSync(pathTxt)) return { path: null, reason: 'node_modules/electron/path.txt is missing (the binary is downloaded on first use; run `npx electron --version` on a machine with network access)' };
  const binary = join(root, 'node_modules/electron/dist', readFileSync(pathTxt, 'utf8').trim());
  return existsSync(binary) ? { path: binary, reason: '' } : { path: null, reason: `${binary} does not exist` };
}

const binary = electronBinary();
if (!binary.path) console.log(`[electron] skipped: Electron binary not installed: ${binary.reason}`);
test.skip(!binary.path, `Electron binary not installed: ${binary.reason}`);

let app: ElectronApplication;
let page: Page;
let temp: string;

test.beforeAll(async () => {
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  expect(build.status, 'electron-vite build').toBe(0);
  temp = mkdtempSync(join(tmpdir(), 'skfr-e2e-electron-'));
  app = await electron.launch({
    executablePath: binary.path!,
    args: [join(root, 'out/main/main.js')],
    cwd: root,
    env: { ...process.env, XDG_CONFIG_HOME: join(temp, 'config'), ELECTRON_RENDERER_URL: '' },
  });
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
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 120_000 });
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
