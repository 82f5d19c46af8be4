/**
 * Issue 25, "Supplements": journal supplement workbooks written with SheetJS. The default sheet is the one with
 * the largest block of numbers (not a 4 × 3 summary or a description before it, never a sheet of test
 * results while another has data); a sheet of test results is refused in one sentence; a two-row header whose
 * upper row names blocks of columns (abundances and spectral counts of the same samples side by side) gives one
 * block of samples with the right count; a label row above the header names the samples in a workbook too.
 */
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { prepare } from '../../core/prepare/index.js';
import { completeLayout } from '../../core/prepare/propose.js';
import { recognizeLayout } from '../../core/table/formats/recognize.js';
import { parseTable, type SampleTable } from '../../core/table/index.js';
import { resolveRequest } from '../../core/request/resolve.js';
import { planCluster, requestOf } from '../../cli/commands/cluster-options.js';
import { errorOf } from '../skfr-error.js';

type Cell = string | number | null;

function workbook(sheets: [string, Cell[][]][]): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of sheets) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

/** log2 LFQ-like values: 20 + ((5 r + 3 c) mod 11) + 0.125. */
const log2v = (r: number, c: number): number => 20 + ((5 * r + 3 * c) % 11) + 0.125;

const GROUPS = ['G1', 'G2', 'G3', 'G4'];
/** 40 proteins × 4 samples of log2 values: 160 numbers. */
const proteins: Cell[][] = [
  ['Protein', 'Gene', ...GROUPS.map((g) => `log2 LFQ ${g}`)],
  ...Array.from({ length: 40 }, (_, r) => [`P${10000 + r}`, `GENE${r}`, ...GROUPS.map((_, c) => log2v(r, c))]),
];
/** limma's topTable for the same proteins: 50 × 6 = 300 numbers, more than the measurements. */
const limma: Cell[][] = [
  ['Gene', 'logFC', 'AveExpr', 't', 'P.Value', 'adj.P.Val', 'B'],
  ...Array.from({ length: 50 }, (_, r) => [`GENE${r}`, r / 10 - 2, 22 + r / 20, r / 3 - 8, (r + 1) / 60, (r + 1) / 55, r / 4 - 5]),
];
const summary: Cell[][] = [['Study', 'n', 'p'], ['A', 4, 0.05], ['B', 4, 0.01], ['C', 3, 0.2]];
const description: Cell[][] = [['This workbook holds the proteomics data of the study.'], ['Sheet “Proteins”: log2 LFQ intensities.']];

describe('the default sheet', () => {
  it('is the one with the largest block of numbers, not the 4 × 3 summary nor the description before it; the note lists the others', () => {
    const bytes = workbook([['Summary', summary], ['Description', description], ['Proteins', proteins]]);
    const t = parseTable(bytes, 'supplement.xlsx');
    expect(t.sheet).toBe('Proteins');
    expect(t.notes).toContain('Sheet “Proteins” is read: it holds the largest block of numbers; the workbook\'s other sheets: “Summary”, “Description”.');
  });

  it('is never a sheet of test results while another sheet has data, even a larger one', () => {
    const t = parseTable(workbook([['Results', limma], ['Proteins', proteins]]), 'supplement.xlsx');
    expect(t.sheet).toBe('Proteins');
    expect(recognizeLayout(t).mapping.sampleColumns).toHaveLength(4);
  });

  it('a workbook of one sheet reads it, without a note about sheets', () => {
    const t = parseTable(workbook([['Proteins', proteins]]), 'one.xlsx');
    expect(t.sheet).toBe('Proteins');
    expect(t.notes?.some((n) => n.includes('largest block'))).toBe(false);
  });
});

describe('a sheet of test results', () => {
  it('is refused in one sentence when it is chosen', () => {
    const t = parseTable(workbook([['Proteins', proteins], ['limma', limma]]), 'supplement.xlsx', { sheet: 'limma' });
    const error = errorOf(() => recognizeLayout(t));
    expect(error.message).toBe('“limma” holds the results of a statistical test, not measurements; choose a sheet of measurements.');
  });

  it('so is a fold change beside a p-value per comparison, with group means', () => {
    const rows: Cell[][] = [
      ['Accession', 'Gene', 'Mean KO', 'Mean WT', 'Fold change KO/WT', 'p-value KO/WT'],
      ...Array.from({ length: 30 }, (_, r) => [`P${20000 + r}`, `G${r}`, 1e6 + r * 1000.5, 2e6 + r * 999.5, 0.5 + r / 30, (r + 1) / 40]),
    ];
    const t = parseTable(workbook([['Comparison', rows]]), 'results.xlsx');
    expect(errorOf(() => recognizeLayout(t)).message).toBe('“Comparison” holds the results of a statistical test, not measurements; choose a sheet of measurements.');
  });
});

