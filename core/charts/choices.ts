/**
 * Every rule's choice of s (or k) grouped by value, for the markers of the gap and k curves.
 *
 * @example groupChoices([{ rule: 'knee-se', at: 24, default: true }, { rule: 'knee', at: 24, default: false }], 24)
 *   // [{ at: 24, rules: ['knee-se', 'knee'], fitted: true, default: true }]
 */
import type { KRuleChoice, SRuleChoice } from '../engine/types.js';

/** The choices of one value: the rules that picked it, whether it is the fitted value and the run's rule. */
export interface ChoiceGroup {
  at: number;
  rules: string[];
  fitted: boolean;
  /** One of the rules is the one the run asked for (`default` in the engine's answer). */
  default: boolean;
}

/**
 * The rules' choices grouped by value (ascending), rules in the engine's order, the value `fitted` marked.
 */
export function groupChoices(choices: readonly { rule: string; at: number; default: boolean }[], fitted: number): ChoiceGroup[] {
  const byValue = new Map<number, ChoiceGroup>();
  for (const c of choices) {
    const group = byValue.get(c.at) ?? { at: c.at, rules: [], fitted: c.at === fitted, default: false };
    group.rules.push(c.rule);
    group.default ||= c.default;
    byValue.set(c.at, group);
  }
  return [...byValue.values()].sort((a, b) => a.at - b.at);
}

/**
 * Every rule's s of a tuning as the host reported it (`sRules`), or — from a host that predates them — the two
 * choices every gap result carries: the arg-max (bestS) and the smallest s within one sd of it (oneSeS).
 */
export function sChoicesOf(view: {
  sRules?: SRuleChoice[] | null;
  gap: { bestS: number; oneSeS: number } | null;
  s: number;
}): SRuleChoice[] {
  if (view.sRules && view.sRules.length > 0) return view.sRules;
  if (!view.gap) return [];
  return [
    { rule: 'argmax', s: view.gap.bestS, default: view.gap.bestS === view.s },
    { rule: 'within-sd-of-max', s: view.gap.oneSeS, default: view.gap.oneSeS !== view.gap.bestS && view.gap.oneSeS === view.s },
  ];
}

/** The k rules' choices as markers (`at` = k). */
export function kChoicesOf(kRules: readonly KRuleChoice[] | undefined | null): { rule: string; at: number; default: boolean }[] {
  return (kRules ?? []).map((c) => ({ rule: c.rule, at: c.k, default: c.default }));
}

/**
 * The rule to name for the fitted s: the rule the user picked on the Results screen (a re-fit), else the run's
 * rule when it chose this s, else the first rule that chose it; null when no rule chose it.
 */
export function fittedRule(choices: readonly SRuleChoice[], fittedS: number, picked?: string | null): string | null {
  if (picked && choices.some((c) => c.rule === picked && c.s === fittedS)) return picked;
  const own = choices.find((c) => c.default && c.s === fittedS);
  return (own ?? choices.find((c) => c.s === fittedS))?.rule ?? null;
}
