/**
 * Issue 24 in the browser build, as a scientist would: `skfr simulate --design batch` (3 conditions × 3 batches,
 * half the proteins shifted per batch), opened in the app. Without the batch step the clusters are the batches,
 * and the Results screen says so beside the clusters with the remedy; the Prepare panel offers “batch” by name,
 * its step runs with its count (and says when a column chosen with it is the class itself), and the run with it
 * finds the conditions (ARI 1) with no warning, its command carrying --batch batch.
 * Screenshots: test-results/batch-results-before.png, batch-prepare.png, batch-confounded.png,
 * batch-results-after.png.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { SCREENSHOTS, expect, openFile, runFit, screenshot, settled, test } from './fixtures';

const SKFR = fileURLToPath(new URL('../../cli/bin/skfr.js', import.meta.url));

async function shootElement(page: Page, testId: string, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const element = page.getByTestId(testId);
  await element.scrollIntoViewIfNeeded();
  await element.screenshot({ path: `${SCREENSHOTS}${name}.png` });
}

test('batch design: the clusters follow the batches and the app says so; the Prepare panel’s batch step finds the conditions', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'skfr-e2e-batch-'));
  const file = join(dir, 'batch.csv');
  execFileSync(process.execPath, [SKFR, 'simulate', '--design', 'batch', '--seed', '2', '--out', file]);

  await page.goto('/');
  await openFile(page, file);
  await settled(page, /^36 samples × 200 features/);
  // The panel offers the batch column by name, and the step is off.
  await expect(page.getByTestId('batch-on')).not.toBeChecked();
  await expect(page.getByTestId('batch-offer')).toHaveText('Batch columns among the annotations: batch');

  // Without the step: the batches come out, and the warning beside the clusters names them, with the remedy.
  await runFit(page, 3, 10, 'condition');
  const warning = page.getByTestId('warnings-clusters').getByTestId('result-warning');
  await expect(warning).toHaveAttribute('data-code', 'clusters-follow-annotation');
  await expect(page.getByTestId('mixed-nodes')).toHaveText('3');
  await expect(warning).toHaveText(/^The clusters follow “batch” \(ARI 1\.00\) rather than “condition” \(ARI −0\.06\): a batch effect\? Remove it: Batch ▸ batch \(`--batch batch`\)\.$/);
  await screenshot(page, 'batch-results-before');

  // Batch ▸ batch in the Prepare panel: the step runs, with its count; no confounding with the conditions.
  await page.getByTestId('step-import').click();
  await page.getByTestId('batch-offer-batch').click();
  await expect(page.getByTestId('batch-on')).toBeChecked();
  await expect(page.getByTestId('batch-column-batch')).toBeChecked();
  await expect(page.getByTestId('batch-count')).toHaveText('0 feature × batch pairs left as they were');
  await expect(page.getByTestId('preparation-list')).toContainText('Batch effect of “batch” removed');
  await expect(page.getByTestId('batch-confounded')).toHaveCount(0);
  await shootElement(page, 'prep-batch', 'batch-prepare');

  // The condition column chosen as a batch too: the panel says it is the class itself; taken back, it goes.
  await page.getByTestId('batch-column-condition').check();
  await expect(page.getByTestId('batch-confounded')).toHaveText('“condition” is the class itself: removing it as a batch effect removes the differences between its groups.');
  await shootElement(page, 'prep-batch', 'batch-confounded');
  await page.getByTestId('batch-column-condition').uncheck();
  await expect(page.getByTestId('batch-confounded')).toHaveCount(0);
  await settled(page, /^36 samples × 200 features/);

  // With the step: the conditions, no warning, and --batch in the command.
  await runFit(page, 3, 10, 'condition');
  await expect(page.getByTestId('result-warning')).toHaveCount(0);
  await expect(page.getByTestId('reproduce-command')).toContainText('--batch batch');
  await expect(page.getByTestId('ari')).toHaveText('1.000');
  await expect(page.getByTestId('mixed-nodes')).toHaveText('0');
  await screenshot(page, 'batch-results-after');
});
