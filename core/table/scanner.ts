/**
 * RFC 4180 row scanner over UTF-8 bytes: one row at a time, fields as byte ranges (no strings made).
 *
 * - Fields are separated by `delimiter`, rows by LF, CRLF or a lone CR. CR CR LF is one line break, not two: it is
 *   what a CRLF becomes when a program writes it through a text-mode file on Windows (each LF gets a CR), and
 *   read as a lone CR then a CRLF it would put a blank line after every line (5 042 blank lines counted in a file
 *   written with 2 517).
 * - A field opening with `"` runs to the closing quote; `""` inside is a literal quote; delimiters and line
 *   breaks inside quotes belong to the field.
 * - Spaces around fields are trimmed (tabs too, unless the delimiter is a tab).
 * - Chunk by chunk (`partial`, `reset`): a row that may continue past the end of the bytes (no line break
 *   after it yet, a quote still open, or a CR that may be the first half of CRLF or CR CR LF) is not read; `next()`
 *   returns false, leaving `pos` at its start, so the caller can append the next chunk and scan again.
 * Example: `a,"b ""c""",1\r\n` → fields `a`, `b "c"` (flag ESCAPED), `1`.
 */
import { SkfrError } from '../errors.js';

/** How a field's bytes must be turned into text. */
export const PLAIN = 0; // bytes [start, end) are the text
export const QUOTED = 1; // quoted, no escapes: bytes [start, end) (inside the quotes) are the text
export const ESCAPED = 2; // quoted with "" escapes inside [start, end)
export const MESSY = 3; // a quoted part followed by more text, e.g. "ab"cd: [start, end) includes the quotes

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

export class CsvScanner {
  /** Byte offset of the next unread row. */
  pos: number;
  /** 1-based line number at `pos`. */
  line = 1;
  /** 1-based line where the last row read starts. */
  rowLine = 1;
  /** Fields of the last row read. */
  count = 0;
  starts = new Int32Array(64);
  ends = new Int32Array(64);
  flags = new Uint8Array(64);
  /** More bytes may follow: rows running up to the end of `bytes` are left unread (see the module comment). */
  partial = false;

  constructor(
    private bytes: Uint8Array,
    private readonly delimiter: number,
    private readonly fileName: string,
    start = 0,
  ) {
    this.pos = start;
  }

  /** Continue on new bytes (the unread rest of the previous ones followed by the next chunk) from `start`. */
  reset(bytes: Uint8Array, start = 0): void {
    this.bytes = bytes;
    this.pos = start;
    this.lfAt = -2;
    this.crAt = -2;
    this.delimAt = -2;
  }

  /**
   * The next LF and CR at or after the last place asked (bytes.length: none), found by native searches and kept
   * from row to row (-2: not yet looked for): a field's end is found with indexOf, not byte by byte (the probe and
   * the sniffing read MaxQuant's rows of kilobytes of id lists with this scanner, cold: ~30 ms of a read).
   */
  private lfAt = -2;
  private crAt = -2;
  /** The next delimiter, alike (each search starts past the last: a one-column file has none to find). */
  private delimAt = -2;

  /** The first LF or CR at or after `p`. */
  private lineEnd(p: number): number {
    const b = this.bytes;
    if (this.lfAt < p) {
      const i = b.indexOf(LF, p);
      this.lfAt = i < 0 ? b.length : i;
    }
    if (this.crAt < p) {
      const i = b.indexOf(CR, p);
      this.crAt = i < 0 ? b.length : i;
    }
    return this.lfAt < this.crAt ? this.lfAt : this.crAt;
  }

  /** Some field of the last row read is not empty. */
  private filled = false;

  /**
   * True when the last row read is blank: every field is empty (an empty line, a line of spaces, of
   * delimiters only like `,,,` or `\t\t\t`, or of empty quoted fields `"",""`).
   */
  get blank(): boolean {
    return !this.filled;
  }

