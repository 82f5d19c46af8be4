/**
 * The Prepare panel's pure helpers on tiny hand-checked recipes: every edit (transform, valid values,
 * normalisation, batch, imputation) keeps the canonical order flagged rows → zeros → transform → valid values →
 * normalisation → batch → imputation; the filter's amount as typed and in the other unit; the group proposed from the
 * value counts of a map; where the result warnings go; copying the reproduce command.
 */
import { describe, expect, it } from 'vitest';
import type { PrepStep, Recipe } from '../../core/table/types';
import type { ResultWarning } from '../../core/report/warnings';
import { recipeFromChoices, choicesOf } from '../../core/prepare/args';
import { annotationsFromValues, groupOrigin, proposedGroup, regroup } from '../../renderer/src/lib/group';
import {
  batchOf,
  canonical,
  convertAmount,
  dropSamplesOf,
  followScale,
  imputeOf,
  scaleStepOf,
  setScale,
  minValidOf,
  parseAmount,
  setBatch,
  setImpute,
  setMinValid,
  setDropSamples,
  setNormalize,
  setTransform,
  unbatch,
  ungroup,
  withAmount,
  withImputeSeed,
} from '../../renderer/src/lib/prepare-steps';
import { copyText } from '../../renderer/src/lib/clipboard';
import { commandPieces, shellWords } from '../../renderer/src/lib/command';
import { placeWarnings } from '../../renderer/src/lib/warnings';

const decoy: PrepStep = { kind: 'remove-flagged', flag: 'decoy', markerColumn: 'Reverse', idColumn: 'Protein IDs', prefixes: ['REV__'] };
const contaminant: PrepStep = { kind: 'remove-flagged', flag: 'contaminant', markerColumn: null, idColumn: 'Protein IDs', prefixes: ['CON__'] };
const zeros: PrepStep = { kind: 'zeros-missing' };
const log2: PrepStep = { kind: 'transform', base: 2, nonPositive: 'refuse' };
const filter70: PrepStep = { kind: 'min-valid', count: null, percent: 70, scope: 'total', group: null };

/** MaxQuant's proposal: decoys, contaminants, zeros, log2, 70 % in total. */
const maxquant: Recipe = { steps: [decoy, contaminant, zeros, log2, filter70] };
const kinds = (r: Recipe) => r.steps.map((s) => (s.kind === 'remove-flagged' ? `${s.kind}:${s.flag}` : s.kind));
const ORDER = ['remove-flagged:decoy', 'remove-flagged:contaminant', 'zeros-missing', 'transform', 'min-valid', 'normalize', 'impute'];

describe('where a group comes from (the valid-value filter says it)', () => {
  it('a sample table column, the file’s own annotations, or the sample names (a format’s name part)', () => {
    const design = { columns: [{ name: 'Sample', values: ['a_1', 'a_2'] }, { name: 'condition', values: ['a', 'a'] }] };
    expect(groupOrigin('condition', design, false)).toBe('of the sample table');
    expect(groupOrigin('condition', design, true)).toBe('of the file’s own sample annotations');
    // MaxQuant's `12500amol_1` → `name part 1` = 12500amol: the names say it, with or without a sample table.
    expect(groupOrigin('name part 1', null, false)).toBe('read from the sample names');
    expect(groupOrigin('name part 1', design, false)).toBe('read from the sample names');
  });
});

