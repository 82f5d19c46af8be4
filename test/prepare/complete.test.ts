/**
 * core/prepare/complete.ts knownComplete: "no cell is missing" is said only when it is true (then the search
 * for missing cells is skipped, core/report/rows.ts imputedCellsOf), on tiny tables derived by hand, then as a
 * property: with steps that keep MappedData.missingCells exact, it is said exactly when the matrix has no NaN;
 * prepare's last check (empty samples and features) still sees what the steps made missing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knownComplete } from '../../core/prepare/complete.js';
import { prepare } from '../../core/prepare/index.js';
import { applyStep } from '../../core/prepare/steps.js';
import { imputedCellsOf, imputedInSample } from '../../core/report/rows.js';
import { emptyColumnsMapping, emptyRowsMapping } from '../../core/table/empty-mapping.js';
import { parseTable, type MappedData, type PrepStep, type Recipe } from '../../core/table/index.js';
import { errorOf } from '../skfr-error.js';

const LOG2_MISSING: PrepStep = { kind: 'transform', base: 2, nonPositive: 'missing' };

/** A samples-as-rows CSV (id, then features), mapped and prepared with `recipe`. */
function prepared(csv: string, recipe: Recipe = { steps: [] }): MappedData {
  const table = parseTable(new TextEncoder().encode(csv), 't.csv');
  return prepare(table, emptyRowsMapping({ idColumn: 'id' }), recipe);
}

/** The imputed cells as the skfr command takes them (complete when known), beside a full pass. */
function imputed(data: MappedData, recipe: Recipe = { steps: [] }) {
  const known = imputedCellsOf(data, { complete: knownComplete(data, recipe) });
  const looked = imputedCellsOf(data);
  expect(known).toEqual(looked);
  return { total: known.total, bySample: Array.from({ length: known.samples }, (_, i) => imputedInSample(known, i)), byFeature: Array.from(known.byFeature) };
}

const hasNaN = (data: MappedData) => data.matrix.data.some((v) => v !== v);

