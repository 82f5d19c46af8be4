/**
 * Where a sheet's header is, decided alike for text files (delimited.ts) and workbooks (workbook.ts) from a
 * short description of its first rows (`ProbeRow`: the kind of each cell, nothing else):
 *
 * - Title rows: rows above the header (a caption such as "LFQ intensities of the 66 profiles"), skipped and
 *   kept as text. Detected header: among the first HEADER_CANDIDATES non-blank rows, the first row that is
 *   wide — at least 2 non-empty cells and at least half the body width (the median non-empty-cell count of
 *   the BODY_ROWS rows below it) — and mostly text (more text than numbers, text in at least half its
 *   non-empty cells). A wide row that is not mostly text before it (e.g. a header of numeric sample names)
 *   means there are no title rows: the first non-blank row is the header, as is every file without a wide
 *   text row (one-column files among them).
 * - Two-row headers (a group row above sub-names, as journal supplements merge cells): rows A and B form the
 *   header when A has at least 2 non-empty cells and is mostly text, B is text in every column where the
 *   body below B holds (mostly) numbers — there must be one —, B fills some blank cell of A, A has a cell
 *   over a blank cell of B (its own column names, e.g. "Protein"), and together they are wide. Names: see
 *   `joinHeaderNames`.
 * - Rows above a complete header that annotate its numeric columns: row A (mostly text, 2 cells or more) right
 *   above row B (wide, mostly text) where every cell of A sits over a name of B whose column holds numbers in
 *   the body, and A starts right of B's first name (it never labels the id columns). When A labels those
 *   columns one by one (its cells fill 3/4 or more of the span from its first to its last, as a PAW TMT
 *   summary's sample labels above `TotInt_126C_BGS` …) it is a label row: B is the header and A is kept aligned
 *   with the columns (`HeaderChoice.label`, Table.labelRow). Otherwise A names blocks of columns (a
 *   supplement's "LFQ intensity" and "Spectral count" over two runs of the same sample names): A and B form a
 *   two-row header, each block's name carried over its numeric columns. A label row whose labels stand in runs
 *   over the same names (the block's name written over each of its columns: `labelsNameBlocks`) names blocks too.
 * - Perseus annotation rows right below the header (first cell `#!{Type}E`, `#!{C:group}RA`): not data.
 *   They are left out of the body the rules above look at.
 *
 * Example: rows ["Title"], ["Protein", "S1", "S2"], ["P1", 1, 2] → header at index 1, one row; index 0 is a title.
 */
import { SkfrError } from '../errors.js';

/** Cell kinds in `ProbeRow.kinds`. */
export const BLANK = 0;
export const NUMBER = 1;
export const TEXT = 2;
/** A missing token (NA, NaN, #N/A…) or an error cell: not blank, neither number nor text. */
export const MISSING = 3;

/** A non-blank row as the header rules see it. */
export interface ProbeRow {
  /** Kind of each cell (BLANK, NUMBER, TEXT, MISSING). */
  kinds: Uint8Array;
  nonEmpty: number;
  numbers: number;
  texts: number;
  /** The first cell starts with `#!{` (a Perseus annotation row). */
  meta: boolean;
}

/** Non-blank rows among which the header is looked for. */
export const HEADER_CANDIDATES = 30;
/** Non-blank rows below a candidate that describe the body. */
export const BODY_ROWS = 10;
/** Non-blank rows a reader collects before deciding (candidates, a second header row, the body below). */
export const PROBE_ROWS = HEADER_CANDIDATES + 1 + BODY_ROWS;
/**
 * Text files: rows starting this far (bytes) into the file or further (past the header, when it is given)
 * are not collected, so that a few very wide rows cannot hold the whole file in memory. A property of the
 * bytes, not of how they are cut: a file read whole and in chunks decides alike.
 */
export const PROBE_BYTES = 4 * 1024 * 1024;

