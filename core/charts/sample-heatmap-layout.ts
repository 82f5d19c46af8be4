/**
 * Where the samples × selected proteins heatmap (sample-heatmap.ts) puts things, in pixels, without a canvas: the
 * annotation bars (the cluster, then each sample annotation with few enough values), the plot's height (16 px a
 * row up to MAX_ROW_LABELS rows, which are then labelled; else 520 px), the cluster numbers beside the cluster bar
 * (none closer than 12 px), the room for the column labels, and the legends in right-aligned columns on the right.
 *
 * @example sampleHeatmapLayout(fitWithHeatmap) // { height: 659, plotHeight: 520, bars: [cluster, class, …], legends: […] }
 */
import { MISSING_GROUP, groupsFromAnnotation } from './pca.js';
import { shortLabels } from './short-labels.js';
import { colourOf } from './types.js';

/**
 * The samples × selected proteins heatmap's cells, from the mapped data (core/jobs/fit-view.ts sampleHeatmapOf; FitView.heatmap):
 * rows are samples by cluster, then by distance to their center (heatmapRowOrder), an even subsample of them when
 * there are too many; columns the selected proteins in ranking order (SKFR2: the union grouped by the cluster
 * that selected them, heatmapColumns); values in the fitted scale, NaN where the cell was missing.
 * @example { rows: [4, 0, 2, 1, 3, 5], columns: [2, 0], values: Float32Array(12), scale: 'standardised', clip: 3 }
 */
export interface SampleHeatmap {
  /** Sample indices shown, top to bottom (all samples, or an even subsample: fewer than FitView.n). */
  rows: number[];
  /** Feature indices shown, left to right. */
  columns: number[];
  /** rows.length × columns.length, row-major; NaN = missing (filled in by the fit). */
  values: Float32Array;
  /** 'standardised': (x − mean) / sd of the protein over all samples (the fit standardised); 'centred': x − mean. */
  scale: 'standardised' | 'centred';
  /** The colour scale is symmetric and clipped at ±clip (values beyond take the end colour). */
  clip: number;
}

/** An annotation with more distinct values than this gets no bar (free text, numbers): the tooltip names it. */
export const MAX_BAR_CATEGORIES = 24;
/**
 * At most this many annotation bars beside the cluster's (the class column's always among them, in the table's
 * order); more bars and their legends would crowd the heatmap off the page.
 */
export const MAX_ANNOTATION_BARS = 4;
/** Sample ids are written beside the rows when there are at most this many rows. */
export const MAX_ROW_LABELS = 60;
/**
 * Labels longer than this are shortened, each set together (shortLabels: a shared prefix or suffix becomes "…",
 * then the middle goes), so that run names sharing a long start stay apart; the tooltip has the full name.
 */
export const MAX_LABEL_CHARS = 18;
/** An annotation's missing value in its bar. */
const NONE_COLOUR = '#e6e6e6';

/** Colour sets of the annotation bars (ColorBrewer Set2, Dark2, Paired, Set3), one per bar in turn. */
const BAR_PALETTES = [
  ['#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3', '#a6d854', '#ffd92f', '#e5c494', '#b3b3b3'],
  ['#1b9e77', '#d95f02', '#7570b3', '#e7298a', '#66a61e', '#e6ab02', '#a6761d', '#666666'],
  ['#a6cee3', '#1f78b4', '#b2df8a', '#33a02c', '#fb9a99', '#e31a1c', '#fdbf6f', '#ff7f00', '#cab2d6', '#6a3d9a', '#ffff99', '#b15928'],
  ['#8dd3c7', '#ffffb3', '#bebada', '#fb8072', '#80b1d3', '#fdb462', '#b3de69', '#fccde5', '#d9d9d9', '#bc80bd', '#ccebc5', '#ffed6f'],
];

/** What the chart is drawn from: a FitView with its `heatmap` (structurally: any object with these fields). */
export interface SampleHeatmapInput {
  heatmap: SampleHeatmap;
  k: number;
  /** 1-based cluster of each sample. */
  clusters: ArrayLike<number>;
  sampleIds: readonly string[];
  featureNames: readonly string[];
  /** Every selected feature (SKFR2: the union), to say when the columns are the first of them only. */
  selected: readonly number[];
  /** SKFR2: each cluster's selected features (the strip above the columns); null for SKFR1. */
  selectedByCluster: readonly (readonly number[])[] | null;
  annotations: Readonly<Record<string, readonly (string | null)[]>>;
  /** The known classes' annotation: its bar is always drawn (when it groups samples). */
  classColumn?: string | null;
}

