/** The reproduce command: words derived from the objects that ran, quoted for a POSIX shell. */
import { describe, expect, it } from 'vitest';
import { reproduceArgs, reproduceCommand, shellQuote } from '../../core/report/command.js';
import type { Layout, Mapping } from '../../core/table/types.js';

const settings = { k: 3, s: 10, variant: 'global', loss: 'squared', restarts: 20, seed: 7, maxIterations: 100 } as const;
const columns: Mapping = {
  orientation: 'samples-as-columns', idColumn: null, annotationColumns: [], featureColumns: null, filters: [],
  sampleColumns: ['LFQ intensity A', 'LFQ intensity B'], featureLabelColumns: ['Gene names', 'Majority protein IDs'],
};
const layout: Pick<Layout, 'format' | 'quantity' | 'mapping' | 'recipe'> = {
  format: 'maxquant', quantity: 'LFQ intensity', mapping: columns,
  recipe: { steps: [{ kind: 'remove-flagged', flag: 'decoy', markerColumn: 'Reverse', idColumn: null, prefixes: [] }, { kind: 'zeros-missing' }] },
};

describe('reproduceCommand', () => {
  it('quotes only what the shell would split or expand', () => {
    expect(shellQuote('mice.csv')).toBe('mice.csv');
    expect(shellQuote('LFQ intensity')).toBe(`'LFQ intensity'`);
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });

  it('a MaxQuant run: the format, quantity, design, class, preparation flags and every setting', () => {
    const mapping = { ...columns, design: { source: 'design.txt', sampleColumn: null, columns: [] } };
    const recipe = { steps: [...layout.recipe.steps, { kind: 'transform', base: 2, nonPositive: 'refuse' } as const] };
    expect(reproduceCommand({ fileName: 'proteinGroups.txt', sheet: null, headerRow: 1, layout, format: 'maxquant', quantity: 'LFQ intensity', mapping, recipe, settings, classColumn: 'condition' })).toBe(
      "skfr cluster proteinGroups.txt --format maxquant --quantity 'LFQ intensity' --samples-as-columns --design design.txt --class-column condition " +
        '--floor none --transform log2 --min-valid none --normalize none --impute kpod --scale unit-variance --k 3 --s 10 --variant global --loss squared --restarts 20 --seed 7 --max-iter 100',
    );
    // The recipe's scale step is printed as it is (a recipe without one fits with unit variance, as said above).
    const centred = { steps: [...recipe.steps, { kind: 'scale', method: 'none', reason: 'values are log2 intensities on one scale' } as const] };
    expect(reproduceArgs({ fileName: 'proteinGroups.txt', sheet: null, headerRow: 1, layout, format: 'maxquant', quantity: 'LFQ intensity', mapping, recipe: centred, settings, classColumn: 'condition' }).join(' ')).toContain(
      '--impute kpod --scale none --k 3',
    );
  });

  it('other sample columns than recognised are named exactly; a workbook sheet and header row are given', () => {
    const mapping = { ...columns, sampleColumns: ['LFQ intensity A'] };
    const args = reproduceArgs({ fileName: 's.xlsx', sheet: 'Raw data', headerRow: 2, layout, format: 'maxquant', quantity: 'LFQ intensity', mapping, recipe: layout.recipe, settings, classColumn: null });
    expect(args.slice(3, 7)).toEqual(['--sheet', 'Raw data', '--header-row', '2']);
    expect(args[args.indexOf('--sample-columns') + 1]).toBe('^(LFQ intensity A)$');
  });

  it('a switched quantity is named by --quantity alone, a subset of its columns by --sample-columns alone (the CLI takes one or the other)', () => {
    const offered = { ...layout, quantities: [
      { name: 'LFQ intensity', columns: ['LFQ intensity A', 'LFQ intensity B'], raw: true },
      { name: 'iBAQ', columns: ['iBAQ A', 'iBAQ B'], raw: true },
    ] };
    const ibaq = { ...columns, sampleColumns: ['iBAQ A', 'iBAQ B'] };
    const input = { fileName: 'pg.txt', sheet: null, headerRow: 1, layout: offered, format: 'maxquant' as const, recipe: layout.recipe, settings, classColumn: null };
    const switched = reproduceArgs({ ...input, quantity: 'iBAQ', mapping: ibaq });
    expect(switched.slice(3, 7)).toEqual(['--format', 'maxquant', '--quantity', 'iBAQ']);
    expect(switched).not.toContain('--sample-columns');
    const subset = reproduceArgs({ ...input, quantity: 'iBAQ', mapping: { ...ibaq, sampleColumns: ['iBAQ A'] } });
    expect(subset).not.toContain('--quantity');
    expect(subset[subset.indexOf('--sample-columns') + 1]).toBe('^(iBAQ A)$');
  });

  it('sample columns chosen by a pattern on a table recognised with samples as rows: the pattern is given (it was dropped)', () => {
    const rows: Mapping = { orientation: 'samples-as-rows', idColumn: null, annotationColumns: [], featureColumns: null, filters: [] };
    const plainLayout = { format: 'table' as const, quantity: null, mapping: rows, recipe: { steps: [] } };
    const mapping: Mapping = { ...columns, sampleColumns: null, sampleColumnsMatch: '^[AB]_', featureLabelColumns: ['thing'] };
    const args = reproduceArgs({ fileName: 'plain.csv', sheet: null, headerRow: 1, layout: plainLayout, format: 'table', quantity: null, mapping, recipe: { steps: [] }, settings, classColumn: null });
    expect(args.join(' ')).toContain('--samples-as-columns --sample-columns ^[AB]_ --feature-column thing');
  });

  it('the sample table’s name column and its join in file order, when chosen', () => {
    const design = { source: 'book.xlsx ▸ Samples', sampleColumn: 'run', columns: [], order: 'file' as const };
    const args = reproduceArgs({ fileName: 'proteinGroups.txt', sheet: null, headerRow: 1, layout, format: 'maxquant', quantity: 'LFQ intensity', mapping: { ...columns, design }, recipe: layout.recipe, settings, classColumn: null });
    expect(args.join(' ')).toContain('--design book.xlsx:Samples --design-column run --design-order file');
    const byNames = reproduceArgs({ fileName: 'p.txt', sheet: null, headerRow: 1, layout, format: 'maxquant', quantity: 'LFQ intensity', mapping: { ...columns, design: { ...design, sampleColumn: null, order: 'names' } }, recipe: layout.recipe, settings, classColumn: null });
    expect(byNames.join(' ')).not.toMatch(/--design-(column|order)/);
  });

  it('rows mode: --features only when they differ from the CLI default; tuning instead of --s', () => {
    const rows: Mapping = { orientation: 'samples-as-rows', idColumn: 'MouseID', annotationColumns: ['Genotype', 'class'], featureColumns: ['a', 'b'], filters: [{ column: 'Genotype', values: ['Control'] }] };
    const base = { fileName: 'mice.csv', sheet: null, headerRow: 1, layout: { ...layout, format: 'table' as const, quantity: null, recipe: { steps: [] } }, format: 'table' as const, quantity: null, mapping: rows, recipe: { steps: [] }, classColumn: 'class' };
    const args = reproduceArgs({ ...base, settings: { ...settings, s: undefined, tune: { from: 1, to: 20, step: 1, permutations: 10 } }, defaultFeatures: ['a', 'b'] });
    expect(args).not.toContain('--features');
    expect(args).not.toContain('--annotation-columns');
    expect(args.join(' ')).toContain('--where Genotype=Control --class-column class');
    expect(args.join(' ')).toContain('--tune-s 1:20 --permutations 10');
    expect(reproduceArgs({ ...base, settings, defaultFeatures: ['a', 'b', 'c'] }).join(' ')).toContain('--features a,b');
  });

  describe('issue 13: the rule for s, the range of k, stability', () => {
    const rows: Mapping = { orientation: 'samples-as-rows', idColumn: 'id', annotationColumns: ['class'], featureColumns: null, filters: [] };
    const input = { fileName: 'sim.csv', sheet: null, headerRow: 1, layout: { ...layout, format: 'table' as const, quantity: null, recipe: { steps: [] } }, format: 'table' as const, quantity: null, mapping: rows, recipe: { steps: [] }, classColumn: 'class' };
    const tune = { from: 1, to: 50, step: 1, permutations: 10 };
    const words = (extra: object) => reproduceArgs({ ...input, settings: { ...settings, ...extra } }).join(' ');

    it('--s-rule only when it is not the default (knee-se), and only with --tune-s', () => {
      expect(words({ s: undefined, tune, sRule: 'argmax' })).toContain('--tune-s 1:50 --s-rule argmax --permutations 10');
      expect(words({ s: undefined, tune, sRule: 'knee-se' })).not.toContain('--s-rule');
      expect(words({ s: undefined, tune })).not.toContain('--s-rule');
      expect(words({ sRule: 'argmax' })).not.toContain('--s-rule');
    });

    it('--tune-k instead of --k; with --tune-s, --k only when the search starts elsewhere than FROM', () => {
      const alone = words({ tuneK: { from: 3, to: 15 } });
      expect(alone).toContain('--tune-k 3:15 --s 10 --variant');
      expect(alone).not.toMatch(/--k \d/);
      expect(alone).not.toContain('--permutations');
      expect(words({ tuneK: { from: 3, to: 15, permutations: 5 } })).toContain('--tune-k 3:15 --s 10 --permutations 5 --variant');
      expect(words({ k: 3, s: undefined, tune, tuneK: { from: 3, to: 15 } })).toContain(' --tune-k 3:15 --tune-s 1:50 --permutations 10');
      expect(words({ k: 3, s: undefined, tune, tuneK: { from: 3, to: 15 } })).not.toMatch(/--k \d/);
      expect(words({ k: 5, s: undefined, tune, tuneK: { from: 3, to: 15 } })).toContain('--k 5 --tune-k 3:15 --tune-s 1:50');
    });

    it('--stability B after the sparsity', () => {
      expect(words({ stability: { subsamples: 50 } })).toContain('--k 3 --s 10 --stability 50 --variant global');
      expect(words({})).not.toContain('--stability');
    });
  });
});
