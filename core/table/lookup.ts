/**
 * Column lookup by name with helpful failures: an unknown name → SkfrError('unknown-column') quoting it, with
 * near matches (same letters ignoring case, a prefix, or at most two edits) and the columns available.
 * Example: "genotype" in [MouseID, Genotype] → `… no column “genotype”. Did you mean “Genotype”? …`.
 */
import { SkfrError } from '../errors.js';
import type { Column, Table } from './types.js';

/** Levenshtein distance, stopping early once it exceeds `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** Names close to `wanted`, best first (at most 3). */
export function nearMatches(wanted: string, names: readonly string[]): string[] {
  const w = wanted.trim().toLowerCase();
  const scored: { name: string; score: number }[] = [];
  for (const name of names) {
    const n = name.toLowerCase();
    let score = -1;
    if (n === w) score = 0;
    else if (w.length >= 2 && (n.startsWith(w) || w.startsWith(n))) score = 1;
    else {
      const d = editDistance(w, n, 2);
      if (d <= 2) score = 1 + d;
    }
    if (score >= 0) scored.push({ name, score });
  }
  return scored.sort((a, b) => a.score - b.score).slice(0, 3).map((s) => s.name);
}

/** "“a”, “b”, … and 12 more" (at most `max` names). */
export function quoteList(names: readonly string[], max = 12): string {
  const shown = names.slice(0, max).map((n) => `“${n}”`).join(', ');
  return names.length > max ? `${shown} … and ${names.length - max} more` : shown;
}

export function unknownColumnError(table: Table, wanted: string, role: string): SkfrError {
  const names = table.columns.map((c) => c.name);
  const near = nearMatches(wanted, names);
  const hint = near.length > 0 ? ` Did you mean ${near.map((n) => `“${n}”`).join(' or ')}?` : '';
  return new SkfrError(
    'unknown-column',
    `${role}: “${table.fileName}” has no column “${wanted}”.${hint} Columns available (${names.length}): ${quoteList(names)}.`,
  );
}

/** The column named `name` (exact match), or SkfrError('unknown-column'). `role` says where the name came from. */
export function findColumn(table: Table, name: string, role: string): Column {
  const column = table.columns.find((c) => c.name === name);
  if (!column) throw unknownColumnError(table, name, role);
  return column;
}

/** Every cell of a column as text: texts as read; numbers as JavaScript prints them; bad cells their text. */
export function columnTexts(column: Column, rows?: ArrayLike<number>): (string | null)[] {
  const n = rows ? rows.length : column.texts ? column.texts.length : column.numbers!.length;
  const out = new Array<string | null>(n);
  if (column.texts) {
    for (let i = 0; i < n; i++) out[i] = column.texts[rows ? rows[i]! : i] ?? null;
    return out;
  }
  const bad = new Map(column.badCells.map((b) => [b.row, b.text]));
  const numbers = column.numbers!;
  for (let i = 0; i < n; i++) {
    const r = rows ? rows[i]! : i;
    const v = numbers[r]!;
    out[i] = v === v ? String(v) : (bad.get(r) ?? null);
  }
  return out;
}

/** The names of the table's numeric columns, in column order. @example numericColumnNames(mouseTable).length // 77 */
export function numericColumnNames(table: Table): string[] {
  return table.columns.filter((c) => c.kind === 'numeric').map((c) => c.name);
}

/**
 * A column's values as numbers: a numeric column's numbers, or a text column's texts read as numbers (NaN for a
 * missing cell or a text that is none) — for rules that look at numbers however the column was read (a label
 * column read as written: "007" → 7). Example: texts ["7", null, "x"] → [7, NaN, NaN].
 */
export function columnNumbers(column: Column): ArrayLike<number> | null {
  return column.numbers ?? column.texts?.map((t) => (t === null || t.trim() === '' ? NaN : Number(t))) ?? null;
}

/** Where data row `row` (0-based) is in the source, for messages: "line 12" (CSV), "row 12" (sheet). */
export function rowLocation(table: Table, row: number): string {
  const source = table.sourceRows;
  if (!source) return `row ${row + 1}`;
  return table.format === 'csv' || table.format === 'tsv' ? `line ${source[row]}` : `row ${source[row]}`;
}
