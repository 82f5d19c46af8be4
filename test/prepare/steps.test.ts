/**
 * The preparation steps on tiny tables whose results are derived by hand in the comments, then properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepare } from '../../core/prepare/index.js';
import { impute, imputedCounts } from '../../core/prepare/impute.js';
import { medianCentre } from '../../core/prepare/normalize.js';
import { completeLayout, proposeGroup, withGroup } from '../../core/prepare/propose.js';
import { proposeTransform, transform } from '../../core/prepare/transform.js';
import { removeFlagged } from '../../core/prepare/steps.js';
import { minValid, threshold } from '../../core/prepare/valid-values.js';
import { recognizeLayout } from '../../core/table/formats/recognize.js';
import { parseTable, type MappedData } from '../../core/table/index.js';
import { errorOf } from '../skfr-error.js';

/** Mapped data from rows of values (samples × features), NaN = missing. */
function data(rows: number[][], annotations: Record<string, (string | null)[]> = {}): MappedData {
  const n = rows.length;
  const p = rows[0]!.length;
  let missing = 0;
  const x = new Float64Array(n * p);
  rows.forEach((r, i) => r.forEach((v, l) => {
    x[i * p + l] = v;
    if (v !== v) missing++;
  }));
  return {
    matrix: { rows: n, cols: p, data: x },
    sampleIds: rows.map((_, i) => `s${i + 1}`),
    featureNames: rows[0]!.map((_, l) => `f${l + 1}`),
    annotations,
    rowIndices: Int32Array.from({ length: n }, (_, i) => i),
    missingCells: missing,
    warnings: [],
  };
}
const values = (d: MappedData) => Array.from(d.matrix.data).map(String);
const N = NaN;

describe('transform', () => {
  it('log2 and log10 of observed values', () => {
    // log2: 1 → 0, 8 → 3, 4 → 2; log10: 100 → 2, 1000 → 3.
    expect(values(transform(data([[1, 8], [4, N]]), { kind: 'transform', base: 2, nonPositive: 'refuse' }).data)).toEqual(['0', '3', '2', 'NaN']);
    expect(values(transform(data([[100, 1000]]), { kind: 'transform', base: 10, nonPositive: 'refuse' }).data)).toEqual(['2', '3']);
  });

  it('0 and negative values: refused with the cells named, or made missing and counted', () => {
    const d = data([[0, 8], [4, -2]]);
    const e = errorOf(() => transform(d, { kind: 'transform', base: 2, nonPositive: 'refuse' }));
    expect(e.message).toMatch(/^2 values are 0 or negative and have no logarithm \(s1 × f1 = 0; s2 × f2 = -2\)/);
    const out = transform(d, { kind: 'transform', base: 2, nonPositive: 'missing' });
    expect(values(out.data)).toEqual(['NaN', '3', '2', 'NaN']);
    expect(out.count).toBe(2);
    expect(out.data.missingCells).toBe(2);
  });

  it('log data are never logged twice; raw intensities get log2 proposed with the reason', () => {
    const logged = data([[20, 25, 30], [22, 28, 33]]);
    expect(errorOf(() => transform(logged, { kind: 'transform', base: 2, nonPositive: 'refuse' })).message).toMatch(/already look log-transformed/);
    expect(proposeTransform(logged.matrix.data, true).step).toBeNull();
    // 10^4 … 10^9, right-skewed: mean ≫ median.
    const raw = Float64Array.from([1e4, 2e4, 5e4, 1e5, 2e5, 1e6, 1e9, 3e9]);
    const proposal = proposeTransform(raw, null);
    expect(proposal.step).toEqual({ kind: 'transform', base: 2, nonPositive: 'refuse' });
    expect(proposal.reason).toMatch(/orders of magnitude and are right-skewed/);
    // Normalised levels (0.1 … 8) are neither raw nor logarithmic: nothing proposed.
    expect(proposeTransform(Float64Array.from([0.1, 0.5, 1, 2, 8]), null).step).toBeNull();
    expect(proposeTransform(Float64Array.from([0.1, 0.5, 1, 2, 8]), null).logarithmic).toBe(false);
    // Log ratios (GCT, TMT ratios to a reference) lie on both sides of 0: one scale, no transform, centred only.
    const ratios = proposeTransform(Float64Array.from([-2.1, -0.7, -0.2, 0, 0.3, 0.9, 1.8]), null);
    expect(ratios.step).toBeNull();
    expect(ratios.logarithmic).toBe(true);
    // p1 = sorted[⌊0.01·6⌋] = −2.1, p99 = sorted[⌊0.99·6⌋ = 5] = 0.9
    expect(ratios.reason).toBe('Values between -2.1 and 0.9 (1st to 99th percentile) lie on both sides of 0 (log ratios or differences): no transform.');
    // Only non-negative small values: not ratios.
    expect(proposeTransform(Float64Array.from([0, 0.5, 1, 2, 8]), null).logarithmic).toBe(false);
  });
});

