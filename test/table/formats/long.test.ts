/**
 * Long tables (formats/long.ts, pivot.ts) on small hand-written tables in each tool's naming: expected pivots
 * derived in the comments; repeated protein × sample pairs taken once, summarised (median polish, maximum) or
 * refused; then Tukey's median polish itself (median-polish.ts) by hand and as a property.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepare } from '../../../core/prepare/index.js';
import { completeLayout } from '../../../core/prepare/propose.js';
import { LONG_MAX_COLUMNS } from '../../../core/table/formats/long.js';
import { medianPolish } from '../../../core/table/formats/median-polish.js';
import { recognizeLayout } from '../../../core/table/formats/recognize.js';
import { parseTable } from '../../../core/table/parse.js';
import { parseTableChunks } from '../../../core/table/stream.js';
import type { Table } from '../../../core/table/types.js';
import { errorOf } from '../../skfr-error.js';

const enc = (s: string) => new TextEncoder().encode(s);
const csv = (rows: (string | number)[][], name = 'long.csv', d = ','): Table => parseTable(enc(rows.map((r) => r.join(d)).join('\n') + '\n'), name);
const mapped = (table: Table) => {
  const layout = recognizeLayout(table);
  return { layout, data: prepare(table, layout.mapping, { steps: [] }) };
};

describe('protein, sample, value', () => {
  // 3 proteins × 3 samples, P3 not measured in S3; condition is one per sample.
  const rows = [
    ['protein', 'sample', 'condition', 'value'],
    ['P1', 'S1', 'ctrl', 1], ['P2', 'S1', 'ctrl', 2], ['P3', 'S1', 'ctrl', 3],
    ['P1', 'S2', 'ctrl', 4], ['P2', 'S2', 'ctrl', 5], ['P3', 'S2', 'ctrl', 6],
    ['P1', 'S3', 'treated', 7], ['P2', 'S3', 'treated', 8],
  ];
  const table = csv(rows);

  it('pivots to 3 proteins × 3 samples, the per-sample column a sample annotation', () => {
    const { layout, data } = mapped(table);
    expect(layout.format).toBe('long');
    expect(layout.formatLabel).toBe('Long table');
    expect(layout.mapping.sampleColumns).toEqual(['S1', 'S2', 'S3']);
    expect(data.featureNames).toEqual(['P1', 'P2', 'P3']);
    expect(Array.from(data.matrix.data)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, NaN]);
    expect(data.annotations).toEqual({ condition: ['ctrl', 'ctrl', 'treated'] });
    expect(table.headerRow).toBe(1);
  });

  it('the chunked reader pivots it the same', async () => {
    const chunked = await parseTableChunks(async function* () {
      yield enc(rows.map((r) => r.join(',')).join('\n') + '\n');
    }, 'long.csv');
    expect(chunked!.columns.map((c) => c.name)).toEqual(table.columns.map((c) => c.name));
    expect(recognizeLayout(chunked!).mapping).toEqual(recognizeLayout(table).mapping);
  });

  it('a pair repeated with the same value: taken once, said', () => {
    const t = csv([...rows, ['P1', 'S1', 'ctrl', 1]]);
    expect(Array.from(mapped(t).data.matrix.data)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, NaN]);
    expect(t.notes).toContain('1 protein × sample pair of “long.csv” occurs on several rows with the same “value”: the value is taken once.');
  });

  it('pairs repeated with different values and nothing telling the rows apart: refused in one sentence (count and example)', () => {
    const error = errorOf(() => csv([...rows, ['P1', 'S1', 'ctrl', 10], ['P2', 'S3', 'treated', 9], ['P2', 'S3', 'treated', 8]]));
    expect(error.code).toBe('invalid-option');
    expect(error.message).toBe(
      '“long.csv” is a long table (one row per protein and sample), but 2 protein × sample pairs occur on several rows with different “value” values, e.g. “P1” in “S1” (line 2: 1, line 10: 10); keep one row per protein and sample, or add the column that tells the rows apart (peptide, precursor).',
    );
  });

  it('a table wider than a long table is ever written (LONG_MAX_COLUMNS): not looked at', () => {
    // 4 columns + LONG_MAX_COLUMNS − 3 = one column too many; one fewer is still a long table
    const extra = Array.from({ length: LONG_MAX_COLUMNS - 3 }, (_, c) => `x${c}`);
    expect(csv(rows.map((r, i) => [...r, ...extra.map((x) => (i === 0 ? x : 0))])).declared).toBeUndefined();
    expect(csv(rows.map((r, i) => [...r, ...extra.slice(1).map((x) => (i === 0 ? x : 0))])).declared?.format).toBe('long');
  });

  it('a wide table with a protein column, or one row per sample: not a long table', () => {
    expect(csv([['protein', 'S1', 'S2'], ['P1', 1, 2], ['P2', 3, 4], ['P3', 5, 6], ['P4', 7, 8]]).declared).toBeUndefined();
    expect(csv([['sample', 'protein', 'value'], ['S1', 'P1', 1], ['S2', 'P2', 2], ['S3', 'P3', 3], ['S4', 'P4', 4]]).declared).toBeUndefined();
  });
});

describe('MSstats input (feature-level): median polish of log2 intensities per protein and run', () => {
  // P1: features A and B in runs 1 and 2, intensities 2^1, 2^3 (A) and 2^2, 2^4 (B): log2 runs × features [[1, 2], [3, 4]]
  // → median polish: overall 2.5, run effects −1, +1 → run1 1.5, run2 3.5. P2: one feature, 2^5 and 2^6 → 5, 6.
  // Heavy reference rows (H) are left out.
  const header = ['ProteinName', 'PeptideSequence', 'PrecursorCharge', 'FragmentIon', 'ProductCharge', 'IsotopeLabelType', 'Condition', 'BioReplicate', 'Run', 'Intensity'];
  const row = (p: string, pep: string, label: string, run: string, v: number) => [p, pep, 2, 'y4', 1, label, run === 'run1' ? 'C1' : 'C2', run === 'run1' ? 1 : 2, run, v];
  const table = csv([
    header,
    row('P1', 'AAA', 'L', 'run1', 2), row('P1', 'BBB', 'L', 'run1', 4), row('P1', 'AAA', 'L', 'run2', 8), row('P1', 'BBB', 'L', 'run2', 16),
    row('P1', 'AAA', 'H', 'run1', 1000), row('P2', 'CCC', 'L', 'run1', 32), row('P2', 'CCC', 'L', 'run2', 64),
  ], 'msstats.csv');

  it('2 proteins × 2 runs, log2 abundances; Condition and BioReplicate are sample annotations', () => {
    const { layout, data } = mapped(table);
    expect(layout.formatLabel).toBe('MSstats input');
    expect(layout.quantity).toBe('log2 Intensity (median polish)');
    expect(layout.quantities[0]!.raw).toBe(false);
    expect(data.sampleIds).toEqual(['run1', 'run2']);
    expect(Array.from(data.matrix.data)).toEqual([1.5, 5, 3.5, 6]);
    expect(data.annotations).toEqual({ Condition: ['C1', 'C2'], BioReplicate: ['1', '2'] });
    expect(table.notes!.some((n) => n.startsWith('1 row of “msstats.csv” with IsotopeLabelType “H”'))).toBe(true);
    expect(table.notes!.some((n) => /median polish of its log2 values, as MSstats summarises/.test(n))).toBe(true);
    expect(completeLayout(table, layout).recipe.steps.some((s) => s.kind === 'transform')).toBe(false);
  });
});

describe('DIA-NN report.tsv (precursor rows): PG.MaxLFQ per protein group and run', () => {
  // Each precursor row repeats its protein group's PG.MaxLFQ; one row fails Q.Value ≤ 0.01 and is left out.
  const header = ['File.Name', 'Run', 'Protein.Group', 'Protein.Ids', 'Genes', 'Precursor.Id', 'Q.Value', 'PG.Q.Value', 'Precursor.Quantity', 'PG.MaxLFQ'];
  const table = csv([
    header,
    ['/d/a.raw', 'a', 'P1', 'P1', 'ACTB', 'AAK2', 0.001, 0.001, 10, 100],
    ['/d/a.raw', 'a', 'P1', 'P1', 'ACTB', 'CCR3', 0.002, 0.001, 20, 100],
    ['/d/a.raw', 'a', 'P2', 'P2', 'TP53', 'DDK2', 0.001, 0.001, 30, 300],
    ['/d/b.raw', 'b', 'P1', 'P1', 'ACTB', 'AAK2', 0.001, 0.001, 11, 110],
    ['/d/b.raw', 'b', 'P2', 'P2', 'TP53', 'DDK2', 0.05, 0.001, 31, 999],
    ['/d/b.raw', 'b', 'P2', 'P2', 'TP53', 'EER2', 0.001, 0.001, 32, 310],
  ], 'report.tsv', '\t');

  it('runs are the samples, genes label the groups; the precursor columns are not kept; the q-value filter said', () => {
    const { layout, data } = mapped(table);
    expect(layout.formatLabel).toBe('DIA-NN report (long)');
    expect(layout.quantity).toBe('PG.MaxLFQ');
    expect(data.sampleIds).toEqual(['a', 'b']);
    expect(data.featureNames).toEqual(['ACTB', 'TP53']);
    expect(Array.from(data.matrix.data)).toEqual([100, 300, 110, 310]);
    expect(data.annotations).toEqual({ 'File.Name': ['/d/a.raw', '/d/b.raw'] });
    expect(table.notes).toContain('1 row of “report.tsv” with Q.Value or PG.Q.Value above 0.01 is left out, as DIA-NN filters its protein matrices.');
    // (a, P1) on two precursors' rows; (b, P2) on one once the row over the q-value is out
    expect(table.notes).toContain('1 protein × sample pair of “report.tsv” occurs on several rows with the same “PG.MaxLFQ”: the value is taken once.');
    // (PG.Q.Value is the same on every row kept: nothing to keep)
    expect(table.notes).toContain('2 columns of “report.tsv” describe single rows, not proteins nor samples, and are not kept: “Q.Value”, “Precursor.Quantity”.');
    expect(layout.recipe.steps).toEqual([{ kind: 'zeros-missing' }]);
  });
});

describe('DIA-NN report.tsv with its other quantities: one number per protein group and run, named as quantities', () => {
  it('PG.Quantity and Genes.MaxLFQ (the same on every precursor row of a pair, a missing cell agreeing) are other quantities; RT, which differs, a row column', () => {
    const t = csv([
      ['Run', 'Protein.Group', 'Precursor.Id', 'RT', 'PG.Quantity', 'Genes.MaxLFQ', 'PG.MaxLFQ'],
      ['a', 'P1', 'AAK2', 10.5, 95, 100, 100],
      ['a', 'P1', 'CCR3', 12.25, 95, '', 100],
      ['a', 'P2', 'DDK2', 30.5, 290, 300, 300],
      ['b', 'P1', 'AAK2', 10.75, 105, 110, 110],
      ['b', 'P2', 'DDK2', 31, 305, 310, 310],
      ['b', 'P2', 'EER2', 40, 305, 310, 310],
    ], 'report.tsv', '\t');
    const { layout, data } = mapped(t);
    expect(layout.quantity).toBe('PG.MaxLFQ');
    expect(Array.from(data.matrix.data)).toEqual([100, 300, 110, 310]);
    expect(t.notes).toContain('“PG.Quantity”, “Genes.MaxLFQ” of “report.tsv” hold one number per protein and sample: other quantities than “PG.MaxLFQ”, which is the one used.');
    expect(t.notes).toContain('1 column of “report.tsv” describes single rows, not proteins nor samples, and is not kept: “RT”.');
  });

  it('a quantity that differs on two rows of one pair is a row column', () => {
    const t = csv([
      ['Run', 'Protein.Group', 'Precursor.Id', 'PG.Quantity', 'PG.MaxLFQ'],
      ['a', 'P1', 'AAK2', 95, 100],
      ['a', 'P1', 'CCR3', 96, 100],
      ['a', 'P2', 'DDK2', 290, 300],
      ['b', 'P1', 'AAK2', 105, 110],
      ['b', 'P2', 'DDK2', 305, 310],
    ], 'report.tsv', '\t');
    mapped(t);
    expect(t.notes).toContain('1 column of “report.tsv” describes single rows, not proteins nor samples, and is not kept: “PG.Quantity”.');
    expect(t.notes!.some((n) => n.includes('one number per protein and sample'))).toBe(false);
  });
});

describe('DIA-NN report with different quantities for one protein group and run', () => {
  it('the largest is taken, as diann_matrix does, and said', () => {
    const t = csv([
      ['Run', 'Protein.Group', 'Precursor.Id', 'PG.MaxLFQ'],
      ['a', 'P1', 'AAK2', 100], ['a', 'P1', 'CCR3', 120], ['a', 'P2', 'DDK2', 300],
      ['b', 'P1', 'AAK2', 110], ['b', 'P2', 'DDK2', 310],
    ], 'report.tsv', '\t');
    expect(Array.from(mapped(t).data.matrix.data)).toEqual([120, 300, 110, 310]);
    expect(t.notes).toContain('1 protein × sample pair of “report.tsv” has different “PG.MaxLFQ” values on its rows (e.g. “P1” in “a”): the largest is taken, as DIA-NN\'s diann_matrix does.');
  });
});

describe('other naming variants', () => {
  it('Spectronaut long report: R.FileName the samples, R.Condition an annotation', () => {
    const t = csv([
      ['R.Condition', 'R.FileName', 'R.Replicate', 'PG.ProteinGroups', 'PG.Genes', 'EG.PrecursorId', 'PG.Quantity'],
      ['WT', 'wt_1', 1, 'P1', 'ACTB', '_AAK_.2', 5], ['WT', 'wt_1', 1, 'P1', 'ACTB', '_CCR_.2', 5], ['WT', 'wt_1', 1, 'P2', 'TP53', '_DDK_.2', 6],
      ['KO', 'ko_1', 1, 'P1', 'ACTB', '_AAK_.2', 7], ['KO', 'ko_1', 1, 'P2', 'TP53', '_DDK_.2', 8],
    ], 'spectronaut.tsv', '\t');
    const { layout, data } = mapped(t);
    expect(layout.formatLabel).toBe('Spectronaut report (long)');
    expect(data.sampleIds).toEqual(['wt_1', 'ko_1']);
    expect(data.featureNames).toEqual(['ACTB', 'TP53']);
    expect(Array.from(data.matrix.data)).toEqual([5, 6, 7, 8]);
    expect(data.annotations).toEqual({ 'R.Condition': ['WT', 'KO'] });
  });

  it('MSstats protein-level output: originalRUN names the runs, LogIntensities are log2, GROUP and SUBJECT annotations', () => {
    const t = csv([
      ['RUN', 'Protein', 'LogIntensities', 'originalRUN', 'GROUP', 'SUBJECT', 'NumMeasuredFeature'],
      [1, 'P1', 20.5, 'r_a', 'A', 1, 3], [1, 'P2', 18, 'r_a', 'A', 1, 2], [2, 'P1', 21, 'r_b', 'B', 2, 3], [2, 'P2', 17.5, 'r_b', 'B', 2, 1],
    ], 'ProteinLevelData.csv');
    const { layout, data } = mapped(t);
    expect(layout.formatLabel).toBe('MSstats protein-level data');
    expect(layout.quantities[0]!.raw).toBe(false);
    expect(data.sampleIds).toEqual(['r_a', 'r_b']);
    expect(data.annotations).toEqual({ RUN: ['1', '2'], GROUP: ['A', 'B'], SUBJECT: ['1', '2'] });
    expect(Array.from(data.matrix.data)).toEqual([20.5, 18, 21, 17.5]);
  });

  it('MSstatsTMT input: a sample is a run’s channel', () => {
    const t = csv([
      ['ProteinName', 'PeptideSequence', 'Charge', 'PSM', 'Mixture', 'TechRepMixture', 'Run', 'Channel', 'Condition', 'BioReplicate', 'Intensity'],
      ['P1', 'AAK', 2, 'AAK_2', 'M1', 1, 'r1', '126', 'ctrl', 'b1', 100], ['P1', 'AAK', 2, 'AAK_2', 'M1', 1, 'r1', '127N', 'trt', 'b2', 200],
      ['P2', 'CCR', 2, 'CCR_2', 'M1', 1, 'r1', '126', 'ctrl', 'b1', 300], ['P2', 'CCR', 2, 'CCR_2', 'M1', 1, 'r1', '127N', 'trt', 'b2', 400],
    ], 'tmt.csv');
    const { layout, data } = mapped(t);
    expect(layout.formatLabel).toBe('MSstatsTMT input');
    expect(data.sampleIds).toEqual(['r1 126', 'r1 127N']);
    expect(data.annotations).toMatchObject({ Channel: ['126', '127N'], Condition: ['ctrl', 'trt'], BioReplicate: ['b1', 'b2'] });
    expect(Array.from(data.matrix.data)).toEqual([100, 300, 200, 400]);
  });

  it('Skyline export: Replicate Name, Protein Name, Total Area', () => {
    const t = csv([
      ['Protein Name', 'Replicate Name', 'Total Area'],
      ['P1', 'rep1', 10], ['P2', 'rep1', 20], ['P1', 'rep2', 30], ['P2', 'rep2', 40],
    ], 'skyline.csv');
    const { layout, data } = mapped(t);
    expect(layout.formatLabel).toBe('Skyline export');
    expect(data.sampleIds).toEqual(['rep1', 'rep2']);
    expect(Array.from(data.matrix.data)).toEqual([10, 20, 30, 40]);
  });
});

describe('Tukey’s median polish (R’s medpolish)', () => {
  it('by hand: [[1, 2], [3, 4]] → overall 2.5, rows −1, +1, columns −0.5, +0.5', () => {
    const fit = medianPolish(Float64Array.of(1, 2, 3, 4), 2, 2);
    expect(fit.overall).toBe(2.5);
    expect(Array.from(fit.row)).toEqual([-1, 1]);
    expect(Array.from(fit.col)).toEqual([-0.5, 0.5]);
  });

  it('by hand, with a missing cell and an empty row: [[1, NaN, 3], [NaN, NaN, NaN], [2, 4, 6]]', () => {
    // Sweep 1 rows: medians 2, (none), 4 → residuals [[-1, ·, 1], ·, [-2, 0, 2]]; columns: medians -1.5, 0, 1.5 →
    // [[0.5, ·, -0.5], ·, [-0.5, 0, 0.5]], col = [-1.5, 0, 1.5]; median of rows (2, 4) = 3 → row = [-1, NaN, 1],
    // overall 3. Sweep 2 changes nothing (row medians 0, 0): converged.
    const fit = medianPolish(Float64Array.of(1, NaN, 3, NaN, NaN, NaN, 2, 4, 6), 3, 3);
    expect(fit.overall).toBe(3);
    expect(Array.from(fit.row)).toEqual([-1, NaN, 1]);
    expect(Array.from(fit.col)).toEqual([-1.5, 0, 1.5]);
  });

  it('an additive table is fitted exactly: overall + row_i + col_j = x_ij (property)', () => {
    const small = fc.integer({ min: -20, max: 20 });
    fc.assert(
      fc.property(fc.array(small, { minLength: 1, maxLength: 5 }), fc.array(small, { minLength: 1, maxLength: 5 }), small, (r, c, m) => {
        const x = Float64Array.from({ length: r.length * c.length }, (_, k) => m + r[Math.floor(k / c.length)]! + c[k % c.length]!);
        const fit = medianPolish(x, r.length, c.length);
        for (let i = 0; i < r.length; i++) for (let j = 0; j < c.length; j++) expect(fit.overall + fit.row[i]! + fit.col[j]!).toBeCloseTo(x[i * c.length + j]!, 9);
      }),
      { numRuns: 100 },
    );
  });
});
