/**
 * Issue 27 on the screen: the mouse CSV fitted (SKFR1, k = 8, s = 24), then s moved on the Results screen's slider.
 * (1) Six quick clicks on "+" end on s = 30 and (2) a quick run of slider positions 10, 50, 12, 33 ends on 33: the
 * ranked proteins, the samples × proteins heatmap and the reproduce command follow, and what stays on the screen is
 * the full fit at the last s asked for (not a preview, not an earlier s). (3) At s = 30: the samples export, the HTML
 * report, the saved analysis and the Copy button all say s = 30, and `skfr rerun` of the saved analysis reproduces
 * it. (4) k follows its slider the same way. Assertions are on content, never on time.
 * Screenshots: test-results/explore-preview.png, explore-s30-heatmap.png, explore-s30.png, explore-k.png.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { MOUSE_CSV, downloadOf, expect, mapMice, parseCsv, runFit, screenshot, test } from './fixtures';

const SKFR = fileURLToPath(new URL('../../cli/bin/skfr.js', import.meta.url));

/** Waits until the exploration has settled: the full fit is on the screen, nothing pending. */
async function settled(page: Page): Promise<void> {
  const panel = page.getByTestId('explore-panel');
  await expect(panel).toHaveAttribute('data-phase', 'idle', { timeout: 60_000 });
  await expect(panel).toHaveAttribute('data-preview', 'false');
}

/**
 * What the screen shows for s: the summary, the protein list, the heatmap's columns (drawn once scrolled into view,
 * under the sliders, which stay in view), the command.
 */
async function expectS(page: Page, s: number): Promise<void> {
  await expect(page.getByTestId('explore-s-value')).toHaveAttribute('data-s', String(s));
  await expect(page.getByTestId('summary-Features kept (s)')).toHaveText(String(s));
  await expect(page.getByTestId('feature-name')).toHaveCount(s);
  const heatmap = page.getByTestId('sample-heatmap');
  await expect(heatmap).toHaveAttribute('data-columns', String(s));
  await heatmap.scrollIntoViewIfNeeded();
  await expect(heatmap).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('explore-panel')).toBeInViewport();
  await expect(page.getByTestId('reproduce-command')).toContainText(`--s ${s} `);
}

test('mouse CSV: the s slider re-fits live; the list, heatmap and command follow; quick changes end on the last; exports and the session say s = 30', async ({ page, context }) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'skfr-e2e-explore-'));
  await mapMice(page);
  await runFit(page, 8, 24, 'class');
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await expect(page.getByTestId('explore-panel')).toBeVisible();
  await expectS(page, 24);
  const at24 = (await page.getByTestId('feature-name').allTextContents()).map((t) => t.trim());

  // (1) Six quick clicks on "+": 24 → 30. A preview may show on the way; what stays is the full fit at 30.
  for (let i = 0; i < 6; i++) await page.getByTestId('explore-s-plus').click();
  await expect(page.getByTestId('explore-s-value')).toHaveAttribute('data-s', '30');
  await screenshot(page, 'explore-preview');
  await settled(page);
  await expectS(page, 30);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  const at30 = (await page.getByTestId('feature-name').allTextContents()).map((t) => t.trim());
  // The 24 proteins of s = 24 are not simply the list again: the fit is new (six more proteins at least).
  expect(at30).not.toEqual(at24);
  expect(new Set(at30).size).toBe(30);
  await screenshot(page, 'explore-s30-heatmap');
  // The PCA and the contingency table of the new fit are drawn when seen.
  for (const id of ['pca-chart', 'contingency-chart']) {
    await page.getByTestId(id).scrollIntoViewIfNeeded();
    await expect(page.getByTestId(id)).toHaveAttribute('data-ready', 'true');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'explore-s30');

  // (3) Exports at s = 30: the samples, the HTML report, the saved analysis, the command.
  const samples = await downloadOf(page, 'export-samples');
  expect(samples.name).toBe('mice_protein_SKFR1_k8_s30_samples.csv');
  const rows = parseCsv(samples.bytes.toString('utf8'));
  expect(rows).toHaveLength(1081);
  const report = await downloadOf(page, 'export-report-html');
  expect(report.name).toBe('mice_protein_SKFR1_k8_s30_report.html');
  const html = report.bytes.toString('utf8');
  expect(html).toContain('--s 30 ');
  expect(html).not.toContain('--s 24 ');
  const saved = await downloadOf(page, 'save-analysis');
  expect(saved.name).toBe('mice_protein_SKFR1_k8_s30.skfr');
  const session = JSON.parse(saved.bytes.toString('utf8')) as { settings: { s: number; k: number }; result: { s: number; command: string } };
  expect(session.settings).toMatchObject({ s: 30, k: 8 });
  expect(session.result.s).toBe(30);
  expect(session.result.command).toContain('--s 30 ');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('copy-command').click();
  await expect(page.getByTestId('copy-outcome')).toHaveText(/^(Copied|Selected: press Ctrl\+C to copy\.)$/);
  const command = ((await page.getByTestId('reproduce-command').textContent()) ?? '').trim();
  const copied = (await page.getByTestId('copy-outcome').textContent()) === 'Copied'
    ? await page.evaluate(() => navigator.clipboard.readText())
    : await page.evaluate(() => window.getSelection()?.toString() ?? '');
  expect(copied).toBe(command);
  expect(command).toContain('--k 8 --s 30 ');
  // `skfr rerun` of the saved analysis, with the data beside it: the same clusters and proteins.
  const skfrFile = join(dir, saved.name);
  writeFileSync(skfrFile, saved.bytes);
  const rerun = execFileSync('node', [SKFR, 'rerun', skfrFile, '--data', MOUSE_CSV], { cwd: dirname(MOUSE_CSV), encoding: 'utf8' });
  expect(rerun).toContain('identical: 1 080 samples, same clusters, same proteins');
  // The command itself gives the exported labels.
  const json = JSON.parse(execFileSync('bash', ['-c', `node ${JSON.stringify(SKFR)} ${command.slice('skfr '.length)} --json`], {
    cwd: dirname(MOUSE_CSV),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })) as { labels: number[]; selectedFeatures: string[] };
  const clusterAt = rows[0]!.indexOf('cluster');
  expect(clusterAt).toBeGreaterThan(0);
  expect(json.labels).toEqual(rows.slice(1).map((r) => Number(r[clusterAt])));
  expect(json.selectedFeatures).toEqual(at30);

  // (2) A quick run of slider positions ends on the last one asked for.
  const slider = page.getByTestId('explore-s');
  for (const s of [10, 50, 12, 33]) await slider.fill(String(s));
  await settled(page);
  await expectS(page, 33);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);

  // (4) k follows its slider: three clicks on "−" from 8 end on 5 clusters at s = 33.
  for (let i = 0; i < 3; i++) await page.getByTestId('explore-k-minus').click();
  await settled(page);
  await expect(page.getByTestId('summary-Clusters (k)')).toHaveText('5');
  await expect(page.getByTestId('summary-Cluster sizes')).toHaveText(/^\d+( · \d+){4}$/);
  await expect(page.getByTestId('reproduce-command')).toContainText('--k 5 --s 33 ');
  await expectS(page, 33);
  await screenshot(page, 'explore-k');
});
