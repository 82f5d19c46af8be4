/**
 * Issue 16 on the screen. (1) The mouse CSV (MouseID, annotations class, Genotype, Treatment, Behavior; the 77 `_N`
 * proteins), SKFR1 k = 8, s = 24: the samples × selected proteins heatmap is drawn with its annotation bars, its
 * tooltip names what is under the pointer, its SVG export downloads under the run's name, and the exported samples
 * are named after the run with the id column's own name first. (2) A long tuning ("choose s for me") started, the
 * user goes to Import: the "Run finished" notice appears there when it ends, and "Show results" shows them.
 * Screenshots: test-results/heatmap.png (the chart), heatmap-results.png, run-finished.png; the SVG as exported:
 * test-results/heatmap.svg.
 */
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { MOUSE_ANNOTATIONS, SCREENSHOTS, downloadOf, expect, mapMice, parseCsv, screenshot, setField, test } from './fixtures';

/** The mouse CSV mapped (fixtures.ts: mapMice), then SKFR1 with k = 8 on the Configure screen. */
async function configureMice(page: Page, annotations: readonly string[]): Promise<void> {
  await mapMice(page, annotations);
  await page.getByTestId('to-configure').click();
  await page.getByTestId('variant-global').check();
  await setField(page, 'k', '8');
}

test('mouse CSV, SKFR1 k = 8, s = 24: the samples × proteins heatmap with annotation bars, its SVG, the run’s export names', async ({ page }) => {
  await configureMice(page, MOUSE_ANNOTATIONS);
  await page.getByTestId('s-mode-fixed').check();
  await setField(page, 's', '24');
  await page.getByTestId('class-column').selectOption('class');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 280_000 });

  const heatmap = page.getByTestId('sample-heatmap');
  await expect(heatmap).toHaveAttribute('data-ready', 'true');
  // The cluster, then the annotations in the table's order.
  await expect(heatmap).toHaveAttribute('data-bars', 'cluster,Genotype,Treatment,Behavior,class');
  await expect(heatmap).toHaveAttribute('data-rows', '1080');
  await expect(heatmap).toHaveAttribute('data-columns', '24');
  const box = heatmap.locator('.chart-box');
  await box.scrollIntoViewIfNeeded();
  const size = (await box.boundingBox())!;
  expect(size.height).toBeGreaterThan(600);
  await heatmap.screenshot({ path: `${SCREENSHOTS}heatmap.png` });
  await screenshot(page, 'heatmap-results');

  // The tooltip (rich text on the canvas) appears over a cell.
  const before = await box.screenshot();
  await page.mouse.move(size.x + size.width * 0.3, size.y + size.height * 0.4);
  await page.mouse.move(size.x + size.width * 0.3 + 4, size.y + size.height * 0.4 + 3, { steps: 3 });
  await page.waitForTimeout(300);
  expect(Buffer.compare(before, await box.screenshot()), 'hovering the heatmap shows nothing').not.toBe(0);
  await page.mouse.move(0, 0);

  // SVG export: named after the run; every cell, the bars' names and the proteins are in it.
  const svg = await downloadOf(page, 'sample-heatmap', 'save-svg');
  expect(svg.name).toBe('mice_protein_SKFR1_k8_s24_heatmap.svg');
  writeFileSync(`${SCREENSHOTS}heatmap.svg`, svg.bytes);
  const text = svg.bytes.toString('utf8');
  expect(text.startsWith('<svg')).toBe(true);
  for (const label of ['cluster', 'Genotype', 'Treatment', 'Behavior', 'standardised value', 'clipped at ±3', 'DYRK1A_N', 'Ts65Dn', 'Memantine']) expect(text).toContain(label);
  expect(text.match(/<path /g)?.length ?? 0).toBeGreaterThan(1080 * 24);

  // The exported samples: the run's name, the id column's own name first.
  await page.getByTestId('format-csv').check();
  const samples = await downloadOf(page, 'export-samples');
  expect(samples.name).toBe('mice_protein_SKFR1_k8_s24_samples.csv');
  const rows = parseCsv(samples.bytes.toString('utf8'));
  expect(rows[0]!.slice(0, 5)).toEqual(['MouseID', 'Genotype', 'Treatment', 'Behavior', 'class']);
  expect(rows[1]![0]).toBe('309_1');
  const features = await downloadOf(page, 'export-features');
  expect(features.name).toBe('mice_protein_SKFR1_k8_s24_features.csv');
  await page.getByTestId('format-xlsx').check();
  const report = await downloadOf(page, 'export-report');
  expect(report.name).toBe('mice_protein_SKFR1_k8_s24_report.xlsx');
});

test('a long tuning ends while the user is on Import: the "Run finished" notice, then "Show results"', async ({ page }) => {
  await configureMice(page, ['class']);
  await page.getByTestId('s-mode-tune').check();
  await setField(page, 'permutations', '20'); // long enough (≥ 10 s) to leave before it ends
  await page.getByTestId('run-button').click();
  await expect(page.getByText('Running…')).toBeVisible();
  await page.getByTestId('step-import').click();
  await expect(page.getByTestId('import-screen')).toBeVisible();
  expect(await page.getByText('Running…').isVisible(), 'the tuning ended before the user left').toBe(true);
  await expect(page.getByTestId('run-finished')).toHaveCount(0); // not before it ends

  const notice = page.getByTestId('run-finished');
  await expect(notice).toBeVisible({ timeout: 170_000 });
  await expect(page.getByTestId('import-screen')).toBeVisible(); // the screen stays
  await expect(page.getByTestId('run-finished-what')).toHaveText(/^SKFR1, k = 8, s = \d+ \(chosen\) on mice_protein\.csv$/);
  await screenshot(page, 'run-finished');
  await page.getByTestId('show-results').click();
  await expect(page.getByTestId('results-screen')).toBeVisible();
  await expect(page.getByTestId('gap-chart')).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('SKFR2: the union of the clusters’ proteins, grouped by cluster; a large heatmap is drawn as one image, its SVG whole', async ({ page }) => {
  await configureMice(page, ['class']);
  await page.getByTestId('variant-local').check();
  await page.getByTestId('s-mode-fixed').check();
  await setField(page, 's', '24');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 280_000 });
  const heatmap = page.getByTestId('sample-heatmap');
  await expect(heatmap).toHaveAttribute('data-ready', 'true');
  const columns = Number(await heatmap.getAttribute('data-columns'));
  expect(columns).toBeGreaterThan(24); // 8 clusters × 24 proteins, each protein once
  expect(1080 * columns).toBeGreaterThan(50_000); // beyond PROGRESSIVE_CELLS (one item per cell would be drawn in chunks)
  await expect(heatmap).toHaveAttribute('data-cells', 'image'); // on screen: the cells as one image (issue 27)
  await heatmap.scrollIntoViewIfNeeded();
  await heatmap.screenshot({ path: `${SCREENSHOTS}heatmap-skfr2.png` });
  const svg = await downloadOf(page, 'sample-heatmap', 'save-svg');
  expect(svg.name).toBe('mice_protein_SKFR2_k8_s24_heatmap.svg');
  const text = svg.bytes.toString('utf8');
  expect(text).toContain('selected in');
  expect(text.match(/<path /g)?.length ?? 0).toBeGreaterThan(1080 * columns);
});
