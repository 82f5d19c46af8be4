/**
 * The app and `skfr` agree on every real file: each file of ../shared/data/real/ is opened in the browser build
 * with the proposed preparation (and its sample table where it has one), fitted, and its samples exported; then
 * the command the Results screen shows ("Reproduce with the command line") is run by the built CLI in the
 * folder holding the files, with --json. Same sample ids, same clusters, same selected proteins — the issue's
 * "same samples, features and labels in both", and "a UI session, then its command, gives the same labels".
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { downloadOf, expect, mappingLine, openFile, parseCsv, setField, test } from './fixtures';

const REAL = fileURLToPath(new URL('../../../shared/data/real/', import.meta.url));
const SKFR = fileURLToPath(new URL('../../cli/bin/skfr.js', import.meta.url));

interface Case {
  file: string;
  /** How the sample table is attached: a file of the folder, a sheet of the same workbook, or found in the file. */
  design?: { file: string } | { sheet: string };
  k: number;
  s: number;
  classColumn: string | null;
}

const CASES: Case[] = [
  { file: 'maxquant_lfq_proteinGroups.txt', design: { file: 'maxquant_lfq_experimental_design.txt' }, k: 3, s: 10, classColumn: 'condition' },
  { file: 'diann_report.pg_matrix.tsv', design: { file: 'diann_metadata.csv' }, k: 3, s: 10, classColumn: 'Gigaseal_Status' },
  { file: 'fragpipe_combined_protein.tsv', k: 2, s: 10, classColumn: null },
  { file: 'perseus_matrix.txt', k: 3, s: 10, classColumn: 'heart chamber' },
  { file: 'supplement_tam2020_elife.xlsx', design: { sheet: 'Sample information' }, k: 3, s: 10, classColumn: 'Age-group' },
  { file: 'Data_Cortex_Nuclear.xls', k: 8, s: 24, classColumn: 'class' },
];

/** Run a reproduce command (a POSIX shell line starting with `skfr`) with the built CLI, in the data folder. */
function runCommand(command: string): { sampleIds: string[]; labels: number[]; selectedFeatures: string[] } {
  expect(command).toMatch(/^skfr cluster /);
  const line = `node ${JSON.stringify(SKFR)} ${command.slice('skfr '.length)} --json`;
  const out = execFileSync('bash', ['-c', line], { cwd: REAL, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(out) as { sampleIds: string[]; labels: number[]; selectedFeatures: string[] };
}

async function attachDesign(page: Page, design: Case['design']): Promise<void> {
  if (!design) return;
  if ('file' in design) await page.getByTestId('design-file-input').setInputFiles(`${REAL}${design.file}`);
  else await page.getByTestId('design-sheet').selectOption(design.sheet);
  await expect(page.getByTestId('design-join')).toContainText('matched');
}

for (const c of CASES) {
  test(`app and skfr agree on ${c.file}: same samples, clusters and proteins from the command the app shows`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    await openFile(page, `${REAL}${c.file}`);
    await expect.poll(() => mappingLine(page), { timeout: 60_000 }).toMatch(/^[\d\s]+ samples × [\d\s]+ features/);
    await attachDesign(page, c.design);
    await expect.poll(() => mappingLine(page), { timeout: 60_000 }).toMatch(/^[\d\s]+ samples × [\d\s]+ features/);
    await page.getByTestId('to-configure').click();
    if (c.classColumn !== null) await page.getByTestId('class-column').selectOption(c.classColumn);
    await setField(page, 'k', String(c.k));
    await setField(page, 's', String(c.s));
    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 280_000 });
    const command = (await page.getByTestId('reproduce-command').innerText()).replace(/\s*\n\s*/g, ' ').trim();
    const download = await downloadOf(page, 'export-samples');
    const rows = parseCsv(download.bytes.toString('utf8'));
    const header = rows[0]!;
    const id = 0; // the sample ids come first, under the id column's own name (`sample` for samples read from columns)
    const cluster = header.indexOf('cluster');
    const uiIds = rows.slice(1).map((r) => r[id]!);
    const uiLabels = rows.slice(1).map((r) => Number(r[cluster]));
    await page.getByTestId('selected-only')?.check().catch(() => undefined);
    const uiFeatures = await page.getByTestId('feature-name').allTextContents();

    const cli = runCommand(command);
    expect(cli.sampleIds).toEqual(uiIds);
    expect(cli.labels).toEqual(uiLabels);
    expect(uiFeatures.slice(0, c.s)).toEqual(cli.selectedFeatures.slice(0, c.s));
  });
}
