/**
 * The chart option builders (data → ECharts option), checked without a canvas: what each cell / point / line
 * holds, the colour scales, large mode for big scatters, and the tooltips' text.
 */
import { describe, expect, it } from 'vitest';
import { contingencyOption } from '../../core/charts/contingency';
import { centersOption } from '../../core/charts/centers';
import { LARGE_THRESHOLD, MAX_POINTS, MISSING_GROUP, groupsFromAnnotation, groupsFromClusters, pcaOption } from '../../core/charts/pca';
import { gapOption } from '../../core/charts/gap';
import { plainText } from '../../core/charts/types';
import type { Metrics } from '../../core/jobs/types';

type Series = { type: string; name?: string; data: unknown[]; large?: boolean; markLine?: { data: { xAxis: number }[]; label: { formatter: string } } };
const seriesOf = (o: unknown) => (o as { series: Series[] }).series;
const axis = (o: unknown, which: 'xAxis' | 'yAxis') => (o as Record<string, { data?: string[]; name?: string }>)[which]!;

describe('contingencyOption', () => {
  const metrics: Metrics = {
    classColumn: 'class',
    ari: 0.5,
    nmi: 0.6,
    mixedNodes: 1,
    totalInMixedNodes: 3,
    contingency: { clusters: [1, 2], classes: ['a', 'b'], counts: [[3, 0], [1, 2]] },
  };
  it('puts each count at (class, cluster) and scales colours to the largest count', () => {
    const o = contingencyOption(metrics);
    expect(seriesOf(o)[0]!.data).toEqual([
      [0, 0, 3],
      [1, 0, 0],
      [0, 1, 1],
      [1, 1, 2],
    ]);
    expect(axis(o, 'xAxis').data).toEqual(['a', 'b']);
    expect(axis(o, 'yAxis').data).toEqual(['Cluster 1', 'Cluster 2']);
    expect((o.visualMap as { max: number }).max).toBe(3);
  });
  it('the tooltip (rich text, not HTML) names cluster, class and count', () => {
    const o = contingencyOption({ ...metrics, contingency: { ...metrics.contingency, classes: ['{x|y}', 'b'] } });
    const tooltip = o.tooltip as { formatter: (p: unknown) => string; renderMode: string };
    expect(tooltip.renderMode).toBe('richText');
    expect(tooltip.formatter({ data: [0, 1, 1] })).toBe('Cluster 2 · x y: 1 samples');
  });
});

describe('centersOption', () => {
  it('shows μ_jl of the chosen features in the given order, symmetric colour range', () => {
    // k = 2, p = 3: cluster 1 = [1, 0, -2], cluster 2 = [-1, 0, 2]; features [2, 0] → rows c, a.
    const o = centersOption({ k: 2, p: 3, means: Float64Array.of(1, 0, -2, -1, 0, 2), featureNames: ['a', 'b', 'c'] }, [2, 0]);
    // One row per feature (best first), one column per cluster: data [cluster, feature row, μ].
    expect(axis(o, 'yAxis').data).toEqual(['c', 'a']);
    expect(axis(o, 'xAxis').data).toEqual(['1', '2']);
    expect(seriesOf(o)[0]!.data).toEqual([
      [0, 0, -2],
      [1, 0, 2],
      [0, 1, 1],
      [1, 1, -1],
    ]);
    const vm = o.visualMap as { min: number; max: number };
    expect([vm.min, vm.max]).toEqual([-2, 2]);
  });
  it('never passes NaN to the chart', () => {
    const o = centersOption({ k: 1, p: 1, means: Float64Array.of(Number.NaN), featureNames: ['a'] }, [0]);
    expect(seriesOf(o)[0]!.data).toEqual([[0, 0, 0]]);
  });
});

