/**
 * What a finished run is called in the notices that say it ended (the app's "Run finished" toast, Electron's
 * desktop notification): the method, k and s fitted (marked "chosen" when the gap statistic chose them), the input.
 * @example runDescription({ fileName: 'mice_protein.csv', settings: { variant: 'global', … }, k: 8, s: 24 })
 *   // 'SKFR1, k = 8, s = 24 on mice_protein.csv'
 * @example with settings.tune: 'SKFR2, k = 3, s = 12 (chosen) on proteinGroups.txt'
 */
import type { FitView } from './types.js';

export function runDescription(view: Pick<FitView, 'fileName' | 'settings' | 'k' | 's'>): string {
  const method = view.settings.variant === 'local' ? 'SKFR2' : 'SKFR1';
  const k = `k = ${view.k}${view.settings.tuneK ? ' (chosen)' : ''}`;
  const s = `s = ${view.s}${view.settings.tune ? ' (chosen)' : ''}`;
  return `${method}, ${k}, ${s} on ${view.fileName}`;
}