  /** Read the next row into `starts/ends/flags/count`; false at the end of the input. */
  next(): boolean {
    const b = this.bytes;
    const len = b.length;
    const delim = this.delimiter;
    const tabIsSpace = delim !== TAB;
    let p = this.pos;
    if (p >= len) return false;
    const partial = this.partial;
    const startLine = this.line;
    this.rowLine = this.line;
    this.count = 0;
    let filled = false;
    for (;;) {
      while (p < len && (b[p] === SPACE || (tabIsSpace && b[p] === TAB))) p++;
      let start: number;
      let end: number;
      let flag = PLAIN;
      if (p < len && b[p] === QUOTE) {
        const open = p;
        p++;
        start = p;
        flag = QUOTED;
        for (;;) {
          const close = p < len ? b.indexOf(QUOTE, p) : -1;
          if (close < 0) {
            if (partial) return this.unread(startLine);
            throw new SkfrError(
              'unreadable-file',
              `“${this.fileName}”, line ${this.rowLine}: a quoted field opens there and never closes (a " is missing).`,
            );
          }
          // (the line feeds inside the quotes)
          if (this.lfAt < p) this.lineEnd(p);
          while (this.lfAt < close) {
            this.line++;
            const i = b.indexOf(LF, this.lfAt + 1);
            this.lfAt = i < 0 ? len : i;
          }
          p = close;
          if (p + 1 < len && b[p + 1] === QUOTE) {
            flag = ESCAPED;
            p += 2;
            continue;
          }
          break;
        }
        end = p;
        p++;
        let q = p;
        while (q < len && (b[q] === SPACE || (tabIsSpace && b[q] === TAB))) q++;
        if (q < len && b[q] !== delim && b[q] !== LF && b[q] !== CR) {
          while (q < len && b[q] !== delim && b[q] !== LF && b[q] !== CR) q++;
          start = open;
          end = q;
          while (end > start && (b[end - 1] === SPACE || (tabIsSpace && b[end - 1] === TAB))) end--;
          flag = MESSY;
        }
        p = q;
      } else {
        start = p;
        const lineEnd = this.lineEnd(p);
        if (this.delimAt < p) {
          const d = b.indexOf(delim, p);
          this.delimAt = d < 0 ? len : d;
        }
        p = this.delimAt < lineEnd ? this.delimAt : lineEnd;
        end = p;
        while (end > start && (b[end - 1] === SPACE || (tabIsSpace && b[end - 1] === TAB))) end--;
      }
      this.push(start, end, flag);
      if (end !== start) filled = true;
      if (p < len && b[p] === delim) {
        p++;
        continue;
      }
      if (p < len) {
        if (b[p] === CR) {
          p++;
          if (p < len && b[p] === LF) p++;
          else if (p + 1 < len && b[p] === CR && b[p + 1] === LF) p += 2; // CR CRLF: one break (module comment)
          else if (partial && (p >= len || (p + 1 >= len && b[p] === CR))) return this.unread(startLine);
        } else p++;
        this.line++;
      } else if (partial) return this.unread(startLine);
      this.pos = p;
      this.filled = filled;
      return true;
    }
  }

  /** The row may continue in the next chunk: read nothing (pos stays at its start). */
  private unread(startLine: number): false {
    this.line = startLine;
    this.lfAt = -2; // (it may be read again from its start)
    this.crAt = -2;
    this.delimAt = -2;
    this.count = 0;
    return false;
  }

  private push(start: number, end: number, flag: number): void {
    const i = this.count;
    if (i === this.starts.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
        const g = make(a.length * 2);
        g.set(a);
        return g;
      };
      this.starts = grow(this.starts, (n) => new Int32Array(n));
      this.ends = grow(this.ends, (n) => new Int32Array(n));
      this.flags = grow(this.flags, (n) => new Uint8Array(n));
    }
    this.starts[i] = start;
    this.ends[i] = end;
    this.flags[i] = flag;
    this.count = i + 1;
  }
}

/** Turn a MESSY field's raw text (`"ab"cd`) into its value (`abcd`). */
export function unquoteMessy(raw: string): string {
  if (!raw.startsWith('"')) return raw;
  let out = '';
  let i = 1;
  for (; i < raw.length; i++) {
    if (raw[i] === '"') {
      if (raw[i + 1] === '"') {
        out += '"';
        i++;
      } else break;
    } else out += raw[i];
  }
  return out + raw.slice(i + 1);
}
