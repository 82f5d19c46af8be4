/**
 * Heatmaps readable at real sizes (issue 16 item 4): the label layout is a pure function, so "no label covers
 * another" is checked on the boxes it computes — the contingency heatmap at k = 49 clusters × 8 classes, the
 * center heatmap at s = 50 proteins with 60-character names — and on random axes (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centersHeight, centersLayout, centersOption } from '../../core/charts/centers';
import { contingencyHeight, contingencyLayout, contingencyOption } from '../../core/charts/contingency';
import type { HeatmapLayout } from '../../core/charts/heatmap-layout';
import { boxesOverlap, cellLabelFont, layoutLabels, LINE_EM, textWidth, type LabelLayout } from '../../core/charts/label-layout';
import type { Metrics } from '../../core/jobs/types';

const MOUSE_CLASSES = ['c-CS-m', 'c-CS-s', 'c-SC-m', 'c-SC-s', 't-CS-m', 't-CS-s', 't-SC-m', 't-SC-s'];

/** Every pair of shown labels, the indices of the first two that overlap (null: none). */
function firstOverlap(layout: LabelLayout): [number, number] | null {
  const boxes = layout.boxes;
  for (let a = 0; a < boxes.length; a++) {
    for (let b = a + 1; b < boxes.length; b++) if (boxesOverlap(boxes[a]!, boxes[b]!)) return [boxes[a]!.index, boxes[b]!.index];
  }
  return null;
}

/** The labels stay inside the margins the grid keeps for them, and within their axis. */
function expectInside(layout: HeatmapLayout, width: number, height: number): void {
  const plotW = width - layout.grid.left - layout.grid.right;
  const plotH = height - layout.grid.top - layout.grid.bottom;
  for (const box of layout.rows.boxes) {
    expect(box.across1).toBeLessThanOrEqual(layout.grid.left - 8 + 1e-9);
    expect(box.along0).toBeGreaterThanOrEqual(-layout.rows.fontPx);
    expect(box.along1).toBeLessThanOrEqual(plotH + layout.rows.fontPx);
  }
  for (const box of layout.cols.boxes) {
    expect(box.across1).toBeLessThanOrEqual(layout.grid.bottom - 8 + 1e-9);
    expect(box.along1).toBeLessThanOrEqual(plotW + layout.cols.fontPx * 4);
  }
}

function contingencyOf(k: number, classes: string[]): Metrics {
  const counts = Array.from({ length: k }, (_, j) => classes.map((_, c) => ((j * 7 + c * 3) % 11 === 0 ? 12 : (j + c) % 4)));
  return { classColumn: 'class', ari: 0.5, nmi: 0.6, mixedNodes: 3, totalInMixedNodes: 9, contingency: { clusters: Array.from({ length: k }, (_, j) => j + 1), classes, counts } };
}

describe('layoutLabels', () => {
  it('shrinks the font first, then skips labels (hand-checked)', () => {
    // 4 labels on 40 px: cells of 10 px. 12 px needs 15 px a line; 10 / 1.25 = 8 < 9, so the font stays at 9 (11.25 px)
    // and every 2nd label is shown (2 cells = 20 px ≥ 11.25).
    const l = layoutLabels({ labels: ['1', '2', '3', '4'], extent: 40, fontPx: 12, axis: 'y', maxDepth: 100 });
    expect(l.fontPx).toBe(9);
    expect(l.step).toBe(2);
    expect(l.shown).toEqual([true, false, true, false]);
    expect(firstOverlap(l)).toBeNull();
    // 4 labels on 80 px: cells of 20 px ≥ 15, all shown at 12 px.
    const wide = layoutLabels({ labels: ['1', '2', '3', '4'], extent: 80, fontPx: 12, axis: 'y', maxDepth: 100 });
    expect([wide.fontPx, wide.step]).toEqual([12, 1]);
  });

  it('keeps x labels level while they fit their cells, else turns them', () => {
    const level = layoutLabels({ labels: MOUSE_CLASSES, extent: 480, fontPx: 12, axis: 'x', maxDepth: 150 });
    expect(level.rotate).toBe(0);
    expect(level.depth).toBeCloseTo(12 * LINE_EM);
    const turned = layoutLabels({ labels: MOUSE_CLASSES, extent: 160, fontPx: 12, axis: 'x', maxDepth: 150 });
    expect(turned.rotate).toBe(90);
    expect(turned.step).toBe(1);
    for (const l of [level, turned]) expect(firstOverlap(l)).toBeNull();
  });

  it('shortens names longer than the room across the axis', () => {
    const name = 'x'.repeat(60);
    const l = layoutLabels({ labels: [name], extent: 20, fontPx: 12, axis: 'y', maxDepth: 120 });
    expect(l.maxChars).toBe(Math.floor(120 / textWidth('x', 12)));
    expect(l.boxes[0]!.across1).toBeLessThanOrEqual(120);
  });

  it('shortens the labels together: run names sharing a long start keep their distinguishing end', () => {
    // 120 px at 12 px: 16 characters. Cut at their end, all would read "20240709_Ast_Ne…".
    const runs = [1, 2, 10].map((i) => `20240709_Ast_Neo_150uID_80mins_DIA_NeatPlasma_${i}`);
    const l = layoutLabels({ labels: runs, extent: 300, fontPx: 12, axis: 'y', maxDepth: 120 });
    expect(l.maxChars).toBe(16);
    expect(l.texts).toEqual(['…1', '…2', '…10']);
    expect(l.boxes[2]!.across1).toBeCloseTo(textWidth('…10', 12));
  });

  it('never lets two shown labels overlap (random axes)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 70 }), { minLength: 1, maxLength: 120 }),
        fc.double({ min: 20, max: 2000, noNaN: true }),
        fc.integer({ min: 6, max: 16 }),
        fc.constantFrom<'x' | 'y'>('x', 'y'),
        fc.double({ min: 10, max: 300, noNaN: true }),
        (labels, extent, fontPx, axis, maxDepth) => {
          const l = layoutLabels({ labels, extent, fontPx, axis, maxDepth });
          return firstOverlap(l) === null && l.boxes.length > 0 && l.boxes.every((b) => b.across1 <= Math.max(maxDepth, l.fontPx * LINE_EM) + 1e-6);
        },
      ),
    );
  });

  it('writes numbers in cells only when they fit', () => {
    expect(cellLabelFont(40, 14, 3, 11)).toBe(11);
    expect(cellLabelFont(8, 14, 3, 11)).toBeNull();
    expect(cellLabelFont(40, 8, 1, 11)).toBeNull();
  });
});

