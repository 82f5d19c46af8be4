/**
 * Issue 25's acceptance for the given files, in the browser build: every data file of ../shared/data/real/ (read
 * from there, never copied) is opened through the real UI — with its sample table where it has one — and gives
 * the samples `skfr cluster` gives for the same file: the same count and the same names, in the same order (the
 * samples CSV of a small fit against `skfr cluster … --json` run by the built CLI). The recognised line, the
 * notes and the flagged rows are checked where the file has something to say. Screenshots of the Import screen:
 * test-results/given-<file>.png.
 *
 * Not opened alone: the sample tables (maxquant_lfq_experimental_design.txt, diann_metadata.csv,
 * pd24_ups1_yeast_InputFiles.txt, olink_npx_data1_meta.csv: attached to their data) and
 * paw_tmt_ups2_mouse_two_sites_levels.xlsx (the author's notes on the channels, no table of measurements; the
 * label row inside the PAW summary names its samples).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { SCREENSHOTS, downloadOf, expect, openFile, parseCsv, runFit, settled, test } from './fixtures';

const REAL = fileURLToPath(new URL('../../../shared/data/real/', import.meta.url));
const SKFR = fileURLToPath(new URL('../../cli/bin/skfr.js', import.meta.url));

interface Case {
  file: string;
  /** The sample table: a file of the folder, or a sheet of the same workbook. */
  design?: { file: string } | { sheet: string };
  /** The recognised line on the Import screen. */
  description: RegExp;
  samples: number;
  /** The first sample names, as written by hand from the file. */
  first: string[];
  /** What else the Import screen must say (notes, flagged rows). */
  more?: (page: Page) => Promise<void>;
  /** Flags the CLI needs to make the choice the Import screen makes by itself. */
  cli?: string[];
}

const CASES: Case[] = [
  {
    file: 'maxquant_lfq_proteinGroups.txt', design: { file: 'maxquant_lfq_experimental_design.txt' },
    description: /^MaxQuant proteinGroups, LFQ intensity, 15 samples × [\d\s]+ protein groups$/, samples: 15, first: ['H1', 'H2', 'H3'],
    more: async (page) => {
      await expect(page.getByTestId('flag-count-decoy')).toHaveText(/^[\d\s]+ removed$/);
      await expect(page.getByTestId('design-join')).toContainText('matched 12 of 15 samples');
    },
  },
  {
    file: 'diann_report.pg_matrix.tsv', design: { file: 'diann_metadata.csv' },
    description: /^DIA-NN protein-group matrix, .*12 samples × [\d\s]+ protein groups$/, samples: 12, first: ['20240709_Ast_Neo_Aurora_'],
  },
  { file: 'fragpipe_combined_protein.tsv', description: /^FragPipe combined_protein, MaxLFQ Intensity, 6 samples/, samples: 6, first: ['control_1', 'control_2'] },
  { file: 'perseus_matrix.txt', description: /^Perseus matrix, expression columns, 18 samples/, samples: 18, first: ['RA3', 'RA4', 'RA8'] },
  {
    file: 'supplement_tam2020_elife.xlsx', design: { sheet: 'Sample information' },
    description: /66 samples/, samples: 66, first: [],
  },
  {
    // One sample per row: the Import screen and `skfr cluster` (without --id-column) both take MouseID as the
    // sample id, the unique text column named like an id (core/request/sample-id.ts).
    file: 'Data_Cortex_Nuclear.xls', description: /1 080 samples × 77 features/, samples: 1080, first: ['309_1', '309_2'],
  },
  {
    // PD 2.4, named by its Input Files table through `File ID` (F1 → D:\…\UPS1_50amol_R1.raw → UPS1_50amol_R1).
    file: 'pd24_ups1_yeast_Proteins.txt', design: { file: 'pd24_ups1_yeast_InputFiles.txt' },
    description: /^Proteome Discoverer proteins, Abundances \(Normalized\), 27 samples/, samples: 27, first: ['UPS1_50amol_R1', 'UPS1_50amol_R2', 'UPS1_50amol_R3', 'UPS1_125amol_R1'],
    more: async (page) => {
      await expect(page.getByTestId('flag-count-contaminant')).toHaveText(/^[\d\s]+ removed$/);
      await expect(page.getByTestId('design-join')).toContainText('of 27 samples');
    },
  },
  {
    // Columns in lexical order, as MaxQuant wrote them: 12500amol before 125amol.
    file: 'maxquant_ups1_yeast_proteinGroups.txt', description: /^MaxQuant proteinGroups, LFQ intensity, 27 samples/, samples: 27,
    first: ['12500amol_1', '12500amol_2', '12500amol_3', '125amol_1'],
  },
  {
    // PAW TMT: the label row above the header names the samples; 131C is “unused” at both sites.
    file: 'paw_tmt_ups2_mouse_two_sites.txt', description: /^PAW protein summary, TotInt, 20 samples/, samples: 20, first: ['BGS-S4-1'],
    more: async (page) => {
      await expect(page.getByTestId('import-screen')).toContainText('are labelled “unused” in row 4: not samples, left out.');
      await expect(page.getByTestId('import-screen')).toContainText('The samples are named by the labels in row 4 above the header');
      await expect(page.getByTestId('flag-count-decoy')).toHaveText(/^[\d\s]+ removed$/);
    },
  },
  { file: 'gct13_medulloblastoma_proteome.gct', description: /^GCT 1\.3, Values, 45 samples × 888 rows$/, samples: 45, first: ['MB278_GR3'] },
  { file: 'somascan_example_data10.adat', description: /^SomaScan ADAT, RFU, 9 samples × 5 284 analytes$/, samples: 9, first: ['1', '2', '3'] },
  {
    file: 'olink_npx_data1.xlsx', design: { file: 'olink_npx_data1_meta.csv' },
    description: /^Olink NPX wide workbook, NPX, 156 samples × 184 assays$/, samples: 156, first: ['A1'],
  },
];

