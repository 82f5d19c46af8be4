/**
 * Issue 11 in the browser build, through the real UI on the real files of ../shared/data/real/: the Prepare
 * panel proposes log2 for MaxQuant's raw LFQ intensities (with its reason) and, once the experimental design is
 * attached, 70 % valid values in at least one condition; a step that fails says why beside the panel and the
 * last working recipe stays; SKFR1 with k = 3 runs to a contingency table against the conditions, with the
 * `skfr cluster …` command that reproduces it and how the data were prepared. The Perseus matrix is recognised
 * as logarithmic (no log2 selected, a second log refused) and runs with the down-shifted normal.
 * Screenshots: test-results/prepare-maxquant.png, results-maxquant-command.png, prepare-perseus.png.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { SCREENSHOTS, downloadOf, expect, openFile, parseCsv, runFit, settled, test } from './fixtures';

const REAL = fileURLToPath(new URL('../../../shared/data/real/', import.meta.url));
const real = (name: string) => `${REAL}${name}`;

async function shootElement(page: Page, testId: string, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const element = page.getByTestId(testId);
  await element.scrollIntoViewIfNeeded();
  await element.screenshot({ path: `${SCREENSHOTS}${name}.png` });
}

test('MaxQuant LFQ + design: log2 proposed with its reason, 70 % in at least one condition, SKFR1 k = 3 and its command', async ({ page }) => {
  await page.goto('/');
  await openFile(page, real('maxquant_lfq_proteinGroups.txt'));
  await settled(page, /^15 samples × [\d\s]+ features/);
  const panel = page.getByTestId('prepare-panel');
  await expect(panel).toBeVisible();
  // Transform: log2 proposed, and why.
  await expect(page.getByTestId('transform-log2')).toBeChecked();
  await expect(page.getByTestId('transform-reason')).toHaveText(/^LFQ intensity is a raw intensity, values between \S+ and \S+ \(1st to 99th percentile\): log2 proposed\.$/);
  await expect(page.getByTestId('nonpositive-refuse')).toBeChecked();
  await expect(page.getByTestId('transform-count')).toHaveText(/^[\d\s]+ values logged$/);
  // Valid values: 70 % in at least one group of the sample names (H1…H5 → H, L, N) until a sample table says more.
  await expect(page.getByTestId('min-valid-on')).toBeChecked();
  await expect(page.getByTestId('min-valid-amount')).toHaveValue('70');
  await expect(page.getByTestId('min-valid-unit')).toHaveValue('percent');
  await expect(page.getByTestId('min-valid-scope')).toHaveValue('any');
  await expect(page.getByTestId('min-valid-group')).toHaveValue('group (from names)');
  await expect(page.getByTestId('min-valid-why')).toHaveText('Proposed: grouped by the groups read from the sample names (“group (from names)”), so proteins measured in one group only are kept.');
  await expect(page.getByTestId('name-groups')).toContainText('H (5), L (5), N (5)');
  await expect(page.getByTestId('impute-kpod')).toBeChecked();
  await expect(page.getByTestId('normalize-none')).toBeChecked();

  // The experimental design: the untouched filter becomes 70 % in at least one condition, with its count.
  await page.getByTestId('design-file-input').setInputFiles(real('maxquant_lfq_experimental_design.txt'));
  await expect(page.getByTestId('design-join')).toContainText('matched 12 of 15 samples on “label”');
  await expect(page.getByTestId('min-valid-scope')).toHaveValue('any');
  await expect(page.getByTestId('min-valid-group')).toHaveValue('condition');
  await expect(page.getByTestId('min-valid-amount')).toHaveValue('70');
  await expect(page.getByTestId('min-valid-unit')).toHaveValue('percent');
  await expect(page.getByTestId('min-valid-why')).toContainText('grouped by “condition” of the sample table');
  const list = page.getByTestId('preparation-list');
  await expect(list).toContainText('Features with fewer than 70 % values in at least one condition removed');
  await expect(page.getByTestId('min-valid-count')).toHaveText(/^[\d\s]+ removed$/);
  await settled(page, /^15 samples × [\d\s]+ features/);
  // The steps in their canonical order, as the list shows them.
  const steps = await page.getByTestId('prep-step').evaluateAll((items) => items.map((li) => li.getAttribute('data-step')));
  const order = steps.filter((s) => s === 'remove-flagged' || s === 'zeros-missing' || s === 'transform' || s === 'min-valid');
  expect(order).toEqual(['remove-flagged', 'remove-flagged', 'remove-flagged', 'zeros-missing', 'transform', 'min-valid']);

  // A step that fails: zeros read as values cannot be logged; one sentence, and the switch comes back on.
  await page.getByTestId('zeros-missing').uncheck();
  await expect(page.getByTestId('prepare-error')).toHaveText(/^[\d\s]+ values are 0 or negative and have no logarithm \(H1 × .+\): read zeros as “not quantified”, or .*make such values missing/);
  await expect(page.getByTestId('zeros-missing')).toBeChecked();
  await expect(page.getByTestId('to-configure')).toBeEnabled();
  await expect(list).toContainText('in at least one condition removed');

  await shootElement(page, 'prepare-panel', 'prepare-maxquant');
  await page.getByTestId('prepare-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}prepare-maxquant-page.png` });

  await runFit(page, 3, 10, 'condition');
  await expect(page.getByTestId('contingency-chart')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('ari')).toBeVisible();
  const command = (await page.getByTestId('reproduce-command').textContent()) ?? '';
  expect(command).toMatch(/^skfr cluster maxquant_lfq_proteinGroups\.txt /);
  expect(command).toContain('--transform log2 --min-valid 70%:any:condition');
  expect(command).toContain('--k 3');
  expect(command).toContain('--s 10');
  await page.getByTestId('copy-command').click();
  await expect(page.getByTestId('copy-outcome')).toHaveText(/^(Copied|Selected: press Ctrl\+C to copy\.)$/);
  const outcome = await page.getByTestId('copy-outcome').textContent();
  if (outcome !== 'Copied') {
    // Fallback: the command is selected on the page.
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(command);
  }
  // How the data were prepared: collapsed, then every step with its count.
  const prepared = page.getByTestId('fit-preparation');
  await expect(prepared).not.toHaveAttribute('open', '');
  await prepared.locator('summary').click();
  await expect(prepared.getByTestId('fit-prep-step').filter({ hasText: 'Values log2-transformed' })).toHaveCount(1);
  await expect(prepared).toContainText('Features with fewer than 70 % values in at least one condition removed');
  await shootElement(page, 'reproduce', 'results-maxquant-command-box');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}results-maxquant-command.png` });

  // The exports still download.
  const samples = parseCsv((await downloadOf(page, 'export-samples')).bytes.toString('utf8'));
  expect(samples).toHaveLength(16);
  expect(samples[0]).toContain('cluster');
  const features = await downloadOf(page, 'export-features');
  expect(features.name).toMatch(/_SKFR[12]_k\d+_s\d+_features\.csv$/);
  expect(parseCsv(features.bytes.toString('utf8')).length).toBeGreaterThan(10);
});

test('Perseus matrix: already logarithmic (log2 not selected, a second log refused), then the down-shifted normal runs', async ({ page }) => {
  await page.goto('/');
  await openFile(page, real('perseus_matrix.txt'));
  await settled(page, /^18 samples × [\d\s]+ features/);
  await expect(page.getByTestId('transform-reason')).toHaveText(/^Values between .+ look log-transformed already: no transform, so they are never logged twice\.$/);
  await expect(page.getByTestId('transform-none')).toBeChecked();
  await expect(page.getByTestId('transform-log2')).not.toBeChecked();

  // Asking for log2 anyway: refused in one sentence, back to no transform.
  await page.getByTestId('transform-log2').check();
  await expect(page.getByTestId('prepare-error')).toHaveText(/^The values already look log-transformed .*: choose no transform\.$/);
  await expect(page.getByTestId('transform-none')).toBeChecked();

  await page.getByTestId('impute-downshift').check();
  await expect(page.getByTestId('prepare-error')).toHaveCount(0);
  await expect(page.getByTestId('impute-downshift')).toBeChecked();
  await expect(page.getByTestId('preparation-list')).toContainText('Missing values imputed from a down-shifted normal (shift 1.8 sd, width 0.3 sd, seed 1)');
  await expect(page.getByTestId('impute-count')).toHaveText(/^[\d\s]+ cells filled\.$/);
  await shootElement(page, 'prepare-panel', 'prepare-perseus');

  await runFit(page, 3, 10, null);
  await expect(page.getByTestId('summary-Cluster sizes')).toBeVisible();
  await expect(page.getByTestId('reproduce-command')).toContainText('--impute downshift');
  await expect(page.getByTestId('reproduce-command')).toContainText('--transform none');
  const samples = parseCsv((await downloadOf(page, 'export-samples')).bytes.toString('utf8'));
  expect(samples).toHaveLength(19);
});

test('MaxQuant fitted raw, unfiltered: the results say so beside the figures they concern', async ({ page }) => {
  await page.goto('/');
  await openFile(page, real('maxquant_lfq_proteinGroups.txt'));
  await settled(page, /^15 samples × [\d\s]+ features/);
  await page.getByTestId('transform-none').check();
  await expect(page.getByTestId('transform-count')).toHaveCount(0);
  await page.getByTestId('min-valid-on').uncheck();
  await expect(page.getByTestId('min-valid-why')).toContainText('Off:');
  await expect(page.getByTestId('preparation-list')).not.toContainText('Values log2-transformed');
  await expect(page.getByTestId('preparation-list')).not.toContainText('Features with fewer than');
  await runFit(page, 3, 10, null);
  // Raw intensities fitted without a log: at the top of the results.
  const data = page.getByTestId('warnings-data');
  await expect(data).toContainText('LFQ intensity is a raw intensity');
  await expect(data).toContainText('was fitted without a log transform');
  await expect(data).toContainText('Choose log2 in the preparation (--transform log2).');
  await expect(page.getByTestId('reproduce-command')).toContainText('--transform none --min-valid none');
  // Every warning sits in one of the four places, each a sentence of its own.
  const total = await page.getByTestId('result-warning').count();
  const placed = await page.locator('[data-testid^=warnings-] [data-testid=result-warning]').count();
  expect(placed).toBe(total);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}results-maxquant-warnings.png` });
});
