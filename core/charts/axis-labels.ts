/**
 * A category axis's labels as ECharts options, from a LabelLayout (label-layout.ts): which labels are drawn
 * (`interval`), their font and rotation, the texts the layout shortened together (ECharts passes the category's
 * index to the formatter), and a width ECharts truncates at, so the drawn label never outgrows the box the layout
 * computed. `hoverName` shows the full category name at the axis while the pointer is over its row or column.
 */
import { LABEL_MARGIN } from './heatmap-layout.js';
import type { LabelLayout } from './label-layout.js';
import { shortLabel } from './short-labels.js';
import { plainText } from './types.js';

export function axisLabelOf(layout: LabelLayout, cellPx: number) {
  return {
    interval: (index: number) => layout.shown[index] === true,
    fontSize: layout.fontPx,
    rotate: layout.rotate,
    margin: LABEL_MARGIN,
    hideOverlap: false,
    formatter: (value: string, index?: number) => plainText((index !== undefined ? layout.texts[index] : undefined) ?? shortLabel(String(value), layout.maxChars)),
    width: Math.max(1, Math.floor(layout.stacked ? layout.depth + 2 : cellPx)),
    overflow: 'truncate' as const,
  };
}

/** The axis pointer of a heatmap's category axis: a shadow on the row or column under the pointer, its full name at the axis. */
export function hoverName() {
  return {
    show: true,
    type: 'shadow' as const,
    triggerTooltip: false,
    shadowStyle: { color: 'rgba(31, 41, 51, 0.06)' },
    label: { show: true, fontSize: 11, backgroundColor: '#1f2933', color: '#ffffff', padding: [3, 6] },
  };
}
