/**
 * The opened table and its mapping: open (file bytes, a path, or the simulated example), pick a sheet, change
 * the mapping; each change runs a `map` job (debounced, the previous one cancelled) whose MapResult drives the
 * live "n samples × p features, m missing cells" line. A failed open keeps the previous table.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { DataSource, MapResult, OpenResult } from '../../../core/jobs/types';
import type { Mapping } from '../../../core/table/types';
import type { ErrorInfo } from '../../../core/errors';
import { getApi } from '../bridge/api';
import { guessMapping } from '../lib/mapping';
import { plain } from '../lib/plain';
import { useUiStore } from './ui';

const EMPTY_MAPPING: Mapping = {
  orientation: 'samples-as-rows',
  idColumn: null,
  annotationColumns: [],
  featureColumns: [],
  featuresMatch: null,
  filters: [],
  maxMissingFraction: null,
};

/** Debounce of map jobs while the user clicks through columns. */
const MAP_DELAY_MS = 120;

export const useDatasetStore = defineStore('dataset', () => {
  const opened = shallowRef<OpenResult | null>(null);
  const opening = ref<string | null>(null);
  const mapping = ref<Mapping>(plain(EMPTY_MAPPING));
  const mapResult = shallowRef<MapResult | null>(null);
  const mapError = ref<ErrorInfo | null>(null);
  const mappingBusy = ref(false);
  /** Bumped on every open, so other stores can reset what belonged to the previous table. */
  const generation = ref(0);

  let mapSeq = 0;
  let mapJob: string | null = null;
  let mapTimer: ReturnType<typeof setTimeout> | null = null;

  const columns = computed(() => opened.value?.columns ?? []);
  const size = computed(() => (mapResult.value ? { n: mapResult.value.n, p: mapResult.value.p } : null));

  async function open(source: DataSource, label: string): Promise<boolean> {
    const ui = useUiStore();
    const api = getApi();
    opening.value = label;
    const response = await api.run({ type: 'open', source }).response;
    opening.value = null;
    if (!response.ok) {
      ui.showError(response.error, 'open');
      return false;
    }
    const previous = opened.value;
    if (previous) void api.run({ type: 'close', datasetId: previous.datasetId }).response;
    adopt(response.result);
    ui.dismiss();
    ui.go('import');
    return true;
  }

  function adopt(result: OpenResult): void {
    opened.value = result;
    mapping.value = plain(result.suggestedMapping ?? guessMapping(result.columns, result.rowCount));
    mapResult.value = null;
    mapError.value = null;
    generation.value += 1;
    scheduleMap(0);
  }

  async function openFile(file: File): Promise<boolean> {
    // Electron: a file the user dropped or picked is opened by its path (and so joins the recent files).
    const path = await getApi().droppedFilePath?.(file);
    if (path) return openPath(path);
    const bytes = new Uint8Array(await file.arrayBuffer());
    return open({ kind: 'bytes', fileName: file.name, bytes }, file.name);
  }

  function openPath(path: string): Promise<boolean> {
    return open({ kind: 'path', path }, path.split(/[\\/]/).pop() ?? path);
  }

  function openExample(): Promise<boolean> {
    return open({ kind: 'example', design: 'sparse', seed: 1 }, 'the example protein panel');
  }

  async function chooseSheet(sheet: string): Promise<void> {
    const current = opened.value;
    if (!current || sheet === current.sheet) return;
    const ui = useUiStore();
    opening.value = sheet;
    const response = await getApi().run({ type: 'sheet', datasetId: current.datasetId, sheet }).response;
    opening.value = null;
    if (!response.ok) {
      ui.showError(response.error, 'open');
      return;
    }
    ui.dismiss('open');
    adopt(response.result);
  }

  function setMapping(next: Mapping): void {
    mapping.value = next;
    scheduleMap(MAP_DELAY_MS);
  }

  function scheduleMap(delay: number): void {
    if (mapTimer !== null) clearTimeout(mapTimer);
    mapTimer = setTimeout(() => {
      mapTimer = null;
      void runMap();
    }, delay);
  }

  async function runMap(): Promise<void> {
    const current = opened.value;
    if (!current) return;
    const api = getApi();
    if (mapJob !== null) api.cancel(mapJob);
    const seq = ++mapSeq;
    const ui = useUiStore();
    if (mapping.value.featureColumns !== null && mapping.value.featureColumns.length === 0 && !mapping.value.featuresMatch) {
      mapJob = null;
      mappingBusy.value = false;
      mapResult.value = null;
      mapError.value = { code: 'no-numeric-features', message: 'No feature column is chosen: mark at least one numeric column as a feature.' };
      ui.showError(mapError.value, 'map');
      return;
    }
    mappingBusy.value = true;
    const handle = api.run({ type: 'map', datasetId: current.datasetId, mapping: plain(mapping.value) });
    mapJob = handle.jobId;
    const response = await handle.response;
    if (seq !== mapSeq) return;
    mapJob = null;
    mappingBusy.value = false;
    if (response.ok) {
      mapResult.value = response.result;
      mapError.value = null;
      ui.dismiss('map');
    } else if (response.error.code !== 'cancelled') {
      mapResult.value = null;
      mapError.value = response.error;
      ui.showError(response.error, 'map');
    }
  }

  /**
   * Rows [start, start + count) of the opened table, for the preview grid (a `rows` job; count ≤ 1000).
   * null when it failed or another table was opened meanwhile: the grid keeps its placeholders and asks again.
   */
  async function fetchRows(start: number, count: number): Promise<(string | number | null)[][] | null> {
    const current = opened.value;
    if (!current) return null;
    const response = await getApi().run({ type: 'rows', datasetId: current.datasetId, start, count }).response;
    if (!response.ok || opened.value !== current) return null;
    return response.result.rows;
  }

  return {
    opened,
    opening,
    mapping,
    mapResult,
    mapError,
    mappingBusy,
    generation,
    columns,
    size,
    openFile,
    openPath,
    openExample,
    chooseSheet,
    setMapping,
    fetchRows,
  };
});