describe('knownComplete', () => {
  it('every cell filled, no step: known complete, nothing imputed', () => {
    const data = prepared('id,a,b\ns1,1,2\ns2,3,4\ns3,5,6\n');
    expect(knownComplete(data, { steps: [] })).toBe(true);
    expect(imputed(data)).toEqual({ total: 0, bySample: [0, 0, 0], byFeature: [0, 0] });
  });

  it('one cell missing (or text) in the last row: not known, and the cell is found', () => {
    for (const last of ['s3,5,', 's3,5,NA', 's3,5,x']) {
      const data = prepared(`id,a,b\ns1,1,2\ns2,3,4\n${last}\n`);
      expect(data.missingCells).toBe(1);
      expect(knownComplete(data, { steps: [] })).toBe(false);
      // s3 misses b: by sample [0, 0, 1], by feature [0, 1].
      expect(imputed(data)).toEqual({ total: 1, bySample: [0, 0, 1], byFeature: [0, 1] });
    }
  });

  it('a log2 that makes a 0 missing: not known, the cell found; a log2 of positive values: known', () => {
    const recipe = { steps: [LOG2_MISSING] };
    const zero = prepared('id,a,b\ns1,1,2\ns2,3,4\ns3,5,0\n', recipe);
    expect(hasNaN(zero)).toBe(true);
    expect(knownComplete(zero, recipe)).toBe(false);
    expect(imputed(zero, recipe)).toEqual({ total: 1, bySample: [0, 0, 1], byFeature: [0, 1] });
    const positive = prepared('id,a,b\ns1,1,2\ns2,3,4\ns3,5,8\n', recipe);
    expect(knownComplete(positive, recipe)).toBe(true);
    expect(imputed(positive, recipe).total).toBe(0);
  });

  it('median centring and imputation never say so (an infinite value makes a NaN centring does not count)', () => {
    const data = prepared('id,a,b\ns1,1,2\ns2,3,4\n');
    expect(knownComplete(data, { steps: [{ kind: 'normalize', method: 'median' }] })).toBe(false);
    expect(knownComplete(data, { steps: [{ kind: 'impute', method: 'min', width: 0.3, shift: 1.8, seed: 1 }] })).toBe(false);
    // ∞ − ∞: centring [∞, 1, ∞] on its median ∞ gives [NaN, −∞, NaN] while missingCells stays 0.
    const infinite: MappedData = { ...data, matrix: { rows: 1, cols: 3, data: Float64Array.of(Infinity, 1, Infinity) }, missingCells: 0 };
    const centring: Recipe = { steps: [{ kind: 'normalize', method: 'median' }] };
    const centred = prepareSteps(infinite, centring);
    expect([hasNaN(centred), centred.missingCells]).toEqual([true, 0]);
    expect(knownComplete(centred, centring)).toBe(false);
    expect(imputed(centred, centring).total).toBe(2);
    // Cells flagged by an impute step are imputed cells, whatever missingCells says.
    expect(knownComplete({ ...data, imputed: new Uint8Array(4) }, { steps: [] })).toBe(false);
  });

  it('with steps that count (flags, valid values, zeros, log): said exactly when no cell is NaN', () => {
    const cell = fc.oneof(fc.constantFrom('', 'NA', 'x', '0', '-1'), fc.integer({ min: 1, max: 1000 }).map(String));
    const step = fc.constantFrom<PrepStep>(
      { kind: 'zeros-missing' },
      LOG2_MISSING,
      { kind: 'min-valid', count: 2, percent: null, scope: 'total', group: null },
      { kind: 'remove-flagged', flag: 'decoy', markerColumn: null, idColumn: null, prefixes: [] },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(fc.array(cell, { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 6 }), fc.array(step, { maxLength: 3 }), (p, rows, steps) => {
        const header = ['id', ...Array.from({ length: p }, (_, l) => `f${l + 1}`)].join(',');
        // A first row of numbers keeps every feature numeric.
        const lines = [header, ['s0', ...Array.from({ length: p }, (_, l) => String(l + 1))].join(','), ...rows.map((r, i) => [`s${i + 1}`, ...r.slice(0, p)].join(','))];
        const recipe = { steps };
        let data: MappedData;
        try {
          data = prepared(lines.join('\n') + '\n', recipe);
        } catch {
          return; // (an empty sample, no feature left, …: nothing prepared)
        }
        expect(knownComplete(data, recipe)).toBe(!hasNaN(data));
        imputed(data, recipe);
      }),
      { numRuns: 300 },
    );
  });
});

describe('prepare: empty samples and features after the steps (not skipped when nothing was missing before)', () => {
  it('a sample whose values the steps make missing is refused', () => {
    const zeros = errorOf(() => prepared('id,a,b\ns1,1,2\ns2,0,0\n', { steps: [{ kind: 'zeros-missing' }] }));
    expect([zeros.code, zeros.message]).toEqual(['empty-sample', 'Sample “s2” has no value in any of the 2 features once zeros are read as “not quantified”; drop it (“Drop samples with no values” in the Prepare panel, or --drop-samples empty), or remove it from the samples.']);
    expect(errorOf(() => prepared('id,a,b\ns1,1,2\ns2,0,-1\n', { steps: [LOG2_MISSING] })).code).toBe('empty-sample');
  });

  it('samples as columns: a protein whose values the steps make missing is removed and counted', () => {
    const table = parseTable(new TextEncoder().encode('protein,A,B\nP1,1,2\nP2,0,0\nP3,3,4\n'), 't.csv');
    const mapping = emptyColumnsMapping({ sampleColumns: ['A', 'B'], featureLabelColumns: ['protein'] });
    const data = prepare(table, mapping, { steps: [{ kind: 'zeros-missing' }] });
    expect(data.featureNames).toEqual(['P1', 'P3']);
    expect(data.preparation!.find((r) => r.step === 'empty-features')?.count).toBe(1);
    expect(prepare(table, mapping).featureNames).toEqual(['P1', 'P2', 'P3']);
  });
});

/** The recipe's steps on mapped data (core/prepare's loop, without a table). */
function prepareSteps(data: MappedData, recipe: Recipe): MappedData {
  let out = data;
  for (const step of recipe.steps) out = applyStep(out, step).data;
  return out;
}
