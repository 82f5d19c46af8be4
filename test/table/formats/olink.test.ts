/**
 * Olink NPX (formats/olink.ts): a small wide workbook laid out as NPX Manager's (and olink_npx_data1.xlsx) is,
 * written here with SheetJS, and a long table as read_NPX_explore reads it: expected tables derived in the
 * comments; then a workbook without its Assay row.
 */
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { prepare } from '../../../core/prepare/index.js';
import { completeLayout } from '../../../core/prepare/propose.js';
import { recognizeLayout, withQuantity } from '../../../core/table/formats/recognize.js';
import { parseTable } from '../../../core/table/parse.js';
import type { Table } from '../../../core/table/types.js';
import { errorOf } from '../../skfr-error.js';

const workbook = (rows: unknown[][], sheet = 'NPX Wide'): Uint8Array => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), sheet);
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
};

// 2 panels; IL6 on both (OID00001 on X, OID00003 on Y); per panel a Plate ID and a QC Warning column.
// 4 sample rows, one a control; S2 has "> ULOQ" (missing) and a QC warning on panel X; S3 a "#2,5" (→ 2.5).
// Below: a blank row, LOD and Missing Data freq. rows (assay annotations).
const WIDE = [
  ['npx_data1', 'olinkr version 1.0.3'],
  ['NPX Data'],
  ['Panel', 'Olink X', 'Olink X', 'Olink Y', 'Olink X', 'Olink Y', 'Olink X', 'Olink Y'],
  ['Assay', 'IL6', 'CHL1', 'IL6', 'Plate ID', 'Plate ID', 'QC Warning', 'QC Warning'],
  ['Uniprot ID', 'P05231', 'O00533', 'P05231'],
  ['OlinkID', 'OID00001', 'OID00002', 'OID00003'],
  [],
  ['S1', 1.5, 2, 3, 'plate1', 'plate2', 'Pass', 'Pass'],
  ['S2', 2.5, '> ULOQ', 4, 'plate1', 'plate2', 'Warning', 'Pass'],
  ['CONTROL_SAMPLE_AS 1', 9, 9, 9, 'plate1', 'plate2', 'Pass', 'Pass'],
  ['S3', 0.5, 1, '#2,5', 'plate1', 'plate2', 'Pass', 'Pass'],
  [],
  ['LOD', 0.1, 0.2, 0.3],
  ['Missing Data freq.', 0, 0.25, 0],
];

describe('Olink NPX wide workbook', () => {
  const table = parseTable(workbook(WIDE), 'npx.xlsx');
  const layout = recognizeLayout(table);

  it('the assays are the features, the sample rows the samples (by SampleID); the control is left out of “NPX”', () => {
    expect(layout.format).toBe('olink');
    expect(layout.formatLabel).toBe('Olink NPX wide workbook');
    expect(layout.quantities.map((q) => [q.name, q.columns, q.raw])).toEqual([
      ['NPX', ['S1', 'S2', 'S3'], false],
      ['NPX with controls', ['S1', 'S2', 'CONTROL_SAMPLE_AS 1', 'S3'], false],
    ]);
    expect(layout.description).toBe('Olink NPX wide workbook, NPX, 3 samples × 3 assays');
    expect(table.headerRow).toBe(3);
    expect(table.notes).toContain(
      "1 control sample (“CONTROL_SAMPLE_AS 1”) is left out; choose the quantity “NPX with controls” (on the Import screen, or --quantity 'NPX with controls') to keep it.",
    );
    expect(table.notes).toContain(
      "1 QC warning in “npx.xlsx”: S2 (QC Warning (Olink X): Warning); these samples are kept (to leave them out, keep the samples whose “QC Warning (Olink X)” is Pass: --where 'QC Warning (Olink X)=Pass').",
    );
    expect(table.notes).toContain('1 cell “> ULOQ” of “npx.xlsx” is read as missing, as OlinkAnalyze reads them.');
  });

  it('values, labels (Assay, made unique by OlinkID), assay annotations (LOD …), per-panel sample annotations', () => {
    const data = prepare(table, layout.mapping, { steps: [] });
    expect(data.featureNames).toEqual(['IL6 (OID00001)', 'CHL1', 'IL6 (OID00003)']);
    // sample-major: S1 [1.5, 2, 3], S2 [2.5, NaN, 4], S3 [0.5, 1, 2.5]
    expect(Array.from(data.matrix.data)).toEqual([1.5, 2, 3, 2.5, NaN, 4, 0.5, 1, 2.5]);
    expect(data.featureAnnotations!.LOD).toEqual(['0.1', '0.2', '0.3']);
    expect(data.featureAnnotations!.Panel).toEqual(['Olink X', 'Olink X', 'Olink Y']);
    expect(data.annotations).toEqual({
      'Sample type': ['sample', 'sample', 'sample'],
      'Plate ID (Olink X)': ['plate1', 'plate1', 'plate1'],
      'Plate ID (Olink Y)': ['plate2', 'plate2', 'plate2'],
      'QC Warning (Olink X)': ['Pass', 'Warning', 'Pass'],
      'QC Warning (Olink Y)': ['Pass', 'Pass', 'Pass'],
    });
    const all = prepare(table, withQuantity(layout, 'NPX with controls')!.mapping, { steps: [] });
    expect(all.sampleIds).toEqual(['S1', 'S2', 'CONTROL_SAMPLE_AS 1', 'S3']);
    expect(all.annotations['Sample type']).toEqual(['sample', 'sample', 'control', 'sample']);
  });

  it('NPX is log2 already: no log proposed, and the reason says why', () => {
    const completed = completeLayout(table, layout);
    expect(completed.recipe.steps.some((s) => s.kind === 'transform')).toBe(false);
    expect(completed.reasons![0]).toMatch(/^This format writes values on a log scale/);
  });

  it('one panel: Plate ID and QC Warning without the panel’s name', () => {
    const one = WIDE.map((row) => row.filter((_, c) => c !== 3 && c !== 5 && c !== 7));
    const t = parseTable(workbook(one.map((row, r) => (r === 2 ? row.map((c, k) => (k > 0 ? 'Olink X' : c)) : row))), 'one.xlsx');
    const data = prepare(t, recognizeLayout(t).mapping, { steps: [] });
    expect(Object.keys(data.annotations)).toEqual(['Sample type', 'Plate ID', 'QC Warning']);
  });

  it('a header row given other than the Panel row reads the sheet plainly', () => {
    expect(parseTable(workbook(WIDE), 'npx.xlsx', { headerRow: 3 }).declared?.format).toBe('olink');
    expect(parseTable(workbook(WIDE), 'npx.xlsx', { headerRow: 6 }).declared).toBeUndefined();
  });

  it('a workbook without its Assay row: refused in one sentence', () => {
    const error = errorOf(() => parseTable(workbook(WIDE.filter((row) => row[0] !== 'Assay')), 'noassay.xlsx'));
    expect(error.code).toBe('unreadable-file');
    expect(error.message).toBe(
      '“noassay.xlsx” looks like an Olink NPX workbook (its OlinkID row is row 5), but it has no “Assay” row naming the assays above the samples; put that row back (first cell “Assay”) or export the NPX file again.',
    );
  });
});

