/**
 * Where each result warning (core/report/warnings.ts) is shown on the Results screen: beside the figure it
 * concerns — 'clusters' by the summary with the cluster sizes, 'features' by the ranked list, 'gap' by the gap
 * chart, 'data' at the top. A warning whose figure is not on the screen (a 'gap' warning without a gap chart)
 * goes to the top, so none is lost.
 * @example placeWarnings([{ code: 's-at-range-end', about: 'gap', message: '…' }], { gap: false }).data.length // 1
 */
import type { ResultWarning } from '../../../core/report/warnings';

export type WarningPlace = ResultWarning['about'];

export function placeWarnings(warnings: readonly ResultWarning[], shown: { gap: boolean }): Record<WarningPlace, ResultWarning[]> {
  const out: Record<WarningPlace, ResultWarning[]> = { data: [], clusters: [], features: [], gap: [] };
  for (const w of warnings) {
    const place: WarningPlace = w.about === 'gap' && !shown.gap ? 'data' : w.about;
    out[place].push(w);
  }
  return out;
}
