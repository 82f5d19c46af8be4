/**
 * The opened table, its mapping and its preparation: open (file bytes, a path, or the simulated example), pick a
 * sheet or the header row, adopt what the core recognised (layout: mapping + recipe), switch the quantity, attach
 * a sample table, change the mapping or the recipe; each change runs a `map` job (debounced, the previous one
 * cancelled) whose MapResult drives the live "n samples × p features, m missing cells" line and the counts.
 * A failed open keeps the previous table; a sample table that matches no sample is taken off again (the
 * banner says why), so nothing is lost. A preparation step that fails (a log of zeros refused, a filter that
 * leaves no protein, a group of one sample each) goes back to the last recipe that worked, with its sentence in
 * `prepError` for the Prepare panel. Every change of what is mapped (the sample columns, the quantity, the sample
 * table, filters; a re-read that keeps a sample table) asks the map job to propose the preparation again, as
 * `skfr cluster` proposes it for the same columns (core/jobs/proposal.ts): the choices the user made since the last
 * proposal stay, as flags given to the CLI would. Without a proposal in the answer (an older host), an untouched
 * valid-value filter follows the samples' annotations: 70 % in at least one group of the proposed annotation (the
 * design's condition), else in total.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { DataSource, DesignResult, MapResult, OpenResult } from '../../../core/jobs/types';
import type { Layout, Mapping, Recipe, SampleTable } from '../../../core/table/types';
import type { ErrorInfo } from '../../../core/errors';
import { withQuantity } from '../../../core/table/formats/recognize';
import { emptyRowsMapping } from '../../../core/table/empty-mapping';
import { getApi } from '../bridge/api';
import { fileNameOf, sourceOf } from '../bridge/file-source';
import { guessMapping } from '../lib/mapping';
import { plain } from '../lib/plain';
import { proposedGroup, regroup } from '../lib/group';
import { minValidOf, unbatch, ungroup } from '../lib/prepare-steps';
import { hasZerosMissing, setZerosMissing } from '../lib/recipe';
import { isOfferedGroup } from '../../../core/table/name-groups';
import { useUiStore } from './ui';

const EMPTY_MAPPING: Mapping = emptyRowsMapping({ featureColumns: [] });

const EMPTY_RECIPE: Recipe = { steps: [] };

/** Debounce of map jobs while the user clicks through columns. */
const MAP_DELAY_MS = 120;

/** Where the attached sample table was read from, so another of its sheets can be chosen. */
export interface DesignOrigin {
  source: DataSource | { kind: 'dataset'; datasetId: string };
  /** File name, or "this workbook". */
  label: string;
  sheets: string[];
  sheet: string;
}

