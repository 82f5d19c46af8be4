/**
 * Contingency heatmap: clusters (rows) × known classes (columns), each cell the number of samples in both.
 * A cluster whose row has more than one non-zero cell is a mixed node.
 *
 * @example contingencyOption({ clusters: [1, 2], classes: ['a', 'b'], counts: [[3, 0], [1, 2]] , ...})
 *   // heatmap data [[0,0,3],[1,0,0],[0,1,1],[1,1,2]] (x = class index, y = cluster index, count)
 */
import type { Metrics } from '../jobs/types.js';
import { FONT, TEXT_COLOUR, plainText, type ChartOption } from './types.js';

export function contingencyOption(metrics: Metrics): ChartOption {
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
  const clusterLabels = clusters.map((c) => `Cluster ${c}`);
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
    grid: { left: 90, right: 30, top: 40, bottom: 90 },
    xAxis: { type: 'category', data: classes, name: metrics.classColumn, nameLocation: 'middle', nameGap: 70, axisLabel: { rotate: 30, interval: 0 }, splitArea: { show: true } },
    yAxis: { type: 'category', data: clusterLabels, inverse: true, splitArea: { show: true } },
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
        label: { show: clusters.length * classes.length <= 400, fontSize: 11 },
        emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } },
      },
    ],
  };
}
