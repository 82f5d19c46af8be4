// @vitest-environment happy-dom
/**
 * The Results pieces of issue 13 on hand-made FitViews (charts stubbed: their options are tested in
 * choice-charts.test.ts): the gap chart's words (the rule that chose s, the flags) and its "Use s = …" buttons,
 * the ranked list's "Selected in" bars and "unstable" tags, the stability panel's sentence and least consistent
 * samples, and SKFR2's per-cluster frequencies.
 */
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import type { FitView } from '../../core/jobs/types';
import ClusterLists from '../../renderer/src/components/ClusterLists.vue';
import FeatureTable from '../../renderer/src/components/FeatureTable.vue';
import GapChart from '../../renderer/src/components/GapChart.vue';
import StabilityPanel from '../../renderer/src/components/StabilityPanel.vue';

const stubs = { global: { stubs: { ChartPanel: true } } };
const names = ['A_N', 'B_N', 'C_N', 'D_N'];

/** A fit of 5 samples × 4 features, k = 2, s = 2 (A_N, B_N selected), tuned over s = 1..4, with stability over 10 fits. */
function view(extra: Partial<FitView> = {}): FitView {
  return {
    fitId: 'f1',
    fileName: 'mice.csv',
    settings: { k: 2, tune: { from: 1, to: 4 }, variant: 'global', loss: 'squared', restarts: 2, seed: 1, maxIterations: 10 },
    n: 5,
    p: 4,
    k: 2,
    s: 2,
    sampleIds: ['m1', 'm2', 'm3', 'm4', 'm5'],
    clusters: Int32Array.of(1, 1, 2, 2, 2),
    clusterSizes: [2, 3],
    featureNames: names,
    ranking: names.map((name, index) => ({ index, name, score: 4 - index, share: (4 - index) / 10, selected: index < 2 })),
    selected: [0, 1],
    selectedByCluster: null,
    featureAnnotations: {},
    gap: {
      curve: [1, 2, 3, 4].map((s) => ({ s, gap: [0.1, 0.5, 0.55, 0.6][s - 1]!, sd: 0.05, logO: 0, meanPermutedLogO: 0 })),
      bestS: 4,
      oneSeS: 3,
      permutations: 5,
    },
    sRules: [
      { rule: 'knee-se', s: 2, default: true },
      { rule: 'tibshirani', s: 2, default: false },
      { rule: 'argmax', s: 4, default: false },
      { rule: 'within-sd-of-max', s: 3, default: false },
      { rule: 'knee', s: 2, default: false },
    ],
    sFlags: { atRangeEnd: false, noClearMaximum: true },
    stability: {
      subsamples: 10,
      fraction: 0.8,
      subsampleSize: 4,
      featureFrequency: Float64Array.of(1, 0.4, 0.7, 0),
      clusterFeatureFrequency: null,
      unstableSelected: [1],
      sampleConsistency: Float64Array.of(1, 0.25, Number.NaN, 0.6, 0.9),
      ari: Float64Array.of(1, 0.9, 0.8),
      meanAri: 0.9,
    },
    ...extra,
  } as unknown as FitView;
}

describe('GapChart', () => {
  it('names the rule that chose s, says the flags in words, and offers every other choice', async () => {
    const wrapper = mount(GapChart, { props: { view: view(), fittedS: 2 }, ...stubs });
    expect(wrapper.get('[data-testid=gap-note]').text()).toBe('Chosen s = 2 by the knee-se rule (recommended).');
    expect(wrapper.get('[data-testid=gap-note]').text()).not.toContain('largest gap');
    // In the words of the CLI and the report (core/report/warnings.ts).
    expect(wrapper.findAll('[data-testid=s-flag]').map((f) => f.text())).toEqual([
      'The Gap curve has no clear maximum (it does not come down after its highest point, or never rises above 0): the data do not single out one s, so the rules differ; compare their choices, or check the stability of the proteins.',
    ]);
    // s at the end of the whole range 1..p: every feature kept.
    const atEnd = mount(GapChart, { props: { view: view({ s: 4, sFlags: { atRangeEnd: true, noClearMaximum: false } }), fittedS: 4 }, ...stubs });
    expect(atEnd.findAll('[data-testid=s-flag]').map((f) => f.text())).toEqual([
      'The chosen s = 4 is the last s tried (1–4): every feature is kept, the Gap curve supports no sparser set.',
    ]);
    const buttons = wrapper.findAll('[data-testid=use-s]');
    expect(buttons.map((b) => b.text())).toEqual(['Use s = 3 (within-sd-of-max)', 'Use s = 4 (argmax)']);
    await buttons[1]!.trigger('click');
    expect(wrapper.emitted('use')).toEqual([[4, 'argmax']]);
  });

  it('after a re-fit, says which rule’s s is fitted and what the tuning chose', () => {
    const wrapper = mount(GapChart, { props: { view: view(), fittedS: 4, rule: 'argmax' }, ...stubs });
    expect(wrapper.get('[data-testid=gap-note]').text()).toBe('Fitted s = 4, the choice of argmax; the tuning run chose s = 2 by knee-se.');
    expect(wrapper.findAll('[data-testid=use-s]').map((b) => b.attributes('data-s'))).toEqual(['2', '3']);
  });
});

