/**
 * How sure the selection is: each protein's selection frequency over the subsample fits as a horizontal bar
 * (0–100 %), most often selected first, with a line at one half. Shown: the full fit's selection, and the
 * proteins it left out that at least half of the subsample fits selected, at most `max` bars. Colours: selected
 * and stable (blue), selected but in fewer than half of the fits (orange, "unstable"), not selected (grey).
 *
 * @example stabilityOption({ featureNames: ['a', 'b', 'c'], frequency: [0.9, 0.3, 0.6], selected: [0, 1], subsamples: 10 })
 *   // yAxis ['a', 'c', 'b'], bar values [90, 60, 30]; b orange (unstable), c grey (not selected), a blue
 */
import { CHAR_EM } from './label-layout.js';
import { shortLabels } from './short-labels.js';
import { FONT, TEXT_COLOUR, plainText, type ChartOption } from './types.js';

/** Below this selection frequency a protein of the full fit's selection is marked unstable (issue 13: fewer than half). */
export const UNSTABLE_BELOW = 0.5;

export interface StabilityBarsInput {
  featureNames: readonly string[];
  /** Per feature (length p), the fraction of subsample fits that selected it. */
  frequency: ArrayLike<number>;
  /** The full fit's selection, best first. */
  selected: readonly number[];
  subsamples: number;
  /** At most this many bars (default 40). */
  max?: number;
}

export type BarKind = 'stable' | 'unstable' | 'not-selected';

export interface StabilityRow {
  index: number;
  name: string;
  frequency: number;
  kind: BarKind;
}

export const BAR_COLOURS: Readonly<Record<BarKind, string>> = {
  stable: '#1f5f9e',
  unstable: '#e67e22',
  'not-selected': '#9aa5b1',
};

const KIND_TEXT: Readonly<Record<BarKind, string>> = {
  stable: 'selected by the full fit',
  unstable: 'selected by the full fit, but in fewer than half of the subsample fits (unstable)',
  'not-selected': 'not selected by the full fit',
};

/** The bars, most often selected first (ties: the full fit's order, then feature order). */
export function stabilityRows(input: StabilityBarsInput): StabilityRow[] {
  const freq = (l: number) => {
    const f = input.frequency[l];
    return f !== undefined && Number.isFinite(f) ? f : 0;
  };
  const chosen = new Set(input.selected);
  const order = new Map(input.selected.map((l, t) => [l, t]));
  const rows: StabilityRow[] = input.selected.map((l) => ({
    index: l,
    name: input.featureNames[l] ?? `feature ${l + 1}`,
    frequency: freq(l),
    kind: freq(l) < UNSTABLE_BELOW ? 'unstable' : 'stable',
  }));
  for (let l = 0; l < input.frequency.length; l++) {
    if (!chosen.has(l) && freq(l) >= UNSTABLE_BELOW) rows.push({ index: l, name: input.featureNames[l] ?? `feature ${l + 1}`, frequency: freq(l), kind: 'not-selected' });
  }
  const rank = (r: StabilityRow) => order.get(r.index) ?? input.selected.length + r.index;
  rows.sort((a, b) => b.frequency - a.frequency || rank(a) - rank(b));
  return rows.slice(0, input.max ?? 40);
}

/** Room for the protein names left of the bars (px), and the characters that fit in it at 12 px. */
const NAME_PX = 140;
export const NAME_CHARS = Math.floor(NAME_PX / (CHAR_EM * 12));

/** Pixel height that gives each bar room for its label. */
export function stabilityHeight(rows: number): number {
  return Math.max(180, 110 + 18 * rows);
}

export function stabilityOption(input: StabilityBarsInput): ChartOption {
  const rows = stabilityRows(input);
  const texts = shortLabels(rows.map((r) => plainText(r.name)), NAME_CHARS);
  const B = input.subsamples;
  return {
    animation: false,
    textStyle: FONT,
    title: { text: `How often each protein was selected (${B} subsample fits)`, left: 'center', textStyle: { fontSize: 14, color: TEXT_COLOUR } },
    tooltip: {
      trigger: 'item',
      renderMode: 'richText',
      formatter: (p: unknown) => {
        const row = rows[(p as { dataIndex: number }).dataIndex];
        if (!row) return '';
        return `${plainText(row.name)}\nselected in ${Math.round(row.frequency * B)} of ${B} fits (${Math.round(100 * row.frequency)} %)\n${KIND_TEXT[row.kind]}`;
      },
    },
    grid: { left: 150, right: 40, top: 60, bottom: 40 },
    xAxis: { type: 'value', min: 0, max: 100, name: 'selected in (% of subsample fits)', nameLocation: 'middle', nameGap: 26, axisLabel: { formatter: '{value} %' } },
    yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.name), axisLabel: { formatter: (_v: string, i: number) => texts[i] ?? '', width: NAME_PX, overflow: 'truncate' } },
    series: [
      {
        type: 'bar',
        name: 'Selected in',
        barMaxWidth: 14,
        data: rows.map((r) => ({ value: Number((100 * r.frequency).toFixed(2)), itemStyle: { color: BAR_COLOURS[r.kind] } })),
        markLine: {
          symbol: 'none',
          silent: true,
          lineStyle: { color: '#5b6876', type: 'dashed' },
          // The category axis runs downwards (inverse), so the line starts at the top: the label goes there.
          label: { formatter: 'half of the fits', color: '#5b6876', position: 'start' },
          data: [{ xAxis: 100 * UNSTABLE_BELOW }],
        },
      },
    ],
  };
}
