/**
 * Decimal numbers straight from UTF-8 bytes to float64, correctly rounded: the result equals `Number(text)`
 * bit for bit, without making a string (issue 17).
 *
 * 1. The digits go into a decimal mantissa w (the first 19 significant digits, 9 at a time into small
 *    integers, joined into two 32-bit halves beyond 15 digits) and a decimal exponent q.
 * 2. Clinger's fast path (1990): w ≤ 2^53 and |q| ≤ 22 → w · 10^q or w / 10^-q, one correctly rounded
 *    operation on exact operands (also w · 10^(q−22) · 10^22 while the first product stays exact).
 * 3. Otherwise Eisel–Lemire (Lemire, "Number parsing at a gigabyte per second", 2021; as in Go's strconv
 *    `eiselLemire64`): w, normalised to 64 bits, times the top 64 bits of 10^q's 128-bit mantissa (table
 *    below, truncated, made at module load with exact BigInt arithmetic), 128-bit product in 32-bit halves;
 *    the top 54 bits give the double unless the truncated product cannot decide the rounding.
 * 4. What neither decides goes to `Number()` on the text: more than 19 significant digits with a non-zero
 *    digit past the 19th, a product whose low bits could carry (~0.15 % of 16–19-digit numbers), an exact
 *    halfway case, subnormal results, |q| > 342 or > 308, an exponent of 6+ digits.
 *
 * Syntax (unchanged from the reader before, pinned in test/table/float-parse.test.ts):
 * `[+-]? digits [. digits] [(e|E) [+-] digits]` with at least one mantissa digit (".5" and "5." allowed); with
 * `decimalComma` the separator may be "," as well as ".". Anything else (spaces, "0x1", "Infinity", "1_000",
 * "1e", "1.2.3") is not a number: NaN. A number beyond float64 ("1e400", a 400-digit run) is NaN too (Number
 * gives ±Infinity there, which no analysis can use); underflow gives ±0 as Number does.
 */

import { POW10_HEX } from './pow10-table.js';

const DIGIT_0 = 0x30;
const DOT = 0x2e;
const COMMA = 0x2c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const TWO_32 = 4294967296;
const INV_2_32 = 1 / 4294967296;
const TWO_53 = 9007199254740992;

/** Exact powers of ten 10^0 … 10^22 (all exactly representable in float64). */
const POW10 = new Float64Array(23);
POW10[0] = 1;
for (let i = 1; i < 23; i++) POW10[i] = POW10[i - 1]! * 10;

/** 2^e for e = −1074 … 971 at POW2[e + 1074], exact (built by doubling and halving). */
const POW2_MIN = -1074;
const POW2 = new Float64Array(971 - POW2_MIN + 1);
POW2[-POW2_MIN] = 1;
for (let e = 1; e <= 971; e++) POW2[e - POW2_MIN] = POW2[e - 1 - POW2_MIN]! * 2;
for (let e = -1; e >= POW2_MIN; e--) POW2[e - POW2_MIN] = POW2[e + 1 - POW2_MIN]! / 2;

/** Decimal exponents of the table (fast_float's range): below, w·10^q < 2^-1075 for any w < 2^64; above, ≥ 10^309. */
export const Q_MIN = -342;
export const Q_MAX = 308;

/**
 * The 128-bit mantissas of 5^q (= those of 10^q) for q = Q_MIN … Q_MAX as four 32-bit words, most significant
 * first, normalised to [2^127, 2^128): fast_float's table (the one the Mushtak–Lemire proof covers: with the
 * second product below, the 128-bit product always decides the rounding for up to 19 digits), generated with
 * exact BigInt arithmetic by build/wasm.mjs into pow10-table.ts, where the construction is written out.
 */
export const POW10_MANTISSAS = fromHex(POW10_HEX);

function fromHex(hex: string): Uint32Array {
  const table = new Uint32Array((Q_MAX - Q_MIN + 1) * 4);
  for (let i = 0; i < table.length; i++) table[i] = parseInt(hex.slice(8 * i, 8 * i + 8), 16);
  return table;
}

