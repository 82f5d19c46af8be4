/**
 * Scenario 5: a broken file and an impossible k give their messages, and the app keeps working: the broken file
 * leaves the last good table in place; the impossible k is stopped at its field; after fixing it the run completes.
 */
import { expect, mappingLine, openFile, screenshot, setField, test } from './fixtures';

test('a broken file and an impossible k give clear messages and the app keeps working', async ({ page }) => {
  await page.goto('/');
  await openFile(page, { name: 'results.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('<html><body><table><tr><td>1</td></tr></table></body></html>') });
  const banner = page.getByTestId('error-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('data-code', 'unreadable-file');
  await expect(page.getByTestId('error-title')).toHaveText('This file could not be read');
  await expect(page.getByTestId('error-message')).toContainText('results.xlsx');
  await expect(page.getByTestId('error-next')).toContainText('.csv');
  await screenshot(page, 'error-broken-file');

  // The app keeps working: the example opens and the banner goes.
  await page.getByTestId('try-example').click();
  await expect(page.getByTestId('import-screen')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect.poll(() => mappingLine(page)).toMatch(/^400 samples × 50 features/);

  // A broken file now keeps the table that is open.
  await openFile(page, { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('import-screen')).toContainText('example-sparse-panel.csv');
  await expect(page.getByTestId('error-title')).toHaveText('There is no table to read');
  await page.getByTestId('error-dismiss').click();
  await expect(banner).toHaveCount(0);

  // An impossible k is stopped at the field, with the value and the allowed range.
  await page.getByTestId('to-configure').click();
  await setField(page, 'k', '1000');
  await expect(page.getByTestId('error-k')).toHaveText('k = 1000 is not possible: k must be a whole number from 2 to 400 (the number of samples is 400).');
  await expect(page.getByTestId('field-k')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('run-button')).toBeDisabled();
  await setField(page, 'k', '2.5');
  await expect(page.getByTestId('error-k')).toContainText('k = 2.5 is not possible');
  await screenshot(page, 'error-impossible-k');

  await setField(page, 'k', '10');
  await expect(page.getByTestId('error-k')).toHaveCount(0);
  await setField(page, 's', '10');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 280_000 });
  await expect(page.getByTestId('feature-name')).toHaveCount(10);
});