describe('contingency heatmap at k = 49 clusters × 8 classes', () => {
  const metrics = contingencyOf(49, MOUSE_CLASSES);
  for (const width of [360, 560, 900]) {
    it(`labels every cluster and class without overlap at ${width} px wide`, () => {
      const height = contingencyHeight(49);
      const layout = contingencyLayout(metrics, { width, height });
      expect(firstOverlap(layout.rows)).toBeNull();
      expect(firstOverlap(layout.cols)).toBeNull();
      expectInside(layout, width, height);
      // Rows of at least 14 px: every cluster named, in a font of at least 9 px.
      expect(layout.cellHeight).toBeGreaterThanOrEqual(13.9);
      expect(layout.rows.step).toBe(1);
      expect(layout.rows.fontPx).toBeGreaterThanOrEqual(9);
      expect(layout.cols.shown.every(Boolean)).toBe(true);
    });
  }

  it('the option draws what the layout says: shown labels, font, counts only where they fit', () => {
    const size = { width: 560, height: contingencyHeight(49) };
    const layout = contingencyLayout(metrics, size);
    const o = contingencyOption(metrics, size) as unknown as {
      grid: object;
      yAxis: { axisLabel: { interval: (i: number) => boolean; fontSize: number } };
      series: { label: { show: boolean }; emphasis: { label: { show: boolean } } }[];
    };
    expect(o.grid).toEqual(layout.grid);
    expect(Array.from({ length: 49 }, (_, i) => o.yAxis.axisLabel.interval(i))).toEqual(layout.rows.shown);
    expect(o.yAxis.axisLabel.fontSize).toBe(layout.rows.fontPx);
    expect(o.series[0]!.emphasis.label.show).toBe(true);
    // In a box too narrow for the numbers, they are left to the hover.
    const narrow = contingencyOption(contingencyOf(49, Array.from({ length: 40 }, (_, c) => `class ${c}`)), { width: 360, height: 400 }) as unknown as typeof o;
    expect(narrow.series[0]!.label.show).toBe(false);
  });
});

describe('center heatmap at s = 50 proteins with 60-character names', () => {
  const names = Array.from({ length: 50 }, (_, l) => `P${String(10000 + l)};Q9${l}XYZ;PROTEIN_GROUP_${l};`.padEnd(60, 'X'));
  for (const k of [8, 49]) {
    for (const width of [420, 640]) {
      it(`k = ${k}, ${width} px wide: names shortened, none overlapping, the full name on hover`, () => {
        const fit = { k, p: 50, means: new Float64Array(k * 50).map((_, i) => Math.sin(i)), featureNames: names };
        const features = Array.from({ length: 50 }, (_, l) => l);
        const height = centersHeight(50);
        const layout = centersLayout(fit, features, { width, height });
        expect(firstOverlap(layout.rows)).toBeNull();
        expect(firstOverlap(layout.cols)).toBeNull();
        expectInside(layout, width, height);
        expect(layout.rows.step).toBe(1);
        expect(layout.rows.maxChars).toBeLessThan(60);
        const o = centersOption(fit, features, { width, height }) as unknown as {
          yAxis: { data: string[]; axisLabel: { formatter: (v: string, index?: number) => string } };
          tooltip: { formatter: (p: unknown) => string };
        };
        expect(o.yAxis.data[3]).toBe(names[3]);
        // Drawn shortened (start and end kept), each name its own text; the full name on hover.
        const drawn = names.map((n, i) => o.yAxis.axisLabel.formatter(n, i));
        expect(drawn[3]).toBe(layout.rows.texts[3]);
        expect(drawn[3]).toContain('…');
        expect(drawn[3]!.startsWith('P10003;')).toBe(true);
        expect(new Set(drawn).size).toBe(names.length);
        expect(o.tooltip.formatter({ data: [0, 3, 0.5] })).toContain(names[3]);
      });
    }
  }
});
