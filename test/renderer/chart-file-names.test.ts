// @vitest-environment happy-dom
/**
 * Every chart of the Results screen names its picture from the run's stem (core/report/file-names.ts:
 * chartFileBase), as the exports and the saved analysis do: a hand-made SKFR2 run with the L1 loss, k = 2, s = 2,
 * on "HeLa runs.xlsx". Charts are stubbed: the name is the `fileBase` each hands to ChartPanel.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import type { FitView, Metrics, SampleHeatmap } from '../../core/jobs/types';
import CentersChart from '../../renderer/src/components/CentersChart.vue';
import ChartPanel from '../../renderer/src/components/ChartPanel.vue';
import EvaluationPanel from '../../renderer/src/components/EvaluationPanel.vue';
import GapChart from '../../renderer/src/components/GapChart.vue';
import KCurveChart from '../../renderer/src/components/KCurveChart.vue';
import PcaChart from '../../renderer/src/components/PcaChart.vue';
import SampleHeatmapChart from '../../renderer/src/components/SampleHeatmapChart.vue';
import StabilityPanel from '../../renderer/src/components/StabilityPanel.vue';
import { useResultsStore } from '../../renderer/src/stores/results';

const stubs = { global: { stubs: { ChartPanel: true } } };
const names = ['A_N', 'B_N', 'C_N'];

/** 4 samples × 3 features, SKFR2 with the L1 loss, k = 2, s = 2, s and k tuned, with stability over 10 fits. */
const fit = {
  fitId: 'f1',
  fileName: 'HeLa runs.xlsx',
  settings: { k: 2, tune: { from: 1, to: 3 }, variant: 'local', loss: 'absolute', restarts: 2, seed: 1, maxIterations: 10 },
  n: 4,
  p: 3,
  k: 2,
  s: 2,
  sampleIds: ['m1', 'm2', 'm3', 'm4'],
  clusters: Int32Array.of(1, 1, 2, 2),
  clusterSizes: [2, 2],
  featureNames: names,
  ranking: names.map((name, index) => ({ index, name, score: 3 - index, share: (3 - index) / 6, selected: index < 2 })),
  selected: [0, 1],
  selectedByCluster: [Int32Array.of(0, 1), Int32Array.of(1, 0)],
  means: Float64Array.of(1, 0, -1, -1, 0, 1),
  annotations: { class: ['x', 'x', 'y', 'y'] },
  featureAnnotations: {},
  projection: { x: Float64Array.of(0, 1, 2, 3), y: Float64Array.of(0, 1, 0, 1), explained: [0.6, 0.3] },
  gap: { curve: [1, 2, 3].map((s) => ({ s, gap: 0.1 * s, sd: 0.05, logO: 0, meanPermutedLogO: 0 })), bestS: 3, oneSeS: 2, permutations: 5 },
  sRules: [{ rule: 'knee-se', s: 2, default: true }],
  sFlags: { atRangeEnd: false, noClearMaximum: false },
  kCurve: {
    curve: [2, 3].map((k) => ({ k, gap: 0.2 * k, sd: 0.05, logW: 0, meanPermutedLogW: 0, silhouette: 0.5 })),
    kRules: [{ rule: 'tibshirani', k: 2, default: true }],
    permutations: 5,
  },
  stability: {
    subsamples: 10,
    fraction: 0.8,
    subsampleSize: 3,
    featureFrequency: Float64Array.of(1, 0.6, 0.2),
    clusterFeatureFrequency: null,
    unstableSelected: [],
    sampleConsistency: Float64Array.of(1, 1, 0.8, 0.9),
    ari: Float64Array.of(1, 0.9),
    meanAri: 0.95,
  },
  metrics: null,
} as unknown as FitView;

const heatmap: SampleHeatmap = { rows: [0, 1, 2, 3], columns: [0, 1], values: new Float32Array(8), scale: 'standardised', clip: 3 };
const metrics: Metrics = { classColumn: 'class', ari: 1, nmi: 1, mixedNodes: 0, totalInMixedNodes: 0, contingency: { clusters: [1, 2], classes: ['x', 'y'], counts: [[2, 0], [0, 2]] } };

const fileBaseOf = (wrapper: ReturnType<typeof mount>) => wrapper.findComponent(ChartPanel).props('fileBase') as string;

beforeEach(() => setActivePinia(createPinia()));

describe('chart pictures are named by the run', () => {
  it('each chart: <input>_SKFR2-L1_k2_s2_<chart>', () => {
    const results = useResultsStore();
    results.fit = fit;
    results.metrics = metrics;
    const bases = [
      fileBaseOf(mount(SampleHeatmapChart, { props: { fit, heatmap }, ...stubs })),
      fileBaseOf(mount(CentersChart, { props: { fit }, ...stubs })),
      fileBaseOf(mount(PcaChart, { props: { fit }, ...stubs })),
      fileBaseOf(mount(EvaluationPanel, stubs)),
      fileBaseOf(mount(StabilityPanel, { props: { fit }, ...stubs })),
      fileBaseOf(mount(GapChart, { props: { view: fit, fittedS: 2 }, ...stubs })),
      fileBaseOf(mount(KCurveChart, { props: { view: fit, fittedK: 2 }, ...stubs })),
    ];
    expect(bases).toEqual([
      'HeLa_runs_SKFR2-L1_k2_s2_heatmap',
      'HeLa_runs_SKFR2-L1_k2_s2_centers',
      'HeLa_runs_SKFR2-L1_k2_s2_pca',
      'HeLa_runs_SKFR2-L1_k2_s2_contingency',
      'HeLa_runs_SKFR2-L1_k2_s2_stability',
      'HeLa_runs_SKFR2-L1_k2_s2_gap',
      'HeLa_runs_SKFR2-L1_k2_s2_k-curve',
    ]);
  });
});
