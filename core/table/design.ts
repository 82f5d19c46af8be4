/**
 * Join a sample table (design, metadata, sample sheet, Perseus category rows) to the samples of the data: each
 * sample gets at most one row, each row goes to at most one sample, and the table's other columns become sample
 * annotations (missing for samples without a row). Samples without a row and rows without a sample are listed,
 * never dropped silently; a join that matches some samples is accepted (the others are listed), one that matches
 * none is refused in one sentence that shows the names on both sides.
 *
 * Matching by names, rule after rule; at each rule only the samples still without a row and the rows still
 * without a sample take part, a sample's own name is tried before its column's name (as the file writes it),
 * and the first rule that pairs a sample wins:
 *   1. exact: the cell equals the sample's name or its column's name (spaces around trimmed) — DIA-NN metadata
 *      that copies the run paths of the matrix's header;
 *   2. clean: both cleaned by `cleanSampleName` (quantity prefix or suffix, run path → file name, run-file
 *      extension, Perseus' type letter), case and spacing folded — `LFQ intensity H1` ↔ `h1`, `/data/a.raw` ↔ `A`;
 *   3. loose: the prefix and suffix shared by all the names of each side removed (at a word boundary:
 *      sample-names.ts `commonAffixes`), then spaces, `_`, `.` and `-` dropped — a table naming another
 *      quantity's columns (`Intensity_C_R1` ↔ sample `C_R1` of `LFQ_intensity_C_R1`), runs named by their full file
 *      name (`2024_…_neuron_bcmk1` ↔ `pilot-2_neuron_bcmk1`), names that lack a shared `.raw`. A name left with
 *      digits only (`…_01`) is too weak to match on at this rule.
 * A name that two samples share under a rule (`H1` and `h1` once case is folded) matches neither at that rule:
 * one row is never given to two samples. Several rows for one sample under rule 1 or 2: identical rows are taken
 * once and said (`duplicateRows`); different rows are refused, naming the sample and the rows (issue 26 case 5).
 * At rule 3 they are only ambiguous: the sample stays without a row.
 *
 * The column holding the names is `sampleColumn`, else the one pairing the most samples (then by the stricter
 * rules, a copy of the file's own header counting most; then the first). When the table has one row per sample in the file and the names leave samples without
 * a row, a join in file order is possible (`fileOrderPossible`); it is applied only when chosen (`order: 'file'`):
 * the i-th row to the i-th sample as the file lists them, every column an annotation, with a warning when rows
 * then go to samples that other rows name.
 * @example joinDesign(design with label H1..H4, ['H1', 'H5'], ['LFQ intensity H1', 'LFQ intensity H5'])
 *   // → annotations { condition: ['CD34High', null] }, join.samplesWithoutRow ['H5']
 */
import { SkfrError } from '../errors.js';
import { formatCount } from '../format-count.js';
import { quoteList } from './lookup.js';
import { nameRecord } from './name-record.js';
import { cleanSampleName, commonAffixes, NO_AFFIXES, sampleKey, type Affixes } from './sample-names.js';
import type { DesignJoin, DesignMatch, DesignMatchRule, SampleTable, TableWarning } from './types.js';

export interface JoinedDesign {
  annotations: Record<string, (string | null)[]>;
  join: DesignJoin;
  /** E.g. a join in file order that gives samples rows naming other samples. */
  warnings: TableWarning[];
}

/** Where the samples stand in the file, for a join in file order. */
export interface FilePlaces {
  /** Each sample's place among all the file's samples (0-based: its rank among the sample columns, or its table row). */
  positions: ArrayLike<number>;
  /** Samples in the file (before any filter). */
  total: number;
}

/**
 * The places of sample columns in the file: each column's rank among them by its position in the table (the
 * order the file lists them in, whatever order the mapping names them in).
 * @example columnPlaces(table with columns [id, B, A], [A, B]) // { positions: [1, 0], total: 2 }
 */
export function columnPlaces(table: { columns: readonly object[] }, samples: readonly object[]): FilePlaces {
  const index = samples.map((c) => table.columns.indexOf(c));
  const order = index.map((_, i) => i).sort((a, b) => index[a]! - index[b]!);
  const positions = new Int32Array(samples.length);
  order.forEach((i, rank) => (positions[i] = rank));
  return { positions, total: samples.length };
}

