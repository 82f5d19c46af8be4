/**
 * Default names of what the Results screen saves — exports, chart pictures, the saved analysis — all from the fit
 * shown by core/report/file-names.ts (one stem per run: the input's name, the method, k and s), so files of
 * different runs never overwrite each other.
 * @example exportName(fit, 'samples', 'csv') // 'mice_protein_SKFR1_k8_s24_samples.csv'
 */
import { chartFileBase as chartBase, exportFileName, sessionFileName, type ChartFile, type RunNaming } from '../../../core/report/file-names';
import type { FitView } from '../../../core/jobs/types';

/** The fitted method, k and s of a fit (the chosen ones when tuned). */
export function runNaming(fit: Pick<FitView, 'settings' | 'k' | 's'>): RunNaming {
  return { variant: fit.settings.variant, loss: fit.settings.loss, k: fit.k, s: fit.s };
}

export function exportName(fit: Pick<FitView, 'fileName' | 'settings' | 'k' | 's'>, what: string, extension: string): string {
  return exportFileName(fit.fileName, what, extension, runNaming(fit));
}

/** A chart's file name without extension: 'mice_protein_SKFR1_k8_s24_heatmap'. */
export function chartFileBase(fit: Pick<FitView, 'fileName' | 'settings' | 'k' | 's'>, chart: ChartFile): string {
  return chartBase(fit.fileName, chart, runNaming(fit));
}

/** The saved analysis of a fit: 'mice_protein_SKFR1_k8_s24.skfr'. */
export function sessionName(fit: Pick<FitView, 'fileName' | 'settings' | 'k' | 's'>): string {
  return sessionFileName(fit.fileName, runNaming(fit));
}
