// @vitest-environment happy-dom
/**
 * The dataset and analysis stores on a recognised proteins × samples table, against a stub SkfrApi: the layout's
 * mapping and recipe are adopted and sent with every map and fit; the quantity switch; a sample sheet of the
 * workbook attached (design job) and offered as the known class; a sample table that matches no sample is taken
 * off again with the banner; "header is on row N" re-reads the sheet and keeps the attached sample table.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { JobRequest, JobResponse, MapResult, OpenResult } from '../../core/jobs/types';
import type { Layout, Mapping, SampleTable } from '../../core/table/types';
import { setApi } from '../../renderer/src/bridge/api';
import { useAnalysisStore } from '../../renderer/src/stores/analysis';
import { useDatasetStore } from '../../renderer/src/stores/dataset';
import { useUiStore } from '../../renderer/src/stores/ui';
import { answerByType, columnSummary, columnsMapping, fitView, lastOf, mapResponse, openResult, stubApi } from './fixtures';

const lfq = ['LFQ intensity A1', 'LFQ intensity A2', 'LFQ intensity B1', 'LFQ intensity B2'];
const intensity = ['Intensity A1', 'Intensity A2', 'Intensity B1', 'Intensity B2'];
const decoy = { kind: 'remove-flagged', flag: 'decoy', markerColumn: 'Reverse', idColumn: 'Protein IDs', prefixes: ['REV__'] } as const;

const layout: Layout = {
  format: 'maxquant',
  formatLabel: 'MaxQuant proteinGroups',
  quantities: [
    { name: 'LFQ intensity', columns: lfq, raw: null },
    { name: 'Intensity', columns: intensity, raw: true },
  ],
  quantity: 'LFQ intensity',
  mapping: columnsMapping({
    sampleColumns: lfq,
    featureLabelColumns: ['Gene names', 'Protein IDs'],
    featureAnnotationColumns: ['Protein IDs'],
  }),
  recipe: { steps: [{ ...decoy, prefixes: [...decoy.prefixes] }, { kind: 'zeros-missing' }] },
  description: 'MaxQuant proteinGroups, LFQ intensity, 4 samples × 3 protein groups',
  embeddedDesign: false,
};

const opened: OpenResult = openResult({
  fileName: 'study.xlsx',
  format: 'xlsx',
  sheets: ['proteinGroups', 'Samples'],
  sheet: 'proteinGroups',
  columns: ['Protein IDs', 'Gene names', 'Reverse', ...intensity, ...lfq].map((name) =>
    columnSummary(name, /intensity/i.test(name) ? 'numeric' : 'text', { distinctCount: 3 }),
  ),
  layout,
  headerRow: 2,
  titleRows: ['Protein groups of the study'],
});

const design: SampleTable = {
  source: 'study.xlsx ▸ Samples',
  sampleColumn: null,
  columns: [
    { name: 'sample', values: ['A1', 'A2', 'B1', 'B2'] },
    { name: 'condition', values: ['a', 'a', 'b', 'b'] },
  ],
};

function mapResult(mapping: Mapping, annotations: Pick<MapResult, 'annotationNames' | 'annotationValues'> | null = null): JobResponse {
  const n = mapping.sampleColumns?.length ?? 0;
  return mapResponse({
    n,
    p: 3,
    featureNames: ['G1', 'G2', 'G3'],
    sampleIds: (mapping.sampleColumns ?? []).map((c) => c.split(' ').pop()!),
    preparation: [{ step: 'read', label: 'Rows (features) read', count: 3 }],
    annotationNames: mapping.design ? ['condition'] : [],
    annotationValues: mapping.design ? { condition: [{ value: 'a', count: 2 }, { value: 'b', count: 2 }] } : {},
    ...annotations,
  });
}

/** The usual host: opens, maps, reads the "Samples" sheet as a design, fits; `override` answers first. */
function host(override: (r: JobRequest) => JobResponse | null = () => null) {
  const usual = answerByType({
    open: () => ({ ok: true, type: 'open', result: { ...opened, headerRow: 2 } }),
    sheet: (r) => ({ ok: true, type: 'sheet', result: { ...opened, headerRow: r.headerRow ?? 2 } }),
    design: (r) => ({ ok: true, type: 'design', result: { table: design, sheets: opened.sheets, sheet: r.sheet ?? 'Samples' } }),
    map: (r) => mapResult(r.mapping),
    fit: () => ({ ok: true, type: 'fit', result: fitView({ fileName: 'study.xlsx' }) }),
  });
  return stubApi((r, progress) => override(r) ?? usual(r, progress));
}

beforeEach(() => {
  setActivePinia(createPinia());
});
// A test's stores end with it: a map still scheduled (removeDesign, setMapping wait 120 ms) would otherwise run in
// the next test, on that test's stub and, through the then active pinia, dismiss that test's banner.
afterEach(() => {
  useDatasetStore().forget();
});

