/**
 * The geometry of a category × category heatmap in a box of `width` × `height` px: the plot area left once the
 * row labels (left), the column labels (below) and the title (above) have their room, the cell size, and both
 * axes' label layouts (label-layout.ts), so that no label covers another at any size. Also the box height a
 * heatmap of `rows` rows needs (rows of at least MIN_ROW_PX, so 49 clusters stay readable).
 *
 * @example heatmapLayout({ width: 600, height: 400, rowLabels: ['Cluster 1', 'Cluster 2'], colLabels: ['a', 'b'] })
 *   // grid { left ≈ 80, right 20, top 40, bottom ≈ 30 }, cells ≈ 250 × 165 px, every label shown at 12 px
 */
import { layoutLabels, MIN_FONT_PX, textWidth, type LabelLayout } from './label-layout.js';

export interface ChartSize {
  width: number;
  height: number;
}

export interface HeatmapLayoutInput extends ChartSize {
  rowLabels: readonly string[];
  colLabels: readonly string[];
  /** Preferred label font (px; default 12). */
  fontPx?: number;
  /** Room above the plot (title; default 40) and to its right (a colour scale; default 20). */
  top?: number;
  right?: number;
  /** The most room for the row labels (default 180 px, at most 40 % of the width) and the column labels (default 160 px). */
  maxRowLabelPx?: number;
  maxColLabelPx?: number;
  /** Room for the column axis's name below its labels (default 0: no name). */
  colNamePx?: number;
}

export interface HeatmapLayout {
  grid: { left: number; right: number; top: number; bottom: number };
  cellWidth: number;
  cellHeight: number;
  rows: LabelLayout;
  cols: LabelLayout;
}

/** Space between an axis line and its labels (ECharts' axisLabel.margin). */
export const LABEL_MARGIN = 8;

export function heatmapLayout(input: HeatmapLayoutInput): HeatmapLayout {
  const fontPx = input.fontPx ?? 12;
  const top = input.top ?? 40;
  const right = input.right ?? 20;
  const nameRoom = input.colNamePx ?? 0;
  const maxRow = Math.min(input.maxRowLabelPx ?? 180, 0.4 * input.width);
  const maxCol = input.maxColLabelPx ?? 160;
  // The row labels' room: their longest name at the preferred font (a smaller font then fits it too), at most
  // maxRow. The plot's width follows; the column labels are laid out on it, and their room sets the height.
  const longestRow = input.rowLabels.reduce((m, label) => Math.max(m, textWidth(label, fontPx)), 0);
  const rowRoom = Math.min(maxRow, longestRow);
  const left = Math.ceil(LABEL_MARGIN + rowRoom + 4);
  const plotW = Math.max(1, input.width - left - right);
  const cols = layoutLabels({ labels: input.colLabels, extent: plotW, fontPx, axis: 'x', maxDepth: maxCol });
  const bottom = Math.ceil(LABEL_MARGIN + cols.depth + 4 + nameRoom);
  const plotH = Math.max(1, input.height - top - bottom);
  const rows = layoutLabels({ labels: input.rowLabels, extent: plotH, fontPx, axis: 'y', maxDepth: rowRoom });
  return {
    grid: { left, right, top, bottom },
    cellWidth: plotW / Math.max(1, input.colLabels.length),
    cellHeight: plotH / Math.max(1, input.rowLabels.length),
    rows,
    cols,
  };
}

/** Smallest row height of a heatmap drawn on screen (px): a label of MIN_FONT_PX + 2 px per row. */
export const MIN_ROW_PX = 14;
/** Largest row height (px). */
export const MAX_ROW_PX = 28;

/**
 * The box height for a heatmap of `rows` rows: rows between MIN_ROW_PX and MAX_ROW_PX high (about 360 px of
 * rows when they fit), plus `chrome` px of title, column labels and margins.
 * @example heatmapHeight(8, 120) // 8 × 28 + 120 = 344
 * @example heatmapHeight(49, 120) // 49 × 14 + 120 = 806
 */
export function heatmapHeight(rows: number, chrome: number): number {
  const rowPx = Math.max(MIN_ROW_PX, Math.min(MAX_ROW_PX, 360 / Math.max(1, rows)));
  return Math.round(Math.max(1, rows) * rowPx + chrome);
}

export { MIN_FONT_PX };
