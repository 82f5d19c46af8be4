/**
 * Issue 13 in the report tables (hand-made fit, hand-derived cells): selection frequency and the unstable mark in
 * the feature list, consistency in the samples, the Stability and K curve sheets, every rule's choice on one line
 * with the default and the fitted one marked, the s warnings in words, and the Summary rows.
 */
import { describe, expect, it } from 'vitest';
import type { FitResult, KPoint, StabilityResult, TuneResult } from '../../core/engine/types.js';
import { handFit as baseFit } from './hand-fit.js';
import type { MappedData } from '../../core/table/types.js';
import { featuresRows, kCurveRows, reportSheets, rulesLine, samplesRows, sFlagMessages, stabilityRows, summaryRows, UNSTABLE_MARK } from '../../core/report/index.js';

/** The shared hand-made fit (hand-fit.ts), with one objective in its trace and no imputed cell. */
const handFit = (variant: 'global' | 'local'): FitResult => baseFit(variant, { objectiveTrace: [12.5], imputedCells: 0 });

const mapped: MappedData = {
  matrix: { rows: 4, cols: 3, data: new Float64Array(12) },
  sampleIds: ['s1', 's2', 's3', 's4'],
  featureNames: ['a', 'b', 'c'],
  annotations: { class: ['u', 'v', 'u', 'u'] },
  rowIndices: Int32Array.from([0, 1, 2, 3]),
  missingCells: 0,
  warnings: [],
};

/** b in every fit, a in 2 of 5 (0.4: unstable), c in 4 of 5; sample 3 undefined (NaN). */
const stability: StabilityResult = {
  subsamples: 5,
  fraction: 0.8,
  subsampleSize: 3,
  featureFrequency: Float64Array.from([0.4, 1, 0.6]),
  clusterFeatureFrequency: null,
  unstableSelected: [0],
  sampleConsistency: Float64Array.from([1, 0.5, NaN, 0.75]),
  ari: Float64Array.from([1, 1, 0.5, 1, 1]),
  meanAri: 0.9,
};
const local: StabilityResult = { ...stability, clusterFeatureFrequency: Float64Array.from([0.2, 1, 0, 0, 0.8, NaN]) };

describe('stability in the tables', () => {
  it('features (SKFR1): selection frequency and the unstable mark after the share', () => {
    expect(featuresRows(handFit('global'), mapped, { stability })).toEqual([
      ['rank', 'feature', 'score', 'share', 'selection frequency', 'unstable', 'center 1', 'center 2'],
      [1, 'b', 6, 0.75, 1, null, 10, 30],
      [2, 'a', 2, 0.25, 0.4, UNSTABLE_MARK, 1, 3],
    ]);
    // An unselected feature is never marked, whatever its frequency.
    expect(featuresRows(handFit('global'), mapped, { stability, all: true })[3]).toEqual([3, 'c', 0, 0, 0.6, null, 5, 5]);
    expect(UNSTABLE_MARK).toBe('< half of the subsamples');
    expect(featuresRows(handFit('global'), mapped)[0]).not.toContain('selection frequency');
  });

  it('features (SKFR2): the frequency of the feature in the cluster (matched), marked under ½, empty when undefined', () => {
    const rows = featuresRows(handFit('local'), mapped, { stability: local });
    expect(rows[0]).toEqual(['cluster', 'rank', 'feature', 'score', 'share', 'selection frequency', 'unstable', 'center 1', 'center 2']);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[5], row[6]])).toEqual([
      [1, 'a', 0.2, UNSTABLE_MARK],
      [1, 'b', 1, null],
      [2, 'b', 0.8, null],
      [2, 'c', null, null],
    ]);
  });

  it('samples: consistency after distance, empty where undefined', () => {
    const rows = samplesRows(handFit('global'), mapped, undefined, stability);
    expect(rows[0]).toEqual(['sample', 'class', 'cluster', 'distance', 'consistency']);
    expect(rows.map((row) => row[4])).toEqual(['consistency', 1, 0.5, null, 0.75]);
  });

  it('the Stability sheet: every feature, most often selected first', () => {
    expect(stabilityRows(handFit('global'), mapped, stability)).toEqual([
      ['feature', 'selected', 'selection frequency', 'unstable'],
      ['b', 'yes', 1, null],
      ['c', 'no', 0.6, null],
      ['a', 'yes', 0.4, UNSTABLE_MARK],
    ]);
    expect(stabilityRows(handFit('local'), mapped, local)[0]).toEqual(['feature', 'selected', 'selection frequency', 'unstable', 'frequency in cluster 1', 'frequency in cluster 2']);
    expect(stabilityRows(handFit('local'), mapped, local)[3]).toEqual(['a', 'yes', 0.4, UNSTABLE_MARK, 0.2, 0]);
  });
});

