/**
 * A substituted floor (core/prepare/floor.ts): the threshold from the Poisson tail (hand-computed), the rule on
 * written values, the step (cells → missing, counted), its proposal among raw intensities only (completeLayout),
 * and the flag `--floor` in and out of the recipe.
 */
import { describe, expect, it } from 'vitest';
import { choicesOf, parseFloor, recipeFromChoices, recipeToArgs } from '../../core/prepare/args.js';
import { findFloor, floorMissing, floorThreshold } from '../../core/prepare/floor.js';
import { prepare } from '../../core/prepare/index.js';
import { completeLayout } from '../../core/prepare/propose.js';
import { givenChoices, proposeRecipe } from '../../core/prepare/proposal.js';
import { describeStep } from '../../core/prepare/steps.js';
import { recipeSchema } from '../../core/jobs/schema.js';
import { recognizeLayout } from '../../core/table/formats/recognize.js';
import { parseTable, type MappedData, type Recipe } from '../../core/table/index.js';

/** `count` cells of `floor`, then distinct values 1000, 1037, 1074, … (no tie), then `extra`. */
function cells(floor: number, count: number, distinct: number, extra: number[] = []): Float64Array {
  return Float64Array.from([...Array<number>(count).fill(floor), ...Array.from({ length: distinct }, (_, i) => 1000 + 37 * i), ...extra]);
}

describe('the floor threshold', () => {
  it('is the smallest c with P(Poisson(m) ≥ c) < 1e-6', () => {
    // λ = 1: P(X ≥ 9) = 1 − e^−1·Σ_{k≤8} 1/k! = 1.13e-6 (not below), P(X ≥ 10) = 1.11e-7 → 10.
    expect(floorThreshold(1)).toBe(10);
    // λ = 2: P(X ≥ 12) = 1.36e-6, P(X ≥ 13) = 2.07e-7 → 13. λ = 3: P(X ≥ 14) = 3.4e-6, P(X ≥ 15) = 6.7e-7 → 15.
    expect(floorThreshold(2)).toBe(13);
    expect(floorThreshold(3)).toBe(15);
    // Large λ: the tail is computed in log space (e^−1000 underflows); the threshold lies about 5 sd above λ.
    const t = floorThreshold(1000);
    expect(t).toBeGreaterThan(1000 + 4 * Math.sqrt(1000));
    expect(t).toBeLessThan(1000 + 6 * Math.sqrt(1000));
  });
});

describe('findFloor', () => {
  it('no other tie (m = 1): 10 cells on the minimum are a floor, 9 are not', () => {
    expect(findFloor(cells(150, 9, 200))).toBeNull();
    expect(findFloor(cells(150, 10, 200))).toEqual({ value: 150, count: 10, otherTies: 1 });
  });

  it('the ties the table shows raise the bar: another value twice (m = 2) needs 13', () => {
    expect(findFloor(cells(150, 12, 200, [5000, 5000]))).toBeNull();
    expect(findFloor(cells(150, 13, 200, [5000, 5000]))).toEqual({ value: 150, count: 13, otherTies: 2 });
  });

  it('only positive values count: zeros and missing cells below it do not hide the floor', () => {
    expect(findFloor(cells(150, 10, 200, [0, 0, NaN, -3]))).toEqual({ value: 150, count: 10, otherTies: 1 });
  });

  it('a repeated value that is not the smallest is no floor', () => {
    expect(findFloor(cells(150, 40, 200, [100]))).toBeNull();
  });

  it('integer counts whose commonest value is the smallest are no floor (1 × 30, 2 × 20: P(Poisson(20) ≥ 30) ≈ 0.02)', () => {
    const counts = Float64Array.from([...Array<number>(30).fill(1), ...Array<number>(20).fill(2), ...Array<number>(12).fill(3), 4, 5, 7]);
    expect(findFloor(counts)).toBeNull();
  });

  it('one value only: nothing to compare with', () => {
    expect(findFloor(Float64Array.from(Array<number>(50).fill(150)))).toBeNull();
  });
});

describe('the floor step', () => {
  it('makes every cell equal to the value missing, counts them, and says so', () => {
    const d: MappedData = {
      matrix: { rows: 2, cols: 3, data: Float64Array.from([150, 2000, 150, 3000, NaN, 150.5]) },
      sampleIds: ['s1', 's2'],
      featureNames: ['f1', 'f2', 'f3'],
      annotations: {},
      rowIndices: Int32Array.from([0, 1]),
      missingCells: 1,
      warnings: [],
    };
    const out = floorMissing(d, { kind: 'floor-missing', value: 150 });
    // Cells 0 and 2 are 150 → missing; 150.5 is a value. 1 + 2 missing cells.
    expect(out.count).toBe(2);
    expect(Array.from(out.data.matrix.data).map(String)).toEqual(['NaN', '2000', 'NaN', '3000', 'NaN', '150.5']);
    expect(out.data.missingCells).toBe(3);
    expect(Array.from(d.matrix.data)[0]).toBe(150); // the input is not modified
    expect(describeStep({ kind: 'floor-missing', value: 150 })).toBe('Floor value 150 made missing (150 = not quantified)');
  });
});

/** A MaxQuant-like table: LFQ intensities (raw), `floorCells` of them written as 150 instead of 0. */
function maxquantText(floorCells: number, floor = 150): string {
  const header = ['Majority protein IDs', 'Gene names', 'LFQ intensity A', 'LFQ intensity B', 'LFQ intensity C', 'LFQ intensity D'];
  const body = Array.from({ length: 40 }, (_, r) => [
    `P${10000 + r}`,
    `G${r}`,
    ...[0, 1, 2, 3].map((c) => (r * 4 + c < floorCells ? String(floor) : String(10000 + 997 * r + 131 * c + (r * c) % 7))),
  ]);
  return [header, ...body].map((r) => r.join('\t')).join('\n');
}
const tableOf = (text: string, name = 'proteinGroups.txt') => parseTable(new TextEncoder().encode(text), name);