type NameRule = Exclude<DesignMatchRule, 'file-order'>;
const RULES: readonly NameRule[] = ['exact', 'clean', 'loose'];
/** How strongly a pairing speaks for its column; a column's exact copy of the file's header counts most. */
const STRENGTH: Record<NameRule, number> = { exact: 3, clean: 2, loose: 1 };
const EXACT_HEADER = 4;

/**
 * The keys one side's names are compared by under `rule` (null: no key — empty, or too weak). The loose rule
 * works on the cleaned names, less the prefix and suffix all of them share (sample-names.ts `commonAffixes`).
 */
function keysOf(rule: NameRule, names: readonly (string | null)[]): (string | null)[] {
  const trimmed = names.map((name) => (name === null || name.trim() === '' ? null : name.trim()));
  switch (rule) {
    case 'exact':
      return trimmed;
    case 'clean':
      return trimmed.map((name) => (name === null ? null : sampleKey(name)));
    case 'loose': {
      const cleaned = trimmed.map((name) => (name === null ? null : cleanSampleName(name)));
      const { prefix, suffix } = sharedAffixes(cleaned);
      return cleaned.map((name) => {
        if (name === null) return null;
        let s = name;
        if (prefix && s.startsWith(prefix) && s.length > prefix.length) s = s.slice(prefix.length);
        if (suffix && s.endsWith(suffix) && s.length > suffix.length) s = s.slice(0, -suffix.length);
        const key = s.toLowerCase().replace(/[\s._-]+/g, '');
        return key === '' || /^\d+$/.test(key) ? null : key;
      });
    }
  }
}

/**
 * The prefix and suffix all the (cleaned, non-empty) names share, for the loose rule. None for fewer than 2 names,
 * or names that repeat (commonAffixes keeps names distinct, so it finds none there either: a condition column's
 * values are not looked through).
 */
function sharedAffixes(cleaned: readonly (string | null)[]): Affixes {
  const names = cleaned.filter((name): name is string => name !== null);
  if (names.length < 2 || new Set(names).size !== names.length) return NO_AFFIXES;
  return commonAffixes(names);
}

/** How one column of the sample table pairs with the samples. */
interface ColumnMatch {
  column: string;
  /** Row per sample (-1: none). */
  rows: Int32Array;
  rules: (NameRule | null)[];
  matched: number;
  /** Σ STRENGTH over the pairings (EXACT_HEADER for a cell equal to the sample's column name as written). */
  score: number;
  /** Samples with several different rows (rule 1 or 2). */
  conflicts: { sample: number; rows: number[] }[];
  /** Samples with several identical rows, and the rows (all taken). */
  duplicates: { sample: number; rows: number[] }[];
  used: Uint8Array;
}

function sameRows(design: SampleTable, a: number, b: number): boolean {
  return design.columns.every((c) => (c.values[a] ?? null) === (c.values[b] ?? null));
}

/** The samples' names as each rule compares them, and the keys two samples share (they pair neither), made once. */
interface SampleKeys {
  ids: readonly string[];
  sources: readonly string[];
  /** Per rule, the keys of the names and of the column names (null: not compared — the same names, or the loose rule). */
  keys: Record<NameRule, { ids: (string | null)[]; sources: (string | null)[] | null; shared: Set<string> }>;
}

function sampleKeysOf(ids: readonly string[], sources: readonly string[]): SampleKeys {
  const same = ids.every((id, i) => id === sources[i]);
  const keysFor = (rule: NameRule) => {
    const idKeys = keysOf(rule, ids);
    // (the loose rule compares the samples' names only: their columns' names carry the quantity they all share)
    const sourceKeys = same || rule === 'loose' ? null : keysOf(rule, sources);
    // (a key two different samples give, by their names or their column names; a sample's own two keys are one)
    const owner = new Map<string, number>();
    const shared = new Set<string>();
    const claim = (key: string | null, i: number): void => {
      if (key === null) return;
      const first = owner.get(key);
      if (first === undefined) owner.set(key, i);
      else if (first !== i) shared.add(key);
    };
    idKeys.forEach(claim);
    sourceKeys?.forEach(claim);
    return { ids: idKeys, sources: sourceKeys, shared };
  };
  return { ids, sources, keys: { exact: keysFor('exact'), clean: keysFor('clean'), loose: keysFor('loose') } };
}

