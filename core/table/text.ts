/**
 * Byte ↔ text helpers for the table readers. Core is platform-free: TextDecoder / TextEncoder are reached
 * through globalThis (every JavaScript host we target — Node ≥ 20, Electron, browsers — has them).
 */
import { SkfrError } from '../errors.js';

interface TextDecoderLike {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
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

/**
 * The texts of many cells of one stretch of UTF-8 bytes (a batch of rows, kernel/rows.ts): when the stretch is ASCII
 * and the cells' bytes are at least a quarter of it, it is decoded once and each cell is a slice of that string
 * (cold, a cell decoded on its own cost ~0.6–1.2 µs and garbage, a slice ~0.2 µs: 28 000 cells of MaxQuant's
 * proteinGroups.txt 18–21 ms against 5 ms); else each cell is decoded on its own (`decodeUtf8`). A slice of 13
 * characters or more keeps the stretch's string alive (V8's sliced strings), hence the quarter: what is kept is
 * at most four times the texts' own bytes, never a numeric table's whole text for its few text cells.
 * Example: texts.load(bytes, 0, 20, 12); texts.decode(bytes, 3, 7) → the text of bytes[3, 7).
 */
export class SpanTexts {
  private text = '';
  private from = 0;
  private to = 0;

  /** Bytes `[from, to)` hold cells of `cellBytes` bytes in all, read next (forgets the previous stretch). */
  load(bytes: Uint8Array, from: number, to: number, cellBytes: number): void {
    this.text = '';
    this.from = this.to = 0;
    if (to - from < 64 || cellBytes * 4 < to - from) return;
    const text = utf8.decode(bytes.subarray(from, to));
    // (cells end at ASCII delimiters and the reader's bytes are UTF-8: as many characters as bytes ⇔ ASCII, where
    // offsets in the text are offsets in the bytes; checked so, not by a loop over the bytes, slow in a cold process)
    if (text.length !== to - from) return;
    this.text = text;
    this.from = from;
    this.to = to;
  }