/**
 * A legend block on the right: the colour scale, the missing cells, or an annotation bar's colours, with its
 * caption. Blocks are right-aligned in columns (ECharts aligns their text on the right, so no measured width is
 * needed to line them up); widths are estimates that only space the columns.
 */
export interface LegendBlock {
  id: string;
  width: number;
  height: number;
  /** Top edge, from the chart's top. */
  y: number;
  /** The right edge of its column, from the chart's right edge. */
  right: number;
}

/** An annotation bar: its name, the category of each shown row (index into `names`) and the colours. */
export interface AnnotationBar {
  name: string;
  names: string[];
  colours: string[];
  /** Category index of each shown row. */
  of: number[];
  /** Whether its legend is drawn (the cluster's is left out beyond MAX_BAR_CATEGORIES: the bar is labelled). */
  legend: boolean;
}

/** The texts drawn, each set shortened together to MAX_LABEL_CHARS (the tooltips name things in full). */
export interface SampleHeatmapTexts {
  /** Per shown row (heatmap.rows order): the sample's label. */
  rows: string[];
  /** Per column (heatmap.columns order): the protein's label. */
  columns: string[];
  /** Per annotation bar: its caption. */
  bars: string[];
  /** Per annotation bar: the label of each of its values (bar.names order). */
  values: string[][];
}

/** Every position of the chart, in pixels (pure: tested without a canvas). */
export interface SampleHeatmapLayout {
  height: number;
  /** The plot's top and height (rows), and the strip's top (SKFR2), or null. */
  top: number;
  plotHeight: number;
  stripTop: number | null;
  bottom: number;
  /** Left edge of each annotation bar, its width, and the heatmap's left edge. */
  barLeft: number[];
  barWidth: number;
  mainLeft: number;
  /** The heatmap's distance from the right edge (row labels, then the legends). */
  mainRight: number;
  rowLabels: boolean;
  legendWidth: number;
  legends: LegendBlock[];
  /** Rows (indices into heatmap.rows) labelled with their cluster beside the cluster bar. */
  clusterLabels: Map<number, string>;
  bars: AnnotationBar[];
  texts: SampleHeatmapTexts;
}

const CHAR_WIDTH = 6.5;
const BOLD_CHAR_WIDTH = 7.5;
export const MISSING_LABEL = 'missing (filled in)';
const TITLE_HEIGHT = 58;
export const STRIP_HEIGHT = 10;
const LEFT = 30;
const BAR_WIDTH = 12;
const BAR_GAP = 3;
export const RIGHT_MARGIN = 16;
const LEGEND_GAP = 20;
/** A legend's caption or item line: 12 px text + 4 px gap (items 10 px high with itemGap 4 are spaced by their text). */
export const LINE = 16;
export const ITEM_HEIGHT = 10;
export const ITEM_GAP = 4;
export const SCALE_HEIGHT = 100;
/** The colour scale's block: three lines of text above the bar, one below, the gaps. */
const SCALE_BLOCK = 3 * LINE + SCALE_HEIGHT + LINE + 2 * 4 + 12;
const ROW_PX = 16;
const PLOT_HEIGHT = 520;
const CLUSTER_LABEL_PX = 12;

/** Estimated width of a label as drawn (at most MAX_LABEL_CHARS); captions are bold, so wider. */
const textWidth = (text: string) => Math.ceil(CHAR_WIDTH * Math.min(Array.from(text).length, MAX_LABEL_CHARS));
const captionWidth = (text: string) => Math.ceil(BOLD_CHAR_WIDTH * text.length);
export const featureName = (input: SampleHeatmapInput, l: number) => input.featureNames[l] ?? `feature ${l + 1}`;
export const sampleName = (input: SampleHeatmapInput, i: number) => input.sampleIds[i] ?? String(i + 1);

/**
 * The annotation bars: the cluster first, then at most MAX_ANNOTATION_BARS annotations in the table's order (the
 * class column's always among them), each with at most MAX_BAR_CATEGORIES values, none a value per sample.
 */
