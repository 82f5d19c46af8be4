/**
 * The sample id of a table with one sample per row, when none is named: the first text column whose values are all
 * present and distinct and whose name says it is an id — a word of it (split at spaces, punctuation and
 * lower-to-upper case changes) is “id”, “ids”, “identifier”, “sample” or “name”. `skfr cluster` (without
 * --id-column) and the app's Import screen take the same column; without one the samples are numbered 1, 2, ….
 * @example sampleIdColumn(mouseTable) // 'MouseID' (Data_Cortex_Nuclear.xls: 1080 distinct “309_1”, …; “Genotype” repeats)
 */
import type { Table } from '../table/types.js';

/** The words of a column name: “MouseID” → mouse, id; “sample_name” → sample, name. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

const ID_WORDS = new Set(['id', 'ids', 'identifier', 'sample', 'name']);

/** Whether `name` is named like a sample id (see the module comment). */
export function isIdName(name: string): boolean {
  return words(name).some((w) => ID_WORDS.has(w));
}

/** A column as the rule sees it: its name and kind, and whether its values are all present and distinct. */
export interface IdCandidate {
  name: string;
  kind: 'numeric' | 'text';
  /** Every row has a value and no two are equal. */
  unique: boolean;
}

/** The first unique text column named like an id among `columns`, else null (see the module comment). */
export function idColumnOf(columns: readonly IdCandidate[]): string | null {
  return columns.find((c) => c.kind === 'text' && c.unique && isIdName(c.name))?.name ?? null;
}

/** Whether every one of `rows` rows has a text and no two are equal. */
function allDistinct(texts: readonly (string | null)[], rows: number): boolean {
  if (texts.length !== rows) return false;
  const seen = new Set<string>();
  for (const t of texts) {
    if (t === null || t === '' || seen.has(t)) return false;
    seen.add(t);
  }
  return true;
}

/** The sample id column of `table` (idColumnOf over its columns; only the id-named text columns are checked for repeats), else null. */
export function sampleIdColumn(table: Pick<Table, 'columns' | 'rowCount'>): string | null {
  return idColumnOf(
    table.columns.map((c) => {
      const text = c.kind === 'text';
      return { name: c.name, kind: text ? 'text' : 'numeric', unique: text && isIdName(c.name) && c.missing === 0 && c.texts !== null && allDistinct(c.texts, table.rowCount) };
    }),
  );
}
