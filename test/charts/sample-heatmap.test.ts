/**
 * The samples × selected proteins heatmap (issue 16), checked by hand on 6 samples in 2 clusters:
 * the row order (cluster, then distance to the center), the columns (SKFR2: the union grouped by cluster), the
 * values in the fitted scale (z-scores with the sample sd, as the engine standardises), the colour clipping, the
 * annotation bars and their legends, the missing cells, the tooltips and the layout, all without a canvas.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_ANNOTATION_BARS,
  MAX_BAR_CATEGORIES,
  annotationBars,
  clusterLabelRows,
  evenSubsample,
  flowLegends,
  heatmapColumns,
  heatmapRowOrder,
  heatmapSubtitle,
  sampleHeatmapBarColours,
  sampleHeatmapBarTip,
  sampleHeatmapCellColours,
  sampleHeatmapCellTip,
  sampleHeatmapLayout,
  sampleHeatmapOption,
  scaleCaption,
  type SampleHeatmapInput,
} from '../../core/charts/sample-heatmap';
import { sampleHeatmapOf } from '../../core/jobs/fit-view';

// Six samples: clusters (1-based) and distances to their center.
const clusters = Int32Array.from([2, 1, 1, 2, 1, 2]);
const distances = Float64Array.from([0.5, 0.9, 0.1, 0.2, 0.4, 0.7]);
// Cluster 1 = samples 1 (0.9), 2 (0.1), 4 (0.4) → 2, 4, 1; cluster 2 = samples 0 (0.5), 3 (0.2), 5 (0.7) → 3, 0, 5.
const ORDER = [2, 4, 1, 3, 0, 5];

describe('rows and columns', () => {
  it('rows by cluster, then distance to the center (closest first); NaN distances last; ties by index', () => {
    expect(heatmapRowOrder(clusters, distances)).toEqual(ORDER);
    expect(heatmapRowOrder([1, 1, 1], [NaN, 0.3, 0.3])).toEqual([1, 2, 0]);
  });

  it('an even subsample keeps every (n / max)-th row of the order, and all of them when they fit', () => {
    expect(evenSubsample([10, 11, 12, 13, 14, 15], 3)).toEqual([10, 12, 14]);
    expect(evenSubsample([10, 11, 12, 13, 14, 15], 4)).toEqual([10, 11, 13, 14]); // ⌊t·6/4⌋ = 0, 1, 3, 4
    expect(evenSubsample([1, 2], 5)).toEqual([1, 2]);
  });

  it('columns: SKFR1 the selection best first; SKFR2 the union, each under the first cluster that selected it', () => {
    expect(heatmapColumns([1, 0], null)).toEqual([1, 0]);
    expect(heatmapColumns([7, 3, 5], [Int32Array.of(3, 7), Int32Array.of(5, 3)])).toEqual([3, 7, 5]);
  });
});

describe('sampleHeatmapOf: the cells, in the fitted scale', () => {
  // Feature a (column 0): 2, 4, —, 6, 8, 10 → mean 6, sample sd √(40 / 4) = √10; b (column 1): 1, 1, 1, 1, 1, 7 →
  // mean 2, sd √(30 / 5) = √6; c is not selected.
  const X = {
    rows: 6,
    cols: 3,
    data: Float64Array.from([2, 1, 0, 4, 1, 0, NaN, 1, 0, 6, 1, 0, 8, 1, 0, 10, 7, 0]),
  };
  const fit = { clusters, distances, selected: [1, 0], selectedByCluster: null };

  it('standardised: z-scores over all samples, rows in display order, NaN where missing, clipped at ±3', () => {
    const h = sampleHeatmapOf(X, fit, true);
    expect(h.rows).toEqual(ORDER);
    expect(h.columns).toEqual([1, 0]);
    expect(h.scale).toBe('standardised');
    expect(h.clip).toBe(3);
    const s6 = Math.sqrt(6);
    const s10 = Math.sqrt(10);
    // row (sample): [b, a]
    const expected = [
      [-1 / s6, NaN], // 2
      [-1 / s6, 2 / s10], // 4
      [-1 / s6, -2 / s10], // 1
      [-1 / s6, 0], // 3
      [-1 / s6, -4 / s10], // 0
      [5 / s6, 4 / s10], // 5
    ].flat();
    expect(h.values).toHaveLength(12);
    Array.from(h.values).forEach((v, t) => (Number.isNaN(expected[t]!) ? expect(v).toBeNaN() : expect(v).toBeCloseTo(expected[t]!, 6)));
  });

  it('not standardised: each protein minus its mean, clipped at 3 × the values’ root mean square', () => {
    const h = sampleHeatmapOf(X, fit, false);
    expect(h.scale).toBe('centred');
    expect(Array.from(h.values.slice(10))).toEqual([5, 4]); // sample 5: 7 − 2, 10 − 6
    // Σ squares = b: 5·1 + 25 = 30, a: 16 + 4 + 0 + 4 + 16 = 40 over 11 cells → rms √(70/11) = 2.5226 → 3·rms = 7.57 → 7.6
    expect(h.clip).toBe(7.6);
  });

  it('SKFR2: the union of the clusters’ proteins, grouped by cluster', () => {
    const h = sampleHeatmapOf(X, { ...fit, selected: [1, 0, 2], selectedByCluster: [Int32Array.of(0, 1), Int32Array.of(1, 2)] }, true);
    expect(h.columns).toEqual([0, 1, 2]);
    expect(Array.from(h.values.slice(0, 3))).toEqual([NaN, expect.closeTo(-1 / Math.sqrt(6), 6), 0]); // c is constant: 0
  });
});

/** The builder's input: the 6 samples with a hand-made heatmap (values exact in float32). */
function input(overrides: Partial<SampleHeatmapInput> = {}): SampleHeatmapInput {
  return {
    k: 2,
    clusters,
    sampleIds: ['s1', 's2', 's3', 's4', 's5', 's6'],
    featureNames: ['a', 'b', 'c'],
    selected: [1, 0],
    selectedByCluster: null,
    annotations: { class: ['x', 'y', 'y', 'x', null, 'x'] },
    heatmap: {
      rows: ORDER,
      columns: [1, 0],
      values: Float32Array.from([4.25, NaN, -0.5, 0.75, -0.5, -0.75, -3.5, 0, -0.5, -1.25, 2, 1.25]),
      scale: 'standardised',
      clip: 3,
    },
    ...overrides,
  };
}

