/**
 * Heatmap of the cluster centers over chosen features: cell (feature l, cluster j) = μ_jl in the fitted scale
 * (standard deviations from the feature's mean when standardized), on a diverging scale symmetric around 0.
 *
 * @example centersOption({ k: 2, p: 3, means: [1, 0, -2,  -1, 0, 2], featureNames: ['a','b','c'] }, [2, 0])
 *   // x axis ['c', 'a'], data [[0,0,-2],[0,1,2],[1,0,1],[1,1,-1]], visualMap range [-2, 2]
 */
import { FONT, TEXT_COLOUR, plainText, type ChartOption } from './types.js';

export interface CentersInput {
  k: number;
  p: number;
  /** k × p, row-major. */
  means: ArrayLike<number>;
  featureNames: string[];
  standardized?: boolean;
}

export function centersOption(fit: CentersInput, features: number[]): ChartOption {
  const names = features.map((l) => fit.featureNames[l] ?? `#${l}`);
  const clusters = Array.from({ length: fit.k }, (_, j) => `Cluster ${j + 1}`);
  const data: [number, number, number][] = [];
  let extent = 0;
  features.forEach((l, x) => {
    for (let j = 0; j < fit.k; j++) {
      const v = fit.means[j * fit.p + l] ?? 0;
      const shown = Number.isFinite(v) ? v : 0;
      data.push([x, j, shown]);
      extent = Math.max(extent, Math.abs(shown));
    }
  });
  const unit = fit.standardized === false ? 'center' : 'center (SD units)';
  return {
    animation: false,
    textStyle: FONT,
    title: { text: 'Cluster centers on the selected features', left: 'center', textStyle: { fontSize: 14, color: TEXT_COLOUR } },
    tooltip: {
      renderMode: 'richText',
      formatter: (p: unknown) => {
        const [x, y, v] = (p as { data: [number, number, number] }).data;
        return `${plainText(names[x] ?? '')} · ${clusters[y]}: ${unit} ${v.toFixed(3)}`;
      },
    },
    grid: { left: 80, right: 80, top: 40, bottom: names.length > 12 ? 110 : 60 },
    xAxis: { type: 'category', data: names, axisLabel: { rotate: names.length > 12 ? 60 : 0, interval: 0, fontSize: 11 } },
    yAxis: { type: 'category', data: clusters, inverse: true },
    visualMap: {
      min: -Math.max(extent, 1e-9),
      max: Math.max(extent, 1e-9),
      calculable: true,
      orient: 'vertical',
      right: 0,
      top: 'middle',
      itemHeight: 160,
      precision: 2,
      inRange: { color: ['#2166ac', '#f7f7f7', '#b2182b'] },
    },
    series: [{ type: 'heatmap', name: unit, data, emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } } }],
  };
}
