/**
 * Charts for the reproduction report: pure option builders (data → ECharts option, unit-testable) and one
 * server-side renderer to SVG (`echarts.init(null, null, { renderer: 'svg', ssr: true })`).
 *
 * @example
 *   const option = lineChartOption({ title: 'Median ARI', xName: 'p', yName: 'ARI',
 *     categories: ['20', '50'], series: [{ name: 'SKFR1', data: [1, 0.98] }] });
 *   const svg = renderSvg(option, 640, 400); // '<svg width="640" …'
 */
import * as echarts from 'echarts';

export interface LineSeries {
  name: string;
  data: (number | null)[];
}

export interface LineChartSpec {
  title: string;
  xName: string;
  yName: string;
  categories: string[];
  series: LineSeries[];
  /** Fixed y range (e.g. [0, 1] for ARI). */
  yMin?: number;
  yMax?: number;
  logY?: boolean;
}

const COLORS = ['#2f6fb0', '#d9822b', '#3a9b5c', '#b03a48', '#7656a8'];

export function lineChartOption(spec: LineChartSpec): Record<string, unknown> {
  return {
    animation: false,
    color: COLORS,
    title: { text: spec.title, left: 'center', textStyle: { fontSize: 14 } },
    legend: { bottom: 0 },
    grid: { left: 60, right: 24, top: 44, bottom: 64 },
    xAxis: { type: 'category', name: spec.xName, nameLocation: 'middle', nameGap: 26, data: spec.categories },
    yAxis: {
      type: spec.logY ? 'log' : 'value',
      name: spec.yName,
      nameLocation: 'middle',
      nameGap: 44,
      min: spec.yMin,
      max: spec.yMax,
    },
    series: spec.series.map((s) => ({ type: 'line', name: s.name, data: s.data, symbolSize: 6, connectNulls: false })),
  };
}

export interface GapChartSpec {
  title: string;
  s: number[];
  gap: number[];
  sd: number[];
  chosenS: number;
  trueS: number;
}

/** Gap(s) with ± sd whiskers, the chosen s as a filled red circle and the true s as a dashed line. */
export function gapChartOption(spec: GapChartSpec): Record<string, unknown> {
  const categories = spec.s.map(String);
  const chosen = spec.s.indexOf(spec.chosenS);
  return {
    animation: false,
    color: COLORS,
    title: { text: spec.title, left: 'center', textStyle: { fontSize: 14 } },
    legend: { bottom: 0 },
    grid: { left: 60, right: 24, top: 44, bottom: 64 },
    xAxis: { type: 'category', name: 's', nameLocation: 'middle', nameGap: 26, data: categories },
    yAxis: { type: 'value', name: 'Gap(s)', nameLocation: 'middle', nameGap: 44, scale: true },
    series: [
      {
        type: 'line',
        name: 'Gap(s)',
        data: spec.gap,
        symbolSize: 5,
        markLine: { symbol: 'none', lineStyle: { type: 'dashed', color: '#888' }, data: [{ xAxis: String(spec.trueS), name: 'true s' }], label: { formatter: `true s = ${spec.trueS}` } },
      },
      {
        type: 'line',
        name: 'Gap − sd',
        data: spec.gap.map((g, i) => g - spec.sd[i]!),
        lineStyle: { type: 'dotted', width: 1 },
        symbol: 'none',
      },
      {
        type: 'scatter',
        name: `chosen s = ${spec.chosenS}`,
        data: chosen >= 0 ? [[categories[chosen], spec.gap[chosen]]] : [],
        symbolSize: 14,
        itemStyle: { color: 'transparent', borderColor: '#d22', borderWidth: 2 },
      },
    ],
  };
}

/** Render an option to an SVG string on the server (no DOM, no canvas). */
export function renderSvg(option: Record<string, unknown>, width = 640, height = 400): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
