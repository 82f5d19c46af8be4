/**
 * The sample id of a table with one sample per row, when none is named: the first text column whose values are all
 * present and distinct and whose name says it is an id — a word of it (split at spaces, punctuation and
 * lower-to-upper case changes) is “id”, “ids”, “identifier”, “sample” or “name”. Without one, a column of numbers
 * that only identify the rows is the id, never a feature:
 * - one that numbers them: every row a distinct whole number, together 1 … n or 0 … n − 1 in any order (the row
 *   names R's write.csv and pandas' to_csv write in a first column with a blank header, read as “Column 1”);
 * - one named like an id, every word of its name an id's (“Patient ID”, “Sample No.”; not “Sample weight”), whose
 *   rows hold distinct whole numbers (“Patient ID” 1003, 1017, …).
 * `skfr cluster` (without --id-column) and the app's Import screen take the same column; without one the samples are
 * numbered 1, 2, ….
 * @example sampleIdColumn(mouseTable) // 'MouseID' (Data_Cortex_Nuclear.xls: 1080 distinct “309_1”, …; “Genotype” repeats)
 * @example sampleIdColumn(parse(',g1,g2\n0,5.1,2.2\n1,4.8,2.0\n')) // 'Column 1' (pandas' index: 0, 1)
 */
import { columnNumbers } from '../table/lookup.js';
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

/** Words of a column of numbers that only names the samples: every word of its name is one of them. */
const NUMBER_ID_WORDS = new Set([
  'id', 'ids', 'identifier', 'sample', 'samples', 'name', 'no', 'nr', 'number', 'num', 'index', 'patient', 'subject',
  'mouse', 'animal', 'donor', 'case', 'participant', 'specimen', 'individual', 'code',
]);

/**
 * Whether a numeric column's name says it names the samples: named like an id (isIdName) and every word of it one
 * of NUMBER_ID_WORDS — “Patient ID”, “Sample No.”, “MouseID” — not “Sample weight” (its whole numbers are measured).
 */
export function isNumberIdName(name: string): boolean {
  const all = words(name);
  return isIdName(name) && all.every((w) => NUMBER_ID_WORDS.has(w));
}

/** A column as the rule sees it: its name and kind, and whether its values are all present and distinct. */
export interface IdCandidate {
  name: string;
  kind: 'numeric' | 'text';
  /** Every row has a value and no two are equal. */
  unique: boolean;
  /** A numeric column: its values are all whole numbers (with `unique`: they identify the rows). */
  whole?: boolean;
  /** A numeric column numbering the rows: distinct whole numbers, 1 … n or 0 … n − 1 (see the module comment). */
  numbersRows?: boolean;
}

/**
 * The sample id among `columns`, else null (see the module comment): the first unique text column named like an id,
 * else the first numeric column that numbers the rows or is named like an id (isNumberIdName) and holds distinct
 * whole numbers.
 */
export function idColumnOf(columns: readonly IdCandidate[]): string | null {
  const text = columns.find((c) => c.kind === 'text' && c.unique && isIdName(c.name));
  if (text !== undefined) return text.name;
  const numeric = columns.find((c) => c.kind === 'numeric' && c.unique && c.whole === true && (c.numbersRows === true || isNumberIdName(c.name)));
  return numeric?.name ?? null;
}

/**
 * The smallest of `numbers` (a numeric column's, NaN where missing) when they number the rows: `rows` distinct
 * whole numbers that are 0 … rows − 1 or 1 … rows, in any order; else null. One pass, stopped at the first number
 * that cannot be one (a fraction, a missing cell, one outside 0 … rows, a repeat): a table of counts costs a few
 * cells per column. Example: [2, 0, 1] → 0; [1, 2, 3, 4] → 1; [2, 3, 4] → null (from 2); [1, 2, 2] → null.
 */
