/**
 * Sample names and name-part annotations for a table's sample columns, the same in the recognition, the app
 * and the CLI (a pure function of the table and the columns chosen):
 *
 * 1. The sample part of each column's name: the recognised format's quantity pattern (spec-match.ts; R-rewritten
 *    headers too), else the shortest prefix and suffix all the columns share that hold the quantity's words
 *    (`LFQ intensity `, `.PG.Quantity`), else the whole name.
 * 2. Names: the labels of a label row above the header when it labels every column (a PAW summary's
 *    `BGS-S4-1` over `TotInt_126C_BGS`), else the sample parts cleaned (sample-names.ts cleanSampleName: `[n] `
 *    prefix, run paths and run-file extensions dropped); parts holding a reporter channel or a PD file id lose
 *    the tokens all of them share (one plex's `1 EXP` is channel `1`). A name met again gets " (2)", " (3)", …
 *    in column order (the names stay unique; a sample table matches either).
 * 3. Name parts as annotations: when every sample part has the same number of tokens (split at spaces,
 *    underscores, colons, commas, semicolons, bars) and more than one, each token position that takes two
 *    values or more, each on two samples or more, is a sample annotation: "channel" (TMT/iTRAQ reporter names,
 *    or the first position of a reporter quantity), "file" (Proteome Discoverer file ids F1, F2), "experiment"
 *    (the other position beside a channel: MaxQuant's experiment suffix, PAW's plex name — one TMT plex, a
 *    batch), "replicate" (1, 2, R1, rep2), else "name part N" (`12500amol` of `12500amol_1` is name part 1). A PD study factor value after the sample type
 *    is "study factor N". This is what lets a scientist remove the plex as a batch without a sample table.
 *
 * @example sampleNaming(table, ['TotInt_126C_BGS', 'TotInt_127N_BGS', 'TotInt_126C_FLI', 'TotInt_127N_FLI'], 'paw')
 *   // names from the label row (or '126C_BGS', …); parts: channel [126C, 127N, 126C, 127N], experiment [BGS, BGS, FLI, FLI]
 */
import { cleanSampleName, stripTypePrefix } from '../sample-names.js';
import type { DesignJoin, FormatId, Table } from '../types.js';
import { cuts } from './families.js';
import { looseName, matchQuantity, rewrittenNames } from './spec-match.js';
import { FORMATS, type QuantitySpec } from './specs.js';
import { FILE_ID, hasVocabulary, nameWords, REPLICATE_INDEX, REPORTER_CHANNEL } from './vocabulary.js';

export interface NamePart {
  /** "channel", "experiment", "file", "replicate", "study factor 1", "name part 3". */
  name: string;
  /** One value per sample column (null when the name has none). */
  values: (string | null)[];
}

export interface SampleNaming {
  names: string[];
  /** Sample annotations read from the names (point 3 of the module comment). */
  parts: NamePart[];
  /** The names come from the label row above the header. */
  labelled: boolean;
  /** The quantity of the recognised format the columns belong to, when they all belong to one. */
  quantity: QuantitySpec | null;
}

/** A label that says the column is not a sample: "unused", "not used" (PAW's IRS script skips these channels). */
export const UNUSED_LABEL = /\b(un|not\s*)used\b|^\s*(empty|blank|none)\s*$/i;

/** The label row's cell above each column (null when there is no label row or no cell). */
export function columnLabels(table: Table, columns: readonly string[]): (string | null)[] {
  const row = table.labelRow;
  if (!row) return columns.map(() => null);
  const index = new Map(table.columns.map((c, i) => [c.name, i]));
  return columns.map((name) => {
    const i = index.get(name);
    const cell = i === undefined ? null : (row.cells[i] ?? null);
    return cell === null || cell.trim() === '' ? null : cell.trim();
  });
}

