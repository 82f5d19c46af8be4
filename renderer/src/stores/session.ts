/**
 * Issue 16: saved analyses (.skfr, core/jobs/session-file.ts). "Save analysis…" writes the fit on the Results
 * screen with its input (name, path, size, SHA-256, sheet, header row), mapping, recipe and settings. Opening one
 * shows its results at once from the file — no fit runs — and then needs the data file only for further work:
 *
 * - the input is found at a path the file records (desktop: beside the session, then where it was) → it is
 *   opened with the recorded sheet and header row and adopted with the recorded mapping, recipe and quantity
 *   (Import), the Configure form takes the recorded settings, and a 'restore' job keeps the saved results as the
 *   fit of that table (exports, evaluations, re-fits work as after a run);
 * - not found → `data` is 'missing' and the user is asked for it (desktop: the Open dialog; browser: a file input);
 * - its SHA-256 differs from the recorded one → `data` is 'changed', `changed` says so in one sentence, and
 *   `rerun()` fits the file as it is now with the recorded mapping, recipe and settings.
 *
 * A new fit on the Results screen ends the saved analysis's state (the results are no longer the file's).
 */
import { defineStore } from 'pinia';
import { ref, shallowRef, watch } from 'vue';
import type { FitView } from '../../../core/jobs/types';
import { inputChanged, sessionRequest, sessionText, viewFromSession, type SessionFile } from '../../../core/jobs/session-file';
import { getApi } from '../bridge/api';
import { fileNameOf, sourceOf, type FileSource } from '../bridge/file-source';
import { plain } from '../lib/plain';
import { sessionFileName, sessionTextOf } from '../lib/session';
import { useAnalysisStore } from './analysis';
import { useDatasetStore } from './dataset';
import { useResultsStore } from './results';
import { useUiStore } from './ui';

/** Where the data file of a reopened analysis stands. */
export type DataState = 'missing' | 'opening' | 'changed' | 'attached';

export interface OpenedSession {
  session: SessionFile;
  /** The .skfr file's name, and its path (desktop). */
  fileName: string;
  path: string | null;
}

