/**
 * Issue 27: the first chart a page draws pays for ECharts' code being compiled (the canvas painter, the layouts,
 * the visual maps): 60–150 ms that the Results screen's first chart paid after each Run. At page load, while the
 * worker warms up (bridge/api.ts warmEngine), one small chart of each kind the app draws is drawn off screen and
 * thrown away.
 * The fonts too: zrender measures '国' and 'a' in each font the first time it meets it, and Chromium's first
 * measure of a font (its fallback for the CJK glyph) took 5–33 ms each, ~55 ms of the mouse data's Run at every
 * page (10, 11, 12, bold 12 and bold 14 px of the charts' FONT, core/charts/types.ts). The warm-up chart has a
 * title in each of WARM_FONT_PX, bold, with a plain subtext, so zrender meets those fonts at page load. (Measuring
 * them on a canvas of our own did not help: the cost came again on zrender's canvas.)
 */
import { echarts } from './echarts';
import { FONT, type ChartOption } from '../../../core/charts/types';

/** The font sizes (px) the charts use: axis labels, bars' names, legends, titles (core/charts). */
export const WARM_FONT_PX = [8, 9, 10, 11, 12, 13, 14];


/** A small chart with every series and component kind the app's charts use. */
export function warmOption(): ChartOption {
  const names = ['a', 'b', 'c'];
  return {
    animation: false,
    textStyle: FONT,
    // one title per font size: its text in bold, its subtext plain (zrender measures each font on its own canvas)
    title: WARM_FONT_PX.map((px, i) => ({ text: 'a国', subtext: 'a国', top: 4 * i, textStyle: { fontSize: px }, subtextStyle: { fontSize: px } })),
    tooltip: { trigger: 'item' },
    legend: { data: ['line'] },
    grid: [{ left: 30, top: 30, width: 100, height: 60 }, { left: 170, top: 30, width: 100, height: 60 }],
    xAxis: [{ type: 'category', gridIndex: 0, data: names }, { type: 'value', gridIndex: 1 }],
    yAxis: [{ type: 'category', gridIndex: 0, data: names }, { type: 'value', gridIndex: 1 }],
    visualMap: [
      { type: 'continuous', seriesIndex: 0, dimension: 2, min: -1, max: 1, inRange: { color: ['#2166ac', '#f7f7f7', '#b2182b'] } },
      { type: 'piecewise', seriesIndex: 5, dimension: 2, pieces: [{ value: 0, label: 'x', color: '#bdbdbd' }] },
    ],
    series: [
      { type: 'heatmap', xAxisIndex: 0, yAxisIndex: 0, data: [[0, 0, 0.5], [1, 1, -0.5], [2, 2, 0]], label: { show: true } },
      { type: 'scatter', xAxisIndex: 1, yAxisIndex: 1, data: [[1, 2], [2, 3]] },
      // the PCA of more than 500 samples: large mode, one path per group (core/charts/pca.ts)
      { type: 'scatter', xAxisIndex: 1, yAxisIndex: 1, large: true, largeThreshold: 0, dimensions: ['x', 'y'], data: Float64Array.of(1, 2, 2, 3) },
      { type: 'line', name: 'line', xAxisIndex: 1, yAxisIndex: 1, data: [[1, 1], [2, 2]], markLine: { data: [{ xAxis: 1.5 }] } },
      { type: 'bar', xAxisIndex: 1, yAxisIndex: 1, data: [[1, 1], [2, 2]] },
      { type: 'heatmap', xAxisIndex: 0, yAxisIndex: 0, data: [[0, 1, 0]] },
    ],
  } as ChartOption;
}

/** Draws the warm-up chart off screen and disposes of it; never throws. */
export function warmCharts(): void {
  if (typeof document === 'undefined') return;
  const box = document.createElement('div');
  box.style.cssText = 'position:absolute;left:-10000px;top:0;width:320px;height:160px;';
  box.setAttribute('aria-hidden', 'true');
  document.body.appendChild(box);
  try {
    const chart = echarts.init(box, null, { renderer: 'canvas', width: 320, height: 160 });
    chart.setOption(warmOption(), true);
    // paint now (ECharts paints on its next frame otherwise)
    (chart.getZr() as { refreshImmediately?: () => void }).refreshImmediately?.();
    chart.dispose();
  } catch {
    // a warm-up that fails costs nothing
  } finally {
    box.remove();
  }
}
