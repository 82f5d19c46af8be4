/**
 * The general rule for the sample columns of a protein × sample table, whatever tool wrote it: the samples are
 * a family of numeric columns whose names follow one template around a varying sample part, with values of one
 * kind. `LFQ intensity {S}`, `{S} MaxLFQ Intensity`, `Abundance: {F1: 126}, Sample`, `TotInt_{126C_BGS}`,
 * `[n] {S}.raw.PG.Quantity`, `/data/run/{S}.raw`, or a bare `{S}`.
 *
 * 1. Candidates: columns holding numbers (or nothing), not reserved (ids, labels), whose name is not a
 *    per-protein statistic (vocabulary.ts: peptide and PSM counts, probabilities, q-values, scores, coverage,
 *    weights, lengths, reference intensities, fold changes, p-values…).
 * 2. Templates: the ways to cut a name into prefix + sample part + suffix at word boundaries (never inside a
 *    word nor inside brackets) next to the words a quantity's or a statistic's description is made of (or at the
 *    name's ends), keeping prefixes and suffixes that two names or more share. A template's
 *    members are the names whose sample part holds no quantity or statistic word (the sample part never names
 *    the quantity: in `a Intensity`, `a MaxLFQ Intensity`, `a Spectral Count` the sample is `a`, not the
 *    quantities) and compares no two groups (`(127) / (126)`, `A vs B`: a fold change).
 * 3. Families, greedily: the template whose fixed words name a quantity first, then the one with the most
 *    members, then the shortest fixed text (`{S}.PG.Quantity` over `{S}.raw.PG.Quantity` and `{S}_1.raw.PG.Quantity`:
 *    the fixed text is the quantity's description, what else the names share stays the samples' own, e.g. a
 *    replicate number all of them carry); each column joins one family. A family of names without a quantity word keeps only
 *    columns whose values are of its kind (value-kind.ts), so that a p-value or a row index with an unknown
 *    name never passes for a sample; a column whose sample part is the leading part of others' (`Reporter
 *    intensity corrected 1` beside `… 1 01`, `… 1 02`) is their sum, not a sample.
 * 4. Ranking (`rankFamilies`): among families at least half as large as the largest, the one a scientist would
 *    fit first (vocabulary.ts quantityTier: normalised and LFQ abundances over raw sums, intensities over
 *    ratios and counts), then the larger.
 *
 * @example findFamilies(table of "Gene", "LFQ intensity A", "LFQ intensity B", "Intensity A", "Intensity B", "Peptides A", "Peptides B")
 *   // families: LFQ intensity {A, B}, Intensity {A, B}; statistics: Peptides A, Peptides B
 */
import { classifyText, isMissingToken } from '../cells.js';
import { stripTypePrefix } from '../sample-names.js';
import type { Column, Table } from '../types.js';
import { compatibleKinds, valueKind, type ValueKind } from './value-kind.js';
import { isAnchorWord, isPartWord, isStatisticName, nameWords, quantityTier, saysLogarithmic, testResultKind, wordClass } from './vocabulary.js';

export interface Family {
  /** Fixed text before and after the sample part: `LFQ intensity ` + {S} + ``. */
  prefix: string;
  suffix: string;
  /** The family as a name for people: "LFQ intensity", "MaxLFQ Intensity", "PG.Quantity"; "Sample columns" when bare. */
  name: string;
  /** Its columns, in file order, and the sample part of each. */
  columns: string[];
  parts: string[];
  /** vocabulary.ts quantityTier of the fixed text (0 = first choice). */
  tier: number;
  /** The kind most of its columns' values are. */
  kind: ValueKind;
  /** The fixed words say logarithms ("log2 LFQ"): true; raw intensities by their values: null (unknown). */
  logarithmic: boolean;
}

export interface Families {
  /** Families of 2 columns or more, in the order found (rankFamilies orders them). */
  families: Family[];
  /** Numeric columns that are per-protein statistics (by name or by value) or sums over samples: never samples. */
  statistics: string[];
}

