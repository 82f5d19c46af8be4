/**
 * Issue 10, the CLI half of the acceptance: every real file of ../shared/data/real goes through the built `skfr`
 * (`node cli/bin/skfr.js cluster … --json`, a child process, as a user runs it) with no editing outside, the
 * layout recognised by itself, the sample tables attached; the counts are checked against the files themselves
 * (split by hand here). Plus the four bad inputs (one sentence, exit code 2, nothing written) and a layout the
 * code has never seen, mapped with the flags.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltCli } from './built-cli.js';
import { micePath, repoRoot, tempDir, type CliJson } from './helpers.js';

const real = (name: string) => fileURLToPath(new URL(`../../../shared/data/real/${name}`, import.meta.url));
const bin = join(repoRoot, 'cli', 'bin', 'skfr.js');
const tmp = tempDir('skfr-real-');
afterAll(tmp.cleanup);
const at = (name: string) => join(tmp.dir, name);

beforeAll(ensureBuiltCli, 180_000);

const run = (args: string[]) => spawnSync(process.execPath, [bin, 'cluster', ...args], { cwd: tmp.dir, encoding: 'utf8', timeout: 280_000 });

function json(args: string[]): CliJson {
  const result = run([...args, '--json']);
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as CliJson;
}

/** A tab-separated file split by hand (these files quote nothing): header and rows, CRLF or LF. */
function tsv(path: string): { header: string[]; rows: string[][] } {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/).filter((line) => line.length > 0);
  return { header: lines[0]!.split('\t'), rows: lines.slice(1).map((line) => line.split('\t')) };
}

const first = (cell: string | undefined) => (cell ?? '').split(';')[0]!.trim();
const step = (json: CliJson, kind: string, flag?: string) =>
  json.preparation.find((s: { step: string; label: string }) => s.step === kind && (flag === undefined || s.label.startsWith(flag)));

/** Common to every run: the analysis sees exactly the features it names, and the selected ones are among them. */
function expectConsistent(json: CliJson) {
  expect(json.featureLabels).toHaveLength(json.p);
  expect(new Set(json.featureLabels).size).toBe(json.p);
  expect(Object.keys(json.featureScores)).toEqual(json.featureLabels);
  for (const name of json.selectedFeatures) expect(json.featureLabels).toContain(name);
  expect(json.sampleIds).toHaveLength(json.n);
  expect(json.labels).toHaveLength(json.n);
  for (const values of Object.values(json.annotations) as unknown[][]) expect(values).toHaveLength(json.n);
  expect(json.preparation[0].step).toBe('read');
}

