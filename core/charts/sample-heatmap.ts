/**
 * Heatmap of the samples × the selected proteins, as Morpheus, Perseus and Orange users look at a clustering: one
 * row per sample, by cluster and within a cluster by distance to its center (closest first); one column per
 * selected protein in ranking order (SKFR2: the union, grouped by the first cluster that selected each, a strip
 * above saying which); cells in the fitted scale on a diverging colour scale clipped at ±clip; annotation bars on
 * the left for the cluster and each sample annotation (class, genotype, condition, design columns), each with its
 * own legend on the right. With more rows than MAX_ROW_LABELS no sample is labelled: the tooltip names it.
 *
 * The cells come from SampleHeatmap (core/jobs/fit-view.ts), ordered by heatmapRowOrder / heatmapColumns here;
 * positions from sample-heatmap-layout.ts.
 *
 * @example 6 samples in 2 clusters (clusters [2, 1, 1, 2, 1, 2], distances [0.5, 0.9, 0.1, 0.2, 0.4, 0.7]):
 *   heatmapRowOrder → [2, 4, 1, 3, 0, 5] (cluster 1 closest first, then cluster 2); a standardised cell of 4.2
 *   is drawn as 3 (the end colour) and its tooltip says 4.20.
 */
import {
  ITEM_GAP,
  ITEM_HEIGHT,
  LINE,
  MISSING_LABEL,
  RIGHT_MARGIN,
  SCALE_HEIGHT,
  STRIP_HEIGHT,
  featureName,
  sampleHeatmapLayout,
  sampleName,
  scaleCaption,
  type AnnotationBar,
  type SampleHeatmapInput,
  type SampleHeatmapLayout,
} from './sample-heatmap-layout.js';
import { formatCount } from '../format-count.js';
import { FONT, TEXT_COLOUR, colourOf, plainText, type ChartOption } from './types.js';

export {
  MAX_ANNOTATION_BARS,
  MAX_BAR_CATEGORIES,
  MAX_ROW_LABELS,
  annotationBars,
  heatmapTexts,
  clusterLabelRows,
  flowLegends,
  sampleHeatmapHeight,
  sampleHeatmapLayout,
  scaleCaption,
  type SampleHeatmapInput,
  type SampleHeatmapLayout,
} from './sample-heatmap-layout.js';

/** At most this many samples are shown; beyond, an even subsample (every (n / MAX)-th in display order). */
export const MAX_HEATMAP_SAMPLES = 5000;
/** At most this many cells; with many proteins, fewer samples (the page gets at most 800 kB of values). */
export const MAX_HEATMAP_CELLS = 200_000;
/** At most this many proteins (columns), the first in display order. */
export const MAX_HEATMAP_FEATURES = 100;
/** Above this many cells, the canvas draws them in chunks (one per frame). */
export const PROGRESSIVE_CELLS = 50_000;
/** Standardised values are coloured up to ±3 sd; beyond that, the end colour. */
export const STANDARDISED_CLIP = 3;
/** The diverging scale: low, zero, high (ColorBrewer RdBu, as the center heatmap). */
export const DIVERGING = ['#2166ac', '#f7f7f7', '#b2182b'];
export const MISSING_COLOUR = '#bdbdbd';
/**
 * Sample indices by cluster (ascending), then by distance to the center (closest first; NaN last), then index.
 * @example heatmapRowOrder([2, 1, 1, 2, 1, 2], [0.5, 0.9, 0.1, 0.2, 0.4, 0.7]) // [2, 4, 1, 3, 0, 5]
 */
export function heatmapRowOrder(clusters: ArrayLike<number>, distances: ArrayLike<number>): number[] {
  const d = (i: number) => (Number.isNaN(distances[i]!) ? Infinity : distances[i]!);
  return Array.from({ length: clusters.length }, (_, i) => i).sort((a, b) => clusters[a]! - clusters[b]! || d(a) - d(b) || a - b);
}

/**
 * At most `max` items of `order`, evenly spaced: item ⌊t·n / max⌋ for t = 0 … max − 1 (all when n ≤ max).
 * @example evenSubsample([10, 11, 12, 13, 14, 15], 3) // [10, 12, 14]
 */
export function evenSubsample(order: readonly number[], max: number): number[] {
  const n = order.length;
  if (n <= max) return order.slice();
  return Array.from({ length: max }, (_, t) => order[Math.floor((t * n) / max)]!);
}

