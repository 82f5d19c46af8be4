/**
 * Column builder: collects the cells of one column while a reader walks the rows, then decides its kind.
 *
 * Numbers go straight into a Float64Array (no string per numeric cell); text cells are kept as (row, text)
 * pairs. Kind rule: no non-missing cell → 'empty'; more numeric cells than text cells → 'numeric' (the text
 * cells become NaN and are listed in `badCells`); otherwise 'text'. A text column that also holds numeric
 * cells needs every cell's text: the reader supplies it (`finish(…, texts)`), re-reading just that column.
 * Example: cells 1, "x", 3 → numeric [1, NaN, 3] with badCells [{ row: 1, text: "x" }].
 */
import type { Column, ColumnKind } from './types.js';

export class ColumnBuilder {
  numbers: Float64Array;
  numericCount = 0;
  missing = 0;
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
    return this.numericCount > this.textRows.length ? 'numeric' : 'text';
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
 * Returns the names and one note per change, e.g. `Column 3 had no name; it is called “Column 3”.`
 */
export function uniqueHeaderNames(raw: readonly (string | null)[]): { names: string[]; notes: string[] } {
  const notes: string[] = [];
  const names: string[] = [];
  const used = new Set<string>();
  raw.forEach((value, i) => {
    let name = (value ?? '').trim();
    if (name === '') {
      name = `Column ${i + 1}`;
      let n = 2;
      while (used.has(name)) name = `Column ${i + 1} (${n++})`;
      notes.push(`Column ${i + 1} has no name; it is called “${name}”.`);
    } else if (used.has(name)) {
      const base = name;
      let n = 2;
      while (used.has(`${base} (${n})`)) n++;
      name = `${base} (${n})`;
      notes.push(`Column ${i + 1} repeats the name “${base}”; it is called “${name}”.`);
    }
    used.add(name);
    names.push(name);
  });
  return { names, notes };
}