type Series = { type: string; name: string; xAxisIndex: number; data: number[][] };
type VisualMap = { type: string; seriesIndex: number; min?: number; max?: number; show?: boolean; text?: string[]; pieces?: { value: number; label?: string; color: string }[] };
const seriesOf = (o: unknown) => (o as { series: Series[] }).series;
const mapsOf = (o: unknown) => (o as { visualMap: VisualMap[] }).visualMap;
const tooltipOf = (o: unknown) => (o as { tooltip: { formatter: (p: unknown) => string; renderMode: string } }).tooltip;

describe('sampleHeatmapOption on 6 samples', () => {
  const option = sampleHeatmapOption(input());
  const series = seriesOf(option);
  const maps = mapsOf(option);

  it('series: the cluster bar, one bar per annotation, the values, the missing cells', () => {
    expect(series.map((s) => s.name)).toEqual(['cluster', 'class', 'standardised value', 'missing']);
    expect(series.every((s) => s.type === 'heatmap')).toBe(true);
    // rows 2, 4, 1 are cluster 1 (index 0), rows 3, 0, 5 cluster 2
    expect(series[0]!.data).toEqual([[0, 0, 0], [0, 1, 0], [0, 2, 0], [0, 3, 1], [0, 4, 1], [0, 5, 1]]);
    // class values of samples 2, 4, 1, 3, 0, 5: y, (missing), y, x, x, x with categories x, y, (missing)
    expect(series[1]!.data).toEqual([[0, 0, 1], [0, 1, 2], [0, 2, 1], [0, 3, 0], [0, 4, 0], [0, 5, 0]]);
  });

  it('cells hold [column, row, colour value clipped at ±3, value]; missing cells are their own grey series', () => {
    expect(series[2]!.data).toEqual([
      [0, 0, 3, 4.25],
      [0, 1, -0.5, -0.5],
      [1, 1, 0.75, 0.75],
      [0, 2, -0.5, -0.5],
      [1, 2, -0.75, -0.75],
      [0, 3, -3, -3.5],
      [1, 3, 0, 0],
      [0, 4, -0.5, -0.5],
      [1, 4, -1.25, -1.25],
      [0, 5, 2, 2],
      [1, 5, 1.25, 1.25],
    ]);
    expect(series[3]!.data).toEqual([[1, 0, 0]]);
    expect(maps[2]).toMatchObject({ type: 'continuous', seriesIndex: 2, min: -3, max: 3 });
    expect(maps[2]!.text).toEqual(['{b|standardised value}\n{b|clipped at ±3}\n≥ 3', '≤ −3']);
    expect(maps[3]).toMatchObject({ type: 'piecewise', seriesIndex: 3, pieces: [{ value: 0, label: 'missing (filled in)', color: '#bdbdbd' }] });
  });

  it('each bar has its own legend: categories in order, missing values last and light grey, a bold caption', () => {
    expect(maps[0]).toMatchObject({ type: 'piecewise', seriesIndex: 0, show: true, text: ['', '{b|cluster}'] });
    expect(maps[0]!.pieces!.map((p) => p.label)).toEqual(['1', '2']);
    expect(maps[1]!.pieces).toEqual([
      { value: 0, label: 'x', color: '#66c2a5' },
      { value: 1, label: 'y', color: '#fc8d62' },
      { value: 2, label: '(missing)', color: '#e6e6e6' },
    ]);
    expect(maps[1]!.text).toEqual(['', '{b|class}']);
  });

  it('tooltips: sample, cluster and annotations; the protein and its value (and the colour it is clipped to)', () => {
    const tooltip = tooltipOf(option);
    expect(tooltip.renderMode).toBe('richText');
    expect(tooltip.formatter({ seriesIndex: 2, data: [0, 0, 3, 4.25] })).toBe('s3\ncluster 1 · class y\nb: standardised value 4.25 (coloured as 3)');
    expect(tooltip.formatter({ seriesIndex: 2, data: [1, 5, 1.25, 1.25] })).toBe('s6\ncluster 2 · class x\na: standardised value 1.25');
    expect(tooltip.formatter({ seriesIndex: 3, data: [1, 0, 0] })).toBe('s3\ncluster 1 · class y\na: missing (filled in by the fit)');
    expect(tooltip.formatter({ seriesIndex: 1, data: [0, 1, 2] })).toBe('s5\ncluster 1 · class –');
  });

  it('axes: proteins in order; few rows are labelled with their sample, clusters beside the bar', () => {
    const xAxis = (option as { xAxis: { data: string[] }[] }).xAxis;
    expect(xAxis.map((a) => a.data)).toEqual([['cluster'], ['class'], ['b', 'a']]);
    const layout = sampleHeatmapLayout(input());
    expect(layout.rowLabels).toBe(true);
    expect(layout.plotHeight).toBe(120); // 6 rows × 16 px, at least 120
    expect([...layout.clusterLabels]).toEqual([[1, '1'], [4, '2']]); // the middle row of each cluster
    expect((option as { title: { subtext: string }[] }).title[0]!.subtext).toBe(
      '6 samples by cluster, then distance to the center · 2 selected proteins, best first',
    );
  });

  it('SKFR2: a strip above the columns says which cluster selected each protein', () => {
    const local = input({
      selected: [1, 0, 2],
      selectedByCluster: [[0, 1], [1, 2]],
      heatmap: { ...input().heatmap, columns: [0, 1, 2], values: new Float32Array(18) },
    });
    const o = sampleHeatmapOption(local);
    const strip = seriesOf(o).at(-1)!;
    expect(strip.name).toBe('selected in');
    expect(strip.data).toEqual([[0, 0, 0], [1, 0, 0], [2, 0, 1]]);
    expect(tooltipOf(o).formatter({ seriesIndex: seriesOf(o).length - 1, data: [1, 0, 0] })).toBe('b: selected in clusters 1, 2');
    expect(sampleHeatmapLayout(local).stripTop).not.toBeNull();
    expect(heatmapSubtitle(local)).toBe('6 samples by cluster, then distance to the center · 3 selected proteins, grouped by the cluster that selected them, best first');
  });
});