/**
 * Parse the bytes `[start, end)` (already trimmed) as a decimal number without allocating. NaN when they are
 * not a number (syntax in the module comment) or overflow float64; otherwise exactly `Number(text)` (with
 * "," read as "." under `decimalComma`).
 * It is `parseNumberField` with no delimiter, so the two read numbers with the same loops.
 * Example: bytes of "-1.25e2" → -125; of "1,5" with decimalComma → 1.5; of "0.30000000000000004" →
 * 0.30000000000000004; of "abc" or "1e400" → NaN.
 */
export function parseNumberBytes(bytes: Uint8Array, start: number, end: number, decimalComma: boolean): number {
  // The field reader with no delimiter: the number must fill [start, end) exactly.
  const v = parseNumberField(bytes, start, end, NO_DELIMITER, decimalComma);
  return fieldEnd === end ? v : NaN;
}

/** A delimiter no byte equals: parseNumberField then stops only at `limit` or a line break. */
const NO_DELIMITER = -1;

/**
 * The double of the digits read by parseNumberBytes / parseNumberField: the first ≤ 18 significant digits
 * as `first` (9, or −1 when none yet) and `acc` (the next 9 − room), the decimal exponent q; the bytes
 * `[start, end)` are the number's, for the rare cases handed to `Number()`.
 */
function compose(bytes: Uint8Array, start: number, end: number, decimalComma: boolean, negative: boolean, first: number, acc: number, room: number, q: number): number {
  if (first < 0 && room === 9) return negative ? -0 : 0; // every digit 0: ±0 whatever the exponent

  // w = first · 10^(9 − room) + acc, nd significant digits (≤ 18).
  const nd = (first < 0 ? 0 : 9) + 9 - room;
  let hi: number;
  let lo: number;
  if (nd <= 15) {
    const w = first < 0 ? acc : first * POW10[9 - room]! + acc; // < 10^15: exact
    // Clinger.
    if (q >= -22 && q <= 22) {
      const v = q < 0 ? w / POW10[-q]! : w * POW10[q]!;
      return negative ? -v : v;
    }
    if (q > 22 && q <= 22 + 15) {
      const ww = w * POW10[q - 22]!;
      if (ww <= TWO_53) {
        const v = ww * 1e22;
        return negative ? -v : v;
      }
    }
    hi = Math.floor(w * INV_2_32);
    lo = w >>> 0;
  } else {
    // first · 10^(9 − room) + acc in two 32-bit halves (first · 10^9 < 2^60).
    const scale = POW10[9 - room]!;
    const low = Math.imul(first, scale) >>> 0;
    hi = Math.round((first * scale - low) * INV_2_32);
    lo = low + acc;
    if (lo >= TWO_32) {
      lo -= TWO_32;
      hi++;
    }
    if (hi < 2097152 && q >= -22 && q <= 22) {
      // w < 2^53: Clinger again.
      const w = hi * TWO_32 + lo;
      const v = q < 0 ? w / POW10[-q]! : w * POW10[q]!;
      return negative ? -v : v;
    }
  }
  if (q < Q_MIN || q > Q_MAX) return viaNumber(bytes, start, end, decimalComma);
  W[0] = hi;
  W[1] = lo;
  const v = eiselLemire(q);
  if (v !== v) return viaNumber(bytes, start, end, decimalComma);
  return negative ? -v : v;
}

/**
 * A delimited field that is simply a number, read from `start` (leading spaces already skipped) in one pass:
 * the number's bytes, followed by a delimiter, a line break or `limit` (then `fieldEnd` is where). Anything
 * else — trailing spaces, text, a missing marker, an empty field, a number beyond float64 — gives NaN with
 * `fieldEnd` = −1, and the caller reads the field the general way. One pass for up to 18 significant digits
 * (the digits go 9 at a time into small integers, whose multiply-adds are quicker than a double's; `delimiter`
 * must not be a byte of a number). 19 or more significant digits and 6-digit exponents: the field's end is
 * found first, then `parseLong` reads it.
 * Example: bytes of "1.5,x" from 0 → 1.5, fieldEnd 3; of "1.5 ,x" → NaN, fieldEnd −1.
 */
