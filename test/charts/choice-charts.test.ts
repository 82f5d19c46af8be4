/**
 * The option builders of issue 13, checked without a canvas on hand-made curves: the gap curve with every rule's
 * choice as a labelled marker (fitted one highlighted, line naming its rule), the k curve with its silhouette on
 * a second axis, the selection-frequency bars of a stability run, and the PCA tooltip's sample consistency.
 */
import { describe, expect, it } from 'vitest';
import type { GapPoint, KPoint, SRuleChoice } from '../../core/engine/types';
import { FITTED_COLOUR, RULES_SERIES, RULE_COLOUR, clickedValue, gapOption } from '../../core/charts/gap';
import { kCurveOption } from '../../core/charts/k-curve';
import { LEGEND_CHARS, groupsFromAnnotation, groupsFromClusters, pcaOption } from '../../core/charts/pca';
import { BAR_COLOURS, NAME_CHARS, stabilityHeight, stabilityOption, stabilityRows } from '../../core/charts/stability';

interface Marker {
  value: [number, number];
  symbolSize: number;
  itemStyle: { color: string };
  label: { formatter: string; position: string; fontWeight: string };
}
interface Series {
  type: string;
  name: string;
  yAxisIndex?: number;
  data: unknown[];
  markLine?: { data: { xAxis: number }[]; label: { formatter: string } };
}
const seriesOf = (o: unknown) => (o as { series: Series[] }).series;
const markersOf = (s: Series) => s.data as Marker[];
const tooltipOf = (o: unknown) => (o as { tooltip: { formatter: (p: unknown) => string } }).tooltip.formatter;

// Gap(s) for s = 1..6 (sd 0.05 everywhere); the rules' answers as the engine would report them.
const gaps = [0.05, 0.3, 0.5, 0.62, 0.64, 0.66];
const curve: GapPoint[] = gaps.map((gap, t) => ({ s: t + 1, gap, sd: 0.05, logO: 0, meanPermutedLogO: 0 }));
const sRules: SRuleChoice[] = [
  { rule: 'knee-se', s: 4, default: true },
  { rule: 'tibshirani', s: 3, default: false },
  { rule: 'argmax', s: 6, default: false },
  { rule: 'within-sd-of-max', s: 5, default: false },
  { rule: 'knee', s: 4, default: false },
];
const gap = { curve, bestS: 6, oneSeS: 5, permutations: 5 };

describe('gapOption with every rule marked', () => {
  it('one marker per chosen s, rules that agree share it, labels name the rules, the fitted one is red and larger', () => {
    const o = gapOption(gap, { fittedS: 4, choices: sRules });
    const series = seriesOf(o);
    expect(series.map((s) => s.name)).toEqual(['Gap(s)', 'Gap + sd', 'Gap − sd', RULES_SERIES]);
    const markers = markersOf(series[3]!);
    // s ascending: 3 (tibshirani), 4 (knee-se + knee, fitted), 5 (within-sd-of-max), 6 (argmax); y = Gap there.
    expect(markers.map((m) => m.value)).toEqual([
      [3, 0.5],
      [4, 0.62],
      [5, 0.64],
      [6, 0.66],
    ]);
    expect(markers.map((m) => m.label.formatter)).toEqual([
      'tibshirani\ns = 3',
      'knee-se, knee\ns = 4 (fitted)',
      'within-sd-of-max\ns = 5',
      'argmax\ns = 6',
    ]);
    // Labels alternate above and below so neighbours do not cover each other.
    expect(markers.map((m) => m.label.position)).toEqual(['top', 'bottom', 'top', 'bottom']);
    expect(markers.map((m) => m.itemStyle.color)).toEqual([RULE_COLOUR, FITTED_COLOUR, RULE_COLOUR, RULE_COLOUR]);
    expect(markers.map((m) => m.symbolSize)).toEqual([11, 16, 11, 11]);
    expect(markers[1]!.label.fontWeight).toBe('bold');
    // The line at the fitted s names the rule of the run (knee-se, not "largest gap").
    expect(series[0]!.markLine!.data).toEqual([{ xAxis: 4 }]);
    expect(series[0]!.markLine!.label.formatter).toBe('s = 4, chosen by knee-se');
    expect((o.title as { subtext: string }).subtext).toBe('Each rule’s choice is marked; click one to fit at its s.');
  });

  it('after a re-fit at another rule’s s, that marker is the fitted one and the line names the picked rule', () => {
    const o = gapOption(gap, { fittedS: 3, choices: sRules, rule: 'tibshirani' });
    const markers = markersOf(seriesOf(o)[3]!);
    expect(markers.filter((m) => m.itemStyle.color === FITTED_COLOUR).map((m) => m.value[0])).toEqual([3]);
    expect(markers[0]!.label.formatter).toBe('tibshirani\ns = 3 (fitted)');
    expect(markers[1]!.label.formatter).toBe('knee-se, knee\ns = 4');
    expect(seriesOf(o)[0]!.markLine!.label.formatter).toBe('s = 3, chosen by tibshirani');
    // Picking 'knee' (which shares s = 4 with knee-se) names knee on the line.
    expect(seriesOf(gapOption(gap, { fittedS: 4, choices: sRules, rule: 'knee' }))[0]!.markLine!.label.formatter).toBe('s = 4, chosen by knee');
  });

  it('the tooltip at a chosen s lists the rules that chose it', () => {
    const f = tooltipOf(gapOption(gap, { fittedS: 4, choices: sRules }));
    expect(f([{ seriesName: 'Gap(s)', value: [4, 0.62] }, { seriesName: RULES_SERIES, value: [4, 0.62] }])).toBe('s = 4\nGap(s): 0.6200\nchosen by: knee-se, knee');
    expect(f([{ seriesName: 'Gap(s)', value: [2, 0.3] }])).toBe('s = 2\nGap(s): 0.3000');
  });

  it('clickedValue reads a click on a rule marker, and nothing else', () => {
    expect(clickedValue({ componentType: 'series', seriesName: RULES_SERIES, value: [5, 0.64] })).toBe(5);
    expect(clickedValue({ componentType: 'series', seriesName: 'Gap(s)', value: [5, 0.64] })).toBeNull();
    expect(clickedValue({ componentType: 'markLine', seriesName: RULES_SERIES, value: 4 })).toBeNull();
    expect(clickedValue(null)).toBeNull();
  });
});

