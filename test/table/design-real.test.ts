/**
 * The real pairs of ../shared/data/real joined as the app and the CLI join them (parseTable, the recognised
 * layout, the sample table read as text by core/jobs/design.ts sampleTableOf, core/prepare): what each side
 * holds is read here independently (split by hand, or SheetJS for the Olink workbook, which the table readers
 * do not read yet).
 */
import { readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { sampleTableOf } from '../../core/jobs/design.js';
import { prepare } from '../../core/prepare/index.js';
import { joinDesign } from '../../core/table/design.js';
import { recognizeLayout } from '../../core/table/formats/recognize.js';
import { parseTable, type MappedData, type SampleTable, type Table } from '../../core/table/index.js';
import { errorOf } from '../skfr-error.js';

const REAL = new URL('../../../shared/data/real/', import.meta.url);
const bytes = (name: string) => new Uint8Array(readFileSync(new URL(name, REAL)));
const real = (name: string): Table => parseTable(bytes(name), name);
const sampleTable = (name: string): SampleTable => sampleTableOf(real(name));

/** The file mapped as recognised, with `design` joined (the format's own steps only: the join is what is tested). */
function joined(data: string, design: SampleTable | null): MappedData {
  const table = real(data);
  const layout = recognizeLayout(table);
  return prepare(table, { ...layout.mapping, design }, layout.recipe, { format: layout.format });
}

/** Rows of a delimited text split by hand: header and cells (these files quote nothing, or every field). */
function rowsOf(name: string, delimiter: string): string[][] {
  return readFileSync(new URL(name, REAL), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(delimiter).map((cell) => cell.replace(/^"(.*)"$/, '$1')));
}

describe('MaxQuant LFQ + its experimental design', () => {
  it('12 of 15 samples on “label”, no row for H5, L5 and N5, each by its exact name; condition per sample as the file says', () => {
    const data = joined('maxquant_lfq_proteinGroups.txt', sampleTable('maxquant_lfq_experimental_design.txt'));
    const design = data.design!;
    expect(design.matchedColumn).toBe('label');
    expect(design.matched).toBe(12);
    expect(design.samplesWithoutRow).toEqual(['H5', 'L5', 'N5']);
    expect(design.matches!.filter((m) => m.row !== null).every((m) => m.rule === 'exact' && m.value === m.sample)).toBe(true);
    const [header, ...rows] = rowsOf('maxquant_lfq_experimental_design.txt', '\t');
    const condition = new Map(rows.map((r) => [r[header!.indexOf('label')]!, r[header!.indexOf('condition')]!]));
    expect(data.annotations.condition).toEqual(data.sampleIds.map((id) => condition.get(id) ?? null));
    expect(design.fileOrderPossible).toBe(false); // 12 rows, 15 samples
  });
});

describe('DIA-NN matrix + its metadata', () => {
  const meta = sampleTable('diann_metadata.csv');
  const full = joined('diann_report.pg_matrix.tsv', meta);

  it('12 of 12 on “Name in report.pg_matrix”, the run paths exactly as the matrix’s header writes them', () => {
    expect(full.design!.matchedColumn).toBe('Name in report.pg_matrix');
    expect(full.design!.matched).toBe(12);
    expect(full.design!.matches!.every((m) => m.rule === 'exact')).toBe(true);
    const [header, ...rows] = rowsOf('diann_metadata.csv', ',');
    const status = new Map(rows.map((r) => [r[header!.indexOf('Name in report.pg_matrix')]!, r[header!.indexOf('Gigaseal_Status')]!]));
    expect(full.annotations.Gigaseal_Status).toEqual(full.sampleColumns!.map((column) => status.get(column)));
  });

  it('without the path columns, its short “Sample” names (pilot-2_neuron_bcmk1) still join every run, to the same rows', () => {
    const short: SampleTable = { ...meta, columns: meta.columns.filter((c) => c.name !== 'Name in report.pg_matrix' && c.name !== 'File name (from the mass spec)') };
    const data = joined('diann_report.pg_matrix.tsv', short);
    expect(data.design!.matched).toBe(12);
    expect(data.design!.matchedColumn).toBe('Sample');
    expect(data.annotations.Gigaseal_Status).toEqual(full.annotations.Gigaseal_Status);
  });

  it('with names that match no run (the lab notebook’s O1…O12), refused; in file order only when chosen, and warned when rows then name other runs', () => {
    const notebook: SampleTable = { ...meta, columns: meta.columns.filter((c) => ['Names in lab notebook', 'Gigaseal_Status'].includes(c.name)) };
    const error = errorOf(() => joined('diann_report.pg_matrix.tsv', notebook));
    expect(error.code).toBe('design-unmatched');
    expect(error.message).toMatch(/its column “Names in lab notebook” holds names such as “O1”, “O10”, “O11”.*It has one row for each of the 12 samples/);
    const data = joined('diann_report.pg_matrix.tsv', { ...notebook, order: 'file' });
    // The matrix lists bcmk10, bcmk11, bcmk12, bcmk1, …; the metadata bcmk1, bcmk10, … : by position, the first run
    // gets the first row (O1), which by name belongs to bcmk1 — why a join in file order is never applied unasked.
    expect(data.sampleIds[0]).toMatch(/bcmk10$/);
    expect(data.annotations['Names in lab notebook']![0]).toBe('O1');
    expect(data.design!.order).toBe('file');
    // The short names in file order: the rows that name other runs are said.
    const short: SampleTable = { ...meta, order: 'file', columns: meta.columns.filter((c) => ['Sample', 'Gigaseal_Status'].includes(c.name)) };
    const warned = joined('diann_report.pg_matrix.tsv', short).warnings.map((w) => w.message);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/^Joined in file order as chosen, but \d+ samples get a row of “diann_metadata.csv” that names another sample: “.*bcmk10” gets row 1 \(“pilot-2_neuron_bcmk1”\)/);
  });
});