/** Sample parts by the shortest shared prefix and suffix that hold every quantity word of the names (module comment, 1). */
export function sharedTemplateParts(columns: readonly string[]): string[] {
  const names = columns.map((c) => stripTypePrefix(c).trim());
  if (names.length < 2) return names;
  const first = names[0]!;
  const { prefixEnds, suffixStarts } = cuts(first);
  const prefixes = prefixEnds.map((i) => first.slice(0, i)).filter((p) => names.every((n) => n.startsWith(p)));
  const suffixes = suffixStarts.map((j) => first.slice(j)).filter((x) => names.every((n) => n.endsWith(x)));
  let best: { parts: string[]; fixed: number } | null = null;
  for (const p of prefixes) {
    for (const x of suffixes) {
      if (names.some((n) => n.length <= p.length + x.length)) continue;
      const parts = names.map((n) => n.slice(p.length, n.length - x.length));
      if (parts.some((part) => hasVocabulary(part) || !/[A-Za-z0-9]/.test(part)) || new Set(parts).size !== parts.length) continue;
      if (best === null || p.length + x.length < best.fixed) best = { parts, fixed: p.length + x.length };
    }
  }
  return best?.parts ?? names;
}

/** A name made unique among those before it: " (2)", " (3)", … */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const used = new Set(names);
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    if (n === 1) return name;
    let k = n;
    while (used.has(`${name} (${k})`)) k++;
    used.add(`${name} (${k})`);
    return `${name} (${k})`;
  });
}

function tokens(text: string): string[] {
  return text.split(/[\s_:,;|]+/).filter((t) => t !== '');
}

/** Positions of the sample parts' tokens that annotate the samples (module comment, 3). */
function nameParts(parts: readonly string[], tails: readonly string[], reporter: boolean): NamePart[] {
  const out: NamePart[] = [];
  const split = parts.map((p) => tokens(cleanSampleName(p)));
  const width = split[0]?.length ?? 0;
  const qualifies = (values: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    return counts.size >= 2 && [...counts.values()].every((n) => n >= 2);
  };
  if (width >= 2 && split.every((t) => t.length === width)) {
    const positions: { index: number; values: string[] }[] = [];
    for (let k = 0; k < width; k++) {
      const values = split.map((t) => t[k]!);
      if (qualifies(values)) positions.push({ index: k, values });
    }
    const isChannel = (p: { index: number; values: string[] }) =>
      p.values.every((v) => REPORTER_CHANNEL.test(v)) || (reporter && p.index === 0 && p.values.every((v) => /^\d{1,2}$/.test(v)));
    const channel = positions.find(isChannel);
    const isReplicate = (p: { values: string[] }) => p.values.every((v) => REPLICATE_INDEX.test(v));
    const replicate = channel ? undefined : positions.find(isReplicate);
    for (const p of positions) {
      let name: string;
      if (p === channel) name = 'channel';
      else if (p.values.every((v) => FILE_ID.test(v))) name = 'file';
      else if (channel) name = 'experiment';
      else if (p === replicate) name = 'replicate';
      else name = `name part ${p.index + 1}`;
      if (out.some((o) => o.name === name)) name = `${name} ${p.index + 1}`;
      out.push({ name, values: p.values });
    }
  }
  const tailTokens = tails.map((t) => tokens(t));
  const tailWidth = Math.max(0, ...tailTokens.map((t) => t.length));
  for (let k = 0; k < tailWidth; k++) {
    const values = tailTokens.map((t) => t[k] ?? null);
    const present = values.filter((v): v is string => v !== null);
    if (present.length === values.length && qualifies(present)) out.push({ name: `study factor ${k + 1}`, values });
  }
  return out;
}

/** The quantity of `format` every column belongs to (the first that takes them all), else null. */
function commonQuantity(table: Table, columns: readonly string[], format: FormatId | undefined): QuantitySpec | null {
  const spec = FORMATS.find((f) => f.id === format);
  if (!spec || columns.length === 0) return null;
  const rewritten = rewrittenNames(table);
  return spec.quantities.find((q) => columns.every((c) => matchQuantity(q, c, rewritten) !== null)) ?? null;
}