export function parseNumberField(bytes: Uint8Array, start: number, limit: number, delimiter: number, decimalComma: boolean): number {
  fieldEnd = -1;
  let i = start;
  if (i >= limit) return NaN;
  let negative = false;
  let c = bytes[i]!;
  if (c === MINUS || c === PLUS) {
    negative = c === MINUS;
    i++;
  }
  const intStart = i;
  while (i < limit && bytes[i] === DIGIT_0) i++;
  let first = -1;
  let acc = 0;
  let room = 9;
  for (; i < limit; i++) {
    const d = bytes[i]! - DIGIT_0;
    if (d < 0 || d > 9) break;
    if (room === 0) {
      if (first >= 0) return fieldByEnd(bytes, start, limit, delimiter, decimalComma);
      first = acc;
      acc = 0;
      room = 9;
    }
    acc = acc * 10 + d;
    room--;
  }
  let digits = i - intStart;
  let q = 0;
  if (i < limit) {
    c = bytes[i]!;
    if (c === DOT || (decimalComma && c === COMMA)) {
      i++;
      const fracStart = i;
      if (first < 0 && room === 9) while (i < limit && bytes[i] === DIGIT_0) i++;
      for (; i < limit; i++) {
        const d = bytes[i]! - DIGIT_0;
        if (d < 0 || d > 9) break;
        if (room === 0) {
          if (first >= 0) return fieldByEnd(bytes, start, limit, delimiter, decimalComma);
          first = acc;
          acc = 0;
          room = 9;
        }
        acc = acc * 10 + d;
        room--;
      }
      digits += i - fracStart;
      q = fracStart - i;
    }
  }
  if (digits === 0) return NaN;
  if (i < limit) {
    c = bytes[i]!;
    if (c === 0x65 || c === 0x45) {
      i++;
      let expNegative = false;
      if (i < limit && (bytes[i] === MINUS || bytes[i] === PLUS)) {
        expNegative = bytes[i] === MINUS;
        i++;
      }
      let e = 0;
      const expStart = i;
      while (i < limit && (c = bytes[i]! - DIGIT_0) >= 0 && c <= 9) {
        if (e < 100000) e = e * 10 + c;
        i++;
      }
      if (i === expStart) return NaN;
      if (e >= 100000) return fieldByEnd(bytes, start, limit, delimiter, decimalComma);
      q += expNegative ? -e : e;
    }
  }
  if (i < limit) {
    c = bytes[i]!;
    if (c !== delimiter && c !== 0x0a && c !== 0x0d) return NaN;
  }
  if (first < 0 && room < 9 && q >= -22 && q <= 22) {
    // ≤ 9 significant digits, Clinger (compose's first case, here for the common short numbers).
    fieldEnd = i;
    const v = q < 0 ? acc / POW10[-q]! : acc * POW10[q]!;
    return negative ? -v : v;
  }
  const v = compose(bytes, start, i, decimalComma, negative, first, acc, room, q);
  if (v === v) fieldEnd = i;
  return v;
}

/** Bytes a number may hold (digits, sign, point, exponent mark), without and with the decimal comma. */
const NUMBER_BYTES = new Uint8Array(256);
for (const c of '0123456789+-.eE') NUMBER_BYTES[c.charCodeAt(0)] = 1;
const NUMBER_BYTES_COMMA = NUMBER_BYTES.slice();
NUMBER_BYTES_COMMA[COMMA] = 1;

/** Where the field read by the last `parseNumberField` ends (-1: not simply a number). */
export let fieldEnd = -1;

