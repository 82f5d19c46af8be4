/**
 * The rules that choose s (and k) from a gap curve, in words for the screen: their names, a one-line
 * explanation each, and every rule's choice grouped by value for the chart's markers. (The curve's flags are
 * said in the words of the CLI and the report: core/report/warnings.ts sFlagMessages.)
 *
 * (The grouping of the choices for the markers is core/charts/choices.ts, re-exported here.)
 */
import type { KRule, SRule } from '../../../core/engine/types';
import { OPTION_SPECS } from '../../../core/engine/option-specs';

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

/** The rules for s in the order they are reported, and the default (core/engine/option-specs.ts). */
export const S_RULE_ORDER: readonly SRule[] = OPTION_SPECS.sRule.values;
export const DEFAULT_RULE: SRule = OPTION_SPECS.sRule.default;

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

export { fittedRule, groupChoices, kChoicesOf, sChoicesOf, type ChoiceGroup } from '../../../core/charts/choices';
