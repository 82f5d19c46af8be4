/**
 * GCT 1.2 and 1.3 (formats/gct.ts) on small hand-written files whose expected tables are derived in the comments,
 * then a property (any matrix written as GCT 1.3 reads back as it was written), then the dimension line checks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeLayout } from '../../../core/prepare/propose.js';
import { prepare } from '../../../core/prepare/index.js';
import { recognizeLayout } from '../../../core/table/formats/recognize.js';
import { applyMapping } from '../../../core/table/mapping.js';
import { parseTable } from '../../../core/table/parse.js';
import { parseTableChunks } from '../../../core/table/stream.js';
import { errorOf } from '../../skfr-error.js';

const enc = (s: string) => new TextEncoder().encode(s);
const lines = (rows: string[][], nl = '\n') => rows.map((r) => r.join('\t')).join(nl) + nl;

// GCT 1.3: 3 rows, 4 samples, 2 row annotations (Gene, numPeps: a count, never a sample), 2 column annotations.
// Missing: NA (p1, S2), -666 (CMap's null: p2, S3), na (p2, S4).
const GCT13 = lines([
  ['#1.3'],
  ['3', '4', '2', '2'],
  ['id', 'Gene', 'numPeps', 'S1', 'S2', 'S3', 'S4'],
  ['Group', 'na', 'na', 'A', 'A', 'B', 'B'],
  ['Batch', 'na', 'na', '1', '2', '1', '2'],
  ['p1', 'ACTB', '12', '1.5', 'NA', '-0.5', '2'],
  ['p2', 'TP53', '3', '0.25', '1', '-666', 'na'],
  ['p3', 'ACTB', '7', '2', '3', '4', '5'],
]);

describe('GCT 1.3', () => {
  const table = parseTable(enc(GCT13), 'small.gct');
  const layout = recognizeLayout(table);

  it('samples are the data columns, by their ids; the row annotations describe the rows, a gene symbol labels them', () => {
    expect(layout.format).toBe('gct');
    expect(layout.mapping.orientation).toBe('samples-as-columns');
    expect(layout.mapping.sampleColumns).toEqual(['S1', 'S2', 'S3', 'S4']);
    expect(layout.mapping.sampleNames).toBe('as-is');
    expect(layout.mapping.featureLabelColumns).toEqual(['Gene', 'id']);
    expect(layout.mapping.featureAnnotationColumns).toEqual(['id', 'Gene', 'numPeps']);
    expect(layout.description).toBe('GCT 1.3, Values, 4 samples × 3 rows');
    expect(table.headerRow).toBe(3);
    expect(table.sourceRows).toEqual(Int32Array.of(6, 7, 8));
  });

  it('maps to 4 samples × 3 features with the column annotations as sample annotations and cmapPy’s missing values', () => {
    const data = prepare(table, layout.mapping, layout.recipe, { format: layout.format });
    expect(data.sampleIds).toEqual(['S1', 'S2', 'S3', 'S4']);
    // ACTB twice: each made unique by its row id (the second label column).
    expect(data.featureNames).toEqual(['ACTB (p1)', 'TP53', 'ACTB (p3)']);
    expect(data.annotations).toEqual({ Group: ['A', 'A', 'B', 'B'], Batch: ['1', '2', '1', '2'] });
    expect(data.design).toMatchObject({ matched: 4, samplesWithoutRow: [], rowsWithoutSample: [] });
    // sample-major matrix: S1 = [1.5, 0.25, 2], S2 = [NaN, 1, 3], S3 = [-0.5, NaN, 4], S4 = [2, NaN, 5]
    expect(Array.from(data.matrix.data)).toEqual([1.5, 0.25, 2, NaN, 1, 3, -0.5, NaN, 4, 2, NaN, 5]);
    expect(data.featureAnnotations!.numPeps).toEqual(['12', '3', '7']);
  });

  it('whether to log is decided from the values (GCT says nothing): log ratios are not logged again', () => {
    expect(layout.quantities[0]!.raw).toBeNull();
    const completed = completeLayout(table, layout);
    expect(completed.recipe.steps.map((s) => s.kind)).toEqual(['min-valid', 'scale']);
    // log ratios of one kind: centred and Pareto-scaled, not scaled to unit variance
    expect(completed.recipe.steps[1]).toMatchObject({ kind: 'scale', method: 'pareto' });
    // grouped by the column annotation that groups the samples
    expect(completed.recipe.steps[0]).toMatchObject({ scope: 'any', group: 'Group' });
  });

  it('the chunked reader leaves it to the whole-file reader (null), which reads the same with CRLF and trailing tabs', async () => {
    expect(await parseTableChunks(async function* () { yield enc(GCT13); }, 'small.gct')).toBeNull();
    const excel = lines(GCT13.trimEnd().split('\n').map((l) => [...l.split('\t'), '', '']), '\r\n');
    const again = parseTable(enc(excel), 'small.gct');
    expect(again.columns.map((c) => c.name)).toEqual(table.columns.map((c) => c.name));
    expect(recognizeLayout(again).mapping).toEqual(layout.mapping);
  });

  it('a header row given other than line 3 reads the file plainly', () => {
    expect(parseTable(enc(GCT13), 'small.gct', { headerRow: 3 }).declared?.format).toBe('gct');
    expect(parseTable(enc(GCT13), 'small.gct', { headerRow: 5 }).declared).toBeUndefined();
  });
});

describe('GCT 1.2', () => {
  // Name ⇥ Description ⇥ samples: one row annotation, no column annotations.
  const table = parseTable(enc(lines([['#1.2'], ['2', '3'], ['Name', 'Description', 'A', 'B', 'C'], ['g1', 'gene one', '1', '2', '3'], ['g2', 'na', '4', '5', '6']])), 'old.gct');
  const layout = recognizeLayout(table);

  it('3 samples, labelled by Name, Description kept, no sample table', () => {
    expect(layout.mapping.sampleColumns).toEqual(['A', 'B', 'C']);
    expect(layout.mapping.featureLabelColumns).toEqual(['Name']);
    expect(layout.mapping.featureAnnotationColumns).toEqual(['Name', 'Description']);
    expect(layout.mapping.design).toBeNull();
    const data = prepare(table, layout.mapping, layout.recipe);
    expect(data.featureNames).toEqual(['g1', 'g2']);
    expect(Array.from(data.matrix.data)).toEqual([1, 4, 2, 5, 3, 6]);
    expect(data.featureAnnotations!.Description).toEqual(['gene one', null]);
  });
});

describe('any matrix written as GCT 1.3 reads back as written (property)', () => {
  it('values, missing cells, sample names and column annotations', () => {
    const cell = fc.oneof(fc.constant(NaN), fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 3 }), fc.array(cell, { minLength: 30, maxLength: 30 }), (rows, samples, colMeta, pool) => {
        const value = (r: number, s: number) => pool[(r * samples + s) % pool.length]!;
        const names = Array.from({ length: samples }, (_, s) => `sample ${s + 1}`);
        const text = lines([
          ['#1.3'],
          [String(rows), String(samples), '1', String(colMeta)],
          ['id', 'desc', ...names],
          ...Array.from({ length: colMeta }, (_, k) => [`ann${k}`, 'na', ...names.map((_, s) => `v${k}.${s % 2}`)]),
          ...Array.from({ length: rows }, (_, r) => [`r${r}`, `d${r}`, ...names.map((_, s) => (Number.isNaN(value(r, s)) ? 'NaN' : Object.is(value(r, s), -0) ? '-0' : String(value(r, s))))]),
        ]);
        const table = parseTable(enc(text), 'p.gct');
        const layout = recognizeLayout(table);
        const data = applyMapping(table, layout.mapping);
        expect(data.sampleIds).toEqual(names);
        for (let s = 0; s < samples; s++) for (let r = 0; r < rows; r++) expect(data.matrix.data[s * rows + r]).toBe(value(r, s));
        expect(Object.keys(data.annotations)).toEqual(Array.from({ length: colMeta }, (_, k) => `ann${k}`));
        if (colMeta > 0) expect(data.annotations.ann0).toEqual(names.map((_, s) => `v0.${s % 2}`));
      }),
      { numRuns: 60 },
    );
  });
});

describe('the dimension line must agree with what follows', () => {
  it('a header of another width than 1 + row annotations + samples: refused in one sentence saying where', () => {
    // The dimension line says 5 samples (1 + 2 + 5 = 8 columns), the header has 7.
    const text = GCT13.replace('3\t4\t2\t2', '3\t5\t2\t2');
    const error = errorOf(() => parseTable(enc(text), 'small.gct'));
    expect(error.code).toBe('unreadable-file');
    expect(error.message).toBe(
      '“small.gct”: its dimension line (line 2) says 5 samples and 2 row-annotation columns besides the id, 8 columns in all, but its header (line 3) has 7.',
    );
  });

  it('another row count: every row read, and a note says where the two disagree', () => {
    const table = parseTable(enc(GCT13.replace('3\t4\t2\t2', '5\t4\t2\t2')), 'small.gct');
    expect(table.rowCount).toBe(3);
    expect(table.notes).toContain('“small.gct”: the dimension line (line 2) says 5 rows, but 3 follow (the last on line 8); all 3 are read.');
  });

  it('a dimension line that is not numbers, fewer column-annotation lines than announced, a row wider than the header', () => {
    expect(errorOf(() => parseTable(enc(GCT13.replace('3\t4\t2\t2', '3\t4')), 'small.gct')).message).toBe(
      '“small.gct” is a GCT 1.3 file, but its line 2 should give four whole numbers (rows, samples, row-annotation columns, column-annotation rows) and reads “3\t4”.',
    );
    expect(errorOf(() => parseTable(enc(lines([['#1.3'], ['0', '1', '0', '2'], ['id', 'S1'], ['Group', 'A']])), 'short.gct')).message).toBe(
      '“short.gct”: its dimension line (line 2) announces 2 column-annotation rows, but the file ends after 1.',
    );
    const wide = errorOf(() => parseTable(enc(GCT13 + 'p4\tX\t1\t1\t2\t3\t4\t5\n'), 'small.gct'));
    expect(wide.code).toBe('ragged-row');
    expect(wide.message).toBe('Line 9 of “small.gct” has 8 cells, more than the 7 of its header (line 3).');
  });
});
