/**
 * core/table/text.ts UTF-8 checks (issue 14: a fatal TextDecoder in place of two hand-written loops). The
 * reference below is the hand-written validator they replaced, written from RFC 3629 independently of any
 * decoder: the new checks must agree with it on every byte string, however it is cut into chunks.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeWindows1252, isValidUtf8, toUtf8Body, Utf8Validator } from '../../core/table/text.js';

/** RFC 3629 well-formedness: no overlongs, no surrogates (U+D800–DFFF), nothing above U+10FFFF. */
function referenceValid(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return false;
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

const bytesOf = (...values: number[]) => Uint8Array.from(values);

/** Push `parts` through one validator, each from a reused buffer that is overwritten afterwards (as the CLI's reader does). */
function validateChunks(parts: readonly Uint8Array[]): boolean {
  const validator = new Utf8Validator();
  const buffer = new Uint8Array(Math.max(1, ...parts.map((p) => p.length)));
  for (const part of parts) {
    buffer.set(part);
    validator.push(buffer.subarray(0, part.length));
    buffer.fill(0xff); // a validator that kept the chunk would now see bytes that are never UTF-8
  }
  return validator.complete;
}

/** Byte strings that hit the edges: random bytes, encoded text, and runs of lead/continuation/boundary bytes. */
const interesting = fc.oneof(
  fc.uint8Array({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 12 }).map((s) => new TextEncoder().encode(s)),
  fc
    .array(fc.constantFrom(0x41, 0x0a, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff), {
      maxLength: 16,
    })
    .map((a) => Uint8Array.from(a)),
);

/** Cut `bytes` at sorted positions (repeats give empty chunks). */
function cutAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const at = [0, ...cuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b), bytes.length];
  return at.slice(1).map((end, i) => bytes.subarray(at[i], end));
}

describe('isValidUtf8', () => {
  it('hand-checked cases', () => {
    expect(isValidUtf8(bytesOf())).toBe(true);
    expect(isValidUtf8(bytesOf(0xc3, 0xa9))).toBe(true); // é
    expect(isValidUtf8(bytesOf(0xef, 0xbb, 0xbf, 0x61))).toBe(true); // BOM + a: the BOM is a valid character
    expect(isValidUtf8(bytesOf(0xf0, 0x9f, 0x98, 0x80))).toBe(true); // U+1F600
    expect(isValidUtf8(bytesOf(0xf4, 0x8f, 0xbf, 0xbf))).toBe(true); // U+10FFFF, the last code point
    expect(isValidUtf8(bytesOf(0xe9))).toBe(false); // é in Windows-1252
    expect(isValidUtf8(bytesOf(0xc0, 0xaf))).toBe(false); // overlong /
    expect(isValidUtf8(bytesOf(0xe0, 0x80, 0xaf))).toBe(false); // overlong /, three bytes
    expect(isValidUtf8(bytesOf(0xed, 0xa0, 0x80))).toBe(false); // U+D800, a surrogate
    expect(isValidUtf8(bytesOf(0xf4, 0x90, 0x80, 0x80))).toBe(false); // U+110000
    expect(isValidUtf8(bytesOf(0x61, 0xe2, 0x82))).toBe(false); // € cut short at the end
  });

  it('agrees with the RFC 3629 reference on random byte strings', () => {
    fc.assert(fc.property(interesting, (bytes) => isValidUtf8(bytes) === referenceValid(bytes)), { numRuns: 3000 });
  });

  it('checks a sequence across its own 1 MiB slices', () => {
    const slice = 1024 * 1024;
    const across = new Uint8Array(slice + 1).fill(0x61);
    across.set([0xc3, 0xa9], slice - 1); // é at bytes 2^20 - 1 and 2^20
    expect(isValidUtf8(across)).toBe(true);
    across[slice] = 0x61; // the é's first byte, then a
    expect(isValidUtf8(across)).toBe(false);
    const openAtEnd = new Uint8Array(slice).fill(0x61);
    openAtEnd[slice - 1] = 0xc3;
    expect(isValidUtf8(openAtEnd)).toBe(false);
  });
});

