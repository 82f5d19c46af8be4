/**
 * PCA scatter of the samples on the selected features, one series per group (cluster, or value of an
 * annotation column), the sample id on hover. Above LARGE_THRESHOLD points ECharts' large mode draws each
 * series as one path and progressively (a few thousand points per frame; the tooltip still names the point under
 * the pointer, only the hover's enlarged symbol is gone); above DENSE points the symbols get smaller and fainter;
 * above MAX_POINTS an evenly spaced
 * subset of the samples is drawn (sample i is shown when ⌊i·M/n⌋ > ⌊(i−1)·M/n⌋), so 100 000 samples never
 * block the page for long. With a stability run, the tooltip also says how often the sample stays with its
 * cluster mates. Long group names are shortened together in the legend (shortLabels); a point's tooltip names
 * its group in full.
 *
 * @example groupsFromClusters(Int32Array.of(1, 2, 1), 2) // { names: ['Cluster 1', 'Cluster 2'], of: [0, 1, 0] }
 */
import type { ScatterSeriesOption } from 'echarts/charts';
import { formatCount } from '../format-count.js';
import { CHAR_EM } from './label-layout.js';
import { shortLabels } from './short-labels.js';
import { FONT, TEXT_COLOUR, colourOf, plainText, type ChartOption } from './types.js';

/**
 * Above this many samples every group is drawn as one path (ECharts' large mode). One element per point costs
 * ~50 µs to create and draw: the mouse sheet's 1 080 points took 56–59 ms of the Run → results time (bench:app,
 * "Run: slowest drawings"), against ~10 ms as paths.
 */
export const LARGE_THRESHOLD = 500;
/** Above this many samples the points are drawn smaller and fainter, so that a dense cloud stays readable. */
const DENSE = 2000;
/** At most this many points are drawn: above it an evenly spaced subset of samples is shown (and the title says so). */
export const MAX_POINTS = 20000;
export const MISSING_GROUP = '(missing)';
/** Room on the right for the legend (px); its names get what is left beside the 25 px symbol, at 12 px. */
const LEGEND_PX = 150;
export const LEGEND_CHARS = Math.floor((LEGEND_PX - 35) / (CHAR_EM * 12));

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
  /** Stability (optional): per sample, how often it stays with its cluster mates over the subsample fits (NaN = not measured). */
  consistency?: ArrayLike<number> | null;
  /** Above this many samples every group is drawn in large mode, one path each (default: groups of more than LARGE_THRESHOLD when n is); a static picture takes it sooner. */
  largeAbove?: number;
}

/** The tooltip's stability line for a sample, or null without a measure. */
export function consistencyLine(consistency: ArrayLike<number> | null | undefined, i: number): string | null {
  const c = consistency?.[i];
  if (c === undefined || !Number.isFinite(c)) return null;
  return `stays with its cluster mates in ${Math.round(100 * c)} % of subsample fits`;
}

export function pcaOption(input: ScatterInput): ChartOption {
  const { x, y, sampleIds, groups } = input;
  const n = x.length;
  const large = n > (input.largeAbove ?? LARGE_THRESHOLD);
  // Per group: the sample index of each point (for the tooltip) and its coordinates. Large mode takes a flat
  // typed array [x0, y0, x1, y1, …], which ECharts stores without a per-point object.
  const counts = new Int32Array(groups.names.length);
  const shown = (i: number) => n <= MAX_POINTS || Math.floor((i * MAX_POINTS) / n) > Math.floor(((i - 1) * MAX_POINTS) / n) || i === 0;
  for (let i = 0; i < n; i++) if (shown(i)) counts[groups.of[i]!]! += 1;
  const members = Array.from(counts, (c) => new Int32Array(c));
  const fill = new Int32Array(groups.names.length);
  for (let i = 0; i < n; i++) {
    if (!shown(i)) continue;
    const g = groups.of[i]!;
    members[g]![fill[g]!++] = i;
  }
  const drawn = fill.reduce((a, b) => a + b, 0);
  const dataOf = (idx: Int32Array): Float64Array | [number, number][] => {
    if (!large) return Array.from(idx, (i): [number, number] => [x[i]!, y[i]!]);
    const flat = new Float64Array(2 * idx.length);
    for (let t = 0; t < idx.length; t++) {
      flat[2 * t] = x[idx[t]!]!;
      flat[2 * t + 1] = y[idx[t]!]!;
    }
    return flat;
  };
  const symbolSize = n > 20000 ? 2 : n > DENSE ? 4 : large ? 5 : 7;
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  const short = shortLabels(groups.names, LEGEND_CHARS);
  const legendText = new Map(groups.names.map((name, g) => [name, short[g]!]));
  const series: ScatterSeriesOption[] = groups.names.map((name, g) => ({
    type: 'scatter',
    name,
    data: dataOf(members[g]!) as ScatterSeriesOption['data'],
    dimensions: ['x', 'y'],
    symbol: n > 20000 ? 'rect' : 'circle',
    symbolSize,
    large,
    // Large or not is decided here for the whole chart (n), not by ECharts per series (a cluster's share of n).
    largeThreshold: large ? 0 : LARGE_THRESHOLD,
    progressive: large ? 4000 : undefined,
    progressiveThreshold: large ? 4000 : undefined,
    itemStyle: { color: colourOf(g), opacity: n > DENSE ? 0.6 : 0.85 },
    emphasis: { focus: 'none', scale: 1.6 },
  }));
  return {
    animation: false,
    textStyle: FONT,
    title: {
      text: `Samples on the selected features, coloured by ${input.colourBy}`,
      subtext: drawn < n ? `${formatCount(drawn)} of ${formatCount(n)} samples drawn (evenly spaced)` : '',
      left: 'center',
      textStyle: { fontSize: 14, color: TEXT_COLOUR },
    },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 40, bottom: 20, formatter: (name: string) => legendText.get(name) ?? name },
    tooltip: {
      trigger: 'item',
      renderMode: 'richText',
      formatter: (p: unknown) => {
        const { seriesIndex, dataIndex, seriesName } = p as { seriesIndex: number; dataIndex: number; seriesName: string };
        const i = members[seriesIndex]?.[dataIndex] ?? -1;
        const stability = consistencyLine(input.consistency, i);
        return `${plainText(sampleIds[i] ?? `sample ${i + 1}`)}\n${plainText(seriesName)}${stability ? `\n${stability}` : ''}`;
      },
    },
    grid: { left: 60, right: LEGEND_PX, top: 40, bottom: 50 },
    xAxis: { type: 'value', name: `PC1 (${pct(input.explained[0])})`, nameLocation: 'middle', nameGap: 28, scale: true, splitLine: { lineStyle: { color: '#eef0f3' } } },
    yAxis: { type: 'value', name: `PC2 (${pct(input.explained[1])})`, nameLocation: 'middle', nameGap: 40, scale: true, splitLine: { lineStyle: { color: '#eef0f3' } } },
    series,
  };
}