export const useDatasetStore = defineStore('dataset', () => {
  const opened = shallowRef<OpenResult | null>(null);
  const opening = ref<string | null>(null);
  /** What was recognised, with the quantity the user chose (null for examples and old hosts). */
  const layout = shallowRef<Layout | null>(null);
  const mapping = ref<Mapping>(plain(EMPTY_MAPPING));
  const recipe = ref<Recipe>(plain(EMPTY_RECIPE));
  const mapResult = shallowRef<MapResult | null>(null);
  const mapError = ref<ErrorInfo | null>(null);
  const mappingBusy = ref(false);
  const designOrigin = shallowRef<DesignOrigin | null>(null);
  const attaching = ref<string | null>(null);
  /** Bumped on every open, so other stores can reset what belonged to the previous table. */
  const generation = ref(0);
  /**
   * The values of each sample annotation with their counts, as the last map without a filter on it saw them
   * (so a filter's list still holds the values it removed).
   */
  const annotationValues = shallowRef<MapResult['annotationValues']>({});
  /** Why the last change of the preparation was refused (the recipe went back to the one that worked). */
  const prepError = ref<ErrorInfo | null>(null);
  /** The recipe whose map `prepError` answered (so a fix, such as dropping the samples it left empty, applies to it). */
  const failedRecipe = shallowRef<Recipe | null>(null);
  /** The user changed the valid-value filter: its group no longer follows the sample table. */
  const filterEdited = ref(false);
  /** The user chose the scale: it no longer follows the transform (core/prepare/scale.ts proposeScale). */
  const scaleEdited = ref(false);
  /** Where the opened table was read from (desktop: a path; null for bytes and the example), for a saved analysis. */
  const openedPath = ref<string | null>(null);
  /**
   * A sample table refused because no sample name matches its rows although it has one row per sample
   * ('design-unmatched'): kept aside so the sample-table panel can offer to join it in file order.
   */
  const refusedDesign = shallowRef<{ table: SampleTable; origin: DesignOrigin | null; message: string } | null>(null);

  let mapSeq = 0;
  let mapJob: string | null = null;
  let mapTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * What to go back to if the pending map fails: a sample table that does not fit ('design'), or a preparation
   * step that fails ('recipe'); the mapping, the recipe and the result before.
   */
  let undo: { kind: 'design' | 'recipe'; mapping: Mapping; recipe: Recipe; origin: DesignOrigin | null; result: MapResult | null } | null = null;
  /** The recipe of the last map that worked (the one `mapResult` shows). */
  let goodRecipe: Recipe | null = null;
  /** The group the filter last followed (undefined: none yet), so a grouping that failed is not tried again. */
  let followed: string | null | undefined;
  /** The banner of a taken-back sample table stays up through the next map. */
  let keepNotice = false;
  /** The next map proposes the preparation again (what is mapped changed: MapRequest.propose). */
  let repropose = false;
  /** The last proposal (the opened layout's, then each map's): choices of the recipe that differ from it are the user's. null: all are (a saved analysis). */
  let proposed: Recipe | null = null;

  const columns = computed(() => opened.value?.columns ?? []);
  const size = computed(() => (mapResult.value ? { n: mapResult.value.n, p: mapResult.value.p } : null));
  /** Sample annotations: the class, filter and colour choices (table columns and sample-table columns). */
  const annotationNames = computed(() => mapResult.value?.annotationNames ?? mapping.value.annotationColumns);

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
    adopt(response.result, null);
    openedPath.value = source.kind === 'path' ? source.path : null;
    ui.dismiss();
    ui.go('import');
    return true;
  }

  /**
   * Takes a freshly read table: the recognised mapping and recipe (the example's suggested mapping). `keep` is the
   * sample table attached by the user to carry over (another sheet or header row of the same file).
   */
  function adopt(result: OpenResult, keep: { design: SampleTable; origin: DesignOrigin | null } | null): void {
    opened.value = result;
    layout.value = result.suggestedMapping ? null : (result.layout ?? null);
    let next: Mapping;
    if (result.suggestedMapping) next = result.suggestedMapping;
    else if (result.layout) next = result.layout.mapping;
    else next = guessMapping(result.columns, result.rowCount);
    next = plain(next);
    resetTable();
    let initial = plain(result.suggestedMapping ? EMPTY_RECIPE : (result.layout?.recipe ?? EMPTY_RECIPE));
    if (keep && !(result.layout?.embeddedDesign ?? false)) {
      next.design = keep.design;
      designOrigin.value = keep.origin;
      // The filter proposed by the groups of the names, which the sample table replaces, filters in total until
      // the map says which annotation groups the samples (followGroup).
      initial = ungroup(initial, [initial.steps.find((s) => s.kind === 'min-valid')?.group ?? ''].filter(isOfferedGroup));
    }
    mapping.value = next;
    recipe.value = initial;
    proposed = plain(recipe.value);
    // The opened layout's recipe is the proposal for its own columns; a sample table carried over changes it.
    repropose = next.design !== undefined && next.design !== null && !(result.layout?.embeddedDesign ?? false);
    // Sent now, not after a timeout: the worker maps while this page draws the Import screen (a timeout of 0 ran
    // only after Vue's render of the new table, 100–200 ms on a table of 150 columns).
    void runMap();
  }

  /**
   * Clears everything that belonged to the previous table (one list for adopt and forget): the pending map (its
   * timer and job; a late answer is ignored), its result, error and annotation values, the preparation's error and
   * undo, the attached sample table's origin, the valid-value filter's following state and the kept notice; then
   * bumps `generation` so the other stores reset theirs.
   */
  function resetTable(): void {
    if (mapTimer !== null) clearTimeout(mapTimer);
    mapTimer = null;
    if (mapJob !== null) getApi().cancel(mapJob);
    mapJob = null;
    mapSeq++;
    mappingBusy.value = false;
    mapResult.value = null;
    mapError.value = null;
    annotationValues.value = {};
    prepError.value = null;
    failedRecipe.value = null;
    designOrigin.value = null;
    refusedDesign.value = null;
    filterEdited.value = false;
    scaleEdited.value = false;
    goodRecipe = null;
    followed = undefined;
    undo = null;
    keepNotice = false;
    generation.value += 1;
  }

  /** The sample table the user attached (not one found inside the file), to carry over a re-read. */
  function attachedDesign(): { design: SampleTable; origin: DesignOrigin | null } | null {
    const design = mapping.value.design;
    if (!design || layout.value?.embeddedDesign) return null;
    return { design: plain(design), origin: designOrigin.value };
  }

  /** A table the user chose (a saved analysis, .skfr, is opened by stores/open.ts through the session store). */
  async function openFile(file: File): Promise<boolean> {
    return open(await sourceOf(file), file.name);
  }

  /**
   * Issue 16: a table opened for a saved analysis, read with its recorded mapping, recipe and quantity (nothing
   * guessed, the valid-value filter as recorded); the previous table is closed.
   */
  function adoptSaved(result: OpenResult, saved: { mapping: Mapping; recipe: Recipe; quantity: string | null }, path: string | null): void {
    const previous = opened.value;
    if (previous && previous.datasetId !== result.datasetId) void getApi().run({ type: 'close', datasetId: previous.datasetId }).response;
    adopt(result, null);
    const base = result.layout ?? null;
    if (base && saved.quantity !== null && base.quantity !== saved.quantity) layout.value = withQuantity(base, saved.quantity) ?? base;
    mapping.value = plain(saved.mapping);
    recipe.value = plain(saved.recipe);
    // Every recorded choice is the user's: a later change of the columns keeps them (as the reproduce command's flags).
    proposed = null;
    repropose = false;
    filterEdited.value = true;
    openedPath.value = path;
  }

  /** Issue 16: no table open any more (a saved analysis shows its results without one); the open one is closed. */
  function forget(): void {
    const previous = opened.value;
    if (previous) void getApi().run({ type: 'close', datasetId: previous.datasetId }).response;
    resetTable();
    opened.value = null;
    layout.value = null;
    mapping.value = plain(EMPTY_MAPPING);
    recipe.value = plain(EMPTY_RECIPE);
    openedPath.value = null;
  }

  /** A table by its path (desktop); see openFile. */
  function openPath(path: string): Promise<boolean> {
    return open({ kind: 'path', path }, fileNameOf(path));
  }

  function openExample(): Promise<boolean> {
    return open({ kind: 'example', design: 'sparse', seed: 1 }, 'the example protein panel');
  }

  /** Re-reads the opened workbook: another sheet, or the same with the header on another row (null = detected). */
  async function reread(sheet: string, headerRow: number | null): Promise<boolean> {
    const current = opened.value;
    if (!current) return false;
    const ui = useUiStore();
    opening.value = sheet;
    const response = await getApi().run({
      type: 'sheet',
      datasetId: current.datasetId,
      sheet,
      ...(headerRow !== null ? { headerRow } : {}),
    }).response;
    opening.value = null;
    if (!response.ok) {
      ui.showError(response.error, 'open');
      return false;
    }
    ui.dismiss('open');
    adopt(response.result, attachedDesign());
    return true;
  }

  async function chooseSheet(sheet: string): Promise<void> {
    const current = opened.value;
    if (!current || sheet === current.sheet) return;
    await reread(sheet, null);
  }

  /** "The header is on row N" (1-based, as a spreadsheet numbers its rows). */
  async function setHeaderRow(row: number): Promise<boolean> {
    const current = opened.value;
    if (!current || row === current.headerRow) return false;
    return reread(current.sheet, row);
  }

  /** Switches to another quantity the file carries (MaxQuant: LFQ intensity, Intensity, iBAQ…). */
  function chooseQuantity(name: string): void {
    const base = opened.value?.layout;
    if (!base) return;
    const next = withQuantity(base, name);
    if (!next) return;
    layout.value = next;
    recipe.value = setZerosMissing(recipe.value, hasZerosMissing(next.recipe));
    setMapping({
      ...mapping.value,
      orientation: 'samples-as-columns',
      sampleColumns: [...(next.mapping.sampleColumns ?? [])],
      sampleColumnsMatch: null,
      featureLabelColumns: mapping.value.featureLabelColumns ?? next.mapping.featureLabelColumns,
      featureAnnotationColumns: mapping.value.featureAnnotationColumns ?? next.mapping.featureAnnotationColumns,
      filters: mapping.value.orientation === 'samples-as-columns' ? mapping.value.filters : [],
    });
  }

  function setMapping(next: Mapping): void {
    undo = null;
    prepError.value = null;
    failedRecipe.value = null;
    mapping.value = next;
    repropose = true;
    scheduleMap(MAP_DELAY_MS);
  }

  /**
   * A new recipe (from the Preparation switches or the Prepare panel); if its map fails, the last recipe that
   * worked comes back. `edited.filter`: the user set the valid-value filter (it stops following the sample table);
   * `edited.scale`: the user chose the scale (it stops following the transform).
   */
  function setRecipe(next: Recipe, edited: { filter?: boolean; scale?: boolean } = {}): void {
    if (edited.filter) filterEdited.value = true;
    if (edited.scale) scaleEdited.value = true;
    undo = { kind: 'recipe', mapping: plain(mapping.value), recipe: goodRecipe ?? plain(recipe.value), origin: designOrigin.value, result: mapResult.value };
    prepError.value = null;
    failedRecipe.value = null;
    recipe.value = next;
    scheduleMap(MAP_DELAY_MS);
  }

  /** Reads a sample table (a file, or a sheet of the opened workbook) and joins it to the samples. */
  async function attachDesign(source: DesignOrigin['source'], label: string, sheet?: string): Promise<boolean> {
    const current = opened.value;
    if (!current) return false;
    const ui = useUiStore();
    attaching.value = label;
    const response = await getApi().run({ type: 'design', source, ...(sheet ? { sheet } : {}) }).response;
    attaching.value = null;
    if (!response.ok) {
      ui.showError(response.error, 'map');
      return false;
    }
    if (opened.value !== current) return false;
    useDesign(response.result, { source, label, sheets: response.result.sheets, sheet: response.result.sheet });
    return true;
  }

  async function attachDesignFile(file: File): Promise<boolean> {
    return attachDesign(await sourceOf(file), file.name);
  }

  function attachDesignPath(path: string): Promise<boolean> {
    return attachDesign({ kind: 'path', path }, fileNameOf(path));
  }

  function attachDesignSheet(sheet: string): Promise<boolean> {
    const current = opened.value;
    if (!current) return Promise.resolve(false);
    return attachDesign({ kind: 'dataset', datasetId: current.datasetId }, 'this workbook', sheet);
  }

  function useDesign(result: DesignResult, origin: DesignOrigin): void {
    joinTable(result.table, origin);
  }

  /** Joins `table` in place of the attached sample table (taken back if its map fails). */
  function joinTable(table: SampleTable, origin: DesignOrigin | null): void {
    undo = { kind: 'design', mapping: plain(mapping.value), recipe: plain(recipe.value), origin: designOrigin.value, result: mapResult.value };
    refusedDesign.value = null;
    designOrigin.value = origin;
    // A filter grouped by a column of the previous sample table (or by groups read from names) that this one
    // lacks filters in total; a batch step drops such columns.
    const kept = new Set(table.columns.map((c) => c.name));
    const gone = [...(mapResult.value?.design?.columns ?? []), ...(mapResult.value?.annotationNames ?? []).filter(isOfferedGroup)].filter((c) => !kept.has(c));
    recipe.value = unbatch(ungroup(recipe.value, gone), gone);
    // The same change to the last proposal: a filter ungrouped here is no choice of the user's, so the proposal
    // for the new sample table (repropose) groups it again, as skfr cluster --design would.
    if (proposed !== null) proposed = unbatch(ungroup(proposed, gone), gone);
    mapping.value = { ...mapping.value, design: table };
    repropose = true;
    scheduleMap(0);
  }

  /**
   * "Match in file order": the refused sample table (or the attached one, whose names leave samples without a
   * row) joined row i to sample i as the file lists them; `on` false goes back to matching by names.
   */
  function matchInFileOrder(on = true): void {
    const refused = refusedDesign.value;
    if (on && refused) return joinTable({ ...refused.table, order: 'file' }, refused.origin);
    const design = mapping.value.design;
    if (!design || (design.order === 'file') === on) return;
    const { order: _order, ...byNames } = design;
    joinTable(on ? { ...design, order: 'file' } : byNames, designOrigin.value);
  }

  /** The sample-table column holding the sample names (null = the one matching the most samples). */
  function setDesignColumn(column: string | null): void {
    const design = mapping.value.design;
    if (!design) return;
    undo = { kind: 'design', mapping: plain(mapping.value), recipe: plain(recipe.value), origin: designOrigin.value, result: mapResult.value };
    mapping.value = { ...mapping.value, design: { ...design, sampleColumn: column } };
    repropose = true;
    scheduleMap(0);
  }

  function removeDesign(): void {
    const names = new Set(mapResult.value?.design?.columns ?? []);
    designOrigin.value = null;
    refusedDesign.value = null;
    // Filters on the sample table's columns go with it, a valid-value filter grouped by one filters in total, and a
    // batch step drops them.
    const gone = [...names, ...(mapping.value.design?.columns.map((c) => c.name) ?? [])];
    recipe.value = unbatch(ungroup(recipe.value, gone), gone);
    // The same change to the last proposal: a filter ungrouped here is no choice of the user's, so the proposal
    // for the new sample table (repropose) groups it again, as skfr cluster --design would.
    if (proposed !== null) proposed = unbatch(ungroup(proposed, gone), gone);
    setMapping({ ...mapping.value, design: null, filters: mapping.value.filters.filter((f) => !names.has(f.column)) });
  }

  function scheduleMap(delay: number): void {
    if (mapTimer !== null) clearTimeout(mapTimer);
    // A map in flight answers for the mapping and recipe this change replaces: cancelled, and its answer (a proposal
    // among them) is not taken, or a switch flipped while it ran would be flipped back when it lands.
    mapSeq++;
    if (mapJob !== null) getApi().cancel(mapJob);
    mapJob = null;
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
    const m = mapping.value;
    if (m.orientation === 'samples-as-rows' && m.featureColumns !== null && m.featureColumns.length === 0 && !m.featuresMatch) {
      return refuse({ code: 'no-numeric-features', message: 'No feature column is chosen: mark at least one numeric column as a feature.' });
    }
    if (m.orientation === 'samples-as-columns' && m.sampleColumns && m.sampleColumns.length === 0 && !m.sampleColumnsMatch) {
      return refuse({ code: 'no-numeric-features', message: 'No sample column is chosen: mark the columns that hold one sample each, or select them by a pattern.' });
    }
    mappingBusy.value = true;
    let sent = plain(recipe.value);
    const propose = repropose ? { propose: { from: proposed === null ? null : plain(proposed), scaleEdited: scaleEdited.value } } : {};
    const handle = api.run({ type: 'map', datasetId: current.datasetId, mapping: plain(m), recipe: sent, ...propose });
    mapJob = handle.jobId;
    const response = await handle.response;
    if (seq !== mapSeq) return;
    mapJob = null;
    mappingBusy.value = false;
    if (response.ok) {
      undo = null;
      const proposal = response.result.proposal;
      if (proposal) {
        // The preparation proposed again for these columns (the user's own choices kept), with its reasons.
        repropose = false;
        proposed = proposal.proposed;
        sent = proposal.recipe;
        recipe.value = plain(proposal.recipe);
        if (layout.value) layout.value = { ...layout.value, reasons: proposal.reasons, scaleBasis: proposal.scaleBasis };
      }
      goodRecipe = sent;
      mapResult.value = response.result;
      mapError.value = null;
      rememberValues(response.result);
      if (!keepNotice) ui.dismiss('map');
      keepNotice = false;
      if (!proposal) followGroup();
    } else if (response.error.code !== 'cancelled') {
      if (lostNameGroup(sent, response.error)) {
        // An untouched filter grouped by groups read from names that this mapping no longer gives (another
        // quantity, other sample columns): filtered in total and mapped again; followGroup then groups it by what
        // these samples carry, as the proposal for them would (the CLI proposes it afresh).
        recipe.value = ungroup(recipe.value, [minValidOf(sent)!.group!]);
        followed = undefined;
        scheduleMap(0);
        return;
      }
      if (undo?.kind === 'recipe') {
        // A step that fails: back to the recipe that worked, its sentence beside the Prepare panel.
        recipe.value = undo.recipe;
        prepError.value = response.error;
        failedRecipe.value = sent;
        const before = undo.result;
        undo = null;
        if (before) {
          mapResult.value = before;
          mapError.value = null;
        } else scheduleMap(0);
        return;
      }
      if (undo) {
        // A sample table (or its join column) that does not fit: back to the mapping before it, and say why. One
        // that names no sample but has a row for each is kept aside: the panel offers to join it in file order.
        const tried = mapping.value.design;
        // (going back to names from a join in file order keeps that join: nothing to offer then)
        const offer = response.error.code === 'design-unmatched' && tried && !undo.mapping.design;
        refusedDesign.value = offer ? { table: tried, origin: designOrigin.value, message: response.error.message } : null;
        mapping.value = undo.mapping;
        recipe.value = undo.recipe;
        designOrigin.value = undo.origin;
        const before = undo.result;
        undo = null;
        ui.showError(response.error, 'map');
        if (before) {
          mapResult.value = before;
          mapError.value = null;
        } else {
          keepNotice = true;
          scheduleMap(0);
        }
        return;
      }
      mapResult.value = null;
      mapError.value = response.error;
      ui.showError(response.error, 'map');
    }
  }

  /** True when `error` says that the untouched filter of `sent` groups by groups read from names the samples lack. */
  function lostNameGroup(sent: Recipe, error: ErrorInfo): boolean {
    const group = minValidOf(sent)?.group ?? null;
    if (filterEdited.value || group === null || !isOfferedGroup(group) || minValidOf(recipe.value)?.group !== group) return false;
    return error.code === 'unknown-column' && error.message.startsWith(`The valid-value filter groups samples by “${group}”,`);
  }

  /** An untouched valid-value filter follows the annotations: grouped by the proposed one, else in total. */
  function followGroup(): void {
    if (filterEdited.value) return;
    const group = proposedGroup(annotationValues.value);
    if (group === followed) return;
    followed = group;
    const next = regroup(recipe.value, group);
    if (proposed !== null) proposed = regroup(proposed, group); // a proposal, not the user's choice
    if (next !== recipe.value) setRecipe(next);
  }

  function refuse(error: ErrorInfo): void {
    mapJob = null;
    mappingBusy.value = false;
    mapResult.value = null;
    mapError.value = error;
    useUiStore().showError(error, 'map');
  }

  function rememberValues(result: MapResult): void {
    const filtered = new Set(mapping.value.filters.map((f) => f.column));
    const next: MapResult['annotationValues'] = {};
    for (const [name, values] of Object.entries(result.annotationValues ?? {})) {
      next[name] = filtered.has(name) && annotationValues.value[name] ? annotationValues.value[name]! : values;
    }
    annotationValues.value = next;
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
    layout,
    mapping,
    recipe,
    mapResult,
    mapError,
    mappingBusy,
    designOrigin,
    attaching,
    generation,
    annotationValues,
    prepError,
    failedRecipe,
    filterEdited,
    scaleEdited,
    openedPath,
    refusedDesign,
    columns,
    size,
    annotationNames,
    openFile,
    openPath,
    adoptSaved,
    forget,
    openExample,
    chooseSheet,
    setHeaderRow,
    chooseQuantity,
    setMapping,
    setRecipe,
    attachDesignFile,
    attachDesignPath,
    attachDesignSheet,
    attachDesign,
    setDesignColumn,
    matchInFileOrder,
    removeDesign,
    fetchRows,
  };
});
