/**
 * Columns and Tables for the readers of formats with a structure of their own (gct.ts, adat.ts, mztab.ts,
 * olink.ts, long.ts): each cell is classified as every reader classifies it (cells.ts: missing tokens, numbers,
 * text), plus the format's own missing tokens, and a column's kind is decided as columns.ts decides it.
 *
 * @example
 *   const col = cellColumns(['S1'], 2, (put) => { put(0, 0, '1.5'); put(1, 0, 'NA'); })[0];
 *   // { name: 'S1', kind: 'numeric', numbers: [1.5, NaN], missing: 1 }
 */
import { classifyText } from '../cells.js';
import { ColumnBuilder, uniqueHeaderNames } from '../columns.js';
import type { Column, DeclaredLayout, FileFormat, Table } from '../types.js';

/** A cell as read: the text (null = nothing there). */
export type CellText = string | null | undefined;

/**
 * Columns named `names` over `rows` rows, filled by `fill`, which calls `put(row, column, text)` for the cells it
 * has (absent cells are missing). `missing`: the format's tokens for "no value" beyond MISSING_TOKENS (trimmed,
 * case as written).
 */
export function cellColumns(
  names: readonly string[],
  rows: number,
  fill: (put: (row: number, column: number, text: CellText) => void) => void,
  missing: ReadonlySet<string> = new Set(),
): Column[] {
  const builders = names.map(() => new ColumnBuilder(rows));
  const set = new Uint8Array(names.length * rows);
  fill((row, column, text) => {
    set[column * rows + row] = 1;
    const t = text?.trim() ?? '';
    if (t === '' || missing.has(t)) builders[column]!.setMissing(row);
    else builders[column]!.setCell(row, classifyText(t));
  });
  return builders.map((builder, c) => {
    for (let r = 0; r < rows; r++) if (!set[c * rows + r]) builder.setMissing(r);
    return finishColumn(builder, names[c]!, rows);
  });
}

/** One column from its cells' texts (see cellColumns). */
export function textColumn(name: string, cells: readonly CellText[], missing: ReadonlySet<string> = new Set()): Column {
  return cellColumns([name], cells.length, (put) => cells.forEach((t, r) => put(r, 0, t)), missing)[0]!;
}

/** The finished column; a text column that also holds numbers gets every cell's text back from the builder. */
function finishColumn(builder: ColumnBuilder, name: string, rows: number): Column {
  if (!builder.needsAllTexts) return builder.finish(name, rows);
  const texts = new Map<number, string>();
  const { rows: at, values } = builder.texts;
  at.forEach((r, i) => texts.set(r, values[i]!));
  const all = Array.from({ length: rows }, (_, r) => {
    const text = texts.get(r);
    if (text !== undefined) return text;
    const v = builder.numbers[r]!;
    return v === v ? String(v) : null;
  });
  return builder.finish(name, rows, all);
}

/** Names made usable and distinct (columns.ts uniqueHeaderNames), with a note per change. */
export function distinctNames(raw: readonly (string | null)[]): { names: string[]; notes: string[] } {
  return uniqueHeaderNames(raw);
}

/** Where a structured Table came from and what its reader says about it. */
export interface TableOrigin {
  fileName: string;
  format: FileFormat;
  sheets: string[];
  sheet: string;
  /** The 1-based row of the header as the file shows it (a header row given otherwise reads the file plain). */
  headerRow: number;
  notes: string[];
  titleRows?: string[];
  blankRowsSkipped?: number;
  /** The file line (text files) or sheet row of each Table row, when rows are rows of the file. */
  sourceRows?: Int32Array;
}

/** A Table of `columns` (all of one length) that declares its layout. */
export function declaredTable(origin: TableOrigin, columns: Column[], declared: DeclaredLayout): Table {
  const rowCount = columns.length === 0 ? 0 : (columns[0]!.numbers?.length ?? columns[0]!.texts!.length);
  return {
    fileName: origin.fileName,
    format: origin.format,
    sheets: origin.sheets,
    sheet: origin.sheet,
    rowCount,
    columns,
    ...(origin.sourceRows ? { sourceRows: origin.sourceRows } : {}),
    notes: origin.notes,
    headerRow: origin.headerRow,
    headerRows: 1,
    titleRows: origin.titleRows ?? [],
    blankRowsSkipped: origin.blankRowsSkipped ?? 0,
    metaRows: [],
    declared,
  };
}

/** "1 sample" / "3 samples". */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** “a”, “b”, “c” and 4 more. */
export function quoted(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max).map((s) => `“${s}”`).join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}
