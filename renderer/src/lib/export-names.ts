/**
 * Default names of what the Results screen saves: the input's name, the method, k and s, then what it is
 * (core/report/file-names.ts), so exports of different runs never overwrite each other.
 * @example exportName(fit, 'samples', 'csv') // 'mice_protein_SKFR1_k8_s24_samples.csv'
 */
import { exportFileName, runFileStem, type RunNaming } from '../../../core/report/file-names';
import type { FitView } from '../../../core/jobs/types';

/** The fitted method, k and s of a fit (the chosen ones when tuned). */
export function runNaming(fit: Pick<FitView, 'settings' | 'k' | 's'>): RunNaming {
  return { variant: fit.settings.variant, loss: fit.settings.loss, k: fit.k, s: fit.s };
}

export function exportName(fit: Pick<FitView, 'fileName' | 'settings' | 'k' | 's'>, what: string, extension: string): string {
  return exportFileName(fit.fileName, what, extension, runNaming(fit));
}

/** A chart's file name without extension: 'mice_protein_SKFR1_k8_s24_heatmap'. */
export function chartFileBase(fit: Pick<FitView, 'fileName' | 'settings' | 'k' | 's'>, chart: string): string {
  return `${runFileStem(fit.fileName, runNaming(fit))}_${chart}`;
}
