/**
 * Issue 16, the report in one file and readable at real sizes.
 *
 * 1. The mouse run (k = 8, s = 24, class 'class') → "Save report (HTML)" → the page opened in Chromium with the
 *    network off (every request other than file: and data: aborted, and none made at all): every section is
 *    there (input, preparation, parameters, command, warnings, clusters, metrics with the contingency heatmap,
 *    the 24 ranked proteins, the charts as inline SVG); the command it holds, run by the built `skfr` in the data
 *    folder, gives the labels of the exported samples. Screenshot of its first page: test-results/report.png.
 * 2. The control mice (Genotype = Control), k = 49, s = 24: the contingency heatmap gets a row per cluster, every
 *    cluster and class named. Screenshot: test-results/contingency-k49.png.
 * 3. Proteins with 60-character names: the ranked list keeps every column in view (names cut with "…", the full
 *    name on hover). Screenshot: test-results/long-names.png.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MOUSE_ANNOTATIONS, MOUSE_CSV, SCREENSHOTS, downloadOf, expect, mapMice, mappingLine, openFile, parseCsv, runFit, setField, test } from './fixtures';
import type { Page } from '@playwright/test';

const SKFR = fileURLToPath(new URL('../../cli/bin/skfr.js', import.meta.url));
const SECTIONS = ['input', 'preparation', 'parameters', 'command', 'warnings', 'clusters', 'metrics', 'proteins', 'charts'];

/** A screenshot of a chart panel, whole and clear of the page's sticky header (a window tall enough, the panel at its bottom). */
async function shoot(page: Page, testId: string, name: string): Promise<void> {
  const panel = page.getByTestId(testId);
  const height = (await panel.boundingBox())!.height;
  await page.setViewportSize({ width: 1280, height: Math.ceil(height) + 200 });
  await panel.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, clip: (await panel.boundingBox())! });
}

test('the HTML report of the mouse run: offline, every section, and its command gives the same labels', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await mapMice(page, MOUSE_ANNOTATIONS);
  await runFit(page, 8, 24, 'class');
  const selected = (await page.getByTestId('feature-name').allTextContents()).map((t) => t.trim());
  expect(selected).toHaveLength(24);

  await page.getByTestId('format-csv').check();
  const samples = parseCsv((await downloadOf(page, 'export-samples')).bytes.toString('utf8'));
  const clusterAt = samples[0]!.indexOf('cluster');
  const exported = samples.slice(1).map((r) => ({ id: r[0]!, cluster: Number(r[clusterAt]) }));
  expect(exported).toHaveLength(1080);

  const report = await downloadOf(page, 'export-report-html');
  expect(report.name).toMatch(/\.html$/);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = `${SCREENSHOTS}mice-report.html`;
  writeFileSync(file, report.bytes);
  await expect(page.getByTestId('export-panel')).toContainText(report.name);

  // The page, offline: nothing but the file itself (and inline data) may load, and nothing else is even asked for.
  const context = await browser.newContext({ viewport: { width: 900, height: 1270 }, offline: true });
  const requests: string[] = [];
  const aborted: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:') || url.startsWith('data:')) return route.continue();
    aborted.push(url);
    return route.abort();
  });
  const offline = await context.newPage();
  const errors: string[] = [];
  offline.on('request', (r) => requests.push(r.url()));
  offline.on('pageerror', (e) => errors.push(e.message));
  offline.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const url = pathToFileURL(file).href;
  await offline.goto(url);
  expect(requests.filter((r) => r !== url && !r.startsWith('data:')), 'requests that left the page').toEqual([]);
  expect(aborted).toEqual([]);
  expect(errors).toEqual([]);

  for (const id of SECTIONS) await expect(offline.locator(`section#${id}`), id).toBeVisible();
  await expect(offline.locator('h1')).toContainText('mice_protein.csv');
  await expect(offline.locator('#input')).toContainText(/SHA-256\s*[0-9a-f]{64}/);
  await expect(offline.locator('#input')).toContainText('one sample per row');
  await expect(offline.locator('#parameters')).toContainText(/Seed\s*1/);
  await expect(offline.locator('#metrics')).toContainText('Adjusted Rand index');
  await expect(offline.locator('#metrics svg')).toHaveCount(1);
  await expect(offline.locator('#clusters .members')).toHaveCount(8);
  const listed = await offline.locator('#proteins table').first().locator('tbody tr td:nth-child(2)').allTextContents();
  expect(listed).toEqual(selected);
  expect(await offline.locator('#charts figure.chart > svg').count()).toBeGreaterThanOrEqual(4);
  expect(await offline.locator('script').count()).toBe(0);
  await offline.screenshot({ path: `${SCREENSHOTS}report.png` });

  // The command it holds, run by the built CLI in the data folder: the labels of the exported samples.
  const command = ((await offline.locator('#command code').textContent()) ?? '').trim();
  expect(command).toMatch(/^skfr cluster mice_protein\.csv /);
  const out = execFileSync('bash', ['-c', `node ${JSON.stringify(SKFR)} ${command.slice('skfr '.length)} --json`], {
    cwd: dirname(MOUSE_CSV),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const json = JSON.parse(out) as { sampleIds: string[]; labels: number[]; selectedFeatures: string[] };
  expect(json.sampleIds).toEqual(exported.map((r) => r.id));
  expect(json.labels).toEqual(exported.map((r) => r.cluster));
  expect(json.selectedFeatures).toEqual(selected);
  await context.close();
});