/** Files of the folder that are sample tables or notes, attached to their data rather than opened alone. */
const NOT_OPENED_ALONE = ['README.md', 'maxquant_lfq_experimental_design.txt', 'diann_metadata.csv', 'pd24_ups1_yeast_InputFiles.txt', 'olink_npx_data1_meta.csv', 'paw_tmt_ups2_mouse_two_sites_levels.xlsx'];

test('every data file of the folder has a case here', () => {
  const files = readdirSync(REAL).filter((f) => !NOT_OPENED_ALONE.includes(f)).sort();
  expect(files).toEqual(CASES.map((c) => c.file).sort());
});

/** `skfr cluster FILE [--design …] --json` by the built CLI, in the data folder: its sample ids. */
function cliSamples(c: Case): string[] {
  const design = !c.design ? [] : 'file' in c.design ? ['--design', c.design.file] : ['--design', `${c.file}:${c.design.sheet}`];
  const out = execFileSync('node', [SKFR, 'cluster', c.file, ...design, ...(c.cli ?? []), '--k', '2', '--s', '5', '--restarts', '1', '--json'], {
    cwd: REAL,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'], // (its warnings are the Import screen's notes, checked there)
    maxBuffer: 256 * 1024 * 1024,
  });
  return (JSON.parse(out) as { sampleIds: string[] }).sampleIds;
}

for (const c of CASES) {
  test(`${c.file}: ${c.samples} samples, named as skfr names them`, async ({ page }) => {
    test.setTimeout(360_000);
    await page.goto('/');
    await openFile(page, `${REAL}${c.file}`);
    await expect(page.getByTestId('layout-description')).toHaveText(c.description, { timeout: 90_000 });
    if (c.design) {
      if ('file' in c.design) await page.getByTestId('design-file-input').setInputFiles(`${REAL}${c.design.file}`);
      else await page.getByTestId('design-sheet').selectOption(c.design.sheet);
      await expect(page.getByTestId('design-join')).toContainText('matched');
    }
    const count = c.samples.toLocaleString('en').replace(/,/g, ' ');
    await settled(page, new RegExp(`^${count} samples × [\\d\\s]+ features`));
    await c.more?.(page);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOTS}given-${c.file}.png`, fullPage: true });

    await runFit(page, 2, 5, null);
    const rows = parseCsv((await downloadOf(page, 'export-samples')).bytes.toString('utf8'));
    const ids = rows.slice(1).map((r) => r[0]!);
    expect(ids).toHaveLength(c.samples);
    expect(new Set(ids).size).toBe(c.samples);
    c.first.forEach((name, i) => expect(ids[i]!.startsWith(name), `${ids[i]} starts with ${name}`).toBe(true));
    expect(ids).toEqual(cliSamples(c));
  });
}