describe('pca scatter', () => {
  it('groups from clusters are 0-based series "Cluster j"', () => {
    const g = groupsFromClusters(Int32Array.of(1, 2, 1), 2);
    expect(g.names).toEqual(['Cluster 1', 'Cluster 2']);
    expect(Array.from(g.of)).toEqual([0, 1, 0]);
  });
  it('groups from an annotation: sorted values (numeric aware), missing last', () => {
    const g = groupsFromAnnotation(['t10', null, 't2', 't10']);
    expect(g.names).toEqual(['t2', 't10', MISSING_GROUP]);
    expect(Array.from(g.of)).toEqual([1, 2, 0, 1]);
  });
  it('one series per group holding [x, y, sample index]; the tooltip shows the sample id', () => {
    const o = pcaOption({
      x: Float64Array.of(0, 1, 2),
      y: Float64Array.of(5, 6, 7),
      explained: [0.5, 0.25],
      sampleIds: ['s1', 's2', 's3'],
      groups: groupsFromClusters(Int32Array.of(2, 1, 2), 2),
      colourBy: 'cluster',
    });
    const s = seriesOf(o);
    expect(s.map((x) => x.name)).toEqual(['Cluster 1', 'Cluster 2']);
    expect(s[0]!.data).toEqual([[1, 6]]);
    expect(s[1]!.data).toEqual([
      [0, 5],
      [2, 7],
    ]);
    expect(s[0]!.large).toBe(false);
    expect(axis(o, 'xAxis').name).toBe('PC1 (50.0%)');
    const formatter = (o.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(formatter({ seriesIndex: 1, dataIndex: 1, seriesName: 'Cluster 2' })).toBe('s3\nCluster 2');
    expect(formatter({ seriesIndex: 0, dataIndex: 0, seriesName: 'Cluster 1' })).toBe('s2\nCluster 1');
  });
  it('switches to large mode above the threshold (100 000 samples)', () => {
    const n = 100_000;
    const x = new Float64Array(n).map((_, i) => i % 97);
    const o = pcaOption({
      x,
      y: x,
      explained: [0.3, 0.2],
      sampleIds: Array.from({ length: n }, (_, i) => `S${i}`),
      groups: groupsFromClusters(new Int32Array(n).map((_, i) => 1 + (i % 3)), 3),
      colourBy: 'cluster',
    });
    const s = seriesOf(o);
    expect(n).toBeGreaterThan(LARGE_THRESHOLD);
    expect(s.every((x) => x.large === true)).toBe(true);
    // Flat [x0, y0, x1, y1, …] typed arrays: 2 numbers per sample, no per-point objects.
    expect(s.every((x) => x.data instanceof Float64Array)).toBe(true);
    // Every fifth sample is drawn (M / n = 1/5): 20 000 points, 2 numbers each.
    expect(s.reduce((t, x) => t + x.data.length, 0)).toBe(2 * MAX_POINTS);
    expect((o.title as { subtext: string }).subtext).toBe('20\u2009000 of 100\u2009000 samples drawn (evenly spaced)');
    // Drawn samples 0, 5, 10, 15, 20, …; cluster 2 (1 + i % 3 = 2 ⇔ i % 3 = 1) gets 10, 25, …: the first is 10.
    expect(Array.from((s[1]!.data as unknown as Float64Array).subarray(0, 4))).toEqual([10, 10, 25, 25]);
    const formatter = (o.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(formatter({ seriesIndex: 1, dataIndex: 1, seriesName: 'Cluster 2' })).toBe('S25\nCluster 2');
  });
});

describe('gapOption', () => {
  const curve = [
    { s: 3, gap: 0.4, sd: 0.05, logO: 1, meanPermutedLogO: 0.6 },
    { s: 1, gap: 0.1, sd: 0.02, logO: 1, meanPermutedLogO: 0.9 },
    { s: 2, gap: 0.3, sd: 0.1, logO: 1, meanPermutedLogO: 0.7 },
  ];
  it('plots Gap(s) by s with ±sd lines and marks the fitted s with the rule that chose it', () => {
    // Without sRules (an older host): bestS = 3 (argmax) and oneSeS = 2 (within-sd-of-max) are the choices.
    const o = gapOption({ curve, bestS: 3, oneSeS: 2, permutations: 10 }, { fittedS: 3 });
    const [gap, upper, lower] = seriesOf(o);
    expect(gap!.data).toEqual([
      [1, 0.1],
      [2, 0.3],
      [3, 0.4],
    ]);
    expect(upper!.data).toEqual([
      [1, 0.12],
      [2, 0.4],
      [3, 0.45],
    ].map(([s, v]) => [s, expect.closeTo(v!, 12)]));
    expect(lower!.data[0]).toEqual([1, expect.closeTo(0.08, 12)]);
    expect(gap!.markLine!.data).toEqual([{ xAxis: 3 }]);
    expect(gap!.markLine!.label.formatter).toBe('s = 3, chosen by argmax');
    expect(gap!.markLine!.label.formatter).not.toMatch(/largest gap/);
    expect((o.title as { text: string }).text).toBe('Gap statistic (10 permutations)');
    const formatter = (o.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(formatter([{ seriesName: 'Gap(s)', value: [2, 0.3] }, { seriesName: 'Gap + sd', value: [2, 0.4] }])).toBe(
      's = 2\nGap(s): 0.3000\nGap + sd: 0.4000\nchosen by: within-sd-of-max',
    );
  });
});

describe('plainText', () => {
  it('drops rich-text markup characters and keeps the rest', () => {
    expect(plainText('{a|b} <i>&')).toBe('a b <i>&');
  });
  it('every builder asks for rich-text tooltips (HTML tooltips break the CSP)', () => {
    const m: Metrics = { classColumn: 'c', ari: 0, nmi: 0, mixedNodes: 0, totalInMixedNodes: 0, contingency: { clusters: [1], classes: ['a'], counts: [[1]] } };
    const options = [
      contingencyOption(m),
      centersOption({ k: 1, p: 1, means: [0], featureNames: ['a'] }, [0]),
      pcaOption({ x: [0], y: [0], explained: [1, 0], sampleIds: ['s'], groups: groupsFromClusters([1], 1), colourBy: 'cluster' }),
      gapOption({ curve: [], bestS: 1, oneSeS: 1, permutations: 1 }, { fittedS: 1 }),
    ];
    for (const o of options) expect((o.tooltip as { renderMode?: string }).renderMode).toBe('richText');
  });
});