test('the contingency heatmap at k = 49 on the control mice: a row per cluster, every label shown', async ({ page }) => {
  test.setTimeout(240_000);
  await mapMice(page, MOUSE_ANNOTATIONS);
  await page.getByTestId('add-filter').selectOption('Genotype');
  await page.locator('[data-testid=row-filter][data-column=Genotype]').getByLabel('Ts65Dn').uncheck();
  await expect.poll(() => mappingLine(page)).toMatch(/^570 samples × 77 features/);
  await runFit(page, 49, 24, 'class');
  const chart = page.getByTestId('contingency-chart');
  await expect(chart).toHaveAttribute('data-ready', 'true');
  // Rows of at least 14 px for 49 clusters.
  expect((await chart.locator('.chart-box').boundingBox())!.height).toBeGreaterThanOrEqual(49 * 14);
  await shoot(page, 'contingency-chart', 'contingency-k49');
  // The center heatmap at k = 49 as well (a column per cluster, a row per protein).
  await expect(page.getByTestId('centers-chart')).toHaveAttribute('data-ready', 'true');
  await shoot(page, 'centers-chart', 'centers-k49');
});

test('the ranked list with 60-character protein names keeps every column in view', async ({ page }) => {
  // 60 samples × 30 proteins in 3 groups, the proteins named like long protein groups.
  const names = Array.from({ length: 30 }, (_, l) => `P${10000 + l};Q9${l}ABC;A0A0${l}B4J2;PROTEIN_GROUP_${l}`.padEnd(60, 'X'));
  const lines = [['sample', ...names].join(',')];
  for (let i = 0; i < 60; i++) lines.push([`s${i + 1}`, ...names.map((_, l) => ((i % 3) * (l < 10 ? 2 : 0) + Math.sin(i * 7 + l * 3)).toFixed(4))].join(','));
  await page.goto('/');
  await openFile(page, { name: 'long-names.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') });
  await expect.poll(() => mappingLine(page)).toMatch(/^60 samples × 30 features/);
  await page.getByTestId('to-configure').click();
  await setField(page, 'k', '3');
  await page.getByTestId('s-mode-fixed').check();
  await setField(page, 's', '10');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 280_000 });
  const panel = page.getByTestId('feature-panel');
  const right = (await panel.boundingBox())!;
  for (const header of await panel.locator('thead th').all()) {
    const box = (await header.boundingBox())!;
    expect(box.x + box.width, `${await header.textContent()} is in view`).toBeLessThanOrEqual(right.x + right.width + 0.5);
  }
  const first = panel.getByTestId('feature-name').first();
  await expect(first).toHaveAttribute('title', /^P100\d\d;.*X$/);
  await panel.screenshot({ path: `${SCREENSHOTS}long-names.png` });
  // The center heatmap shortens the names at its axis and shows the whole name there under the pointer.
  const centers = page.getByTestId('centers-chart');
  await expect(centers).toHaveAttribute('data-ready', 'true');
  const box = centers.locator('.chart-box');
  await box.scrollIntoViewIfNeeded();
  const area = (await box.boundingBox())!;
  await page.mouse.move(area.x + area.width * 0.6, area.y + 60, { steps: 5 });
  await page.waitForTimeout(300);
  await centers.screenshot({ path: `${SCREENSHOTS}long-names-centers.png` });
});