/** A column can hold a sample's quantities: numbers (or nothing), or text that is mostly numbers and missing tokens. */
export function isQuantityColumn(column: Column, missingTokens: readonly string[] = []): boolean {
  if (column.kind === 'numeric' || column.kind === 'empty') return true;
  const extra = new Set(missingTokens);
  let numbers = 0;
  let other = 0;
  for (const t of column.texts!) {
    if (t === null || isMissingToken(t) || extra.has(t.trim())) continue;
    if (typeof classifyText(t) === 'number') numbers++;
    else other++;
    if (other > 20 && other > numbers) return false;
  }
  return numbers > 0 && other <= numbers * 0.05;
}

const SEPARATOR = /[^A-Za-z0-9]/;
const OPEN = /[[({]/;
const CLOSE = /[\])}]/;

/** Bracket depth after each character (a cut is allowed only where the depth is 0). */
function depths(name: string): Int32Array {
  const out = new Int32Array(name.length + 1);
  let d = 0;
  for (let i = 0; i < name.length; i++) {
    if (OPEN.test(name[i]!)) d++;
    else if (CLOSE.test(name[i]!)) d = Math.max(0, d - 1);
    out[i + 1] = d;
  }
  return out;
}

/**
 * Where a name may be cut: prefix ends (after a run of separators, before a word) and suffix starts (before a
 * run of separators, after a word), outside brackets. Example: "LFQ intensity H1" → prefix ends [0, 4, 14],
 * suffix starts [3, 13, 16].
 */
export function cuts(name: string): { prefixEnds: number[]; suffixStarts: number[] } {
  const depth = depths(name);
  const prefixEnds = [0];
  const suffixStarts: number[] = [];
  for (let i = 1; i < name.length; i++) {
    const before = SEPARATOR.test(name[i - 1]!);
    const at = SEPARATOR.test(name[i]!);
    if (before && !at && depth[i] === 0) prefixEnds.push(i);
    if (!before && at && depth[i] === 0) suffixStarts.push(i);
  }
  suffixStarts.push(name.length);
  return { prefixEnds, suffixStarts };
}

/** The sample part compares two groups (a fold change or its p-value): `(127) / (126)`, `A vs B`, `KO_over_WT`. */
export function comparesGroups(part: string): boolean {
  return /\)\s*\/\s*\(|\s\/\s|\b(vs|versus|over)\b/i.test(part);
}

/** Names a per-sample column's name is matched by: without Perseus' type prefix ("E: "), trimmed. */
function bare(name: string): string {
  return stripTypePrefix(name).trim();
}

/** At most this many prefix or suffix cuts are tried per name (very long names: the shared ones closest to the ends). */
const MAX_CUTS = 24;

interface Candidate {
  column: Column;
  name: string;
  index: number;
  prefixEnds: number[];
  suffixStarts: number[];
  /** Part words (isPartWord) in the name's words before each character position: vocab[j] - vocab[i] > 0 when [i, j) holds one. */
  vocab: Int32Array;
}

/**
 * Count of part words (vocabulary.ts isPartWord) among the words ending at or before each position, and the
 * spans of the anchor words (isAnchorWord) a template's fixed text may end after or start before.
 */
function vocabularyCounts(name: string): { counts: Int32Array; anchors: [number, number][] } {
  const counts = new Int32Array(name.length + 1);
  const re = /[A-Za-z0-9]+/g;
  let m: RegExpExecArray | null;
  const ends: number[] = [];
  const anchors: [number, number][] = [];
  while ((m = re.exec(name)) !== null) {
    let part = false;
    let anchor = false;
    for (const w of nameWords(m[0])) {
      if (isPartWord(w)) part = true;
      if (isAnchorWord(w)) anchor = true;
    }
    if (part) ends.push(m.index + m[0].length);
    if (anchor) anchors.push([m.index, m.index + m[0].length]);
  }
  let k = 0;
  for (let i = 0; i <= name.length; i++) {
    while (k < ends.length && ends[k]! <= i) k++;
    counts[i] = k;
  }
  return { counts, anchors };
}

