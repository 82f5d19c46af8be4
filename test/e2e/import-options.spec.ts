/**
 * Import options beyond the five scenarios: row filters on an annotation, the missing-fraction filter, and a
 * table with samples as columns (orientation toggle) — each through the live "n samples × p features" line.
 */
import { MOUSE_CSV, expect, mappingLine, openFile, screenshot, setField, test } from './fixtures';

test('filters: keep one genotype, drop features missing in more than 10 % of samples', async ({ page }) => {
  await page.goto('/');
  await openFile(page, MOUSE_CSV);
  await expect.poll(() => mappingLine(page)).toMatch(/^1 080 samples × 77 features/);
  await page.getByTestId('add-filter').selectOption('Genotype');
  const filter = page.locator('[data-testid=row-filter][data-column=Genotype]');
  await filter.getByLabel('Ts65Dn').uncheck();
  await expect.poll(() => mappingLine(page)).toMatch(/^570 samples × 77 features/);
  await page.getByTestId('missing-filter').fill('10');
  await page.getByTestId('missing-filter').press('Enter');
  await expect(page.getByTestId('dropped-features')).toBeVisible();
  const line = await mappingLine(page);
  const p = Number(/× (\d+) features/.exec(line)?.[1]);
  expect(p).toBeLessThan(77);
  expect(p).toBeGreaterThan(60);
  await page.getByTestId('missing-filter').fill('150');
  await page.getByTestId('missing-filter').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: '150 % is not possible' })).toBeVisible();
  await screenshot(page, 'import-filters');
});

test('samples as columns: the table is read transposed', async ({ page }) => {
  const samples = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'];
  const lines = [['protein', ...samples].join(',')];
  for (let f = 1; f <= 4; f++) lines.push([`P${f}`, ...samples.map((_, i) => (i < 3 ? f + i * 0.1 : -f - i * 0.1))].join(','));
  await page.goto('/');
  await openFile(page, { name: 'wide.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') });
  await expect.poll(() => mappingLine(page)).toMatch(/^4 samples × 6 features/);
  await page.getByTestId('orientation-columns').check();
  await expect.poll(() => mappingLine(page)).toBe('6 samples × 4 features, 0 missing cells');
  await page.getByTestId('to-configure').click();
  await setField(page, 'k', '2');
  await setField(page, 's', '2');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('summary-Cluster sizes')).toHaveText('3 · 3');
});

test('a file dropped anywhere on the window is opened', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['id,a,b\nx,1,2\ny,3,5\nz,4,4\n'], 'dropped.csv', { type: 'text/csv' }));
    for (const type of ['dragenter', 'dragover', 'drop']) {
      document.body.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    }
  });
  await expect(page.getByTestId('import-screen')).toContainText('dropped.csv');
  await expect.poll(() => mappingLine(page)).toBe('3 samples × 2 features, 0 missing cells');
});
