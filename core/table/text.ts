/**
 * Byte ↔ text helpers for the table readers. Core is platform-free: TextDecoder / TextEncoder are reached
 * through globalThis (every JavaScript host we target — Node ≥ 20, Electron, browsers — has them).
 */

interface TextDecoderLike {
  decode(input?: Uint8Array): string;
}
interface TextEncoderLike {
  encode(input?: string): Uint8Array;
}
type DecoderCtor = new (label?: string, options?: { fatal?: boolean }) => TextDecoderLike;
type EncoderCtor = new () => TextEncoderLike;

const host = globalThis as unknown as { TextDecoder: DecoderCtor; TextEncoder: EncoderCtor };

const utf8 = new host.TextDecoder('utf-8');
const utf16le = new host.TextDecoder('utf-16le');
const utf16be = new host.TextDecoder('utf-16be');
const encoder = new host.TextEncoder();

/** Decode UTF-8 bytes `[start, end)`. Short ASCII runs are built directly (the common case for cells). */
export function decodeUtf8(bytes: Uint8Array, start = 0, end = bytes.length): string {
  const length = end - start;
  if (length <= 24) {
    let ascii = true;
    for (let i = start; i < end; i++) {
      if (bytes[i]! >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (ascii) {
      let s = '';
      for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]!);
      return s;
    }
  }
  return utf8.decode(bytes.subarray(start, end));
}

export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** True when the bytes open with the UTF-8 byte-order mark EF BB BF. */
export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** True when every byte is < 0x80, checked four bytes at a time over the aligned middle. */
export function isAscii(bytes: Uint8Array): boolean {
  const n = bytes.length;
  const head = Math.min(n, (4 - (bytes.byteOffset % 4)) % 4);
  let high = 0;
  for (let i = 0; i < head; i++) high |= bytes[i]!;
  const words = (n - head) >>> 2;
  if (words > 0) {
    const u32 = new Uint32Array(bytes.buffer, bytes.byteOffset + head, words);
    let acc = 0;
    for (let w = 0; w < words; w++) acc |= u32[w]!;
    high |= (acc | (acc >>> 8) | (acc >>> 16) | (acc >>> 24)) & 0xff;
  }
  for (let i = head + 4 * words; i < n; i++) high |= bytes[i]!;
  return (high & 0x80) === 0;
}

/**
 * True when `bytes` are well-formed UTF-8 (RFC 3629: no overlongs, no surrogates, at most U+10FFFF).
 * A plain loop: pure ASCII runs cost one comparison per byte.
 */
export function isValidUtf8(bytes: Uint8Array): boolean {
  if (isAscii(bytes)) return true;
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return false;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += need + 1;
  }
  return true;
}

/** Windows-1252 (what Excel on Windows writes as "CSV") → string; Latin-1 where the host lacks the codec. */
function decodeWindows1252(bytes: Uint8Array): string {
  try {
    return new host.TextDecoder('windows-1252').decode(bytes);
  } catch {
    let s = '';
    for (let i = 0; i < bytes.length; i += 8192) {
      s += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 8192)));
    }
    return s;
  }
}

/**
 * Normalise a text file to UTF-8 bytes without a byte-order mark: UTF-16 files (with their BOM, as Excel's
 * "Unicode text" export writes them) and files that are not valid UTF-8 (taken as Windows-1252, the
 * encoding of Excel's "CSV" on Windows) are re-encoded; UTF-8 files are returned as a view past the BOM.
 * Example: `[EF BB BF 61]` → `[61]`; `[E9]` ("é" in Windows-1252) → `[C3 A9]`.
 */
export function toUtf8Body(bytes: Uint8Array): Uint8Array {
  if (hasUtf8Bom(bytes)) return bytes.subarray(3);
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return encoder.encode(utf16le.decode(bytes.subarray(2)));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return encoder.encode(utf16be.decode(bytes.subarray(2)));
  if (!isValidUtf8(bytes)) return encoder.encode(decodeWindows1252(bytes));
  return bytes;
}

/**
 * `isValidUtf8` chunk by chunk: a sequence split between two chunks is checked across the cut.
 * Example: push([0xC3]) then push([0xA9]) → complete (“é”); push([0xC3]) alone → not complete.
 */
export class Utf8Validator {
  private need = 0;
  private min = 0;
  private cp = 0;
  private ok = true;

  /** Check the next bytes; false once anything seen is not UTF-8. */
  push(bytes: Uint8Array): boolean {
    if (!this.ok) return false;
    if (this.need === 0 && isAscii(bytes)) return true;
    let { need, min, cp } = this;
    for (let i = 0, n = bytes.length; i < n; i++) {
      const b = bytes[i]!;
      if (need > 0) {
        if ((b & 0xc0) !== 0x80) return (this.ok = false);
        cp = (cp << 6) | (b & 0x3f);
        if (--need === 0 && (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))) return (this.ok = false);
        continue;
      }
      if (b < 0x80) continue;
      if (b >= 0xc2 && b <= 0xdf) {
        need = 1;
        min = 0x80;
      } else if (b >= 0xe0 && b <= 0xef) {
        need = 2;
        min = 0x800;
      } else if (b >= 0xf0 && b <= 0xf4) {
        need = 3;
        min = 0x10000;
      } else return (this.ok = false);
      cp = b & (0x3f >> need);
    }
    this.need = need;
    this.min = min;
    this.cp = cp;
    return true;
  }

  /** True when every byte pushed is well-formed UTF-8 and no sequence is left open. */
  get complete(): boolean {
    return this.ok && this.need === 0;
  }
}
