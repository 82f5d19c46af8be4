/**
 * The page's chart warm-up (renderer/src/charts/warm.ts): its chart meets every font the app's charts use —
 * each size of WARM_FONT_PX in bold (a title) and plain (its subtext), in the charts' family — so zrender's first
 * measure of each font happens at page load, not in the Results screen's first drawing (issue 27).
 */
import { describe, expect, it } from 'vitest';
import { WARM_FONT_PX, warmOption } from '../../renderer/src/charts/warm';
import { FONT } from '../../core/charts/types';
import { LARGE_THRESHOLD, groupsFromClusters, pcaOption } from '../../core/charts/pca';

describe('warmOption', () => {
  it('has a title in each font size the charts use, in their font family', () => {
    const option = warmOption() as { textStyle: typeof FONT; title: { textStyle: { fontSize: number }; subtextStyle: { fontSize: number } }[] };
    expect(option.textStyle.fontFamily).toBe(FONT.fontFamily);
    expect(option.title.map((t) => t.textStyle.fontSize)).toEqual(WARM_FONT_PX);
    expect(option.title.map((t) => t.subtextStyle.fontSize)).toEqual(WARM_FONT_PX);
    for (const px of [10, 11, 12, 14]) expect(WARM_FONT_PX).toContain(px);
  });

  it('draws a scatter in large mode as the PCA of more than LARGE_THRESHOLD samples does, and its visual maps colour heatmaps', () => {
    const n = LARGE_THRESHOLD + 1;
    const x = new Float64Array(n).map((_, i) => i);
    const pca = pcaOption({ x, y: x, explained: [0.5, 0.2], sampleIds: [], groups: groupsFromClusters(new Int32Array(n).fill(1), 1), colourBy: 'cluster' });
    const pcaSeries = (pca.series as { large: boolean; largeThreshold: number }[])[0]!;
    expect(pcaSeries).toMatchObject({ large: true, largeThreshold: 0 });
    const small = pcaOption({ x: x.subarray(1), y: x.subarray(1), explained: [0.5, 0.2], sampleIds: [], groups: groupsFromClusters(new Int32Array(n - 1).fill(1), 1), colourBy: 'cluster' });
    expect((small.series as { large: boolean }[])[0]!.large).toBe(false);
    const option = warmOption() as { series: { type: string; large?: boolean; largeThreshold?: number }[]; visualMap: { seriesIndex: number }[] };
    expect(option.series.some((s) => s.type === 'scatter' && s.large === true && s.largeThreshold === 0)).toBe(true);
    for (const map of option.visualMap) expect(option.series[map.seriesIndex]!.type).toBe('heatmap');
  });
});
