/**
 * The quick way's rules for data rows (issue 17), shared by the rows kernel (kernel/rows.ts, in WebAssembly) and
 * its oracle in the tests (test/table/quick-rows.ts, QuickRows: the same rules in JavaScript): which delimiters
 * it can take, and how a field that is not simply a number is classified (as the scanner and readCells do).
 * Rows the kernel does not vouch for, and every row where WebAssembly is refused, go through the scanner
 * (scanner.ts, delimited.ts readCells), which decides; so the table is the same (issue 28: one implementation).
 */
import { classifyText, isMissingBytes, textCell } from './cells.js';
import { parseNumberBytes } from './float-parse.js';
import { decodeUtf8, type SpanTexts } from './text.js';

/** Delimiters the quick way cannot take: bytes of a number (digits, sign, point, exponent mark). */
const NUMBER_BYTES = Array.from('0123456789+-.eE', (c) => c.charCodeAt(0));

/** Whether rows with this delimiter can be read the quick way (kernel/rows.ts): not a byte of a number. */
export function quickDelimiter(delimiter: number, decimalComma: boolean): boolean {
  return !NUMBER_BYTES.includes(delimiter) && !(decimalComma && delimiter === 0x2c);
}

/**
 * A field that is not simply a number, its spaces trimmed (`bytes[start, end)`), as the scanner and readCells
 * classify it: a number (e.g. one of 20+ digits, or "−2.5": cells.ts textCell), null for a missing marker, or
 * its text.
 */
export function fieldValue(bytes: Uint8Array, start: number, end: number, decimalComma: boolean, texts?: SpanTexts): number | string | null {
  // A field opening with an ASCII letter is no number, strict or lenient (those open with a digit, a sign, a point
  // or U+2212): missing or its text (most text cells of a lab table: ids, names, descriptions).
  const b = bytes[start]! | 0x20;
  if (b >= 0x61 && b <= 0x7a && end > start) return isMissingBytes(bytes, start, end) ? null : texts !== undefined ? texts.decode(bytes, start, end) : decodeUtf8(bytes, start, end);
  const x = parseNumberBytes(bytes, start, end, decimalComma);
  if (x === x) return x;
  return isMissingBytes(bytes, start, end) ? null : textCell(texts !== undefined ? texts.decode(bytes, start, end) : decodeUtf8(bytes, start, end), decimalComma);
}


/**
 * A quoted field without "" inside, `bytes[start, end)` the bytes inside its quotes, as readCells classifies it
 * (scanner.ts QUOTED): a number when its bytes, trimmed of spaces, are one; else its text classified whole
 * (cells.ts classifyText: a missing marker is null). Example: `" 7 "` → 7; `"NA"` → null; `"P1;P2"` → "P1;P2".
 */
export function quotedValue(bytes: Uint8Array, start: number, end: number, decimalComma: boolean, texts?: SpanTexts): number | string | null {
  let s = start;
  let e = end;
  while (s < e && bytes[s] === 0x20) s++;
  while (e > s && bytes[e - 1] === 0x20) e--;
  const v = parseNumberBytes(bytes, s, e, decimalComma);
  return v === v ? v : classifyText(texts !== undefined ? texts.decode(bytes, start, end) : decodeUtf8(bytes, start, end), decimalComma);
}
