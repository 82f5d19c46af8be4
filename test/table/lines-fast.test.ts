import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineCounter } from '../../core/table/lines.js';
import { pushAtCuts } from './push-cuts.js';

const enc = (s: string) => new TextEncoder().encode(s);

/** The byte-by-byte rules (lines.ts before its fast path), with the line breaks counted too. */
function reference(bytes: Uint8Array, delimiter: number): { total: number; breaks: number } {
  let lines = 0;
  let breaks = 0;
  let content = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 10 || b === 13) {
      if (content) lines++;
      content = false;
      if (!(b === 10 && i > 0 && bytes[i - 1] === 13)) breaks++;
    } else if (!content && b !== 32 && b !== 9 && b !== delimiter) content = true;
  }
  return { total: lines + (content ? 1 : 0), breaks };
}

describe('LineCounter fast path (indexOf of LF while every CR is a CRLF)', () => {
  it('counts non-blank lines and line breaks as the byte-by-byte rules do, wherever the chunks are cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', '1', ',', ' ', '\t', '\r', '\n', '\r\n', '\r\n', 'xy,z\n'), { maxLength: 80 }),
        fc.array(fc.nat(120), { maxLength: 6 }),
        fc.constantFrom(-1, 0x2c, 0x09),
        (parts, cuts, delimiter) => {
          const bytes = enc(parts.join(''));
          const counter = new LineCounter(delimiter);
          pushAtCuts(counter, bytes, cuts);
          const want = reference(bytes, delimiter);
          expect(counter.total).toBe(want.total);
          expect(counter.breaks).toBe(want.breaks);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('stays on the fast path for LF and CRLF files, a CRLF split across chunks included', () => {
    const bytes = enc('a,b\r\n1,2\r\n\r\n,\r\n3,4\r\n');
    const counter = new LineCounter(0x2c);
    counter.push(bytes, 0, 4);
    counter.push(bytes, 4, bytes.length);
    expect([counter.total, counter.breaks, counter.loneCr]).toEqual([3, 5, false]);
    const mac = new LineCounter(0x2c);
    mac.push(enc('a,b\r1,2\r'));
    expect([mac.total, mac.breaks, mac.loneCr]).toEqual([2, 2, true]);
  });
});
