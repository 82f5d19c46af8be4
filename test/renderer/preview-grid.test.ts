// @vitest-environment happy-dom
/**
 * The virtualised preview grid: with 100 000 rows only the rows in the viewport (plus overscan) are in the DOM,
 * and scrolling moves that window; the window arithmetic itself is checked on hand-computed cases.
 */
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import { nextTick } from 'vue';
import PreviewGrid from '../../renderer/src/components/PreviewGrid.vue';
import { visibleRange } from '../../renderer/src/lib/virtual';

describe('visibleRange', () => {
  it('returns the items intersecting the viewport, ± overscan, clamped to the list', () => {
    // offset 260 / size 26 → first visible 10; (260 + 300) / 26 = 21.5 → last 21 (end 22); ±2 → [8, 24).
    expect(visibleRange(260, 300, 26, 100_000, 2)).toEqual({ start: 8, end: 24 });
    expect(visibleRange(0, 300, 26, 5, 6)).toEqual({ start: 0, end: 5 });
    expect(visibleRange(26 * 99_990, 300, 26, 100_000, 3)).toEqual({ start: 99_987, end: 100_000 });
    expect(visibleRange(0, 300, 26, 0, 3)).toEqual({ start: 0, end: 0 });
  });
});

describe('PreviewGrid', () => {
  const n = 100_000;
  const rows = Array.from({ length: n }, (_, i) => [`S${i + 1}`, i * 0.5, i % 7 === 0 ? null : i]);

  it('renders only the visible window of 100 000 rows and follows the scroll position', async () => {
    const wrapper = mount(PreviewGrid, { props: { header: ['id', 'half', 'value'], rows, height: 300, rowHeight: 25 }, attachTo: document.body });
    const rendered = () => wrapper.findAll('[data-testid=grid-row]');
    expect(rendered().length).toBeGreaterThan(5);
    expect(rendered().length).toBeLessThan(40);
    expect(rendered()[0]!.text()).toContain('S1');
    // The spacer keeps the full height, so the scrollbar is true to the data.
    const spacer = wrapper.get('[data-testid=preview-grid] > div:nth-child(2)');
    expect(spacer.attributes('style')).toContain(`height: ${n * 25}px`);

    const viewport = wrapper.get('[data-testid=preview-grid]').element as HTMLElement;
    viewport.scrollTop = 25 * 50_000;
    await wrapper.get('[data-testid=preview-grid]').trigger('scroll');
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    await nextTick();
    const indices = rendered().map((r) => Number(r.attributes('aria-rowindex')) - 2);
    expect(indices.length).toBeLessThan(40);
    expect(Math.min(...indices)).toBeGreaterThanOrEqual(50_000 - 6);
    expect(Math.min(...indices)).toBeLessThanOrEqual(50_000);
    expect(wrapper.text()).toContain('S50001');
    expect(wrapper.text()).not.toContain('S1 ');
    wrapper.unmount();
  });

  it('shows missing cells as NA and numbers right-aligned', () => {
    const wrapper = mount(PreviewGrid, { props: { header: ['id', 'half', 'value'], rows: rows.slice(0, 3), height: 300 } });
    const first = wrapper.findAll('[data-testid=grid-row]')[0]!;
    const cells = first.findAll('[role=cell]');
    expect(cells.map((c) => c.text())).toEqual(['S1', '0', 'NA']);
    expect(cells[1]!.classes()).toContain('number');
    expect(cells[2]!.classes()).toContain('missing');
  });
});
