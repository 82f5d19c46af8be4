/**
 * What a cell means: missing, a number, or text. Shared by every reader (CSV bytes, workbook values, transposed
 * cells) so a cell reads the same whatever the file format.
 *
 * Missing tokens (after trimming, case as listed): "", NA, N/A, NaN, nan, null, #N/A, -, ?
 * Numbers: `[+-]? digits [. digits] [(e|E) [+-] digits]` (at least one mantissa digit; ".5" and "5." allowed).
 * With a decimal comma (semicolon-delimited files) "1,5" is 1.5 too. Hex, "Infinity" and units are text. So is
 * a number too large for float64 ("1e400", a run of 400 digits): it would read as Infinity, which no analysis
 * can use, and as text it is reported ("treated as missing") like "Inf".
 *
 * Written the way people and spreadsheets write numbers, a cell is a number too (`lenientNumber`, tried only
 * once the strict syntax failed, so plain numeric files never pay for it):
 * - the Unicode minus sign U+2212 for "-": "−2.5" → −2.5;
 * - thousands separators in groups of three: "1,234.50" and "1,234,567" (a "," group needs a decimal point or a
 *   second group: a lone "1,234" could be a decimal comma, and stays text, reported), "1.234,50" and
 *   "1.234.567" where the decimal separator is a comma (semicolon files), "1 234,5" / "1 234.5" (a space, a
 *   no-break or a narrow no-break space) in any file.
 *
 * Lab tokens (`LAB_TOKENS`: "n.d.", "ND", "<LOD", "Filtered", …) say "not measured". A reader keeps them as text
 * cells, so they stay countable and can be named in a warning, but they never count as text when a column's
 * kind is decided (columns.ts), and a numeric column turns them into missing values like any text cell
 * (mapping.ts words the warning: "marked not measured", apart from other text).
 */

export const MISSING_TOKENS: readonly string[] = ['', 'NA', 'N/A', 'NaN', 'nan', 'null', '#N/A', '-', '?'];
const MISSING_SET = new Set(MISSING_TOKENS);

/** The longest missing token's length: a longer text is none, known without hashing it (an id list of thousands of characters). */
const MISSING_LONGEST = Math.max(...MISSING_TOKENS.map((t) => t.length));

export function isMissingToken(text: string): boolean {
  const t = text.trim();
  return t.length <= MISSING_LONGEST && MISSING_SET.has(t);
}

/** A cell's text trimmed, or null when it is a missing token: `classifyText(text) === null ? null : text.trim()`. */
export function trimmedOrMissing(text: string): string | null {
  const t = text.trim();
  return t.length <= MISSING_LONGEST && MISSING_SET.has(t) ? null : t;
}

/**
 * What lab exports and quantification software write for a value that was not measured or fell below a
 * limit (trimmed, case as listed). Missing values in a column of numbers, never text that makes it a text column.
 */
export const LAB_TOKENS: readonly string[] = [
  'n.d.', 'N.D.', 'n.d', 'N.D', 'nd', 'ND', 'n/d', 'N/D', 'n.a.', 'N.A.', 'n/a', 'NaN', 'NAN', 'nan', '-nan',
  'n.q.', 'N.Q.', 'nq', 'NQ', 'Filtered', 'filtered', 'FILTERED', '<LOD', '< LOD', '<LOQ', '< LOQ', '<LLOQ', '<LOD>', 'LOD',
  'LOQ', 'BLQ', 'BLOD', 'bdl', 'BDL', '<DL', 'not detected', 'Not detected', 'NotFound', 'NULL', 'Null', '#NA',
];
const LAB_SET = new Set(LAB_TOKENS);

/** The longest lab token's length. */
const LAB_LONGEST = Math.max(...LAB_TOKENS.map((t) => t.length));

/** A character code `trim` surely keeps at an end: printable ASCII. */
const kept = (code: number) => code > 0x20 && code < 0x7f;

/**
 * True when `text` (trimmed) is a lab token. Example: " n.d. " → true, "low" → false. A longer text that trim
 * leaves as it is (printable ASCII at both ends) is none, known without hashing it (a MaxQuant list of ids runs
 * to thousands of characters).
 */
export function isLabToken(text: string): boolean {
  if (text.length > LAB_LONGEST && kept(text.charCodeAt(0)) && kept(text.charCodeAt(text.length - 1))) return false;
  return LAB_SET.has(text.trim());
}

const UNICODE_MINUS = /^\u2212/;
/** A character no lenient number holds (digits, signs, U+2212, points, commas, exponent marks, the three spaces). */
const NOT_LENIENT = /[^0-9.,+\-eE\u2212 \u00a0\u202f]/;
/** Thousands in groups of three, the decimal separator "." (a "," group needs a point or a second group). */
const THOUSANDS_DOT = /^[+-]?\d{1,3}(?:(?:,\d{3})+\.\d*|(?:,\d{3}){2,})$/;
/** Thousands "." with a decimal comma: "1.234,50", "1.234.567". */
const THOUSANDS_COMMA = /^[+-]?\d{1,3}(?:(?:\.\d{3})+,\d*|(?:\.\d{3}){2,})$/;
/** Thousands as spaces (space, no-break, narrow no-break), either decimal separator. */
const THOUSANDS_SPACE = /^[+-]?\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d*)?$/;

/**
 * A cell the strict syntax refused, read as the number it is written as (module comment), else NaN.
 * Example: "−2.5" → −2.5; "1,234.50" → 1234.5; "1.234,50" with decimalComma → 1234.5; "1 234,5" → 1234.5;
 * "1,234" → NaN (a decimal comma or a thousands separator?); "abc" → NaN.
 */
export function lenientNumber(text: string, decimalComma = false): number {
  let t = text.trim();
  if (t.length === 0 || t.length > 64) return NaN;
  const first = t.charCodeAt(0);
  if (!((first >= 0x30 && first <= 0x39) || first === 0x2212 || first === 0x2d || first === 0x2b)) return NaN;
  // (one test rejects what none of the forms below can be, e.g. MaxQuant's "5;3;2": three tests otherwise)
  if (NOT_LENIENT.test(t)) return NaN;
  if (UNICODE_MINUS.test(t)) {
    t = '-' + t.slice(1);
    const v = parseNumberText(t, decimalComma);
    if (v === v) return v;
  }
  if (THOUSANDS_SPACE.test(t)) {
    const plain = t.replace(/[ \u00a0\u202f]/g, '').replace(',', '.');
    return finiteOrNaN(Number(plain));
  }
  if (!decimalComma && THOUSANDS_DOT.test(t)) return finiteOrNaN(Number(t.replace(/,/g, '')));
  if (decimalComma && THOUSANDS_COMMA.test(t)) return finiteOrNaN(Number(t.replace(/\./g, '').replace(',', '.')));
  return NaN;
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

/** Classify a string cell: null = missing, a number (strictly or `lenientNumber`), or the trimmed text. */
export function classifyText(text: string, decimalComma = false): number | string | null {
  const t = text.trim();
  if (t.length <= MISSING_LONGEST && MISSING_SET.has(t)) return null;
  const v = parseNumberText(t, decimalComma);
  if (v === v) return v;
  const w = lenientNumber(t, decimalComma);
  return w === w ? w : t;
}

/**
 * A cell whose bytes are neither a number in the strict syntax nor a missing token, from its (trimmed) text: a
 * number written another way (`lenientNumber`), else the text. Example: "−2.5" → −2.5, "n.d." → "n.d.".
 */
export function textCell(text: string, decimalComma: boolean): number | string {
  const w = lenientNumber(text, decimalComma);
  return w === w ? w : text;
}
