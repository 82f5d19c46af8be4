/**
 * QuickRows, the oracle of the rows kernel (core/table/kernel/rows.ts; test/table/kernel.test.ts): data rows read
 * the quick way in plain JavaScript, the rules the kernel implements in WebAssembly. It was the reader's fallback
 * where WebAssembly is refused until issue 28 (one implementation: the renderer's policy allows WebAssembly, and
 * the scanner reads every row the kernel does not); it stays here as the readable statement of those rules.
 *
 * Data rows read the quick way (issue 17): field by field, a
 * number is parsed up to its delimiter in one pass (float-parse.ts parseNumberField); any other field is
 * scanned to its delimiter and classified as the scanner and readCells would (trimmed of spaces — and tabs
 * unless they delimit —, a number, a missing marker or text). A row is vouched for only when it has exactly
 * `width` fields and ends with a line break (or the end of the bytes, when nothing follows). A row whose
 * first field is empty (it may be blank), that opens a quote (with `quotes`: one that does not close on its
 * line, holds "" or is followed by text), has another number of fields, or may go on in the next chunk is left
 * to the scanner (`read` returns −1), which decides; so the table is the same.
 * Example: width 3, "a,1.5,NA\n" → cells text "a", number 1.5, missing; "a,1\n" → −1 (the scanner's).
 */
import { fieldValue, quickDelimiter, quotedValue } from '../../core/table/quick-rows.js';
import type { CellSink } from '../../core/table/columns.js';
import { fieldEnd, parseNumberField } from '../../core/table/float-parse.js';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

/** Cell kinds of a row read, before it is kept. */
const NUMBER = 0;
const MISSING = 1;
const TEXT = 2;

export class QuickRows {
  private readonly values: Float64Array;
  private readonly kinds: Uint8Array;
  private readonly texts: string[];

  /** Null when the delimiter could be part of a number (then every row goes through the scanner). */
  static create(width: number, delimiter: number, decimalComma: boolean, quotes = false): QuickRows | null {
    if (!quickDelimiter(delimiter, decimalComma)) return null;
    return new QuickRows(width, delimiter, decimalComma, quotes);
  }

  private constructor(
    private readonly width: number,
    private readonly delimiter: number,
    private readonly decimalComma: boolean,
    /** Also vouch for a quoted field closed on its line with no "" inside (kernel/rows.ts `quotes`). */
    private readonly quotes: boolean,
  ) {
    this.values = new Float64Array(width);
    this.kinds = new Uint8Array(width);
    this.texts = new Array<string>(width);
  }

  /**
   * Read the row at `p` of `body[0, len)`: the offset after its line break, or −1 when the scanner must
   * read it (module comment). `partial`: more bytes follow `len` (a row running up to `len`, or ending with a
   * CR at `len − 1`, may go on).
   */
  read(body: Uint8Array, p: number, len: number, partial: boolean): number {
    const { width, delimiter, decimalComma, values, kinds, texts } = this;
    const tabIsSpace = delimiter !== TAB;
    let q = p;
    for (let c = 0; c < width; c++) {
      while (q < len && (body[q] === SPACE || (tabIsSpace && body[q] === TAB))) q++;
      const v = parseNumberField(body, q, len, delimiter, decimalComma);
      let end = fieldEnd;
      if (end >= 0) {
        values[c] = v;
        kinds[c] = NUMBER;
      } else {
        if (q < len && body[q] === QUOTE) {
          if (!this.quotes) return -1;
          let close = q + 1;
          while (close < len && body[close] !== QUOTE && body[close] !== LF && body[close] !== CR) close++;
          if (close >= len || body[close] !== QUOTE || (c === 0 && close === q + 1)) return -1;
          end = close + 1;
          while (end < len && (body[end] === SPACE || (tabIsSpace && body[end] === TAB))) end++;
          if (end < len && body[end] !== delimiter && body[end] !== LF && body[end] !== CR) return -1; // ("" inside, or text after the quote)
          const cell = quotedValue(body, q + 1, close, decimalComma);
          if (typeof cell === 'number') {
            values[c] = cell;
            kinds[c] = NUMBER;
          } else if (cell === null) kinds[c] = MISSING;
          else {
            kinds[c] = TEXT;
            texts[c] = cell;
          }
          q = end;
          if (c < width - 1) {
            if (q >= len || body[q] !== delimiter) return -1;
            q++;
          }
          continue;
        }
        const start = q;
        end = q;
        while (end < len) {
          const b = body[end]!;
          if (b === delimiter || b === LF || b === CR) break;
          end++;
        }
        let e = end;
        while (e > start && (body[e - 1] === SPACE || (tabIsSpace && body[e - 1] === TAB))) e--;
        if (c === 0 && e === start) return -1; // (maybe a blank row)
        const cell = fieldValue(body, start, e, decimalComma);
        if (typeof cell === 'number') {
          values[c] = cell;
          kinds[c] = NUMBER;
        } else if (cell === null) kinds[c] = MISSING;
        else {
          kinds[c] = TEXT;
          texts[c] = cell;
        }
      }
      q = end;
      if (c < width - 1) {
        if (q >= len || body[q] !== delimiter) return -1;
        q++;
      }
    }
    if (q >= len) return partial ? -1 : q;
    const b = body[q]!;
    if (b === LF) return q + 1;
    if (b !== CR) return -1;
    // CRLF, CR CRLF (one break: scanner.ts) or a lone CR; one that may go on past `len` waits for more bytes.
    if (q + 1 >= len) return partial ? -1 : q + 1;
    const next = body[q + 1];
    if (next === LF) return q + 2;
    if (next !== CR) return q + 1;
    if (q + 2 >= len) return partial ? -1 : q + 1;
    return body[q + 2] === LF ? q + 3 : q + 1;
  }

  /** Put the cells of the row just read into row `row` of `sinks` (one per column). */
  commit(sinks: readonly CellSink[], row: number): void {
    const { width, values, kinds, texts } = this;
    for (let c = 0; c < width; c++) {
      const kind = kinds[c]!;
      if (kind === NUMBER) sinks[c]!.setNumber(row, values[c]!);
      else if (kind === MISSING) sinks[c]!.setMissing(row);
      else sinks[c]!.setText(row, texts[c]!);
    }
  }
}