describe('proposed among raw intensities', () => {
  it('a MaxQuant table with 150 written 12 times: floor 150 before the log2, with its reason; 9 times: none', () => {
    const table = tableOf(maxquantText(12));
    const layout = completeLayout(table, recognizeLayout(table));
    // Decoys and contaminants by their id prefixes, zeros, the floor, log2, 70 %, scale.
    expect(layout.recipe.steps.map((s) => s.kind)).toEqual(['remove-flagged', 'remove-flagged', 'zeros-missing', 'floor-missing', 'transform', 'min-valid', 'scale']);
    expect(layout.recipe.steps[3]).toEqual({ kind: 'floor-missing', value: 150 });
    // The transform's reason stays first (the Prepare panel shows it as such), the floor's follows.
    expect(layout.reasons?.[0]).toMatch(/log2 proposed/);
    expect(layout.reasons?.[1]).toBe(
      '150 is the smallest value and occurs 12 times (no other value more than 1), more than ties of a measured intensity allow: it stands for “not quantified” and is read as missing (--floor none keeps it as a value).',
    );
    const d = prepare(table, layout.mapping, layout.recipe, { format: layout.format });
    const report = d.preparation?.find((r) => r.step === 'floor-missing');
    expect(report).toEqual({ step: 'floor-missing', label: 'Floor value 150 made missing (150 = not quantified)', count: 12 });
    const none = tableOf(maxquantText(9));
    expect(completeLayout(none, recognizeLayout(none)).recipe.steps.some((s) => s.kind === 'floor-missing')).toBe(false);
  });

  it('values already logarithmic get no log2, and no floor either', () => {
    const text = maxquantText(12, 7).replace(/\t(\d{5,})/g, (_, v: string) => `\t${(Math.log2(Number(v))).toFixed(4)}`).replace(/LFQ intensity/g, 'log2 LFQ');
    const table = tableOf(text, 'matrix.txt');
    const layout = completeLayout(table, recognizeLayout(table));
    expect(layout.recipe.steps.some((s) => s.kind === 'transform')).toBe(false);
    expect(layout.recipe.steps.some((s) => s.kind === 'floor-missing')).toBe(false);
  });

  it('the proposal as skfr cluster and the app make it: proposed, switched off by --floor none, and kept off when the columns are proposed again', () => {
    const table = tableOf(maxquantText(12));
    const layout = recognizeLayout(table);
    const input = { layout, mapping: layout.mapping, off: { keep: [], zeroIsValue: false }, proposable: true };
    const proposed = proposeRecipe(table, input, {}, 1);
    expect(proposed.recipe.steps.find((s) => s.kind === 'floor-missing')).toEqual({ kind: 'floor-missing', value: 150 });
    const off = proposeRecipe(table, input, { floor: null }, 1);
    expect(off.recipe.steps.some((s) => s.kind === 'floor-missing')).toBe(false);
    expect(off.reasons).toContain('Given instead of the proposal: --floor.');
    // The app: the user switched it off since the last proposal → given again as none.
    expect(givenChoices(off.recipe, proposed.proposed, proposed.base, false).floor).toBeNull();
    // Untouched → not given: the next proposal decides.
    expect(givenChoices(proposed.recipe, proposed.proposed, proposed.base, false).floor).toBeUndefined();
  });
});

describe('--floor', () => {
  const base: Recipe = { steps: [{ kind: 'zeros-missing' }] };
  it('parses a positive value or none, and refuses the rest in one sentence', () => {
    expect(parseFloor('150')).toBe(150);
    expect(parseFloor(' 1e3 ')).toBe(1000);
    expect(parseFloor('none')).toBeNull();
    for (const bad of ['0', '-150', 'abc', '', 'Infinity']) expect(() => parseFloor(bad)).toThrow(/--floor “.*” is not possible/);
  });

  it('is printed always, after the zeros and before the transform, and read back', () => {
    const withFloor = recipeFromChoices(base, { ...choicesOf(base, base), floor: 150.25 }, 1);
    expect(withFloor.steps).toEqual([{ kind: 'zeros-missing' }, { kind: 'floor-missing', value: 150.25 }]);
    const args = recipeToArgs(withFloor, base);
    expect(args.slice(0, 4)).toEqual(['--floor', '150.25', '--transform', 'none']);
    expect(parseFloor(args[1]!)).toBe(150.25);
    expect(choicesOf(withFloor, base).floor).toBe(150.25);
    expect(recipeToArgs(base, base).slice(0, 2)).toEqual(['--floor', 'none']);
  });
});

describe('sessions', () => {
  it('a recipe with a floor step is stored and read back; a session without one (saved before) still reads', () => {
    const withFloor = { steps: [{ kind: 'zeros-missing' }, { kind: 'floor-missing', value: 150 }, { kind: 'transform', base: 2, nonPositive: 'refuse' }] };
    expect(recipeSchema.parse(withFloor)).toEqual(withFloor);
    const before = { steps: [{ kind: 'zeros-missing' }, { kind: 'transform', base: 2, nonPositive: 'refuse' }] };
    expect(recipeSchema.parse(before)).toEqual(before);
    expect(recipeSchema.safeParse({ steps: [{ kind: 'floor-missing', value: 0 }] }).success).toBe(false);
    expect(recipeSchema.safeParse({ steps: [{ kind: 'floor-missing' }] }).success).toBe(false);
  });
});
