// @vitest-environment happy-dom
/**
 * The virtualised preview grid: with 100 000 rows only the rows in the viewport (plus overscan) are in the DOM,
 * and scrolling moves that window; the window arithmetic itself is checked on hand-computed cases. With a row
 * loader, rows past the preview are fetched a page at a time (debounced, cached, placeholders until they arrive).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { nextTick } from 'vue';
import PreviewGrid from '../../renderer/src/components/PreviewGrid.vue';
import { visibleRange } from '../../renderer/src/lib/virtual';
import { createRowPages } from '../../renderer/src/lib/row-pages';

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

describe('PreviewGrid paging (rows fetched from the host as they scroll into view)', () => {
  const n = 100_000;
  const row = (i: number) => [`S${i + 1}`, i, i % 5 === 0 ? null : i / 4];
  const preview = Array.from({ length: 100 }, (_, i) => row(i));

  /** A loader whose answers the test releases, recording every request. */
  function host() {
    const calls: [number, number][] = [];
    const waiting: { start: number; count: number; answer: (rows: (string | number | null)[][] | null) => void }[] = [];
    const load = (start: number, count: number) =>
      new Promise<(string | number | null)[][] | null>((answer) => {
        calls.push([start, count]);
        waiting.push({ start, count, answer });
      });
    /** Answers every waiting request with the true rows (or null = failure). */
    async function release(fail = false) {
      for (const w of waiting.splice(0)) w.answer(fail ? null : Array.from({ length: w.count }, (_, k) => row(w.start + k)));
      await flushPromises();
    }
    return { calls, load, release };
  }

  async function scrollTo(wrapper: ReturnType<typeof mount>, top: number) {
    const el = wrapper.get('[data-testid=preview-grid]');
    (el.element as HTMLElement).scrollTop = top;
    await el.trigger('scroll');
    vi.advanceTimersByTime(20); // the animation frame
    await nextTick();
  }

  const shown = (wrapper: ReturnType<typeof mount>) =>
    wrapper.findAll('[data-testid=grid-row]').map((r) => ({ index: Number(r.attributes('aria-rowindex')) - 2, busy: r.attributes('aria-busy') === 'true', text: r.text() }));

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function mountGrid(load: (start: number, count: number) => Promise<(string | number | null)[][] | null>) {
    return mount(PreviewGrid, {
      props: { header: ['id', 'i', 'quarter'], rows: preview, rowCount: n, loadRows: load, pageSize: 200, height: 300, rowHeight: 25 },
      attachTo: document.body,
    });
  }

  it('spans all rows, shows the given first rows without asking, and fetches one page for a far window', async () => {
    const h = host();
    const wrapper = mountGrid(h.load);
    expect(wrapper.get('[data-testid=preview-grid]').attributes('aria-rowcount')).toBe(String(n + 1));
    expect(wrapper.get('[data-testid=preview-grid] > div:nth-child(2)').attributes('style')).toContain(`height: ${n * 25}px`);
    vi.advanceTimersByTime(100);
    expect(h.calls).toEqual([]); // rows 0..~17 are in the preview
    expect(shown(wrapper)[0]).toMatchObject({ index: 0, busy: false });
    expect(shown(wrapper)[0]!.text).toContain('S1');

    // Row 50 100 at the top: rows 50 094 … 50 116 in view, all in page 250 (rows 50 000 … 50 199).
    await scrollTo(wrapper, 25 * 50_100);
    const busy = shown(wrapper);
    expect(busy.length).toBeLessThan(40);
    expect(busy.every((r) => r.busy)).toBe(true);
    expect(wrapper.findAll('.placeholder-bar').length).toBeGreaterThan(0);
    expect(h.calls).toEqual([]); // debounced
    vi.advanceTimersByTime(50);
    expect(h.calls).toEqual([[50_000, 200]]);
    await h.release();
    const rows = shown(wrapper);
    expect(rows.some((r) => r.busy)).toBe(false);
    expect(rows.find((r) => r.index === 50_100)!.text).toContain('S50101');

    // Back and forth over cached pages: no new request.
    await scrollTo(wrapper, 25 * 50_010);
    await scrollTo(wrapper, 25 * 50_150);
    vi.advanceTimersByTime(100);
    expect(h.calls).toHaveLength(1);
    wrapper.unmount();
  });

  it('asks only for where the scrollbar stops, and for the last page cut at the end', async () => {
    const h = host();
    const wrapper = mountGrid(h.load);
    // A drag: a position every 20 ms (quicker than the 40 ms debounce), for 100 ms.
    for (const row of [10_000, 30_000, 60_000, 90_000, 99_990]) await scrollTo(wrapper, 25 * row);
    vi.advanceTimersByTime(50);
    // Rows 99 984 … 99 999 are in view: page 499 only, 200 rows (99 800 … 99 999).
    expect(h.calls).toEqual([[99_800, 200]]);
    await h.release();
    const rows = shown(wrapper);
    expect(rows[rows.length - 1]).toMatchObject({ index: n - 1, busy: false });
    expect(rows[rows.length - 1]!.text).toContain(`S${n}`);
    wrapper.unmount();
  });

  it('keeps fetching at least every 200 ms during a long scroll', async () => {
    const h = host();
    const wrapper = mountGrid(h.load);
    // 15 moves 20 ms apart (300 ms): the debounce never settles, the maximum wait fires once on the way.
    for (let k = 1; k <= 15; k++) await scrollTo(wrapper, 25 * (1000 * k + 50));
    expect(h.calls.length).toBe(1);
    vi.advanceTimersByTime(50);
    expect(h.calls.length).toBe(2);
    expect(h.calls[1]).toEqual([15_000, 200]); // rows 15 044 … 15 066
    wrapper.unmount();
  });

  it('keeps placeholders when a page fails and asks again on the next scroll; ignores answers after unmount', async () => {
    const h = host();
    const wrapper = mountGrid(h.load);
    await scrollTo(wrapper, 25 * 7_010);
    vi.advanceTimersByTime(50);
    await h.release(true);
    expect(shown(wrapper).every((r) => r.busy)).toBe(true);
    await scrollTo(wrapper, 25 * 7_011);
    vi.advanceTimersByTime(50);
    expect(h.calls).toEqual([[7_000, 200], [7_000, 200]]);
    await h.release();
    expect(shown(wrapper).find((r) => r.index === 7_011)!.text).toContain("S7012");

    await scrollTo(wrapper, 25 * 20_100);
    vi.advanceTimersByTime(50);
    expect(h.calls).toHaveLength(3);
    wrapper.unmount();
    await h.release(); // arrives after unmount: nothing happens, nothing throws
  });
});

describe('createRowPages', () => {
  it('serves the initial rows, one request per page however often asked, and forgets the least recently used', async () => {
    const calls: number[] = [];
    const pages = createRowPages({
      rowCount: 1_050,
      pageSize: 100,
      maxPages: 2,
      initial: [['first']],
      load: async (start, count) => {
        calls.push(start);
        return Array.from({ length: count }, (_, k) => [start + k]);
      },
    });
    expect(pages.row(0)).toEqual(['first']);
    pages.request(0, 1);
    expect(calls).toEqual([]);
    pages.request(950, 2_000); // clamped to the table: page 9 and the short page 10 (rows 1 000 … 1 049)
    pages.request(990, 1_010);
    expect(calls).toEqual([900, 1_000]);
    await flushPromises();
    expect(pages.row(1_049)).toEqual([1_049]);
    expect(pages.row(1_050)).toBeUndefined();
    pages.request(0, 150); // page 0 (rows 1 … 99 not in initial) and page 1; pages 9 and 10 are dropped
    await flushPromises();
    expect(pages.row(950)).toBeUndefined();
    expect(pages.row(120)).toEqual([120]);
    expect(pages.requests).toBe(4);
  });
});