/** Describe a row from its cell kinds (`meta`: its first cell starts with `#!{`). */
export function probeRow(kinds: Uint8Array, meta: boolean): ProbeRow {
  let nonEmpty = 0;
  let numbers = 0;
  let texts = 0;
  for (let c = 0; c < kinds.length; c++) {
    const k = kinds[c]!;
    if (k !== BLANK) nonEmpty++;
    if (k === NUMBER) numbers++;
    else if (k === TEXT) texts++;
  }
  return { kinds, nonEmpty, numbers, texts, meta };
}

/** Up to BODY_ROWS rows from index `from` on, annotation rows left out. */
function bodyOf(rows: readonly ProbeRow[], from: number): ProbeRow[] {
  const body: ProbeRow[] = [];
  for (let i = from; i < rows.length && body.length < BODY_ROWS; i++) if (!rows[i]!.meta) body.push(rows[i]!);
  return body;
}

/** The body's width: the (upper) median of its rows' non-empty-cell counts; 0 without rows. */
function bodyWidth(body: readonly ProbeRow[]): number {
  if (body.length === 0) return 0;
  const counts = body.map((r) => r.nonEmpty).sort((a, b) => a - b);
  return counts[counts.length >> 1]!;
}

function mostlyText(row: ProbeRow): boolean {
  return row.texts > row.numbers && 2 * row.texts >= row.nonEmpty;
}

function wide(cells: number, body: readonly ProbeRow[]): boolean {
  return cells >= 2 && 2 * cells >= bodyWidth(body);
}

/** The body's column is numeric: more of its cells are numbers than text. */
function numericColumns(body: readonly ProbeRow[], width: number): boolean[] {
  const out: boolean[] = [];
  for (let c = 0; c < width; c++) {
    let numbers = 0;
    let texts = 0;
    for (const r of body) {
      const k = r.kinds[c];
      if (k === NUMBER) numbers++;
      else if (k === TEXT) texts++;
    }
    out.push(numbers > texts);
  }
  return out;
}

/**
 * Row `index` annotates the numeric columns of a complete header right below it (module comment): 'label' (it
 * names them one by one), 'blocks' (it names runs of them), or null.
 */
export function aboveHeader(rows: readonly ProbeRow[], index: number): 'label' | 'blocks' | null {
  const a = rows[index];
  const b = rows[index + 1];
  if (!a || !b || a.meta || b.meta || a.nonEmpty < 2 || !mostlyText(a) || !mostlyText(b)) return null;
  const body = bodyOf(rows, index + 2);
  if (body.length === 0 || !wide(b.nonEmpty, body)) return null;
  let width = Math.max(a.kinds.length, b.kinds.length);
  for (const r of body) width = Math.max(width, r.kinds.length);
  const numeric = numericColumns(body, width);
  let firstA = -1;
  let lastA = -1;
  let firstB = -1;
  for (let c = 0; c < width; c++) {
    const ka = a.kinds[c] ?? BLANK;
    const kb = b.kinds[c] ?? BLANK;
    if (kb !== BLANK && firstB < 0) firstB = c;
    if (ka === BLANK) continue;
    if (kb !== TEXT || !numeric[c]) return null;
    if (firstA < 0) firstA = c;
    lastA = c;
  }
  if (firstA <= firstB) return null;
  return 4 * a.nonEmpty >= 3 * (lastA - firstA + 1) ? 'label' : 'blocks';
}

/** Rows `index` and `index + 1` form a two-row header (rule in the module comment). */
export function isTwoRowHeader(rows: readonly ProbeRow[], index: number): boolean {
  if (aboveHeader(rows, index) === 'blocks') return true;
  const a = rows[index];
  const b = rows[index + 1];
  if (!a || !b || a.meta || b.meta) return false;
  if (a.nonEmpty < 2 || !mostlyText(a) || b.texts <= b.numbers) return false;
  const body = bodyOf(rows, index + 2);
  if (body.length === 0) return false;
  let width = Math.max(a.kinds.length, b.kinds.length);
  for (const r of body) width = Math.max(width, r.kinds.length);
  let numericColumns = 0;
  let fillsA = false;
  let ownA = false;
  let union = 0;
  for (let c = 0; c < width; c++) {
    let numbers = 0;
    let texts = 0;
    for (const r of body) {
      const k = r.kinds[c];
      if (k === NUMBER) numbers++;
      else if (k === TEXT) texts++;
    }
    const ka = a.kinds[c] ?? BLANK;
    const kb = b.kinds[c] ?? BLANK;
    if (numbers > texts) {
      numericColumns++;
      if (kb !== TEXT) return false;
    }
    if (ka === BLANK && kb !== BLANK) fillsA = true;
    if (ka !== BLANK && kb === BLANK) ownA = true;
    if (ka !== BLANK || kb !== BLANK) union++;
  }
  return numericColumns > 0 && fillsA && ownA && wide(union, body);
}

