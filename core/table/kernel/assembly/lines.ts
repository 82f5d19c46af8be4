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
  if (!loneCr) {
    if (pendingCr && <u32>load<u8>(at) != LF) goSlow();
    else {
      const before = lines;
      const contentBefore = content;
      const endsBefore = ends;
      if (pushLines(at, limit)) {
        pendingCr = <u32>load<u8>(limit - 1) == CR;
        return ascii;
      }
      // A lone CR: these bytes again, byte by byte (as LineCounter, which checks them first).
      lines = before;
      content = contentBefore;
      ends = endsBefore;
      goSlow();
    }
  }
  pushBytes(at, limit);
  return isAscii(at, limit);
}

/** Whether the last pushLines' bytes were all ASCII. */
let ascii: bool = true;

/** True when every byte of [at, limit) is ASCII (the OR of them all has no high bit). */
function isAscii(at: usize, limit: usize): bool {
  let high = i8x16.splat(0);
  let i = at;
  for (; i + 16 <= limit; i += 16) high = v128.or(high, v128.load(i));
  let tail: u32 = 0;
  for (; i < limit; i++) tail |= <u32>load<u8>(i);
  return i8x16.bitmask(high) == 0 && (tail & 0x80) == 0;
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

/** A CR at `j` not followed by an LF within [?, limit) (a CR at the very end: the next push decides). */
// @ts-ignore: decorator
@inline function loneAt(j: usize, limit: usize): bool {
  return j + 1 < limit && <u32>load<u8>(j + 1) != LF;
}

/**
 * Lines end at LF only (every CR part of a CRLF, and blank within its line), in one pass that also checks
 * that (false at a lone CR, the counts then half done) and whether the bytes are ASCII (`ascii`).
 */
function pushLines(at: usize, limit: usize): bool {
  if (!content) lookForContent(at, limit);
  const lf = i8x16.splat(<i8>LF);
  const cr = i8x16.splat(<i8>CR);
  let high = i8x16.splat(0);
  let i = at;
  for (; i + 16 <= limit; i += 16) {
    const v = v128.load(i);
    high = v128.or(high, v);
    let crs = i8x16.bitmask(i8x16.eq(v, cr));
    while (crs != 0) {
      if (loneAt(i + <usize>ctz(crs), limit)) return false;
      crs &= crs - 1;
    }
    let mask = i8x16.bitmask(i8x16.eq(v, lf));
    while (mask != 0) {
      const j = i + <usize>ctz(mask);
      if (content) lines++;
      content = false;
      ends++;
      lookForContent(j + 1, limit);
      mask &= mask - 1;
    }
  }
  let tail: u32 = 0;
  for (; i < limit; i++) {
    const b = <u32>load<u8>(i);
    tail |= b;
    if (b == CR && loneAt(i, limit)) return false;
    if (b != LF) continue;
    if (content) lines++;
    content = false;
    ends++;
    lookForContent(i + 1, limit);
  }
  ascii = i8x16.bitmask(high) == 0 && (tail & 0x80) == 0;
  return true;
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
