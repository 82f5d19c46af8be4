/** Scenario 4: SKFR2 on the example: a feature list per cluster, each of s features. */
import { downloadOf, expect, mappingLine, screenshot, setField, test } from './fixtures';

test('SKFR2 on the example shows per-cluster feature lists', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('try-example').click();
  await expect.poll(() => mappingLine(page)).toMatch(/^400 samples × 50 features/);
  await page.getByTestId('to-configure').click();
  await page.getByTestId('variant-local').check();
  await setField(page, 'k', '10');
  await setField(page, 's', '5');
  await setField(page, 'restarts', '10');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 280_000 });
  await expect(page.getByTestId('summary-Method')).toHaveText(/SKFR2/);

  const lists = page.getByTestId('cluster-list');
  await expect(lists).toHaveCount(10);
  const union = new Set<string>();
  for (let j = 0; j < 10; j++) {
    const items = (await lists.nth(j).locator('li').allTextContents()).map((t) => t.trim());
    expect(items).toHaveLength(5);
    expect(new Set(items).size).toBe(5);
    for (const i of items) union.add(i);
  }
  // The ranked table's selected features are the union of the per-cluster lists.
  const selected = (await page.getByTestId('feature-name').allTextContents()).map((t) => t.trim());
  expect(new Set(selected)).toEqual(union);
  // Each chart saves as PNG and SVG (downloads in the browser build).
  const centers = page.getByTestId('centers-chart');
  await centers.scrollIntoViewIfNeeded();
  await expect(centers).toHaveAttribute('data-ready', 'true');
  const png = await downloadOf(page, 'centers-chart', 'save-png');
  expect(png.name).toBe('example-sparse-panel_SKFR2_k10_s5_centers.png');
  expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const svg = await downloadOf(page, 'centers-chart', 'save-svg');
  expect(svg.name).toBe('example-sparse-panel_SKFR2_k10_s5_centers.svg');
  const text = svg.bytes.toString('utf8');
  expect(text).toMatch(/^<svg[\s>]/);
  // Clusters are the heatmap's columns, numbered under the axis named "cluster".
  expect(text).toMatch(/>10<\/text>/);
  expect(text).toMatch(/>cluster<\/text>/);
  await expect(centers).toContainText('Saved example-sparse-panel_SKFR2_k10_s5_centers.svg');
  await page.getByTestId('cluster-lists').scrollIntoViewIfNeeded();
  await screenshot(page, 'results-skfr2');
});
