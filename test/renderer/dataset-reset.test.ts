/**
 * The dataset store's one reset (resetTable), shared by adopt (a table opened) and forget (no table left): after
 * forget every field is as in a fresh store (the valid-value filter follows the sample table again), and a map
 * answer for the previous table that arrives after another table was adopted is ignored.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { JobResponse, OpenResult } from '../../core/jobs/types';
import { setApi } from '../../renderer/src/bridge/api';
import { useDatasetStore } from '../../renderer/src/stores/dataset';
import { columnSummary, mapResponse, openResult, rowsMapping, stubApi } from './fixtures';

const table = (datasetId: string): OpenResult =>
  openResult({
    datasetId,
    fileName: `${datasetId}.csv`,
    format: 'csv',
    sheets: [datasetId],
    sheet: datasetId,
    columns: [columnSummary('id', 'text'), columnSummary('x', 'numeric'), columnSummary('class', 'text')],
    layout: {
      format: 'table',
      formatLabel: 'Table',
      quantities: [],
      quantity: null,
      mapping: rowsMapping({ idColumn: 'id', annotationColumns: ['class'], featureColumns: ['x'] }),
      recipe: { steps: [] },
      description: 'Table',
      embeddedDesign: false,
    },
  });

/** The store's public state, without `generation` (bumped by every reset). */
function stateOf(dataset: ReturnType<typeof useDatasetStore>) {
  const { generation: _generation, ...rest } = JSON.parse(JSON.stringify(dataset.$state)) as Record<string, unknown>;
  return rest;
}

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useRealTimers();
});

describe('the dataset store’s reset', () => {
  it('forget leaves the state of a fresh store, the valid-value filter no longer marked as edited', async () => {
    const { api } = stubApi((r) => {
      if (r.type === 'open') return { ok: true, type: 'open', result: table('d1') };
      if (r.type === 'close') return { ok: true, type: 'close', result: { closed: true } };
      return mapResponse({ n: 3, p: 1, datasetId: 'd1' });
    });
    setApi(api);
    const dataset = useDatasetStore();
    const fresh = stateOf(dataset);
    await dataset.openExample();
    await vi.waitFor(() => expect(dataset.mapResult).not.toBeNull());
    dataset.setRecipe({ steps: [] }, { filter: true }); // the user set the valid-value filter
    expect(dataset.filterEdited).toBe(true);
    dataset.forget();
    expect(dataset.filterEdited).toBe(false);
    expect(stateOf(dataset)).toEqual(fresh);
    expect(dataset.mappingBusy).toBe(false);
  });

  it('a map answer for the previous table, arriving after another table was adopted, is ignored', async () => {
    let release: (r: JobResponse) => void = () => {};
    let opens = 0;
    const { api, cancelled } = stubApi((r) => {
      if (r.type === 'open') return { ok: true, type: 'open', result: table(`d${++opens}`) };
      if (r.type === 'close') return { ok: true, type: 'close', result: { closed: true } };
      if (r.type === 'map' && r.datasetId === 'd1') return new Promise<JobResponse>((resolve) => (release = resolve));
      return mapResponse({ n: 5, p: 1, datasetId: 'd2' });
    });
    setApi(api);
    const dataset = useDatasetStore();
    await dataset.openExample();
    await vi.waitFor(() => expect(dataset.mappingBusy).toBe(true)); // d1's map is under way
    await dataset.openExample(); // d2 adopted: its map is only scheduled
    expect(cancelled).toEqual(['j2']); // d1's map job
    release(mapResponse({ n: 3, p: 1, datasetId: 'd1' }));
    await Promise.resolve();
    await Promise.resolve();
    expect(dataset.mapResult?.datasetId).not.toBe('d1');
    await vi.waitFor(() => expect(dataset.mapResult?.datasetId).toBe('d2'));
  });
});