export interface HeaderChoice {
  /** Index of the (first) header row among the rows given. */
  index: number;
  /** 1, or 2 for a two-row header. */
  rows: 1 | 2;
  /** Index of a label row right above the header (module comment), kept aligned with the columns. */
  label?: number;
}

/**
 * Find the header among non-blank `rows` (in order; module comment). `headerRows` forces one or two rows
 * (2: the row found and the next one).
 */
export function detectHeader(rows: readonly ProbeRow[], headerRows?: 1 | 2): HeaderChoice {
  const first = Math.max(0, rows.findIndex((r) => !r.meta));
  const end = Math.min(rows.length, HEADER_CANDIDATES);
  for (let i = first; i < end; i++) {
    const row = rows[i]!;
    if (row.meta) continue;
    if (headerRows !== 1 && isTwoRowHeader(rows, i)) return { index: i, rows: 2 };
    if (headerRows !== 2 && aboveHeader(rows, i) === 'label') return { index: i + 1, rows: 1, label: i };
    if (wide(row.nonEmpty, bodyOf(rows, i + 1))) {
      if (mostlyText(row)) return { index: i, rows: headerRows ?? 1 };
      break; // a wide row of numbers first: no title rows
    }
  }
  return { index: first, rows: headerRows ?? 1 };
}

/**
 * The note for a header row that holds numbers only (two or more, nothing else): most likely the first row of
 * data of a file without a header, whose first sample would otherwise become the column names. Null otherwise.
 * Example: line 1 “1.5,2.25,3.5” → `Line 1, read as the header, holds numbers, not names (“1.5”, “2.25”, “3.5”): is
 * there a header? If not, read the file with --no-header …`.
 */
export function numericHeaderNote(row: ProbeRow, place: string, texts: readonly (string | null)[]): string | null {
  if (row.numbers < 2 || row.numbers !== row.nonEmpty) return null;
  const shown = texts.filter((t): t is string => t !== null && t.trim() !== '').slice(0, 3).map((t) => `“${t.trim()}”`).join(', ');
  return (
    `${place}, read as the header, holds numbers, not names (${shown}${row.numbers > 3 ? ', …' : ''}): is there a header? ` +
    `If not, read the file with --no-header (in SKFR Studio: “No header row”), so that this row is data.`
  );
}

/** One or two rows at the header given by the user (`rows[index]`). */
export function headerRowsAt(rows: readonly ProbeRow[], index: number, headerRows?: 1 | 2): 1 | 2 {
  return headerRows ?? (isTwoRowHeader(rows, index) ? 2 : 1);
}

/** The row right above a header given by the user is a label row (`rows[index - 1]`, `rows[index]` the header). */
export function labelRowAt(rows: readonly ProbeRow[], index: number, headerRows: 1 | 2): boolean {
  return headerRows === 1 && index > 0 && aboveHeader(rows, index - 1) === 'label';
}

/**
 * A row the cell kinds take for a label row (`aboveHeader` 'label') names blocks instead when each of its labels
 * stands over a run of 2 or more adjacent columns (merged cells written out in full, as a CSV export or pandas
 * write a two-level header) and, with 2 runs or more, a name of the header below repeats from one run to another
 * (the same samples under each block). Then the two rows are a two-row header (`joinHeaderNames`): the labels
 * name the quantity, the header the samples. A label row naming samples one by one (PAW's) has no such runs.
 * Example: A [null, "Abundance", "Abundance", "Count", "Count"], B ["Protein", "S1", "S2", "S1", "S2"] → true;
 * A [null, "ctrl-1", "ko-1"], B ["Protein", "TotInt_126", "TotInt_127"] → false.
 */