describe('Olink NPX + its meta CSV (semicolons, SampleID)', () => {
  it('every SampleID of the workbook has its row; Treatment, Site and Time per sample', () => {
    // The SampleIDs as the workbook holds them (SheetJS): first column, below the header block, above LOD.
    const wb = XLSX.read(readFileSync(new URL('olink_npx_data1.xlsx', REAL)));
    const cells = XLSX.utils.sheet_to_json<(string | number | null)[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, defval: null });
    const start = cells.findIndex((row) => row[0] === 'OlinkID') + 1;
    const ids = cells.slice(start).map((row) => row[0]).filter((v): v is string => typeof v === 'string' && /^[A-Z]\d+$/.test(v));
    const meta = sampleTable('olink_npx_data1_meta.csv');
    expect(meta.columns.map((c) => c.name)).toEqual(['SampleID', 'Subject', 'Treatment', 'Site', 'Time', 'Project']);
    const { join, annotations } = joinDesign(meta, ids, ids);
    expect(join.matchedColumn).toBe('SampleID');
    expect(join.matched).toBe(ids.length);
    expect(join.samplesWithoutRow).toEqual([]);
    const [header, ...rows] = rowsOf('olink_npx_data1_meta.csv', ';');
    const treatment = new Map(rows.map((r) => [r[0]!, r[header!.indexOf('Treatment')]!]));
    expect(annotations.Treatment).toEqual(ids.map((id) => treatment.get(id)));
    expect(new Set(annotations.Site)).toEqual(new Set(['Site_A', 'Site_B', 'Site_C', 'Site_D', 'Site_E']));
  });
});

describe('Proteome Discoverer Proteins + Input Files', () => {
  it('the 27 files join on File ID; the amounts inside the file names are offered as groups', () => {
    const data = joined('pd24_ups1_yeast_Proteins.txt', sampleTable('pd24_ups1_yeast_InputFiles.txt'));
    expect(data.design!.matched).toBe(27);
    expect(data.design!.matchedColumn).toBe('File ID');
    const groups = data.annotations['group (from File Name)']!;
    expect(new Set(groups).size).toBe(9);
    const [header, ...rows] = rowsOf('pd24_ups1_yeast_InputFiles.txt', '\t');
    const file = new Map(rows.map((r) => [r[header!.indexOf('File ID')]!, r[header!.indexOf('File Name')]!]));
    // UPS1_50amol_R1.raw → 50amol: the file name up to its replicate number, less the UPS1_ all of them share.
    // The samples are named by their raw files (F1 → UPS1_50amol_R1: formats/naming.ts namesFromSampleTable).
    expect([...data.sampleIds].sort()).toEqual([...file.values()].map((f) => /([^\\]+)\.raw$/.exec(f)![1]).sort());
    expect(groups).toEqual(data.sampleIds.map((id) => /^UPS1_(\d+amol)_R\d$/.exec(id)![1]));
  });
});

describe('MaxQuant spike-in without a sample table: the amounts are in the sample names', () => {
  it('27 samples in 9 groups of 3 (12500amol_1 → 12500amol)', () => {
    const data = joined('maxquant_ups1_yeast_proteinGroups.txt', null);
    const groups = data.annotations['group (from names)']!;
    expect(groups).toEqual(data.sampleIds.map((id) => id.replace(/_\d+$/, '')));
    expect(new Set(groups).size).toBe(9);
  });
});