/** parseNumberField for long numbers: the end first (the bytes a number may hold), then parseLong. */
function fieldByEnd(bytes: Uint8Array, start: number, limit: number, delimiter: number, decimalComma: boolean): number {
  const table = decimalComma ? NUMBER_BYTES_COMMA : NUMBER_BYTES;
  let i = start;
  while (i < limit && table[bytes[i]!] === 1) i++;
  if (i < limit) {
    const c = bytes[i]!;
    if (c !== delimiter && c !== 0x0a && c !== 0x0d) return NaN;
  }
  const v = parseLong(bytes, start, i, decimalComma);
  fieldEnd = v === v ? i : -1;
  return v;
}

/** Numbers of 19 or more significant digits or a 6-digit exponent: two passes (syntax, then the first 19 digits). */
function parseLong(bytes: Uint8Array, start: number, end: number, decimalComma: boolean): number {
  // 1. Syntax (checked again: this path is rare).
  let i = start;
  if (i >= end) return NaN;
  let negative = false;
  let c = bytes[i]!;
  if (c === MINUS || c === PLUS) {
    negative = c === MINUS;
    i++;
  }
  const intStart = i;
  while (i < end && (c = bytes[i]! - DIGIT_0) >= 0 && c <= 9) i++;
  const intEnd = i;
  let fracEnd = i; // = intEnd when there is no fraction
  let dot = -1;
  if (i < end) {
    c = bytes[i]!;
    if (c === DOT || (decimalComma && c === COMMA)) {
      dot = i++;
      while (i < end && (c = bytes[i]! - DIGIT_0) >= 0 && c <= 9) i++;
      fracEnd = i;
    }
  }
  const fracDigits = dot < 0 ? 0 : fracEnd - dot - 1;
  if (intEnd === intStart && fracDigits === 0) return NaN;
  let q = -fracDigits;
  if (i < end) {
    c = bytes[i]!;
    if (c !== 0x65 && c !== 0x45) return NaN;
    i++;
    let expNegative = false;
    if (i < end && (bytes[i] === MINUS || bytes[i] === PLUS)) {
      expNegative = bytes[i] === MINUS;
      i++;
    }
    let e = 0;
    const expStart = i;
    while (i < end && (c = bytes[i]! - DIGIT_0) >= 0 && c <= 9) {
      if (e < 100000) e = e * 10 + c;
      i++;
    }
    if (i === expStart || i !== end) return NaN;
    // An exponent of 6+ digits (with a mantissa of 100 000+ digits it could still land in range): Number().
    if (e >= 100000) return viaNumber(bytes, start, end, decimalComma);
    q += expNegative ? -e : e;
  }

  // 2. The first significant digit, and L = how many digits from it on (the dot skipped).
  let f = intStart;
  while (f < intEnd && bytes[f] === DIGIT_0) f++;
  if (f === intEnd) {
    if (dot < 0) return negative ? -0 : 0;
    f = dot + 1;
    while (f < fracEnd && bytes[f] === DIGIT_0) f++;
    if (f === fracEnd) return negative ? -0 : 0; // every digit 0: ±0 whatever the exponent
  }
  const L = f < intEnd ? intEnd - f + fracDigits : fracEnd - f;

  // 3. w = the first min(L, 19) significant digits (a: ≤ 9, b: ≤ 9 more, then one more), q adjusted for the rest.
  const take = L < 19 ? L : 19;
  let pos = f;
  let a = 0;
  const na = take < 9 ? take : 9;
  for (let n = 0; n < na; n++, pos++) {
    if (pos === dot) pos++;
    a = a * 10 + (bytes[pos]! - DIGIT_0);
  }
  if (L > 19) {
    q += L - 19;
    // A non-zero digit past the 19th: w and w + 1 could round apart (fast_float checks both): Number().
    for (let r = pos + 10 + (dot >= pos && dot < pos + 11 ? 1 : 0); r < fracEnd; r++) {
      if (r !== dot && bytes[r] !== DIGIT_0) return viaNumber(bytes, start, end, decimalComma);
    }
  }
  let hi: number;
  let lo: number;
  if (take <= 15) {
    let w = a;
    if (take > 9) {
      let b = 0;
      for (let n = 9; n < take; n++, pos++) {
        if (pos === dot) pos++;
        b = b * 10 + (bytes[pos]! - DIGIT_0);
      }
      w = a * POW10[take - 9]! + b;
    }
    // Clinger: w < 10^15 is exact.
    if (q >= -22 && q <= 22) {
      const v = q < 0 ? w / POW10[-q]! : w * POW10[q]!;
      return negative ? -v : v;
    }
    if (q > 22 && q <= 22 + 15) {
      const ww = w * POW10[q - 22]!;
      if (ww <= TWO_53) {
        const v = ww * 1e22;
        return negative ? -v : v;
      }
    }
    hi = Math.floor(w * INV_2_32);
    lo = w >>> 0;
  } else {
    let b = 0;
    const nb = take < 18 ? take - 9 : 9;
    for (let n = 0; n < nb; n++, pos++) {
      if (pos === dot) pos++;
      b = b * 10 + (bytes[pos]! - DIGIT_0);
    }
    // a · 10^nb + b in two 32-bit halves (a · 10^nb < 2^60).
    const scale = POW10[nb]!;
    const low = Math.imul(a, scale) >>> 0;
    hi = Math.round((a * scale - low) * INV_2_32);
    lo = low + b;
    if (lo >= TWO_32) {
      lo -= TWO_32;
      hi++;
    }
    if (take === 19) {
      if (pos === dot) pos++;
      const ten = lo * 10 + (bytes[pos]! - DIGIT_0); // < 2^36: exact
      const carry = Math.floor(ten * INV_2_32);
      lo = ten - carry * TWO_32;
      hi = hi * 10 + carry; // w < 10^19 < 2^64: hi < 2^32
    }
    if (hi < 2097152 && q >= -22 && q <= 22) {
      // w < 2^53: Clinger again.
      const w = hi * TWO_32 + lo;
      const v = q < 0 ? w / POW10[-q]! : w * POW10[q]!;
      return negative ? -v : v;
    }
  }
  if (q < Q_MIN || q > Q_MAX) return viaNumber(bytes, start, end, decimalComma);
  W[0] = hi;
  W[1] = lo;
  const v = eiselLemire(q);
  if (v !== v) return viaNumber(bytes, start, end, decimalComma);
  return negative ? -v : v;
}