/**
 * The columns: the selected features best first; SKFR2 (`byCluster`): cluster 1's best first, then those of
 * cluster 2 not shown yet, and so on (each protein once, under the first cluster that selected it).
 * @example heatmapColumns([7, 3, 5], [[3, 7], [5, 3]]) // [3, 7, 5]
 */
export function heatmapColumns(selected: readonly number[], byCluster: readonly ArrayLike<number>[] | null): number[] {
  if (!byCluster) return selected.slice();
  const seen = new Set<number>();
  const columns: number[] = [];
  for (const list of byCluster) {
    for (const l of Array.from(list)) {
      if (seen.has(l)) continue;
      seen.add(l);
      columns.push(l);
    }
  }
  return columns;
}

const ordinal = (n: number) => (n % 100 >= 11 && n % 100 <= 13 ? `${n}th` : `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`);

/** The subtitle: which samples and proteins are shown, in which order. */
export function heatmapSubtitle(input: SampleHeatmapInput): string {
  const { rows, columns } = input.heatmap;
  const n = input.clusters.length;
  const samples =
    rows.length < n
      ? `${formatCount(rows.length)} of ${formatCount(n)} samples (about every ${ordinal(Math.round(n / rows.length))}, evenly spaced)`
      : `${formatCount(n)} samples`;
  const proteins = columns.length < input.selected.length ? `the first ${formatCount(columns.length)} of ${formatCount(input.selected.length)} selected proteins` : `${formatCount(columns.length)} selected proteins`;
  const order = input.selectedByCluster ? 'grouped by the cluster that selected them, best first' : 'best first';
  return `${samples} by cluster, then distance to the center · ${proteins}, ${order}`;
}

type Cell = [number, number, number, number];
type Tooltip = (data: number[]) => string;

/** The values scale's name, as its legend and tooltips say it. */
function scaleNameOf(input: SampleHeatmapInput): string {
  return input.heatmap.scale === 'standardised' ? 'standardised value' : 'value − protein mean';
}

/** A sample's tooltip lines: its name, then its cluster and annotations (row t of the heatmap). */
function sampleLinesOf(input: SampleHeatmapInput): (t: number) => string {
  const { rows } = input.heatmap;
  const annotationNames = Object.keys(input.annotations);
  return (t) => {
    const i = rows[t]!;
    const notes = [`cluster ${input.clusters[i]}`, ...annotationNames.map((a) => `${a} ${input.annotations[a]![i] ?? '–'}`)];
    return `${plainText(sampleName(input, i))}\n${plainText(notes.join(' · '))}`;
  };
}

/**
 * The tooltip of the values' cell in row t, column x: the sample, the protein and the value (or "missing"), the same
 * text whether the cells are drawn one item each or as one image (sampleHeatmapOption's `cellImage`).
 * @example sampleHeatmapCellTip(input, 0, 2) // "Mouse 12\ncluster 1 · class c-CS-m\nBDNF_N: standardised value 1.20"
 */
export function sampleHeatmapCellTip(input: SampleHeatmapInput, t: number, x: number): string {
  const { columns, values, clip } = input.heatmap;
  const v = values[t * columns.length + x]!;
  const name = plainText(featureName(input, columns[x]!));
  const lines = sampleLinesOf(input)(t);
  if (Number.isNaN(v)) return `${lines}\n${name}: missing (filled in by the fit)`;
  const beyond = Math.abs(v) > clip ? ` (coloured as ${v > 0 ? '' : '−'}${clip})` : '';
  return `${lines}\n${name}: ${scaleNameOf(input)} ${v.toFixed(2)}${beyond}`;
}

/**
 * The tooltip of annotation bar row t: the sample, its cluster and annotations, the same text whether the bars are
 * drawn one item per sample or as images (sampleHeatmapOption's `cellImage.bars`).
 */
export function sampleHeatmapBarTip(input: SampleHeatmapInput, t: number): string {
  return sampleLinesOf(input)(t);
}

/**
 * The colour of each row of an annotation bar (its category's colour, as the bar's piecewise legend maps it):
 * 3 bytes per row, for drawing the bar as one image.
 * @example sampleHeatmapBarColours({ of: [1, 0], colours: ['#000000', '#ff0000'], … }) // [255,0,0, 0,0,0]
 */
