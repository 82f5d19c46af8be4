// AssemblyScript (compiled to WebAssembly by build/wasm.mjs; `npm run build:wasm`). The first pass's line
// count (core/table/lines.ts LineCounter, the same rules and state) with 16 bytes at a time (SIMD): line
// feeds and carriage returns are found by comparing whole blocks, and only a line's first bytes are looked
// at (a line whose first byte is content is not blank). It also tells whether the bytes were all ASCII, so
// that the UTF-8 check (text.ts) can skip them.
//
// State (as LineCounter's): non-blank lines completed, whether the open line has content, line breaks, a
// lone CR seen (then byte by byte for good), a CR last (its LF may open the next push), after a CR (slow mode).

const LF: u32 = 0x0a;
const CR: u32 = 0x0d;
const SPACE: u32 = 0x20;
const TAB: u32 = 0x09;

export let lines: i32 = 0;
export let content: bool = false;
export let ends: i32 = 0;
export let loneCr: bool = false;
export let pendingCr: bool = false;
let afterCr: bool = false;
let delimiter: u32 = 0xffffffff;

/** Start again, with the delimiter's byte code (-1: none). */
export function reset(delimiterCode: i32): void {
  lines = 0;
  content = false;
  ends = 0;
  loneCr = false;
  pendingCr = false;
  afterCr = false;
  delimiter = <u32>delimiterCode;
}

/** Blank within a line: a space, a tab, a CR (part of a CRLF in fast mode) or the delimiter. */
// @ts-ignore: decorator
@inline function blank(b: u32): bool {
  return b == SPACE || b == TAB || b == CR || b == delimiter;
}

/** True when every CR of [at, limit) is followed by an LF (a CR at the very end: by the next push). */
function crsArePaired(at: usize, limit: usize): bool {
  const cr = i8x16.splat(<i8>CR);
  let i = at;
  for (; i + 16 <= limit; i += 16) {
    if (!v128.any_true(i8x16.eq(v128.load(i), cr))) continue;
    for (let j = i; j < i + 16; j++) {
      if (<u32>load<u8>(j) == CR && j + 1 < limit && <u32>load<u8>(j + 1) != LF) return false;
    }
  }
  for (; i < limit; i++) {
    if (<u32>load<u8>(i) == CR && i + 1 < limit && <u32>load<u8>(i + 1) != LF) return false;
  }
  return true;
}

/** After a line break: the next line's content from `at` (its first non-blank byte before an LF), and where the look stopped. */
// @ts-ignore: decorator
@inline function lookForContent(at: usize, limit: usize): void {
  while (at < limit) {
    const b = <u32>load<u8>(at);
    if (b == LF) return;
    if (!blank(b)) {
      content = true;
      return;
    }
    at++;
  }
}

/** Count the lines of [at, at + len) (LineCounter.push); true when those bytes are all ASCII. */
export function push(at: usize, len: i32): bool {
  if (len <= 0) return true;
  const limit = at + <usize>len;
  // ASCII: the OR of every byte has no high bit.
  let high = i8x16.splat(0);
  let i = at;
  for (; i + 16 <= limit; i += 16) high = v128.or(high, v128.load(i));
  let tail: u32 = 0;
  for (; i < limit; i++) tail |= <u32>load<u8>(i);
  const ascii = i8x16.bitmask(high) == 0 && (tail & 0x80) == 0;

  if (!loneCr) {
    const pending = pendingCr;
    if (pending && <u32>load<u8>(at) != LF) goSlow();
    else {
      pendingCr = <u32>load<u8>(limit - 1) == CR;
      if (!crsArePaired(at, limit)) {
        pendingCr = pending;
        goSlow();
      }
    }
  }
  if (loneCr) pushBytes(at, limit);
  else pushLines(at, limit);
  return ascii;
}

function goSlow(): void {
  if (pendingCr) {
    if (content) lines++;
    content = false;
    ends++;
    pendingCr = false;
    afterCr = true;
  }
  loneCr = true;
}

/** Lines end at LF only (every CR is part of a CRLF, and blank within its line). */
function pushLines(at: usize, limit: usize): void {
  if (!content) lookForContent(at, limit);
  const lf = i8x16.splat(<i8>LF);
  let i = at;
  for (; i + 16 <= limit; i += 16) {
    let mask = i8x16.bitmask(i8x16.eq(v128.load(i), lf));
    while (mask != 0) {
      const j = i + <usize>ctz(mask);
      if (content) lines++;
      content = false;
      ends++;
      lookForContent(j + 1, limit);
      mask &= mask - 1;
    }
  }
  for (; i < limit; i++) {
    if (<u32>load<u8>(i) != LF) continue;
    if (content) lines++;
    content = false;
    ends++;
    lookForContent(i + 1, limit);
  }
}

function pushBytes(at: usize, limit: usize): void {
  for (let i = at; i < limit; i++) {
    const b = <u32>load<u8>(i);
    if (b == LF || b == CR) {
      if (content) lines++;
      content = false;
      if (!(b == LF && afterCr)) ends++;
      afterCr = b == CR;
    } else {
      afterCr = false;
      if (!content && b != SPACE && b != TAB && b != delimiter) content = true;
    }
  }
}