/**
 * The cuts worth trying (module comment, 2): the name's ends, the first prefix end after each anchor word and the
 * last suffix start before each (`LFQ intensity |H1`, `a| MaxLFQ Intensity`, `TotInt_|126C_BGS`): a template's fixed
 * text is the quantity's description, whose words are anchors; cutting elsewhere only moves a sample's own words
 * into the template.
 */
function anchoredCuts(name: string, all: { prefixEnds: number[]; suffixStarts: number[] }, anchors: readonly [number, number][]): { prefixEnds: number[]; suffixStarts: number[] } {
  const prefixEnds = new Set<number>([0]);
  const suffixStarts = new Set<number>([name.length]);
  for (const [start, end] of anchors) {
    const p = all.prefixEnds.find((i) => i >= end);
    if (p !== undefined) prefixEnds.add(p);
    let x: number | undefined;
    for (const j of all.suffixStarts) if (j <= start && j < name.length) x = j;
    if (x !== undefined) suffixStarts.add(x);
  }
  return { prefixEnds: [...prefixEnds].sort((a, b) => a - b), suffixStarts: [...suffixStarts].sort((a, b) => a - b) };
}

interface Template {
  prefix: string;
  suffix: string;
  members: Candidate[];
  /** Its fixed words name a quantity (1) or not (0); the length of its fixed text without spaces. */
  worded?: number;
  fixedLength?: number;
}

function displayName(prefix: string, suffix: string): string {
  const clean = (s: string) => s.replace(/^[^A-Za-z0-9[(]+|[^A-Za-z0-9\])]+$/g, '');
  if (/[\\/]/.test(prefix) && wordClass(prefix + suffix) !== 'quantity') return 'Runs';
  const p = clean(prefix);
  const x = clean(suffix);
  if (p === '' && x === '') return 'Sample columns';
  if (p === '' || x === '') return p || x;
  return `${p} … ${x}`;
}

