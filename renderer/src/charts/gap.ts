/**
 * The gap curve of the sparsity tuning (Algorithm 3): Gap(s) with a ±sd band, and a vertical line at the s the
 * fit used. bestS maximises Gap(s); oneSeS is the smallest s within one sd of that maximum.
 *
 * @example gapOption({ curve: [{ s: 1, gap: 0.1, sd: 0.02, ... }, { s: 2, gap: 0.3, sd: 0.05, ... }], bestS: 2, oneSeS: 2, permutations: 10 }, 2)
 *   // series 'Gap(s)' data [[1, 0.1], [2, 0.3]]; markLine at x = 2 labelled "chosen s = 2"
 */
import type { GapPoint } from '../../../core/engine/types';
import { FONT, TEXT_COLOUR, plainText, type ChartOption } from './types';

export interface GapInput {
  curve: GapPoint[];
  bestS: number;
  oneSeS: number;
  permutations: number;
}

export function gapOption(gap: GapInput, chosenS: number): ChartOption {
  const points = [...gap.curve].sort((a, b) => a.s - b.s);
  const band = '#9db4d3';
  return {
    animation: false,
    textStyle: FONT,
    title: { text: `Gap statistic (${gap.permutations} permutations)`, left: 'center', textStyle: { fontSize: 14, color: TEXT_COLOUR } },
    legend: { top: 30 },
    tooltip: {
      trigger: 'axis',
      renderMode: 'richText',
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as { seriesName: string; data: [number, number] }[];
        const s = list[0]?.data[0];
        return [`s = ${s}`, ...list.map((p) => `${plainText(p.seriesName)}: ${p.data[1].toFixed(4)}`)].join('\n');
      },
    },
    grid: { left: 70, right: 30, top: 80, bottom: 50 },
    xAxis: { type: 'value', name: 's (features selected)', nameLocation: 'middle', nameGap: 28, minInterval: 1, min: points[0]?.s, max: points[points.length - 1]?.s },
    yAxis: { type: 'value', name: 'Gap(s)', nameLocation: 'middle', nameGap: 50, scale: true },
    series: [
      {
        type: 'line',
        name: 'Gap(s)',
        data: points.map((p) => [p.s, p.gap]),
        symbolSize: 7,
        itemStyle: { color: '#1f5f9e' },
        lineStyle: { width: 2 },
        markLine: {
          symbol: 'none',
          silent: true,
          lineStyle: { color: '#c0392b', type: 'solid', width: 2 },
          label: { formatter: `chosen s = ${chosenS}`, color: '#c0392b' },
          data: [{ xAxis: chosenS }],
        },
      },
      { type: 'line', name: 'Gap + sd', data: points.map((p) => [p.s, p.gap + p.sd]), symbol: 'none', lineStyle: { type: 'dashed', color: band }, itemStyle: { color: band } },
      { type: 'line', name: 'Gap − sd', data: points.map((p) => [p.s, p.gap - p.sd]), symbol: 'none', lineStyle: { type: 'dashed', color: band }, itemStyle: { color: band } },
    ],
  };
}