describe('flagged rows', () => {
  it('an id prefix flags a row by the first id of its list only, trimmed', () => {
    // CON__A;B: first id CON__A → out; B;CON__C: first id B → kept (a contaminant later in the list does not
    // flag the group); " REV__D ;E": first id REV__D once trimmed → out; CON__E (one id, no list) → out; no id →
    // kept. 3 of 5 removed: f2, f5 left.
    const d = { ...data([[1, 2, 3, 4, 5]]), featureAnnotations: { ids: ['CON__A;B', 'B;CON__C', ' REV__D ;E', 'CON__E', null] } };
    const out = removeFlagged(d, { kind: 'remove-flagged', flag: 'contaminant', markerColumn: null, idColumn: 'ids', prefixes: ['CON__', 'REV__'] });
    expect(out.count).toBe(3);
    expect(out.data.featureNames).toEqual(['f2', 'f5']);
  });
});

describe('valid-value filter', () => {
  // 6 samples, groups A A A B B B; features:
  // f1 observed in all 6; f2 in A A A + one B (4 values); f3 in one A + B B B (4); f4 in 2 of each (4).
  const rows = [
    [1, 1, N, 1],
    [1, 1, N, 1],
    [1, 1, 1, N],
    [1, 1, 1, 1],
    [1, N, 1, 1],
    [1, N, 1, N],
  ];
  const groups = { g: ['A', 'A', 'A', 'B', 'B', 'B'] };
  const names = (d: MappedData) => d.featureNames;

  it('thresholds: ⌈70 % of 3⌉ = 3, ⌈70 % of 6⌉ = 5, a count is taken as it is', () => {
    expect(threshold({ count: null, percent: 70 }, 3)).toBe(3);
    expect(threshold({ count: null, percent: 70 }, 6)).toBe(5);
    expect(threshold({ count: null, percent: 50 }, 4)).toBe(2);
    expect(threshold({ count: 2, percent: null }, 6)).toBe(2);
  });

  it('total, each and any group', () => {
    const d = data(rows, groups);
    // total 70 % → 5 values: only f1.
    expect(names(minValid(d, { kind: 'min-valid', count: null, percent: 70, scope: 'total', group: null }).data)).toEqual(['f1']);
    // any group, 70 % → 3 of 3 in A or in B: f1 (both), f2 (A), f3 (B); f4 has 2 + 2.
    const any = minValid(d, { kind: 'min-valid', count: null, percent: 70, scope: 'any', group: 'g' });
    expect(names(any.data)).toEqual(['f1', 'f2', 'f3']);
    expect(any.count).toBe(1);
    // each group, 2 values → f1, f4 (2 + 2); f2 has 1 in B, f3 1 in A.
    expect(names(minValid(d, { kind: 'min-valid', count: 2, percent: null, scope: 'each', group: 'g' }).data)).toEqual(['f1', 'f4']);
  });

  it('bad filters are one sentence: nothing left, groups of one, unknown group', () => {
    const d = data(rows, { ...groups, one: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(errorOf(() => minValid(d, { kind: 'min-valid', count: 7, percent: null, scope: 'total', group: null })).message).toMatch(/leaves no feature \(of 4\)/);
    expect(errorOf(() => minValid(d, { kind: 'min-valid', count: null, percent: 70, scope: 'any', group: 'one' })).message).toMatch(/Every group of “one” holds one sample/);
    expect(errorOf(() => minValid(d, { kind: 'min-valid', count: null, percent: 70, scope: 'any', group: 'nope' })).code).toBe('unknown-column');
  });
});

describe('median centring and imputation', () => {
  it('subtracts each sample’s median', () => {
    // s1 [1, 3, 5] median 3 → [-2, 0, 2]; s2 [2, 4, NaN] median 3 → [-1, 1, NaN].
    expect(values(medianCentre(data([[1, 3, 5], [2, 4, N]])).data)).toEqual(['-2', '0', '2', '-1', '1', 'NaN']);
  });

  it('minimum of the feature, flagged and counted', () => {
    // f1 [4, NaN, 2] → min 2; f2 [NaN, 5, 7] → min 5.
    const out = impute(data([[4, N], [N, 5], [2, 7]]), { kind: 'impute', method: 'min', width: 0.3, shift: 1.8, seed: 1 });
    expect(values(out.data)).toEqual(['4', '5', '2', '5', '2', '7']);
    expect(Array.from(out.data.imputed!)).toEqual([0, 1, 1, 0, 0, 0]);
    const counts = imputedCounts(out.data.imputed!, 3, 2);
    expect(Array.from(counts.bySample)).toEqual([1, 1, 0]);
    expect(Array.from(counts.byFeature)).toEqual([1, 1]);
    expect(out.data.missingCells).toBe(0);
  });

  it('down-shifted normal: same seed, same values; below the sample’s mean; another seed differs', () => {
    const rows = Array.from({ length: 4 }, (_, i) => Array.from({ length: 30 }, (_, l) => (l % 5 === i ? N : 20 + ((l * 7 + i) % 10))));
    const step = { kind: 'impute', method: 'downshift', width: 0.3, shift: 1.8, seed: 42 } as const;
    const a = impute(data(rows), step);
    const b = impute(data(rows), step);
    expect(values(a.data)).toEqual(values(b.data));
    expect(values(impute(data(rows), { ...step, seed: 43 }).data)).not.toEqual(values(a.data));
    // Each sample's observed values are 20…29 (mean about 24.5, sd about 2.9): draws centre 1.8 sd below the mean.
    const x = a.data.matrix.data;
    for (let c = 0; c < x.length; c++) if (a.data.imputed![c]) expect(x[c]!).toBeLessThan(23);
    expect(a.count).toBe(24);
  });

  it('property: imputation fills exactly the missing cells and keeps the observed ones', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(fc.constant(NaN), fc.double({ min: 1, max: 30, noNaN: true })), { minLength: 3, maxLength: 6 }), { minLength: 2, maxLength: 5 }),
        fc.constantFrom('min', 'downshift'),
        (raw, method) => {
          const p = Math.min(...raw.map((r) => r.length));
          const rows = raw.map((r) => r.slice(0, p));
          fc.pre(rows.every((r) => r.filter((v) => v === v).length >= 2));
          // A feature with no value at all has no minimum (the preparation drops such features before).
          fc.pre(Array.from({ length: p }, (_, l) => rows.some((r) => r[l] === r[l])).every(Boolean));
          const d = data(rows);
          const out = impute(d, { kind: 'impute', method, width: 0.3, shift: 1.8, seed: 7 });
          for (let c = 0; c < d.matrix.data.length; c++) {
            const v = d.matrix.data[c]!;
            if (v === v) expect(out.data.matrix.data[c]).toBe(v);
            expect(out.data.imputed![c]).toBe(v === v ? 0 : 1);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the proposed recipe', () => {
  it('groups: a condition-like annotation with repeated values', () => {
    expect(proposeGroup({ id: ['a', 'b', 'c', 'd'], condition: ['x', 'x', 'y', 'y'] })).toBe('condition');
    expect(proposeGroup({ id: ['a', 'b', 'c'] })).toBeNull();
    // What PD's Input Files table records about each run is no condition (its 27 runs have 2 RT ranges).
    const runs = { 'RT Range in min': ['0.01 - 154.99', '0.01 - 154.99', '0.01 - 120.00', '0.01 - 120.00'], 'Instrument Name': ['Velos', 'Velos', 'Elite', 'Elite'] };
    expect(proposeGroup(runs)).toBeNull();
    expect(proposeGroup({ ...runs, amount: ['50', '50', '125', '125'] })).toBe('amount');
    // A batch is never the group: with only batches there is none; beside a condition-less factor, that factor
    // (two levels of site would otherwise win over four of level, fewer groups first).
    expect(proposeGroup({ site: ['A', 'A', 'B', 'B'], level: ['S1', 'S2', 'S1', 'S2'] })).toBe('level');
    expect(proposeGroup({ lab: ['A', 'A', 'B', 'B'], 'TMT plex': ['1', '1', '2', '2'], 'run date': ['d1', 'd1', 'd2', 'd2'] })).toBeNull();
    expect(proposeGroup({ batch: ['A', 'A', 'B', 'B'], condition: ['x', 'y', 'x', 'y'] })).toBe('condition');
    const recipe = withGroup({ steps: [{ kind: 'min-valid', count: null, percent: 70, scope: 'total', group: null }] }, 'condition');
    expect(recipe.steps).toEqual([{ kind: 'min-valid', count: null, percent: 70, scope: 'any', group: 'condition' }]);
  });

  it('MaxQuant-like raw intensities: flags, zeros, log2, 70 % — prepared values are log2 of the file’s', () => {
    const header = ['Majority protein IDs', 'Gene names', 'LFQ intensity A', 'LFQ intensity B', 'LFQ intensity C', 'Reverse'];
    const body = Array.from({ length: 40 }, (_, r) => [`P${10000 + r}`, `G${r}`, String(2 ** (10 + (r % 20))), String(r % 3 === 0 ? 0 : 2 ** (12 + (r % 17))), String(2 ** (11 + (r % 19))), r === 5 ? '+' : '']);
    const text = [header, ...body].map((r) => r.join('\t')).join('\n');
    const table = parseTable(new TextEncoder().encode(text), 'proteinGroups.txt');
    const layout = completeLayout(table, recognizeLayout(table));
    // Decoys by the Reverse column, contaminants by the CON__ prefix of the ids (none here), zeros, log2, 70 %, and
    // last the scale: log2 intensities on one scale are centred and Pareto-scaled.
    expect(layout.recipe.steps.map((s) => s.kind)).toEqual(['remove-flagged', 'remove-flagged', 'zeros-missing', 'transform', 'min-valid', 'scale']);
    expect(layout.recipe.steps.at(-1)).toEqual({ kind: 'scale', method: 'pareto', reason: 'values are log2 intensities on one scale' });
    // LFQ intensity is raw by its kind: log2 is proposed whatever the spread of these values, and the reason says so.
    expect(layout.reasons?.[0]).toMatch(/^LFQ intensity is a raw intensity, values between .*: log2 proposed\.$/);
    expect(layout.reasons?.at(-1)).toBe('Values are log2 intensities on one scale: each feature centred and Pareto-scaled.');
    const d = prepare(table, layout.mapping, layout.recipe, { format: layout.format });
    // Row 0: A = 2^10 → 10; B = 0 → missing (r % 3 === 0); C = 2^11 → 11. With 2 of 3 values (67 % < 70 %) row 0 is filtered out.
    expect(d.featureNames.includes('G0')).toBe(false);
    // Row 1: 2^11, 2^13, 2^12 → 11, 13, 12.
    const l = d.featureNames.indexOf('G1');
    expect([0, 1, 2].map((i) => d.matrix.data[i * d.matrix.cols + l])).toEqual([11, 13, 12]);
    expect(d.featureNames.includes('G5')).toBe(false);
  });
});