describe('recipe editing keeps the canonical order', () => {
  it('canonical sorts by kind and keeps the flagged rows in their order', () => {
    // Shuffled: impute, normalize, contaminant, log2, decoy, zeros → the order of core/prepare/args.ts.
    const shuffled = canonical([{ kind: 'impute', method: 'min', width: 0.3, shift: 1.8, seed: 1 }, { kind: 'normalize', method: 'median' }, contaminant, log2, zeros, decoy]);
    expect(kinds(shuffled)).toEqual(['remove-flagged:contaminant', 'remove-flagged:decoy', 'zeros-missing', 'transform', 'normalize', 'impute']);
  });

  it('adding normalisation and imputation after the filter lands them in place, whatever the order of the clicks', () => {
    const a = setNormalize(setImpute(maxquant, 'downshift', 7), true);
    const b = setImpute(setNormalize(maxquant, true), 'downshift', 7);
    expect(kinds(a)).toEqual(ORDER);
    expect(a).toEqual(b);
    expect(imputeOf(a)).toEqual({ kind: 'impute', method: 'downshift', width: 0.3, shift: 1.8, seed: 7 });
  });

  it('a transform added to a recipe that ends with imputation goes before the filter and the imputation', () => {
    const noLog = setTransform(setImpute(maxquant, 'min', 1), null);
    expect(kinds(noLog)).toEqual(['remove-flagged:decoy', 'remove-flagged:contaminant', 'zeros-missing', 'min-valid', 'impute']);
    const log10 = setTransform(noLog, 10, 'missing');
    expect(kinds(log10)).toEqual(['remove-flagged:decoy', 'remove-flagged:contaminant', 'zeros-missing', 'transform', 'min-valid', 'impute']);
    expect(log10.steps[3]).toEqual({ kind: 'transform', base: 10, nonPositive: 'missing' });
  });

  it('the filter taken out and put back returns to its place between transform and normalisation', () => {
    const off = setMinValid(setNormalize(maxquant, true), null);
    expect(minValidOf(off)).toBeNull();
    const on = setMinValid(off, { count: 3, percent: null, scope: 'each', group: 'condition' });
    expect(kinds(on)).toEqual(['remove-flagged:decoy', 'remove-flagged:contaminant', 'zeros-missing', 'transform', 'min-valid', 'normalize']);
    expect(minValidOf(on)).toEqual({ kind: 'min-valid', count: 3, percent: null, scope: 'each', group: 'condition' });
  });

  it('the edited recipe is the one the CLI flags build (same steps, same order)', () => {
    const edited = setImpute(setNormalize(setMinValid(maxquant, { count: null, percent: 70, scope: 'any', group: 'condition' }), true), 'downshift', 5);
    const base: Recipe = { steps: [decoy, contaminant, zeros] };
    expect(recipeFromChoices(base, choicesOf(edited, base), 5)).toEqual(edited);
  });

  it('dropping samples lands between the transform and the filter, as the CLI’s --drop-samples', () => {
    const on = setDropSamples(setNormalize(maxquant, true), 1);
    expect(kinds(on)).toEqual(['remove-flagged:decoy', 'remove-flagged:contaminant', 'zeros-missing', 'transform', 'drop-samples', 'min-valid', 'normalize']);
    expect(dropSamplesOf(setDropSamples(on, 3))).toEqual({ kind: 'drop-samples', minValues: 3 });
    expect(setDropSamples(on, 1)).toBe(on);
    expect(dropSamplesOf(setDropSamples(on, null))).toBeNull();
    const base: Recipe = { steps: [decoy, contaminant, zeros] };
    expect(recipeFromChoices(base, choicesOf(on, base), 1)).toEqual(on);
  });

  it('a filter without a group counts in total; an unchanged edit returns the same recipe', () => {
    const r = setMinValid(maxquant, { count: null, percent: 50, scope: 'any', group: null });
    expect(minValidOf(r)?.scope).toBe('total');
    expect(setTransform(maxquant, 2, 'refuse')).toBe(maxquant);
    expect(setNormalize(maxquant, false)).toBe(maxquant);
    expect(setImpute(maxquant, null, 1)).toBe(maxquant);
    expect(setMinValid(maxquant, { count: null, percent: 70, scope: 'total', group: null })).toBe(maxquant);
  });

  it('the impute step follows the run’s seed; nothing changes without one', () => {
    const r = setImpute(maxquant, 'downshift', 1);
    expect(imputeOf(withImputeSeed(r, 42))?.seed).toBe(42);
    expect(withImputeSeed(r, 1)).toBe(r);
    expect(withImputeSeed(maxquant, 42)).toBe(maxquant);
  });

  it('the batch step goes between the normalisation and the imputation, as the CLI flags build it', () => {
    const r = setBatch(setImpute(setNormalize(maxquant, true), 'min', 1), ['lab', 'plate']);
    expect(kinds(r)).toEqual([...ORDER.slice(0, -1), 'batch', 'impute']);
    expect(batchOf(r)).toEqual({ kind: 'batch', columns: ['lab', 'plate'], minPerBatch: 2 });
    const base: Recipe = { steps: [decoy, contaminant, zeros] };
    expect(recipeFromChoices(base, choicesOf(r, base), 1)).toEqual(r);
    expect(setBatch(r, ['lab', 'plate'])).toBe(r);
    expect(batchOf(setBatch(r, []))).toBeNull();
    expect(setBatch(maxquant, null)).toBe(maxquant);
    // A sample table's column that went away leaves the batch step, or the step with it.
    expect(batchOf(unbatch(r, ['plate']))?.columns).toEqual(['lab']);
    expect(batchOf(unbatch(r, ['lab', 'plate']))).toBeNull();
    expect(unbatch(r, ['condition'])).toBe(r);
  });

  it('a filter grouped by a column that went away filters in total, keeping its amount', () => {
    const grouped = setMinValid(maxquant, { count: 2, percent: null, scope: 'each', group: 'condition' });
    expect(minValidOf(ungroup(grouped, ['condition', 'replicate']))).toEqual({ kind: 'min-valid', count: 2, percent: null, scope: 'total', group: null });
    expect(ungroup(grouped, ['replicate'])).toBe(grouped);
  });
});