describe('rules and the k curve', () => {
  const sRules = [
    { rule: 'knee-se', s: 20, default: true },
    { rule: 'tibshirani', s: 13, default: false },
    { rule: 'argmax', s: 77, default: false },
    { rule: 'within-sd-of-max', s: 67, default: false },
    { rule: 'knee', s: 20, default: false },
  ] as const;

  it('rulesLine marks the default rule and the fitted one', () => {
    expect(rulesLine(sRules, 'knee-se')).toBe('knee-se 20 (default, fitted) · tibshirani 13 · argmax 77 · within-sd-of-max 67 · knee 20');
    const argmax = sRules.map((c) => ({ ...c, default: c.rule === 'argmax' }));
    expect(rulesLine(argmax, 'knee-se')).toBe('knee-se 20 (default) · tibshirani 13 · argmax 77 (fitted) · within-sd-of-max 67 · knee 20');
    expect(rulesLine([{ rule: 'tibshirani', k: 10, default: true }, { rule: 'silhouette', k: 9, default: false }], 'tibshirani')).toBe('tibshirani 10 (default, fitted) · silhouette 9');
  });

  it('sFlagMessages: the end of the range (widen it, or every feature kept) and no clear maximum, in words', () => {
    expect(sFlagMessages({ atRangeEnd: false, noClearMaximum: false }, 15, [1, 50], 50)).toEqual([]);
    expect(sFlagMessages({ atRangeEnd: true, noClearMaximum: false }, 20, [1, 20], 77)).toEqual([
      'The chosen s = 20 is the last s tried (1–20): a larger s may be better; widen the range.',
    ]);
    expect(sFlagMessages({ atRangeEnd: true, noClearMaximum: false }, 5, [5, 20], 77)[0]).toBe(
      'The chosen s = 5 is the first s tried (5–20): a smaller s may be better; start the range lower.',
    );
    expect(sFlagMessages({ atRangeEnd: true, noClearMaximum: true }, 77, [1, 77], 77)).toEqual([
      'The chosen s = 77 is the last s tried (1–77): every feature is kept, the Gap curve supports no sparser set.',
      expect.stringMatching(/^The Gap curve has no clear maximum/),
    ]);
  });

  it('the K curve sheet and the Summary rows; sheets only when computed', () => {
    const curve: KPoint[] = [
      { k: 2, gap: 0.1, sd: 0.01, logW: 5, meanPermutedLogW: 5.1, silhouette: 0.4 },
      { k: 3, gap: 0.3, sd: 0.01, logW: 4.8, meanPermutedLogW: 5.1, silhouette: NaN },
    ];
    expect(kCurveRows({ curve })).toEqual([
      ['k', 'gap', 'sd', 'log W', 'mean permuted log W', 'silhouette'],
      [2, 0.1, 0.01, 5, 5.1, 0.4],
      [3, 0.3, 0.01, 4.8, 5.1, null],
    ]);
    const tune = {
      curve: [
        { s: 1, gap: 0.1, sd: 0.01, logO: 0, meanPermutedLogO: 0 },
        { s: 2, gap: 0.5, sd: 0.01, logO: 0, meanPermutedLogO: 0 },
      ],
      bestS: 2, oneSeS: 2, chosenS: 2, permutations: 3,
      sRules: [{ rule: 'knee-se', s: 2, default: true }, { rule: 'argmax', s: 2, default: false }],
      flags: { atRangeEnd: true, noClearMaximum: false },
    } as unknown as TuneResult;
    const report = {
      fit: handFit('global'), mapped, tune, input: { fileName: 'x.csv', sha256: '0' }, version: '0', parameters: {},
      kCurve: { curve, kRules: [{ rule: 'tibshirani' as const, k: 3, default: true }], permutations: 3 },
      ksSteps: [
        { tuned: 's' as const, k: 2, s: 2, sRules: [], flags: { atRangeEnd: false, noClearMaximum: false }, curve: [] },
        { tuned: 'k' as const, k: 3, s: 2, kRules: [], curve: [] },
      ],
      stability,
    };
    const rows = summaryRows(report, null);
    const value = (item: string) => rows.find((row) => row[0] === item)?.[1];
    expect(value('s rules')).toBe('knee-se 2 (default, fitted) · argmax 2');
    expect(value('s rule fitted')).toBe('knee-se (default): s = 2');
    expect(value('s warning')).toBe('The chosen s = 2 is the last s tried (1–2): a larger s may be better; widen the range.');
    expect(value('k rules')).toBe('tibshirani 3 (default, fitted)');
    expect(value('gap statistic over k: k values')).toBe('2, 3');
    expect(value('k / s search, step 1')).toBe('s = 2 chosen at k = 2');
    expect(value('k / s search, step 2')).toBe('k = 3 chosen at s = 2');
    expect(value('stability: subsample fits')).toBe(5);
    expect(value('stability: samples per subsample')).toBe('3 (80 %)');
    expect(value('stability: mean ARI with the full fit')).toBe(0.9);
    expect(value('stability: ARI of each subsample fit')).toBe('1, 1, 0.5, 1, 1');
    expect(value('stability: selected features in fewer than half of the subsamples')).toBe('a');
    expect(reportSheets(report).map((sheet) => sheet.name)).toEqual(['Summary', 'Samples', 'Features', 'Centers', 'Gap', 'K curve', 'Stability']);
    expect(reportSheets({ fit: handFit('global'), mapped, input: { fileName: 'x.csv', sha256: '0' }, version: '0', parameters: {} }).map((sheet) => sheet.name)).toEqual(['Summary', 'Samples', 'Features', 'Centers']);
  });
});
