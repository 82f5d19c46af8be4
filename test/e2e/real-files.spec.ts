/**
 * Issue 10's acceptance in the browser build: each real file of ../shared/data/real/ (read from there, never
 * copied) goes from open to export through the real UI with no editing outside the app — the recognised line,
 * the sample table attached (a file, a sheet of the workbook, or Perseus category rows found in the file),
 * configure (k, s, known class), a fit, the results, the samples CSV downloaded with the clean sample ids.
 * Screenshots of the Import screen and the results go to test-results/import-<file>.png and results-<file>.png.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { SCREENSHOTS, downloadOf, expect, mappingLine, openFile, parseCsv, runFit, settled, test } from './fixtures';

const REAL = fileURLToPath(new URL('../../../shared/data/real/', import.meta.url));
const real = (name: string) => `${REAL}${name}`;

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
}

/** Configure (k, s, class), run, wait for the results; returns the downloaded samples CSV as rows. */
async function fitAndExport(page: Page, file: string, k: number, s: number, classColumn: string | null): Promise<string[][]> {
  await runFit(page, k, s, classColumn);
  await expect(page.getByTestId('summary-Cluster sizes')).toBeVisible();
  await expect(page.getByTestId('pca-chart')).toHaveAttribute('data-ready', 'true');
  await shoot(page, `results-${file}`);
  const download = await downloadOf(page, 'export-samples');
  // Named after the input, the method, k and s.
  expect(download.name).toBe(`${file.replace(/\.[^.]*$/, '')}_SKFR1_k${k}_s${s}_samples.csv`);
  return parseCsv(download.bytes.toString('utf8'));
}

test('MaxQuant proteinGroups + its experimental design: LFQ, flagged rows out, H5, L5, N5 without a row', async ({ page }) => {
  const file = 'maxquant_lfq_proteinGroups.txt';
  await page.goto('/');
  await openFile(page, real(file));
  await expect(page.getByTestId('layout-description')).toHaveText(/^MaxQuant proteinGroups, LFQ intensity, 15 samples × [\d\s]+ protein groups$/);
  await expect(page.getByTestId('quantity-select')).toHaveValue('LFQ intensity');
  await settled(page, /^15 samples × [\d\s]+ features/);
  // Flagged rows are removed by default, with counts; zeros are missing.
  await expect(page.getByTestId('flag-decoy')).toBeChecked();
  await expect(page.getByTestId('flag-contaminant')).toBeChecked();
  await expect(page.getByTestId('flag-count-decoy')).toHaveText(/^[\d\s]+ removed$/);
  await expect(page.getByTestId('zeros-missing')).toBeChecked();
  await expect(page.getByTestId('zeros-count')).toHaveText(/zeros made missing/);
  await expect(page.getByTestId('prep-step').first()).toContainText('Rows (features) read');
  await expect(page.getByTestId('missing-sample')).toHaveCount(15);
  await expect(page.getByTestId('feature-missing-summary')).toContainText('with none missing');
  await expect(page.getByTestId('matrix-sample').first()).toContainText('H1');

  // Switching the quantity keeps 15 samples; the decoys switch takes the step out and back; both back as they were.
  await page.getByTestId('quantity-select').selectOption('Intensity');
  await expect(page.getByTestId('layout-description')).toHaveText(/^MaxQuant proteinGroups, Intensity, 15 samples/);
  await page.getByTestId('quantity-select').selectOption('LFQ intensity');
  const list = page.getByTestId('preparation-list');
  await expect(list).toContainText('Decoys (reverse hits) removed');
  await page.getByTestId('flag-decoy').uncheck();
  await expect(list).not.toContainText('Decoys (reverse hits) removed');
  await page.getByTestId('flag-decoy').check();
  await expect(list).toContainText('Decoys (reverse hits) removed');
  await settled(page, /^15 samples/);

  await page.getByTestId('design-file-input').setInputFiles(real('maxquant_lfq_experimental_design.txt'));
  await expect(page.getByTestId('design-join')).toContainText('matched 12 of 15 samples on “label”');
  await expect(page.getByTestId('design-join')).toContainText('no row for “H5”, “L5”, “N5”');
  await expect(page.getByTestId('samples-without-row')).toContainText('H5');
  // The design's condition is a filter on the samples, with counts.
  await page.getByTestId('add-filter').selectOption('condition');
  const filter = page.locator('[data-testid=row-filter][data-column=condition]');
  await expect(filter.getByTestId('filter-value')).toHaveCount(3);
  await filter.getByLabel('CD34Neg').uncheck();
  await expect(filter.getByTestId('filter-removed')).toHaveText('Removes 7 of 15 samples.');
  await settled(page, /^8 samples/);
  await filter.getByRole('button', { name: 'Remove this filter' }).click();
  await settled(page, /^15 samples/);
  await shoot(page, `import-${file}`);

  const rows = await fitAndExport(page, file, 3, 10, 'condition');
  expect(rows[0]!.slice(0, 4)).toEqual(['sample', 'column', 'condition', 'replicate']);
  expect(rows[0]).toContain('cluster');
  expect(rows.slice(1).map((r) => r[0])).toEqual(['H1', 'H2', 'H3', 'H4', 'H5', 'L1', 'L2', 'L3', 'L4', 'L5', 'N1', 'N2', 'N3', 'N4', 'N5']);
  await expect(page.getByTestId('ari')).toBeVisible();
  // The ranked list shows the gene name with the protein group beside it; no decoy or contaminant.
  const names = await page.getByTestId('feature-name').allTextContents();
  expect(names).toHaveLength(10);
  expect(names.filter((n) => /^(REV__|CON__)/.test(n))).toEqual([]);
  await expect(page.getByTestId('feature-table')).toContainText('Majority protein IDs');
});