/** Names and name-part annotations of `columns` (module comment). */
export function sampleNaming(table: Table, columns: readonly string[], format?: FormatId): SampleNaming {
  const quantity = commonQuantity(table, columns, format);
  let parts: string[];
  let tails: string[];
  if (quantity) {
    const rewritten = rewrittenNames(table);
    const matches = columns.map((c) => matchQuantity(quantity, c, rewritten)!);
    parts = matches.map((m) => m.part);
    tails = matches.map((m) => m.tail);
  } else {
    parts = sharedTemplateParts(columns);
    tails = columns.map(() => '');
  }
  const labels = columnLabels(table, columns);
  const labelled = columns.length > 0 && labels.every((l) => l !== null);
  const reporter = quantity ? nameWords(quantity.name).has('reporter') : columns.length > 0 && nameWords(stripTypePrefix(columns[0]!)).has('reporter');
  const names = uniqueNames(labelled ? (labels as string[]) : structuredNames(parts, reporter));
  return { names, parts: nameParts(parts, tails, reporter), labelled, quantity };
}

/**
 * Sample parts cleaned (cleanSampleName); for structured parts — a reporter channel or a PD file id among
 * their tokens — without the tokens every sample shares: one plex's `1 EXP` … `10 EXP` are channels 1 … 10,
 * one file's `F1: 126` … are channels 126 …
 */
function structuredNames(parts: readonly string[], reporter: boolean): string[] {
  const clean = parts.map((p) => cleanSampleName(p));
  const split = clean.map(tokens);
  const width = split[0]?.length ?? 0;
  if (parts.length < 2 || width < 2 || split.some((t) => t.length !== width)) return clean;
  const column = (k: number) => split.map((t) => t[k]!);
  const structured = Array.from({ length: width }, (_, k) => column(k)).some(
    (values, k) => values.every((v) => REPORTER_CHANNEL.test(v) || FILE_ID.test(v)) || (reporter && k === 0 && values.every((v) => /^\d{1,2}$/.test(v))),
  );
  if (!structured) return clean;
  const varying = Array.from({ length: width }, (_, k) => k).filter((k) => new Set(column(k)).size > 1);
  if (varying.length === 0 || varying.length === width) return clean;
  return split.map((t) => varying.map((k) => t[k]).join(' '));
}

/**
 * Samples named by the raw files of the sample table that was joined on their Proteome Discoverer file ids
 * (PD's Input Files table: `File ID` F1 → `File Name` `D:\…\UPS1_50amol_R1.raw` → `UPS1_50amol_R1`), when each
 * sample has a file of its own (label-free; TMT channels share theirs and keep their names). null otherwise.
 * @example namesFromSampleTable(['F1', 'F2'], join on “File ID”, { 'File Name': ['D:\\x\\A_1.raw', 'D:\\x\\B_1.raw'] })
 *   // { names: ['A_1', 'B_1'], note: 'The samples are named by the “File Name” …' }
 */
export function namesFromSampleTable(
  ids: readonly string[],
  join: Pick<DesignJoin, 'matchedColumn' | 'source'>,
  annotations: Readonly<Record<string, (string | null)[]>>,
): { names: string[]; note: string } | null {
  if (looseName(join.matchedColumn) !== 'file id') return null;
  const fileColumn = Object.keys(annotations).find((k) => looseName(k) === 'file name');
  if (!fileColumn) return null;
  const files = annotations[fileColumn]!;
  const present = files.filter((f): f is string => f !== null && f.trim() !== '');
  if (present.length === 0 || new Set(present).size !== present.length) return null;
  const names = uniqueNames(ids.map((id, i) => (files[i] ? cleanSampleName(files[i]!) : id)));
  const i = files.findIndex((f) => f !== null);
  return {
    names,
    note: `The samples are named by the “${fileColumn}” of the sample table “${join.source}” (${ids[i]} → ${names[i]}, …).`,
  };
}