describe('Utf8Validator', () => {
  it('hand-checked cuts', () => {
    expect(validateChunks([bytesOf(0xc3), bytesOf(0xa9)])).toBe(true); // é across the cut
    expect(validateChunks([bytesOf(0xc3)])).toBe(false); // left open at the end
    expect(validateChunks([bytesOf(0x61, 0xc3), bytesOf(0x41, 0x42)])).toBe(false); // open, then an ASCII chunk
    expect(validateChunks([bytesOf(0xe2, 0x82), bytesOf(), bytesOf(0xac, 0x41)])).toBe(true); // € around an empty chunk
    expect(validateChunks([bytesOf(0xf0), bytesOf(0x9f), bytesOf(0x98), bytesOf(0x80)])).toBe(true); // one byte a chunk
    expect(validateChunks([bytesOf(0x61, 0x62), bytesOf(0x63)])).toBe(true); // ASCII only: the decoder is never used
  });

  it('stays false once anything is not UTF-8, even if later bytes are', () => {
    const validator = new Utf8Validator();
    expect(validator.push(bytesOf(0x61, 0xff))).toBe(false);
    expect(validator.push(bytesOf(0x61))).toBe(false);
    expect(validator.complete).toBe(false);
  });

  it('complete may be read twice', () => {
    const validator = new Utf8Validator();
    validator.push(bytesOf(0xc3, 0xa9));
    expect(validator.complete).toBe(true);
    expect(validator.complete).toBe(true);
  });

  it('agrees with the reference on the whole, however the bytes are cut (reused buffer, empty chunks)', () => {
    fc.assert(
      fc.property(interesting, fc.array(fc.nat(), { maxLength: 6 }), (bytes, cuts) => validateChunks(cutAt(bytes, cuts)) === referenceValid(bytes)),
      { numRuns: 3000 },
    );
  });

  it('agrees on text cut inside its multi-byte characters, with and without a stray byte', () => {
    const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map((s) => new TextEncoder().encode(s));
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 4 }), fc.option(fc.tuple(fc.nat(), fc.integer({ min: 0x80, max: 0xff }))), (bytes, cuts, stray) => {
        const copy = bytes.slice();
        if (stray) copy[stray[0] % copy.length] = stray[1];
        return validateChunks(cutAt(copy, cuts)) === referenceValid(copy);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('toUtf8Body', () => {
  it('skips a UTF-8 BOM, re-encodes UTF-16 and Windows-1252, returns UTF-8 as given', () => {
    const utf8 = bytesOf(0x61, 0xc3, 0xa9);
    expect(toUtf8Body(utf8)).toBe(utf8); // the same bytes, no copy
    expect([...toUtf8Body(bytesOf(0xef, 0xbb, 0xbf, 0x61))]).toEqual([0x61]);
    expect([...toUtf8Body(bytesOf(0x61, 0xe9))]).toEqual([0x61, 0xc3, 0xa9]); // Windows-1252 é
    expect([...toUtf8Body(bytesOf(0xff, 0xfe, 0xe9, 0x00))]).toEqual([0xc3, 0xa9]); // UTF-16LE é
    expect([...toUtf8Body(bytesOf(0xfe, 0xff, 0x00, 0xe9))]).toEqual([0xc3, 0xa9]); // UTF-16BE é
  });
});

describe('decodeWindows1252', () => {
  it('reads 0x80–0x9F by the Windows-1252 table (Excel CSV: €, curly quotes, dashes, ™), not as control characters', () => {
    // A sample name as Excel on Windows saves it: “KO – 2€” ™ Œuvre
    const bytes = bytesOf(0x93, 0x4b, 0x4f, 0x20, 0x96, 0x20, 0x32, 0x80, 0x94, 0x20, 0x99, 0x20, 0x8c, 0x75);
    expect(decodeWindows1252(bytes)).toBe('\u201cKO \u2013 2\u20ac\u201d \u2122 \u0152u');
    expect(new TextDecoder().decode(toUtf8Body(bytes))).toBe('“KO – 2€” ™ Œu');
    // The five bytes the standard leaves undefined map to themselves.
    expect([...decodeWindows1252(bytesOf(0x81, 0x8d, 0x8f, 0x90, 0x9d))].map((c) => c.codePointAt(0))).toEqual([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
  });

  it('is Latin-1 outside 0x80–0x9F, on inputs longer than one block', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 20_000 }), (raw) => {
        const bytes = raw.map((b) => (b >= 0x80 && b <= 0x9f ? b + 0x20 : b));
        expect(decodeWindows1252(bytes)).toBe(Buffer.from(bytes).toString('latin1'));
      }),
      { numRuns: 50 },
    );
  });
});