export function labelsNameBlocks(a: readonly (string | null)[], b: readonly (string | null)[]): boolean {
  const runs: { label: string; names: (string | null)[] }[] = [];
  let previous: string | null = null;
  for (let c = 0; c < a.length; c++) {
    const label = blankToNull(a[c]);
    if (label === null) {
      previous = null;
      continue;
    }
    if (label === previous) runs[runs.length - 1]!.names.push(blankToNull(b[c]));
    else runs.push({ label, names: [blankToNull(b[c])] });
    previous = label;
  }
  if (runs.length === 0 || runs.some((r) => r.names.length < 2)) return false;
  if (new Set(runs.map((r) => r.label)).size !== runs.length) return false;
  if (runs.length === 1) return true;
  const seen = new Set<string>();
  for (const run of runs) {
    const own = new Set(run.names.filter((n): n is string => n !== null));
    for (const name of own) if (seen.has(name)) return true;
    for (const name of own) seen.add(name);
  }
  return false;
}

/**
 * Column names from a two-row header: `A B` when both cells hold text, A or B alone when the other is
 * blank. A blank cell of A takes the last non-blank cell of A to its left, as merged cells do, but only
 * over the span where B has text (starting at that A cell) and, with `carries`, only over the columns it
 * allows (a block row: its numeric columns, not a description column after the last block).
 * Example: A ["Protein", "Gene", "LFQ intensity", null, null], B [null, null, "S1", "S2", "S3"] →
 * ["Protein", "Gene", "LFQ intensity S1", "LFQ intensity S2", "LFQ intensity S3"].
 */
export function joinHeaderNames(
  a: readonly (string | null)[],
  b: readonly (string | null)[],
  width: number,
  carries: (column: number) => boolean = () => true,
): (string | null)[] {
  const names: (string | null)[] = [];
  let carry: string | null = null;
  for (let c = 0; c < width; c++) {
    const top = blankToNull(a[c]);
    const below = blankToNull(b[c]);
    if (below === null || (top === null && !carries(c))) {
      carry = null;
      names.push(top ?? below);
      continue;
    }
    if (top !== null) carry = top;
    const group = top ?? carry;
    names.push(group === null ? below : `${group} ${below}`);
  }
  return names;
}

function blankToNull(text: string | null | undefined): string | null {
  const t = text?.trim() ?? '';
  return t === '' ? null : t;
}

/** A title row's text: its non-empty cells joined with a space. */
export function titleText(cells: readonly (string | null)[]): string {
  return cells
    .map(blankToNull)
    .filter((t): t is string => t !== null)
    .join(' ');
}

function shorten(text: string): string {
  if (text.length <= 60) return text;
  const cut = text.slice(0, 55);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()} …`;
}

/** Notes for the title rows skipped (`rows`: their 1-based row numbers). */
export function titleNotes(rows: readonly number[], texts: readonly string[]): string[] {
  const notes = rows
    .slice(0, 3)
    .map((row, i) => `Row ${row} above the header was skipped as a title: “${shorten(texts[i]!)}”.`);
  if (rows.length > 3) notes.push(`${rows.length - 3} more rows above the header were skipped as titles (rows ${rows[3]}–${rows[rows.length - 1]}).`);
  return notes;
}

/** The note for a two-row header, quoting the first name joined from both rows (`b`: the second row). */
export function twoRowNote(first: number, second: number, names: readonly (string | null)[], b: readonly (string | null)[]): string {
  const below = (c: number) => blankToNull(b[c]);
  const joined = names.find((n, c) => n !== null && below(c) !== null && n !== below(c)) ?? names.find((n) => n !== null);
  return `Rows ${first} and ${second} form the header (a group row above the column names); the names join both, e.g. “${joined ?? ''}”.`;
}

/**
 * The cells of a label row above the header, one per column of the header's `width` (blank → null); the note
 * saying so, quoting its first label and the column under it.
 */
export function labelRowOf(cells: readonly (string | null)[], width: number, row: number, names: readonly (string | null)[]): { cells: (string | null)[]; note: string } {
  const out: (string | null)[] = [];
  for (let c = 0; c < width; c++) out.push(blankToNull(cells[c]));
  const first = out.findIndex((v) => v !== null);
  const count = out.filter((v) => v !== null).length;
  const example = first >= 0 ? ` (“${out[first]}” over “${names[first] ?? `Column ${first + 1}`}”, …)` : '';
  return { cells: out, note: `Row ${row} above the header labels ${count} columns${example}; the labels are kept with their columns.` };
}

/** Body columns of numbers, for a block row's carry (joinHeaderNames): column → numeric. */
export function numericBodyColumns(rows: readonly ProbeRow[], from: number, width: number): boolean[] {
  return numericColumns(bodyOf(rows, from), width);
}

/** The note for Perseus annotation rows kept apart. */
export function metaNote(keys: readonly string[]): string {
  const list = keys.map((k) => `#!{${k}}`).join(', ');
  return keys.length === 1
    ? `The annotation row ${list} below the header is kept apart, not read as data.`
    : `${keys.length} annotation rows below the header (${list}) are kept apart, not read as data.`;
}