export function rowNumbersFrom(numbers: ArrayLike<number>, rows: number): 0 | 1 | null {
  if (rows < 2 || numbers.length < rows) return null;
  // (a column of measurements fails on its first cells, before the rows' marks are allocated: 20 MB for 20 M rows)
  const fits = (v: number) => v >= 0 && v <= rows && v === Math.floor(v);
  if (!fits(numbers[0]!) || !fits(numbers[1]!)) return null;
  const seen = new Uint8Array(rows + 1);
  let zero = false;
  for (let i = 0; i < rows; i++) {
    const v = numbers[i]!;
    // (NaN, a fraction, a negative number or one past `rows` fails the test; a repeat too)
    if (!(v >= 0 && v <= rows && v === Math.floor(v)) || seen[v] === 1) return null;
    seen[v] = 1;
    if (v === 0) zero = true;
  }
  // rows distinct whole numbers in 0 … rows: all but one of them; 0 … rows − 1 when 0 is there, else 1 … rows
  return zero ? (seen[rows] === 1 ? null : 0) : 1;
}

/** Whether `numbers` are `rows` distinct whole numbers (NaN where missing: not). Example: [5, 9, 7] → true; [1.5, 2] → false. */
export function distinctWholeNumbers(numbers: ArrayLike<number>, rows: number): boolean {
  if (rows < 2 || numbers.length < rows) return false;
  const seen = new Set<number>();
  for (let i = 0; i < rows; i++) {
    const v = numbers[i]!;
    if (!Number.isSafeInteger(v) || seen.has(v)) return false;
    seen.add(v);
  }
  return true;
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

/**
 * The sample id column of `table` (idColumnOf over its columns; only the id-named text columns are checked for
 * repeats, and the numeric columns only when no text column is the id), else null.
 */
export function sampleIdColumn(table: Pick<Table, 'columns' | 'rowCount'>): string | null {
  const text = idColumnOf(
    table.columns.map((c) => {
      const isText = c.kind === 'text';
      return { name: c.name, kind: isText ? 'text' : 'numeric', unique: isText && isIdName(c.name) && c.missing === 0 && c.texts !== null && allDistinct(c.texts, table.rowCount) };
    }),
  );
  if (text !== null) return text;
  return idColumnOf(
    table.columns
      .filter((c) => c.kind === 'numeric' && c.numbers !== null && c.missing === 0 && c.badCells.length === 0)
      .map((c) => {
        const numbersRows = rowNumbersFrom(c.numbers!, table.rowCount) !== null;
        // (the distinct test only for a column named like an id: a table of counts has many whole-number columns)
        const unique = numbersRows || (isNumberIdName(c.name) && distinctWholeNumbers(c.numbers!, table.rowCount));
        return { name: c.name, kind: 'numeric' as const, unique, whole: unique, numbersRows };
      }),
  );
}

/**
 * Why the samples are named by `idColumn` when it holds whole numbers that identify the rows (its
 * numbers, or its texts read as numbers once it is read as written: rowNumbersFrom, distinctWholeNumbers), a sentence for the layout's notes;
 * else null. Example: “Column 1” holding 1 … 40 → '“Column 1” numbers the rows (1 … 40, as R and pandas write row
 * names): it names the samples and is not a feature.'
 */
export function numericIdNote(table: Pick<Table, 'columns' | 'rowCount'>, idColumn: string | null): string | null {
  const column = idColumn === null ? undefined : table.columns.find((c) => c.name === idColumn);
  if (column === undefined || idColumn === null) return null;
  const numbers = columnNumbers(column);
  if (numbers === null || (column.kind === 'numeric' && (column.missing > 0 || column.badCells.length > 0))) return null;
  const from = rowNumbersFrom(numbers, table.rowCount);
  if (from !== null) {
    // (“Column 3”: the reader's name for a blank header, where R and pandas write their row names)
    const written = /^Column \d+$/.test(idColumn) ? ', as R and pandas write row names' : '';
    return `“${idColumn}” numbers the rows (${from} … ${from + table.rowCount - 1}${written}): it names the samples and is not a feature.`;
  }
  if (!distinctWholeNumbers(numbers, table.rowCount)) return null;
  return `“${idColumn}” holds a different whole number in every row: it names the samples and is not a feature.`;
}