/** The families of `table` (module comment); `reserved` columns (ids, labels, annotations) are never candidates. */
export function findFamilies(table: Table, reserved: ReadonlySet<string> = new Set(), missingTokens: readonly string[] = []): Families {
  const statistics: string[] = [];
  const candidates: Candidate[] = [];
  // (Beside a p-value, `t` and `B` are limma's statistics; alone they may name samples T and B.)
  const testResults = table.columns.some((c) => testResultKind(bare(c.name)) === 'p-value');
  table.columns.forEach((column, index) => {
    if (reserved.has(column.name) || !isQuantityColumn(column, missingTokens)) return;
    const name = bare(column.name);
    if (isStatisticName(name, { testResults })) {
      statistics.push(column.name);
      return;
    }
    const { counts, anchors } = vocabularyCounts(name);
    const { prefixEnds, suffixStarts } = anchoredCuts(name, cuts(name), anchors);
    candidates.push({ column, name, index, prefixEnds, suffixStarts, vocab: counts });
  });

  // Prefixes and suffixes two candidates or more share.
  const prefixCount = new Map<string, number>();
  const suffixCount = new Map<string, number>();
  for (const c of candidates) {
    for (const i of c.prefixEnds) if (i > 0) prefixCount.set(c.name.slice(0, i), (prefixCount.get(c.name.slice(0, i)) ?? 0) + 1);
    for (const j of c.suffixStarts) if (j < c.name.length) suffixCount.set(c.name.slice(j), (suffixCount.get(c.name.slice(j)) ?? 0) + 1);
  }
  const templates = new Map<string, Template>();
  for (const c of candidates) {
    const prefixes = c.prefixEnds.filter((i) => i === 0 || (prefixCount.get(c.name.slice(0, i)) ?? 0) >= 2).slice(-MAX_CUTS);
    const suffixes = c.suffixStarts.filter((j) => j === c.name.length || (suffixCount.get(c.name.slice(j)) ?? 0) >= 2).slice(0, MAX_CUTS);
    for (const i of prefixes) {
      for (const j of suffixes) {
        if (j <= i) continue;
        if (c.vocab[j]! - c.vocab[i]! > 0) continue;
        const part = c.name.slice(i, j);
        if (!/[A-Za-z0-9]/.test(part) || comparesGroups(part)) continue;
        const prefix = c.name.slice(0, i);
        const suffix = c.name.slice(j);
        const key = `${prefix}\u0000${suffix}`;
        const t = templates.get(key);
        if (t) t.members.push(c);
        else templates.set(key, { prefix, suffix, members: [c] });
      }
    }
  }

  const families: Family[] = [];
  const kinds = new Map<Candidate, ValueKind>();
  const kindOf = (c: Candidate) => {
    let k = kinds.get(c);
    if (k === undefined) kinds.set(c, (k = valueKind(c.column)));
    return k;
  };
  const taken = new Set<Candidate>();
  const live = [...templates.values()].filter((t) => t.members.length >= 2);
  // A template whose fixed text names a statistic (`{S}.PG.Qvalue`, `Peptides {S}`, `{S}_mean`): its columns are
  // statistics per sample, whatever else they share.
  for (const t of live) {
    if (!isStatisticName(t.prefix + t.suffix, { testResults })) continue;
    for (const c of t.members) {
      if (taken.has(c)) continue;
      taken.add(c);
      statistics.push(c.column.name);
    }
  }
  for (;;) {
    let best: { t: Template; members: Candidate[]; score: [number, number, number] } | null = null;
    for (const t of live) {
      const members = t.members.filter((c) => !taken.has(c));
      if (members.length < 2) continue;
      const fixed = t.prefix + t.suffix;
      t.worded ??= wordClass(fixed, { testResults }) === 'quantity' ? 1 : 0;
      t.fixedLength ??= fixed.replace(/\s/g, '').length;
      const score: [number, number, number] = [t.worded, members.length, -t.fixedLength];
      if (best === null || score[0] > best.score[0] || (score[0] === best.score[0] && (score[1] > best.score[1] || (score[1] === best.score[1] && score[2] > best.score[2])))) {
        best = { t, members, score };
      }
    }
    if (best === null) break;
    const { t } = best;
    let members = best.members;
    const worded = best.score[0] === 1;
    // A family without a quantity word: only the columns whose values are of its (majority) kind (a family
    // named by its quantity: the kind of a few of its columns).
    const counts = new Map<ValueKind, number>();
    for (const c of worded ? members.slice(0, 8) : members) if (kindOf(c) !== 'empty') counts.set(kindOf(c), (counts.get(kindOf(c)) ?? 0) + 1);
    let kind: ValueKind = 'empty';
    for (const [k, n] of counts) if (kind === 'empty' || n > (counts.get(kind) ?? 0)) kind = k;
    if (!worded) {
      const odd = members.filter((c) => !compatibleKinds(kind, kindOf(c)) || kindOf(c) === 'index' || kindOf(c) === 'fraction');
      if (kind === 'index' || kind === 'fraction') {
        // A family of row numbers or probabilities is no family of samples.
        for (const c of members) {
          taken.add(c);
          statistics.push(c.column.name);
        }
        continue;
      }
      for (const c of odd) {
        taken.add(c);
        statistics.push(c.column.name);
      }
      members = members.filter((c) => !odd.includes(c));
      if (members.length < 2) {
        for (const c of members) taken.add(c);
        continue;
      }
    }
    for (const c of members) taken.add(c);
    if (isStatisticName(t.prefix + t.suffix, { testResults })) {
      // `Peptides {S}`, `Score Sequest HT {S} Sequest HT`: a statistic per sample, never a sample.
      for (const c of members) statistics.push(c.column.name);
      continue;
    }
    members.sort((a, b) => a.index - b.index);
    const parts = members.map((c) => c.name.slice(t.prefix.length, c.name.length - t.suffix.length));
    // Sums over samples: a sample part that is the leading part of others' and whose values are their sum
    // (MaxQuant's `Reporter intensity corrected 1` beside `… 1 01`, `… 1 02`).
    const sums = new Set<number>();
    // The leading parts (up to a separator) of every sample part: a part among them has extensions.
    const extended = new Map<string, number[]>();
    parts.forEach((q, j) => {
      for (let k = 1; k < q.length; k++) {
        if (!SEPARATOR.test(q[k]!) || SEPARATOR.test(q[k - 1]!)) continue;
        const head = q.slice(0, k);
        const list = extended.get(head);
        if (list) list.push(j);
        else extended.set(head, [j]);
      }
    });
    parts.forEach((p, i) => {
      const extensions = extended.get(p);
      if (extensions && isSumOf(members[i]!.column, extensions.map((j) => members[j]!.column))) sums.add(i);
    });
    for (const i of sums) statistics.push(members[i]!.column.name);
    const kept = members.filter((_, i) => !sums.has(i));
    if (kept.length < 2) continue;
    families.push({
      prefix: t.prefix,
      suffix: t.suffix,
      name: displayName(t.prefix, t.suffix),
      columns: kept.map((c) => c.column.name),
      parts: parts.filter((_, i) => !sums.has(i)),
      tier: quantityTier(t.prefix + t.suffix),
      kind,
      logarithmic: saysLogarithmic(t.prefix + t.suffix) || nameWords(t.prefix + t.suffix).has('npx'),
    });
  }
  return { families, statistics };
}

