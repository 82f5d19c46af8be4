// AssemblyScript (compiled to WebAssembly by build/wasm.mjs; `npm run build:wasm`). The data rows of a
// delimited text file read the quick way (core/table/quick-rows.ts, issue 17) in WebAssembly: 64-bit integers
// for the digits and for Eisel–Lemire's 128-bit products, which JavaScript can only emulate with doubles.
//
// `readRows` reads rows from `p` of body[0, len): a row is vouched for only when it has exactly `width` fields
// and ends with a line break (or at `len` when `partial` is false). A field that is simply a number (up to
// its delimiter, after leading spaces — and tabs unless they delimit) goes into `out`: column-major with
// `rowsCap` rows per column, or row-major (`rowMajor`: row r's `width` values at r·width) for a table whose
// numbers are kept row by row (core/table/row-major.ts), which then takes the batch in one copy. Any other field (text, a missing marker, trailing spaces, a number this kernel
// does not decide: more than 19 significant digits, subnormal or out-of-range results) is written
// NaN and listed in `exceptions` as (row, column, start, end) with its spaces trimmed: JavaScript classifies it
// as quick-rows.ts does. With `quotes` (a reader that reads the file from its start, never a piece: pieces.ts
// must see every quote), a quoted field closed on its line with no "" inside is taken too: a number when the bytes
// inside its quotes, trimmed of spaces, are simply one (into `out`), else listed as (row, ~column, start, end)
// with the bytes inside its quotes (quick-rows.ts quotedValue). A listed field's row carries its kind from bit
// KIND_SHIFT: missing, text as written, or JavaScript's to classify (plainKind, quotedKind). `listAll` (0: none) holds a byte per column: where
// it is not 0, every field of the column is listed, numbers too (a reader that keeps the column's texts). A row whose first field is empty (it
// may be blank), that opens any other quote, has another number of fields or may go on in the next chunk stops
// the batch (`stopReason` 1): the scanner reads it.
//
// The numbers equal `Number(text)` bit for bit: Clinger's exact case, else Eisel–Lemire as fast_float's
// compute_float (the table of 10^q's 128-bit mantissas is written at `table` by the caller: float-parse.ts
// POW10_MANTISSAS).

const LF: u32 = 0x0a;
const CR: u32 = 0x0d;
const SPACE: u32 = 0x20;
const TAB: u32 = 0x09;
const QUOTE: u32 = 0x22;
const ZERO: u32 = 0x30;
const Q_MIN: i32 = -342;
const Q_MAX: i32 = 308;

/** (hi, lo) u64 pairs of 10^q for q = Q_MIN … Q_MAX, the exact doubles 10^0 … 10^22, and 10^0 … 10^8 as integers. */
let table: usize = 0;
let pow10: usize = 0;
let pow10int: usize = 0;

/** After `readRows`: where the next row starts, why the batch stopped (0: full or the end; 1: the row at
 * `stopPos` needs the scanner) and how many exceptions were listed. */
export let stopPos: i32 = 0;
export let stopReason: i32 = 0;
export let exceptionCount: i32 = 0;

/** Where the last `numberField` ended (-1: the field is not simply a number this kernel decides). */
let fieldEnd: usize = 0;
let fieldOk: bool = false;

/** Set the tables' places: `tableAt` holds the 128-bit mantissas (written by the caller); 23 doubles and 9
 * integers are written from `pow10At`. */
export function init(tableAt: usize, pow10At: usize): void {
  table = tableAt;
  pow10 = pow10At;
  let p: f64 = 1;
  for (let i = 0; i < 23; i++) {
    store<f64>(pow10At + (<usize>i << 3), p);
    p *= 10;
  }
  pow10int = pow10At + 23 * 8;
  let k: u64 = 1;
  for (let i = 0; i < 9; i++) {
    store<u64>(pow10int + (<usize>i << 3), k);
    k *= 10;
  }
}

