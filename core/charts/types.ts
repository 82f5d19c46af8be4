/** The ECharts option type for the charts this app registers (see ./echarts.ts). Types only: no canvas needed. */
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, HeatmapSeriesOption, LineSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | HeatmapSeriesOption
  | LineSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
  | TitleComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

/** Categorical palette (Tableau 10 and a second, lighter ten), cycled beyond 20 groups. */
export const PALETTE = [
  '#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac',
  '#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf',
];

export function colourOf(group: number): string {
  return PALETTE[((group % PALETTE.length) + PALETTE.length) % PALETTE.length]!;
}

export const TEXT_COLOUR = '#1f2933';
export const FONT = { fontFamily: 'system-ui, sans-serif', fontSize: 12 };

/**
 * Tooltips are drawn as rich text on the chart itself (`renderMode: 'richText'`), never as HTML: ECharts' HTML
 * tooltips carry inline style attributes, which the strict Content-Security-Policy refuses. User text is made
 * safe for rich-text markup by dropping the braces and bar of `{style|text}`.
 *
 * @example plainText('{a|b}') // 'a b'
 */
export function plainText(text: string): string {
  return text.replace(/[{}]/g, '').replace(/\|/g, ' ');
}

/** Pixel position (in the chart box) of a data value of series `seriesIndex`, or null when it is off the chart. */
export type ToPixel = (seriesIndex: number, value: [number, number]) => [number, number] | null;
