/**
 * What a cell means: missing, a number, or text. Shared by every reader (CSV bytes, workbook values, transposed
 * cells) so a cell reads the same whatever the file format.
 *
 * Missing tokens (after trimming, case as listed): "", NA, N/A, NaN, nan, null, #N/A, -, ?
 * Numbers: `[+-]? digits [. digits] [(e|E) [+-] digits]` (at least one mantissa digit; ".5" and "5." allowed).
 * With a decimal comma (semicolon-delimited files) "1,5" is 1.5 too. Hex, "Infinity", thousands separators
 * and units are text. So is a number too large for float64 ("1e400", a run of 400 digits): it would read as
 * Infinity, which no analysis can use, and as text it is reported ("treated as missing") like "Inf".
 */

export const MISSING_TOKENS: readonly string[] = ['', 'NA', 'N/A', 'NaN', 'nan', 'null', '#N/A', '-', '?'];
const MISSING_SET = new Set(MISSING_TOKENS);

export function isMissingToken(text: string): boolean {
  return MISSING_SET.has(text.trim());
}

/**
 * Parse the bytes `[start, end)` (already trimmed) as a decimal number without allocating: NaN when they are
 * not a number or overflow float64, else exactly `Number(text)` (core/table/float-parse.ts: Clinger's fast
 * path, then Eisel–Lemire, `Number()` only for what neither decides).
 * Example: bytes of "-1.25e2" → -125; of "1,5" with decimalComma → 1.5; of "abc" or "1e400" → NaN.
 */
export { parseNumberBytes } from './float-parse.js';

const NUMBER_SYNTAX = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const NUMBER_SYNTAX_COMMA = /^[+-]?(\d+[.,]?\d*|[.,]\d+)([eE][+-]?\d+)?$/;

/** Overflowed (±Infinity) → NaN: "1e400" is not a number the analysis can use. */
function finiteOrNaN(value: number): number {
  return value === Infinity || value === -Infinity ? NaN : value;
}

/** `parseNumberBytes` for a string (workbook cells, transposed cells). Example: " 2.5 " → 2.5, "2,5" → NaN, "1e400" → NaN. */
export function parseNumberText(text: string, decimalComma = false): number {
  const t = text.trim();
  if (decimalComma) return NUMBER_SYNTAX_COMMA.test(t) ? finiteOrNaN(Number(t.replace(',', '.'))) : NaN;
  return NUMBER_SYNTAX.test(t) ? finiteOrNaN(Number(t)) : NaN;
}

/** The missing tokens as bytes, for comparisons without decoding. */
const MISSING_BYTES: Uint8Array[] = MISSING_TOKENS.filter((t) => t !== '').map(
  (t) => new Uint8Array(Array.from(t, (ch) => ch.charCodeAt(0))),
);

/** True when bytes `[start, end)` (trimmed) are a missing token. Example: bytes of "N/A" → true. */
export function isMissingBytes(bytes: Uint8Array, start: number, end: number): boolean {
  const length = end - start;
  if (length === 0) return true;
  if (length > 4) return false;
  outer: for (const token of MISSING_BYTES) {
    if (token.length !== length) continue;
    for (let j = 0; j < length; j++) if (bytes[start + j] !== token[j]) continue outer;
    return true;
  }
  return false;
}

/** Classify a string cell: null = missing, a number, or the trimmed text. */
export function classifyText(text: string, decimalComma = false): number | string | null {
  const t = text.trim();
  if (MISSING_SET.has(t)) return null;
  const v = parseNumberText(t, decimalComma);
  return Number.isNaN(v) ? t : v;
}