/** High 64 bits of a × b. */
// @ts-ignore: decorator
@inline function mulHigh(a: u64, b: u64): u64 {
  const a0 = a & 0xffffffff;
  const a1 = a >> 32;
  const b0 = b & 0xffffffff;
  const b1 = b >> 32;
  const p00 = a0 * b0;
  const p01 = a0 * b1;
  const p10 = a1 * b0;
  const mid = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff);
  return a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/** The double nearest w · 10^q (0 < w < 2^64, Q_MIN ≤ q ≤ Q_MAX): fast_float's compute_float; NaN for
 * subnormal and infinite results (JavaScript decides those). */
function eiselLemire(w: u64, q: i32): f64 {
  const lz = <i32>clz<u64>(w);
  w <<= <u64>lz;
  const at = table + (<usize>(q - Q_MIN) << 4);
  const high = load<u64>(at);
  let hi = mulHigh(w, high);
  let lo = w * high;
  if ((hi & 0x1ff) == 0x1ff) {
    const extra = mulHigh(w, load<u64>(at, 8));
    const sum = lo + extra;
    if (sum < lo) hi++;
    lo = sum;
  }
  const upper = <i32>(hi >> 63);
  const shift = <u64>(upper + 9);
  let mantissa = hi >> shift;
  let power2 = ((217706 * q) >> 16) + 63 - lz + upper + 1023;
  if (power2 <= 0) return NaN;
  if (lo <= 1 && q >= -4 && q <= 23 && (mantissa & 3) == 1 && mantissa << shift == hi) mantissa &= ~(<u64>1);
  mantissa += mantissa & 1;
  mantissa >>= 1;
  if (mantissa >= <u64>1 << 53) {
    mantissa = <u64>1 << 52;
    power2++;
  }
  if (power2 >= 0x7ff) return NaN;
  return reinterpret<f64>((mantissa & ~(<u64>1 << 52)) | (<u64>power2 << 52));
}

/**
 * Digits from i into w, 8 bytes at a time: the bytes less '0', a stop bit on the first that is not a digit
 * (x + 0x76 carries into bit 7 for 10…0x89, x has it for the rest; bytes after the first non-digit may be
 * garbled by borrows, but they are not used), and up to 8 leading digits joined at once (no branch per digit,
 * whose mispredictions cost more than the arithmetic). Returns the position after them (`digitsValue`: w).
 */
let digitsValue: u64 = 0;
// @ts-ignore: decorator
@inline function readDigits(i: usize, limit: usize, w: u64): usize {
  while (i + 8 <= limit) {
    const x = load<u64>(i) - 0x3030303030303030;
    const stop = ((x + 0x7676767676767676) | x) & 0x8080808080808080;
    if (stop == 0) {
      w = w * 100000000 + digitsOf(x);
      i += 8;
      continue;
    }
    const n = <u32>ctz(stop) >> 3;
    if (n != 0) {
      w = w * load<u64>(pow10int + (<usize>n << 3)) + digitsOf(x << (<u64>(64 - 8 * n)));
      i += n;
    }
    digitsValue = w;
    return i;
  }
  while (i < limit) {
    const d = <u32>load<u8>(i) - ZERO;
    if (d > 9) break;
    w = w * 10 + <u64>d;
    i++;
  }
  digitsValue = w;
  return i;
}

/** The value of 8 digit values (0–9) read little-endian, the first the most significant (fast_float's
 * parse_eight_digits_unrolled after its subtraction of '0'); leading zero bytes are leading zeros. */
// @ts-ignore: decorator
@inline function digitsOf(v: u64): u64 {
  const mask: u64 = 0x000000ff000000ff;
  v = v * 10 + (v >> 8);
  return ((v & mask) * 0x000f424000000064 + ((v >> 16) & mask) * 0x0000271000000001) >> 32;
}