function matchColumn(design: SampleTable, column: SampleTable['columns'][number], samples: SampleKeys): ColumnMatch {
  const { ids, sources } = samples;
  const n = ids.length;
  const m = column.values.length;
  const rows = new Int32Array(n).fill(-1);
  const rules: (NameRule | null)[] = new Array<NameRule | null>(n).fill(null);
  const used = new Uint8Array(m);
  const conflicts: ColumnMatch['conflicts'] = [];
  const duplicates: ColumnMatch['duplicates'] = [];
  const strength = new Int32Array(n);
  let left = n;
  for (const rule of RULES) {
    if (left === 0) break;
    const rowKeys = keysOf(rule, column.values);
    const { ids: idKeys, sources: sourceKeys, shared } = samples.keys[rule];
    for (const side of sourceKeys === null ? [idKeys] : [idKeys, sourceKeys]) {
      const header = side === sourceKeys;
      const byKey = new Map<string, number[]>();
      rowKeys.forEach((key, r) => {
        if (key === null || used[r]) return;
        const list = byKey.get(key);
        if (list) list.push(r);
        else byKey.set(key, [r]);
      });
      side.forEach((key, i) => {
        if (key === null || rows[i]! >= 0 || shared.has(key)) return; // (a name two samples share pairs neither)
        const candidates = byKey.get(key);
        if (!candidates) return;
        if (candidates.length > 1) {
          if (candidates.every((r) => sameRows(design, candidates[0]!, r))) duplicates.push({ sample: i, rows: candidates });
          else if (rule !== 'loose') conflicts.push({ sample: i, rows: candidates });
          else return; // (ambiguous only)
        }
        rows[i] = candidates[0]!;
        rules[i] = rule;
        left--;
        strength[i] = rule === 'exact' && (header || ids[i] === sources[i]) ? EXACT_HEADER : STRENGTH[rule];
        for (const r of candidates) used[r] = 1;
      });
    }
  }
  let matched = 0;
  let score = 0;
  rules.forEach((rule, i) => {
    if (rule === null) return;
    matched++;
    score += strength[i]!;
  });
  return { column: column.name, rows, rules, matched, score, conflicts, duplicates, used };
}

/** The columns' matches, best first (most samples paired, then by the stricter rules, then table order). */
function bestColumn(design: SampleTable, samples: SampleKeys): ColumnMatch {
  const candidates = design.sampleColumn !== null ? design.columns.filter((c) => c.name === design.sampleColumn) : design.columns;
  if (candidates.length === 0) {
    throw new SkfrError(
      'unknown-column',
      `The sample table “${design.source}” has no column “${design.sampleColumn}”; its columns: ${quoteList(design.columns.map((c) => c.name))}.`,
    );
  }
  let best: ColumnMatch | null = null;
  for (const column of candidates) {
    const match = matchColumn(design, column, samples);
    if (best === null || match.matched > best.matched || (match.matched === best.matched && match.score > best.score)) best = match;
  }
  return best!;
}

