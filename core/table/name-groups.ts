/**
 * Groups read from the sample names when no sample table says them: many labs name samples "group + replicate
 * number" (`12500amol_1`, `UPS1_50amol_R1.raw`, `H1`, `BGS-S4-1`), so the part before the replicate number is a
 * group. A name's group is the first rule that applies to its clean name (sample-names.ts `cleanSampleName`: path
 * and run-file extension gone):
 *   1. a replicate word and its number at the end: a separator then `R`, or `rep` / `replicate` (any case, the
 *      separator optional), then digits — `UPS1_50amol_R1` → `UPS1_50amol`, `ctrl rep2` → `ctrl`;
 *   2. a separator (space, `_`, `.`, `-`) and digits at the end — `12500amol_1` → `12500amol`, `BGS-S4-1` → `BGS-S4`;
 *   3. digits right after a letter at the end — `H1` → `H`, `bcmk10` → `bcmk`.
 * The groups are offered (as the sample annotation `group (from names)`) only when every name has one and they
 * make 2 groups or more, each of 2 samples or more: `H1…N5` → H, L, N; `F1…F27` (one group), `126, 127N, …` (no
 * replicate number) or `P1, P2, Q1` (a group of one) give none. The prefix and suffix all the groups share are
 * then taken off (at a word boundary: sample-names.ts `commonAffixes`), as they tell no group apart:
 * `UPS1_50amol_R1.raw, UPS1_50amol_R2.raw, UPS1_125amol_R1.raw, …` → `50amol, 50amol, 125amol, …`.
 * @example groupsFromNames(['12500amol_1', '12500amol_2', '50amol_1', '50amol_2'])
 *   // ['12500amol', '12500amol', '50amol', '50amol']
 */
import { looksLikeBatch } from '../prepare/batch-columns.js';
import { cleanSampleName, commonAffixes, runName } from './sample-names.js';

/** The annotation the groups of the sample names are offered as; those of a sample-table column: `group (from C)`. */
export const NAME_GROUP = 'group (from names)';

/** True for an annotation these groups were offered as. */
export function isOfferedGroup(name: string): boolean {
  return name.startsWith('group (from ') && name.endsWith(')');
}

const REPLICATE_WORD = /^(.+?)(?:[\s._-]R|[\s._-]?rep(?:licate)?)[\s._-]?\d+$/i;
const SEPARATED_NUMBER = /^(.+?)[\s._-]+\d+$/;
const NUMBER_AFTER_LETTER = /^(.*\p{L})\d+$/u;

/** A number as a table writes it (`0.98765`, `-3`, `1e5`, `1,5`): a measurement, no name with a replicate number. */
const NUMBER = /^[-+]?\d+(?:[.,]\d+)?(?:e[-+]?\d+)?$/i;

/**
 * The group of one name (see the module comment), or null when it ends with no replicate number — or is a number
 * (a sample table's measured column, as an ADAT's `NormScale_20` = 0.98765, is no name: its "group" 0 is none).
 */
export function groupOfName(name: string): string | null {
  if (NUMBER.test(name.trim())) return null;
  let clean = cleanSampleName(name);
  // A run-file extension left on a name that is no path (`UPS1_50amol_R1.raw`): runName on its last part only.
  const last = clean.split(/[\\/]/).pop() ?? clean;
  clean = clean.slice(0, clean.length - (last.length - runName(last).length));
  for (const rule of [REPLICATE_WORD, SEPARATED_NUMBER, NUMBER_AFTER_LETTER]) {
    const m = rule.exec(clean);
    const group = m?.[1]?.replace(/[\s._-]+$/, '');
    if (group) return group;
  }
  return null;
}

/**
 * The groups to offer as a sample annotation, and its name: without a sample table, those of the sample names
 * (`group (from names)`); with one, those of its first column that names each sample once with a replicate
 * number (Proteome Discoverer's Input Files: `File Name` `…\UPS1_50amol_R1.raw` → `group (from File Name)` =
 * `50amol`). null when none. The proposal ranks them below a sample table's own group columns
 * (core/prepare/propose.ts).
 */
export function offeredGroups(
  names: readonly string[],
  design: { annotations: Record<string, (string | null)[]>; columns: readonly string[] } | null,
): { name: string; groups: string[] } | null {
  if (design === null) {
    const fromNames = groupsFromNames(names);
    return fromNames ? { name: NAME_GROUP, groups: fromNames } : null;
  }
  const columns = design.columns.map((c) => design.annotations[c] ?? []);
  for (const [c, values] of columns.entries()) {
    if (values.length === 0 || values.some((v) => v === null || v.trim() === '') || new Set(values).size !== values.length) continue;
    const found = groupsFromNames(values as string[]);
    if (found) return { name: `group (from ${design.columns[c]})`, groups: found };
  }
  return null;
}

/** The group of each name, or null when the names do not make groups (module comment). */
export function groupsFromNames(names: readonly string[]): string[] | null {
  const groups: string[] = [];
  for (const name of names) {
    const group = groupOfName(name);
    if (group === null) return null;
    groups.push(group);
  }
  if (!makesGroups(groups)) return null;
  // What every group shares tells none apart: `UPS1_50amol`, `UPS1_125amol` → `50amol`, `125amol`.
  const { prefix, suffix } = commonAffixes([...new Set(groups)]);
  if (!prefix && !suffix) return groups;
  return groups.map((g) => g.slice(prefix.length, g.length - suffix.length));
}

/**
 * The groups without the batch they name: when a sample annotation named like a batch (batch-columns.ts: site,
 * experiment, plex, lab …) has 2 values or more and each sample's group holds its batch value as a whole word
 * (words split at space, `_`, `.`, `-`), that word is taken out, so the groups say the condition and not the
 * batch × condition cell. Kept only when the groups left still make 2 groups or more of 2 samples or more;
 * otherwise (or with no such annotation) the groups are returned as they were.
 * @example withoutBatchWords(['BGS-S4', 'BGS-S2', 'FLI-S4', 'FLI-S2'], { experiment: ['BGS', 'BGS', 'FLI', 'FLI'] })
 *   // ['S4', 'S2', 'S4', 'S2']
 */
export function withoutBatchWords(groups: readonly string[], annotations: Record<string, readonly (string | null)[]>): string[] {
  let out = [...groups];
  for (const [name, values] of Object.entries(annotations)) {
    if (!looksLikeBatch(name) || values.length !== out.length) continue;
    if (new Set(values.filter((v) => v !== null && v.trim() !== '')).size < 2) continue;
    const next: string[] = [];
    for (const [i, group] of out.entries()) {
      const value = values[i]?.trim();
      const words = group.split(/([\s._-]+)/);
      const at = value ? words.findIndex((w, j) => j % 2 === 0 && w.toLowerCase() === value.toLowerCase()) : -1;
      if (at < 0) break;
      // The word and one separator beside it (the one after it, or before it at the end).
      const cut = at + 1 < words.length ? words.slice(0, at).concat(words.slice(at + 2)) : words.slice(0, Math.max(0, at - 1));
      const left = cut.join('');
      if (left === '') break;
      next.push(left);
    }
    if (next.length !== out.length) continue;
    if (makesGroups(next)) out = next;
  }
  return out;
}

/** True when the groups are 2 or more, each of 2 samples or more: makesGroups(['H', 'H', 'L', 'L']) === true. */
function makesGroups(groups: readonly string[]): boolean {
  const sizes = new Map<string, number>();
  for (const g of groups) sizes.set(g, (sizes.get(g) ?? 0) + 1);
  return sizes.size >= 2 && [...sizes.values()].every((n) => n >= 2);
}
