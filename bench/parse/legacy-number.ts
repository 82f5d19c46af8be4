/**
 * The number parser of core/table/cells.ts before issue 17, verbatim (up to 15 significant digits and
 * |exponent| ≤ 22 exactly, else `Number()` on a temporary string). Kept for two uses only: `npm run bench:parse`
 * times it beside the new one on the same bytes (before/after under the same load), and
 * test/table/float-parse.test.ts checks that the new parser accepts and rejects exactly what it did.
 */
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
export function legacyParseNumberBytes(bytes: Uint8Array, start: number, end: number, decimalComma: boolean): number {
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

/** Overflowed (±Infinity) → NaN. */
function finiteOrNaN(value: number): number {
  return value === Infinity || value === -Infinity ? NaN : value;
}
