/**
 * Issue 25 item 8, "no dead ends": samples with no value are named all at once with the way out, and the
 * drop-samples step (asked for: `--drop-samples empty|N`, "Drop samples with no values" in the Prepare panel)
 * removes them, counted. Fixtures derived by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { keepSamples } from '../../core/prepare/keep-samples.js';
import { prepare } from '../../core/prepare/index.js';
import { emptyColumnsMapping, emptyRowsMapping } from '../../core/table/empty-mapping.js';
import { parseTable, type MappedData, type Mapping, type PrepStep, type Recipe } from '../../core/table/index.js';
import { errorOf } from '../skfr-error.js';

const table = (csv: string) => parseTable(new TextEncoder().encode(csv), 't.csv');

/**
 * 4 proteins × 5 samples: A full; B all 0 (empty once zeros are missing); C all empty; D one value (P1); E two
 * (P1, P2). P4 has a value in A only.
 */
const PROTEINS = ['protein,A,B,C,D,E', 'P1,1,0,,4,5', 'P2,2,0,,,6', 'P3,3,0,,,', 'P4,4,0,,,'].join('\n') + '\n';
const COLUMNS: Mapping = emptyColumnsMapping({ sampleColumns: ['A', 'B', 'C', 'D', 'E'], featureLabelColumns: ['protein'] });
const ZEROS: PrepStep = { kind: 'zeros-missing' };
const drop = (minValues: number): PrepStep => ({ kind: 'drop-samples', minValues });
const run = (recipe: Recipe, mapping: Mapping = COLUMNS, csv = PROTEINS): MappedData => prepare(table(csv), mapping, recipe);
const count = (data: MappedData, step: string) => data.preparation!.find((r) => r.step === step)?.count;