export function annotationBars(input: SampleHeatmapInput): AnnotationBar[] {
  const rows = input.heatmap.rows;
  const k = input.k;
  const bars: AnnotationBar[] = [
    {
      name: 'cluster',
      names: Array.from({ length: k }, (_, j) => String(j + 1)),
      colours: Array.from({ length: k }, (_, j) => colourOf(j)),
      of: rows.map((i) => input.clusters[i]! - 1),
      legend: k <= MAX_BAR_CATEGORIES,
    },
  ];
  // The annotations that group samples, in the table's order: at most MAX_BAR_CATEGORIES values, and not a
  // value per sample (file names, sample labels, ids group nothing; the tooltip still names them).
  const candidates = Object.entries(input.annotations).flatMap(([name, values]) => {
    const groups = groupsFromAnnotation(values as (string | null)[]);
    const distinct = groups.names.filter((g) => g !== MISSING_GROUP).length;
    const valued = Array.from(groups.of).filter((g) => groups.names[g] !== MISSING_GROUP).length;
    return distinct === 0 || distinct > MAX_BAR_CATEGORIES || (distinct > 1 && distinct === valued) ? [] : [{ name, groups }];
  });
  // At most MAX_ANNOTATION_BARS of them, the class column always among them.
  const hasClass = candidates.some((c) => c.name === input.classColumn);
  const others = candidates.filter((c) => c.name !== input.classColumn).slice(0, MAX_ANNOTATION_BARS - (hasClass ? 1 : 0));
  let palette = 0;
  for (const { name, groups } of candidates.filter((c) => c.name === input.classColumn || others.includes(c))) {
    const colours = BAR_PALETTES[palette++ % BAR_PALETTES.length]!;
    bars.push({
      name,
      names: groups.names,
      colours: groups.names.map((g, c) => (g === MISSING_GROUP ? NONE_COLOUR : (colours[c] ?? colourOf(c)))),
      of: rows.map((i) => groups.of[i]!),
      legend: true,
    });
  }
  return bars;
}

/** The caption of the colour scale: what a cell holds and where it is clipped. */
export function scaleCaption(heatmap: Pick<SampleHeatmap, 'scale' | 'clip'>): string[] {
  const what = heatmap.scale === 'standardised' ? 'standardised value' : 'value − protein mean';
  return [what, `clipped at ±${Number(heatmap.clip.toPrecision(3))}`];
}

/**
 * Legend blocks placed top to bottom in columns from `top`, a new column (to the right) when the next block would
 * pass `bottomEdge` (a block taller than that stays alone in its column). Returns each block's top and the right
 * edge of its column measured from the area's right edge, and the area's width.
 * @example flowLegends([{ width: 100, height: 300 }, { width: 60, height: 300 }], 50, 600)
 *   // placed: [{ y: 50, right: 80 }, { y: 50, right: 0 }] (columns 100 and 60 wide, 20 apart), width 180
 */
export function flowLegends<T extends { width: number; height: number }>(blocks: readonly T[], top: number, bottomEdge: number): { placed: (T & { y: number; right: number })[]; width: number } {
  const columns: { blocks: (T & { y: number })[]; width: number }[] = [];
  let y = top;
  for (const block of blocks) {
    let column = columns[columns.length - 1];
    if (!column || (y > top && y + block.height > bottomEdge)) {
      column = { blocks: [], width: 0 };
      columns.push(column);
      y = top;
    }
    column.blocks.push({ ...block, y });
    column.width = Math.max(column.width, block.width);
    y += block.height;
  }
  const width = columns.reduce((sum, c) => sum + c.width, 0) + LEGEND_GAP * Math.max(0, columns.length - 1);
  let left = 0;
  const placed: (T & { y: number; right: number })[] = [];
  for (const column of columns) {
    left += column.width;
    for (const block of column.blocks) placed.push({ ...block, right: width - left });
    left += LEGEND_GAP;
  }
  return { placed, width };
}

/** A legend block's size: a caption line, then the items (or the colour scale). */
function legendBlock(id: string, caption: readonly string[], items: readonly string[] | null): Omit<LegendBlock, 'y' | 'right'> {
  const captionsWidth = Math.max(0, ...caption.map(captionWidth));
  if (items === null) return { id, width: Math.max(captionsWidth, 40), height: SCALE_BLOCK };
  return {
    id,
    width: Math.max(captionsWidth, 12 + 6 + Math.max(0, ...items.map(textWidth))),
    height: (caption.length + items.length) * LINE + 10,
  };
}

