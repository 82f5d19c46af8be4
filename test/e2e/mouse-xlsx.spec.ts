/**
 * Scenario 2: the same mouse data as an XLSX workbook made in the test (SheetJS), with a second sheet in front
 * so the sheet picker is used; the default mapping; SKFR1 k = 8, s = 24; the samples exported as XLSX and read back.
 */
import { readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { MOUSE_CSV, downloadOf, expect, mappingLine, openFile, screenshot, setField, test } from './fixtures';

function mouseWorkbook(): Buffer {
  const lines = readFileSync(MOUSE_CSV, 'utf8').split(/\r?\n/).filter((l) => l.length > 0);
  const rows = lines.map((line, i) =>
    line.split(',').map((cell) => (i === 0 || cell === '' ? (cell === '' ? null : cell) : Number.isNaN(Number(cell)) ? cell : Number(cell))),
  );
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Notes'], ['Protein expression of 1080 mouse samples (Higuera et al. 2015).']]), 'About');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Expression');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

test('mouse data as XLSX: pick the sheet, run SKFR1 k=8 s=24, export samples as XLSX', async ({ page }) => {
  await page.goto('/');
  await openFile(page, {
    name: 'mice_protein.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: mouseWorkbook(),
  });
  await expect(page.getByTestId('import-screen')).toBeVisible();
  const picker = page.getByTestId('sheet-picker');
  await expect(picker).toBeVisible();
  if ((await picker.inputValue()) !== 'Expression') await picker.selectOption('Expression');
  await expect(picker).toHaveValue('Expression');

  // The default guess: MouseID is the id (text, all distinct), text columns are annotations, numbers are features.
  await expect(page.locator('[data-testid=mapper-row][data-column=MouseID]')).toHaveAttribute('data-role', 'id');
  await expect(page.locator('[data-testid=mapper-row][data-column=class]')).toHaveAttribute('data-role', 'annotation');
  await expect.poll(() => mappingLine(page)).toMatch(/^1 080 samples × 77 features, 1 396 missing cells$/);
  await screenshot(page, 'import-mouse-xlsx');

  await page.getByTestId('to-configure').click();
  await setField(page, 'k', '8');
  await setField(page, 's', '24');
  await page.getByTestId('class-column').selectOption('class');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 280_000 });
  await expect(page.getByTestId('feature-name')).toHaveCount(24);
  await expect(page.getByTestId('mixed-nodes')).toHaveText(/^\d$/);

  await page.getByTestId('format-xlsx').check();
  const samples = await downloadOf(page, 'export-samples');
  expect(samples.name).toBe('mice_protein_SKFR1_k8_s24_samples.xlsx');
  const wb = XLSX.read(samples.bytes, { type: 'buffer', dense: true });
  const sheet = wb.Sheets[wb.SheetNames[0]!]!;
  const rows = XLSX.utils.sheet_to_json<(string | number | null)[]>(sheet, { header: 1, raw: true, defval: null });
  const clusterAt = rows[0]!.indexOf('cluster');
  expect(clusterAt).toBeGreaterThan(0);
  expect(rows.slice(1)).toHaveLength(1080);
  for (const r of rows.slice(1)) expect([1, 2, 3, 4, 5, 6, 7, 8]).toContain(Number(r[clusterAt]));
  await expect(page.getByTestId('saved-path')).toContainText('mice_protein_SKFR1_k8_s24_samples.xlsx');
  await screenshot(page, 'results-mouse-xlsx');
});
