/**
 * core/table/scanner.ts finds a field's end with native searches whose places it keeps from row to row (issue 27:
 * the probe and the sniffing read kilobyte rows cold). It cuts what the byte-by-byte scanner it replaced cut
 * (ByteScanner below, main's loop kept as the oracle): every row's fields, flags, lines, blank rows, unread rows
 * that may go on, and unclosed quotes, on random bytes, whole and read again after an unread row with more bytes.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvScanner, ESCAPED, MESSY, PLAIN, QUOTED } from '../../core/table/scanner.js';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

class ByteScanner {
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
          if (p >= len) {
            if (partial) return this.unread(startLine);
            throw new Error(
              `“${this.fileName}”, line ${this.rowLine}: a quoted field opens there and never closes (a " is missing).`,
            );
          }
          const c = b[p];
          if (c === QUOTE) {
            if (p + 1 < len && b[p + 1] === QUOTE) {
              flag = ESCAPED;
              p += 2;
              continue;
            }
            break;
          }
          if (c === LF) this.line++;
          p++;
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
        while (p < len && b[p] !== delim && b[p] !== LF && b[p] !== CR) p++;
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

interface Cut {
  rows: { count: number; fields: string[]; blank: boolean; rowLine: number; line: number; pos: number }[];
  end: string;
}

function cut(s: { next(): boolean; count: number; starts: Int32Array; ends: Int32Array; flags: Uint8Array; blank: boolean; rowLine: number; line: number; pos: number }): Cut {
  const rows: Cut['rows'] = [];
  try {
    while (s.next()) rows.push({ count: s.count, fields: Array.from({ length: s.count }, (_, i) => `${s.starts[i]}-${s.ends[i]}:${s.flags[i]}`), blank: s.blank, rowLine: s.rowLine, line: s.line, pos: s.pos });
    return { rows, end: `stop ${s.pos} ${s.line}` };
  } catch (error) {
    return { rows, end: (error as Error).message.includes('never closes') ? 'unclosed' : String(error) };
  }
}

describe('the scanner cuts as the byte-by-byte scanner', () => {
  it('on random bytes: delimiters, quotes, spaces, tabs, LF, CR, CRLF; whole, partial, and again with more bytes', () => {
    const piece = fc.constantFrom('a', 'bc', '1', ',', ';', '\t', ' ', '"', '""', '\n', '\r', '\r\n', '\r\r\n', 'é');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.constantFrom(0x2c, 0x3b, 0x09), fc.boolean(), fc.nat(), (pieces, delimiter, partial, cutAt) => {
        const bytes = new TextEncoder().encode(pieces.join(''));
        const fast = new CsvScanner(bytes, delimiter, 'x.csv');
        const slow = new ByteScanner(bytes, delimiter, 'x.csv');
        fast.partial = slow.partial = partial;
        expect(cut(fast)).toEqual(cut(slow));
        // An unread row, then the same scanner on more bytes from where it stopped (as a chunked reader does).
        const head = bytes.subarray(0, cutAt % (bytes.length + 1));
        const a = new CsvScanner(head, delimiter, 'x.csv');
        const b = new ByteScanner(head, delimiter, 'x.csv');
        a.partial = b.partial = true;
        expect(cut(a)).toEqual(cut(b));
        a.partial = b.partial = partial;
        a.reset(bytes, a.pos);
        b.reset(bytes, b.pos);
        expect(cut(a)).toEqual(cut(b));
      }),
      { numRuns: 4000 },
    );
  });
});
