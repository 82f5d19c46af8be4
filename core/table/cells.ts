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

/** Exact powers of ten 10^0 … 10^22 (all exactly representable in float64). */
const POW10 = new Float64Array(23);
POW10[0] = 1;
for (let i = 1; i < 23; i++) POW10[i] = POW10[i - 1]! * 10;

const DIGIT_0 = 0x30;
const DOT = 0x2e;
const COMMA = 0x2c;
const MINUS = 0x2d;
const PLUS = 0x2b;

/**
 * Parse the bytes `[start, end)` (already trimmed) as a decimal number without allocating.
 * Returns NaN when the bytes are not a number. Up to 15 significant digits and |exponent| ≤ 22 use the exact
 * fast path (Clinger 1990: one correctly rounded multiplication or division of exact operands); anything
 * longer falls back to `Number()` on a temporary string, so the result equals `Number(text)` when that is
 * finite; a number that overflows float64 ("1e400") gives NaN (not a number: see the module comment).
 * Example: bytes of "-1.25e2" → -125; of "1,5" with decimalComma → 1.5; of "abc" or "1e400" → NaN.
 */
export function parseNumberBytes(bytes: Uint8Array, start: number, end: number, decimalComma: boolean): number {
  let i = start;
  if (i >= end) return NaN;
  let negative = false;
  let c = bytes[i]!;
  if (c === MINUS || c === PLUS) {
    negative = c === MINUS;
    i++;
  }
  let mantissa = 0;
  let significant = 0;
  let exponent = 0;
  let digits = 0;
  let exact = true;
  while (i < end) {
    c = bytes[i]! - DIGIT_0;
    if (c < 0 || c > 9) break;
    digits++;
    if (mantissa !== 0 || c !== 0) {
      if (significant < 15) mantissa = mantissa * 10 + c;
      else exact = false;
      significant++;
    }
    i++;
  }
  if (i < end && (bytes[i] === DOT || (decimalComma && bytes[i] === COMMA))) {
    i++;
    while (i < end) {
      c = bytes[i]! - DIGIT_0;
      if (c < 0 || c > 9) break;
      digits++;
      if (mantissa !== 0 || c !== 0) {
        if (significant < 15) {
          mantissa = mantissa * 10 + c;
          exponent--;
        } else exact = false;
        significant++;
      } else exponent--;
      i++;
    }
  }
  if (digits === 0) return NaN;
  if (i < end && (bytes[i] === 0x65 || bytes[i] === 0x45)) {
    i++;
    let expNegative = false;
    if (i < end && (bytes[i] === MINUS || bytes[i] === PLUS)) {
      expNegative = bytes[i] === MINUS;
      i++;
    }
    let e = 0;
    let expDigits = 0;
    while (i < end) {
      c = bytes[i]! - DIGIT_0;
      if (c < 0 || c > 9) break;
      if (e < 100000) e = e * 10 + c;
      expDigits++;
      i++;
    }
    if (expDigits === 0) return NaN;
    exponent += expNegative ? -e : e;
  }
  if (i !== end) return NaN;
  if (!exact || exponent > 22 || exponent < -22) {
    // The bytes are ASCII here (checked above); in slices, so a 10 MB run of digits takes milliseconds.
    let s = '';
    for (let j = start; j < end; j += 8192) s += String.fromCharCode.apply(null, bytes.subarray(j, Math.min(end, j + 8192)) as unknown as number[]);
    return finiteOrNaN(Number(decimalComma ? s.replace(',', '.') : s));
  }
  const value = exponent < 0 ? mantissa / POW10[-exponent]! : mantissa * POW10[exponent]!;
  return negative ? -value : value;
}

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