test('DIA-NN pg_matrix + metadata: run paths become file names, Gigaseal_Status is offered as the class', async ({ page }) => {
  const file = 'diann_report.pg_matrix.tsv';
  await page.goto('/');
  await openFile(page, real(file));
  await expect(page.getByTestId('layout-description')).toHaveText(/^DIA-NN protein-group matrix, .*12 samples × [\d\s]+ protein groups$/);
  await settled(page, /^12 samples × [\d\s]+ features/);
  await page.getByTestId('design-file-input').setInputFiles(real('diann_metadata.csv'));
  await expect(page.getByTestId('design-join')).toContainText('on “Name in report.pg_matrix”');
  await expect(page.getByTestId('design-columns')).toContainText('Gigaseal_Status');
  await shoot(page, `import-${file}`);
  // The long run names stay inside their columns: nothing is pushed out of the window.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(1280);

  await page.getByTestId('to-configure').click();
  const options = await page.getByTestId('class-column').locator('option').allTextContents();
  expect(options).toContain('Gigaseal_Status');
  await page.getByTestId('step-import').click();
  const rows = await fitAndExport(page, file, 3, 10, 'Gigaseal_Status');
  const ids = rows.slice(1).map((r) => r[0]!);
  expect(ids).toHaveLength(12);
  for (const id of ids) {
    expect(id).not.toMatch(/[\\/]/); // the path is gone
    expect(id).not.toMatch(/\.(raw|dia)$/); // and the extensions
    expect(id).toMatch(/^20240709_Ast_Neo_Aurora_.*pilot-2_neuron_bcmk\d+$/);
  }
  expect(rows[0]).toContain('Gigaseal_Status');
});

test('FragPipe combined_protein: MaxLFQ intensity, six samples named control_N', async ({ page }) => {
  const file = 'fragpipe_combined_protein.tsv';
  await page.goto('/');
  await openFile(page, real(file));
  await expect(page.getByTestId('layout-description')).toHaveText(/^FragPipe combined_protein, MaxLFQ Intensity, 6 samples × [\d\s]+ proteins$/);
  await settled(page, /^6 samples × [\d\s]+ features/);
  await expect(page.getByTestId('zeros-missing')).toBeChecked();
  await shoot(page, `import-${file}`);
  const rows = await fitAndExport(page, file, 3, 10, null);
  expect(rows.slice(1).map((r) => r[0])).toEqual(['control_1', 'control_2', 'control_3', 'control_4', 'control_5', 'control_6']);
});

