// @vitest-environment happy-dom
/**
 * The Prepare panel's store behaviour against a stub SkfrApi: a step that fails (its map refused) goes back to
 * the last recipe that worked, with its sentence for the panel and the previous counts kept; the untouched
 * valid-value filter follows the sample table (70 % in at least one "condition" once attached, in total once
 * removed) and stops following it once edited; the down-shifted normal follows the run's seed into the fit.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { JobResponse, OpenResult } from '../../core/jobs/types';
import type { Layout, Mapping, Recipe, SampleTable } from '../../core/table/types';
import { setApi } from '../../renderer/src/bridge/api';
import { imputeOf, minValidOf, setImpute, setMinValid, setTransform } from '../../renderer/src/lib/prepare-steps';
import { useAnalysisStore } from '../../renderer/src/stores/analysis';
import { useDatasetStore } from '../../renderer/src/stores/dataset';
import { useUiStore } from '../../renderer/src/stores/ui';
import { answerByType, columnSummary, columnsMapping, fitView, lastOf, mapResponse, openResult, stubApi } from './fixtures';

const lfq = ['LFQ intensity A1', 'LFQ intensity A2', 'LFQ intensity B1', 'LFQ intensity B2'];
const recipe: Recipe = {
  steps: [
    { kind: 'zeros-missing' },
    { kind: 'transform', base: 2, nonPositive: 'refuse' },
    { kind: 'min-valid', count: null, percent: 70, scope: 'total', group: null },
  ],
};

const layout: Layout = {
  format: 'maxquant',
  formatLabel: 'MaxQuant proteinGroups',
  quantities: [{ name: 'LFQ intensity', columns: lfq, raw: true }],
  quantity: 'LFQ intensity',
  mapping: columnsMapping({ sampleColumns: lfq, featureLabelColumns: ['Gene names'] }),
  recipe,
  description: 'MaxQuant proteinGroups, LFQ intensity, 4 samples × 3 protein groups',
  embeddedDesign: false,
  reasons: ['Values between 1e5 and 1e9 (1st to 99th percentile) span 4.0 orders of magnitude and are right-skewed (mean 2e7 vs median 1e6): raw intensities, log2 proposed.'],
};

const opened: OpenResult = openResult({
  fileName: 'proteinGroups.txt',
  format: 'tsv',
  sheets: ['proteinGroups'],
  sheet: 'proteinGroups',
  columns: ['Gene names', ...lfq].map((name) => columnSummary(name, name.startsWith('LFQ') ? 'numeric' : 'text', { distinctCount: 3 })),
  layout,
});

const design: SampleTable = {
  source: 'design.txt',
  sampleColumn: null,
  columns: [
    { name: 'label', values: ['A1', 'A2', 'B1', 'B2'] },
    { name: 'condition', values: ['a', 'a', 'b', 'b'] },
  ],
};

function mapResult(mapping: Mapping, r: Recipe, n: number): JobResponse {
  return mapResponse({
    n,
    p: 3,
    featureNames: ['G1', 'G2', 'G3'],
    sampleIds: ['A1', 'A2', 'B1', 'B2'],
    preparation: [{ step: 'read', label: 'Rows (features) read', count: 3 }, ...r.steps.map((s) => ({ step: s.kind, label: s.kind, count: 1 }))],
    annotationNames: mapping.design ? ['label', 'condition'] : [],
    annotationValues: mapping.design
      ? { label: ['A1', 'A2', 'B1', 'B2'].map((value) => ({ value, count: 1 })), condition: [{ value: 'a', count: 2 }, { value: 'b', count: 2 }] }
      : {},
  });
}

/** A host whose map refuses log10 (as the core refuses a log of zeros); every request is logged. */
function host() {
  return stubApi(
    answerByType({
      open: () => ({ ok: true, type: 'open', result: opened }),
      design: () => ({ ok: true, type: 'design', result: { table: design, sheets: ['design'], sheet: 'design' } }),
      map: (r) =>
        r.recipe?.steps.some((s) => s.kind === 'transform' && s.base === 10)
          ? { ok: false, type: 'map', error: { code: 'invalid-option', message: '3 values are 0 or negative and have no logarithm (A1 × G1 = 0): read zeros as “not quantified”, or choose to make such values missing.' } }
          : mapResult(r.mapping, r.recipe ?? { steps: [] }, 4),
      fit: () => ({ ok: true, type: 'fit', result: fitView({ fileName: 'proteinGroups.txt', warnings: [], command: 'skfr cluster …' }) }),
    }),
  );
}

