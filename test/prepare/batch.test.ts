/**
 * Removing a batch effect (core/prepare/batch.ts): hand-derived examples first (missing cells, a protein left as
 * it was in a batch with too few values, a sample with no batch, two columns), then properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_PER_BATCH, describeBatch, removeBatch } from '../../core/prepare/batch.js';
import { prepare } from '../../core/prepare/index.js';
import { parseTable, type BatchStep, type MappedData } from '../../core/table/index.js';
import { errorOf } from '../skfr-error.js';

const N = NaN;

/** Mapped data from rows of values (samples × proteins), NaN = missing. */
function data(rows: number[][], annotations: Record<string, (string | null)[]>): MappedData {
  const n = rows.length;
  const p = rows[0]!.length;
  const x = new Float64Array(n * p);
  let missing = 0;
  rows.forEach((r, i) => r.forEach((v, l) => {
    x[i * p + l] = v;
    if (v !== v) missing++;
  }));
  return {
    matrix: { rows: n, cols: p, data: x },
    sampleIds: rows.map((_, i) => `s${i + 1}`),
    featureNames: rows[0]!.map((_, l) => `P${l + 1}`),
    annotations,
    rowIndices: Int32Array.from({ length: n }, (_, i) => i),
    missingCells: missing,
    warnings: [],
  };
}

/** Protein l's values, NaN as null (toEqual tells NaN apart from numbers either way; null reads better). */
const protein = (d: MappedData, l: number) => Array.from({ length: d.matrix.rows }, (_, i) => {
  const v = d.matrix.data[i * d.matrix.cols + l]!;
  return v === v ? v : null;
});

const step = (columns: string[], minPerBatch = DEFAULT_MIN_PER_BATCH): BatchStep => ({ kind: 'batch', columns, minPerBatch });

describe('batch correction by hand', () => {
  // lab A A B B C C, two proteins (samples are rows):
  //   P1 = [1, 3, 6, –, 10, 12]: A mean 2; B holds one value (6), fewer than 2: left as it was, 1 pair counted;
  //        C mean 11. The mean added back is over the corrected batches A and C: (1+3+10+12)/4 = 6.5.
  //        A: 1 − 2 + 6.5 = 5.5, 3 − 2 + 6.5 = 7.5; C: 10 − 11 + 6.5 = 5.5, 12 − 11 + 6.5 = 7.5.
  //   P2 = [4, 6, 9, 11, –, –]: A mean 5, B mean 10, C no value (nothing to keep, not counted); mean 30/4 = 7.5.
  //        A: 6.5, 8.5; B: 6.5, 8.5.
  const lab = ['A', 'A', 'B', 'B', 'C', 'C'];
  const rows = [
    [1, 4],
    [3, 6],
    [6, 9],
    [N, 11],
    [10, N],
    [12, N],
  ];

  it('centres each batch on the protein’s mean; missing cells stay missing; a batch with too few values is kept', () => {
    const out = removeBatch(data(rows, { lab }), step(['lab']));
    expect(protein(out.data, 0)).toEqual([5.5, 7.5, 6, null, 5.5, 7.5]);
    expect(protein(out.data, 1)).toEqual([6.5, 8.5, 6.5, 8.5, null, null]);
    expect(out.count).toBe(1);
    expect(out.data.missingCells).toBe(3);
    expect(out.more).toEqual([]);
  });

  it('with at least 1 value per batch, a single value becomes the mean (why the default is 2)', () => {
    // P1's B has the one value 6: it is its own mean, so 6 − 6 + m with m = (1+3+6+10+12)/5 = 6.4.
    const out = removeBatch(data(rows, { lab }), step(['lab'], 1));
    expect(protein(out.data, 0)[2]).toBeCloseTo(6.4, 12);
    expect(out.count).toBe(0);
  });

  it('a sample with no batch is left as it is and counted; the input is not modified', () => {
    // The last sample has no lab: C is then s5 alone for P1 (10, kept: 2 pairs with B) and nothing for P2.
    //   P1: only A is corrected, onto its own mean: [1, 3, 6, –, 10, 12] unchanged.
    //   P2: A mean 5, B mean 10 → [6.5, 8.5, 6.5, 8.5, –, –] as before.
    const input = data(rows, { lab: ['A', 'A', 'B', 'B', 'C', null] });
    const before = Float64Array.from(input.matrix.data);
    const out = removeBatch(input, step(['lab']));
    expect(protein(out.data, 0)).toEqual([1, 3, 6, null, 10, 12]);
    expect(protein(out.data, 1)).toEqual([6.5, 8.5, 6.5, 8.5, null, null]);
    expect(out.count).toBe(2);
    expect(out.more).toEqual([{ step: 'batch', label: 'Samples with no “lab”, left out of its batch correction', count: 1 }]);
    expect(input.matrix.data).toEqual(before);
  });

  it('two columns are additive effects, removed together (least squares)', () => {
    // One protein, lab × plate crossed but unbalanced, x = 10 + lab effect (A 0, B 4) + plate effect (p 0, q 2):
    //   A-p 10, A-p 10, A-q 12, B-p 14, B-q 16, B-q 16. Removing both leaves one value for all: their mean, 13.
    // Removing lab alone once (A mean 32/3, B mean 46/3) would leave the plate effect unequal on the two labs.
    const x = [[10], [10], [12], [14], [16], [16]];
    const out = removeBatch(data(x, { lab: ['A', 'A', 'A', 'B', 'B', 'B'], plate: ['p', 'p', 'q', 'p', 'q', 'q'] }), step(['lab', 'plate']));
    for (const v of protein(out.data, 0)) expect(v).toBeCloseTo(13, 9);
  });

  it('says what it did in the user’s terms, and refuses what it cannot do in one sentence', () => {
    expect(describeBatch(step(['lab']))).toBe('Batch effect of “lab” removed (protein × batch pairs with fewer than 2 values, left as they were)');
    expect(describeBatch(step(['lab', 'plate']))).toBe('Batch effects of “lab” and “plate” removed (protein × batch pairs with fewer than 2 values, left as they were)');
    const d = data(rows, { lab, site: ['x', 'x', 'x', 'x', 'x', null] });
    expect(errorOf(() => removeBatch(d, step(['plex']))).message).toBe('The batch correction uses “plex”, but the samples have no such annotation; annotations: “lab”, “site”.');
    expect(errorOf(() => removeBatch(d, step(['site']))).message).toBe('Every sample with a value in “site” is in batch “x”, so there is no batch effect to remove; choose another column.');
    expect(errorOf(() => removeBatch(d, step([]))).code).toBe('invalid-option');
  });

  it('runs in prepare after the other steps, with its count and the samples it left out in the preparation', () => {
    const csv = 'id,lab,P1,P2\ns1,A,1,4\ns2,A,3,6\ns3,B,6,9\ns4,B,,11\ns5,C,10,\ns6,,12,\n';
    const table = parseTable(new TextEncoder().encode(csv), 'x.csv');
    const mapping = { orientation: 'samples-as-rows' as const, idColumn: 'id', annotationColumns: ['lab'], featureColumns: null, filters: [] };
    const out = prepare(table, mapping, { steps: [step(['lab'])] });
    expect(out.preparation!.slice(1)).toEqual([
      { step: 'batch', label: describeBatch(step(['lab'])), count: 2 },
      { step: 'batch', label: 'Samples with no “lab”, left out of its batch correction', count: 1 },
    ]);
  });
});

