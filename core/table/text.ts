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

/**
 * Normalise a text file to UTF-8 bytes without a byte-order mark: UTF-16 files (with their BOM, as Excel's
 * "Unicode text" export writes them) are re-encoded; UTF-8 files are returned as a view past the BOM.
 * Example: `[EF BB BF 61]` → `[61]`.
 */
export function toUtf8Body(bytes: Uint8Array): Uint8Array {
  if (hasUtf8Bom(bytes)) return bytes.subarray(3);
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return encoder.encode(utf16le.decode(bytes.subarray(2)));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return encoder.encode(utf16be.decode(bytes.subarray(2)));
  return bytes;
}
