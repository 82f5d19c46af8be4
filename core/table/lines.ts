/**
 * Count the data records of a delimited text file before parsing it, so that the column buffers are
 * allocated once at their final length (no doubling, no trimming copy). A record is a non-blank line:
 * lines end at LF, CRLF or a lone CR, and a line holding only spaces, tabs and delimiters (`,,,`, `\t\t\t`)
 * is blank, as the scanner reads it. The count is exact for files without line breaks inside quoted
 * fields (and without blank lines of empty quoted fields `"",""`); with them it is an upper bound (the
 * parser then trims once). A one-column file whose blank lines are missing cells may need more rows: the
 * parser grows then.
 *
 * Works on the whole text or chunk by chunk (a CRLF split across chunks counts once).
 * Example: "a,b\n1,2\r\n\n,\n3,4" with delimiter ',' → 3 non-blank lines (header included).
 */

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

export class LineCounter {
  /** Non-blank lines completed so far (plus the open one in `total`). */
  private lines = 0;
  private content = false;

  /** @param delimiter byte code of the delimiter (blank like a space); -1: none (spaces and tabs only). */
  constructor(private readonly delimiter = -1) {}

  /** Count the lines of `bytes[start, end)`, continuing the previous chunk's open line. */
  push(bytes: Uint8Array, start = 0, end = bytes.length): void {
    const delimiter = this.delimiter;
    let lines = this.lines;
    let content = this.content;
    for (let i = start; i < end; i++) {
      const b = bytes[i]!;
      if (b === LF || b === CR) {
        if (content) lines++;
        content = false;
      } else if (!content && b !== SPACE && b !== TAB && b !== delimiter) content = true;
    }
    this.lines = lines;
    this.content = content;
  }

  /** Non-blank lines seen, the last one counted even without a final line break. */
  get total(): number {
    return this.lines + (this.content ? 1 : 0);
  }
}

/** Non-blank lines of `bytes[start, end)` (see LineCounter; `delimiter`: its byte code, -1 for none). */
export function countNonBlankLines(bytes: Uint8Array, start = 0, end = bytes.length, delimiter = -1): number {
  const counter = new LineCounter(delimiter);
  counter.push(bytes, start, end);
  return counter.total;
}
