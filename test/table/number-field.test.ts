import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldEnd, parseNumberBytes, parseNumberField } from '../../core/table/float-parse.js';

const enc = (s: string) => new TextEncoder().encode(s);

/** parseNumberField on `text` followed by `after`: the value and where the field ends. */
function field(text: string, after: string, delimiter = 0x2c, decimalComma = false): [number, number] {
  const bytes = enc(text + after);
  return [parseNumberField(bytes, 0, bytes.length, delimiter, decimalComma), fieldEnd];
}

describe('parseNumberField (one pass over a delimited field: a number, or "read it the general way")', () => {
  it('reads a number ending at a delimiter, a line break or the end, as parseNumberBytes does', () => {
    expect(field('1.5', ',x')).toEqual([1.5, 3]);
    expect(field('-0', '\r\n')).toEqual([-0, 2]);
    expect(field('0.30000000000000004', '')).toEqual([0.30000000000000004, 19]);
    expect(field('1,5', ';', 0x3b, true)).toEqual([1.5, 3]);
    expect(field('123456789012345678901234', ',')).toEqual([Number('123456789012345678901234'), 24]);
  });

  it('gives NaN and −1 for anything else (trailing spaces, text, empty, beyond float64)', () => {
    for (const [text, after] of [['1.5 ', ','], ['12abc', ','], ['', ','], ['1e400', ','], ['1e', ','], ['-', '\n'], ['.', ''], ['1.2.3', ','], ['NA', ',']]) {
      const [v, end] = field(text!, after!);
      expect(Number.isNaN(v) && end === -1, `${text}`).toBe(true);
    }
  });

  it('equals parseNumberBytes of the same bytes on random fields (fieldEnd ≥ 0 exactly when that is a number)', () => {
    const chars = fc.constantFrom('0', '1', '5', '9', '.', ',', '-', '+', 'e', 'E', ' ', 'x');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 30 }), fc.constantFrom(',', ';', '\t'), fc.constantFrom(',', '\n', '\r', ''), (parts, delimiter, after) => {
        const text = parts.join('');
        const decimalComma = delimiter === ';';
        const d = delimiter.charCodeAt(0);
        const bytes = enc(text + (after === ',' ? delimiter : after));
        const v = parseNumberField(bytes, 0, bytes.length, d, decimalComma);
        const end = fieldEnd;
        if (end >= 0) {
          expect(Object.is(v, parseNumberBytes(bytes, 0, end, decimalComma))).toBe(true);
          expect(end === bytes.length || [d, 10, 13].includes(bytes[end]!)).toBe(true);
        } else expect(Number.isNaN(v)).toBe(true);
        // A field that is a number up to its delimiter is always read.
        const stop = [...bytes].findIndex((b) => b === d || b === 10 || b === 13);
        const fieldBytes = stop === -1 ? bytes.length : stop;
        const want = parseNumberBytes(bytes, 0, fieldBytes, decimalComma);
        if (want === want) {
          expect(end).toBe(fieldBytes);
          expect(Object.is(v, want)).toBe(true);
        }
      }),
      { numRuns: 20000 },
    );
  });

  it('agrees on random doubles in repr, toPrecision and exponential forms', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        for (const text of [String(x), x.toPrecision(17), x.toExponential(19), x.toPrecision(15)]) {
          const bytes = enc(text + ',');
          const v = parseNumberField(bytes, 0, bytes.length, 0x2c, false);
          expect(Object.is(v, parseNumberBytes(bytes, 0, text.length, false))).toBe(true);
        }
      }),
      { numRuns: 20000 },
    );
  });
});
