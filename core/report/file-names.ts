/**
 * Default names of every file a run saves — the exports (samples, features, report), the chart pictures and the
 * saved analysis — so runs on one input do not overwrite each other. One stem per run (runFileStem): the input's
 * name without its extension, the method (SKFR1 = one protein set for all clusters, SKFR2 = a set per cluster;
 * `-L1` for the absolute loss), k and s (the fitted ones: the chosen s when s was tuned, the chosen k when k was);
 * then what the file holds. Characters other than letters, digits, `.`, `_` and `-` become `_` (none at either end
 * of the name).
 *
 * @example exportFileName('mice_protein.csv', 'samples', 'csv', { variant: 'global', k: 8, s: 24 })
 *   // 'mice_protein_SKFR1_k8_s24_samples.csv'
 * @example chartFileBase('mice_protein.csv', 'pca', { variant: 'global', k: 8, s: 24 }) // 'mice_protein_SKFR1_k8_s24_pca'
 * @example sessionFileName('mice_protein.csv', { variant: 'global', k: 8, s: 24 }) // 'mice_protein_SKFR1_k8_s24.skfr'
 */
export interface RunNaming {
  variant: 'global' | 'local';
  /** 'absolute' (L1) is named; the default squared loss is not. */
  loss?: 'squared' | 'absolute';
  k: number;
  s: number;
}

/** The input file's name without folder or extension, safe in a file name ('skfr' when nothing is left). */
export function inputStem(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'skfr';
}

/**
 * "mice_protein.csv", SKFR1, k 8, s 24 → "mice_protein_SKFR1_k8_s24": the start of every file name of the run.
 * @example runFileStem('HeLa runs.xlsx', { variant: 'local', loss: 'absolute', k: 3, s: 10 }) // 'HeLa_runs_SKFR2-L1_k3_s10'
 */
export function runFileStem(fileName: string, run: RunNaming): string {
  const method = `${run.variant === 'local' ? 'SKFR2' : 'SKFR1'}${run.loss === 'absolute' ? '-L1' : ''}`;
  return `${inputStem(fileName)}_${method}_k${run.k}_s${run.s}`;
}

/**
 * The default name of an export: `<run stem>_<what>.<extension>` (`what`: samples, features, report, or a chart's
 * name such as heatmap).
 * @example exportFileName('mice_protein.csv', 'report', 'xlsx', { variant: 'local', k: 8, s: 24 }) // 'mice_protein_SKFR2_k8_s24_report.xlsx'
 */
export function exportFileName(fileName: string, what: string, extension: string, run: RunNaming): string {
  return `${runFileStem(fileName, run)}_${what}.${extension}`;
}

/** The charts the app saves as pictures (SVG or PNG), by the word their file names end with. */
export const CHART_FILES = ['heatmap', 'centers', 'pca', 'contingency', 'stability', 'gap', 'k-curve'] as const;
export type ChartFile = (typeof CHART_FILES)[number];

/**
 * A chart picture's name without its extension (the app adds .svg or .png): `<run stem>_<chart>`.
 * @example chartFileBase('HeLa runs.xlsx', 'heatmap', { variant: 'local', loss: 'absolute', k: 3, s: 10 }) // 'HeLa_runs_SKFR2-L1_k3_s10_heatmap'
 */
export function chartFileBase(fileName: string, chart: ChartFile, run: RunNaming): string {
  return `${runFileStem(fileName, run)}_${chart}`;
}

/**
 * A saved analysis: `<run stem>.skfr` (the extension core/jobs/session-file.ts's isSessionName recognises).
 * @example sessionFileName('HeLa runs.xlsx', { variant: 'local', loss: 'absolute', k: 3, s: 10 }) // 'HeLa_runs_SKFR2-L1_k3_s10.skfr'
 */
export function sessionFileName(fileName: string, run: RunNaming): string {
  return `${runFileStem(fileName, run)}.skfr`;
}
