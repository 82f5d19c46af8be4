/** The recipe as CLI flags and back: hand-written cases, then the round trip for any recipe (property). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choicesOf, parseBatch, parseDropSamples, parseFloor, parseMinValid, parseScale, parseTransform, recipeFromChoices, recipeToArgs, type RecipeChoices } from '../../core/prepare/args.js';
import type { Recipe } from '../../core/table/types.js';

const MAXQUANT: Recipe = {
  steps: [
    { kind: 'remove-flagged', flag: 'decoy', markerColumn: 'Reverse', idColumn: 'Majority protein IDs', prefixes: ['REV__'] },
    { kind: 'remove-flagged', flag: 'contaminant', markerColumn: 'Potential contaminant', idColumn: 'Majority protein IDs', prefixes: ['CON__'] },
    { kind: 'remove-flagged', flag: 'site-only', markerColumn: 'Only identified by site', idColumn: null, prefixes: [] },
    { kind: 'zeros-missing' },
  ],
};

describe('recipe flags', () => {
  it('parses the documented forms and refuses the rest in one sentence', () => {
    expect(parseTransform('log2')).toEqual({ base: 2, nonPositive: 'refuse' });
    expect(parseTransform('log10:missing')).toEqual({ base: 10, nonPositive: 'missing' });
    expect(parseTransform('none')).toBeNull();
    expect(() => parseTransform('ln')).toThrow(/--transform “ln” is not possible/);
    expect(parseMinValid('70%:any:condition')).toEqual({ count: null, percent: 70, scope: 'any', group: 'condition' });
    expect(parseMinValid('3')).toEqual({ count: 3, percent: null, scope: 'total', group: null });
    expect(parseMinValid('50%:heart region')).toEqual({ count: null, percent: 50, scope: 'any', group: 'heart region' });
    expect(() => parseMinValid('70%:each')).toThrow(/name the group column/);
    expect(() => parseMinValid('120%')).toThrow(/between 0 and 100/);
    expect(parseBatch('lab')).toEqual({ columns: ['lab'], minPerBatch: 2 });
    expect(parseBatch(' lab , TMT set ', '3')).toEqual({ columns: ['lab', 'TMT set'], minPerBatch: 3 });
    expect(parseBatch('none')).toBeNull();
    expect(() => parseBatch('lab,')).toThrow(/--batch “lab,” names an empty column/);
    expect(() => parseBatch('lab', '0')).toThrow(/--batch-min “0” is not possible/);
    expect(() => parseBatch('none', '3')).toThrow(/--batch-min applies only with --batch/);
    expect(parseDropSamples('empty')).toBe(1);
    expect(parseDropSamples('3')).toBe(3);
    expect(parseDropSamples('none')).toBeNull();
    for (const bad of ['0', '-1', '2.5', 'all', '']) expect(() => parseDropSamples(bad)).toThrow(/--drop-samples “.*” is not possible/);
  });

  it('dropping samples: printed only when asked for, after the transform and before the valid-value filter', () => {
    const base = { keep: [], zeroIsValue: false, transform: { base: 2, nonPositive: 'refuse' }, minValid: { count: null, percent: 70, scope: 'total', group: null }, normalize: false, batch: null, impute: null, scale: null } as const;
    const none = recipeFromChoices(MAXQUANT, { ...base, keep: [] }, 1);
    expect(recipeToArgs(none, MAXQUANT)).not.toContain('--drop-samples');
    const empty = recipeFromChoices(MAXQUANT, { ...base, keep: [], dropSamples: 1 }, 1);
    expect(empty.steps.map((s) => s.kind).slice(-3)).toEqual(['transform', 'drop-samples', 'min-valid']);
    expect(recipeToArgs(empty, MAXQUANT)).toEqual(['--floor', 'none', '--transform', 'log2', '--drop-samples', 'empty', '--min-valid', '70%', '--normalize', 'none', '--impute', 'kpod', '--scale', 'unit-variance']);
    expect(recipeToArgs(recipeFromChoices(MAXQUANT, { ...base, keep: [], dropSamples: 5 }, 1), MAXQUANT)).toContain('5');
    expect(choicesOf(empty, MAXQUANT).dropSamples).toBe(1);
  });

  it('the MaxQuant defaults with log2 and 70 % in a condition read as flags', () => {
    const recipe = recipeFromChoices(MAXQUANT, { keep: [], zeroIsValue: false, transform: { base: 2, nonPositive: 'refuse' }, minValid: { count: null, percent: 70, scope: 'any', group: 'condition' }, normalize: false, batch: null, impute: null, scale: { method: 'none', reason: 'values are log2 intensities on one scale' } }, 1);
    expect(recipeToArgs(recipe, MAXQUANT)).toEqual(['--floor', 'none', '--transform', 'log2', '--min-valid', '70%:any:condition', '--normalize', 'none', '--impute', 'kpod', '--scale', 'none']);
    expect(recipe.steps.at(-1)).toEqual({ kind: 'scale', method: 'none', reason: 'values are log2 intensities on one scale' });
    // A recipe without a scale step (an old session) fits with unit variance, and says so.
    expect(recipeToArgs({ steps: [] }, { steps: [] }).slice(-2)).toEqual(['--scale', 'unit-variance']);
    expect(parseScale('none')).toBe('none');
    expect(parseScale(' pareto ')).toBe('pareto');
    expect(() => parseScale('z-score')).toThrow(/--scale “z-score” is not possible/);
    const kept = recipeFromChoices(MAXQUANT, { ...choicesOf(recipe, MAXQUANT), keep: ['decoy'], zeroIsValue: true }, 1);
    expect(recipeToArgs(kept, MAXQUANT).slice(0, 2)).toEqual(['--keep-decoys', '--zero-is-value']);
    // The batch step after the normalisation, before the imputation; --batch-min only when not the default.
    const batched = recipeFromChoices(MAXQUANT, { ...choicesOf(recipe, MAXQUANT), normalize: true, batch: { columns: ['lab', 'plate'], minPerBatch: 2 }, impute: 'min' }, 1);
    expect(batched.steps.slice(-4).map((s) => s.kind)).toEqual(['normalize', 'batch', 'impute', 'scale']);
    expect(recipeToArgs(batched, MAXQUANT).slice(-7)).toEqual(['median', '--batch', 'lab,plate', '--impute', 'min', '--scale', 'none']);
    const three = recipeFromChoices(MAXQUANT, { ...choicesOf(recipe, MAXQUANT), batch: { columns: ['lab'], minPerBatch: 3 } }, 1);
    expect(recipeToArgs(three, MAXQUANT)).toContain('--batch-min');
  });

  it('property: flags → recipe → flags → recipe is the same recipe', () => {
    const choices = fc.record<RecipeChoices>({
      keep: fc.subarray(['decoy', 'contaminant', 'site-only'] as const),
      zeroIsValue: fc.boolean(),
      transform: fc.option(fc.record({ base: fc.constantFrom(2 as const, 10 as const), nonPositive: fc.constantFrom('refuse' as const, 'missing' as const) }), { nil: null }),
      dropSamples: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
      minValid: fc.option(
        fc.oneof(
          fc.record({ count: fc.integer({ min: 1, max: 50 }), percent: fc.constant(null), scope: fc.constant('total' as const), group: fc.constant(null) }),
          fc.record({ count: fc.constant(null), percent: fc.integer({ min: 1, max: 100 }), scope: fc.constantFrom('each' as const, 'any' as const), group: fc.constantFrom('condition', 'heart region', 'Group:A') }),
        ),
        { nil: null },
      ),
      normalize: fc.boolean(),
      // A floor value: any positive double, printed and parsed back exactly (String ↔ Number round-trips).
      floor: fc.option(fc.double({ min: 1e-3, max: 1e12, noNaN: true }), { nil: null }),
      batch: fc.option(
        fc.record({ columns: fc.subarray(['lab', 'TMT set', 'plate:2', 'run date'], { minLength: 1 }), minPerBatch: fc.integer({ min: 1, max: 6 }) }),
        { nil: null },
      ),
      impute: fc.constantFrom(null, 'downshift' as const, 'min' as const),
      // The reason is not a flag (skfr cluster gives it again): the words carry the method.
      scale: fc.record({ method: fc.constantFrom('unit-variance' as const, 'none' as const) }),
    });
    fc.assert(
      fc.property(choices, fc.integer({ min: 0, max: 2 ** 32 - 1 }), (c, seed) => {
        const recipe = recipeFromChoices(MAXQUANT, c, seed);
        const back = recipeFromChoices(MAXQUANT, choicesOf(recipe, MAXQUANT), seed);
        expect(back).toEqual(recipe);
        // And through the printed words, as the CLI parses them.
        const args = recipeToArgs(recipe, MAXQUANT);
        const value = (flag: string) => args[args.indexOf(flag) + 1]!;
        const parsed = recipeFromChoices(
          MAXQUANT,
          {
            keep: (['decoy', 'contaminant', 'site-only'] as const).filter((f) => args.includes(f === 'decoy' ? '--keep-decoys' : f === 'contaminant' ? '--keep-contaminants' : '--keep-site-only')),
            zeroIsValue: args.includes('--zero-is-value'),
            floor: parseFloor(value('--floor')),
            transform: parseTransform(value('--transform')),
            dropSamples: args.includes('--drop-samples') ? parseDropSamples(value('--drop-samples')) : null,
            minValid: parseMinValid(value('--min-valid')),
            normalize: value('--normalize') === 'median',
            batch: args.includes('--batch') ? parseBatch(value('--batch'), args.includes('--batch-min') ? value('--batch-min') : undefined) : null,
            impute: value('--impute') === 'kpod' ? null : (value('--impute') as 'downshift' | 'min'),
            scale: { method: parseScale(value('--scale')) },
          },
          seed,
        );
        expect(parsed).toEqual(recipe);
      }),
      { numRuns: 300 },
    );
  });
});