/** A row as its cells, for messages: “H1, CD34High, 1”. */
function rowText(design: SampleTable, r: number): string {
  const text = design.columns.map((c) => c.values[r] ?? '').join(', ');
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** The column whose values look most like names (most distinct values; first on a tie), for messages. */
function namesColumn(design: SampleTable): SampleTable['columns'][number] {
  if (design.sampleColumn !== null) {
    const named = design.columns.find((c) => c.name === design.sampleColumn);
    if (named) return named;
  }
  let best = design.columns[0]!;
  let most = -1;
  for (const column of design.columns) {
    const distinct = new Set(column.values.filter((v) => v !== null && v.trim() !== '')).size;
    if (distinct > most) {
      best = column;
      most = distinct;
    }
  }
  return best;
}

function rowCount(design: SampleTable): number {
  return design.columns.reduce((most, c) => Math.max(most, c.values.length), 0);
}

/** Refusal of two different rows for one sample (issue 26 case 5). */
function conflictError(design: SampleTable, match: ColumnMatch, ids: readonly string[]): SkfrError {
  const { sample, rows } = match.conflicts[0]!;
  const shown = rows.slice(0, 2);
  const others = match.conflicts.length - 1;
  return new SkfrError(
    'invalid-option',
    `Sample “${ids[sample]}” has ${rows.length === 2 ? 'two' : formatCount(rows.length, ' ')} different rows in the sample table “${design.source}” ` +
      `(rows ${shown.map((r) => r + 1).join(' and ')}${rows.length > 2 ? ' …' : ''} below its header: ${shown.map((r) => `“${rowText(design, r)}”`).join(' and ')})` +
      `${others > 0 ? `, and ${formatCount(others, ' ')} more sample${others === 1 ? ' has' : 's have'} several` : ''}; ` +
      `keep one row per sample, or choose the column that names each sample once.`,
  );
}

function noMatchError(design: SampleTable, ids: readonly string[], total: number, fileOrder: boolean): SkfrError {
  const names = namesColumn(design);
  const examples = names.values.filter((v): v is string => v !== null && v.trim() !== '').slice(0, 3);
  const where = design.sampleColumn !== null ? `its column “${design.sampleColumn}”` : `its column “${names.name}”`;
  const sentence =
    `No sample of the data has a row in the sample table “${design.source}”: ${where} holds names such as ${quoteList(examples)}, ` +
    `the data's samples are named ${quoteList(ids, 3)}. `;
  if (!fileOrder) return new SkfrError('invalid-option', `${sentence}Choose the sample table that describes these samples, or the column that names them.`);
  return new SkfrError(
    'design-unmatched',
    `${sentence}It has one row for each of the ${formatCount(total, ' ')} samples: if its rows follow the samples' order in the file, ` +
      `join them in file order (“Match in file order” on the Import screen, --design-order file).`,
  );
}

function annotationName(name: string, taken: ReadonlySet<string>, annotations: Record<string, unknown>): string {
  let out = name;
  while (taken.has(out) || out in annotations) out = `${out} (design)`;
  return out;
}

/** The join in file order (chosen by the user): the i-th row to the sample at place i. */
function joinInFileOrder(design: SampleTable, ids: readonly string[], sources: readonly string[], places: FilePlaces, taken: ReadonlySet<string>): JoinedDesign {
  const m = rowCount(design);
  if (m !== places.total) {
    throw new SkfrError(
      'invalid-option',
      `The sample table “${design.source}” has ${formatCount(m, ' ')} row${m === 1 ? '' : 's'} and the data ${formatCount(places.total, ' ')} sample${places.total === 1 ? '' : 's'}: ` +
        `a join in file order needs one row per sample; match them by names instead.`,
    );
  }
  const rows = Int32Array.from(places.positions);
  const names = namesColumn(design);
  const annotations = nameRecord<(string | null)[]>();
  const columns: string[] = [];
  for (const column of design.columns) {
    const name = annotationName(column.name, taken, annotations);
    annotations[name] = Array.from(rows, (r) => column.values[r] ?? null);
    columns.push(name);
  }
  // What the names say, to warn when the chosen order gives samples rows that name other samples.
  const byNames = matchColumn(design, names, sampleKeysOf(ids, sources));
  const crossed: string[] = [];
  ids.forEach((id, i) => {
    const r = byNames.rows[i]!;
    if (r >= 0 && r !== rows[i]) crossed.push(`“${id}” gets row ${rows[i]! + 1} (“${names.values[rows[i]!] ?? ''}”), not row ${r + 1}`);
  });
  const warnings: TableWarning[] = [];
  if (crossed.length > 0) {
    warnings.push({
      code: 'design',
      message:
        `Joined in file order as chosen, but ${formatCount(crossed.length, ' ')} sample${crossed.length === 1 ? '' : 's'} get a row of “${design.source}” that names ` +
        `another sample: ${crossed.slice(0, 3).join('; ')}${crossed.length > 3 ? ' …' : ''}; check the order, or match by names.`,
    });
  }
  const matches: DesignMatch[] = ids.map((sample, i) => ({ sample, row: rows[i]!, value: names.values[rows[i]!] ?? null, rule: 'file-order' }));
  return {
    annotations,
    warnings,
    join: {
      source: design.source,
      matchedColumn: '',
      matched: ids.length,
      samplesWithoutRow: [],
      rowsWithoutSample: [],
      columns,
      order: 'file',
      matches,
      rows: m,
      samples: places.total,
      fileOrderPossible: true,
      duplicateRows: [],
    },
  };
}

/**
 * See the module comment.
 * @param sampleIds the samples' (clean) names
 * @param sourceNames the name each sample had in the file (its column name, or its id when samples are rows)
 * @param taken annotation names already used by the data (a sample-table column of that name gets " (design)")
 * @param places where the samples stand in the file (default: in the given order, all of them)
 */
export function joinDesign(
  design: SampleTable,
  sampleIds: readonly string[],
  sourceNames: readonly string[],
  taken: ReadonlySet<string> = new Set(),
  places: FilePlaces = { positions: Array.from(sampleIds, (_, i) => i), total: sampleIds.length },
): JoinedDesign {
  if (design.columns.length === 0) {
    throw new SkfrError('invalid-option', `The sample table “${design.source}” has no columns.`);
  }
  if (design.order === 'file') return joinInFileOrder(design, sampleIds, sourceNames, places, taken);
  const best = bestColumn(design, sampleKeysOf(sampleIds, sourceNames));
  if (best.conflicts.length > 0) throw conflictError(design, best, sampleIds);
  const m = rowCount(design);
  if (best.matched === 0) throw noMatchError(design, sampleIds, places.total, m === places.total);
  const { rows } = best;
  const nameColumn = design.columns.find((c) => c.name === best.column)!;
  const rowsWithoutSample = nameColumn.values
    .map((v, r) => (best.used[r] || v === null || v.trim() === '' ? null : v))
    .filter((v): v is string => v !== null);
  const samplesWithoutRow = sampleIds.filter((_, i) => rows[i]! < 0);
  const annotations = nameRecord<(string | null)[]>();
  const columns: string[] = [];
  for (const column of design.columns) {
    if (column.name === best.column) continue;
    const name = annotationName(column.name, taken, annotations);
    annotations[name] = Array.from(rows, (r) => (r >= 0 ? (column.values[r] ?? null) : null));
    columns.push(name);
  }
  const matches: DesignMatch[] = sampleIds.map((sample, i) => {
    const r = rows[i]!;
    return { sample, row: r >= 0 ? r : null, value: r >= 0 ? (nameColumn.values[r] ?? null) : null, rule: best.rules[i] ?? null };
  });
  return {
    annotations,
    warnings: [],
    join: {
      source: design.source,
      matchedColumn: best.column,
      matched: best.matched,
      samplesWithoutRow,
      rowsWithoutSample,
      columns,
      order: 'names',
      matches,
      rows: m,
      samples: places.total,
      fileOrderPossible: m === places.total && best.matched < sampleIds.length,
      duplicateRows: best.duplicates.map((d) => sampleIds[d.sample]!),
    },
  };
}

/**
 * The sentence the screen and the CLI show for a join: "Sample table … matched 12 of 15 samples on “label”; no
 * row for H5, L5, N5." (or "… joined in file order: 12 rows to 12 samples, as chosen.").
 */
export function describeJoin(join: DesignJoin, samples: number): string {
  if (join.order === 'file') {
    return `Sample table “${join.source}” joined in file order, as chosen: ${join.matched} of ${samples} samples, the names not compared.`;
  }
  const parts = [`Sample table “${join.source}” matched ${join.matched} of ${samples} samples on “${join.matchedColumn}”`];
  if (join.samplesWithoutRow.length > 0) parts.push(`no row for ${quoteList(join.samplesWithoutRow, 10)}`);
  if (join.rowsWithoutSample.length > 0) parts.push(`rows naming no sample: ${quoteList(join.rowsWithoutSample, 10)}`);
  if ((join.duplicateRows ?? []).length > 0) parts.push(`identical rows taken once for ${quoteList(join.duplicateRows!, 10)}`);
  return `${parts.join('; ')}.`;
}
