/**
 * The ranked proteins as horizontal bars: each selected feature's share of the ranking score (d_l / Σ d, in %),
 * best first from the top. With a stability run, features selected in fewer than half of the subsample fits are
 * drawn orange ("unstable"). Names longer than the left margin are shortened (label-layout.ts); the full name is
 * in the tooltip.
 *
 * @example rankingOption({ names: ['FN1', 'DCN'], shares: [0.3, 0.1] })
 *   // yAxis ['FN1', 'DCN'] (inverse: best on top), bars [30, 10]
 */
import { axisLabelOf } from './axis-labels.js';
import type { ChartSize } from './heatmap-layout.js';
import { layoutLabels, textWidth } from './label-layout.js';
import { BAR_COLOURS } from './stability.js';
import { FONT, TEXT_COLOUR, plainText, type ChartOption } from './types.js';

export interface RankingInput {
  /** Feature names, best first. */
  names: readonly string[];
  /** Share of the total score of each (0..1), same order. */
  shares: readonly number[];
  /** Per feature (same order): selected in fewer than half of the subsample fits. */
  unstable?: readonly boolean[] | null;
  /** Chart title (default: "Ranked features: share of the ranking score"). */
  title?: string;
}

const TOP = 40;
const BOTTOM = 40;

/** A box tall enough for one bar per feature. */
export function rankingHeight(features: number): number {
  return Math.max(160, TOP + BOTTOM + 18 * features);
}

export function rankingOption(input: RankingInput, size?: ChartSize): ChartOption {
  const box = size ?? { width: 640, height: rankingHeight(input.names.length) };
  const names = input.names.map(plainText);
  const room = Math.min(200, 0.4 * box.width, names.reduce((m, n) => Math.max(m, textWidth(n, 12)), 0));
  const left = Math.ceil(room + 16);
  const rows = layoutLabels({ labels: names, extent: Math.max(1, box.height - TOP - BOTTOM), fontPx: 12, axis: 'y', maxDepth: room });
  const percent = input.shares.map((s) => Number((100 * (Number.isFinite(s) ? s : 0)).toFixed(2)));
  return {
    animation: false,
    textStyle: FONT,
    title: { text: input.title ?? 'Ranked features: share of the ranking score', left: 'center', textStyle: { fontSize: 14, color: TEXT_COLOUR } },
    tooltip: {
      trigger: 'item',
      renderMode: 'richText',
      formatter: (p: unknown) => {
        const i = (p as { dataIndex: number }).dataIndex;
        return `${names[i] ?? ''}\n${percent[i]} % of the score${input.unstable?.[i] ? '\nunstable: selected in fewer than half of the subsample fits' : ''}`;
      },
    },
    grid: { left, right: 50, top: TOP, bottom: BOTTOM },
    xAxis: { type: 'value', name: 'share of the score (%)', nameLocation: 'middle', nameGap: 26, axisLabel: { formatter: '{value} %' } },
    yAxis: { type: 'category', inverse: true, data: names, axisLabel: axisLabelOf(rows, (box.height - TOP - BOTTOM) / Math.max(1, names.length)) },
    series: [
      {
        type: 'bar',
        name: 'share',
        barMaxWidth: 14,
        label: { show: rows.step === 1, position: 'right', fontSize: 10, formatter: '{c} %', color: TEXT_COLOUR },
        data: percent.map((value, i) => ({ value, itemStyle: { color: input.unstable?.[i] ? BAR_COLOURS.unstable : BAR_COLOURS.stable } })),
      },
    ],
  };
}