describe('the scale step (issue 24): last, following the transform until chosen, as skfr cluster', () => {
  const basis = { samplesAsColumns: true, quantity: 'LFQ intensity', raw: true, looksLogarithmic: false };
  const proposed = { steps: [...maxquant.steps, { kind: 'scale', method: 'pareto', reason: 'values are log2 intensities on one scale' } as const] };

  it('stays last whatever is added, and the CLI flags build the same recipe', () => {
    const edited = setImpute(setNormalize(proposed, true), 'min', 3);
    expect(kinds(edited)).toEqual([...ORDER, 'scale']);
    const base: Recipe = { steps: [decoy, contaminant, zeros] };
    expect(recipeFromChoices(base, choicesOf(edited, base), 3)).toEqual(edited);
  });

  it('no log → unit variance; log2 again → Pareto scaling (the rule skfr cluster follows for --transform without --scale)', () => {
    const noLog = followScale(setTransform(proposed, null), basis);
    expect(scaleStepOf(noLog)).toEqual({ kind: 'scale', method: 'unit-variance', reason: 'values are not on a log scale: each feature in its own units' });
    expect(followScale(setTransform(noLog, 2), basis)).toEqual(proposed);
    expect(followScale(proposed, basis)).toBe(proposed);
  });

  it('a chosen scale keeps the proposal’s reason when it agrees, and says it was chosen when not', () => {
    expect(setScale(proposed, 'pareto', basis)).toBe(proposed);
    expect(scaleStepOf(setScale(proposed, 'unit-variance', basis))).toEqual({ kind: 'scale', method: 'unit-variance', reason: 'chosen instead of the proposed Pareto scaling' });
    expect(scaleStepOf(setScale(proposed, 'none', basis))).toEqual({ kind: 'scale', method: 'none', reason: 'chosen instead of the proposed Pareto scaling' });
  });
});