/** The field at i if it is simply a number (float-parse.ts parseNumberField's syntax) followed by the
 * delimiter, a line break or `limit`: its value, `fieldOk` and `fieldEnd`; else `fieldOk` false. */
// @ts-ignore: decorator
@inline function numberField(i: usize, limit: usize, delimiter: u32, decimalComma: bool): f64 {
  fieldOk = false;
  if (i >= limit) return NaN;
  let c = <u32>load<u8>(i);
  const negative = c == 0x2d;
  i += <usize>(<u32>negative | <u32>(c == 0x2b)); // (no branch: signs are random in data)
  const intStart = i;
  i = readDigits(i, limit, 0);
  let w = digitsValue;
  let q: i32 = 0;
  let dot: i32 = 0;
  if (i < limit) {
    c = <u32>load<u8>(i);
    if (c == 0x2e || (decimalComma && c == 0x2c)) {
      dot = 1;
      const fracStart = ++i;
      i = readDigits(i, limit, w);
      w = digitsValue;
      q = <i32>fracStart - <i32>i;
    }
  }
  // Every digit, leading zeros included (counted apart below when there are more than 19).
  const digits = <i32>(i - intStart) - dot;
  if (digits == 0) return NaN;
  if (i < limit) {
    c = <u32>load<u8>(i);
    if (c == 0x65 || c == 0x45) {
      i++;
      let expNegative = false;
      if (i < limit) {
        const s = <u32>load<u8>(i);
        if (s == 0x2d || s == 0x2b) {
          expNegative = s == 0x2d;
          i++;
        }
      }
      let e: i32 = 0;
      const expStart = i;
      while (i < limit) {
        const d = <u32>load<u8>(i) - ZERO;
        if (d > 9) break;
        if (e < 100000) e = e * 10 + <i32>d;
        i++;
      }
      if (i == expStart || e >= 100000) return NaN;
      q += expNegative ? -e : e;
    }
  }
  if (i < limit) {
    c = <u32>load<u8>(i);
    if (c != delimiter && c != LF && c != CR) return NaN;
  }
  if (digits > 19) {
    // Leading zeros do not count (w is the same without them): "-0.0012345678901234567" has 19 digits that do.
    let zeros: i32 = 0;
    for (let z = intStart; z < i; z++) {
      const b = <u32>load<u8>(z);
      if (b == ZERO) zeros++;
      else if (b != 0x2e && b != 0x2c) break;
    }
    if (digits - zeros > 19) return NaN;
  }
  let v: f64;
  if (w == 0) v = 0;
  else if (w <= <u64>1 << 53 && q >= -22 && q <= 22) {
    v = q < 0 ? <f64>w / load<f64>(pow10 + (<usize>-q << 3)) : <f64>w * load<f64>(pow10 + (<usize>q << 3));
  } else {
    if (q < Q_MIN || q > Q_MAX) return NaN;
    v = eiselLemire(w, q);
    if (v != v) return NaN;
  }
  fieldOk = true;
  fieldEnd = i;
  return reinterpret<f64>(reinterpret<u64>(v) | (<u64>negative << 63)); // (−0 too)
}

/** A listed field's kind, in the bits from KIND_SHIFT of its row: JavaScript classifies it (0), it is missing (1)
 * or text as written (2). */
const KIND_SHIFT: i32 = 24;
const JS: i32 = 0;
const MISSING: i32 = 1;
const TEXT: i32 = 2;

/** bytes[s, s + n) are a missing token (cells.ts MISSING_TOKENS: "", NA, N/A, NaN, nan, null, #N/A, -, ?). */
function missingToken(s: usize, n: usize): bool {
  if (n == 0) return true;
  if (n > 4) return false;
  const b0 = <u32>load<u8>(s);
  if (n == 1) return b0 == 0x2d || b0 == 0x3f;
  const b1 = <u32>load<u8>(s, 1);
  if (n == 2) return b0 == 0x4e && b1 == 0x41;
  const b2 = <u32>load<u8>(s, 2);
  if (n == 3) return (b0 == 0x4e && ((b1 == 0x2f && b2 == 0x41) || (b1 == 0x61 && b2 == 0x4e))) || (b0 == 0x6e && b1 == 0x61 && b2 == 0x6e);
  const b3 = <u32>load<u8>(s, 3);
  return (b0 == 0x6e && b1 == 0x75 && b2 == 0x6c && b3 == 0x6c) || (b0 == 0x23 && b1 == 0x4e && b2 == 0x2f && b3 == 0x41);
}

