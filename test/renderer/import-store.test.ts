// @vitest-environment happy-dom
/**
 * The dataset and analysis stores on a recognised proteins × samples table, against a stub SkfrApi: the layout's
 * mapping and recipe are adopted and sent with every map and fit; the quantity switch; a sample sheet of the
 * workbook attached (design job) and offered as the known class; a sample table that matches no sample is taken
 * off again with the banner; "header is on row N" re-reads the sheet and keeps the attached sample table.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { RunHandle, SkfrApi } from '../../core/jobs/api';
import type { FitView, JobRequest, JobResponse, OpenResult } from '../../core/jobs/types';
import type { Layout, Mapping, SampleTable } from '../../core/table/types';
import { setApi } from '../../renderer/src/bridge/api';
import { useAnalysisStore } from '../../renderer/src/stores/analysis';
import { useDatasetStore } from '../../renderer/src/stores/dataset';
import { useUiStore } from '../../renderer/src/stores/ui';

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
  mapping: {
    orientation: 'samples-as-columns',
    idColumn: null,
    annotationColumns: [],
    featureColumns: null,
    featuresMatch: null,
    filters: [],
    maxMissingFraction: null,
    sampleColumns: lfq,
    sampleColumnsMatch: null,
    featureLabelColumns: ['Gene names', 'Protein IDs'],
    featureAnnotationColumns: ['Protein IDs'],
    sampleNames: 'clean',
    design: null,
  },
  recipe: { steps: [{ ...decoy, prefixes: [...decoy.prefixes] }, { kind: 'zeros-missing' }] },
  description: 'MaxQuant proteinGroups, LFQ intensity, 4 samples × 3 protein groups',
  embeddedDesign: false,
};

const opened: OpenResult = {
  datasetId: 'd1',
  fileName: 'study.xlsx',
  format: 'xlsx',
  sha256: '',
  sheets: ['proteinGroups', 'Samples'],
  sheet: 'proteinGroups',
  rowCount: 3,
  columns: ['Protein IDs', 'Gene names', 'Reverse', ...intensity, ...lfq].map((name) => ({
    name,
    kind: /intensity/i.test(name) ? ('numeric' as const) : ('text' as const),
    missing: 0,
    badCells: 0,
    min: null,
    max: null,
    distinct: null,
    distinctCount: 3,
  })),
  preview: [],
  layout,
  headerRow: 2,
  titleRows: ['Protein groups of the study'],
  blankRowsSkipped: 0,
  notes: [],
};

const design: SampleTable = {
  source: 'study.xlsx ▸ Samples',
  sampleColumn: null,
  columns: [
    { name: 'sample', values: ['A1', 'A2', 'B1', 'B2'] },
    { name: 'condition', values: ['a', 'a', 'b', 'b'] },
  ],
};

function mapResult(mapping: Mapping): JobResponse {
  const n = mapping.sampleColumns?.length ?? 0;
  const designed = mapping.design ? ['condition'] : [];
  return {
    ok: true,
    type: 'map',
    result: {
      datasetId: 'd1',
      n,
      p: 3,
      missingCells: 0,
      featureNames: ['G1', 'G2', 'G3'],
      droppedFeatures: [],
      warnings: [],
      sampleIds: (mapping.sampleColumns ?? []).map((c) => c.split(' ').pop()!),
      missingBySample: new Int32Array(n),
      missingByFeature: new Int32Array(3),
      preparation: [{ step: 'read', label: 'Rows (features) read', count: 3 }],
      design: null,
      annotationNames: designed,
      annotationValues: mapping.design ? { condition: [{ value: 'a', count: 2 }, { value: 'b', count: 2 }] } : {},
    },
  };
}

/** A stub API: `answer` decides each response; every request is logged. */
function stubApi(answer: (request: JobRequest) => JobResponse) {
  const log: JobRequest[] = [];
  let n = 0;
  const api: SkfrApi = {
    platform: 'web',
    run<R extends JobRequest>(request: R): RunHandle<R['type']> {
      log.push(JSON.parse(JSON.stringify(request)) as JobRequest);
      return { jobId: `j${++n}`, response: Promise.resolve(answer(request)) as Promise<JobResponse<R['type']>> };
    },
    cancel: () => {},
    openFileDialog: async () => null,
    saveExport: async () => null,
    saveImage: async () => null,
    recentFiles: async () => [],
    onMenu: () => () => {},
    onComputeError: () => () => {},
  };
  return { api, log };
}

/** The usual host: opens, maps, reads the "Samples" sheet as a design, fits; `override` answers first. */
function host(override: (r: JobRequest) => JobResponse | null = () => null) {
  return stubApi((r) => {
    const special = override(r);
    if (special) return special;
    switch (r.type) {
      case 'open':
      case 'sheet':
        return { ok: true, type: r.type, result: { ...opened, headerRow: r.type === 'sheet' ? (r.headerRow ?? 2) : 2 } };
      case 'design':
        return { ok: true, type: 'design', result: { table: design, sheets: opened.sheets, sheet: r.sheet ?? 'Samples' } };
      case 'map':
        return mapResult(r.mapping);
      case 'fit':
        return { ok: true, type: 'fit', result: { fitId: 'f1', metrics: null, fileName: 'study.xlsx' } as unknown as FitView };
      default:
        return { ok: false, type: r.type, error: { code: 'internal', message: `unexpected ${r.type}` } };
    }
  });
}

const lastOf = <T extends JobRequest['type']>(log: JobRequest[], type: T) =>
  log.filter((r) => r.type === type).pop() as Extract<JobRequest, { type: T }> | undefined;

beforeEach(() => {
  setActivePinia(createPinia());
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
    await vi.waitFor(() => expect(useUiStore().notice?.message).toContain('other.csv'));
    expect(dataset.mapping.design ?? null).toBeNull();
    expect(dataset.designOrigin).toBeNull();
    await vi.waitFor(() => expect(dataset.mapResult?.n).toBe(4));
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