describe('the filter’s amount', () => {
  it('percentages above 0 up to 100, whole numbers of values from 1', () => {
    expect(parseAmount('70', 'percent')).toEqual({ value: 70 });
    expect(parseAmount(' 62,5 ', 'percent')).toEqual({ value: 62.5 });
    expect(parseAmount('100', 'percent')).toEqual({ value: 100 });
    expect(parseAmount('0', 'percent')).toEqual({ error: '“0” % is not possible: a percentage is a number above 0 and at most 100.' });
    expect(parseAmount('101', 'percent')).toHaveProperty('error');
    expect(parseAmount('3', 'count')).toEqual({ value: 3 });
    expect(parseAmount('2.5', 'count')).toEqual({ error: '“2.5” values is not possible: the number of values is a whole number of at least 1.' });
    expect(parseAmount('abc', 'count')).toHaveProperty('error');
  });

  it('switching the unit says the same filter in the other unit', () => {
    const p70 = { count: null, percent: 70, scope: 'any' as const, group: 'condition' };
    // Groups of 5: 70 % of 5 = 3.5 → 4 values; back: 100 · 4 / 5 = 80 %.
    expect(convertAmount(p70, 'count', 5)).toEqual({ ...p70, count: 4, percent: null });
    expect(convertAmount({ ...p70, count: 4, percent: null }, 'percent', 5)).toEqual({ ...p70, percent: 80 });
    // 15 samples in total, 3 values → 20 %; 70 % of 1 sample rounds to 1 value, never 0.
    expect(convertAmount({ count: 3, percent: null, scope: 'total', group: null }, 'percent', 15).percent).toBe(20);
    expect(convertAmount({ count: null, percent: 10, scope: 'total', group: null }, 'count', 1).count).toBe(1);
    expect(convertAmount(p70, 'percent', 5)).toBe(p70);
    expect(withAmount(p70, 3, 'count')).toEqual({ ...p70, count: 3, percent: null });
  });
});

describe('the group proposed from a map’s value counts', () => {
  it('rebuilds the annotations from the counts', () => {
    expect(annotationsFromValues({ condition: [{ value: 'a', count: 2 }, { value: 'b', count: 1 }] })).toEqual({ condition: ['a', 'a', 'b'] });
  });

  it('a column named like a condition first, even with more groups', () => {
    // replicate: 2 groups of 3; condition: 3 groups (2, 2, 2). Name first: condition.
    const values = {
      replicate: [{ value: '1', count: 3 }, { value: '2', count: 3 }],
      condition: [{ value: 'H', count: 2 }, { value: 'L', count: 2 }, { value: 'N', count: 2 }],
    };
    expect(proposedGroup(values)).toBe('condition');
  });

  it('otherwise the column with the fewest groups', () => {
    // sex: 2 groups (score −2) beats donor: 3 groups (score −3).
    expect(proposedGroup({ donor: [{ value: 'p', count: 2 }, { value: 'q', count: 2 }, { value: 'r', count: 2 }], sex: [{ value: 'x', count: 3 }, { value: 'y', count: 3 }] })).toBe('sex');
  });

  it('never a batch column (plate, batch, site …), however few its groups', () => {
    expect(proposedGroup({ plate: [{ value: 'p', count: 2 }, { value: 'q', count: 2 }, { value: 'r', count: 2 }], batch: [{ value: 'x', count: 3 }, { value: 'y', count: 3 }] })).toBeNull();
    expect(proposedGroup({ site: [{ value: 'A', count: 10 }, { value: 'B', count: 10 }], level: [1, 2, 3, 4, 5].map((l) => ({ value: `S${l}`, count: 4 })) })).toBe('level');
  });

  it('groups read from names come after a sample table’s own group column, before any other', () => {
    const names = { 'group (from names)': [{ value: 'H', count: 2 }, { value: 'L', count: 2 }] };
    expect(proposedGroup({ ...names, condition: [{ value: 'a', count: 2 }, { value: 'b', count: 1 }, { value: 'c', count: 1 }] })).toBe('condition');
    expect(proposedGroup({ ...names, plate: [{ value: 'p', count: 2 }, { value: 'q', count: 2 }] })).toBe('group (from names)');
  });

  it('no group: one group only, one sample per group, or no annotation', () => {
    expect(proposedGroup({ condition: [{ value: 'a', count: 1 }, { value: 'b', count: 1 }, { value: 'c', count: 1 }] })).toBeNull();
    expect(proposedGroup({ condition: [{ value: 'a', count: 6 }] })).toBeNull();
    expect(proposedGroup({})).toBeNull();
  });

  it('regroup: the untouched 70 % filter follows the group; another amount or no filter stays', () => {
    expect(minValidOf(regroup(maxquant, 'condition'))).toEqual({ kind: 'min-valid', count: null, percent: 70, scope: 'any', group: 'condition' });
    expect(minValidOf(regroup(regroup(maxquant, 'condition'), null))).toEqual(filter70);
    expect(regroup(maxquant, null)).toBe(maxquant);
    const fifty = setMinValid(maxquant, { count: null, percent: 50, scope: 'total', group: null });
    expect(regroup(fifty, 'condition')).toBe(fifty);
    const none = setMinValid(maxquant, null);
    expect(regroup(none, 'condition')).toBe(none);
  });
});

