/**
 * Shared pieces of the web end-to-end tests: a `test` whose page fails the test on any page error or console
 * error (except the browser's own /favicon.ico 404), the data file path (shared/ beside the repository),
 * screenshots under test-results/, and small readers for downloaded files.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test as base, type Download, type Page } from '@playwright/test';

export const MOUSE_CSV = fileURLToPath(new URL('../../../shared/data/mice_protein.csv', import.meta.url));
export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/', import.meta.url));

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        const where = m.location().url ?? '';
        if (/favicon\.ico/.test(where) || /favicon\.ico/.test(m.text())) return;
        errors.push(`console error: ${m.text()} (${where})`);
      });
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = `${SCREENSHOTS}${name}.png`;
  await page.screenshot({ path });
  return path;
}

export { parseCsv } from '../csv-rows';

/** Clicks the button `testId` (inside the element `within`, when given) and returns the download it starts. */
export async function downloadOf(page: Page, testId: string, inner?: string): Promise<{ name: string; bytes: Buffer }> {
  const button = inner ? page.getByTestId(testId).getByTestId(inner) : page.getByTestId(testId);
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

/** Opens a file through the (visually hidden) file input of the start screen or the header. */
export async function openFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.getByTestId('open-file-input').setInputFiles(file);
}

/** The mapping line as plain text ("1 080 samples × 77 features, …"), thin spaces made ordinary. */
export async function mappingLine(page: Page): Promise<string> {
  return ((await page.getByTestId('mapping-status').textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** The columns of the mouse CSV that describe the mice (class, then its three factors). */
export const MOUSE_ANNOTATIONS = ['class', 'Genotype', 'Treatment', 'Behavior'];

/**
 * Opens the mouse CSV on a fresh page and maps it as the README's example: MouseID the sample id, the 77 `_N`
 * columns the features, those of MOUSE_ANNOTATIONS named in `annotations` annotations and the others ignored.
 * Ends on the Import screen once the mapping line reads "1 080 samples × 77 features, … missing cells".
 */
export async function mapMice(page: Page, annotations: readonly string[] = ['class']): Promise<void> {
  await page.goto('/');
  await openFile(page, MOUSE_CSV);
  await expect(page.getByTestId('import-screen')).toBeVisible();
  await page.getByLabel('Role of MouseID').selectOption('id');
  for (const name of MOUSE_ANNOTATIONS) await page.getByLabel(`Role of ${name}`).selectOption(annotations.includes(name) ? 'annotation' : 'ignore');
  await page.getByTestId('clear-features').click();
  await page.getByTestId('feature-regex').fill('_N$');
  await page.getByTestId('apply-regex').click();
  await expect.poll(() => mappingLine(page)).toMatch(/^1 080 samples × 77 features, [\d ]+ missing cells$/);
}

/** Waits (up to a minute: large files are read first) for the mapping line to match `pattern`; returns the line. */
export async function settled(page: Page, pattern: RegExp): Promise<string> {
  await expect.poll(() => mappingLine(page), { timeout: 60_000 }).toMatch(pattern);
  return mappingLine(page);
}

/** From Import: SKFR1 with k, a fixed s and the known class (null: none), the form's other defaults; run; wait for Results. */
export async function runFit(page: Page, k: number, s: number, classColumn: string | null): Promise<void> {
  await page.getByTestId('to-configure').click();
  await expect(page.getByTestId('configure-screen')).toBeVisible();
  await page.getByTestId('variant-global').check();
  await setField(page, 'k', String(k));
  await page.getByTestId('s-mode-fixed').check();
  await setField(page, 's', String(s));
  if (classColumn !== null) await page.getByTestId('class-column').selectOption(classColumn);
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 150_000 });
}

export async function setField(page: Page, id: string, value: string): Promise<void> {
  const input = page.getByTestId(`field-${id}`);
  await input.fill(value);
}

/** Records main-thread long tasks (PerformanceObserver 'longtask') from now on; read them with longTasks(). */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
  });
}

export async function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.slice());
}
