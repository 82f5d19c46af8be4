/**
 * Column builder: collects the cells of one column while a reader walks the rows, then decides its kind.
 *
 * Numbers go straight into a Float64Array (no string per numeric cell); text cells are kept as (row, text)
 * pairs. Kind rule, from the values alone (a column's role can overrule it later: mapping.ts): no non-missing cell →
 * 'empty'; more numeric cells than text cells that are not lab tokens (cells.ts LAB_TOKENS: "n.d.", "<LOD", …)
 * → 'numeric' (the text cells become NaN and are listed in `badCells`); otherwise 'text'. So a sample column
 * with 60 % "n.d." is numbers, and a protein-name column holding "1" in a few rows stays text.
 * `forceText` (a label column: ids, annotations) makes the column text whatever it holds; its numeric
 * cells' text is then re-read as written ("001" stays "001"). A text column that also holds numeric
 * cells needs every cell's text: the reader supplies it (`finish(…, texts)`), re-reading just that column.
 * Example: cells 1, "x", 3 → numeric [1, NaN, 3] with badCells [{ row: 1, text: "x" }].
 */
import { isLabToken } from './cells.js';
import type { Column, ColumnKind } from './types.js';

/** Where a row's cells go: a ColumnBuilder, or a worker's part of one (pieces.ts). */
export interface CellSink {
  setNumber(row: number, value: number): void;
  setMissing(row: number): void;
  setText(row: number, text: string): void;
  setCell(row: number, cell: number | string | null): void;
}

export class ColumnBuilder implements CellSink {
  numbers: Float64Array;
  numericCount = 0;
  missing = 0;
  /** Text cells that are lab tokens (not counted as text by the kind rule). */
  labCount = 0;
  /** Read as text whatever the cells look like (a label column). */
  forceText = false;
  private readonly textRows: number[] = [];
  private readonly textValues: string[] = [];

  /**
   * @param capacity rows to allocate at once; when it is the final row count, `finish` returns this very
   *   buffer (no copy).
   * @param storage where to keep them instead (`capacity` values, e.g. this column's slice of one buffer
   *   shared by every column of a table).
   * @param stride values from a row's number to the next row's in `storage` (row-major.ts: the width of a
   *   table kept row by row); 1 by default.
   */
  constructor(
    capacity: number,
    storage?: Float64Array,
    readonly stride = 1,
  ) {
    this.numbers = storage ?? new Float64Array(capacity);
  }

  /** Make room for `rows` rows (amortised doubling; only when the capacity given was too small). */
  reserve(rows: number): void {
    if (this.stride !== 1) {
      if ((rows - 1) * this.stride >= this.numbers.length) throw new Error('Internal error: a column kept row by row cannot grow.');
      return;
    }
    if (rows <= this.numbers.length) return;
    const grown = new Float64Array(Math.max(rows, this.numbers.length * 2));
    grown.set(this.numbers);
    this.numbers = grown;
  }

  setNumber(row: number, value: number): void {
    this.numbers[row * this.stride] = value;
    this.numericCount++;
  }

  setMissing(row: number): void {
    this.numbers[row * this.stride] = NaN;
    this.missing++;
  }

  setText(row: number, text: string): void {
    this.numbers[row * this.stride] = NaN;
    if (isLabToken(text)) this.labCount++;
    this.textRows.push(row);
    this.textValues.push(text);
  }

  /** Add a classified cell (see cells.ts `classifyText`). */
  setCell(row: number, cell: number | string | null): void {
    if (cell === null) this.setMissing(row);
    else if (typeof cell === 'number') this.setNumber(row, cell);
    else this.setText(row, cell);
  }

  get textCount(): number {
    return this.textRows.length;
  }

  /** The text cells so far: their rows, in the order they came, and texts. */
  get texts(): { rows: readonly number[]; values: readonly string[] } {
    return { rows: this.textRows, values: this.textValues };
  }

  get kind(): ColumnKind {
    if (this.numericCount === 0 && this.textRows.length === 0) return 'empty';
    if (this.forceText) return 'text';
    return this.numericCount > this.textRows.length - this.labCount ? 'numeric' : 'text';
  }

  /** True when `finish` needs the text of every cell (a text column that also has numeric cells). */
  get needsAllTexts(): boolean {
    return this.kind === 'text' && this.numericCount > 0;
  }

  /**
   * The finished column over `rowCount` rows. `allTexts` (required when `needsAllTexts`) gives every cell's
   * text, null for missing.
   */
  finish(name: string, rowCount: number, allTexts?: (string | null)[]): Column {
    const kind = this.kind;
    switch (kind) {
      case 'numeric': {
        // (kept row by row, the reader makes the column's numbers: row-major.ts rowMajorColumns)
        const numbers = this.stride !== 1 || this.numbers.length === rowCount ? this.numbers : this.numbers.slice(0, rowCount);
        const badCells = this.textRows.map((row, i) => ({ row, text: this.textValues[i]! }));
        return { name, kind, numbers, texts: null, missing: this.missing, badCells };
      }
      case 'text':
      case 'empty': {
        let texts: (string | null)[];
        if (this.numericCount > 0) {
          if (!allTexts || allTexts.length !== rowCount) throw new Error(`column ${name}: all texts required`);
          texts = allTexts;
        } else {
          texts = new Array<string | null>(rowCount).fill(null);
          for (let i = 0; i < this.textRows.length; i++) texts[this.textRows[i]!] = this.textValues[i]!;
        }
        return { name, kind, numbers: null, texts, missing: this.missing, badCells: [] };
      }
    }
  }
}

/**
 * Make header names usable: trimmed, blank → "Column 3" (1-based position), duplicates → "BDNF_N (2)".
 * Returns the names and one note per change, e.g. `Column 3 had no name; it is called “Column 3”.`; past 20
 * renamed columns, one note counts the rest. Each name's next number is remembered, so n copies of one name
 * take O(n) (40 000 copies of “a”: a few ms, not minutes).
 */
export function uniqueHeaderNames(raw: readonly (string | null)[]): { names: string[]; notes: string[] } {
  const notes: string[] = [];
  const names: string[] = [];
  const used = new Set<string>();
  /** Per base name, the next number to try for its copies. */
  const next = new Map<string, number>();
  let unnoted = 0;
  const note = (text: string) => {
    if (notes.length < NOTED_RENAMES) notes.push(text);
    else unnoted++;
  };
  const fresh = (base: string, format: (n: number) => string): string => {
    let n = next.get(base) ?? 2;
    while (used.has(format(n))) n++;
    next.set(base, n + 1);
    return format(n);
  };
  raw.forEach((value, i) => {
    let name = (value ?? '').trim();
    if (name === '') {
      name = `Column ${i + 1}`;
      if (used.has(name)) name = fresh(name, (n) => `Column ${i + 1} (${n})`);
      note(`Column ${i + 1} has no name; it is called “${name}”.`);
    } else if (used.has(name)) {
      const base = name;
      name = fresh(base, (n) => `${base} (${n})`);
      note(`Column ${i + 1} repeats the name “${base}”; it is called “${name}”.`);
    }
    used.add(name);
    names.push(name);
  });
  if (unnoted > 0) notes.push(`${unnoted} more column${unnoted === 1 ? ' was' : 's were'} renamed the same way (blank → “Column N”, a repeated name → “name (2)”, …).`);
  return { names, notes };
}

/** Renamed columns noted one by one; the rest are counted in one note. */
const NOTED_RENAMES = 20;