/** bytes[s, e) hold an ASCII byte that no number, strict or lenient, holds even once trimmed (cells.ts lenientNumber:
 * not a digit, . , + - e E, nor white space; bytes from 0x80 may be U+2212 or a no-break space). */
function markedText(s: usize, e: usize): bool {
  for (let i = s; i < e; i++) {
    const b = <u32>load<u8>(i);
    if (b >= 0x80 || b - ZERO <= 9 || b == 0x2e || b == 0x2c || b == 0x2b || b == 0x2d || (b | 0x20) == 0x65 || b == SPACE || b - 0x09 <= 4) continue;
    return true;
  }
  return false;
}

/** The kind of a listed unquoted field, bytes[s, e) trimmed (quick-rows.ts fieldValue): a missing token, else text when
 * markedText (no lenient number), else JavaScript's to decide. */
function plainKind(s: usize, e: usize): i32 {
  if (missingToken(s, e - s)) return MISSING;
  return markedText(s, e) ? TEXT : JS;
}

/** The kind of a listed quoted field, bytes[s, e) inside its quotes (quick-rows.ts quotedValue, classifyText): missing
 * when exactly a token; text as written when it opens and ends with printable ASCII (trim keeps it) and is
 * markedText; else JavaScript's to decide. */
function quotedKind(s: usize, e: usize): i32 {
  if (missingToken(s, e - s)) return MISSING;
  if (e == s) return JS;
  const first = <u32>load<u8>(s);
  const last = <u32>load<u8>(e - 1);
  return first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f && markedText(s, e) ? TEXT : JS;
}