/** A column's value in row `r` (NaN when missing or not a number). */
function valueAt(column: Column, r: number): number {
  if (column.numbers) return column.numbers[r]!;
  const t = column.texts?.[r];
  if (t === null || t === undefined) return NaN;
  const v = classifyText(t);
  return typeof v === 'number' ? v : NaN;
}

/** `total` holds the sum of `parts` (within 1 %) in 9 rows of 10 or more among up to 500 rows where it is positive. */
function isSumOf(total: Column, parts: readonly Column[]): boolean {
  const n = total.numbers ? total.numbers.length : (total.texts?.length ?? 0);
  const step = Math.max(1, Math.floor(n / 500));
  let compared = 0;
  let equal = 0;
  for (let r = 0; r < n; r += step) {
    const t = valueAt(total, r);
    if (!(t > 0)) continue;
    let sum = 0;
    for (const p of parts) {
      const v = valueAt(p, r);
      if (v === v) sum += v;
    }
    compared++;
    if (Math.abs(sum - t) <= 0.01 * t) equal++;
  }
  return compared >= 5 && equal * 10 >= compared * 9;
}

/**
 * The families in the order a scientist would choose them: those at least half as large as the largest first,
 * by quantity tier, then by size; the smaller ones after them, by size. Stable otherwise (file order).
 */
export function rankFamilies(families: readonly Family[]): Family[] {
  const largest = Math.max(0, ...families.map((f) => f.columns.length));
  const large = (f: Family) => f.columns.length * 2 >= largest;
  return [...families].sort((a, b) => {
    if (large(a) !== large(b)) return large(a) ? -1 : 1;
    if (large(a) && a.tier !== b.tier) return a.tier - b.tier;
    return b.columns.length - a.columns.length;
  });
}

/** Families measuring the same samples as `chosen` (half or more of their sample parts shared): the quantities to switch to. */
export function sameSamples(chosen: Family, others: readonly Family[]): Family[] {
  const parts = new Set(chosen.parts.map((p) => p.toLowerCase()));
  return others.filter((f) => f !== chosen && f.parts.filter((p) => parts.has(p.toLowerCase())).length * 2 >= Math.min(f.parts.length, parts.size));
}
