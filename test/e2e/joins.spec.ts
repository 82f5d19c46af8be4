/**
 * Issue 25 items 6 and 8 in the browser build, as a scientist does it: the MaxQuant file and its design (the
 * match table: 12 of 15, H5, L5, N5 without a row), the DIA-NN matrix and its metadata (every run by its path),
 * a sample table that names no run but has one row per run (refused, "Match in file order" offered, applied only
 * on the click, and taken back), a half-matching table with as many rows as samples (the offer beside the join),
 * samples with no value (named together, then dropped by the Prepare panel's switch) and the groups read from the
 * names of the spike-in samples (offered for the valid-value filter and as the known class), fewer than N values,
 * and a sample table with two different rows for one sample (refused, issue 26 case 5). Screenshots:
 * test-results/joins-*.png.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { SCREENSHOTS, expect, openFile, screenshot as screenshotOf, settled, test } from './fixtures';

const REAL = fileURLToPath(new URL('../../../shared/data/real/', import.meta.url));
const real = (name: string) => `${REAL}${name}`;

async function shootPanel(page: Page, testId: string, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const panel = page.getByTestId(testId);
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: `${SCREENSHOTS}${name}.png` });
}

const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
const matchRows = (page: Page) => page.getByTestId('design-match-row');

test('MaxQuant + its design: the match table shows each sample’s row, and H5, L5, N5 without one', async ({ page }) => {
  await page.goto('/');
  await openFile(page, real('maxquant_lfq_proteinGroups.txt'));
  await settled(page, /^15 samples × [\d\s]+ features/);
  // No sample table yet: the groups of the names are offered.
  await expect(page.getByTestId('name-groups')).toContainText('“group (from names)”: H (5), L (5), N (5).');
  await page.getByTestId('design-file-input').setInputFiles(real('maxquant_lfq_experimental_design.txt'));
  await expect(page.getByTestId('design-join')).toHaveText('Sample table “maxquant_lfq_experimental_design.txt” matched 12 of 15 samples on “label”; no row for “H5”, “L5”, “N5”.');
  await expect(matchRows(page)).toHaveCount(15);
  const h2 = page.locator('[data-testid=design-match-row][data-sample=H2]');
  await expect(h2).toContainText('H2');
  await expect(h2.locator('td').nth(1)).toHaveText('2');
  await expect(h2).toContainText('same name');
  await expect(page.locator('[data-testid=design-match-row][data-sample=H5]')).toContainText('no row');
  await expect(page.getByTestId('design-order-offer')).toHaveCount(0); // 12 rows for 15 samples: no file order
  await expect(page.getByTestId('name-groups')).toHaveCount(0);
  await shootPanel(page, 'design-panel', 'joins-match-table-maxquant');
});

test('DIA-NN + metadata: each run by its path; a table naming no run is offered in file order, joined only when asked', async ({ page }) => {
  await page.goto('/');
  await openFile(page, real('diann_report.pg_matrix.tsv'));
  await settled(page, /^12 samples × [\d\s]+ features/);
  await page.getByTestId('design-file-input').setInputFiles(real('diann_metadata.csv'));
  await expect(page.getByTestId('design-join')).toContainText('matched 12 of 12 samples on “Name in report.pg_matrix”');
  await expect(matchRows(page)).toHaveCount(12);
  for (const row of await matchRows(page).all()) await expect(row).toContainText('same name');
  await shootPanel(page, 'design-panel', 'joins-match-table-diann');
  await page.getByTestId('remove-design').click();

  // The lab notebook's names (O1…O12) only, in the metadata's order: no run name, one row per run.
  const notebook = ['name,Gigaseal_Status', 'O1,No Gigaseal', 'O10,Gigaseal Lost', 'O11,Cell Torn', 'O12,Cell Torn', 'O2,Gigaseal Lost', 'O3,Gigaseal Lost', 'O4,Gigaseal Preserved', 'O5,No Gigaseal', 'O6,Gigaseal Preserved', 'O7,Gigaseal Preserved', 'O8,No Gigaseal', 'O9,No Gigaseal'];
  await page.getByTestId('design-file-input').setInputFiles(csv('notebook.csv', notebook.join('\n') + '\n'));
  await expect(page.getByTestId('error-banner')).toHaveAttribute('data-code', 'design-unmatched');
  const offer = page.getByTestId('design-refused');
  await expect(offer).toContainText('No sample of the data has a row in the sample table “notebook.csv”: its column “name” holds names such as “O1”, “O10”, “O11”');
  await expect(offer).toContainText('It has one row for each of the 12 samples');
  await expect(page.getByTestId('design-source')).toHaveCount(0); // not joined unasked
  await shootPanel(page, 'design-panel', 'joins-file-order-offer');

  await offer.getByTestId('design-file-order').click();
  await expect(page.getByTestId('design-join')).toHaveText('Sample table “notebook.csv” joined in file order, as chosen: 12 of 12 samples, the names not compared.');
  await expect(matchRows(page)).toHaveCount(12);
  await expect(matchRows(page).first()).toContainText('file order');
  await expect(matchRows(page).first().locator('td').nth(2)).toHaveText('O1');
  await expect(page.getByTestId('design-columns')).toContainText('name, Gigaseal_Status');
  await shootPanel(page, 'design-panel', 'joins-file-order-applied');
  // Back to names: refused again (the banner says why), and the join in file order stays as it was.
  await page.getByTestId('design-by-names').click();
  await expect(page.getByTestId('error-banner')).toHaveAttribute('data-code', 'design-unmatched');
  await expect(page.getByTestId('design-join')).toContainText('joined in file order, as chosen');
});

test('a table with a row per sample that names half of them: the join is kept, and file order offered beside it', async ({ page }) => {
  const proteins = ['protein,S1,S2,S3,S4', 'P1,1,2,3,4', 'P2,2,3,4,5', 'P3,5,4,3,2'];
  await page.goto('/');
  await openFile(page, csv('proteins.csv', proteins.join('\n') + '\n'));
  await settled(page, /^4 samples × 3 features/);
  await page.getByTestId('design-file-input').setInputFiles(csv('half.csv', 'sample,group\nS1,a\nS2,a\nX3,b\nX4,b\n'));
  await expect(page.getByTestId('design-join')).toContainText('matched 2 of 4 samples on “sample”; no row for “S3”, “S4”; rows naming no sample: “X3”, “X4”.');
  await expect(page.getByTestId('design-order-offer')).toContainText('The table has 4 rows for the 4 samples, but 2 samples have no row by name.');
  await page.getByTestId('design-order-offer').getByTestId('design-file-order').click();
  await expect(page.getByTestId('design-join')).toContainText('joined in file order, as chosen');
  // Rows 1 and 2 name their samples; rows 3 and 4 (X3, X4) now go to S3 and S4 by position.
  await expect(page.locator('[data-testid=design-match-row][data-sample=S4]')).toContainText('X4');
});

test('samples with no value: one message naming them all, and the change applied with them dropped', async ({ page }) => {
  // E1 and E2 hold only 0: no value once 0 means “not quantified”.
  // C1 holds one value, C2 two.
  const proteins = ['protein,A1,A2,B1,B2,C1,C2,E1,E2', 'P1,1,2,3,4,7,7,0,0', 'P2,2,3,4,5,0,6,0,0', 'P3,5,4,3,2,0,0,0,0'];
  await page.goto('/');
  await openFile(page, csv('with-empty.csv', proteins.join('\n') + '\n'));
  await settled(page, /^8 samples × 3 features/);
  await page.getByTestId('zeros-missing').check();
  await expect(page.getByTestId('prepare-error')).toHaveText(
    '2 samples have no value in any of the 3 features once zeros are read as “not quantified”: “E1” (column “E1”), “E2” (column “E2”); ' +
      'drop them (“Drop samples with no values” in the Prepare panel, or --drop-samples empty), or remove them from the samples.',
  );
  await expect(page.getByTestId('zeros-missing')).not.toBeChecked(); // the change was taken back, nothing lost
  await page.getByTestId('drop-and-apply').click();
  await settled(page, /^6 samples × 3 features/);
  await expect(page.getByTestId('zeros-missing')).toBeChecked();
  await expect(page.getByTestId('drop-samples')).toBeChecked();
  await expect(page.getByTestId('drop-samples-count')).toHaveText('2 removed');
  await expect(page.getByTestId('preparation-list')).toContainText('Samples with no value removed');
  // With fewer than 2 values: C1 (one value) goes too, C2 (two) stays.
  await page.getByTestId('drop-samples-min').fill('2');
  await page.getByTestId('drop-samples-min').press('Enter');
  await settled(page, /^5 samples × 3 features/);
  await expect(page.getByTestId('drop-samples-count')).toHaveText('3 removed');
  await expect(page.getByTestId('preparation-list')).toContainText('fewer than 2 values');
  await shootPanel(page, 'prep-drop-samples', 'joins-drop-samples');
});

test('two different rows for one sample in the sample table: refused in one sentence naming the sample and both rows', async ({ page }) => {
  const proteins = ['protein,S1,S2,S3,S4', 'P1,1,2,3,4', 'P2,2,3,4,5', 'P3,5,4,3,2'];
  await page.goto('/');
  await openFile(page, csv('proteins.csv', proteins.join('\n') + '\n'));
  await settled(page, /^4 samples × 3 features/);
  await page.getByTestId('design-file-input').setInputFiles(csv('twice.csv', 'sample,group\nS1,a\nS2,a\nS3,b\nS4,b\nS2,b\n'));
  await expect(page.getByTestId('error-banner')).toContainText(
    'Sample “S2” has two different rows in the sample table “twice.csv” (rows 2 and 5 below its header: “S2, a” and “S2, b”); keep one row per sample, or choose the column that names each sample once.',
  );
  await expect(page.getByTestId('design-source')).toHaveCount(0); // nothing joined
  await settled(page, /^4 samples × 3 features/);
  await screenshotOf(page, 'joins-duplicate-rows');
});

test('no sample table: the spike-in amounts in the sample names are offered as groups, for the filter and as the known class', async ({ page }) => {
  await page.goto('/');
  await openFile(page, real('maxquant_ups1_yeast_proteinGroups.txt'));
  await settled(page, /^27 samples × [\d\s]+ features/);
  await expect(page.getByTestId('name-groups')).toContainText('“group (from names)”');
  await expect(page.getByTestId('name-groups')).toContainText('12500amol (3)');
  await expect(page.getByTestId('min-valid-group')).toHaveValue('group (from names)');
  await shootPanel(page, 'design-panel', 'joins-name-groups');
  await page.getByTestId('to-configure').click();
  await expect(page.getByTestId('configure-screen')).toBeVisible();
  const options = await page.getByTestId('class-column').locator('option').allTextContents();
  expect(options).toContain('group (from names)');
  await expect(page.getByTestId('class-column')).toHaveValue(''); // offered, not chosen for the user
  await page.getByTestId('class-column').selectOption('group (from names)');
  await expect(page.getByTestId('class-column')).toHaveValue('group (from names)');
});
