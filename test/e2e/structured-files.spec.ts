/**
 * Issue 25, item 4, in the browser build: the given GCT 1.3, SomaScan ADAT and Olink NPX workbook of
 * ../shared/data/real/ open through the real UI as what they are — the recognised line, the file's own sample
 * annotations attached, the controls left out until their quantity is chosen — and go to a fit and the samples
 * CSV. Screenshots: test-results/import-<file>.png, results-<file>.png.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { SCREENSHOTS, downloadOf, expect, openFile, parseCsv, runFit, settled, test } from './fixtures';

const REAL = fileURLToPath(new URL('../../../shared/data/real/', import.meta.url));

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
}

async function fitAndExport(page: Page, file: string): Promise<string[][]> {
  await runFit(page, 3, 10, null);
  await expect(page.getByTestId('summary-Cluster sizes')).toBeVisible();
  await shoot(page, `results-${file}`);
  return parseCsv((await downloadOf(page, 'export-samples')).bytes.toString('utf8'));
}

test('GCT 1.3: 45 samples × 888 rows, its column annotations (Subgroup, Experiment …) attached', async ({ page }) => {
  const file = 'gct13_medulloblastoma_proteome.gct';
  await page.goto('/');
  await openFile(page, `${REAL}${file}`);
  await expect(page.getByTestId('layout-description')).toHaveText('GCT 1.3, Values, 45 samples × 888 rows');
  await settled(page, /^45 samples × [\d\s]+ features/);
  await shoot(page, `import-${file}`);
  const rows = await fitAndExport(page, file);
  expect(rows[0]).toEqual(expect.arrayContaining(['sample', 'Subgroup', 'Experiment', 'cluster']));
  expect(rows.slice(1).map((r) => r[0])).toHaveLength(45);
  expect(rows[1]![0]).toBe('MB278_GR3');
});

test('SomaScan ADAT: 9 samples (the calibrator left out) × 5 284 analytes; “RFU with controls” keeps it', async ({ page }) => {
  const file = 'somascan_example_data10.adat';
  await page.goto('/');
  await openFile(page, `${REAL}${file}`);
  await expect(page.getByTestId('layout-description')).toHaveText('SomaScan ADAT, RFU, 9 samples × 5 284 analytes');
  await settled(page, /^9 samples × [\d\s]+ features/);
  await page.getByTestId('quantity-select').selectOption('RFU with controls');
  await expect(page.getByTestId('layout-description')).toHaveText('SomaScan ADAT, RFU with controls, 10 samples × 5 284 analytes');
  await settled(page, /^10 samples/);
  await page.getByTestId('quantity-select').selectOption('RFU');
  await settled(page, /^9 samples/);
  await shoot(page, `import-${file}`);
  const rows = await fitAndExport(page, file);
  expect(rows.slice(1).map((r) => r[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  expect(rows[0]).toEqual(expect.arrayContaining(['SampleType', 'Sex', 'Age']));
});

test('Olink NPX workbook: 156 samples by SampleID (4 controls left out) × 184 assays, plate and QC warning attached', async ({ page }) => {
  const file = 'olink_npx_data1.xlsx';
  await page.goto('/');
  await openFile(page, `${REAL}${file}`);
  await expect(page.getByTestId('layout-description')).toHaveText('Olink NPX wide workbook, NPX, 156 samples × 184 assays');
  await settled(page, /^156 samples × [\d\s]+ features/);
  await shoot(page, `import-${file}`);
  const rows = await fitAndExport(page, file);
  expect(rows.slice(1)).toHaveLength(156);
  expect(rows[1]![0]).toBe('A1');
  expect(rows[0]).toEqual(expect.arrayContaining(['Plate ID (Olink CARDIOMETABOLIC)', 'QC Warning (Olink INFLAMMATION)']));
});
