// @vitest-environment happy-dom
/**
 * Lists of names shortened by the one rule (core/charts/short-labels.ts): a filter's values that are DIA-NN run
 * paths, and the least consistent samples' run names, keep their distinguishing end, in full on hover. Cut at
 * their end (the CSS ellipsis alone), every one read "runs/1303_larry/20240709_Ast_Neo…"; the sample ids were not
 * cut at all and ran out of their table.
 */
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import type { FitView } from '../../core/jobs/types';
import RowFilterItem from '../../renderer/src/components/RowFilterItem.vue';
import StabilityPanel from '../../renderer/src/components/StabilityPanel.vue';

const RUNS = ['bcmk1', 'bcmk10', 'bcmk2'].map(
  (r) => `runs/1303_larry/20240709_Ast_Neo_Aurora_25um-75umID_FAIMS_CV-50_pilot-2_neuron_${r}.raw.dia`,
);

describe('a row filter on run paths', () => {
  it('shows each value by what tells it apart, the full value in its title', () => {
    const values = RUNS.map((value, i) => ({ value, count: i + 1 }));
    const wrapper = mount(RowFilterItem, { props: { filter: { column: 'Name in report.pg_matrix', values: [RUNS[0]!] }, values, total: 6, unit: 'samples' } });
    const names = wrapper.findAll('.value-name');
    // Shared prefix up to "neuron_" (the longer affix) goes; ".raw.dia" stays: 14 characters ≤ 28.
    expect(names.map((n) => n.text())).toEqual(['…bcmk1.raw.dia', '…bcmk10.raw.dia', '…bcmk2.raw.dia']);
    expect(names.map((n) => n.attributes('title'))).toEqual(RUNS);
  });

  it('short values are shown as they are', () => {
    const values = ['Cell Torn', 'Gigaseal Lost'].map((value) => ({ value, count: 1 }));
    const wrapper = mount(RowFilterItem, { props: { filter: { column: 'Gigaseal_Status', values: [] }, values, total: 2, unit: 'samples' } });
    expect(wrapper.findAll('.value-name').map((n) => n.text())).toEqual(['Cell Torn', 'Gigaseal Lost']);
  });
});

describe('the least consistent samples', () => {
  it('are listed by what tells their ids apart, the full id in the title', () => {
    const ids = [1, 2, 3].map((i) => `20240709_Ast_Neo_150uID_80mins_DIA_NeatPlasma_${i}`);
    const fit = {
      fileName: 'report.pg_matrix.tsv',
      settings: { variant: 'global', loss: 'squared' },
      n: 3,
      k: 2,
      s: 1,
      sampleIds: ids,
      clusters: Int32Array.of(1, 1, 2),
      featureNames: ['A'],
      selected: [0],
      stability: { subsamples: 10, fraction: 0.8, subsampleSize: 2, featureFrequency: Float64Array.of(1), clusterFeatureFrequency: null, unstableSelected: [], sampleConsistency: Float64Array.of(0.9, 0.2, 0.5), ari: Float64Array.of(1), meanAri: 1 },
    } as unknown as FitView;
    const wrapper = mount(StabilityPanel, { props: { fit }, global: { stubs: { ChartPanel: true } } });
    const cells = wrapper.findAll('[data-testid=consistency-row] td.name');
    // Lowest first: samples 2 (0.2), 3 (0.5), 1 (0.9).
    expect(cells.map((c) => c.text())).toEqual(['…2', '…3', '…1']);
    expect(cells.map((c) => c.attributes('title'))).toEqual([ids[1], ids[2], ids[0]]);
  });
});