/** Products of `eiselLemire`: (r3, r2, r1, r0), most significant first. */
const X = new Float64Array(4);
const Y = new Float64Array(4);

/**
 * (m1, m0) × (t1, t0) → out = 128-bit product in 32-bit words, most significant first, from four 32 × 32-bit
 * products: the low word by Math.imul, the high word by rounding (x − low) / 2^32, x the double product
 * (off by at most 2^11, far below 2^31).
 */
function product(m1: number, m0: number, t1: number, t0: number, out: Float64Array): void {
  let x = m0 * t0;
  const l00 = Math.imul(m0, t0) >>> 0;
  const h00 = Math.round((x - l00) * INV_2_32);
  x = m0 * t1;
  const l01 = Math.imul(m0, t1) >>> 0;
  const h01 = Math.round((x - l01) * INV_2_32);
  x = m1 * t0;
  const l10 = Math.imul(m1, t0) >>> 0;
  const h10 = Math.round((x - l10) * INV_2_32);
  x = m1 * t1;
  const l11 = Math.imul(m1, t1) >>> 0;
  const h11 = Math.round((x - l11) * INV_2_32);
  const s1 = h00 + l01 + l10;
  const r1 = s1 >>> 0;
  const s2 = h01 + h10 + l11 + (s1 - r1) * INV_2_32;
  const r2 = s2 >>> 0;
  out[0] = h11 + (s2 - r2) * INV_2_32;
  out[1] = r2;
  out[2] = r1;
  out[3] = l00;
}

/** w = W[0] · 2^32 + W[1] for `eiselLemire` (a module scratch: arguments above 2^30 would be boxed). */
const W = new Float64Array(2);

