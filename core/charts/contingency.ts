/**
 * Contingency heatmap: clusters (rows) × known classes (columns), each cell the number of samples in both.
 * A cluster whose row has more than one non-zero cell is a mixed node.
 *
 * Readable at real sizes (issue 16): the cells fill the box the chart is drawn in (`size`; contingencyHeight
 * gives a box tall enough for k rows), the row and column labels are laid out by heatmapLayout (fonts scaled
 * down, then every other label, never two overlapping), the counts are written in the cells only when they
 * fit (else on hover), and the axis pointer shows a row's or column's full name.
 *
 * @example contingencyOption({ clusters: [1, 2], classes: ['a', 'b'], counts: [[3, 0], [1, 2]] , ...})
 *   // heatmap data [[0,0,3],[1,0,0],[0,1,1],[1,1,2]] (x = class index, y = cluster index, count)
 */
import type { Metrics } from '../analysis.js';
import { heatmapHeight, heatmapLayout, type ChartSize, type HeatmapLayout } from './heatmap-layout.js';
import { axisLabelOf, hoverName } from './axis-labels.js';
import { cellLabelFont } from './label-layout.js';
import { FONT, TEXT_COLOUR, plainText, type ChartOption } from './types.js';

/** Room above the plot (title), and below it for the axis name. */
const TOP = 40;
const NAME_PX = 24;

/** The box height that gives each of k clusters a readable row. */
export function contingencyHeight(clusters: number): number {
  return heatmapHeight(clusters, TOP + 110);
}

/** The labels' and cells' layout of the heatmap in a box of `size` (what contingencyOption draws). */
export function contingencyLayout(metrics: Metrics, size?: ChartSize): HeatmapLayout {
  const { clusters, classes } = metrics.contingency;
  const box = size ?? { width: 640, height: contingencyHeight(clusters.length) };
  return heatmapLayout({ ...box, rowLabels: clusters.map(clusterLabel), colLabels: classes.map(plainText), top: TOP, colNamePx: NAME_PX });
}

const clusterLabel = (c: number) => `Cluster ${c}`;

/** A cell's count; empty for 0, so the clusters' classes stand out (mixed nodes: a row with two numbers). */
const countText = (p: unknown) => {
  const v = (p as { data: [number, number, number] }).data[2];
  return v === 0 ? '' : String(v);
};

export function contingencyOption(metrics: Metrics, size?: ChartSize): ChartOption {
  const { clusters, classes, counts } = metrics.contingency;
  const data: [number, number, number][] = [];
  let max = 0;
  clusters.forEach((_, y) => {
    classes.forEach((__, x) => {
      const v = counts[y]?.[x] ?? 0;
      data.push([x, y, v]);
      if (v > max) max = v;
    });
  });
  const clusterLabels = clusters.map(clusterLabel);
  const layout = contingencyLayout(metrics, size);
  const numberFont = cellLabelFont(layout.cellWidth, layout.cellHeight, String(max).length, 11);
  return {
    animation: false,
    textStyle: FONT,
    title: { text: `Clusters × ${metrics.classColumn}`, left: 'center', textStyle: { fontSize: 14, color: TEXT_COLOUR } },
    tooltip: {
      renderMode: 'richText',
      formatter: (p: unknown) => {
        const [x, y, v] = (p as { data: [number, number, number] }).data;
        return `${plainText(clusterLabels[y] ?? '')} · ${plainText(classes[x] ?? '')}: ${v} samples`;
      },
    },
    grid: layout.grid,
    xAxis: {
      type: 'category',
      data: classes,
      name: metrics.classColumn,
      nameLocation: 'middle',
      nameGap: layout.grid.bottom - NAME_PX + 6,
      axisLabel: axisLabelOf(layout.cols, layout.cellWidth),
      axisPointer: hoverName(),
      splitArea: { show: true },
    },
    yAxis: { type: 'category', data: clusterLabels, inverse: true, axisLabel: axisLabelOf(layout.rows, layout.cellHeight), axisPointer: hoverName(), splitArea: { show: true } },
    visualMap: {
      min: 0,
      max: Math.max(1, max),
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 120,
      inRange: { color: ['#f7fbff', '#6baed6', '#08306b'] },
      show: false,
    },
    series: [
      {
        type: 'heatmap',
        name: 'samples',
        data,
        // Counts in the cells when they fit; otherwise on hover (and in the tooltip).
        label: { show: numberFont !== null, fontSize: numberFont ?? 11, formatter: countText },
        emphasis: { label: { show: true, fontSize: 11, fontWeight: 'bold', formatter: (p: unknown) => String((p as { data: [number, number, number] }).data[2]) }, itemStyle: { borderColor: '#333', borderWidth: 1 } },
      },
    ],
  };
}