export function sampleHeatmapBarColours(bar: Pick<AnnotationBar, 'of' | 'colours'>): Uint8ClampedArray {
  const rgb = new Uint8ClampedArray(bar.of.length * 3);
  const palette = bar.colours.map(rgbOf);
  bar.of.forEach((c, t) => rgb.set(palette[c] ?? rgbOf(MISSING_COLOUR), t * 3));
  return rgb;
}

/** '#rrggbb' as [r, g, b]. */
function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * The colour of each values' cell, as the continuous legend maps it (linear in RGB between DIVERGING's stops over
 * [−clip, clip], as ECharts' visualMap interpolates; MISSING_COLOUR for a missing value): 3 bytes per cell, row by
 * row, for drawing the cells as one image.
 * @example sampleHeatmapCellColours({ values: [-3, 0, 3, NaN], clip: 3, … }) // [33,102,172, 247,247,247, 178,24,43, 189,189,189]
 */
export function sampleHeatmapCellColours(heatmap: SampleHeatmapInput['heatmap']): Uint8ClampedArray {
  const { values, clip } = heatmap;
  const stops = DIVERGING.map(rgbOf);
  const missing = rgbOf(MISSING_COLOUR);
  const out = new Uint8ClampedArray(values.length * 3);
  const last = stops.length - 1;
  for (let c = 0; c < values.length; c++) {
    const v = values[c]!;
    let rgb: readonly number[];
    if (Number.isNaN(v)) rgb = missing;
    else {
      const at = ((Math.max(-clip, Math.min(clip, v)) + clip) / (2 * clip)) * last;
      const i = Math.min(last - 1, Math.floor(at));
      const f = at - i;
      const a = stops[i]!;
      const b = stops[i + 1]!;
      rgb = [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
    }
    out[c * 3] = Math.round(rgb[0]!);
    out[c * 3 + 1] = Math.round(rgb[1]!);
    out[c * 3 + 2] = Math.round(rgb[2]!);
  }
  return out;
}

/**
 * Drawing the values' cells as one image instead of one chart item each (issue 27: a heatmap of 1 080 × 24 cells took
 * most of a slider step): `series` is a custom series (built by the page, which has a canvas; core draws nothing)
 * put in place of the values' heatmap series, on the values' grid; its tooltip is the page's
 * (sampleHeatmapCellTip). The legend, the missing cells' legend and everything else stay as they are.
 */
export interface CellImage {
  series: Record<string, unknown>;
  /**
   * Per annotation bar (layout.bars' order), a custom series drawing it as one image (sampleHeatmapBarColours), put
   * in place of the bar's heatmap series of one item per sample; its tooltip is the page's (sampleHeatmapBarTip).
   */
  bars?: Record<string, unknown>[];
}

/**
 * The ECharts option. Series, in order: one heatmap per annotation bar, the values, the missing cells (when
 * any), the SKFR2 strip; each with its visualMap (the values' continuous one, the others piecewise).
 */
export function sampleHeatmapOption(input: SampleHeatmapInput, layout: SampleHeatmapLayout = sampleHeatmapLayout(input), cellImage: CellImage | null = null): ChartOption {
  const { heatmap } = input;
  const { rows, columns, values, clip } = heatmap;
  const m = columns.length;
  const names = columns.map((l) => featureName(input, l));
  const rowIds = rows.map((i) => sampleName(input, i));
  const scaleName = scaleNameOf(input);
  const scaleEnds = [`≥ ${Number(clip.toPrecision(3))}`, `≤ −${Number(clip.toPrecision(3))}`];
  const selectedIn = columns.map((l) => (input.selectedByCluster ?? []).flatMap((list, j) => (list.includes(l) ? [j + 1] : [])));

  const sampleLines = sampleLinesOf(input);

  const grid: object[] = [];
  const xAxis: object[] = [];
  const yAxis: object[] = [];
  const series: object[] = [];
  const visualMap: object[] = [];
  const tooltips: Tooltip[] = [];
  const hiddenAxis = { show: false };
  const rowAxis = (gridIndex: number, extra: object = {}) => ({
    type: 'category',
    gridIndex,
    data: rowIds,
    inverse: true,
    axisLine: { show: false },
    axisTick: { show: false },
    axisLabel: { show: false },
    ...extra,
  });

  // Annotation bars on the left, the cluster first (labelled with its number beside each cluster's rows).
  layout.bars.forEach((bar, b) => {
    grid.push({ left: layout.barLeft[b], width: layout.barWidth, top: layout.top, height: layout.plotHeight });
    xAxis.push({
      type: 'category',
      gridIndex: b,
      data: [layout.texts.bars[b]!],
      position: 'bottom',
      axisLine: { show: false },
      axisTick: { show: false },
      axisLabel: { rotate: 90, interval: 0, fontSize: 11, color: TEXT_COLOUR },
    });
    yAxis.push(
      b === 0
        ? rowAxis(b, {
            axisLabel: {
              show: true,
              fontSize: 10,
              color: TEXT_COLOUR,
              margin: 4,
              interval: (index: number) => layout.clusterLabels.has(index),
              formatter: (_value: string, index: number) => layout.clusterLabels.get(index) ?? '',
            },
          })
        : rowAxis(b),
    );
    const image = cellImage?.bars?.[b];
    if (image) {
      series.push({ ...image, name: bar.name, xAxisIndex: b, yAxisIndex: b });
      tooltips.push(() => '');
    } else {
      series.push({
        type: 'heatmap',
        name: bar.name,
        xAxisIndex: b,
        yAxisIndex: b,
        progressive: 0,
        data: bar.of.map((c, t) => [0, t, c]),
      });
      tooltips.push((d) => `${sampleLines(d[1]!)}`);
    }
    visualMap.push({
      type: 'piecewise',
      seriesIndex: series.length - 1,
      dimension: 2,
      show: false,
      selectedMode: false,
      inverse: true,
      pieces: bar.names.map((_, c) => ({ value: c, label: plainText(layout.texts.values[b]![c]!), color: bar.colours[c] })),
    });
  });

  // The values.
  const main = grid.length;
  grid.push({ left: layout.mainLeft, right: layout.mainRight, top: layout.top, height: layout.plotHeight });
  xAxis.push({
    type: 'category',
    gridIndex: main,
    data: layout.texts.columns,
    axisTick: { show: false },
    axisLabel: { rotate: 90, interval: 0, fontSize: 11, color: TEXT_COLOUR },
  });
  yAxis.push(
    rowAxis(main, layout.rowLabels ? { position: 'right', axisLabel: { show: true, interval: 0, fontSize: 10, formatter: (_v: string, t: number) => layout.texts.rows[t] ?? '' } } : {}),
  );
  const cells: Cell[] = [];
  const missing: [number, number, number][] = [];
  if (cellImage) {
    // One image on the values' grid (the page's custom series); the legends as with one item per cell.
    series.push({ ...cellImage.series, name: scaleName, xAxisIndex: main, yAxisIndex: main });
    tooltips.push(() => '');
  }
  for (let t = 0; t < rows.length && !cellImage; t++) {
    for (let x = 0; x < m; x++) {
      const v = values[t * m + x]!;
      if (Number.isNaN(v)) missing.push([x, t, 0]);
      else cells.push([x, t, Math.max(-clip, Math.min(clip, v)), v]);
    }
  }
  // Beyond PROGRESSIVE_CELLS the canvas draws the cells in chunks, a frame each, so the page stays responsive (an SVG
  // rendering still holds them all).
  const chunks = cells.length > PROGRESSIVE_CELLS ? { progressive: 20_000, progressiveThreshold: PROGRESSIVE_CELLS } : { progressive: 0 };
  if (!cellImage) {
    series.push({ type: 'heatmap', name: scaleName, xAxisIndex: main, yAxisIndex: main, ...chunks, data: cells });
    tooltips.push((d) => {
      const beyond = Math.abs(d[3]!) > clip ? ` (coloured as ${d[3]! > 0 ? '' : '−'}${clip})` : '';
      return `${sampleLines(d[1]!)}\n${plainText(names[d[0]!]!)}: ${scaleName} ${d[3]!.toFixed(2)}${beyond}`;
    });
  }
  visualMap.push({
    type: 'continuous',
    seriesIndex: series.length - 1,
    dimension: 2,
    min: -clip,
    max: clip,
    calculable: false,
    orient: 'vertical',
    itemWidth: 12,
    itemHeight: SCALE_HEIGHT,
    textGap: 4,
    inRange: { color: DIVERGING },
  });
  // With the cells as one image, the missing ones are in it; their legend stays (a series with no items).
  const anyMissing = cellImage ? values.some((v) => Number.isNaN(v)) : missing.length > 0;
  if (anyMissing) {
    series.push({ type: 'heatmap', name: 'missing', xAxisIndex: main, yAxisIndex: main, progressive: 0, data: missing });
    tooltips.push((d) => `${sampleLines(d[1]!)}\n${plainText(names[d[0]!]!)}: missing (filled in by the fit)`);
    visualMap.push({ type: 'piecewise', seriesIndex: series.length - 1, dimension: 2, selectedMode: false, pieces: [{ value: 0, label: MISSING_LABEL, color: MISSING_COLOUR }] });
  }

  // SKFR2: which cluster selected each protein (the first one, when several did).
  if (layout.stripTop !== null) {
    const strip = grid.length;
    grid.push({ left: layout.mainLeft, right: layout.mainRight, top: layout.stripTop, height: STRIP_HEIGHT });
    xAxis.push({ type: 'category', gridIndex: strip, data: names, ...hiddenAxis });
    yAxis.push({ type: 'category', gridIndex: strip, data: ['selected in'], axisLine: { show: false }, axisTick: { show: false }, axisLabel: { fontSize: 10, color: TEXT_COLOUR } });
    series.push({ type: 'heatmap', name: 'selected in', xAxisIndex: strip, yAxisIndex: strip, data: selectedIn.map((js, x) => [x, 0, (js[0] ?? 1) - 1]) });
    tooltips.push((d) => `${plainText(names[d[0]!]!)}: selected in cluster${selectedIn[d[0]!]!.length === 1 ? '' : 's'} ${selectedIn[d[0]!]!.join(', ')}`);
    visualMap.push({
      type: 'piecewise',
      seriesIndex: series.length - 1,
      dimension: 2,
      show: false,
      selectedMode: false,
      pieces: Array.from({ length: input.k }, (_, j) => ({ value: j, color: colourOf(j) })),
    });
  }

  // Legends on the right, in right-aligned columns; each caption is its visualMap's text, in bold.
  const legendText = { fontSize: 11, color: TEXT_COLOUR, rich: { b: { fontSize: 12, fontWeight: 'bold', color: TEXT_COLOUR } } };
  const scaleText = { fontSize: 11, lineHeight: LINE, color: TEXT_COLOUR, rich: { b: { fontSize: 12, lineHeight: LINE, fontWeight: 'bold', color: TEXT_COLOUR } } };
  const pieceStyle = { itemWidth: 12, itemHeight: ITEM_HEIGHT, itemGap: ITEM_GAP, textGap: 6, align: 'right', padding: 0, textStyle: legendText };
  for (const block of layout.legends) {
    const at = { right: RIGHT_MARGIN + block.right, top: block.y };
    if (block.id === 'scale') {
      Object.assign(visualMap[layout.bars.length]!, at, { padding: 0, textStyle: scaleText, text: [`${scaleCaption(heatmap).map((line) => `{b|${line}}`).join('\n')}\n${scaleEnds[0]}`, scaleEnds[1]] });
    } else if (block.id === 'missing') {
      Object.assign(visualMap[layout.bars.length + 1]!, at, pieceStyle);
    } else {
      const b = Number(block.id.slice('bar:'.length));
      Object.assign(visualMap[b]!, at, pieceStyle, { show: true, showLabel: true, text: ['', `{b|${plainText(layout.texts.bars[b]!)}}`] });
    }
  }
  const titles = [
    { text: 'Samples × selected proteins', subtext: heatmapSubtitle(input), left: 'center', top: 4, textStyle: { fontSize: 14, color: TEXT_COLOUR }, subtextStyle: { fontSize: 11 } },
  ];

  return {
    animation: false,
    textStyle: FONT,
    title: titles,
    tooltip: {
      trigger: 'item',
      renderMode: 'richText',
      formatter: (p: unknown) => {
        const { seriesIndex, data } = p as { seriesIndex: number; data: number[] };
        return tooltips[seriesIndex]?.(data) ?? '';
      },
    },
    grid,
    xAxis,
    yAxis,
    visualMap,
    series,
  } as ChartOption;
}