describe('readable at real sizes', () => {
  it('an annotation with more than MAX_BAR_CATEGORIES values gets no bar (free text); the cluster’s legend beyond it is left out', () => {
    const n = 30;
    const many = input({
      k: 30,
      clusters: Int32Array.from({ length: n }, (_, i) => i + 1),
      sampleIds: Array.from({ length: n }, (_, i) => `s${i}`),
      annotations: { note: Array.from({ length: n }, (_, i) => `free text ${i}`), group: Array.from({ length: n }, (_, i) => (i % 2 ? 'A' : 'B')) },
      heatmap: { rows: Array.from({ length: n }, (_, i) => i), columns: [1], values: new Float32Array(n), scale: 'standardised', clip: 3 },
    });
    expect(MAX_BAR_CATEGORIES).toBeLessThan(30);
    const bars = annotationBars(many);
    expect(bars.map((b) => [b.name, b.legend])).toEqual([['cluster', false], ['group', true]]);
    // the tooltip still names every annotation
    expect(tooltipOf(sampleHeatmapOption(many)).formatter({ seriesIndex: 2, data: [0, 3, 0, 0] })).toBe('s3\ncluster 4 · note free text 3 · group A\nb: standardised value 0.00');
  });

  it('no bar for an annotation that gives every sample its own value; at most MAX_ANNOTATION_BARS, the class column among them', () => {
    const n = 12;
    const col = (f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));
    const many = input({
      k: 3,
      clusters: Int32Array.from({ length: n }, (_, i) => (i % 3) + 1),
      sampleIds: col((i) => `s${i}`),
      annotations: {
        file: col((i) => `run_${i}.raw`),
        a: col((i) => (i % 2 ? 'x' : 'y')),
        b: col((i) => (i % 3 ? 'x' : 'y')),
        c: col((i) => (i % 4 ? 'x' : 'y')),
        d: col((i) => (i % 5 ? 'x' : 'y')),
        e: col((i) => (i % 6 ? 'x' : 'y')),
        class: col((i) => (i < 6 ? 'KO' : 'WT')),
      },
      classColumn: 'class',
      heatmap: { rows: Array.from({ length: n }, (_, i) => i), columns: [1], values: new Float32Array(n), scale: 'standardised', clip: 3 },
    });
    expect(MAX_ANNOTATION_BARS).toBe(4);
    expect(annotationBars(many).map((b) => b.name)).toEqual(['cluster', 'a', 'b', 'c', 'class']);
    expect(annotationBars({ ...many, classColumn: null }).map((b) => b.name)).toEqual(['cluster', 'a', 'b', 'c', 'd']);
  });

  it('many rows: no sample labels, a fixed plot height; cluster labels at least 12 px apart', () => {
    const rows = Array.from({ length: 1080 }, (_, i) => i);
    const big = input({
      k: 3,
      clusters: Int32Array.from(rows, (i) => (i < 1000 ? 1 : i < 1075 ? 2 : 3)),
      sampleIds: rows.map(String),
      heatmap: { rows, columns: [1], values: new Float32Array(1080), scale: 'standardised', clip: 3 },
    });
    const layout = sampleHeatmapLayout(big);
    expect(layout.rowLabels).toBe(false);
    expect(layout.plotHeight).toBe(520);
    // 520 / 1080 px per row: middles 499, 1037, 1077; 1077 is 40 rows (19 px) after 1037: kept
    expect([...layout.clusterLabels]).toEqual([[499, '1'], [1037, '2'], [1077, '3']]);
    expect(clusterLabelRows([0, 0, 1, 2], 2)).toEqual(new Map([[0, '1']])); // 2 px per row: 2 and 3 are too close
    expect(heatmapSubtitle({ ...big, heatmap: { ...big.heatmap, rows: rows.slice(0, 540) } })).toMatch(/^540 of 1\u2009080 samples \(about every 2nd, evenly spaced\)/);
  });

  it('DIA-NN run names sharing a long start: each row, column and legend label keeps what tells it apart', () => {
    const n = 6;
    // Cut at 17 characters + "…", every id would read "20240709_Ast_Neo_…".
    const ids = Array.from({ length: n }, (_, i) => `20240709_Ast_Neo_150uID_80mins_DIA_NeatPlasma_${i + 1}`);
    const runs = input({
      sampleIds: ids,
      featureNames: ['sp|P02768|ALBU_HUMAN Albumin', 'sp|P02768-2|ALBU_HUMAN Albumin'],
      annotations: { 'Name in report.pg_matrix': ids.map((id, i) => (i < 3 ? `/gpfs/larry/${ids[0]}.raw.dia` : `/gpfs/larry/${ids[1]}.raw.dia`)) },
    });
    const layout = sampleHeatmapLayout(runs);
    // Rows in display order 2, 4, 1, 3, 0, 5 (samples 3, 5, 2, 4, 1, 6).
    expect(layout.texts.rows).toEqual(['…3', '…5', '…2', '…4', '…1', '…6']);
    // The shared suffix "|ALBU_HUMAN Albumin" (19) is longer than the prefix "sp|" (3): it alone goes.
    expect(layout.texts.columns).toEqual(['sp|P02768-2…', 'sp|P02768…']); // columns [1, 0]
    // The bar's values: the shared folder and run name up to "NeatPlasma_" go.
    expect(layout.texts.values[1]).toEqual(['…1.raw.dia', '…2.raw.dia']);
    expect(layout.texts.bars).toEqual(['cluster', 'Name i…t.pg_matrix']); // nothing shared: the middle goes
    const o = sampleHeatmapOption(runs, layout) as unknown as { yAxis: { axisLabel: { formatter?: (v: string, i: number) => string } }[] };
    const main = o.yAxis[layout.bars.length]!.axisLabel.formatter!;
    expect(ids.map((id, t) => main(id, t))).toEqual(layout.texts.rows);
    expect(mapsOf(o)[1]!.pieces!.map((p) => p.label)).toEqual(['…1.raw.dia', '…2.raw.dia']);
  });

  it('legends flow into right-aligned columns that never pass the bottom', () => {
    expect(flowLegends([{ width: 100, height: 300 }, { width: 60, height: 300 }], 50, 600)).toEqual({
      placed: [
        { width: 100, height: 300, y: 50, right: 80 },
        { width: 60, height: 300, y: 50, right: 0 },
      ],
      width: 180,
    });
    const layout = sampleHeatmapLayout(input());
    for (const block of layout.legends) expect(block.y + block.height).toBeLessThanOrEqual(layout.height);
    expect(layout.legends.map((b) => b.id)).toEqual(['scale', 'missing', 'bar:0', 'bar:1']);
    expect(scaleCaption({ scale: 'centred', clip: 7.6 })).toEqual(['value − protein mean', 'clipped at ±7.6']);
  });
});