describe('skfr cluster on the real files, as they are', () => {
  it('MaxQuant proteinGroups + experimental design: clean samples, the conditions attached (H5, L5, N5 without a row), flagged rows out as counted by hand', () => {
    const file = real('maxquant_lfq_proteinGroups.txt');
    const out = json([file, '--design', real('maxquant_lfq_experimental_design.txt'), '--class-column', 'condition', '--k', '3', '--s', '10']);
    expect(out.format).toBe('maxquant');
    expect(out.quantity).toBe('LFQ intensity');
    expect(out.sheet).toBeNull();
    expect(out.n).toBe(15);
    expect(out.sampleIds).toEqual(['H', 'L', 'N'].flatMap((g) => [1, 2, 3, 4, 5].map((i) => `${g}${i}`)));
    expect(out.design.samplesWithoutRow).toEqual(['H5', 'L5', 'N5']);
    expect(out.design.matched).toBe(12);
    expect(out.annotations.condition).toEqual(['CD34High', 'CD34Low', 'CD34Neg'].flatMap((c) => [c, c, c, c, null]));
    expect(out.metrics).not.toBeNull();
    expectConsistent(out);

    // By hand: decoys (Reverse = + or REV__), then contaminants (Potential contaminant = + or CON__), then site-only.
    const { header, rows } = tsv(file);
    const col = (name: string) => header.indexOf(name);
    const [reverse, contaminant, site, ids, genes] = ['Reverse', 'Potential contaminant', 'Only identified by site', 'Majority protein IDs', 'Gene names'].map(col);
    const lfq = header.map((name, i) => (name.startsWith('LFQ intensity ') ? i : -1)).filter((i) => i >= 0);
    expect(lfq).toHaveLength(15);
    const plusReverse = rows.filter((r) => r[reverse!] === '+').length;
    expect(plusReverse).toBeGreaterThan(0);
    const isDecoy = (r: string[]) => r[reverse!] === '+' || first(r[ids!]).startsWith('REV__');
    const isContaminant = (r: string[]) => !isDecoy(r) && (r[contaminant!] === '+' || first(r[ids!]).startsWith('CON__'));
    const isSite = (r: string[]) => !isDecoy(r) && !isContaminant(r) && r[site!] === '+';
    expect(out.preparation[0].count).toBe(rows.length);
    expect(step(out, 'remove-flagged', 'Decoys').count).toBe(plusReverse);
    expect(step(out, 'remove-flagged', 'Decoys').count).toBe(rows.filter(isDecoy).length);
    expect(step(out, 'remove-flagged', 'Contaminants').count).toBe(rows.filter(isContaminant).length);
    expect(step(out, 'remove-flagged', 'Proteins only').count).toBe(rows.filter(isSite).length);
    const kept = rows.filter((r) => !isDecoy(r) && !isContaminant(r) && !isSite(r));
    const zeros = kept.reduce((sum, r) => sum + lfq.filter((i) => Number(r[i]) === 0).length, 0);
    expect(step(out, 'zeros-missing').count).toBe(zeros);
    // The proposed preparation (issue 11): log2, then at least 70 % values (3 of the 4 samples with a row in the
    // design) in at least one condition; H5, L5, N5 have no condition and count in no group.
    // Last, the scale (issue 24): log2 intensities on one scale, centred only.
    expect(out.recipe.steps.map((s: { kind: string }) => s.kind)).toEqual(['remove-flagged', 'remove-flagged', 'remove-flagged', 'zeros-missing', 'transform', 'min-valid', 'scale']);
    const valid = (r: string[], group: string) => [1, 2, 3, 4].filter((i) => Number(r[header.indexOf(`LFQ intensity ${group}${i}`)]) > 0).length;
    const passes = kept.filter((r) => ['H', 'L', 'N'].some((group) => valid(r, group) >= 3)).length;
    expect(step(out, 'min-valid').count).toBe(kept.length - passes);
    expect(step(out, 'empty-features')).toBeUndefined();
    expect(out.p).toBe(passes);

    // No decoy or contaminant among the fitted features: no REV__/CON__ label, and no label only a flagged row has.
    const labelOf = (r: string[]) => first(r[genes!]) || first(r[ids!]);
    const keptLabels = new Set(kept.map(labelOf));
    const flaggedOnly = rows.filter((r) => isDecoy(r) || isContaminant(r)).map(labelOf).filter((label) => !keptLabels.has(label));
    expect(flaggedOnly.length).toBeGreaterThan(0);
    for (const label of out.featureLabels as string[]) {
      expect(label).not.toMatch(/REV__|CON__/);
      expect(flaggedOnly).not.toContain(label);
    }
  });

  it('DIA-NN pg_matrix + metadata: runs named by their file names, Gigaseal_Status as the class', () => {
    const file = real('diann_report.pg_matrix.tsv');
    const out = json([file, '--design', real('diann_metadata.csv'), '--class-column', 'Gigaseal_Status', '--k', '2', '--s', '10']);
    expect(out.format).toBe('diann');
    expect(out.n).toBe(12);
    const { header, rows } = tsv(file);
    const runs = header.filter((name) => name.includes('/'));
    expect(runs).toHaveLength(12);
    expect(out.sampleIds).toEqual(runs.map((path) => path.split('/').pop()!.replace(/\.raw\.dia$/, '')));
    for (const id of out.sampleIds) expect(id).not.toMatch(/[\\/]|\.raw|\.dia/);
    expect(out.design.matched).toBe(12);
    expect(out.design.samplesWithoutRow).toEqual([]);
    expect(out.annotations.Gigaseal_Status.every((v: string | null) => v !== null)).toBe(true);
    expect(out.metrics).not.toBeNull();
    expect(out.preparation[0].count).toBe(rows.length);
    expectConsistent(out);
  });

  it('FragPipe combined_protein: MaxLFQ intensities, zeros missing, samples without the suffix', () => {
    const file = real('fragpipe_combined_protein.tsv');
    const out = json([file, '--k', '2', '--s', '10']);
    expect(out.format).toBe('fragpipe');
    expect(out.quantity).toBe('MaxLFQ Intensity');
    const { header, rows } = tsv(file);
    const samples = header.filter((name) => name.endsWith(' MaxLFQ Intensity'));
    expect(out.n).toBe(samples.length);
    expect(out.sampleIds).toEqual(samples.map((name) => name.slice(0, -' MaxLFQ Intensity'.length)));
    const index = samples.map((name) => header.indexOf(name));
    expect(step(out, 'zeros-missing').count).toBe(rows.reduce((sum, r) => sum + index.filter((i) => Number(r[i]) === 0).length, 0));
    for (const label of out.featureLabels as string[]) expect(label).not.toMatch(/^(rev_|contam_)/);
    expectConsistent(out);
  });

  it('Perseus matrix: the E columns are the samples, the category rows their annotations (“heart region” as the class)', () => {
    const file = real('perseus_matrix.txt');
    const out = json([file, '--class-column', 'heart region', '--k', '2', '--s', '10']);
    expect(out.format).toBe('perseus');
    const { header, rows } = tsv(file);
    const typeRow = rows.find((r) => r[0]!.startsWith('#!{Type}'))!;
    const types = [typeRow[0]!.slice('#!{Type}'.length), ...typeRow.slice(1)];
    const samples = header.filter((_, i) => types[i] === 'E');
    expect(samples).toHaveLength(18);
    expect(out.n).toBe(18);
    expect(out.sampleIds).toEqual(samples);
    expect(out.design.matched).toBe(18);
    expect(out.annotations['heart region']).toEqual(['RA', 'LA', 'SepA', 'RV', 'LV', 'SepV'].flatMap((r) => [r, r, r]));
    expect(out.annotations['heart chamber']).toHaveLength(18);
    expect(out.metrics).not.toBeNull();
    expect(out.preparation[0].count).toBe(rows.filter((r) => !r[0]!.startsWith('#!{')).length);
    expectConsistent(out);
  });

  it('the eLife supplement: title row skipped, “Raw data” read from row 2, its “Sample information” sheet attached', () => {
    const file = real('supplement_tam2020_elife.xlsx');
    const out = json([file, '--sheet', 'Raw data', '--design', `${file}:Sample information`, '--k', '3', '--s', '10']);
    expect(out.sheet).toBe('Raw data');
    expect(out.headerRow).toBe(2);
    expect(out.n).toBe(66);
    for (const id of out.sampleIds) expect(id).not.toMatch(/^(LFQ intensity|T: |Column \d)/);
    expect(out.design.source).toContain('Sample information');
    expect(out.design.matched).toBe(66);
    expect(out.design.samplesWithoutRow).toEqual([]);
    expect(Object.keys(out.annotations).length).toBeGreaterThan(1);
    for (const label of out.featureLabels as string[]) expect(label).not.toMatch(/REV__|CON__/);
    expectConsistent(out);
  });

  it('the mouse workbook (.xls, samples as rows): read as before, the same samples as the CSV', () => {
    const out = json([real('Data_Cortex_Nuclear.xls'), '--id-column', 'MouseID', '--class-column', 'class', '--k', '8', '--s', '24']);
    expect(out.format).toBe('table');
    expect(out.quantity).toBeNull();
    expect([out.n, out.p]).toEqual([1080, 77]);
    const csv = readFileSync(micePath, 'utf8').split('\n').filter((line) => line.length > 0);
    expect(out.sampleIds).toEqual(csv.slice(1).map((line) => line.split(',')[0]));
    expect(out.featureLabels).toEqual(csv[0]!.split(',').slice(1, 78));
    expect(out.annotations.class).toHaveLength(1080);
    expect(out.design).toBeNull();
    expect(out.preparation).toEqual([
      { step: 'read', label: 'Rows read', count: 1080 },
      { step: 'scale', label: 'Features centred and scaled to unit variance (one sample per row: features in their own units)', count: 77 },
    ]);
    expect(out.metrics).not.toBeNull();
    expectConsistent(out);
  }, 300_000);

  it('Proteome Discoverer 2.4 proteins: 27 samples F1…F27, contaminants flagged (Contaminant = True, counted by hand), the UPS1 rows kept', () => {
    const file = real('pd24_ups1_yeast_Proteins.txt');
    const out = json([file, '--k', '3', '--s', '10']);
    expect(out.format).toBe('proteome-discoverer');
    expect(out.quantity).toBe('Abundances (Normalized)');
    expect(out.n).toBe(27);
    expect(out.sampleIds).toEqual(Array.from({ length: 27 }, (_, i) => `F${i + 1}`));
    const lines = readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.length > 0).map((l) => l.split('\t').map((c) => c.replace(/^"|"$/g, '')));
    const contaminant = lines[0]!.indexOf('Contaminant');
    expect(step(out, 'remove-flagged', 'Contaminants').count).toBe(lines.slice(1).filter((r) => r[contaminant] === 'True').length);
    expect(step(out, 'remove-flagged', 'Contaminants').label).toMatch(/Contaminant = True/);
    expectConsistent(out);
  });

  it('Proteome Discoverer with its Input Files table as --design: samples named by their raw files, the amount a class', () => {
    const out = json([real('pd24_ups1_yeast_Proteins.txt'), '--design', real('pd24_ups1_yeast_InputFiles.txt'), '--k', '3', '--s', '10']);
    expect(out.design.matched).toBe(27);
    expect(out.sampleIds.slice(0, 4)).toEqual(['UPS1_50amol_R1', 'UPS1_50amol_R2', 'UPS1_50amol_R3', 'UPS1_125amol_R1']);
    expect(new Set(out.sampleIds).size).toBe(27);
    // The table records runs (RT range, instrument …), no condition; the amounts in the file names group the
    // samples (name-groups.ts), so the valid-value filter counts in at least one of those groups.
    expect(step(out, 'min-valid').label).toBe('Features with fewer than 70 % values in at least one group (from File Name) removed');
    expectConsistent(out);
    // Opened alone, the Input Files table says what it is (one sentence, exit 2).
    const alone = run([real('pd24_ups1_yeast_InputFiles.txt'), '--k', '3', '--s', '10']);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toMatch(/^error: “pd24_ups1_yeast_InputFiles\.txt” is a Proteome Discoverer Input Files table/);
  });

  it('MaxQuant UPS1 spike-in: 27 LFQ samples named as the columns (lexical order kept), flagged rows counted by hand, the UPS1 rows kept but the 2 MaxQuant marks', () => {
    const file = real('maxquant_ups1_yeast_proteinGroups.txt');
    const out = json([file, '--k', '3', '--s', '10']);
    expect(out.format).toBe('maxquant');
    expect(out.quantity).toBe('LFQ intensity');
    // Split by hand: cells holding “;” are quoted in this file, so the header is read with the quotes taken off.
    const lines = readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.length > 0).map((l) => l.split('\t').map((c) => c.replace(/^"|"$/g, '')));
    const header = lines[0]!;
    const lfq = header.filter((h) => h.startsWith('LFQ intensity '));
    expect(lfq).toHaveLength(27);
    expect(out.sampleIds).toEqual(lfq.map((h) => h.slice('LFQ intensity '.length)));
    expect(out.sampleIds.slice(0, 4)).toEqual(['12500amol_1', '12500amol_2', '12500amol_3', '125amol_1']);
    const plus = (name: string) => lines.slice(1).filter((r) => r[header.indexOf(name)] === '+').length;
    expect(step(out, 'remove-flagged', 'Decoys').count).toBe(plus('Reverse'));
    expect(step(out, 'remove-flagged', 'Contaminants').count).toBe(plus('Potential contaminant'));
    expect(step(out, 'read').count).toBe(lines.length - 1);
    // The 48 UPS1 rows (FASTA header `generic_ups|…`): only the 2 MaxQuant itself marks as contaminants (albumin
    // and gelsolin share a group with CON__ entries) are flagged; no prefix rule takes the others.
    const fasta = header.indexOf('Fasta headers');
    const ups = lines.slice(1).filter((r) => r[fasta]!.startsWith('generic_ups|'));
    expect(ups).toHaveLength(48);
    expect(ups.filter((r) => r[header.indexOf('Potential contaminant')] === '+').map((r) => r[0]!.split(';')[0])).toEqual(['P02768', 'P06396']);
    expect(ups.filter((r) => r[header.indexOf('Majority protein IDs')]!.startsWith('CON__'))).toEqual([]);
    // The replicate number after the amount is a sample annotation, the amount another (name parts).
    expect(out.annotations.replicate).toEqual(out.sampleIds.map((id: string) => id.split('_')[1]));
    expectConsistent(out);
  });

  it('PAW TMT summary with 4 lines above its header: 20 samples named by the label row, the unused channels said, the site an annotation, flags counted', () => {
    const file = real('paw_tmt_ups2_mouse_two_sites.txt');
    const out = json([file, '--k', '3', '--s', '10']);
    expect(out.format).toBe('paw');
    expect(out.headerRow).toBe(5);
    expect(out.n).toBe(20);
    const lines = readFileSync(file, 'latin1').split(/\r?\n/).filter((l) => l.length > 0).map((l) => l.split('\t'));
    const labels = lines[3]!;
    const header = lines[4]!;
    const used = header.map((h, i) => [h, i] as const).filter(([h, i]) => h.startsWith('TotInt_') && labels[i]!.trim() !== 'unused');
    expect(out.sampleIds).toEqual(used.map(([, i]) => labels[i]!.trim()));
    expect(out.annotations.experiment).toEqual(used.map(([h]) => h.split('_')[2]));
    // The groups the labels carry, without the site the experiment part names (BGS-S4-1 → S4, POOL-FLI-S5-1 → POOL-S5).
    expect(out.annotations['group (from names)']).toEqual(used.map(([, i]) => labels[i]!.trim().replace(/-(BGS|FLI)-/, '-').replace(/^(BGS|FLI)-/, '').replace(/-\d+$/, '')));
    expect(new Set(out.annotations['group (from names)']).size).toBe(5);
    const filter = header.indexOf('Filter');
    expect(step(out, 'remove-flagged', 'Decoys').count).toBe(lines.slice(5).filter((r) => r[filter] === 'reversed').length);
    expectConsistent(out);
    const human = run([file, '--k', '3', '--s', '10']);
    expect(human.stdout).toMatch(/^ {2}2 columns “TotInt_131C_BGS” and “TotInt_131C_FLI” are labelled “unused” in row 4: not samples, left out\.$/m);
    // The site is a class the run can be compared with, without a sample table.
    const bySite = json([file, '--class-column', 'experiment', '--k', '2', '--s', '10']);
    expect(bySite.annotations.experiment).toHaveLength(20);
    expect(bySite.metrics).not.toBeNull();
  });

  it('the human summary says what was recognised, how the design joined, and what the preparation did', () => {
    const result = run([real('maxquant_lfq_proteinGroups.txt'), '--design', real('maxquant_lfq_experimental_design.txt'), '--class-column', 'condition', '--k', '3', '--s', '10']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Recognised: MaxQuant proteinGroups, LFQ intensity, 15 samples × 1 459 protein groups$/m);
    expect(result.stdout).toMatch(/matched 12 of 15 samples on “label”; no row for “H5”, “L5”, “N5”\./);
    expect(result.stdout).toMatch(/^ {2}Decoys \(reverse hits\) removed .*: \d+$/m);
    expect(result.stdout).toMatch(/^ {2}Zeros made missing .*: [\d ]+$/m);
    expect(result.stdout.indexOf('Recognised:')).toBeLessThan(result.stdout.indexOf('Cluster sizes:'));
  });
});

