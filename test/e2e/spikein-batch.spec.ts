/**
 * Issue 24, "App = CLI" on the two-site spike-in (../shared/data/real/paw_tmt_ups2_mouse_two_sites.txt: UPS2 in
 * mouse, 10 TMT channels per site, the site a strong batch). As a scientist does it in the browser build today:
 * header on row 5 (title lines and the row of sample labels above it), the channels as samples by a pattern
 * (131C is unused), the sample table a user writes from the label row attached (sample, site, level), log2 with
 * 0 made missing, the Prepare panel's batch step on “site” (offered by name) and the proposed scale (centred
 * and Pareto-scaled after log2); run k = 3, s = 10 against “level”. Then the command the Results screen shows is run by the
 * CLI (--json) in the folder holding the table and the sample table: the same samples, the same clusters and
 * the same selected proteins. The recognition steps (header row, pattern, log2) are what the branch `formats`
 * does by itself; the batch step and the scale are this test's point.
 * Screenshots: test-results/spikein-prepare.png, spikein-results.png.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadOf, expect, mappingLine, openFile, parseCsv, screenshot, setField, test } from './fixtures';

const PAW = fileURLToPath(new URL('../../../shared/data/real/paw_tmt_ups2_mouse_two_sites.txt', import.meta.url));
const SKFR = fileURLToPath(new URL('../../cli/bin/skfr.js', import.meta.url));

/** The sample table a user writes from PAW's label row (row 4, above the header on row 5): column, site, level. */
function designFromLabelRow(file: string): string {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  const header = lines[4]!.split('\t');
  const labels = lines[3]!.split('\t').map((l) => l.trim());
  const rows = header.flatMap((name, c) => {
    const label = labels[c] ?? '';
    const m = /(BGS|FLI)-S(\d)-\d$/.exec(label);
    return name.startsWith('TotInt_') && m ? [`${name}\t${m[1]}\tS${m[2]}`] : [];
  });
  expect(rows).toHaveLength(20);
  return ['sample\tsite\tlevel', ...rows].join('\n') + '\n';
}

test('two-site spike-in: the batch step on “site” and the proposed scale in the app give the labels and proteins of the command it prints', async ({ page }) => {
  test.setTimeout(300_000);
  // The table (linked, never copied) and the sample table side by side, where the command is run.
  const dir = mkdtempSync(join(tmpdir(), 'skfr-e2e-spikein-'));
  const file = join(dir, 'paw_tmt_ups2_mouse_two_sites.txt');
  symlinkSync(PAW, file);
  const design = join(dir, 'paw_design.tsv');
  writeFileSync(design, designFromLabelRow(PAW));

  await page.goto('/');
  await openFile(page, file);
  await expect(page.getByTestId('import-screen')).toBeVisible({ timeout: 60_000 });
  const header = page.getByTestId('header-row');
  await header.fill('5');
  await header.press('Enter');
  await expect(header).toHaveValue('5');
  await page.getByTestId('orientation-columns').check();
  await page.getByTestId('sample-pattern').fill('^TotInt_1(2[6-9]|30|31N)');
  await page.getByTestId('apply-sample-pattern').click();
  await expect.poll(() => mappingLine(page), { timeout: 60_000 }).toMatch(/^20 samples × /);
  await page.getByTestId('design-file-input').setInputFiles(design);
  await expect(page.getByTestId('design-join')).toContainText('matched 20 of 20 samples');

  // Prepare: log2 with 0 made missing; the batch step offered by name and taken; the scale as proposed. (log2
  // alone is refused, zeros having no logarithm: 0 read as not quantified first, as the refusal says.)
  await page.getByTestId('zeros-missing').check();
  await expect(page.getByTestId('zeros-missing')).toBeChecked();
  await page.getByTestId('transform-log2').check();
  await expect(page.getByTestId('transform-log2')).toBeChecked();
  await page.getByTestId('nonpositive-missing').check();
  await expect(page.getByTestId('prepare-error')).toHaveCount(0);
  await expect(page.getByTestId('batch-offer')).toContainText('site');
  await page.getByTestId('batch-offer-site').click();
  await expect(page.getByTestId('batch-on')).toBeChecked();
  await expect(page.getByTestId('batch-column-site')).toBeChecked();
  await expect(page.getByTestId('preparation-list')).toContainText('Batch effect of “site” removed');
  await expect(page.getByTestId('batch-confounded')).toHaveCount(0);
  await expect(page.getByTestId('scale-pareto')).toBeChecked();
  await expect(page.getByTestId('scale-reason')).toHaveText('Why: values are log2 intensities on one scale.');
  await screenshot(page, 'spikein-prepare');

  await page.getByTestId('to-configure').click();
  await page.getByTestId('variant-global').check();
  await page.getByTestId('class-column').selectOption('level');
  await setField(page, 'k', '3');
  await page.getByTestId('s-mode-fixed').check();
  await setField(page, 's', '10');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 240_000 });
  // The site is removed: no warning that the clusters follow it.
  await expect(page.getByTestId('result-warning').filter({ hasText: '“site”' })).toHaveCount(0);
  const command = (await page.getByTestId('reproduce-command').innerText()).replace(/\s*\n\s*/g, ' ').trim();
  expect(command).toContain('--batch site');
  expect(command).toContain('--scale pareto');
  const rows = parseCsv((await downloadOf(page, 'export-samples')).bytes.toString('utf8'));
  const cluster = rows[0]!.indexOf('cluster');
  const uiIds = rows.slice(1).map((r) => r[0]!);
  const uiLabels = rows.slice(1).map((r) => Number(r[cluster]));
  await page.getByTestId('selected-only').check();
  const uiFeatures = await page.getByTestId('feature-name').allTextContents();
  await screenshot(page, 'spikein-results');

  expect(command).toMatch(/^skfr cluster /);
  const out = execFileSync('bash', ['-c', `node ${JSON.stringify(SKFR)} ${command.slice('skfr '.length)} --json`], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const cli = JSON.parse(out) as { sampleIds: string[]; labels: number[]; selectedFeatures: string[]; preparation: { step: string }[] };
  expect(cli.preparation.map((r) => r.step)).toContain('batch');
  expect(cli.sampleIds).toEqual(uiIds);
  expect(cli.labels).toEqual(uiLabels);
  expect(uiFeatures).toEqual(cli.selectedFeatures);
  expect(uiFeatures).toHaveLength(10);
  // The science: UPS2 proteins (this file's EXTRA_ accessions, `_HUMAN_UPS` in their Description) are the ones
  // selected — at least the acceptance's 0.8 (centred only, 3 of the 10 were mouse nerve and blood proteins).
  expect(uiFeatures.filter((name) => name.startsWith('EXTRA_')).length, uiFeatures.join(', ')).toBeGreaterThanOrEqual(8);
});
