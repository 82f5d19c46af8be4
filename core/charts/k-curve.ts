/**
 * Choosing k (Tibshirani, Walther & Hastie 2001 over k, core/engine/k-tuning.ts): Gap(k) with a ±sd band on the
 * left axis, the average silhouette of the fit at each k on the right axis, every rule's choice of k as a
 * labelled marker (the gap rules on the gap curve, 'silhouette' on the silhouette curve), and a vertical line at
 * the k of the fit.
 *
 * @example kCurveOption({ curve: [{ k: 2, gap: 0.2, sd: 0.05, silhouette: 0.3, … }, { k: 3, gap: 0.5, sd: 0.05, silhouette: 0.4, … }],
 *   kRules: [{ rule: 'tibshirani', k: 3, default: true }, { rule: 'silhouette', k: 3, default: false }], permutations: 5 }, 3)
 *   // 'Gap(k)' [[2, 0.2], [3, 0.5]]; 'Average silhouette' on yAxis 1 [[2, 0.3], [3, 0.4]]; markers at [3, 0.5] and [3, 0.4]
 */
import type { KPoint, KRuleChoice } from '../engine/types.js';
import { groupChoices, kChoicesOf } from './choices.js';
import { FITTED_COLOUR, RULES_SERIES, markerSeries } from './gap.js';
import { FONT, TEXT_COLOUR, plainText, type ChartOption } from './types.js';

export interface KCurveInput {
  curve: KPoint[];
  kRules: KRuleChoice[];
  permutations: number;
}

const GAP_COLOUR = '#1f5f9e';
const BAND_COLOUR = '#9db4d3';
const SILHOUETTE_COLOUR = '#2e7d32';

export function kCurveOption(input: KCurveInput, fittedK: number): ChartOption {
  const points = [...input.curve].sort((a, b) => a.k - b.k);
  const choices = kChoicesOf(input.kRules);
  const gapGroups = groupChoices(choices.filter((c) => c.rule !== 'silhouette'), fittedK);
  const silhouetteGroups = groupChoices(choices.filter((c) => c.rule === 'silhouette'), fittedK);
  const gapAt = new Map(points.map((p) => [p.k, p.gap]));
  const silhouetteAt = new Map(points.map((p) => [p.k, p.silhouette]));
  const rulesAt = new Map<number, string[]>();
  for (const c of choices) rulesAt.set(c.at, [...(rulesAt.get(c.at) ?? []), c.rule]);
  const fittedRule = choices.find((c) => c.at === fittedK && c.default)?.rule ?? choices.find((c) => c.at === fittedK)?.rule;
  return {
    animation: false,
    textStyle: FONT,
    title: { text: `Choosing k: gap statistic (${input.permutations} permutations) and silhouette`, left: 'center', textStyle: { fontSize: 14, color: TEXT_COLOUR } },
    legend: { top: 30, data: ['Gap(k)', 'Gap ± sd', 'Average silhouette', RULES_SERIES] },
    tooltip: {
      trigger: 'axis',
      renderMode: 'richText',
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as { seriesName: string; value?: unknown }[];
        const first = list[0]?.value;
        const k = Array.isArray(first) ? Number(first[0]) : undefined;
        const lines = [`k = ${k}`];
        for (const p of list) {
          if (p.seriesName === RULES_SERIES || !Array.isArray(p.value)) continue;
          lines.push(`${plainText(p.seriesName)}: ${Number(p.value[1]).toFixed(4)}`);
        }
        const rules = k === undefined ? undefined : rulesAt.get(k);
        if (rules) lines.push(`chosen by: ${rules.join(', ')}`);
        return lines.join('\n');
      },
    },
    grid: { left: 70, right: 70, top: 100, bottom: 50 },
    xAxis: { type: 'value', name: 'k (clusters)', nameLocation: 'middle', nameGap: 28, minInterval: 1, min: points[0]?.k, max: points[points.length - 1]?.k },
    yAxis: [
      // Headroom above the curves, so the markers' labels at their tops stay clear of the line's label.
      { type: 'value', name: 'Gap(k)', nameLocation: 'middle', nameGap: 50, scale: true, boundaryGap: ['5%', '20%'] },
      { type: 'value', name: 'average silhouette', nameLocation: 'middle', nameGap: 45, scale: true, boundaryGap: ['5%', '20%'], splitLine: { show: false } },
    ],
    series: [
      {
        type: 'line',
        name: 'Gap(k)',
        data: points.map((p) => [p.k, p.gap]),
        symbolSize: 6,
        itemStyle: { color: GAP_COLOUR },
        lineStyle: { width: 2 },
        markLine: {
          symbol: 'none',
          silent: true,
          lineStyle: { color: FITTED_COLOUR, type: 'solid', width: 2 },
          label: { formatter: fittedRule ? `k = ${fittedK}, chosen by ${fittedRule}` : `fitted k = ${fittedK}`, color: FITTED_COLOUR },
          data: [{ xAxis: fittedK }],
        },
      },
      { type: 'line', name: 'Gap ± sd', data: points.map((p) => [p.k, p.gap + p.sd]), symbol: 'none', lineStyle: { type: 'dashed', color: BAND_COLOUR }, itemStyle: { color: BAND_COLOUR } },
      { type: 'line', name: 'Gap ± sd', data: points.map((p) => [p.k, p.gap - p.sd]), symbol: 'none', lineStyle: { type: 'dashed', color: BAND_COLOUR }, itemStyle: { color: BAND_COLOUR } },
      {
        type: 'line',
        name: 'Average silhouette',
        yAxisIndex: 1,
        data: points.map((p) => [p.k, p.silhouette]),
        symbolSize: 5,
        itemStyle: { color: SILHOUETTE_COLOUR },
        lineStyle: { width: 2, type: 'dotted' },
      },
      markerSeries(gapGroups, (k) => gapAt.get(k), 'k'),
      markerSeries(silhouetteGroups, (k) => silhouetteAt.get(k), 'k', { yAxisIndex: 1 }, 'right'),
    ],
  };
}
