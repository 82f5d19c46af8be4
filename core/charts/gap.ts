/**
 * The gap curve of the sparsity tuning (Algorithm 3): Gap(s) with a ±sd band, every rule's choice of s as a
 * labelled marker on the curve (rules that chose the same s share one marker), and a vertical line at the s
 * the fit used, naming the rule that chose it. The fitted marker is drawn larger and in red; the others are
 * clickable (clickedValue reads a click on them).
 *
 * @example gapOption({ curve: [{ s: 1, gap: 0.1, sd: 0.02, … }, { s: 2, gap: 0.3, sd: 0.05, … }], bestS: 2, oneSeS: 2, permutations: 10 },
 *   { fittedS: 2, choices: [{ rule: 'knee-se', s: 2, default: true }] })
 *   // series 'Gap(s)' [[1, 0.1], [2, 0.3]]; 'Rule choices' one marker at [2, 0.3] labelled "knee-se\ns = 2 (fitted)";
 *   // markLine at x = 2 labelled "s = 2, chosen by knee-se"
 */
import type { ScatterSeriesOption } from 'echarts/charts';
import type { GapPoint, SRuleChoice } from '../engine/types.js';
import { fittedRule, groupChoices, sChoicesOf, type ChoiceGroup } from './choices.js';
import { FONT, TEXT_COLOUR, plainText, type ChartOption } from './types.js';

export interface GapInput {
  curve: GapPoint[];
  bestS: number;
  oneSeS: number;
  permutations: number;
}

export interface GapMarks {
  /** The s of the fit shown. */
  fittedS: number;
  /** Every rule's s (FitView.sRules); default: bestS and oneSeS as 'argmax' and 'within-sd-of-max'. */
  choices?: readonly SRuleChoice[] | null;
  /** The rule the user picked to fit (a re-fit from the Results screen), named on the line. */
  rule?: string | null;
  /** False for a picture that cannot be clicked (a report): no "click one" hint. Default true. */
  interactive?: boolean;
}

/** The name of the markers' series: clicks on it choose a value. */
export const RULES_SERIES = 'Rule choices';
export const FITTED_COLOUR = '#c0392b';
export const RULE_COLOUR = '#6b4fa3';
const LINE_COLOUR = '#1f5f9e';
const BAND_COLOUR = '#9db4d3';

/** The label of a marker: the rules that chose the value, then the value (and "fitted" for the fit's). */
export function markerLabel(group: ChoiceGroup, symbol: string): string {
  return `${group.rules.join(', ')}\n${symbol} = ${group.at}${group.fitted ? ' (fitted)' : ''}`;
}

/**
 * The marker series of grouped choices on a curve: each at (value, curve value there); labels alternate above
 * and below along the axis so neighbours do not cover each other (or all sit at `position`).
 */
export function markerSeries(
  groups: readonly ChoiceGroup[],
  yAt: (value: number) => number | undefined,
  symbol: string,
  extra: Partial<ScatterSeriesOption> = {},
  position?: 'right',
): ScatterSeriesOption {
  const data = groups.flatMap((group, i) => {
    const y = yAt(group.at);
    if (y === undefined || !Number.isFinite(y)) return [];
    return [
      {
        value: [group.at, y],
        name: group.rules.join(', '),
        symbolSize: group.fitted ? 16 : 11,
        itemStyle: { color: group.fitted ? FITTED_COLOUR : RULE_COLOUR, borderColor: '#ffffff', borderWidth: 2 },
        label: {
          show: true,
          position: position ?? (i % 2 === 0 ? 'top' : 'bottom'),
          distance: 8,
          formatter: markerLabel(group, symbol),
          color: group.fitted ? FITTED_COLOUR : RULE_COLOUR,
          fontWeight: group.fitted ? 'bold' : 'normal',
          fontSize: 11,
          lineHeight: 14,
          backgroundColor: 'rgba(255,255,255,0.85)',
          padding: [1, 3],
        },
      },
    ];
  });
  return {
    type: 'scatter',
    name: RULES_SERIES,
    data: data as ScatterSeriesOption['data'],
    z: 5,
    cursor: 'pointer',
    labelLayout: { moveOverlap: 'shiftY' },
    emphasis: { scale: 1.3 },
    itemStyle: { color: RULE_COLOUR },
    ...extra,
  };
}