describe('kCurveOption', () => {
  // Gap(k) for k = 2..5 with sd 0.05, and the average silhouettes; every rule's k.
  const kCurve: KPoint[] = [
    { k: 2, gap: 0.2, sd: 0.05, logW: 0, meanPermutedLogW: 0, silhouette: 0.3 },
    { k: 3, gap: 0.5, sd: 0.05, logW: 0, meanPermutedLogW: 0, silhouette: 0.42 },
    { k: 4, gap: 0.55, sd: 0.05, logW: 0, meanPermutedLogW: 0, silhouette: 0.35 },
    { k: 5, gap: 0.5, sd: 0.05, logW: 0, meanPermutedLogW: 0, silhouette: 0.28 },
  ];
  const kRules = [
    { rule: 'tibshirani' as const, k: 3, default: true },
    { rule: 'argmax' as const, k: 4, default: false },
    { rule: 'within-sd-of-max' as const, k: 3, default: false },
    { rule: 'knee' as const, k: 3, default: false },
    { rule: 'silhouette' as const, k: 3, default: false },
  ];

  it('plots Gap(k) with ±sd, the silhouette on the right axis, and each rule’s k on its curve', () => {
    const o = kCurveOption({ curve: kCurve, kRules, permutations: 5 }, 3);
    const [g, up, down, sil, gapMarks, silMarks] = seriesOf(o);
    expect(g!.data).toEqual([[2, 0.2], [3, 0.5], [4, 0.55], [5, 0.5]]);
    expect(up!.data[0]).toEqual([2, expect.closeTo(0.25, 12)]);
    expect(down!.data[2]).toEqual([4, expect.closeTo(0.5, 12)]);
    expect(sil!.yAxisIndex).toBe(1);
    expect(sil!.data).toEqual([[2, 0.3], [3, 0.42], [4, 0.35], [5, 0.28]]);
    expect((o.yAxis as { name: string }[]).map((a) => a.name)).toEqual(['Gap(k)', 'average silhouette']);
    // Gap rules: k = 3 (tibshirani, within-sd-of-max, knee; fitted) and k = 4 (argmax), on the gap curve.
    expect(markersOf(gapMarks!).map((m) => [m.value, m.label.formatter])).toEqual([
      [[3, 0.5], 'tibshirani, within-sd-of-max, knee\nk = 3 (fitted)'],
      [[4, 0.55], 'argmax\nk = 4'],
    ]);
    // The silhouette rule on the silhouette curve (right axis).
    expect(silMarks!.yAxisIndex).toBe(1);
    expect(markersOf(silMarks!).map((m) => [m.value, m.label.formatter])).toEqual([[[3, 0.42], 'silhouette\nk = 3 (fitted)']]);
    expect(g!.markLine!.data).toEqual([{ xAxis: 3 }]);
    expect(g!.markLine!.label.formatter).toBe('k = 3, chosen by tibshirani');
    expect((o.title as { text: string }).text).toBe('Choosing k: gap statistic (5 permutations) and silhouette');
    expect(tooltipOf(o)([{ seriesName: 'Gap(k)', value: [4, 0.55] }, { seriesName: 'Average silhouette', value: [4, 0.35] }])).toBe(
      'k = 4\nGap(k): 0.5500\nAverage silhouette: 0.3500\nchosen by: argmax',
    );
  });
});

