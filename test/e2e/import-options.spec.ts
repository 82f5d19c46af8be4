/**
 * Import options beyond the five scenarios: row filters on an annotation, the missing-fraction filter, a table
 * with samples as columns (orientation toggle, column roles, the sample-column pattern), a layout no format
 * knows (title rows, own column names, a sample sheet in the workbook), and bad input that loses nothing — each
 * through the live "n samples × p features" line.
 */
import * as XLSX from 'xlsx';
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

test('samples as columns: an unrecognised table switched to columns takes its numeric columns as samples', async ({ page }) => {
  const samples = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'];
  const lines = [['id', ...samples].join(',')];
  for (let f = 1; f <= 4; f++) lines.push([`F${f}`, ...samples.map((_, i) => (i < 3 ? f + i * 0.1 : -f - i * 0.1))].join(','));
  await page.goto('/');
  await openFile(page, { name: 'wide.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') });
  await expect.poll(() => mappingLine(page)).toMatch(/^4 samples × 6 features/);
  await page.getByTestId('orientation-columns').check();
  await expect.poll(() => mappingLine(page)).toBe('6 samples × 4 features, 0 missing cells');
  const role = (name: string) => page.locator(`[data-testid=columns-mapper-row][data-column="${name}"]`);
  await expect(role('id')).toHaveAttribute('data-role', 'label');
  await expect(role('S4')).toHaveAttribute('data-role', 'sample');
  await expect(page.getByTestId('matrix-feature')).toHaveText(['F1', 'F2', 'F3', 'F4']);
  // One sample column ignored, then the pattern takes back exactly S1–S6.
  await role('S6').getByTestId('columns-role-select').selectOption('ignore');
  await expect.poll(() => mappingLine(page)).toBe('5 samples × 4 features, 0 missing cells');
  await page.getByTestId('sample-pattern').fill('^S\\d$');
  await page.getByTestId('apply-sample-pattern').click();
  await expect.poll(() => mappingLine(page)).toBe('6 samples × 4 features, 0 missing cells');
  await page.getByTestId('to-configure').click();
  await setField(page, 'k', '2');
  await setField(page, 's', '2');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('summary-Cluster sizes')).toHaveText('3 · 3');
});

/** A workbook (xlsx bytes) with the given sheets. */
function workbook(sheets: [string, unknown[][]][]): Buffer {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of sheets) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), name);
  return Buffer.from(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

test('a layout never seen: two title rows, its own column names, a sample sheet in the same workbook', async ({ page }) => {
  // 8 proteins × 6 samples named m_<group><n>; groups a and b differ on the first 3 proteins.
  const samples = ['m_a1', 'm_a2', 'm_a3', 'm_b1', 'm_b2', 'm_b3'];
  const quant: unknown[][] = [
    ['Quantities of the pilot study (arbitrary units)'],
    ['Exported 2024-05-02 by the core facility'],
    ['acc', 'sym', 'note', ...samples],
  ];
  for (let f = 0; f < 8; f++) {
    quant.push([`P${1000 + f}`, `Gene${f}`, f % 2 ? 'membrane' : 'cytosol', ...samples.map((s, i) => 10 + f + (f < 3 && s.startsWith('m_b') ? 5 : 0) + 0.1 * i)]);
  }
  const sheet: unknown[][] = [['run', 'group', 'batch'], ...samples.map((s, i) => [s, s.startsWith('m_a') ? 'control' : 'treated', i % 2 ? 'B2' : 'B1'])];
  await page.goto('/');
  await openFile(page, { name: 'pilot.xlsx', mimeType: 'application/octet-stream', buffer: workbook([['Quant', quant], ['Samples', sheet]]) });
  await expect(page.getByTestId('sheet-picker')).toHaveValue('Quant');
  // The header is found on row 3 (the two titles are said); if not, the user says so.
  const header = page.getByTestId('header-row');
  if ((await header.inputValue()) !== '3') {
    await header.fill('3');
    await header.press('Enter');
  }
  await expect(header).toHaveValue('3');
  await expect(page.getByTestId('title-rows')).toContainText('Quantities of the pilot study');
  await page.getByTestId('orientation-columns').check();
  await page.getByTestId('sample-pattern').fill('^m_');
  await page.getByTestId('apply-sample-pattern').click();
  const role = (name: string) => page.locator(`[data-testid=columns-mapper-row][data-column="${name}"]`).getByTestId('columns-role-select');
  await role('sym').selectOption('label');
  await role('acc').selectOption('annotation');
  await role('note').selectOption('annotation');
  await expect.poll(() => mappingLine(page)).toMatch(/^6 samples × 8 features/);
  await expect(page.getByTestId('matrix-feature').first()).toHaveText('Gene0');
  await page.getByTestId('design-sheet').selectOption('Samples');
  await expect(page.getByTestId('design-join')).toContainText('matched 6 of 6 samples on “run”');
  await page.getByTestId('add-filter').selectOption('group');
  await expect(page.locator('[data-testid=row-filter][data-column=group]').getByTestId('filter-value')).toHaveCount(2);
  await page.locator('[data-testid=row-filter][data-column=group]').getByRole('button', { name: 'Remove this filter' }).click();
  await screenshot(page, 'import-new-layout');
  await page.getByTestId('to-configure').click();
  await page.getByTestId('class-column').selectOption('group');
  await setField(page, 'k', '2');
  await setField(page, 's', '3');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('ari')).toHaveText('1.000');
  // The three proteins that separate the groups, in the fit's order.
  expect((await page.getByTestId('feature-name').allTextContents()).sort()).toEqual(['Gene0', 'Gene1', 'Gene2']);
});

test('bad input gets one sentence and loses nothing: a sample table matching no sample, a header row past the end', async ({ page }) => {
  const lines = ['Protein,Gene,S1,S2,S3,S4', 'P1,G1,1,2,3,4', 'P2,G2,2,3,4,5', 'P3,G3,5,4,3,2'];
  await page.goto('/');
  await openFile(page, { name: 'proteins.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') });
  await expect(page.getByTestId('orientation-columns')).toBeChecked();
  await expect.poll(() => mappingLine(page)).toBe('4 samples × 3 features, 0 missing cells');
  await page.getByTestId('design-file-input').setInputFiles({ name: 'other.csv', mimeType: 'text/csv', buffer: Buffer.from('run,group\nX1,a\nX2,b\n') });
  const banner = page.getByTestId('error-banner');
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('error-message')).toContainText('other.csv');
  await expect(page.getByTestId('attach-design')).toBeVisible(); // taken off again
  await expect.poll(() => mappingLine(page)).toBe('4 samples × 3 features, 0 missing cells');
  await page.getByTestId('error-dismiss').click();

  const header = page.getByTestId('header-row');
  await header.fill('99');
  await header.press('Enter');
  await expect(banner).toBeVisible();
  await expect(header).toHaveValue('1');
  await expect.poll(() => mappingLine(page)).toBe('4 samples × 3 features, 0 missing cells');
  await screenshot(page, 'import-bad-input');
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
