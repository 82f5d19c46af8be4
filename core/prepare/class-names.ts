/**
 * Which sample annotations are named like the samples' known class — the class, group, condition, treatment,
 * genotype, sex … — rather than a measurement or a batch (batch-columns.ts). A name matches when one of its words
 * (batch-columns.ts nameWords: split at non-letters and at camelCase) is one of CLASS_WORDS, case-insensitive.
 * Used for coded annotations (core/request/coded-annotations.ts: a numeric `class` is no feature) and by the
 * agreement warning (core/report/agreement.ts: clusters that follow a class-named annotation, when no class is
 * known, are no warning).
 * @example looksLikeClass('Treatment group') // true
 * @example looksLikeClass('BDNF_N') // false
 */
import { nameWords } from './batch-columns.js';

/** Words that name the samples' class (a name matches when one of its words is one of them). */
export const CLASS_WORDS: ReadonlySet<string> = new Set([
  'class', 'classes', 'group', 'groups', 'label', 'labels', 'cluster', 'clusters', 'condition', 'conditions',
  'treatment', 'treatments', 'genotype', 'phenotype', 'diagnosis', 'sex', 'gender', 'cohort', 'arm', 'strain',
  'replicate', 'replicates',
]);

/** True when the name says the column is a class of the samples (see the module comment). */
export function looksLikeClass(name: string): boolean {
  return nameWords(name).some((w) => CLASS_WORDS.has(w));
}