/** Rows labelled with their cluster: the middle row of each cluster's run, none closer than 12 px to the last. */
export function clusterLabelRows(of: readonly number[], rowPx: number): Map<number, string> {
  const labels = new Map<number, string>();
  let last = -Infinity;
  let start = 0;
  for (let t = 1; t <= of.length; t++) {
    if (t < of.length && of[t] === of[start]) continue;
    const middle = Math.floor((start + t - 1) / 2);
    if ((middle - last) * rowPx >= CLUSTER_LABEL_PX) {
      labels.set(middle, String(of[start]! + 1));
      last = middle;
    }
    start = t;
  }
  return labels;
}

function hasMissing(values: ArrayLike<number>): boolean {
  for (let t = 0; t < values.length; t++) if (Number.isNaN(values[t]!)) return true;
  return false;
}

/**
 * The drawn texts: the shown samples' ids, the proteins, the bars' captions and each bar's values, every set
 * shortened together to MAX_LABEL_CHARS.
 * @example ids '…_NeatPlasma_1', '…_NeatPlasma_2' sharing a 46-character start → rows ['…1', '…2']
 */
export function heatmapTexts(input: SampleHeatmapInput, bars: readonly AnnotationBar[]): SampleHeatmapTexts {
  const short = (labels: readonly string[]) => shortLabels(labels, MAX_LABEL_CHARS);
  return {
    rows: short(input.heatmap.rows.map((i) => sampleName(input, i))),
    columns: short(input.heatmap.columns.map((l) => featureName(input, l))),
    bars: short(bars.map((b) => b.name)),
    values: bars.map((b) => short(b.names)),
  };
}

/** Where everything goes (heights from the rows, widths from the labels; the chart's width is not needed). */
export function sampleHeatmapLayout(input: SampleHeatmapInput): SampleHeatmapLayout {
  const { heatmap } = input;
  const rowCount = heatmap.rows.length;
  const bars = annotationBars(input);
  const texts = heatmapTexts(input, bars);
  const rowLabels = rowCount <= MAX_ROW_LABELS;
  const plotHeight = rowLabels ? Math.max(120, rowCount * ROW_PX) : PLOT_HEIGHT;
  const strip = input.selectedByCluster !== null;
  const top = TITLE_HEIGHT + (strip ? STRIP_HEIGHT + 6 : 0);
  const longest = Math.max(...texts.bars.map(textWidth), ...texts.columns.map(textWidth));
  const bottom = Math.max(40, 16 + longest);
  const blocks = [
    legendBlock('scale', scaleCaption(heatmap), null),
    ...(hasMissing(heatmap.values) ? [legendBlock('missing', [], [MISSING_LABEL])] : []),
    ...bars.flatMap((b, index) => (b.legend ? [legendBlock(`bar:${index}`, [texts.bars[index]!], texts.values[index]!)] : [])),
  ];
  // Tall enough for the rows and for the tallest legend.
  const height = Math.max(top + plotHeight + bottom, TITLE_HEIGHT + Math.max(...blocks.map((block) => block.height)) + 8);
  const { placed, width: legendWidth } = flowLegends(blocks, TITLE_HEIGHT, height - 8);
  const rowLabelWidth = rowLabels ? 8 + Math.max(0, ...texts.rows.map(textWidth)) : 0;
  return {
    height,
    top,
    plotHeight,
    stripTop: strip ? TITLE_HEIGHT : null,
    bottom,
    barLeft: bars.map((_, b) => LEFT + b * (BAR_WIDTH + BAR_GAP)),
    barWidth: BAR_WIDTH,
    mainLeft: LEFT + bars.length * (BAR_WIDTH + BAR_GAP) + 6,
    mainRight: RIGHT_MARGIN + legendWidth + LEGEND_GAP + rowLabelWidth,
    rowLabels,
    legendWidth,
    legends: placed,
    clusterLabels: clusterLabelRows(bars[0]!.of, plotHeight / Math.max(1, rowCount)),
    bars,
    texts,
  };
}

/** The chart's height in pixels for this input (the component's box). */
export function sampleHeatmapHeight(input: SampleHeatmapInput): number {
  return sampleHeatmapLayout(input).height;
}