beforeEach(() => {
  setActivePinia(createPinia());
});

describe('the Prepare panel’s store', () => {
  it('a step that fails goes back to the recipe that worked, says why, and keeps the counts before it', async () => {
    const { api, log } = host();
    setApi(api);
    const dataset = useDatasetStore();
    await dataset.openPath('/data/proteinGroups.txt');
    await vi.waitFor(() => expect(dataset.mapResult).not.toBeNull());
    const before = dataset.mapResult;
    dataset.setRecipe(setTransform(dataset.recipe, 10));
    expect(dataset.recipe.steps[1]).toEqual({ kind: 'transform', base: 10, nonPositive: 'refuse' });
    await vi.waitFor(() => expect(dataset.prepError?.message).toMatch(/^3 values are 0 or negative/));
    expect(dataset.recipe).toEqual(recipe);
    expect(dataset.mapResult).toBe(before);
    expect(dataset.mapError).toBeNull();
    expect(useUiStore().notice).toBeNull(); // said beside the panel, not in the window's banner
    expect(lastOf(log, 'map')?.recipe?.steps[1]).toEqual({ kind: 'transform', base: 10, nonPositive: 'refuse' });
    // The next change that works clears the sentence.
    dataset.setRecipe(setTransform(dataset.recipe, 2, 'missing'));
    expect(dataset.prepError).toBeNull();
    await vi.waitFor(() => expect(lastOf(log, 'map')?.recipe?.steps[1]).toEqual({ kind: 'transform', base: 2, nonPositive: 'missing' }));
  });

  it('the untouched filter groups by the sample table’s condition, back to total when it is removed; an edited one stays', async () => {
    const { api, log } = host();
    setApi(api);
    const dataset = useDatasetStore();
    await dataset.openPath('/data/proteinGroups.txt');
    await vi.waitFor(() => expect(dataset.mapResult).not.toBeNull());
    expect(minValidOf(dataset.recipe)?.scope).toBe('total');
    await dataset.attachDesignPath('/data/design.txt');
    await vi.waitFor(() => expect(minValidOf(dataset.recipe)).toEqual({ kind: 'min-valid', count: null, percent: 70, scope: 'any', group: 'condition' }));
    await vi.waitFor(() => expect(minValidOf(lastOf(log, 'map')?.recipe)?.group).toBe('condition'));
    dataset.removeDesign();
    expect(minValidOf(dataset.recipe)).toEqual({ kind: 'min-valid', count: null, percent: 70, scope: 'total', group: null });
    await vi.waitFor(() => expect(lastOf(log, 'map')?.mapping.design).toBeNull());
    expect(minValidOf(lastOf(log, 'map')?.recipe)?.group).toBeNull();

    dataset.setRecipe(setMinValid(dataset.recipe, { count: 2, percent: null, scope: 'total', group: null }), { filter: true });
    await dataset.attachDesignPath('/data/design.txt');
    await vi.waitFor(() => expect(dataset.annotationNames).toContain('condition'));
    await new Promise((r) => setTimeout(r, 300));
    expect(minValidOf(dataset.recipe)).toEqual({ kind: 'min-valid', count: 2, percent: null, scope: 'total', group: null });
  });

  it('the down-shifted normal is drawn from the run’s seed, and follows it into the fit', async () => {
    const { api, log } = host();
    setApi(api);
    const dataset = useDatasetStore();
    const analysis = useAnalysisStore();
    await dataset.openPath('/data/proteinGroups.txt');
    await vi.waitFor(() => expect(dataset.mapResult).not.toBeNull());
    dataset.setRecipe(setImpute(dataset.recipe, 'downshift', analysis.seed ?? 1));
    expect(imputeOf(dataset.recipe)?.seed).toBe(1);
    analysis.form.seed = '9';
    await vi.waitFor(() => expect(imputeOf(dataset.recipe)?.seed).toBe(9));
    await vi.waitFor(() => expect(imputeOf(lastOf(log, 'map')?.recipe)?.seed).toBe(9));
    analysis.form.seed = 'x'; // not a seed: the step keeps the last one
    await new Promise((r) => setTimeout(r, 50));
    expect(imputeOf(dataset.recipe)?.seed).toBe(9);
    analysis.form.seed = '9';
    await vi.waitFor(() => expect(analysis.validated.settings).not.toBeNull());
    await analysis.run();
    expect(imputeOf(lastOf(log, 'fit')?.recipe)).toEqual({ kind: 'impute', method: 'downshift', width: 0.3, shift: 1.8, seed: 9 });
  });
});
