/**
 * A chart option (core/charts) drawn as an SVG document with ECharts' server-side SVG renderer: no DOM, no
 * canvas, no animation — the same in Node (the skfr command), Electron's compute process and a Web Worker.
 * It uses ECharts' one-file build (echarts-dist.d.ts), which Node loads in ~0.2 s (the modular build: ~0.7 s).
 *
 * Importing this module loads ECharts: hosts import it only when a report is written.
 *
 * @example renderSvg(contingencyOption(metrics, { width: 760, height: 500 }), 760, 500)
 *   // '<svg width="760" height="500" … viewBox="0 0 760 500">…</svg>'
 */
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration (a script, not a module) is brought in by reference
/// <reference path="./echarts-dist.d.ts" />
import { init } from 'echarts/dist/echarts.esm.min';
import type { ChartOption } from '../charts/types.js';

/**
 * The option rendered as an SVG document by a throw-away SVG instance: white background, no animation, and every
 * series drawn at once (progressive drawing would leave all but the first chunk of a large series out).
 */
export function renderSvg(option: ChartOption, width: number, height: number): string {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width, height });
  const series = Array.isArray(option.series) ? option.series.map((s) => ({ ...s, progressive: 0 })) : option.series;
  try {
    chart.setOption({ ...option, series, animation: false, backgroundColor: '#ffffff' } as ChartOption);
    return stripMeta(chart.renderToSVGString());
  } finally {
    chart.dispose();
  }
}

/**
 * ECharts writes `ecmeta_*` attributes on every element (series index, data index, …) so that a page can wire the
 * SSR picture back to a live chart. A report is a still picture: they are dropped. On the mouse report they were
 * 2.0 MB of 5.1 MB (85 000 attributes, mostly the heatmap's cells).
 */
export function stripMeta(svg: string): string {
  return svg.replace(/ ecmeta_[a-z_]+="[^"]*"/g, '');
}
