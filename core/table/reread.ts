/**
 * The second look at the data rows for the columns that need every cell's text (columns.ts `needsAllTexts`: text
 * columns that also hold numeric cells, e.g. MaxQuant's "Peptide counts (all)" with "5;3" and "4"; label columns
 * read as written). The bytes come whole (csv.ts) or chunk by chunk (stream.ts: a third pass over the file, so
 * a MaxQuant table stays on the chunked path instead of being read whole a second time). Only the wanted
 * columns' cells are decoded: each one's text (trimmed), or null where the cell is missing (cells.ts).
 *
 * @example
 *   const reread = new TextRereader(fileName, 0x09, false, rows, [false, true], dataStart);
 *   reread.push(bytes, true); reread.texts // → [null, ['5;3', '4', …]]
 */
import { classifyText } from './cells.js';
import { fieldText, type DataStart } from './delimited.js';
import { CsvScanner } from './scanner.js';

export class TextRereader {
  /** Per column: every cell's text (null: missing), or null when the column is not wanted. */
  readonly texts: ((string | null)[] | null)[];
  private readonly scanner: CsvScanner;
  private row = 0;
  /** Body bytes before the current push's first (its kept tail's), and the bytes kept from the last push. */
  private base = 0;
  private tail: Uint8Array = new Uint8Array(0);

  constructor(
    fileName: string,
    delimiter: number,
    private readonly decimalComma: boolean,
    private readonly rows: number,
    private readonly wanted: readonly boolean[],
    private readonly start: DataStart,
  ) {
    this.texts = wanted.map((w) => (w ? new Array<string | null>(rows).fill(null) : null));
    this.scanner = new CsvScanner(new Uint8Array(0), delimiter, fileName);
    this.scanner.line = start.line;
  }

  /** True once every row is read (the rest of the bytes need not come). */
  get done(): boolean {
    return this.row >= this.rows;
  }

  /** The next bytes of the body (after any BOM), in order; `final`: nothing follows. */
  push(chunk: Uint8Array, final: boolean): void {
    if (this.done) return;
    let bytes = chunk;
    if (this.tail.length > 0) {
      bytes = new Uint8Array(this.tail.length + chunk.length);
      bytes.set(this.tail);
      bytes.set(chunk, this.tail.length);
    }
    const from = Math.max(0, this.start.offset - this.base);
    if (from >= bytes.length && !final) {
      this.base += bytes.length;
      this.tail = new Uint8Array(0);
      return;
    }
    const scanner = this.scanner;
    scanner.reset(bytes, Math.min(from, bytes.length));
    scanner.partial = !final;
    const { texts, wanted, decimalComma } = this;
    const width = wanted.length;
    while (this.row < this.rows && scanner.next()) {
      if (scanner.blank && width > 1) continue; // (one-column files: a blank line inside the data is a missing cell)
      for (let c = 0; c < width; c++) {
        const out = texts[c];
        if (!out) continue;
        const text = fieldText(bytes, scanner.starts[c]!, scanner.ends[c]!, scanner.flags[c]!);
        out[this.row] = classifyText(text, decimalComma) === null ? null : text.trim();
      }
      this.row++;
    }
    // (the chunk may be reused by its source: the unfinished row is copied)
    this.tail = final ? new Uint8Array(0) : bytes.slice(scanner.pos);
    this.base += scanner.pos;
  }
}