/** Rows from `p` of body[0, len) (module comment); returns how many were read. */
export function readRows(body: usize, len: i32, p: i32, partial: bool, width: i32, delimiter: u32, decimalComma: bool, out: usize, rowsCap: i32, exceptions: usize, rowMajor: bool, quotes: bool, listAll: usize): i32 {
  const limit = body + <usize>len;
  const tabIsSpace = delimiter != TAB;
  // From a cell to the next column's, and from a row's first cell to the next row's.
  const stride: usize = rowMajor ? 8 : <usize>rowsCap << 3;
  const rowStride: usize = rowMajor ? <usize>width << 3 : 8;
  let row: i32 = 0;
  let listed: i32 = 0;
  let at = body + <usize>p;
  stopReason = 0;
  while (row < rowsCap && at < limit) {
    const rowStart = at;
    const listedBefore = listed;
    let cell = out + <usize>row * rowStride;
    let ok = true;
    for (let c: i32 = 0; c < width; c++) {
      while (at < limit) {
        const b = <u32>load<u8>(at);
        if (b != SPACE && !(tabIsSpace && b == TAB)) break;
        at++;
      }
      // (a column of `listAll`: every field listed, its number too)
      const every = listAll != 0 && load<u8>(listAll + <usize>c) != 0;
      let v: f64 = NaN;
      fieldOk = false;
      if (!every) v = numberField(at, limit, delimiter, decimalComma);
      let end: usize;
      if (fieldOk) {
        store<f64>(cell, v);
        end = fieldEnd;
      } else {
        if (at < limit && <u32>load<u8>(at) == QUOTE) {
          // A quoted field the kernel vouches for (`quotes`): closed on its line, no "" inside, nothing but
          // spaces between its closing quote and the delimiter; listed with its column complemented (~c) and
          // the bytes inside the quotes. Any other quote: the scanner's.
          if (!quotes) {
            ok = false;
            break;
          }
          let close = at + 1;
          while (close < limit) {
            const b = <u32>load<u8>(close);
            if (b == QUOTE || b == LF || b == CR) break;
            close++;
          }
          if (close >= limit || <u32>load<u8>(close) != QUOTE || (c == 0 && close == at + 1)) {
            ok = false;
            break;
          }
          end = close + 1;
          while (end < limit) {
            const b = <u32>load<u8>(end);
            if (b != SPACE && !(tabIsSpace && b == TAB)) break;
            end++;
          }
          if (end < limit) {
            const b = <u32>load<u8>(end);
            if (b != delimiter && b != LF && b != CR) {
              ok = false; // ("" inside, or text after the closing quote)
              break;
            }
          }
          // A quoted number (every field of a Proteome Discoverer export is quoted): its bytes inside the quotes,
          // trimmed of spaces (not tabs), exactly a number (quick-rows.ts quotedValue); else listed.
          let s = at + 1;
          let e = close;
          while (s < e && <u32>load<u8>(s) == SPACE) s++;
          while (e > s && <u32>load<u8>(e - 1) == SPACE) e--;
          const q = every ? NaN : numberField(s, e, delimiter, decimalComma);
          if (!every && fieldOk && fieldEnd == e) store<f64>(cell, q);
          else {
            store<f64>(cell, NaN);
            const x = exceptions + (<usize>listed << 4);
            store<i32>(x, row | (quotedKind(at + 1, close) << KIND_SHIFT));
            store<i32>(x, ~c, 4);
            store<i32>(x, <i32>(at + 1 - body), 8);
            store<i32>(x, <i32>(close - body), 12);
            listed++;
          }
          at = end;
          cell += stride;
          if (c < width - 1) {
            if (at >= limit || <u32>load<u8>(at) != delimiter) {
              ok = false;
              break;
            }
            at++;
          }
          continue;
        }
        end = at;
        while (end < limit) {
          const b = <u32>load<u8>(end);
          if (b == delimiter || b == LF || b == CR) break;
          end++;
        }
        let e = end;
        while (e > at) {
          const b = <u32>load<u8>(e - 1);
          if (b != SPACE && !(tabIsSpace && b == TAB)) break;
          e--;
        }
        if (c == 0 && e == at) {
          ok = false; // (maybe a blank row)
          break;
        }
        store<f64>(cell, NaN);
        const x = exceptions + (<usize>listed << 4);
        store<i32>(x, row | (plainKind(at, e) << KIND_SHIFT));
        store<i32>(x, c, 4);
        store<i32>(x, <i32>(at - body), 8);
        store<i32>(x, <i32>(e - body), 12);
        listed++;
      }
      at = end;
      cell += stride;
      if (c < width - 1) {
        if (at >= limit || <u32>load<u8>(at) != delimiter) {
          ok = false;
          break;
        }
        at++;
      }
    }
    if (ok) {
      if (at >= limit) ok = !partial;
      else {
        const b = <u32>load<u8>(at);
        if (b == LF) at++;
        else if (b == CR) {
          // CRLF, CR CRLF (one line break, as the scanner reads it) or a lone CR; one that may go on past the
          // limit waits for more bytes.
          at++;
          if (at < limit) {
            const next = <u32>load<u8>(at);
            if (next == LF) at++;
            else if (next == CR) {
              if (at + 1 < limit) {
                if (<u32>load<u8>(at + 1) == LF) at += 2;
              } else ok = !partial;
            }
          } else ok = !partial;
        } else ok = false;
      }
    }
    if (!ok) {
      listed = listedBefore;
      at = rowStart;
      stopReason = 1;
      break;
    }
    row++;
  }
  stopPos = <i32>(at - body);
  exceptionCount = listed;
  return row;
}