/** `#!{Type}E` → { key: "Type", rest: "E" }; null when the text is not an annotation cell. */
export function metaCell(text: string | null): { key: string; rest: string } | null {
  if (text === null) return null;
  const m = /^\s*#!\{([^}]*)\}([\s\S]*)$/.exec(text);
  return m ? { key: m[1]!, rest: m[2]! } : null;
}

/** An annotation row: key and cells aligned to `width` columns (prefix stripped from the first cell). */
export function metaRow(cells: readonly (string | null)[], width: number, at?: MetaRowPlace): { key: string; cells: (string | null)[] } {
  const head = metaCell(cells[0] ?? null)!;
  const out: (string | null)[] = [];
  for (let c = 0; c < width; c++) out.push(blankToNull(c === 0 ? head.rest : cells[c]));
  if (head.key === 'Type' && at) {
    // A column without its type would silently stop being a sample (or an annotation): say which.
    const c = out.findIndex((cell, i) => cell === null && (at.names[i] ?? '').trim() !== '');
    if (c >= 0) {
      const short = cells.length < width ? ` (it has ${cells.length} cells, the header ${width})` : '';
      throw new SkfrError(
        'ragged-row',
        `${at.where}: the Perseus type row “#!{Type}”${short} gives no type for column ${c + 1}, “${at.names[c]}”; ` +
          `every column needs one (E for a sample, N for a number, T for text, C for a category).`,
      );
    }
  }
  return { key: head.key, cells: out };
}

/** Where an annotation row is, for its errors: e.g. `“x.txt”, line 2`, and the header's names. */
export interface MetaRowPlace {
  where: string;
  names: readonly (string | null)[];
}

/** Check the header options; SkfrError('invalid-option') in one sentence. */
export function checkHeaderOptions(headerRow: number | undefined, headerRows: number | undefined): void {
  if (headerRow !== undefined && !(Number.isInteger(headerRow) && headerRow >= 1)) {
    throw new SkfrError('invalid-option', `The header row must be a whole number of 1 or more (got ${headerRow}).`);
  }
  if (headerRows !== undefined && headerRows !== 1 && headerRows !== 2) {
    throw new SkfrError('invalid-option', `The header has 1 or 2 rows (got ${headerRows}).`);
  }
}

/** `where` is e.g. `“x.csv”` or `sheet “S” of “x.xlsx”`. */
export function headerPastEnd(where: string, lastRow: number, headerRow: number): SkfrError {
  return new SkfrError('invalid-option', `${where.charAt(0).toUpperCase()}${where.slice(1)} has ${lastRow} ${lastRow === 1 ? 'row' : 'rows'}; the header cannot be on row ${headerRow}.`);
}

export function headerOnBlank(where: string, headerRow: number): SkfrError {
  return new SkfrError('invalid-option', `Row ${headerRow} of ${where} is blank, so it cannot be the header.`);
}
