/**
 * Issue 27: the words of the live exploration of s and k — how the s (or k) shown came about beside the tuning
 * run whose curves stay on the screen, and where the exploration stands.
 */
import type { FitView } from '../../../core/jobs/types';
import type { ExplorePhase } from '../stores/explore';

/** What the summary reads of the tuning whose curves are shown. */
export interface ShownTuning {
  view: Pick<FitView, 's' | 'k' | 'sRules' | 'kCurve'>;
  /** The rule the user picked (a rule's marker or button), else null. */
  rule: string | null;
  param: 's' | 'k' | null;
}

/**
 * The words after the fitted s (or k) of a fit made from the Results screen, beside the tuning shown: the rule
 * picked, else a rule whose choice it is, else "chosen by hand" with what the tuning run chose; '' when the
 * tuning run did not choose that parameter.
 * @example choiceNote('s', 20, { view: { s: 24, sRules: [{ rule: 'knee-se', s: 24, default: true }, { rule: 'knee', s: 20, default: false }] }, rule: null, param: 's' }) // ' (knee’s choice)'
 * @example choiceNote('s', 30, same) // ' (chosen by hand; knee-se chose 24)'
 */
export function choiceNote(param: 's' | 'k', value: number, tuning: ShownTuning | null): string {
  if (!tuning) return '';
  const choices = param === 's'
    ? (tuning.view.sRules ?? []).map((c) => ({ rule: c.rule, at: c.s, default: c.default }))
    : (tuning.view.kCurve?.kRules ?? []).map((c) => ({ rule: c.rule, at: c.k, default: c.default }));
  if (choices.length === 0) return '';
  if (tuning.param === param && tuning.rule && choices.some((c) => c.rule === tuning.rule && c.at === value)) return ` (${tuning.rule}’s choice)`;
  const own = choices.find((c) => c.default && c.at === value) ?? choices.find((c) => c.at === value);
  if (own) return ` (${own.rule}’s choice)`;
  const run = choices.find((c) => c.default);
  return ` (chosen by hand${run ? `; ${run.rule} chose ${run.at}` : ''})`;
}

/**
 * Where the exploration stands, in one line (null when there is nothing to say).
 * @example exploreStatus('waiting', { s: 30, k: 8, preview: { fromS: 24, fromK: 8 }, restarts: 20 })
 *   // 'Preview: one fit started from the clusters at s = 24. The full fit (20 restarts) follows when you stop.'
 */
export function exploreStatus(
  phase: ExplorePhase,
  shown: { s: number; k: number; preview: { fromS: number; fromK: number } | null; restarts: number },
  target: { s: number; k: number } | null,
): string | null {
  const at = target ?? shown;
  const where = `s = ${at.s}, k = ${at.k}`;
  switch (phase) {
    case 'preview':
      return `Fitting at ${where}…`;
    case 'waiting':
    case 'settling': {
      const from = shown.preview;
      const started = from ? `Preview: one fit started from the clusters at ${from.fromS !== shown.s ? `s = ${from.fromS}` : ''}${from.fromS !== shown.s && from.fromK !== shown.k ? ', ' : ''}${from.fromK !== shown.k ? `k = ${from.fromK}` : ''}. ` : '';
      return phase === 'waiting'
        ? `${started}The full fit (${shown.restarts} restarts) follows when you stop.`
        : `${started}Full fit at ${where} (${shown.restarts} restarts)…`;
    }
    case 'idle':
      return null;
  }
}
