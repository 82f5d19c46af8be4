/**
 * Issue 27: the first chart a page draws pays for ECharts' code being compiled (the canvas painter, the layouts,
 * the visual maps): 60–150 ms that the Results screen's first chart paid after each Run. At page load, while the
 * worker warms up (bridge/api.ts warmEngine), one small chart of each kind the app draws is drawn off screen and
 * thrown away.
 */
import { echarts } from './echarts';
import type { ChartOption } from '../../../core/charts/types';

/** A small chart with every series and component kind the app's charts use. */
function warmOption(): ChartOption {
  const names = ['a', 'b', 'c'];
  return {
    animation: false,
    title: { text: 'warm-up', subtext: 'x' },
    tooltip: { trigger: 'item' },
    legend: { data: ['line'] },
    grid: [{ left: 30, top: 30, width: 100, height: 60 }, { left: 170, top: 30, width: 100, height: 60 }],
    xAxis: [{ type: 'category', gridIndex: 0, data: names }, { type: 'value', gridIndex: 1 }],
    yAxis: [{ type: 'category', gridIndex: 0, data: names }, { type: 'value', gridIndex: 1 }],
    visualMap: [
      { type: 'continuous', seriesIndex: 0, dimension: 2, min: -1, max: 1, inRange: { color: ['#2166ac', '#f7f7f7', '#b2182b'] } },
      { type: 'piecewise', seriesIndex: 4, dimension: 2, pieces: [{ value: 0, label: 'x', color: '#bdbdbd' }] },
    ],
    series: [
      { type: 'heatmap', xAxisIndex: 0, yAxisIndex: 0, data: [[0, 0, 0.5], [1, 1, -0.5], [2, 2, 0]], label: { show: true } },
      { type: 'scatter', xAxisIndex: 1, yAxisIndex: 1, data: [[1, 2], [2, 3]] },
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
