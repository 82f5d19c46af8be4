/**
 * Where the labels of a heatmap's category axis go, as a pure function of the label texts, the axis length and
 * the font: which labels are shown, at what size, turned or not, cut to how many characters, and the box each
 * shown label takes — so a test can check that no two shown labels overlap without drawing anything.
 *
 * The axis is cut into `labels.length` equal cells, each label centred on its cell. Text is measured with an
 * average glyph width of CHAR_EM em and a line height of LINE_EM em (system-ui: lower-case ≈ 0.5 em, digits
 * ≈ 0.55 em, capitals ≈ 0.65 em; protein names are capital-heavy); ECharts is also told to truncate at the same
 * width, so a label never outgrows its box. The font shrinks from `fontPx` down to `minFontPx`; below that, only
 * every `step`-th label is shown. Labels longer than the room across the axis (`maxDepth`) are shortened together
 * by shortLabels (short-labels.ts: a shared prefix or suffix becomes "…", then the middle goes), so they stay
 * distinct; the chart shows the full name on hover.
 *
 * @example layoutLabels({ labels: ['1', '2', '3', '4'], extent: 40, fontPx: 12, axis: 'y', maxDepth: 100 })
 *   // cell 10 px: font 9 (12 would need 15 px per line, 9 needs 11.25): step 2, shown [true, false, true, false]
 */

import { shortLabels } from './short-labels.js';

/** Average glyph width, in em. */
export const CHAR_EM = 0.62;
/** Line height, in em. */
export const LINE_EM = 1.25;
/** Smallest font a label is drawn in (px). */
export const MIN_FONT_PX = 9;
/** Room kept free between two labels side by side (px). */
const GAP_PX = 4;

/** Estimated width of a text in px. */
export function textWidth(text: string, fontPx: number): number {
  return [...text].length * CHAR_EM * fontPx;
}

/** A shown label's box in axis coordinates: `along` the axis from its start, `across` away from the axis line. */
export interface LabelBox {
  index: number;
  along0: number;
  along1: number;
  across0: number;
  across1: number;
}

export interface LabelLayoutInput {
  labels: readonly string[];
  /** Length of the axis in px. */
  extent: number;
  /** Preferred font size (px). */
  fontPx: number;
  /** Smallest font before labels are skipped (default MIN_FONT_PX). */
  minFontPx?: number;
  /** 'y': labels beside a vertical axis (text runs across it); 'x': labels under a horizontal axis. */
  axis: 'x' | 'y';
  /** The most room a label may take across the axis (px); longer labels are shortened. */
  maxDepth: number;
}

export interface LabelLayout {
  fontPx: number;
  /** 0: text runs horizontally; 90: text turned to run upwards (x axis only). */
  rotate: 0 | 90;
  /** Every `step`-th label is shown, from the first. */
  step: number;
  /** Each label takes one line along the axis and its text's width across it (false: level labels under an x axis, the reverse). */
  stacked: boolean;
  /** Per label: shown or not. */
  shown: boolean[];
  /** Labels are cut to this many characters (full name on hover). */
  maxChars: number;
  /** Per label: the text drawn, the labels shortened together to maxChars (shortLabels). */
  texts: string[];
  /** The room the labels take across the axis (px): the chart's margin on that side. */
  depth: number;
  /** The boxes of the shown labels. */
  boxes: LabelBox[];
}

/** The layout of one axis's labels (see the file's comment). */
export function layoutLabels(input: LabelLayoutInput): LabelLayout {
  const { labels, extent, axis } = input;
  const count = Math.max(1, labels.length);
  const cell = extent / count;
  const minFont = Math.min(input.minFontPx ?? MIN_FONT_PX, input.fontPx);
  const maxDepth = Math.max(0, input.maxDepth);
  const longest = labels.reduce((m, label) => Math.max(m, [...label].length), 0);

  // Under a horizontal axis, labels stay level while the longest fits in its cell at some font ≥ minFont.
  if (axis === 'x') {
    const fit = Math.min(input.fontPx, (cell - GAP_PX) / Math.max(1, longest * CHAR_EM));
    if (fit >= minFont && fit * LINE_EM <= maxDepth) {
      const fontPx = Math.floor(fit * 2) / 2;
      return lay(labels, cell, { fontPx, rotate: 0, step: 1, stacked: false, maxChars: Math.max(1, longest), depth: fontPx * LINE_EM });
    }
  }
  // Labels stacked along the axis, one line each (beside a vertical axis, or turned under a horizontal one).
  const fontPx = Math.max(minFont, Math.min(input.fontPx, Math.floor((cell / LINE_EM) * 2) / 2));
  const step = Math.max(1, Math.ceil((fontPx * LINE_EM) / cell - 1e-9));
  const maxChars = Math.max(1, Math.floor(maxDepth / (CHAR_EM * fontPx) + 1e-9));
  const depth = Math.min(maxDepth, Math.min(longest, maxChars) * CHAR_EM * fontPx);
  return lay(labels, cell, { fontPx, rotate: axis === 'x' ? 90 : 0, step, stacked: true, maxChars, depth });
}

/** The shown labels and their boxes. */
function lay(labels: readonly string[], cell: number, sizes: Omit<LabelLayout, 'shown' | 'boxes' | 'texts'>): LabelLayout {
  const { fontPx, step, maxChars, stacked } = sizes;
  const shown = labels.map((_, i) => i % step === 0);
  const texts = shortLabels(labels, maxChars);
  const boxes: LabelBox[] = [];
  labels.forEach((_, i) => {
    if (!shown[i]) return;
    const centre = (i + 0.5) * cell;
    const width = textWidth(texts[i]!, fontPx);
    const along = stacked ? fontPx * LINE_EM : width;
    const across = stacked ? width : fontPx * LINE_EM;
    boxes.push({ index: i, along0: centre - along / 2, along1: centre + along / 2, across0: 0, across1: across });
  });
  return { ...sizes, texts, shown, boxes };
}

/** Whether two label boxes overlap (touching edges do not). */
export function boxesOverlap(a: LabelBox, b: LabelBox, tolerance = 1e-9): boolean {
  return a.along0 < b.along1 - tolerance && b.along0 < a.along1 - tolerance && a.across0 < b.across1 - tolerance && b.across0 < a.across1 - tolerance;
}

/**
 * The font of the numbers inside heatmap cells of `cellW` × `cellH` px, for numbers of up to `digits` digits;
 * null when even `minFontPx` does not fit (then the numbers are hidden and shown on hover).
 * @example cellLabelFont(40, 14, 3, 11) // 11
 * @example cellLabelFont(8, 14, 3, 11) // null
 */
export function cellLabelFont(cellW: number, cellH: number, digits: number, fontPx: number, minFontPx = MIN_FONT_PX): number | null {
  const font = Math.min(fontPx, cellH / LINE_EM, (cellW - 2) / (Math.max(1, digits) * CHAR_EM));
  return font >= minFontPx ? Math.floor(font * 2) / 2 : null;
}
