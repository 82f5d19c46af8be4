/**
 * Issue 16, saved analyses in the browser build: the mouse CSV fitted (SKFR1, k = 8, s = 24), "Save analysis…"
 * downloads a .skfr file; a fresh page opens it through the same Open input and shows the same cluster sizes and
 * proteins with no fit job run (the bridge counts the jobs it sends: `data-jobs-fit` on #app stays unset); it asks
 * for the data file; a modified copy of the CSV is detected with its sentence (and the offer to run again); the
 * original file restores the Import and Configure screens and the exports, still without a fit; running again on
 * the recorded settings is one fit.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MOUSE_CSV, downloadOf, expect, mapMice, mappingLine, openFile, parseCsv, runFit, screenshot, test } from './fixtures';

const SIZES = '76 · 162 · 106 · 273 · 15 · 138 · 193 · 117';

test('save the mouse analysis, reopen it in a fresh page without a fit, detect a changed input', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'skfr-e2e-session-'));
  await mapMice(page);
  await runFit(page, 8, 24, 'class');
  await expect(page.locator('#app')).toHaveAttribute('data-jobs-fit', '1');
  await expect(page.getByTestId('summary-Cluster sizes')).toHaveText(SIZES);
  const proteins = (await page.getByTestId('feature-name').allTextContents()).map((t) => t.trim());
  expect(proteins).toHaveLength(24);

  // Save analysis…: a download, the analysis's name carrying method, k and s.
  const saved = await downloadOf(page, 'save-analysis');
  expect(saved.name).toBe('mice_protein_SKFR1_k8_s24.skfr');
  const session = JSON.parse(saved.bytes.toString('utf8'));
  expect(session.formatVersion).toBe(1);
  expect(session.input).toMatchObject({ fileName: 'mice_protein.csv', path: null, absolutePath: null, size: readFileSync(MOUSE_CSV).length });
  const skfrFile = join(dir, saved.name);
  writeFileSync(skfrFile, saved.bytes);
  await expect(page.getByTestId('session-saved')).toHaveText('Downloaded mice_protein_SKFR1_k8_s24.skfr');

  // A fresh page: open the .skfr with the same Open input. The results are there, and no fit ran.
  await page.reload();
  await expect(page.locator('#app')).not.toHaveAttribute('data-jobs-fit');
  await openFile(page, skfrFile);
  await expect(page.getByTestId('results-screen')).toBeVisible();
  await expect(page.getByTestId('summary-Cluster sizes')).toHaveText(SIZES);
  expect((await page.getByTestId('feature-name').allTextContents()).map((t) => t.trim())).toEqual(proteins);
  await expect(page.getByTestId('ari')).toHaveText('0.091');
  await expect(page.getByTestId('session-restored')).toContainText('Reopened from mice_protein_SKFR1_k8_s24.skfr');
  await expect(page.getByTestId('data-missing')).toContainText('The data file “mice_protein.csv” is needed');
  await expect(page.locator('#app')).toHaveAttribute('data-jobs-session', '1');
  await expect(page.locator('#app')).not.toHaveAttribute('data-jobs-fit');
  // Without the data, the Import step waits for it; exports say so in one sentence.
  await expect(page.getByTestId('step-import')).toBeDisabled();
  await page.getByTestId('export-samples').click();
  await expect(page.getByTestId('error-message')).toHaveText('Exports are made from the data: choose the data file “mice_protein.csv” first (Choose the data file…, above).');
  await page.getByTestId('error-dismiss').click();
  await screenshot(page, 'session-reopened');

  // A modified copy of the CSV: said in one sentence, with the offer to run again on the recorded settings.
  const lines = readFileSync(MOUSE_CSV, 'utf8').split('\n');
  lines[1] = lines[1]!.replace(/,([\d.]+),/, (_m, v: string) => `,${Number(v) * 3},`);
  const changed = join(dir, 'mice_protein.csv');
  writeFileSync(changed, lines.join('\n'));
  await page.getByTestId('data-file-input').setInputFiles(changed);
  await expect(page.getByTestId('input-changed')).toHaveText(
    /^“mice_protein\.csv” is not the file this analysis was made from: its SHA-256 \([0-9a-f]{12}…\) differs from the one recorded \([0-9a-f]{12}…\), so the file has changed since, or another file was chosen\.$/,
  );
  await expect(page.getByTestId('rerun-recorded')).toBeVisible();
  await expect(page.locator('#app')).not.toHaveAttribute('data-jobs-fit');
  await screenshot(page, 'session-input-changed');

  // The original file: every screen restored, the exports work, still no fit.
  await page.getByTestId('data-file-input').setInputFiles(MOUSE_CSV);
  await expect(page.getByTestId('session-panel')).toHaveAttribute('data-data', 'attached');
  await expect(page.getByTestId('data-attached')).toContainText('the same file as recorded');
  await expect(page.locator('#app')).toHaveAttribute('data-jobs-restore', '1');
  await expect(page.getByTestId('summary-Cluster sizes')).toHaveText(SIZES);
  await page.getByTestId('format-csv').check();
  const samples = await downloadOf(page, 'export-samples');
  const rows = parseCsv(samples.bytes.toString('utf8'));
  const at = rows[0]!.indexOf('cluster');
  const sizes = new Array<number>(8).fill(0);
  for (const r of rows.slice(1)) sizes[Number(r[at]) - 1]!++;
  expect(sizes.join(' · ')).toBe(SIZES);
  await page.getByTestId('step-import').click();
  await expect.poll(() => mappingLine(page)).toMatch(/^1 080 samples × 77 features/);
  await expect(page.locator('[data-testid=mapper-row][data-column=MouseID]')).toHaveAttribute('data-role', 'id');
  await page.getByTestId('step-configure').click();
  await expect(page.getByTestId('field-k')).toHaveValue('8');
  await expect(page.getByTestId('field-s')).toHaveValue('24');
  await expect(page.getByTestId('class-column')).toHaveValue('class');
  await expect(page.locator('#app')).not.toHaveAttribute('data-jobs-fit');

  // Reopened again with the changed copy, "Run again with the recorded settings" is one fit on the file as it is.
  await page.reload();
  await openFile(page, skfrFile);
  await page.getByTestId('data-file-input').setInputFiles(changed);
  await page.getByTestId('rerun-recorded').click();
  await expect(page.locator('#app')).toHaveAttribute('data-jobs-fit', '1', { timeout: 280_000 });
  await expect(page.getByTestId('session-restored')).toHaveCount(0);
  await expect(page.getByTestId('results-screen')).toBeVisible();
});
