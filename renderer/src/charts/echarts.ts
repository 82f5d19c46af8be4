/**
 * ECharts, registered modularly: only the charts, components and renderers this app draws with
 * (canvas on screen; SVG for "Save as SVG", rendered server-side style without a DOM node).
 */
import * as echarts from 'echarts/core';
import { HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import type { ChartOption } from './types';

echarts.use([
  HeatmapChart,
  LineChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
  SVGRenderer,
]);

export { echarts };

/** The option rendered as an SVG document by a throw-away SVG instance (no DOM node, no animation). */
export function renderSvg(option: ChartOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ ...option, animation: false, backgroundColor: '#ffffff' });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
