/**
 * PCA scatter of the samples on the selected features, one series per group (cluster, or value of an
 * annotation column), the sample id on hover. Above LARGE_THRESHOLD points ECharts' large mode draws each
 * series as one batch, so 100 000 samples stay interactive.
 *
 * @example groupsFromClusters(Int32Array.of(1, 2, 1), 2) // { names: ['Cluster 1', 'Cluster 2'], of: [0, 1, 0] }
 */
import type { ScatterSeriesOption } from 'echarts/charts';
import { FONT, TEXT_COLOUR, colourOf, plainText, type ChartOption } from './types';

export const LARGE_THRESHOLD = 2000;
export const MISSING_GROUP = '(missing)';

export interface Groups {
  names: string[];
  /** Group index of each sample. */
  of: ArrayLike<number>;
}

/** Clusters are 1-based in FitView; group j-1 is "Cluster j". */
export function groupsFromClusters(clusters: ArrayLike<number>, k: number): Groups {
  const of = new Int32Array(clusters.length);
  for (let i = 0; i < clusters.length; i++) of[i] = clusters[i]! - 1;
  return { names: Array.from({ length: k }, (_, j) => `Cluster ${j + 1}`), of };
}

/** Distinct values of an annotation, sorted (numbers numerically), missing values last as "(missing)". */
export function groupsFromAnnotation(values: (string | null)[]): Groups {
  const distinct = [...new Set(values.filter((v): v is string => v !== null))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );
  const hasMissing = values.some((v) => v === null);
  const names = hasMissing ? [...distinct, MISSING_GROUP] : distinct;
  const index = new Map(distinct.map((v, i) => [v, i]));
  const of = new Int32Array(values.length);
  values.forEach((v, i) => {
    of[i] = v === null ? distinct.length : index.get(v)!;
  });
  return { names, of };
}

export interface ScatterInput {
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  explained: [number, number];
  sampleIds: string[];
  groups: Groups;
  /** Legend title: "cluster" or the annotation column. */
  colourBy: string;
}

export function pcaOption(input: ScatterInput): ChartOption {
  const { x, y, sampleIds, groups } = input;
  const n = x.length;
  const perGroup: [number, number, number][][] = groups.names.map(() => []);
  for (let i = 0; i < n; i++) perGroup[groups.of[i]!]?.push([x[i]!, y[i]!, i]);
  const large = n > LARGE_THRESHOLD;
  const symbolSize = n > 20000 ? 2 : n > LARGE_THRESHOLD ? 4 : 7;
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  const series: ScatterSeriesOption[] = groups.names.map((name, g) => ({
    type: 'scatter',
    name,
    data: perGroup[g],
    symbolSize,
    large,
    largeThreshold: LARGE_THRESHOLD,
    itemStyle: { color: colourOf(g), opacity: large ? 0.6 : 0.85 },
    emphasis: { focus: 'none', scale: 1.6 },
  }));
  return {
    animation: false,
    textStyle: FONT,
    title: { text: `Samples on the selected features, coloured by ${input.colourBy}`, left: 'center', textStyle: { fontSize: 14, color: TEXT_COLOUR } },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 40, bottom: 20 },
    tooltip: {
      trigger: 'item',
      renderMode: 'richText',
      formatter: (p: unknown) => {
        const { data, seriesName } = p as { data: [number, number, number]; seriesName: string };
        return `${plainText(sampleIds[data[2]] ?? String(data[2] + 1))}\n${plainText(seriesName)}`;
      },
    },
    grid: { left: 60, right: 150, top: 40, bottom: 50 },
    xAxis: { type: 'value', name: `PC1 (${pct(input.explained[0])})`, nameLocation: 'middle', nameGap: 28, scale: true, splitLine: { lineStyle: { color: '#eef0f3' } } },
    yAxis: { type: 'value', name: `PC2 (${pct(input.explained[1])})`, nameLocation: 'middle', nameGap: 40, scale: true, splitLine: { lineStyle: { color: '#eef0f3' } } },
    series,
  };
}
