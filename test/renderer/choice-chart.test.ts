// @vitest-environment happy-dom
/**
 * ChoiceChart, the part the gap and k charts share, with the chart replaced by a stand-in that reports a drawing
 * (data value → pixels ×10) and passes clicks on: the markers' hidden positions, one "Use" button per choice
 * that is not fitted, and a click on a marker asking for a fit at its value unless it is the fitted one or a run
 * is under way.
 */
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import { defineComponent, h, onMounted } from 'vue';
import { RULES_SERIES } from '../../core/charts/gap';
import type { ToPixel } from '../../core/charts/types';
import ChoiceChart from '../../renderer/src/components/ChoiceChart.vue';
import type { ChoiceGroup } from '../../renderer/src/lib/rules';

/** Draws at once at 10 px per unit; a click on it sends ECharts' parameters for a marker at s = 3. */
const FakePanel = defineComponent({
  emits: ['drawn', 'chart-click'],
  setup(_, { emit }) {
    const toPixel: ToPixel = (_series, [x, y]) => [x * 10, y * 10];
    onMounted(() => emit('drawn', toPixel));
    return () => h('div', { 'data-testid': 'fake-chart', onClick: () => emit('chart-click', { componentType: 'series', seriesName: RULES_SERIES, value: [3, 0.55] }) });
  },
});

const groups: ChoiceGroup[] = [
  { at: 2, rules: ['knee-se', 'knee'], fitted: true, default: true },
  { at: 3, rules: ['within-sd-of-max'], fitted: false, default: false },
  { at: 4, rules: ['argmax'], fitted: false, default: false },
];
const gap = new Map([[2, 0.5], [3, 0.55], [4, 0.6]]);

function mountChart(extra: Record<string, unknown> = {}) {
  return mount(ChoiceChart, {
    props: { param: 's', testids: 'gap', title: 'Choosing s', option: {}, fileBase: 'mice-gap', groups, markerSeries: 3, yAt: (s: number) => gap.get(s), fitted: 2, ...extra },
    slots: { default: '<p data-testid="note">notes</p>' },
    global: { stubs: { ChartPanel: FakePanel } },
  });
}

describe('ChoiceChart', () => {
  it('marks every choice where it is drawn and offers a button per choice not fitted', async () => {
    const wrapper = mountChart();
    await wrapper.vm.$nextTick();
    const markers = wrapper.findAll('[data-testid=gap-marker]').map((m) => ({ ...(m.element as HTMLElement).dataset }));
    // Pixels are 10 × the values, rounded: s = 3 at gap 0.55 → (30, 5.5 → 6).
    expect(markers).toEqual([
      { testid: 'gap-marker', s: '2', rules: 'knee-se,knee', fitted: 'true', x: '20', y: '5' },
      { testid: 'gap-marker', s: '3', rules: 'within-sd-of-max', fitted: 'false', x: '30', y: '6' },
      { testid: 'gap-marker', s: '4', rules: 'argmax', fitted: 'false', x: '40', y: '6' },
    ]);
    expect(wrapper.find('[data-testid=gap-panel] [data-testid=note]').exists()).toBe(true);
    const buttons = wrapper.findAll('[data-testid=use-s]');
    expect(buttons.map((b) => [b.attributes('data-s'), b.text()])).toEqual([['3', 'Use s = 3 (within-sd-of-max)'], ['4', 'Use s = 4 (argmax)']]);
    await buttons[1]!.trigger('click');
    expect(wrapper.emitted('use')).toEqual([[4, 'argmax']]);
  });

  it('only the choices asked for are marked', async () => {
    const wrapper = mountChart({ marked: groups.slice(1) });
    await wrapper.vm.$nextTick();
    expect(wrapper.findAll('[data-testid=gap-marker]').map((m) => m.attributes('data-s'))).toEqual(['3', '4']);
  });

  it('a click on another choice’s marker asks for a fit there; not on the fitted one, nor while busy', async () => {
    const wrapper = mountChart();
    await wrapper.get('[data-testid=fake-chart]').trigger('click');
    expect(wrapper.emitted('use')).toEqual([[3, 'within-sd-of-max']]);
    await wrapper.setProps({ fitted: 3 });
    await wrapper.get('[data-testid=fake-chart]').trigger('click');
    await wrapper.setProps({ fitted: 2, busy: true });
    await wrapper.get('[data-testid=fake-chart]').trigger('click');
    expect(wrapper.emitted('use')).toHaveLength(1);
    expect(wrapper.findAll('[data-testid=use-s]').every((b) => b.attributes('disabled') !== undefined)).toBe(true);
  });

  it('draws nothing without an option', () => {
    expect(mountChart({ option: null }).find('[data-testid=gap-panel]').exists()).toBe(false);
  });
});