describe('FeatureTable with stability', () => {
  it('shows "Selected in" as a 0–100 % bar per protein and tags the unstable ones with a tooltip', async () => {
    const wrapper = mount(FeatureTable, { props: { fit: view() } });
    expect(wrapper.get('[data-testid=frequency-header]').text()).toBe('Selected in');
    // Selected only: A_N (100 %), B_N (40 %, unstable).
    expect(wrapper.findAll('[data-testid=frequency-value]').map((c) => c.text())).toEqual(['100 %', '40 %']);
    const bars = wrapper.findAll('[data-testid=frequency-bar]');
    expect(bars.map((b) => (b.element.firstElementChild as HTMLElement).style.width)).toEqual(['100%', '40%']);
    expect(bars.map((b) => b.attributes('aria-valuenow'))).toEqual(['100', '40']);
    const tags = wrapper.findAll('[data-testid=unstable-tag]');
    expect(tags).toHaveLength(1);
    expect(tags[0]!.element.closest('tr')!.querySelector('[data-testid=feature-name]')!.textContent).toBe('B_N');
    expect(tags[0]!.attributes('title')).toMatch(/^Selected in 4 of 10 subsample fits \(40 %\)\. Selected by the full fit but in fewer than half/);
    // All features, sorted by frequency: A 100, C 70, B 40, D 0.
    await wrapper.get('[data-testid=selected-only]').setValue(false);
    await wrapper.get('[data-testid=frequency-header] button').trigger('click');
    expect(wrapper.findAll('[data-testid=feature-name]').map((c) => c.text())).toEqual(['A_N', 'C_N', 'B_N', 'D_N']);
  });

  it('has no "Selected in" column without stability', () => {
    const wrapper = mount(FeatureTable, { props: { fit: view({ stability: null }) } });
    expect(wrapper.find('[data-testid=frequency-header]').exists()).toBe(false);
    expect(wrapper.find('[data-testid=unstable-tag]').exists()).toBe(false);
  });
});

describe('StabilityPanel', () => {
  it('says the mean ARI over B fits, names the unstable proteins and lists the least consistent samples', () => {
    const wrapper = mount(StabilityPanel, { props: { fit: view() }, ...stubs });
    expect(wrapper.get('[data-testid=stability-ari]').text()).toContain('Subsample fits agree with the full fit: mean ARI 0.90 over 10 fits.');
    expect(wrapper.get('[data-testid=unstable-names]').text()).toBe('B_N');
    // m2 (25 %) first, then m4 (60 %), m5 (90 %), m1 (100 %); m3 unmeasured.
    expect(wrapper.findAll('[data-testid=consistency-row]').map((r) => r.findAll('td').map((c) => c.text()))).toEqual([
      ['m2', '1', '25 %'],
      ['m4', '2', '60 %'],
      ['m5', '2', '90 %'],
      ['m1', '1', '100 %'],
    ]);
    expect(wrapper.get('[data-testid=sample-consistency]').text()).toContain('1 sample of 4 stays with them in fewer than half of the fits; 1 could not be measured');
  });
});

describe('ClusterLists (SKFR2) with stability', () => {
  it('shows each cluster’s own frequency beside its features', () => {
    const fit = view({
      selectedByCluster: [[0, 2], [1, 2]],
      stability: { ...view().stability!, clusterFeatureFrequency: Float64Array.of(0.9, 0, 0.3, 0, 0, 1, 0.6, 0) },
    });
    const wrapper = mount(ClusterLists, { props: { fit } });
    const lists = wrapper.findAll('[data-testid=cluster-list]');
    expect(lists[0]!.findAll('[data-testid=cluster-frequency]').map((c) => c.text())).toEqual(['90 %', '30 %']);
    expect(lists[1]!.findAll('[data-testid=cluster-frequency]').map((c) => c.text())).toEqual(['100 %', '60 %']);
    expect(lists[0]!.findAll('[data-testid=cluster-frequency]')[1]!.attributes('title')).toBe('Cluster 1 selected C_N in 30 % of 10 subsample fits. Fewer than half: unstable for this cluster.');
  });
});
