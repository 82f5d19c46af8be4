/**
 * The browser build runs fits and tunings on a pool of nested Web Workers (renderer/src/bridge/engine-pool.ts):
 * the app root says how many (`data-engine-workers`, one per core, at most the cores) and whether the matrix
 * is shared with them (`data-engine-shared`); the labelled samples the page exports are byte for byte those
 * of the same analysis run single-threaded here in Node (core/jobs session, no engine pool) — for a fit and
 * for a gap-statistic tuning, in a cross-origin-isolated page (SharedArrayBuffer) and, with the isolation
 * headers stripped, in a page where every worker gets its own copy of the data.
 */
import type { Page } from '@playwright/test';
import { createSession } from '../../core/jobs/session';
import type { FitSettings } from '../../core/jobs/types';
import { downloadOf, expect, screenshot, setField, test } from './fixtures';

const BASE: Omit<FitSettings, 's' | 'tune'> = {
  k: 10, variant: 'global', loss: 'squared', restarts: 20, seed: 1, maxIterations: 100,
};

/** The samples CSV of the example data set (sparse design, seed 1) analysed in this thread. */
async function singleThreaded(settings: FitSettings): Promise<string> {
  const session = createSession();
  const opened = await session.runJob({ type: 'open', source: { kind: 'example', design: 'sparse', seed: 1 } });
  if (!opened.ok) throw new Error(opened.error.message);
  const mapping = opened.result.suggestedMapping!;
  const fitted = await session.runJob({ type: 'fit', datasetId: opened.result.datasetId, mapping, settings });
  if (!fitted.ok) throw new Error(fitted.error.message);
  const exported = await session.runJob({ type: 'export', fitId: fitted.result.fitId, what: 'samples', format: 'csv' });
  if (!exported.ok) throw new Error(exported.error.message);
  return new TextDecoder().decode(exported.result.bytes!);
}

async function exportedSamples(page: Page): Promise<string> {
  await page.getByTestId('format-csv').check();
  return (await downloadOf(page, 'export-samples')).bytes.toString('utf8');
}

/** Example data set → fit k = 10, s = 10 → export; then tune s over 4..12 → export. Returns both CSVs. */
async function fitThenTune(page: Page): Promise<{ fitCsv: string; tuneCsv: string; chosenS: number }> {
  await page.getByTestId('try-example').click();
  await expect(page.getByTestId('import-screen')).toBeVisible();
  await page.getByTestId('to-configure').click();
  await setField(page, 'k', '10');
  await page.getByTestId('s-mode-fixed').check();
  await setField(page, 's', '10');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 280_000 });
  const fitCsv = await exportedSamples(page);

  await page.getByTestId('step-configure').click();
  await page.getByTestId('s-mode-tune').check();
  await setField(page, 'tune-from', '4');
  await setField(page, 'tune-to', '12');
  await setField(page, 'permutations', '4');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('gap-chart')).toBeVisible({ timeout: 280_000 });
  const note = (await page.getByTestId('gap-note').textContent()) ?? '';
  const chosenS = Number(/Chosen s = (\d+)/.exec(note)?.[1]);
  const tuneCsv = await exportedSamples(page);
  return { fitCsv, tuneCsv, chosenS };
}

async function expectPool(page: Page, shared: boolean): Promise<void> {
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const app = page.locator('#app');
  await expect(app).toHaveAttribute('data-engine-workers', String(Math.min(2, cores)));
  await expect(app).toHaveAttribute('data-engine-shared', String(shared));
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(shared);
}

const TUNE = { from: 4, to: 12, step: 1, permutations: 4 };

test('fits and tunings run on the engine pool, with the single-threaded results (shared memory)', async ({ page }) => {
  await page.goto('/');
  const { fitCsv, tuneCsv, chosenS } = await fitThenTune(page);
  await expectPool(page, true);
  expect(fitCsv.split(/\r?\n/).length).toBeGreaterThan(400);
  expect(fitCsv).toBe(await singleThreaded({ ...BASE, s: 10 }));
  expect(chosenS).toBeGreaterThanOrEqual(4);
  expect(tuneCsv).toBe(await singleThreaded({ ...BASE, tune: TUNE }));
  await screenshot(page, 'results-engine-pool');
});

test('without cross-origin isolation the pool copies the data and still gives the same results', async ({ page }) => {
  // Strip COOP / COEP from the page itself: no isolation, so no SharedArrayBuffer anywhere in the page.
  await page.route((url) => url.pathname === '/' || url.pathname.endsWith('.html'), async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['cross-origin-opener-policy'];
    delete headers['cross-origin-embedder-policy'];
    await route.fulfill({ response, headers });
  });
  await page.goto('/');
  const { fitCsv, tuneCsv } = await fitThenTune(page);
  await expectPool(page, false);
  expect(fitCsv).toBe(await singleThreaded({ ...BASE, s: 10 }));
  expect(tuneCsv).toBe(await singleThreaded({ ...BASE, tune: TUNE }));
});
