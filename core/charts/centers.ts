/**
 * Heatmap of the cluster centers over chosen features: one row per feature (in the order given: best first),
 * one column per cluster, cell (feature l, cluster j) = μ_jl in the fitted scale (standard deviations from the
 * feature's mean when standardized), on a diverging scale symmetric around 0.
 *
 * Readable at real sizes (issue 16): features are rows, so long protein-group names run across the chart
 * instead of being turned; the box is as tall as the rows need (centersHeight), names longer than the left
 * margin are shortened with "…" (full name in the tooltip and at the axis on hover), and labels are laid out by
 * heatmapLayout, never overlapping.
 *
 * @example centersOption({ k: 2, p: 3, means: [1, 0, -2,  -1, 0, 2], featureNames: ['a','b','c'] }, [2, 0])
 *   // y axis ['c', 'a'], x axis ['1', '2'], data [[0,0,-2],[1,0,2],[0,1,1],[1,1,-1]], visualMap range [-2, 2]
 */
import { axisLabelOf, hoverName } from './axis-labels.js';
import { heatmapHeight, heatmapLayout, type ChartSize, type HeatmapLayout } from './heatmap-layout.js';
import { FONT, TEXT_COLOUR, plainText, type ChartOption } from './types.js';

export interface CentersInput {
  k: number;
  p: number;
  /** k × p, row-major. */
  means: ArrayLike<number>;
  featureNames: string[];
  standardized?: boolean;
}

const TOP = 40;
/** Room on the right for the colour scale. */
const RIGHT = 90;
const NAME_PX = 22;

/** The box height that gives each of `features` rows room for its name. */
export function centersHeight(features: number): number {
  return heatmapHeight(features, TOP + 80);
}

const featureName = (fit: CentersInput, l: number) => fit.featureNames[l] ?? `#${l}`;
const clusterNames = (k: number) => Array.from({ length: k }, (_, j) => String(j + 1));

/** The labels' and cells' layout of the heatmap in a box of `size` (what centersOption draws). */
export function centersLayout(fit: CentersInput, features: readonly number[], size?: ChartSize): HeatmapLayout {
  const box = size ?? { width: 640, height: centersHeight(features.length) };
  const names = features.map((l) => plainText(featureName(fit, l)));
  return heatmapLayout({ ...box, rowLabels: names, colLabels: clusterNames(fit.k), top: TOP, right: RIGHT, colNamePx: NAME_PX, maxRowLabelPx: 200 });
}

export function centersOption(fit: CentersInput, features: number[], size?: ChartSize): ChartOption {
  const box = size ?? { width: 640, height: centersHeight(features.length) };
  const names = features.map((l) => featureName(fit, l));
  const clusters = clusterNames(fit.k);
  const data: [number, number, number][] = [];
  let extent = 0;
  features.forEach((l, y) => {
    for (let j = 0; j < fit.k; j++) {
      const v = fit.means[j * fit.p + l] ?? 0;
      const shown = Number.isFinite(v) ? v : 0;
      data.push([j, y, shown]);
      extent = Math.max(extent, Math.abs(shown));
    }
  });
  const layout = centersLayout(fit, features, box);
  const unit = fit.standardized === false ? 'center' : 'center (SD units)';
  return {
    animation: false,
    textStyle: FONT,
    title: { text: 'Cluster centers on the selected features', left: 'center', textStyle: { fontSize: 14, color: TEXT_COLOUR } },
    tooltip: {
      renderMode: 'richText',
      formatter: (p: unknown) => {
        const [x, y, v] = (p as { data: [number, number, number] }).data;
        return `${plainText(names[y] ?? '')}\ncluster ${clusters[x]}: ${unit} ${v.toFixed(3)}`;
      },
    },
    grid: layout.grid,
    xAxis: {
      type: 'category',
      data: clusters,
      name: 'cluster',
      nameLocation: 'middle',
      nameGap: layout.grid.bottom - NAME_PX + 4,
      axisLabel: axisLabelOf(layout.cols, layout.cellWidth),
      axisPointer: hoverName(),
    },
    yAxis: { type: 'category', data: names, inverse: true, axisLabel: axisLabelOf(layout.rows, layout.cellHeight), axisPointer: hoverName() },
    visualMap: {
      min: -Math.max(extent, 1e-9),
      max: Math.max(extent, 1e-9),
      calculable: true,
      orient: 'vertical',
      right: 4,
      top: 'middle',
      itemHeight: Math.min(160, Math.max(60, box.height - TOP - 120)),
      precision: 2,
      inRange: { color: ['#2166ac', '#f7f7f7', '#b2182b'] },
    },
    series: [{ type: 'heatmap', name: unit, data, emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } } }],
  };
}