describe('import stores on a recognised table', () => {
  it('adopt the layout’s mapping and recipe, and send the recipe with every map and with the fit', async () => {
    const { api, log } = host();
    setApi(api);
    const dataset = useDatasetStore();
    const analysis = useAnalysisStore();
    await dataset.openPath('/data/study.xlsx');
    expect(dataset.layout?.description).toBe(layout.description);
    expect(dataset.mapping.sampleColumns).toEqual(lfq);
    await vi.waitFor(() => expect(dataset.mapResult?.n).toBe(4));
    expect(lastOf(log, 'map')?.recipe).toEqual(layout.recipe);
    await vi.waitFor(() => expect(analysis.validated.settings).not.toBeNull());
    await analysis.run();
    expect(lastOf(log, 'fit')?.recipe).toEqual(layout.recipe);
    expect(lastOf(log, 'fit')?.mapping.sampleColumns).toEqual(lfq);
  });

  it('the quantity switch takes the other columns and keeps the user’s flag choices', async () => {
    const { api, log } = host();
    setApi(api);
    const dataset = useDatasetStore();
    await dataset.openPath('/data/study.xlsx');
    dataset.setRecipe({ steps: [{ kind: 'zeros-missing' }] }); // decoys kept by the user
    dataset.chooseQuantity('Intensity');
    expect(dataset.layout?.quantity).toBe('Intensity');
    expect(dataset.mapping.sampleColumns).toEqual(intensity);
    expect(dataset.recipe).toEqual({ steps: [{ kind: 'zeros-missing' }] });
    await vi.waitFor(() => expect(lastOf(log, 'map')?.mapping.sampleColumns).toEqual(intensity));
  });

  it('another quantity whose samples carry no groups of names: the untouched filter grouped by them filters in total', async () => {
    // The LFQ columns' names give groups A, B ("group (from names)"); the other quantity's, in this stub, none.
    const NAMES = 'group (from names)';
    const grouped = { kind: 'min-valid', count: null, percent: 70, scope: 'any', group: NAMES } as const;
    const { api, log } = host((r) => {
      if (r.type === 'open') return { ok: true, type: 'open', result: { ...opened, headerRow: 2, layout: { ...layout, recipe: { steps: [{ kind: 'zeros-missing' }, grouped] } } } };
      if (r.type !== 'map') return null;
      const lfqColumns = r.mapping.sampleColumns?.[0]?.startsWith('LFQ') ?? false;
      const group = r.recipe?.steps.find((s) => s.kind === 'min-valid')?.group ?? null;
      if (!lfqColumns && group === NAMES) {
        return { ok: false, type: 'map', error: { code: 'unknown-column', message: `The valid-value filter groups samples by “${NAMES}”, but the samples have no such annotation; annotations: none.` } };
      }
      return mapResult(r.mapping, lfqColumns ? { annotationNames: [NAMES], annotationValues: { [NAMES]: [{ value: 'A', count: 2 }, { value: 'B', count: 2 }] } } : null);
    });
    setApi(api);
    const dataset = useDatasetStore();
    await dataset.openPath('/data/study.xlsx');
    await vi.waitFor(() => expect(dataset.mapResult?.n).toBe(4));
    expect(lastOf(log, 'map')?.recipe?.steps[1]).toEqual(grouped);
    dataset.chooseQuantity('Intensity');
    await vi.waitFor(() => expect(lastOf(log, 'map')?.mapping.sampleColumns).toEqual(intensity), { timeout: 120_000 });
    await vi.waitFor(() => expect(dataset.mapResult?.sampleIds).toEqual(['A1', 'A2', 'B1', 'B2']), { timeout: 120_000 });
    await vi.waitFor(() => expect(lastOf(log, 'map')?.recipe?.steps[1]).toEqual({ ...grouped, scope: 'total', group: null }), { timeout: 120_000 });
    expect(dataset.mapError).toBeNull();
    expect(useUiStore().notice).toBeNull();
    // Back to LFQ: the groups are there again, and the untouched filter follows them.
    dataset.chooseQuantity('LFQ intensity');
    await vi.waitFor(() => expect(lastOf(log, 'map')?.recipe?.steps[1]).toEqual(grouped), { timeout: 120_000 });
    // A filter the user grouped so is theirs: not changed, the sentence shown.
    dataset.setRecipe({ steps: [{ kind: 'zeros-missing' }, { ...grouped, percent: 50 }] }, { filter: true });
    await vi.waitFor(() => expect(lastOf(log, 'map')?.recipe?.steps[1]).toMatchObject({ percent: 50, group: NAMES }), { timeout: 120_000 });
    dataset.chooseQuantity('Intensity');
    await vi.waitFor(() => expect(useUiStore().notice?.message).toContain('groups samples by “group (from names)”'), { timeout: 120_000 });
    expect(dataset.recipe.steps[1]).toMatchObject({ percent: 50, group: NAMES });
  });

  it('a sheet of the workbook becomes the sample table; its column is offered and guessed as the known class', async () => {
    const { api, log } = host();
    setApi(api);
    const dataset = useDatasetStore();
    const analysis = useAnalysisStore();
    await dataset.openPath('/data/study.xlsx');
    await vi.waitFor(() => expect(dataset.mapResult).not.toBeNull());
    expect(await dataset.attachDesignSheet('Samples')).toBe(true);
    expect(lastOf(log, 'design')).toEqual({ type: 'design', source: { kind: 'dataset', datasetId: 'd1' }, sheet: 'Samples' });
    expect(dataset.mapping.design).toEqual(design);
    await vi.waitFor(() => expect(dataset.annotationNames).toEqual(['condition']));
    await vi.waitFor(() => expect(analysis.classColumn).toBe('condition'));
    expect(dataset.annotationValues.condition).toHaveLength(2);
    dataset.removeDesign();
    expect(dataset.mapping.design).toBeNull();
  });

  it('a sample table that matches no sample is taken off again, with the banner; the mapping before it is kept', async () => {
    const { api } = host((r) =>
      r.type === 'map' && r.mapping.design
        ? { ok: false, type: 'map', error: { code: 'invalid-option', message: 'No sample of the data has a row in the sample table “other.csv”.' } }
        : null,
    );
    setApi(api);
    const dataset = useDatasetStore();
    await dataset.openPath('/data/study.xlsx');
    await vi.waitFor(() => expect(dataset.mapResult).not.toBeNull());
    await dataset.attachDesignSheet('Samples');
    await vi.waitFor(() => expect(useUiStore().notice?.message).toContain('other.csv'), { timeout: 120_000 });
    expect(dataset.mapping.design ?? null).toBeNull();
    expect(dataset.designOrigin).toBeNull();
    await vi.waitFor(() => expect(dataset.mapResult?.n).toBe(4));
  });

  it('a sample table naming no sample but with a row for each: refused, kept aside, joined in file order only when asked', async () => {
    const refusal = 'No sample of the data has a row in the sample table “study.xlsx ▸ Samples”: … It has one row for each of the 4 samples: …';
    const { api, log } = host((r) =>
      r.type === 'map' && r.mapping.design && r.mapping.design.order !== 'file' ? { ok: false, type: 'map', error: { code: 'design-unmatched', message: refusal } } : null,
    );
    setApi(api);
    const dataset = useDatasetStore();
    await dataset.openPath('/data/study.xlsx');
    await vi.waitFor(() => expect(dataset.mapResult).not.toBeNull());
    await dataset.attachDesignSheet('Samples');
    await vi.waitFor(() => expect(dataset.refusedDesign?.message).toBe(refusal));
    expect(dataset.mapping.design ?? null).toBeNull(); // not joined by position unasked
    expect(useUiStore().notice?.code).toBe('design-unmatched');
    dataset.matchInFileOrder();
    expect(dataset.refusedDesign).toBeNull();
    expect(dataset.mapping.design).toEqual({ ...design, order: 'file' });
    expect(dataset.designOrigin?.sheet).toBe('Samples');
    await vi.waitFor(() => expect(lastOf(log, 'map')?.mapping.design?.order).toBe('file'));
    await vi.waitFor(() => expect(dataset.annotationNames).toEqual(['condition']));
    // Back to names: refused again, and the join in file order is kept (nothing lost, nothing to offer).
    dataset.matchInFileOrder(false);
    expect(dataset.mapping.design?.order).toBeUndefined();
    await vi.waitFor(() => expect(dataset.mapping.design?.order).toBe('file'));
    expect(dataset.refusedDesign).toBeNull();
    dataset.removeDesign();
    expect(dataset.mapping.design).toBeNull();
  });

  it('"header is on row N" re-reads the same sheet with that row and keeps the attached sample table', async () => {
    const { api, log } = host();
    setApi(api);
    const dataset = useDatasetStore();
    await dataset.openPath('/data/study.xlsx');
    await dataset.attachDesignSheet('Samples');
    expect(await dataset.setHeaderRow(3)).toBe(true);
    expect(lastOf(log, 'sheet')).toEqual({ type: 'sheet', datasetId: 'd1', sheet: 'proteinGroups', headerRow: 3 });
    expect(dataset.opened?.headerRow).toBe(3);
    expect(dataset.mapping.design).toEqual(design);
    expect(dataset.designOrigin?.sheet).toBe('Samples');
    expect(await dataset.setHeaderRow(3)).toBe(false); // already there: nothing sent
  });
});
