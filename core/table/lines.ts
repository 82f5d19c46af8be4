/**
 * Count the data records of a delimited text file before parsing it, so that the column buffers are
 * allocated once at their final length (no doubling, no trimming copy). A record is a non-blank line:
 * lines end at LF, CRLF or a lone CR, and a line holding only spaces, tabs and delimiters (`,,,`, `\t\t\t`)
 * is blank, as the scanner reads it. The count is exact for files without line breaks inside quoted
 * fields (and without blank lines of empty quoted fields `"",""`); with them it is an upper bound (the
 * parser then trims once). A one-column file whose blank lines are missing cells may need more rows: the
 * parser grows then.
 *
 * Works on the whole text or chunk by chunk (a CRLF split across chunks counts once). Fast path (issue 17):
 * while every CR is the first half of a CRLF, lines are found with `indexOf(LF)` (a native scan) and only a
 * line's first bytes are looked at (a line whose first byte is content is not blank); at the first lone CR
 * the counter goes byte by byte for good. It also counts line breaks (`breaks`: LF, CRLF and lone CR each
 * one), so that a parallel reader knows the line number at any line start (stream.ts).
 * Example: "a,b\n1,2\r\n\n,\n3,4" with delimiter ',' → 3 non-blank lines (header included), 4 breaks.
 */

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

/** A line counter: LineCounter, or its WebAssembly twin (kernel/lines.ts). */
export interface Lines {
  /** Count the lines of `bytes[start, end)`; true when they are known to be all ASCII (LineCounter: never). */
  push(bytes: Uint8Array, start?: number, end?: number): boolean;
  readonly loneCr: boolean;
  readonly breaks: number;
  readonly total: number;
}

export class LineCounter implements Lines {
  /** Non-blank lines completed so far (plus the open one in `total`). */
  private lines = 0;
  private content = false;
  /** Line breaks completed (see `breaks`). */
  private ends = 0;
  /** A lone CR was seen: lines are found byte by byte from then on. */
  loneCr = false;
  /** The last byte pushed was a CR (its LF may open the next chunk). */
  private pendingCr = false;

  /** @param delimiter byte code of the delimiter (blank like a space); -1: none (spaces and tabs only). */
  constructor(private readonly delimiter = -1) {}

  /** Count the lines of `bytes[start, end)`, continuing the previous chunk's open line. */
  push(bytes: Uint8Array, start = 0, end = bytes.length): boolean {
    if (start >= end) return false;
    if (!this.loneCr) {
      const pending = this.pendingCr;
      if (pending && bytes[start] !== LF) this.goSlow();
      else if (!this.crsArePaired(bytes, start, end)) {
        this.pendingCr = pending; // (the previous chunk's last CR: its line ends there)
        this.goSlow();
      }
    }
    if (this.loneCr) this.pushBytes(bytes, start, end);
    else this.pushLines(bytes, start, end);
    return false;
  }

  /** True when every CR in `bytes[start, end)` is followed by an LF (a CR at the very end: by the next push). */
  private crsArePaired(bytes: Uint8Array, start: number, end: number): boolean {
    const view = start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end);
    const n = view.length;
    this.pendingCr = false;
    for (let i = view.indexOf(CR); i !== -1; i = view.indexOf(CR, i + 1)) {
      if (i + 1 === n) this.pendingCr = true;
      else if (view[i + 1] !== LF) return false;
    }
    return true;
  }

  /** Back to the byte-by-byte rules: the line open now ends at its CR (as it would have there). */
  private goSlow(): void {
    if (this.pendingCr) {
      if (this.content) this.lines++;
      this.content = false;
      this.ends++;
      this.pendingCr = false;
      this.afterCr = true;
    }
    this.loneCr = true;
  }

  /** Lines end at LF only (every CR is part of a CRLF, and is blank within its line). */
  private pushLines(bytes: Uint8Array, start: number, end: number): void {
    const view = start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end);
    const n = view.length;
    const delimiter = this.delimiter;
    let lines = this.lines;
    let content = this.content;
    let breaks = this.ends;
    let i = 0;
    for (;;) {
      const lf = view.indexOf(LF, i);
      const lineEnd = lf === -1 ? n : lf;
      if (!content) {
        while (i < lineEnd) {
          const b = view[i]!;
          if (b !== SPACE && b !== TAB && b !== CR && b !== delimiter) {
            content = true;
            break;
          }
          i++;
        }
      }
      if (lf === -1) break;
      if (content) lines++;
      content = false;
      breaks++;
      i = lf + 1;
    }
    this.lines = lines;
    this.content = content;
    this.ends = breaks;
  }

  /** After a CR, an LF completes the CRLF (one break). */
  private afterCr = false;

  private pushBytes(bytes: Uint8Array, start: number, end: number): void {
    const delimiter = this.delimiter;
    let lines = this.lines;
    let content = this.content;
    let breaks = this.ends;
    let afterCr = this.afterCr;
    for (let i = start; i < end; i++) {
      const b = bytes[i]!;
      if (b === LF || b === CR) {
        if (content) lines++;
        content = false;
        if (!(b === LF && afterCr)) breaks++;
        afterCr = b === CR;
      } else {
        afterCr = false;
        if (!content && b !== SPACE && b !== TAB && b !== delimiter) content = true;
      }
    }
    this.lines = lines;
    this.content = content;
    this.ends = breaks;
    this.afterCr = afterCr;
  }

  /** Line breaks seen (a CRLF once, a final CR too). */
  get breaks(): number {
    return this.ends + (this.pendingCr ? 1 : 0);
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
