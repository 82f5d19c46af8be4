/**
 * The last good fit (FitView) and what is derived from it on demand: the evaluation against a chosen annotation
 * column (an `evaluate` job) and the exports saved so far (through the platform's save dialog or a download).
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { ExportFormat, ExportWhat, FitView, Metrics } from '../../../core/jobs/types';
import { getApi } from '../bridge/api';
import { baseName } from '../lib/format';
import { useUiStore } from './ui';

export interface SavedExport {
  what: ExportWhat;
  format: ExportFormat;
  savedAs: string;
}

export const EXPORT_NAMES: Record<ExportWhat, string> = {
  samples: 'samples',
  features: 'features',
  report: 'report',
};

export const useResultsStore = defineStore('results', () => {
  const fit = shallowRef<FitView | null>(null);
  const metrics = shallowRef<Metrics | null>(null);
  const classColumn = ref<string | null>(null);
  const evaluating = ref(false);
  const exporting = ref<ExportWhat | null>(null);
  const saved = ref<SavedExport[]>([]);

  function setFit(view: FitView): void {
    fit.value = Object.freeze(view);
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
    evaluating.value = true;
    const response = await getApi().run({ type: 'evaluate', fitId: current.fitId, classColumn: column }).response;
    evaluating.value = false;
    if (fit.value !== current || classColumn.value !== column) return;
    if (response.ok) metrics.value = response.result;
    else useUiStore().showError(response.error, 'results');
  }

  async function exportFile(what: ExportWhat, format: ExportFormat): Promise<void> {
    const current = fit.value;
    if (!current || exporting.value) return;
    const ui = useUiStore();
    exporting.value = what;
    const name = `${baseName(current.fileName)}-${EXPORT_NAMES[what]}.${format}`;
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

  return { fit, metrics, classColumn, evaluating, exporting, saved, setFit, evaluate, exportFile };
});
