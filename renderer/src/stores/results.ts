/**
 * The last good fit (FitView) and what is derived from it on demand: the evaluation against a chosen annotation
 * column (an `evaluate` job) and the exports saved so far (through the platform's save dialog or a download).
 * Also the request that made the fit (so a rule's s can be fitted with the same data and settings) and, for such
 * a re-fit, the tuned fit whose curves and rule choices stay on the screen (`tuning`).
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { ExportWhat, FitRequest, FitView, Metrics, SaveFormat } from '../../../core/jobs/types';
import { getApi } from '../bridge/api';
import { exportName } from '../lib/export-names';
import { useUiStore } from './ui';
import { computeMetrics } from '../../../core/analysis';
import { toErrorInfo } from '../../../core/errors';

export interface SavedExport {
  what: ExportWhat;
  format: SaveFormat;
  savedAs: string;
}

export const EXPORT_NAMES: Record<ExportWhat, string> = {
  samples: 'samples',
  features: 'features',
  report: 'report',
};

/** A tuned fit whose gap (and k) curves stay shown after a re-fit at one of its rules' choices. */
export interface TuningSource {
  view: FitView;
  /** The rule the user picked for the re-fit (named on the chart), when a rule marker or button was used. */
  rule: string | null;
  /** Which choice the re-fit took: a rule's s or a rule's k (null: the tuned fit itself). */
  param: 's' | 'k' | null;
}

/** Whether a fit carries curves to choose from (s or k was tuned). */
export function hasChoices(view: FitView | null): view is FitView {
  return view !== null && (view.gap != null || view.kCurve != null);
}

export const useResultsStore = defineStore('results', () => {
  const fit = shallowRef<FitView | null>(null);
  /** The request that produced `fit` (null for a fit set without one). */
  const request = shallowRef<FitRequest | null>(null);
  /** The tuned fit of the curves shown: `fit` itself when tuned, else the fit it was re-fitted from. */
  const tuning = shallowRef<TuningSource | null>(null);
  const metrics = shallowRef<Metrics | null>(null);
  const classColumn = ref<string | null>(null);
  const evaluating = ref(false);
  const exporting = ref<ExportWhat | null>(null);
  const saved = ref<SavedExport[]>([]);

  /**
   * Shows a new fit. `from`: it is a re-fit of a tuned fit at one of its rules' choices, whose curves stay shown;
   * without it, the fit's own curves are shown (or none).
   */
  function setFit(view: FitView, options: { request?: FitRequest | null; from?: TuningSource | null } = {}): void {
    fit.value = Object.freeze(view);
    request.value = options.request ?? null;
    tuning.value = hasChoices(view) ? { view: fit.value, rule: null, param: null } : (options.from ?? null);
    metrics.value = view.metrics;
    classColumn.value = view.metrics?.classColumn ?? null;
    saved.value = [];
  }

  async function evaluate(column: string | null): Promise<void> {
    const current = fit.value;
    classColumn.value = column;
    if (!current || column === null) {
      metrics.value = null;
      return;
    }
    if (current.fitId === '') {
      // A saved analysis shown without its data file (issue 16): the metrics from its own clusters and annotations.
      try {
        metrics.value = computeMetrics(Int32Array.from(current.clusters, (c) => c - 1), current.annotations[column] ?? [], column);
      } catch (error) {
        useUiStore().showError(toErrorInfo(error), 'results');
      }
      return;
    }
    evaluating.value = true;
    const response = await getApi().run({ type: 'evaluate', fitId: current.fitId, classColumn: column }).response;
    evaluating.value = false;
    if (fit.value !== current || classColumn.value !== column) return;
    if (response.ok) metrics.value = response.result;
    else useUiStore().showError(response.error, 'results');
  }

  async function exportFile(what: ExportWhat, format: SaveFormat): Promise<void> {
    const current = fit.value;
    if (!current || exporting.value) return;
    const ui = useUiStore();
    if (current.fitId === '') {
      // A saved analysis shown without its data file (issue 16): exports are made from the data.
      ui.showError({ code: 'unknown-dataset', message: `Exports are made from the data: choose the data file “${current.fileName}” first (Choose the data file…, above).` }, 'results');
      return;
    }
    if (current.preview) {
      // Issue 27: the exports carry the full fit at this s and k, which follows the preview.
      ui.showError({ code: 'invalid-request', message: `These results are a live preview: wait for the full fit at s = ${current.s}, k = ${current.k}, then export.` }, 'results');
      return;
    }
    exporting.value = what;
    const name = exportName(current, EXPORT_NAMES[what], format);
    try {
      const outcome = await getApi().saveExport(current.fitId, what, format, name);
      if (outcome === null) return;
      if ('error' in outcome) {
        ui.showError(outcome.error, 'results');
        return;
      }
      ui.dismiss('results');
      saved.value = [{ what, format, savedAs: outcome.savedAs }, ...saved.value.filter((s) => s.what !== what || s.format !== format)];
    } finally {
      exporting.value = null;
    }
  }

  return { fit, request, tuning, metrics, classColumn, evaluating, exporting, saved, setFit, evaluate, exportFile };
});
