/**
 * ECharts, registered modularly: only the charts, components, features (label layout: rule markers' labels
 * moved apart) and renderers this app draws with
 * (canvas on screen; SVG for "Save as SVG", rendered server-side style without a DOM node).
 */
import * as echarts from 'echarts/core';
import { BarChart, CustomChart, HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import type { ChartOption } from '../../../core/charts/types';

echarts.use([
  BarChart,
  CustomChart,
  HeatmapChart,
  LineChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  LabelLayout,
  CanvasRenderer,
  SVGRenderer,
]);

export { echarts };

/**
 * The option rendered as an SVG document by a throw-away SVG instance (no DOM node, no animation), every series
 * drawn at once (a progressive series, such as a large samples heatmap, would keep only its first chunk).
 */
export function renderSvg(option: ChartOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  const series = Array.isArray(option.series) ? option.series.map((s) => ({ ...s, progressive: 0 })) : option.series;
  try {
    chart.setOption({ ...option, series, animation: false, backgroundColor: '#ffffff' } as ChartOption);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
