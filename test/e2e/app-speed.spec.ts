/**
 * Issue 27, the app's speed work as behaviour (never time): (1) the page starts and warms its worker at load (the
 * app root says `data-engine-ready="true"`) without counting the warm-up's jobs as the user's; the user's open is the
 * first job counted and maps as before. (2) On the mouse CSV (SKFR1, k = 8, s = 24), every chart of the Results
 * screen is drawn once (no second drawing at the size it was drawn at), the samples × proteins heatmap draws its
 * 1 080 × 24 cells as one image, and its tooltip names the sample, its cluster and class, the protein and the value.
 */
import { MOUSE_ANNOTATIONS, expect, mapMice, runFit, test } from './fixtures';

test('the worker is warmed at page load; the warm-up is not counted; the open maps as before', async ({ page }) => {
  await page.goto('/');
  const root = page.locator('#app');
  await expect(root).toHaveAttribute('data-engine-ready', 'true', { timeout: 60_000 });
  expect(await root.getAttribute('data-jobs-open')).toBeNull();
  expect(await root.getAttribute('data-jobs-fit')).toBeNull();
  await mapMice(page);
  await expect(root).toHaveAttribute('data-jobs-open', '1');
});

test('mouse CSV: each chart drawn once; the heatmap cells as one image, with their tooltip', async ({ page }) => {
  await mapMice(page, MOUSE_ANNOTATIONS);
  await page.evaluate(() => performance.clearMeasures());
  await runFit(page, 8, 24, 'class');
  const panels = page.locator('[data-testid="results-screen"] [data-ready]');
  await expect.poll(async () => (await panels.evaluateAll((list) => list.map((p) => p.getAttribute('data-ready')))).every((r) => r === 'true')).toBe(true);
  const heatmap = page.getByTestId('sample-heatmap');
  await expect(heatmap).toHaveAttribute('data-cells', 'image');
  await expect(heatmap).toHaveAttribute('data-columns', '24');
  const drawings = await page.evaluate(() => performance.getEntriesByType('measure').map((e) => e.name).filter((n) => n.startsWith('skfr-chart:')));
  const charts = await panels.evaluateAll((list) => list.map((p) => p.getAttribute('data-testid')));
  for (const chart of charts) expect(drawings.filter((n) => n.startsWith(`skfr-chart:${chart}:`)), `${chart} drawn once`).toEqual([`skfr-chart:${chart}:mount`]);

  const box = heatmap.locator('.chart-box');
  await box.scrollIntoViewIfNeeded();
  const size = (await box.boundingBox())!;
  await page.mouse.move(size.x + size.width * 0.4, size.y + size.height * 0.4);
  await page.mouse.move(size.x + size.width * 0.4 + 3, size.y + size.height * 0.4 + 2, { steps: 2 });
  const tip = page.getByTestId('heatmap-tip');
  await expect(tip).toBeVisible();
  expect(await tip.textContent()).toMatch(/^\S.*\ncluster [1-8] · .*class .+\n\S+_N: standardised value -?\d+\.\d\d/);
  await page.mouse.move(0, 0);
  await expect(tip).toBeHidden();
});