describe('stability bars', () => {
  // p = 5 features a..e; the full fit selected a, b, e (best first); frequencies over B = 10 fits.
  const input = { featureNames: ['a', 'b', 'c', 'd', 'e'], frequency: [0.9, 0.3, 0.6, 0.1, 1], selected: [0, 1, 4], subsamples: 10 };

  it('shows the selection and often-chosen others, most often selected first, 0–100 %, unstable in orange', () => {
    // Rows: e 100 % (selected), a 90 % (selected), c 60 % (not selected, but ≥ half), b 30 % (selected: unstable);
    // d (10 %, not selected) is left out.
    expect(stabilityRows(input).map((r) => [r.name, r.kind])).toEqual([
      ['e', 'stable'],
      ['a', 'stable'],
      ['c', 'not-selected'],
      ['b', 'unstable'],
    ]);
    const o = stabilityOption(input);
    expect((o.yAxis as { data: string[] }).data).toEqual(['e', 'a', 'c', 'b']);
    const bars = seriesOf(o)[0]!;
    const items = bars.data as { value: number; itemStyle: { color: string } }[];
    expect(bars.type).toBe('bar');
    expect(items.map((d) => d.value)).toEqual([100, 90, 60, 30]);
    expect(items.map((d) => d.itemStyle.color)).toEqual([BAR_COLOURS.stable, BAR_COLOURS.stable, BAR_COLOURS['not-selected'], BAR_COLOURS.unstable]);
    expect(bars.markLine!.data).toEqual([{ xAxis: 50 }]);
    expect(o.xAxis).toMatchObject({ min: 0, max: 100 });
    expect(tooltipOf(o)({ dataIndex: 3 })).toBe('b\nselected in 3 of 10 fits (30 %)\nselected by the full fit, but in fewer than half of the subsample fits (unstable)');
    expect((o.tooltip as { renderMode: string }).renderMode).toBe('richText');
  });

  it('long protein names sharing a start are shortened together, each keeping its own end', () => {
    // 140 px at 12 px: 18 characters. Cut at the end, both would read "Tubulin beta chai…".
    const names = ['Tubulin beta chain isoform 4A', 'Tubulin beta chain isoform 2B'];
    const o = stabilityOption({ featureNames: names, frequency: [0.9, 0.8], selected: [0, 1], subsamples: 10 });
    const axis = o.yAxis as { data: string[]; axisLabel: { formatter: (v: string, i: number) => string } };
    expect(NAME_CHARS).toBe(18);
    expect(axis.data).toEqual(names); // the full names on hover and in the tooltip
    expect(names.map((n, i) => axis.axisLabel.formatter(n, i))).toEqual(['…4A', '…2B']);
  });

  it('keeps at most `max` bars and sizes the chart to them', () => {
    expect(stabilityRows({ ...input, max: 2 }).map((r) => r.name)).toEqual(['e', 'a']);
    expect(stabilityHeight(4)).toBe(110 + 18 * 4);
    expect(stabilityHeight(0)).toBe(180);
  });

  it('a missing or NaN frequency counts as never selected', () => {
    const rows = stabilityRows({ featureNames: ['a', 'b'], frequency: [Number.NaN, 0.5], selected: [0], subsamples: 4 });
    expect(rows.map((r) => [r.name, r.frequency, r.kind])).toEqual([
      ['b', 0.5, 'not-selected'],
      ['a', 0, 'unstable'],
    ]);
  });
});

describe('PCA legend', () => {
  it('long group names are shortened together (LEGEND_CHARS), the series keep the full names', () => {
    const values = ['/gpfs/larry/20240709_Ast_Neo_DIA_NeatPlasma_1.raw.dia', '/gpfs/larry/20240709_Ast_Neo_DIA_NeatPlasma_2.raw.dia'];
    const o = pcaOption({ x: [0, 1], y: [0, 1], explained: [0.5, 0.2], sampleIds: ['a', 'b'], groups: groupsFromAnnotation(values), colourBy: 'file' });
    const legend = o.legend as { formatter: (name: string) => string };
    expect(LEGEND_CHARS).toBe(15);
    expect(seriesOf(o).map((s) => s.name)).toEqual(values);
    expect(values.map(legend.formatter)).toEqual(['…1.raw.dia', '…2.raw.dia']);
  });
});

describe('PCA tooltip with stability', () => {
  it('adds how often the sample stays with its cluster mates, and nothing for a sample without a measure', () => {
    const o = pcaOption({
      x: [0, 1, 2],
      y: [0, 1, 2],
      explained: [0.5, 0.2],
      sampleIds: ['m1', 'm2', 'm3'],
      groups: groupsFromClusters([1, 1, 2], 2),
      colourBy: 'cluster',
      consistency: Float64Array.of(0.824, Number.NaN, 1),
    });
    const f = tooltipOf(o);
    expect(f({ seriesIndex: 0, dataIndex: 0, seriesName: 'Cluster 1' })).toBe('m1\nCluster 1\nstays with its cluster mates in 82 % of subsample fits');
    expect(f({ seriesIndex: 0, dataIndex: 1, seriesName: 'Cluster 1' })).toBe('m2\nCluster 1');
    expect(f({ seriesIndex: 1, dataIndex: 0, seriesName: 'Cluster 2' })).toBe('m3\nCluster 2\nstays with its cluster mates in 100 % of subsample fits');
  });
});