describe('a two-row header whose upper row names blocks', () => {
  // Abundances and spectral counts of the same 4 samples side by side under one row of sample names, the block
  // names above the first column of each block (as merged cells leave them), a description after the blocks.
  const rows: Cell[][] = [
    ['Table S2. Proteins quantified in the four groups'],
    [null, null, 'Abundance', null, null, null, 'Spectral count', null, null, null, null],
    ['Protein', 'Gene', ...GROUPS, ...GROUPS, 'Description'],
    ...Array.from({ length: 30 }, (_, r) => [`P${30000 + r}`, `GENE${r}`, ...GROUPS.map((_, c) => 1e6 * (1 + ((7 * r + 13 * c) % 17)) + 0.5),
      ...GROUPS.map((_, c) => (r + c) % 12), `protein ${r}`]),
  ];

  it('gives one block of 4 samples (not 8 named like “G1 (2)”), the other block offered as a quantity', () => {
    const t = parseTable(workbook([['Data', rows]]), 'supp.xlsx');
    expect(t.headerRow).toBe(2);
    expect(t.headerRows).toBe(2);
    expect(t.columns.map((c) => c.name)).toEqual(['Protein', 'Gene', ...GROUPS.map((g) => `Abundance ${g}`), ...GROUPS.map((g) => `Spectral count ${g}`), 'Description']);
    const layout = recognizeLayout(t);
    expect(layout.quantity).toBe('Abundance');
    expect(layout.quantities.map((q) => [q.name, q.columns.length])).toEqual([['Abundance', 4], ['Spectral count', 4]]);
    const data = prepare(t, layout.mapping, layout.recipe, { format: layout.format });
    expect(data.sampleIds).toEqual(GROUPS);
    // The abundances are raw (1e6 … 1.7e7): log2 is proposed (as the CLI and the Import screen complete the
    // recognition: core/prepare/propose.ts), and said why.
    const proposed = completeLayout(t, layout);
    expect(proposed.recipe.steps.find((s) => s.kind === 'transform')).toEqual({ kind: 'transform', base: 2, nonPositive: 'refuse' });
    expect(proposed.reasons?.join(' ')).toMatch(/log2 proposed/);
    // The other block is listed where the user reads the recognition.
    expect(layout.notes?.join(' ') ?? '').toContain('Spectral count');
  });

  it('in a text file too', () => {
    const text = rows.map((r) => r.map((c) => (c === null ? '' : String(c))).join('\t')).join('\n') + '\n';
    const t = parseTable(new TextEncoder().encode(text), 'supp.tsv');
    expect(t.columns.filter((c) => c.name.startsWith('Abundance ')).map((c) => c.name)).toEqual(GROUPS.map((g) => `Abundance ${g}`));
    expect(recognizeLayout(t).mapping.sampleColumns).toHaveLength(4);
  });
});

describe('a two-row header: the upper row names the quantity, the lower row the samples', () => {
  // Two blocks of the same 3 samples and an id column. The upper row either leaves merged cells blank after
  // the block's first column (as a workbook does) or repeats the block's name over each of its columns (as a
  // CSV export of merged cells, or pandas' two-level header, writes it): read alike.
  const SAMPLES = ['Ctrl_1', 'Ctrl_2', 'KO_1'];
  const body: Cell[][] = Array.from({ length: 24 }, (_, r) => [`P${50000 + r}`, ...SAMPLES.map((_, c) => 1e6 * (1 + ((5 * r + 11 * c) % 13)) + 0.5),
    ...SAMPLES.map((_, c) => (2 * r + c) % 9)]);
  const upper = {
    merged: [null, 'Abundance', null, null, 'Spectral count', null, null],
    filled: [null, 'Abundance', 'Abundance', 'Abundance', 'Spectral count', 'Spectral count', 'Spectral count'],
  };
  const tsv = (rows: Cell[][]) => new TextEncoder().encode(rows.map((r) => r.map((c) => (c === null ? '' : String(c))).join('\t')).join('\n') + '\n');
  const files = (top: Cell[]) => ({
    text: parseTable(tsv([top, ['Accession', ...SAMPLES, ...SAMPLES], ...body]), 'supp.tsv'),
    workbook: parseTable(workbook([['Data', [top, ['Accession', ...SAMPLES, ...SAMPLES], ...body]]]), 'supp.xlsx'),
  });
  // A sample table naming the samples as the lower row does (the upper row's words nowhere).
  const design: SampleTable = { source: 'samples.csv', sampleColumn: null, columns: [{ name: 'sample', values: [...SAMPLES] }, { name: 'condition', values: ['ctrl', 'ctrl', 'ko'] }] };

  for (const [how, top] of Object.entries(upper)) {
    for (const [kind, t] of Object.entries(files(top))) {
      it(`${how} upper row, ${kind}: 3 samples named by the lower row, the quantity by the upper, the other block listed; a sample table joins all 3`, () => {
        expect([t.headerRow, t.headerRows, t.labelRow]).toEqual([1, 2, undefined]);
        const layout = recognizeLayout(t);
        expect(layout.quantity).toBe('Abundance');
        expect(layout.quantities.map((q) => [q.name, q.columns.length])).toEqual([['Abundance', 3], ['Spectral count', 3]]);
        expect(layout.notes).toContain('“Abundance” is read; the same samples have “Spectral count” too (choose with the quantity).');
        const data = prepare(t, layout.mapping, layout.recipe, { format: layout.format });
        expect(data.sampleIds).toEqual(SAMPLES);
        expect(data.featureNames.slice(0, 2)).toEqual(['P50000', 'P50001']);
        const joined = prepare(t, { ...layout.mapping, design }, layout.recipe, { format: layout.format });
        expect(joined.annotations.condition).toEqual(['ctrl', 'ctrl', 'ko']);
        expect(joined.design?.matched).toBe(3);
        // The other block, chosen as the quantity: the same 3 samples, its own values: Ctrl_1's counts of the
        // first 3 proteins are (2 r + 0) mod 9 = 0, 2, 4 (samples × features, row-major).
        const counts = resolveRequest(t, requestOf(planCluster(['supp.tsv', '--quantity', 'Spectral count', '--k', '2', '--s', '1'])!));
        expect(counts.quantity).toBe('Spectral count');
        const other = prepare(t, counts.mapping, { steps: [] }, { format: counts.format });
        expect(other.sampleIds).toEqual(SAMPLES);
        expect(Array.from(other.matrix.data.slice(0, 3))).toEqual([0, 2, 4]);
      });
    }
  }
});

