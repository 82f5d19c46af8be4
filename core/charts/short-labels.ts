/**
 * Labels shortened as a set, keeping what tells them apart: the one rule every chart, table and list of the app
 * shortens names by (the full name always stays in a tooltip or title).
 *
 * Quantification software names samples by long run names that differ only at the end
 * ("20240709_Ast_Neo_150uID_80mins_DIA_NeatPlasma_1", "…_NeatPlasma_2"); cutting each at its end would make them
 * all "20240709_Ast_Neo_…". So, when the labels do not all fit in `max` characters, the prefix and the suffix they
 * all share (cut at a separator, so no word is split) are each replaced by one "…": the longer one first, then the
 * other if still needed. What still does not fit loses its middle (start and end kept, the end a little longer).
 * Lengths count code points.
 *
 * @example shortLabels(['20240709_Ast_Neo_DIA_NeatPlasma_1', '20240709_Ast_Neo_DIA_NeatPlasma_12'], 18) // ['…1', '…12']
 * @example shortLabels(['control_1 MaxLFQ Intensity', 'control_12 MaxLFQ Intensity'], 20) // ['control_1…', 'control_12…']
 * @example shortLabels(['Tubulin beta-4A chain'], 12) // ['Tub…4A chain'] (one label: its middle goes)
 */

/** Characters after which a shared prefix may end (and before which a shared suffix may start). */
const SEPARATOR = /[_\-. /\\:;,|]/;
const ELLIPSIS = '…';
/** A shared affix shorter than this is kept: "…" in its place would save nothing. */
const MIN_AFFIX = 2;

const chars = (text: string): string[] => Array.from(text);

/**
 * The text cut to at most `max` characters by dropping its middle: 40 % of what is kept from the start, the
 * rest from the end (names differ at the end more often than at the start).
 * @example middleEllipsis('abcdefghij', 7) // 'ab…ghij'
 */
export function middleEllipsis(text: string, max: number): string {
  const c = chars(text);
  if (c.length <= max) return text;
  if (max < 1) return '';
  const keep = max - 1;
  const head = Math.floor(keep * 0.4);
  return `${c.slice(0, head).join('')}${ELLIPSIS}${c.slice(c.length - (keep - head)).join('')}`;
}

/**
 * The longest prefix shared by every label (two or more), cut just after a separator so no word is split.
 * @example commonPrefix(['run_bcmk1', 'run_bcmk10']) // 'run_'
 */
export function commonPrefix(labels: readonly string[]): string {
  if (labels.length < 2) return '';
  let prefix = chars(labels[0]!);
  for (const label of labels) {
    const c = chars(label);
    let i = 0;
    while (i < prefix.length && i < c.length && prefix[i] === c[i]) i++;
    prefix = prefix.slice(0, i);
    if (prefix.length === 0) return '';
  }
  let cut = prefix.length;
  while (cut > 0 && !SEPARATOR.test(prefix[cut - 1]!)) cut--;
  return prefix.slice(0, cut).join('');
}

/**
 * The longest suffix shared by every label (two or more), starting at a separator.
 * @example commonSuffix(['a.raw.dia', 'bb.raw.dia']) // '.raw.dia'
 */
export function commonSuffix(labels: readonly string[]): string {
  const reverse = (text: string) => chars(text).reverse().join('');
  return reverse(commonPrefix(labels.map(reverse)));
}

/** One way of writing the labels: which shared affixes are dropped. */
interface Cut {
  prefix: number;
  suffix: number;
}

/** The label without the dropped affixes, an "…" in place of each; its middle cut to fit `max`. */
function written(c: string[], cut: Cut, max: number): string {
  const marks = (cut.prefix > 0 ? 1 : 0) + (cut.suffix > 0 ? 1 : 0);
  const core = c.slice(cut.prefix, c.length - cut.suffix).join('');
  const room = max - marks;
  // Too little room for a start, an "…" and an end of the core: the whole label loses its middle instead.
  if (marks > 0 && chars(core).length > room && room < 3) return middleEllipsis(c.join(''), max);
  return `${cut.prefix > 0 ? ELLIPSIS : ''}${middleEllipsis(core, room)}${cut.suffix > 0 ? ELLIPSIS : ''}`;
}

/**
 * The labels as they are when every one fits in `max` characters; else shortened together (see the file's
 * comment). Each output has at most `max` characters (for max ≥ 1). Labels that differ in what remains once the
 * shared prefix and suffix are dropped, when that remainder fits in max − 2 characters, stay different.
 */
export function shortLabels(labels: readonly string[], max: number): string[] {
  const split = labels.map(chars);
  if (split.every((c) => c.length <= max)) return [...labels];
  const prefix = chars(commonPrefix(labels)).length;
  const suffix = chars(commonSuffix(labels.map((l) => chars(l).slice(prefix).join('')))).length;
  const p = prefix >= MIN_AFFIX ? prefix : 0;
  const s = suffix >= MIN_AFFIX ? suffix : 0;
  // Every label keeps at least one character of its own between the dropped affixes.
  const valid = (cut: Cut) => split.every((c) => c.length > cut.prefix + cut.suffix);
  const alone: Cut[] = p >= s ? [{ prefix: p, suffix: 0 }, { prefix: 0, suffix: s }] : [{ prefix: 0, suffix: s }, { prefix: p, suffix: 0 }];
  const cuts = [...alone, { prefix: p, suffix: s }].filter((cut) => (cut.prefix > 0 || cut.suffix > 0) && valid(cut));
  const fits = cuts.find((cut) => split.every((c) => c.length - cut.prefix - cut.suffix + (cut.prefix > 0 ? 1 : 0) + (cut.suffix > 0 ? 1 : 0) <= max));
  const cut = fits ?? cuts[cuts.length - 1] ?? { prefix: 0, suffix: 0 };
  return split.map((c) => written(c, cut, max));
}

/**
 * One label shortened alone (nothing shared to drop): its middle goes.
 * @example shortLabel('Tubulin beta-4A chain', 12) // 'Tub…4A chain'
 */
export function shortLabel(label: string, max: number): string {
  return middleEllipsis(label, max);
}