describe('skfr cluster --help', () => {
  it('lists every flag of the layouts, one line of help each', () => {
    const help = spawnSync(process.execPath, [bin, 'cluster', '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    for (const flag of ['--format NAME', '--quantity NAME', '--header-row N', '--samples-as-columns', '--sample-columns REGEX', '--feature-column C',
      '--design FILE[:SHEET]', '--keep-decoys', '--keep-contaminants', '--keep-site-only', '--zero-is-value']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${flag.replace(/[[\]]/g, '\\$&')}\\s+\\S`, 'm'));
    }
    for (const field of ['format', 'quantity', 'sheet', 'headerRow', 'featureLabels', 'annotations', 'design', 'preparation']) {
      expect(help.stdout.slice(help.stdout.indexOf('--json fields:'))).toMatch(new RegExp(`[ (]${field}\\s`));
    }
  });
});

describe('bad input: one sentence, exit code 2, nothing written', () => {
  function expectRefused(args: string[], message: RegExp) {
    const out = at(`out-${Math.random().toString(36).slice(2)}.csv`);
    const result = run([...args, '--k', '2', '--s', '2', '--out', out]);
    expect(result.status, result.stderr).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.split('\n').filter((line) => line.length > 0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: /);
    expect(lines[0]).toMatch(message);
    expect(existsSync(out)).toBe(false);
  }

  it('a proteinGroups file with no quantity columns', () => {
    const { header, rows } = tsv(real('maxquant_lfq_proteinGroups.txt'));
    const keep = ['Protein IDs', 'Majority protein IDs', 'Protein names', 'Gene names', 'Reverse', 'Potential contaminant'].map((n) => header.indexOf(n));
    writeFileSync(at('proteinGroups.txt'), [header, ...rows].map((r) => keep.map((i) => r[i] ?? '').join('\t')).join('\n') + '\n');
    expectRefused([at('proteinGroups.txt')], /“proteinGroups\.txt” is a MaxQuant proteinGroups file without quantity columns: it has no “Reporter intensity corrected …”, “Reporter intensity …”, “LFQ intensity …”, “Intensity …” or “iBAQ …” columns/);
  });

  it('a design that matches no sample', () => {
    writeFileSync(at('design.csv'), 'label,condition\nmouse1,A\nmouse2,B\n');
    expectRefused([real('maxquant_lfq_proteinGroups.txt'), '--design', at('design.csv')], /No sample of the data has a row in the sample table “design\.csv”/);
  });

  it('a header row past the end of the sheet', () => {
    expectRefused([real('maxquant_lfq_proteinGroups.txt'), '--header-row', '5000'], /has \d+ rows; the header cannot be on row 5000/);
    expectRefused([real('supplement_tam2020_elife.xlsx'), '--sheet', 'Raw data', '--header-row', '5000'], /“Raw data” of “supplement_tam2020_elife\.xlsx” has \d+ rows; the header cannot be on row 5000/);
  });

  it('a quantity kind the file does not have, and a format the file is not', () => {
    expectRefused([real('maxquant_lfq_proteinGroups.txt'), '--quantity', 'iBAQ'], /^error: “maxquant_lfq_proteinGroups\.txt” has no “iBAQ” columns; its quantities: “LFQ intensity”, “Intensity”, “MS\/MS count”\.$/);
    expectRefused([real('fragpipe_combined_protein.tsv'), '--format', 'diann'], /is not a DIA-NN protein-group matrix file: it has no “Protein\.Group” column\.$/);
  });
});

describe('a layout the code has never seen', () => {
  it('two title rows, its own column names and a sample sheet: mapped with --samples-as-columns, --header-row, --sample-columns, --feature-column, --design FILE:SHEET', () => {
    const samples = ['Ctrl.A', 'Ctrl.B', 'Ctrl.C', 'Ctrl.D', 'Treat.A', 'Treat.B', 'Treat.C', 'Treat.D'];
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) / 2; // ±0.25
    const rows: (string | number)[][] = [
      ['Quantification of the lysates, label-free'],
      ['values: log2 intensities'],
      ['Accession', 'Symbol', ...samples],
    ];
    const symbols: string[] = [];
    for (let r = 0; r < 30; r++) {
      const symbol = `GENE${r + 1}`;
      symbols.push(symbol);
      // The first eight proteins separate the groups; the others are noise around 20.
      const shift = r < 8 ? 3 : 0;
      rows.push([`P${String(10000 + r)}`, symbol, ...samples.map((name) => Math.round(100 * (20 + noise() + (name.startsWith('Treat') ? shift : 0))) / 100)]);
    }
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Proteins');
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Sample', 'Group'], ...samples.map((s) => [s, s.split('.')[0]!])]), 'Samples');
    const file = at('lab-export.xlsx');
    writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

    const out = json([file, '--samples-as-columns', '--header-row', '3', '--sample-columns', '^(Ctrl|Treat)\\.', '--feature-column', 'Symbol',
      '--design', `${file}:Samples`, '--class-column', 'Group', '--k', '2', '--s', '3']);
    expect(out.sheet).toBe('Proteins');
    expect(out.headerRow).toBe(3);
    expect(out.sampleIds).toEqual(samples);
    expect(out.featureLabels).toEqual(symbols);
    expect(out.design).toMatchObject({ matchedColumn: 'Sample', matched: 8, samplesWithoutRow: [], rowsWithoutSample: [] });
    expect(out.annotations.Group).toEqual(samples.map((name) => name.split('.')[0]));
    expect(out.labels.slice(0, 4)).toEqual(Array(4).fill(out.labels[0]));
    expect(out.labels.slice(4)).toEqual(Array(4).fill(out.labels[4]));
    expect(out.labels[0]).not.toBe(out.labels[4]);
    expect(out.metrics.ari).toBe(1);
    for (const name of out.selectedFeatures) expect(symbols.slice(0, 8)).toContain(name);
    expectConsistent(out);
  });
});