/** The value of a clicked rule marker (ECharts click params), or null for a click elsewhere. */
export function clickedValue(params: unknown): number | null {
  const p = params as { seriesName?: string; value?: unknown; componentType?: string } | null;
  if (!p || p.seriesName !== RULES_SERIES || (p.componentType !== undefined && p.componentType !== 'series')) return null;
  const v = Array.isArray(p.value) ? Number(p.value[0]) : Number.NaN;
  return Number.isFinite(v) ? v : null;
}

interface TooltipParam {
  seriesName: string;
  value?: unknown;
  data?: unknown;
}

function pointOf(p: TooltipParam): [number, number] | null {
  const v = Array.isArray(p.value) ? p.value : Array.isArray(p.data) ? p.data : null;
  return v ? [Number(v[0]), Number(v[1])] : null;
}

export function gapOption(gap: GapInput, marks: GapMarks): ChartOption {
  const points = [...gap.curve].sort((a, b) => a.s - b.s);
  const choices = marks.choices && marks.choices.length > 0 ? marks.choices : sChoicesOf({ gap, s: marks.fittedS });
  const groups = groupChoices(choices.map((c) => ({ rule: c.rule, at: c.s, default: c.default })), marks.fittedS);
  const rule = fittedRule(choices, marks.fittedS, marks.rule);
  const gapAt = new Map(points.map((p) => [p.s, p.gap]));
  const rulesAt = new Map(groups.map((g) => [g.at, g.rules]));
  return {
    animation: false,
    textStyle: FONT,
    title: {
      text: `Gap statistic (${gap.permutations} permutations)`,
      subtext: groups.length > 1 ? (marks.interactive === false ? 'Each rule’s choice is marked.' : 'Each rule’s choice is marked; click one to fit at its s.') : '',
      left: 'center',
      textStyle: { fontSize: 14, color: TEXT_COLOUR },
    },
    legend: { top: 58, data: ['Gap(s)', 'Gap + sd', 'Gap − sd', RULES_SERIES] },
    tooltip: {
      trigger: 'axis',
      renderMode: 'richText',
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as TooltipParam[];
        const s = pointOf(list[0]!)?.[0];
        const lines = [`s = ${s}`];
        for (const p of list) {
          if (p.seriesName === RULES_SERIES) continue;
          const point = pointOf(p);
          if (point) lines.push(`${plainText(p.seriesName)}: ${point[1].toFixed(4)}`);
        }
        const rules = s === undefined ? undefined : rulesAt.get(s);
        if (rules) lines.push(`chosen by: ${rules.join(', ')}`);
        return lines.join('\n');
      },
    },
    grid: { left: 70, right: 50, top: 100, bottom: 50 },
    xAxis: { type: 'value', name: 's (features selected)', nameLocation: 'middle', nameGap: 28, minInterval: 1, min: points[0]?.s, max: points[points.length - 1]?.s },
    yAxis: { type: 'value', name: 'Gap(s)', nameLocation: 'middle', nameGap: 50, scale: true },
    series: [
      {
        type: 'line',
        name: 'Gap(s)',
        data: points.map((p) => [p.s, p.gap]),
        // Every point is a circle on short curves; on long ones (1..p) the line alone, the markers stand out.
        showSymbol: points.length <= 30,
        symbolSize: 5,
        itemStyle: { color: LINE_COLOUR },
        lineStyle: { width: 2 },
        markLine: {
          symbol: 'none',
          silent: true,
          lineStyle: { color: FITTED_COLOUR, type: 'solid', width: 2 },
          label: { formatter: rule ? `s = ${marks.fittedS}, chosen by ${rule}` : `s = ${marks.fittedS}, chosen by hand`, color: FITTED_COLOUR },
          data: [{ xAxis: marks.fittedS }],
        },
      },
      { type: 'line', name: 'Gap + sd', data: points.map((p) => [p.s, p.gap + p.sd]), symbol: 'none', lineStyle: { type: 'dashed', color: BAND_COLOUR }, itemStyle: { color: BAND_COLOUR } },
      { type: 'line', name: 'Gap − sd', data: points.map((p) => [p.s, p.gap - p.sd]), symbol: 'none', lineStyle: { type: 'dashed', color: BAND_COLOUR }, itemStyle: { color: BAND_COLOUR } },
      markerSeries(groups, (s) => gapAt.get(s), 's'),
    ],
  };
}
