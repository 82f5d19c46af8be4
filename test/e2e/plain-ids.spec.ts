/**
 * A plain sheet written by pandas (`to_csv`: its index in a first column with a blank header, 0 … n − 1) with its
 * true class as whole-number codes, opened in the browser build: the Import screen takes the index as the sample
 * id and the class as an annotation — neither is a feature (core/request/sample-id.ts, coded-annotations.ts) — and
 * says so in its notes; `skfr cluster` reads the same file the same way (test/cli/numeric-id.test.ts).
 */
import { expect, mappingLine, openFile, screenshot, test } from './fixtures';

/** 12 samples × 3 proteins, an index 0 … 11 and a class 1 / 2 (as pandas writes a frame with its index). */
function pandasCsv(): Buffer {
  const rows = Array.from({ length: 12 }, (_, i) => {
    const c = i < 6 ? 1 : 2;
    return `${i},${(c === 1 ? 5 : 0) + (i % 3) * 0.25},${1 + (i % 4) * 0.5},${0.5 + (i % 5) * 0.125},${c}`;
  });
  return Buffer.from([',BDNF,NR1,ERK,class', ...rows].join('\n') + '\n');
}

test('pandas’ index is the sample id and the coded class an annotation, both said, neither a feature', async ({ page }) => {
  await page.goto('/');
  await openFile(page, { name: 'frame.csv', mimeType: 'text/csv', buffer: pandasCsv() });
  await expect(page.getByTestId('import-screen')).toBeVisible();
  await expect.poll(() => mappingLine(page)).toMatch(/^12 samples × 3 features/);
  await expect(page.getByTestId('layout-description')).toContainText('Table, samples as rows, 12 samples × 3 features');
  await expect(page.locator('[data-testid=mapper-row][data-column="Column 1"]')).toHaveAttribute('data-role', 'id');
  await expect(page.locator('[data-testid=mapper-row][data-column=class]')).toHaveAttribute('data-role', 'annotation');
  await expect(page.locator('[data-testid=mapper-row][data-role=feature]')).toHaveCount(3);
  const notes = page.getByTestId('read-notes');
  await expect(notes).toContainText('“Column 1” numbers the rows (0 … 11, as R and pandas write row names): it names the samples and is not a feature.');
  await expect(notes).toContainText('“class” holds whole-number codes shared by samples and is named like a sample annotation');
  await screenshot(page, 'import-pandas-index');
});

test('summary rows under the samples (Mean, SD) are left out, said beside the mapping, counted in the preparation', async ({ page }) => {
  const sheet = 'Sample,a,b\nS1,1,10\nS2,2,20\nS3,3,30\nS4,6,40\nMean,3,25\nSD,2.16,12.91\n';
  await page.goto('/');
  await openFile(page, { name: 'sheet.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await expect(page.getByTestId('import-screen')).toBeVisible();
  await expect.poll(() => mappingLine(page)).toMatch(/^4 samples × 2 features/);
  await expect(page.getByTestId('layout-description')).toHaveText('Table, samples as rows, 4 samples × 2 features');
  await expect(page.getByTestId('mapping-warnings')).toContainText('The last 2 rows (“Mean”, “SD”, from line 6) are summaries of the samples, not samples: left out.');
  await expect(page.getByTestId('import-screen')).toContainText('Summary rows under the samples left out (“Mean”, “SD”)');
  await screenshot(page, 'import-summary-rows');
});