/**
 * Eisel–Lemire as fast_float's `compute_float` does it: the double nearest to w · 10^q, w = W[0] · 2^32 + W[1]
 * (0 < w < 2^64, exact), Q_MIN ≤ q ≤ Q_MAX. NaN for subnormal and infinite results only (the caller then asks
 * `Number`): the 128-bit product, widened by the second product when its deciding bits are all ones, always
 * decides (Mushtak & Lemire, "Fast number parsing without fallback", 2023), and ties round to even.
 */
function eiselLemire(q: number): number {
  const hi = W[0]!;
  const lo = W[1]!;
  // Normalisation: shift w left until its top bit is set.
  let clz: number;
  let m1: number;
  let m0: number;
  if (hi !== 0) {
    clz = Math.clz32(hi);
    m1 = clz === 0 ? hi : ((hi << clz) | (lo >>> (32 - clz))) >>> 0;
    m0 = clz === 0 ? lo : (lo << clz) >>> 0;
  } else {
    const z = Math.clz32(lo);
    clz = 32 + z;
    m1 = (lo << z) >>> 0;
    m0 = 0;
  }
  const o = (q - Q_MIN) * 4;
  product(m1, m0, POW10_MANTISSAS[o]!, POW10_MANTISSAS[o + 1]!, X);
  let r3 = X[0]!;
  let r2 = X[1]!;
  let r1 = X[2]!;
  let r0 = X[3]!;
  // The 9 bits below the 55 that decide are all ones: add the high half of w × the table's low 64 bits.
  if ((r2 & 0x1ff) === 0x1ff) {
    product(m1, m0, POW10_MANTISSAS[o + 2]!, POW10_MANTISSAS[o + 3]!, Y);
    const low = r0 + Y[1]!;
    const mid = r1 + Y[0]! + (low >= TWO_32 ? 1 : 0);
    r0 = low >>> 0;
    r1 = mid >>> 0;
    if (mid >= TWO_32) {
      const up = r2 + 1;
      r2 = up >>> 0;
      if (up >= TWO_32) r3++;
    }
  }

  // The top 54 bits (the 53 kept and one to round with).
  const upper = r3 >>> 31;
  const shift = 9 + upper;
  const rmHi = r3 >>> shift;
  let rmLo = ((r2 >>> shift) | (r3 << (32 - shift))) >>> 0;
  let exp2 = ((217706 * q) >> 16) + 63 + upper - clz + 1023;
  if (exp2 <= 0) return NaN; // subnormal: Number() decides

  // A tie (only possible for −4 ≤ q ≤ 23): round to even, i.e. down when the bits dropped are all zero.
  if (r1 === 0 && r0 <= 1 && q >= -4 && q <= 23 && (rmLo & 3) === 1 && (r2 & ((1 << shift) - 1)) === 0) rmLo -= 1;

  // Round half up to 53 bits.
  let mantissa = rmHi * 2147483648 + (rmLo >>> 1) + (rmLo & 1);
  if (mantissa >= TWO_53) {
    mantissa = TWO_53 / 2;
    exp2++;
  }
  if (exp2 >= 0x7ff) return NaN; // infinite: Number() says so
  return mantissa * POW2[exp2 - 1075 - POW2_MIN]!;
}

/** Counts of the calls that needed `Number()` (for tests and the parse benchmark). */
export const fallbackCount = { calls: 0 };

/** The slow path: `Number()` on the text (ASCII here: checked by the caller), ±Infinity → NaN. */
function viaNumber(bytes: Uint8Array, start: number, end: number, decimalComma: boolean): number {
  fallbackCount.calls++;
  // In slices, so a 10 MB run of digits takes milliseconds.
  let s = '';
  for (let j = start; j < end; j += 8192) s += String.fromCharCode.apply(null, bytes.subarray(j, Math.min(end, j + 8192)) as unknown as number[]);
  const value = Number(decimalComma ? s.replace(',', '.') : s);
  return value === Infinity || value === -Infinity ? NaN : value;
}