test('Perseus matrix: expression columns are the samples, the category rows come attached', async ({ page }) => {
  const file = 'perseus_matrix.txt';
  await page.goto('/');
  await openFile(page, real(file));
  await expect(page.getByTestId('layout-description')).toHaveText(/^Perseus matrix, expression columns, 18 samples × [\d\s]+ rows, 2 category rows$/);
  await settled(page, /^18 samples × [\d\s]+ features/);
  await expect(page.getByTestId('design-source')).toContainText('Found in the file:');
  await expect(page.getByTestId('design-source')).toContainText('category rows of perseus_matrix.txt');
  await expect(page.getByTestId('design-join')).toContainText('matched 18 of 18 samples');
  await expect(page.getByTestId('design-columns')).toContainText('heart region, heart chamber');
  await shoot(page, `import-${file}`);
  const rows = await fitAndExport(page, file, 3, 10, 'heart chamber');
  expect(rows.slice(1).map((r) => r[0])).toEqual(['RA3', 'RA4', 'RA8', 'LA3', 'LA4', 'LA8', 'SepA3', 'SepA4', 'SepA8', 'RV3', 'RV4', 'RV8', 'LV3', 'LV4', 'LV8', 'SepV3', 'SepV4', 'SepV8']);
  expect(rows[0]).toEqual(expect.arrayContaining(['heart region', 'heart chamber']));
  await page.getByTestId('pca-colour').selectOption('heart region');
});

test('supplement workbook: sheet "Raw data" with its title row skipped, the "Sample information" sheet attached', async ({ page }) => {
  const file = 'supplement_tam2020_elife.xlsx';
  await page.goto('/');
  await openFile(page, real(file));
  await expect(page.getByTestId('sheet-picker')).toHaveValue('Raw data');
  await expect(page.getByTestId('title-rows')).toContainText('title row');
  const headerRow = Number(await page.getByTestId('header-row').inputValue());
  expect(headerRow).toBeGreaterThan(1);
  await expect(page.getByTestId('layout-description')).toContainText('66 samples');
  await settled(page, /^66 samples × [\d\s]+ features/);
  await page.getByTestId('design-sheet').selectOption('Sample information');
  await expect(page.getByTestId('design-source')).toContainText('supplement_tam2020_elife.xlsx ▸ Sample information');
  await expect(page.getByTestId('design-join')).toContainText('of 66 samples');
  await shoot(page, `import-${file}`);
  const rows = await fitAndExport(page, file, 3, 10, null);
  const ids = rows.slice(1).map((r) => r[0]!);
  expect(ids).toHaveLength(66);
  expect(new Set(ids).size).toBe(66);
  for (const id of ids) expect(id).not.toMatch(/^LFQ intensity /i);
});

test('the mouse workbook (.xls): samples as rows, as before — k 8, s 24, class "class"', async ({ page }) => {
  const file = 'Data_Cortex_Nuclear.xls';
  await page.goto('/');
  await openFile(page, real(file));
  await expect(page.getByTestId('layout-description')).toContainText('1 080 samples × 77 features');
  await expect.poll(() => mappingLine(page), { timeout: 60_000 }).toMatch(/^1 080 samples × 77 features/);
  await expect(page.getByTestId('orientation-rows')).toBeChecked();
  await shoot(page, `import-${file}`);
  const rows = await fitAndExport(page, file, 8, 24, 'class');
  expect(rows).toHaveLength(1081);
  expect(rows[0]![0]).toBe('MouseID');
  expect(rows[0]).toContain('class');
  expect(rows[1]![0]).toBe('309_1');
  await expect(page.getByTestId('mixed-nodes')).toBeVisible();
});