describe('batch correction: properties', () => {
  /** A random table: n samples in B batches (some without one), p proteins with missing cells. */
  const tables = fc.integer({ min: 2, max: 4 }).chain((B) =>
    fc.record({
      batches: fc.array(fc.option(fc.integer({ min: 0, max: B - 1 }), { nil: null, freq: 8 }), { minLength: 4, maxLength: 14 }),
      p: fc.integer({ min: 1, max: 4 }),
      minPerBatch: fc.integer({ min: 1, max: 3 }),
      seed: fc.integer(),
    }).map(({ batches, p, minPerBatch, seed }) => {
      // Values from a small LCG so each case is one seed; a cell in four is missing.
      let state = seed >>> 0;
      const next = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
      const rows = batches.map(() => Array.from({ length: p }, () => (next() < 0.25 ? NaN : 20 + 10 * next())));
      return { rows, lab: batches.map((b) => (b === null ? null : `L${b}`)), minPerBatch };
    }),
  ).filter(({ lab }) => new Set(lab.filter((v) => v !== null)).size >= 2);

  it('every batch with enough values has the protein’s mean; other cells, missing ones included, are unchanged', () => {
    fc.assert(
      fc.property(tables, ({ rows, lab, minPerBatch }) => {
        const input = data(rows, { lab });
        const out = removeBatch(input, step(['lab'], minPerBatch)).data;
        for (let l = 0; l < input.matrix.cols; l++) {
          const before = protein(input, l);
          const after = protein(out, l);
          const names = [...new Set(lab.filter((v): v is string => v !== null))];
          const corrected = names.filter((b) => before.filter((v, i) => lab[i] === b && v !== null).length >= minPerBatch);
          const pooled = before.filter((v, i) => v !== null && corrected.includes(lab[i]!)) as number[];
          const mean = pooled.reduce((a, b) => a + b, 0) / pooled.length;
          for (const b of corrected) {
            const inB = after.filter((v, i) => lab[i] === b && v !== null) as number[];
            expect(inB.reduce((a, c) => a + c, 0) / inB.length).toBeCloseTo(mean, 9);
          }
          after.forEach((v, i) => {
            if (before[i] === null) expect(v).toBeNull();
            else if (lab[i] === null || !corrected.includes(lab[i]!)) expect(v).toBe(before[i]);
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent, and with two columns puts both on one level at once', () => {
    fc.assert(
      fc.property(tables, fc.boolean(), ({ rows, lab, minPerBatch }, two) => {
        // The second column: every other sample's plate, so it crosses the labs.
        const annotations = { lab, plate: lab.map((_, i) => (i % 2 === 0 ? 'p' : 'q')) };
        const s = step(two ? ['lab', 'plate'] : ['lab'], minPerBatch);
        const input = data(rows, annotations);
        const once = removeBatch(input, s).data;
        const twice = removeBatch(once, s).data;
        // Every column's batches with enough values share one mean per protein (both columns at once).
        for (const column of s.columns) {
          const of = annotations[column as 'lab' | 'plate'];
          for (let l = 0; l < input.matrix.cols; l++) {
            const before = protein(input, l);
            const after = protein(once, l);
            const means = [...new Set(of.filter((b): b is string => b !== null))]
              .map((b) => after.filter((v, i) => of[i] === b && before[i] !== null) as number[])
              .filter((inB) => inB.length >= minPerBatch)
              .map((inB) => inB.reduce((a, c) => a + c, 0) / inB.length);
            for (const mean of means) expect(mean).toBeCloseTo(means[0]!, 8);
          }
        }
        for (let c = 0; c < once.matrix.data.length; c++) {
          const a = once.matrix.data[c]!;
          const b = twice.matrix.data[c]!;
          if (a !== a) expect(b).toBeNaN();
          else expect(b).toBeCloseTo(a, 8);
        }
      }),
      { numRuns: 300 },
    );
  });
});