describe('samples with no value', () => {
  it('not asked: one error naming every empty sample and how to drop them', () => {
    const error = errorOf(() => run({ steps: [ZEROS] }));
    expect(error.code).toBe('empty-sample');
    expect(error.message).toBe(
      '2 samples have no value in any of the 4 features once zeros are read as “not quantified”: “B” (column “B”), “C” (column “C”); ' +
        'drop them (“Drop samples with no values” in the Prepare panel, or --drop-samples empty), or remove them from the samples.',
    );
  });

  it('drop-samples 1: B and C removed and counted, the others kept in order with their values', () => {
    const data = run({ steps: [ZEROS, drop(1)] });
    expect(data.sampleIds).toEqual(['A', 'D', 'E']);
    expect(data.sampleColumns).toEqual(['A', 'D', 'E']);
    expect(count(data, 'drop-samples')).toBe(2);
    expect(data.preparation!.find((r) => r.step === 'drop-samples')!.label).toBe('Samples with no value removed');
    // A: 1 2 3 4; D: 4 . . .; E: 5 6 . . → 5 missing cells of 12.
    expect(Array.from(data.matrix.data, (v) => (Number.isNaN(v) ? null : v))).toEqual([1, 2, 3, 4, 4, null, null, null, 5, 6, null, null]);
    expect(data.missingCells).toBe(5);
  });

  it('drop-samples 2: also D (one value); the label says “fewer than 2 values”', () => {
    const data = run({ steps: [ZEROS, drop(2)] });
    expect(data.sampleIds).toEqual(['A', 'E']);
    expect(count(data, 'drop-samples')).toBe(3);
    expect(data.preparation!.find((r) => r.step === 'drop-samples')!.label).toBe('Samples with fewer than 2 values removed');
  });

  it('a sample emptied later (by the valid-value filter) goes too, added to the count', () => {
    // D's only value is P4. A filter of 3 values in total keeps P1–P3 (A, B, C) and removes P4 (A, D): D is then empty.
    const csv = ['protein,A,B,C,D', 'P1,1,5,1,', 'P2,2,6,2,', 'P3,3,7,3,', 'P4,4,,,9'].join('\n') + '\n';
    const mapping = emptyColumnsMapping({ sampleColumns: ['A', 'B', 'C', 'D'], featureLabelColumns: ['protein'] });
    const filter: PrepStep = { kind: 'min-valid', count: 3, percent: null, scope: 'total', group: null };
    expect(errorOf(() => run({ steps: [filter] }, mapping, csv)).message).toMatch(/^Sample “D” \(column “D”\) has no value in any of the 3 features; drop it/);
    const data = run({ steps: [drop(1), filter] }, mapping, csv);
    expect(data.sampleIds).toEqual(['A', 'B', 'C']);
    expect(count(data, 'drop-samples')).toBe(1);
    expect(count(data, 'min-valid')).toBe(1);
  });

  it('samples as rows: an empty row is named (not only the first) and dropped when asked', () => {
    const csv = 'id,a,b\ns1,1,2\ns2,,\ns3,3,\ns4,,\n';
    const mapping = emptyRowsMapping({ idColumn: 'id' });
    expect(errorOf(() => run({ steps: [] }, mapping, csv)).message).toMatch(/^2 samples have no value in any of the 2 features: “s2”, “s4”; drop them/);
    const data = run({ steps: [drop(1)] }, mapping, csv);
    expect(data.sampleIds).toEqual(['s1', 's3']);
    expect(Array.from(data.rowIndices!)).toEqual([0, 2]);
  });

  it('one feature left: “the one feature”, not “any of the 1 features”', () => {
    // A filter of 4 values in total keeps P1 only (A, B, C, E); D's only value was in P2.
    const csv = ['protein,A,B,C,D,E', 'P1,1,2,3,,5', 'P2,,,,4,'].join('\n') + '\n';
    const mapping = emptyColumnsMapping({ sampleColumns: ['A', 'B', 'C', 'D', 'E'], featureLabelColumns: ['protein'] });
    const filter: PrepStep = { kind: 'min-valid', count: 4, percent: null, scope: 'total', group: null };
    expect(errorOf(() => run({ steps: [filter] }, mapping, csv)).message).toMatch(/^Sample “D” \(column “D”\) has no value in the one feature; drop it/);
  });

  it('dropping every sample is refused in one sentence', () => {
    const error = errorOf(() => run({ steps: [ZEROS, drop(5)] }));
    expect(error.code).toBe('empty-sample');
    expect(error.message).toBe('Every sample has fewer than 5 values in the 4 features: none would be left; ask for fewer values per sample.');
  });
});

describe('keepSamples', () => {
  it('keeps rows of the matrix, ids, annotations, table rows, sample columns and imputed flags together', () => {
    const data: MappedData = {
      matrix: { rows: 3, cols: 2, data: Float64Array.from([1, NaN, 2, 3, NaN, NaN]) },
      sampleIds: ['x', 'y', 'z'],
      featureNames: ['f', 'g'],
      annotations: { group: ['a', 'b', null] },
      rowIndices: Int32Array.from([4, 5, 6]),
      sampleColumns: ['X', 'Y', 'Z'],
      missingCells: 3,
      warnings: [],
      imputed: Uint8Array.from([0, 1, 0, 0, 1, 1]),
    };
    const kept = keepSamples(data, Uint8Array.from([1, 0, 1]));
    expect(Array.from(kept.matrix.data, String)).toEqual(['1', 'NaN', 'NaN', 'NaN']);
    expect(kept.matrix.rows).toBe(2);
    expect(kept.sampleIds).toEqual(['x', 'z']);
    expect(kept.annotations).toEqual({ group: ['a', null] });
    expect(Array.from(kept.rowIndices!)).toEqual([4, 6]);
    expect(kept.sampleColumns).toEqual(['X', 'Z']);
    expect(kept.missingCells).toBe(3);
    expect(Array.from(kept.imputed!)).toEqual([0, 1, 1, 1]);
    expect(keepSamples(data, Uint8Array.from([1, 1, 1]))).toBe(data);
  });
});