describe('the values as one image (issue 27: the page draws the cells on a canvas)', () => {
  const image = { series: { type: 'custom', data: [[0, 0, 0]], renderItem: () => null } };
  const option = sampleHeatmapOption(input(), sampleHeatmapLayout(input()), image);
  const series = seriesOf(option);
  const maps = mapsOf(option);

  it('the values series is the given one on the values grid; the bars, the legends and the missing legend stay', () => {
    expect(series.map((s) => s.name)).toEqual(['cluster', 'class', 'standardised value', 'missing']);
    expect(series[2]).toMatchObject({ type: 'custom', xAxisIndex: 2, yAxisIndex: 2, data: [[0, 0, 0]] });
    expect(series[3]!.data).toEqual([]);
    expect(maps[2]).toMatchObject({ type: 'continuous', seriesIndex: 2, min: -3, max: 3 });
    expect(maps[3]).toMatchObject({ type: 'piecewise', seriesIndex: 3 });
    // everything but the values' series is what the chart of one item per cell has
    const items = sampleHeatmapOption(input());
    expect(JSON.stringify({ ...option, series: null })).toBe(JSON.stringify({ ...items, series: null }));
  });

  it("each cell's tooltip is the one of its item", () => {
    const items = tooltipOf(sampleHeatmapOption(input()));
    expect(sampleHeatmapCellTip(input(), 0, 0)).toBe(items.formatter({ seriesIndex: 2, data: [0, 0, 3, 4.25] }));
    expect(sampleHeatmapCellTip(input(), 5, 1)).toBe(items.formatter({ seriesIndex: 2, data: [1, 5, 1.25, 1.25] }));
    expect(sampleHeatmapCellTip(input(), 0, 1)).toBe(items.formatter({ seriesIndex: 3, data: [1, 0, 0] }));
  });

  it("the bars as images: each bar's series is the given one on its grid; its legend, the values and the rest stay", () => {
    const bar = (name: string) => ({ type: 'custom', data: [[0, 0, 0]], renderItem: () => null, bar: name });
    const layout = sampleHeatmapLayout(input());
    const withBars = sampleHeatmapOption(input(), layout, { ...image, bars: layout.bars.map((b) => bar(b.name)) });
    const all = seriesOf(withBars);
    expect(all.map((s) => s.name)).toEqual(['cluster', 'class', 'standardised value', 'missing']);
    expect(all[0]).toMatchObject({ type: 'custom', xAxisIndex: 0, yAxisIndex: 0, bar: 'cluster' });
    expect(all[1]).toMatchObject({ type: 'custom', xAxisIndex: 1, yAxisIndex: 1, bar: 'class' });
    expect(JSON.stringify({ ...withBars, series: null })).toBe(JSON.stringify({ ...option, series: null }));
    expect(JSON.stringify(all.slice(2))).toBe(JSON.stringify(series.slice(2)));
  });

  it("a bar row's tooltip is the one of its item; its colours are its legend's", () => {
    const items = tooltipOf(sampleHeatmapOption(input()));
    expect(sampleHeatmapBarTip(input(), 0)).toBe(items.formatter({ seriesIndex: 0, data: [0, 0, 0] }));
    expect(sampleHeatmapBarTip(input(), 5)).toBe(items.formatter({ seriesIndex: 1, data: [0, 5, 1] }));
    const layout = sampleHeatmapLayout(input());
    layout.bars.forEach((b, i) => {
      const rgb = sampleHeatmapBarColours(b);
      const pieces = (mapsOf(sampleHeatmapOption(input()))[i] as unknown as { pieces: { value: number; color: string }[] }).pieces;
      b.of.forEach((c, t) => {
        const hex = `#${Array.from(rgb.slice(t * 3, t * 3 + 3), (v) => v.toString(16).padStart(2, '0')).join('')}`;
        expect(hex).toBe(pieces.find((p) => p.value === c)!.color.toLowerCase());
      });
    });
    expect(Array.from(sampleHeatmapBarColours({ of: [1, 0], colours: ['#000000', '#ff0000'] }))).toEqual([255, 0, 0, 0, 0, 0]);
  });

  it('cell colours: the legend ends and middle, linear between, clipped; missing cells grey', () => {
    const rgb = sampleHeatmapCellColours({ ...input().heatmap, values: Float32Array.from([-3, 0, 3, 9, -1.5, NaN]), clip: 3 });
    expect(Array.from(rgb)).toEqual([33, 102, 172, 247, 247, 247, 178, 24, 43, 178, 24, 43, 140, 175, 210, 189, 189, 189]);
  });
});
