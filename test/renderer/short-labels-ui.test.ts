// @vitest-environment happy-dom
/**
 * Lists of names in the Import screen shortened by the one rule (core/charts/short-labels.ts): a filter's values
 * that are DIA-NN run paths keep their distinguishing end, with the full value on hover. Cut at their end (the
 * CSS ellipsis alone), every one read "/gpfs/group/home/titusj/1303_la…".
 */
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import RowFilterItem from '../../renderer/src/components/RowFilterItem.vue';

const RUNS = ['bcmk1', 'bcmk10', 'bcmk2'].map(
  (r) => `/gpfs/group/home/titusj/1303_larry/20240709_Ast_Neo_Aurora_25um-75umID_FAIMS_CV-50_pilot-2_neuron_${r}.raw.dia`,
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