describe('result warnings beside their figure', () => {
  const w = (about: ResultWarning['about'], code: ResultWarning['code']): ResultWarning => ({ about, code, message: `${code}.` });

  it('each to its figure; a gap warning without a gap chart goes to the top', () => {
    const all = [w('clusters', 'singleton-cluster'), w('features', 'mostly-imputed'), w('data', 'raw-untransformed'), w('gap', 's-at-range-end')];
    const placed = placeWarnings(all, { gap: true });
    expect(placed.clusters.map((x) => x.code)).toEqual(['singleton-cluster']);
    expect(placed.features.map((x) => x.code)).toEqual(['mostly-imputed']);
    expect(placed.data.map((x) => x.code)).toEqual(['raw-untransformed']);
    expect(placed.gap.map((x) => x.code)).toEqual(['s-at-range-end']);
    expect(placeWarnings(all, { gap: false }).data.map((x) => x.code)).toEqual(['raw-untransformed', 's-at-range-end']);
  });
});

describe('copying the reproduce command', () => {
  it('the clipboard first; refused, the text is selected and "copy" tried; that refused too, it stays selected', async () => {
    const calls: string[] = [];
    const host = (clipboard: boolean | 'refuse', exec: boolean) => ({
      clipboard: clipboard
        ? { writeText: async (t: string) => { calls.push(`write ${t}`); if (clipboard === 'refuse') throw new Error('NotAllowedError'); } }
        : undefined,
      select: () => calls.push('select'),
      execCopy: () => (calls.push('exec'), exec),
    });
    expect(await copyText('skfr cluster a.txt', host(true, false))).toBe('copied');
    expect(calls).toEqual(['write skfr cluster a.txt']);
    calls.length = 0;
    expect(await copyText('x', host('refuse', true))).toBe('copied');
    expect(calls).toEqual(['write x', 'select', 'exec']);
    calls.length = 0;
    expect(await copyText('x', host(false, false))).toBe('selected');
    expect(calls).toEqual(['select', 'exec']);
  });
});

describe('the reproduce command cut for display', () => {
  it('shell words keep their quotes; options keep their values; joined again it is the command', () => {
    const command = "skfr cluster 'my file.txt' --quantity 'LFQ intensity' --samples-as-columns --class-column 'it'\\''s' --k 3";
    expect(shellWords(command)).toEqual(['skfr', 'cluster', "'my file.txt'", '--quantity', "'LFQ intensity'", '--samples-as-columns', '--class-column', "'it'\\''s'", '--k', '3']);
    // --samples-as-columns is followed by another option: it stands alone.
    expect(commandPieces(command)).toEqual(['skfr', 'cluster', "'my file.txt'", "--quantity 'LFQ intensity'", '--samples-as-columns', "--class-column 'it'\\''s'", '--k 3']);
    expect(commandPieces(command).join(' ')).toBe(command);
  });
});