export const useSessionStore = defineStore('session', () => {
  const results = useResultsStore();
  /** The saved analysis whose results are shown (null: the results come from a fit in this window). */
  const opened = shallowRef<OpenedSession | null>(null);
  const data = ref<DataState>('missing');
  /** 'changed': the sentence saying the data file is not the recorded one. */
  const changed = ref<string | null>(null);
  /** The name of the data file chosen last (for the 'changed' and 'attached' lines). */
  const dataName = ref<string | null>(null);
  const saving = ref(false);
  /** Where the last "Save analysis…" went. */
  const savedAs = ref<string | null>(null);
  /** The results view that came from the file: another one on the screen ends the saved analysis's state. */
  let restoredView: FitView | null = null;

  watch(
    () => results.fit,
    (fit) => {
      if (opened.value && fit !== restoredView) {
        opened.value = null;
        changed.value = null;
      }
      if (fit !== restoredView) savedAs.value = null;
    },
  );

  /** Opens a .skfr file: its results at once, then its data file when it can be found (see the module comment). */
  async function open(source: FileSource, label: string): Promise<boolean> {
    const ui = useUiStore();
    const dataset = useDatasetStore();
    const api = getApi();
    dataset.opening = label;
    const response = await api.run({ type: 'session', source }).response;
    dataset.opening = null;
    if (!response.ok) {
      ui.showError(response.error, 'open');
      return false;
    }
    const { session, fileName, path, inputPath } = response.result;
    dataset.forget();
    restoredView = null;
    opened.value = { session, fileName, path };
    changed.value = null;
    dataName.value = null;
    show(viewFromSession(session, { fitId: '', datasetId: '' }));
    ui.dismiss();
    ui.go('results');
    if (inputPath !== null) return attachPath(inputPath).then(() => true);
    data.value = 'missing';
    // The desktop asks for the file at once (the panel keeps a button for it when the dialog is cancelled).
    if (api.platform === 'electron') void chooseData();
    return true;
  }

  function show(view: FitView): void {
    results.setFit(view, { request: null });
    restoredView = results.fit;
  }

  /** Desktop: the Open dialog for the data file. (The browser's panel has a file input: attachFile.) */
  async function chooseData(): Promise<void> {
    const path = await getApi().openFileDialog();
    if (path) await attachPath(path);
  }

  /** A data file by its path: the one the analysis recorded, or one chosen in the Open dialog. */
  function attachPath(path: string): Promise<void> {
    return attach({ kind: 'path', path }, fileNameOf(path));
  }

  /** A data file picked in the panel's file input (Electron: by its path when it has one). */
  async function attachFile(file: File): Promise<void> {
    await attach(await sourceOf(file), file.name);
  }

  /** Opens the data file of the saved analysis, checks it is the recorded one, and restores every screen. */
  async function attach(source: FileSource, label: string): Promise<void> {
    const current = opened.value;
    if (!current) return;
    const { session } = current;
    const ui = useUiStore();
    const api = getApi();
    const dataset = useDatasetStore();
    data.value = 'opening';
    dataName.value = label;
    const read = await api.run({
      type: 'open',
      source,
      ...(session.input.sheet !== null ? { sheet: session.input.sheet } : {}),
      ...(session.input.noHeader ? { noHeader: true } : { headerRow: session.input.headerRow }),
    }).response;
    if (opened.value !== current) return;
    if (!read.ok) {
      data.value = 'missing';
      ui.showError(read.error, 'open');
      return;
    }
    const table = read.result;
    dataset.adoptSaved(table, { mapping: session.mapping, recipe: session.recipe, quantity: session.layout.quantity }, source.kind === 'path' ? source.path : null);
    useAnalysisStore().restore(session.settings, session.classColumn);
    ui.dismiss('open');
    const difference = inputChanged(session, table.sha256, table.fileName);
    if (difference !== null) {
      changed.value = difference;
      data.value = 'changed';
      return;
    }
    const restored = await api.run({
      type: 'restore',
      datasetId: table.datasetId,
      mapping: plain(session.mapping),
      recipe: plain(session.recipe),
      settings: plain(session.settings),
      classColumn: session.classColumn,
      result: session.result,
    }).response;
    if (opened.value !== current) return;
    if (!restored.ok) {
      data.value = 'changed';
      changed.value = restored.error.message;
      return;
    }
    changed.value = null;
    data.value = 'attached';
    results.setFit(restored.result, { request: sessionRequest(session, table.datasetId) });
    restoredView = results.fit;
  }

  /** The file as it is now, fitted with the recorded mapping, recipe and settings (after 'changed'). */
  async function rerun(): Promise<void> {
    const current = opened.value;
    const table = useDatasetStore().opened;
    if (!current || !table) return;
    await useAnalysisStore().runRequest(sessionRequest(current.session, table.datasetId));
  }

  /** "Save analysis…": the fit on the Results screen as a .skfr file (save dialog, or a download). */
  async function save(): Promise<void> {
    const view = results.fit;
    if (!view || saving.value) return;
    const ui = useUiStore();
    const api = getApi();
    const dataset = useDatasetStore();
    if (view.preview) {
      // Issue 27: a saved analysis holds the full fit at this s and k, which follows the preview.
      ui.showError({ code: 'invalid-request', message: `These results are a live preview: wait for the full fit at s = ${view.s}, k = ${view.k}, then save the analysis.` }, 'results');
      return;
    }
    let text: string;
    if (opened.value && view === restoredView && view.fitId === '') {
      // Reopened without its data file: saved again as it was read.
      text = sessionText(opened.value.session);
    } else {
      const table = dataset.opened;
      const request = results.request;
      if (!table || !request || table.datasetId !== view.datasetId) {
        ui.showError({ code: 'unknown-dataset', message: 'These results can no longer be saved: their data file is not open any more. Run the analysis again, then save it.' }, 'results');
        return;
      }
      text = sessionTextOf({ opened: table, path: dataset.openedPath, request, view, platform: api.platform });
    }
    saving.value = true;
    try {
      const outcome = api.saveSession ? await api.saveSession(text, sessionFileName(view)) : { error: { code: 'internal' as const, message: 'Saving an analysis is not possible here.' } };
      if (outcome === null) return;
      if ('error' in outcome) {
        ui.showError(outcome.error, 'results');
        return;
      }
      ui.dismiss('results');
      savedAs.value = outcome.savedAs;
    } finally {
      saving.value = false;
    }
  }

  return { opened, data, changed, dataName, saving, savedAs, open, chooseData, attachPath, attachFile, attach, rerun, save };
});
