/**
 * Default export names (issue 16): the input's name, the method, k and s, then what the file holds, so runs on one
 * input never overwrite each other.
 */
import { describe, expect, it } from 'vitest';
import { CHART_FILES, chartFileBase as chartBase, exportFileName, inputStem, runFileStem, sessionFileName as sessionBase } from '../../core/report/file-names';
import { exportFileNameOf } from '../../core/jobs/export';
import { isSessionName } from '../../core/jobs/session-file';
import { exportName, chartFileBase } from '../../renderer/src/lib/export-names';
import { sessionFileName } from '../../renderer/src/lib/session';
import type { FitView } from '../../core/jobs/types';

describe('export names', () => {
  it.each([
    ['mice_protein.csv', 'samples', 'csv', { variant: 'global', k: 8, s: 24 }, 'mice_protein_SKFR1_k8_s24_samples.csv'],
    ['mice_protein.csv', 'features', 'csv', { variant: 'global', k: 8, s: 24 }, 'mice_protein_SKFR1_k8_s24_features.csv'],
    ['mice_protein.csv', 'report', 'xlsx', { variant: 'global', k: 8, s: 24 }, 'mice_protein_SKFR1_k8_s24_report.xlsx'],
    ['mice.csv', 'samples', 'csv', { variant: 'local', k: 8, s: 24 }, 'mice_SKFR2_k8_s24_samples.csv'],
    ['mice.csv', 'samples', 'xlsx', { variant: 'global', loss: 'absolute', k: 3, s: 10 }, 'mice_SKFR1-L1_k3_s10_samples.xlsx'],
    ['mice.csv', 'samples', 'csv', { variant: 'global', loss: 'squared', k: 3, s: 10 }, 'mice_SKFR1_k3_s10_samples.csv'],
    ['/Users/lab/runs/proteinGroups.txt', 'report', 'html', { variant: 'global', k: 3, s: 10 }, 'proteinGroups_SKFR1_k3_s10_report.html'],
    ['C:\\data\\HeLa runs (2).xlsx', 'features', 'csv', { variant: 'local', k: 4, s: 12 }, 'HeLa_runs_2_SKFR2_k4_s12_features.csv'],
    ['Data_Cortex_Nuclear.xls', 'heatmap', 'svg', { variant: 'global', k: 49, s: 24 }, 'Data_Cortex_Nuclear_SKFR1_k49_s24_heatmap.svg'],
    ['(1).csv', 'samples', 'csv', { variant: 'global', k: 2, s: 1 }, '1_SKFR1_k2_s1_samples.csv'],
  ] as const)('%s, %s.%s → %s', (file, what, ext, run, expected) => {
    expect(exportFileName(file, what, ext, run)).toBe(expected);
  });

  it('the stem drops folders and the extension; nothing left is "skfr"', () => {
    expect(inputStem('a/b/c.d.csv')).toBe('c.d');
    expect(inputStem('')).toBe('skfr');
    expect(inputStem('«».csv')).toBe('skfr');
    expect(runFileStem('mice.csv', { variant: 'global', k: 8, s: 24 })).toBe('mice_SKFR1_k8_s24');
  });

  it('the host names an export by the fitted k and s (a tuned s: the chosen one)', () => {
    const source = { input: { fileName: 'mice_protein.csv', sha256: '' }, fit: { options: { variant: 'global', loss: 'squared', k: 8, s: 20 } } };
    expect(exportFileNameOf(source as never, 'samples', 'csv')).toBe('mice_protein_SKFR1_k8_s20_samples.csv');
  });

  it('the app names exports and charts from the fit shown (its k and s, the chosen ones when tuned)', () => {
    const fit = { fileName: 'mice_protein.csv', k: 8, s: 20, settings: { variant: 'global', loss: 'squared', tune: { from: 1, to: 77 } } } as unknown as FitView;
    expect(exportName(fit, 'report', 'xlsx')).toBe('mice_protein_SKFR1_k8_s20_report.xlsx');
    expect(chartFileBase(fit, 'heatmap')).toBe('mice_protein_SKFR1_k8_s20_heatmap');
  });

  it('one stem for every file of a run: exports, chart pictures and the saved analysis (SKFR2, L1 loss, k 3, s 10)', () => {
    const fit = { fileName: 'C:\\data\\HeLa runs (2).xlsx', k: 3, s: 10, settings: { variant: 'local', loss: 'absolute', k: 3 } } as unknown as FitView;
    const names = [
      exportName(fit, 'samples', 'csv'),
      exportName(fit, 'samples', 'xlsx'),
      exportName(fit, 'features', 'csv'),
      exportName(fit, 'report', 'xlsx'),
      exportName(fit, 'report', 'html'),
      exportName(fit, 'report', 'pdf'),
      ...CHART_FILES.flatMap((chart) => ['svg', 'png'].map((ext) => `${chartFileBase(fit, chart)}.${ext}`)),
      sessionFileName(fit),
    ];
    expect(names).toEqual([
      'HeLa_runs_2_SKFR2-L1_k3_s10_samples.csv',
      'HeLa_runs_2_SKFR2-L1_k3_s10_samples.xlsx',
      'HeLa_runs_2_SKFR2-L1_k3_s10_features.csv',
      'HeLa_runs_2_SKFR2-L1_k3_s10_report.xlsx',
      'HeLa_runs_2_SKFR2-L1_k3_s10_report.html',
      'HeLa_runs_2_SKFR2-L1_k3_s10_report.pdf',
      'HeLa_runs_2_SKFR2-L1_k3_s10_heatmap.svg',
      'HeLa_runs_2_SKFR2-L1_k3_s10_heatmap.png',
      'HeLa_runs_2_SKFR2-L1_k3_s10_centers.svg',
      'HeLa_runs_2_SKFR2-L1_k3_s10_centers.png',
      'HeLa_runs_2_SKFR2-L1_k3_s10_pca.svg',
      'HeLa_runs_2_SKFR2-L1_k3_s10_pca.png',
      'HeLa_runs_2_SKFR2-L1_k3_s10_contingency.svg',
      'HeLa_runs_2_SKFR2-L1_k3_s10_contingency.png',
      'HeLa_runs_2_SKFR2-L1_k3_s10_stability.svg',
      'HeLa_runs_2_SKFR2-L1_k3_s10_stability.png',
      'HeLa_runs_2_SKFR2-L1_k3_s10_gap.svg',
      'HeLa_runs_2_SKFR2-L1_k3_s10_gap.png',
      'HeLa_runs_2_SKFR2-L1_k3_s10_k-curve.svg',
      'HeLa_runs_2_SKFR2-L1_k3_s10_k-curve.png',
      'HeLa_runs_2_SKFR2-L1_k3_s10.skfr',
    ]);
    // The host's exports, the core's names and the renderer's agree; a saved analysis is recognised as one.
    const run = { variant: 'local', loss: 'absolute', k: 3, s: 10 } as const;
    const source = { input: { fileName: 'HeLa runs (2).xlsx', sha256: '' }, fit: { options: run } };
    expect(exportFileNameOf(source as never, 'features', 'csv')).toBe(names[2]);
    expect(chartBase('HeLa runs (2).xlsx', 'pca', run)).toBe('HeLa_runs_2_SKFR2-L1_k3_s10_pca');
    expect(sessionBase('HeLa runs (2).xlsx', run)).toBe(names.at(-1));
    expect(isSessionName(names.at(-1)!)).toBe(true);
    // SKFR1 with the default loss: no "-L1".
    expect(sessionFileName({ ...fit, settings: { variant: 'global', loss: 'squared' } } as unknown as FitView)).toBe('HeLa_runs_2_SKFR1_k3_s10.skfr');
  });
});
