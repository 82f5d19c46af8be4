/**
 * The rules that choose s (and k) from a gap curve, in words for the screen: their names, a one-line
 * explanation each, and every rule's choice grouped by value for the chart's markers. (The curve's flags are
 * said in the words of the CLI and the report: core/report/warnings.ts sFlagMessages.)
 *
 * @example groupChoices([{ rule: 'knee-se', s: 24, default: true }, { rule: 'knee', s: 24, default: false }], 24)
 *   // [{ at: 24, rules: ['knee-se', 'knee'], fitted: true, default: true }]
 */
import type { KRule, KRuleChoice, SRule, SRuleChoice } from '../../../core/engine/types';

export interface RuleInfo {
  /** The rule's name as the engine and the command line spell it. */
  name: string;
  /** What it picks, in one line. */
  explain: string;
}

/** Every rule for s, the recommended default first (the order of core/engine/gap.ts S_RULES). */
export const S_RULE_INFO: Readonly<Record<SRule, RuleInfo>> = {
  'knee-se': {
    name: 'knee-se',
    explain: 'Where the curve bends, then on while one more feature still raises the gap by more than its noise (sd).',
  },
  tibshirani: {
    name: 'tibshirani',
    explain: 'Tibshirani’s one-standard-error rule: the smallest s whose gap is within one sd of the next s’s.',
  },
  argmax: {
    name: 'argmax',
    explain: 'The largest gap (the paper’s Algorithm 3); on real data it often keeps (nearly) every feature.',
  },
  'within-sd-of-max': {
    name: 'within-sd-of-max',
    explain: 'The smallest s whose gap is within one sd of the largest gap (as sparcl’s permutation approach).',
  },
  knee: {
    name: 'knee',
    explain: 'The bend of the rising curve, where adding features starts to pay off less.',
  },
};

export const S_RULE_ORDER: readonly SRule[] = ['knee-se', 'tibshirani', 'argmax', 'within-sd-of-max', 'knee'];
export const DEFAULT_RULE: SRule = 'knee-se';

/** Every rule for k (core/engine/k-tuning.ts K_RULES), with its line. */
export const K_RULE_INFO: Readonly<Record<KRule, RuleInfo>> = {
  tibshirani: { name: 'tibshirani', explain: 'The smallest k whose gap is within one sd of the next k’s (Tibshirani et al. 2001).' },
  argmax: { name: 'argmax', explain: 'The largest gap.' },
  'within-sd-of-max': { name: 'within-sd-of-max', explain: 'The smallest k within one sd of the largest gap.' },
  knee: { name: 'knee', explain: 'The bend of the rising gap curve.' },
  silhouette: { name: 'silhouette', explain: 'The largest average silhouette: samples closest to their own cluster.' },
};

/** "knee-se (recommended)" for the default rule, the plain name otherwise. */
export function ruleLabel(rule: SRule): string {
  return rule === DEFAULT_RULE ? `${rule} (recommended)` : rule;
}

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