  /** The text of bytes `[start, end)` (= decodeUtf8). */
  decode(bytes: Uint8Array, start: number, end: number): string {
    return start >= this.from && end <= this.to && this.to > 0 ? this.text.slice(start - this.from, end - this.from) : decodeUtf8(bytes, start, end);
  }
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

/** Slices `isValidUtf8` decodes one at a time: a whole-file string would cost more time and memory. */
const SLICE_BYTES = 1024 * 1024;

/**
 * True when `bytes` are well-formed UTF-8 (the WHATWG decoder's rules, which are RFC 3629's: no overlongs,
 * no surrogates, at most U+10FFFF), checked a megabyte at a time by `Utf8Validator` (ASCII slices by
 * `isAscii` alone, the rest by a fatal TextDecoder).
 * Example: `[C3 A9]` ("é") → true; `[E9]` ("é" in Windows-1252) → false; `[C0 AF]` (overlong "/") → false.
 */
export function isValidUtf8(bytes: Uint8Array): boolean {
  const validator = new Utf8Validator();
  for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
    if (!validator.push(bytes.subarray(at, at + SLICE_BYTES))) return false;
  }
  return validator.complete;
}

/**
 * Bytes 0x80–0x9F of Windows-1252 (the WHATWG Encoding Standard's index; the five it leaves undefined map to
 * themselves). Every other byte is its own code point (Latin-1).
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252 (what Excel on Windows writes as "CSV") → string, by its table rather than the host's
 * TextDecoder('windows-1252'): Node 20.18.3+ decodes 0x80–0x9F as Latin-1 control characters there
 * (nodejs/node#56542, #60888), which would turn €, “ ”, – and ™ in a sample name into invisible characters.
 * Example: `[80 20 93 61 94]` → "€ “a”".
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(Math.min(bytes.length, 8192));
  let s = '';
  for (let at = 0; at < bytes.length; at += units.length) {
    const end = Math.min(bytes.length, at + units.length);
    for (let i = at; i < end; i++) {
      const b = bytes[i]!;
      units[i - at] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b;
    }
    s += String.fromCharCode(...units.subarray(0, end - at));
  }
  return s;
}

/**
 * Normalise a text file to UTF-8 bytes without a byte-order mark: UTF-16 files (with their BOM, as Excel's
 * "Unicode text" export writes them) and files that are not valid UTF-8 (taken as Windows-1252, the
 * encoding of Excel's "CSV" on Windows) are re-encoded; UTF-8 files are returned as a view past the BOM.
 * Example: `[EF BB BF 61]` → `[61]`; `[E9]` ("é" in Windows-1252) → `[C3 A9]`.
 */
export function toUtf8Body(bytes: Uint8Array, fileName = 'The file'): Uint8Array {
  checkTextSize(bytes, fileName);
  if (hasUtf8Bom(bytes)) return bytes.subarray(3);
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return encoder.encode(utf16le.decode(bytes.subarray(2)));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return encoder.encode(utf16be.decode(bytes.subarray(2)));
  if (!isValidUtf8(bytes)) return encoder.encode(decodeWindows1252(bytes));
  return bytes;
}

/** V8's longest string (characters): a file re-encoded through a string must fit in one. */
export const MAX_STRING = 2 ** 29 - 24;

/**
 * Refuse, in one sentence, a UTF-16 or non-UTF-8 file whose text cannot be one JavaScript string (it is
 * re-encoded through one): UTF-16 over 2 · MAX_STRING bytes (≈ 1 GiB), Windows-1252 over MAX_STRING (≈ 512 MiB).
 * UTF-8 files are read as bytes, without that limit. Example: a 1.2 GiB UTF-16 file → '… is UTF-16 text of 1.2 GiB …'.
 */
export function checkTextSize(bytes: Uint8Array, fileName: string): void {
  const utf16 = bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
  const limit = utf16 ? 2 * MAX_STRING : MAX_STRING;
  if (bytes.length <= limit) return;
  if (!utf16 && (hasUtf8Bom(bytes) || isValidUtf8(bytes))) return;
  const gib = (n: number) => (n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(2)} GiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`);
  const name = fileName === 'The file' ? fileName : `“${fileName}”`;
  throw new SkfrError(
    'unreadable-file',
    `${name} is ${utf16 ? 'UTF-16' : 'non-UTF-8'} text of ${gib(bytes.length)}, more than such a file can have here (${utf16 ? '1 GiB' : '512 MiB'}, the longest text JavaScript makes); ` +
      `save it as UTF-8 (“CSV UTF-8” in Excel), which is read without that limit.`,
  );
}

const STREAM = { stream: true };

/**
 * `isValidUtf8` chunk by chunk: a fatal TextDecoder in streaming mode, whose text is dropped, so a sequence
 * split between two chunks is checked across the cut. ASCII chunks skip the decoder (`isAscii` is several
 * times faster than decoding).
 * Example: push([0xC3]) then push([0xA9]) → complete (“é”); push([0xC3]) alone → not complete.
 *
 * bench/utf8.ts (150 MB tables, 1 MiB chunks, CPU time, median of 7–11 rounds, three runs; issue 14): with
 * one non-ASCII name a row, 170–220 ms against 265–290 ms for the hand-written loop it replaced (Latin and
 * Greek names alike, about a third less); ASCII tables 40 ms either way (isAscii); `isValidUtf8` on the whole
 * table 170–190 ms against 190–240 ms.
 */
export class Utf8Validator {
  private readonly decoder = new host.TextDecoder('utf-8', { fatal: true });
  private ok = true;
  /** Whether the decoder may hold the first bytes of a sequence cut at the end of the last chunk. */
  private open = false;

  /** Check the next bytes (`ascii`: known to be all ASCII); false once anything seen is not UTF-8. */
  push(bytes: Uint8Array, ascii = false): boolean {
    if (!this.ok || bytes.length === 0) return this.ok;
    try {
      if (ascii || isAscii(bytes)) {
        // An ASCII byte completes no sequence: decoding the first one throws exactly when a sequence is open.
        if (this.open) this.decoder.decode(bytes.subarray(0, 1), STREAM);
        this.open = false;
      } else {
        this.decoder.decode(bytes, STREAM);
        this.open = true;
      }
      return true;
    } catch {
      return (this.ok = false);
    }
  }

  /**
   * True when every byte pushed is well-formed UTF-8 and no sequence is left open. Read it at the end: a
   * sequence still open then is reported and the validator stays false.
   */
  get complete(): boolean {
    if (!this.ok || !this.open) return this.ok;
    try {
      this.decoder.decode();
      this.open = false;
      return true;
    } catch {
      return (this.ok = false);
    }
  }
}