describe('the header row of such a two-row header given (as the reproduce command gives it)', () => {
  // A title row, then the block labels over each column, then the sample names: detected at row 2 (two rows);
  // --header-row 2 reads it alike, not the labels alone as the header (“Abundance”, “Abundance (2)”, …).
  const S = ['A1', 'A2', 'B1'];
  const rows: Cell[][] = [
    ['Table S3. Proteins'],
    [null, 'Abundance', 'Abundance', 'Abundance', 'Spectral count', 'Spectral count', 'Spectral count'],
    ['Accession', ...S, ...S],
    ...Array.from({ length: 12 }, (_, r) => [`P${60000 + r}`, ...S.map((_, c) => 1e5 * (2 + ((r + 3 * c) % 7)) + 0.5), ...S.map((_, c) => (r + c) % 5)]),
  ];
  const text = new TextEncoder().encode(rows.map((r) => r.map((c) => (c === null ? '' : String(c))).join(',')).join('\n') + '\n');
  const names = ['Accession', ...S.map((n) => `Abundance ${n}`), ...S.map((n) => `Spectral count ${n}`)];
  it.each([['text', () => text, 'supp.csv'], ['workbook', () => workbook([['Data', rows]]), 'supp.xlsx']] as const)('%s', (_, bytes, name) => {
    const found = parseTable(bytes(), name);
    expect([found.headerRow, found.headerRows]).toEqual([2, 2]);
    expect(found.columns.map((c) => c.name)).toEqual(names);
    const given = parseTable(bytes(), name, { headerRow: 2 });
    expect([given.headerRow, given.headerRows, given.rowCount]).toEqual([2, 2, 12]);
    expect(given.columns.map((c) => c.name)).toEqual(names);
  });
});

describe('a label row above the header in a workbook', () => {
  it('names the samples; a channel labelled “unused” is left out', () => {
    const quant = ['TotInt_126_A', 'TotInt_127N_A', 'TotInt_127C_A', 'TotInt_126_B', 'TotInt_127N_B', 'TotInt_127C_B'];
    const rows: Cell[][] = [
      ['TMT summary'],
      [null, null, 'ctrl-1', 'ko-1', 'unused', 'ctrl-2', 'ko-2', 'unused'],
      ['Accession', 'Description', ...quant],
      ...Array.from({ length: 20 }, (_, r) => [`sp|P${40000 + r}|X_MOUSE`, `Protein OS=Mus musculus GN=Gene${r}`, ...quant.map((_, c) => 1e5 * (2 + ((3 * r + c) % 7)) + 0.5)]),
    ];
    const t = parseTable(workbook([['TMT', rows]]), 'tmt.xlsx');
    expect(t.headerRow).toBe(3);
    expect(t.labelRow?.row).toBe(2);
    expect(t.titleRows).toEqual(['TMT summary']);
    const layout = recognizeLayout(t);
    const data = prepare(t, layout.mapping, { steps: [] }, { format: layout.format });
    expect(data.sampleIds).toEqual(['ctrl-1', 'ko-1', 'ctrl-2', 'ko-2']);
    expect(data.annotations.experiment).toEqual(['A', 'A', 'B', 'B']);
    expect(data.featureNames[0]).toBe('Gene0');
  });
});