describe('Olink NPX long table (read_NPX_explore’s columns)', () => {
  // 2 assays × 3 samples, one a control measured on two plates; QC_Warning per sample and panel.
  const header = ['SampleID', 'Index', 'OlinkID', 'UniProt', 'Assay', 'MissingFreq', 'Panel', 'PlateID', 'QC_Warning', 'LOD', 'NPX'];
  const rows = [
    ['S1', 1, 'OID00001', 'P05231', 'IL6', 0, 'Olink X', 'plate1', 'PASS', 0.1, 1.5],
    ['S1', 1, 'OID00002', 'O00533', 'CHL1', 0, 'Olink Y', 'plate1', 'WARN', 0.2, 2],
    ['S2', 2, 'OID00001', 'P05231', 'IL6', 0, 'Olink X', 'plate1', 'PASS', 0.1, 2.5],
    ['S2', 2, 'OID00002', 'O00533', 'CHL1', 0, 'Olink Y', 'plate1', 'PASS', 0.2, 'NA'],
    ['CONTROL SAMPLE', 3, 'OID00001', 'P05231', 'IL6', 0, 'Olink X', 'plate1', 'PASS', 0.1, 9],
    ['CONTROL SAMPLE', 3, 'OID00002', 'O00533', 'CHL1', 0, 'Olink Y', 'plate1', 'PASS', 0.2, 9],
    ['CONTROL SAMPLE', 4, 'OID00001', 'P05231', 'IL6', 0, 'Olink X', 'plate2', 'PASS', 0.1, 8],
    ['CONTROL SAMPLE', 4, 'OID00002', 'O00533', 'CHL1', 0, 'Olink Y', 'plate2', 'PASS', 0.2, 8],
  ];
  const table: Table = parseTable(new TextEncoder().encode([header, ...rows].map((r) => r.join(';')).join('\n') + '\n'), 'npx.csv');
  const layout = recognizeLayout(table);

  it('pivoted to assays × samples named by SampleID; the control (on two plates) left out of “NPX”', () => {
    expect(layout.formatLabel).toBe('Olink NPX long table');
    expect(layout.quantities.map((q) => [q.name, q.columns])).toEqual([
      ['NPX', ['S1', 'S2']],
      ['NPX with controls', ['S1', 'S2', 'CONTROL SAMPLE', 'CONTROL SAMPLE (2)']],
    ]);
    const data = prepare(table, layout.mapping, { steps: [] });
    expect(data.featureNames).toEqual(['IL6', 'CHL1']);
    expect(Array.from(data.matrix.data)).toEqual([1.5, 2, 2.5, NaN]);
    expect(data.annotations).toEqual({
      'Sample type': ['sample', 'sample'],
      PlateID: ['plate1', 'plate1'],
      Index: ['1', '2'],
      'QC_Warning (Olink X)': ['PASS', 'PASS'],
      'QC_Warning (Olink Y)': ['WARN', 'PASS'],
    });
    expect(data.featureAnnotations!.LOD).toEqual(['0.1', '0.2']);
    expect(table.notes).toContain(
      "1 QC warning in “npx.csv”: S1 (QC_Warning (Olink Y): WARN); these samples are kept (to leave them out, keep the samples whose “QC_Warning (Olink Y)” is PASS: --where 'QC_Warning (Olink Y)=PASS').",
    );
  });
});
