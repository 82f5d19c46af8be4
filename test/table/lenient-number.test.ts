/**
 * core/table/cells.ts lenientNumber: its one-test rejection of texts no lenient number can be changes no answer,
 * against the rules without it (the reference below), on random texts of number-like characters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lenientNumber, parseNumberText } from '../../core/table/cells.js';

const finiteOrNaN = (v: number) => (v === Infinity || v === -Infinity ? NaN : v);

/** lenientNumber as written before the rejection test (2026-12-07). */
function reference(text: string, decimalComma = false): number {
  let t = text.trim();
  if (t.length === 0 || t.length > 64) return NaN;
  const first = t.charCodeAt(0);
  if (!((first >= 0x30 && first <= 0x39) || first === 0x2212 || first === 0x2d || first === 0x2b)) return NaN;
  if (/^\u2212/.test(t)) {
    t = '-' + t.slice(1);
    const v = parseNumberText(t, decimalComma);
    if (v === v) return v;
  }
  if (/^[+-]?\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d*)?$/.test(t)) return finiteOrNaN(Number(t.replace(/[ \u00a0\u202f]/g, '').replace(',', '.')));
  if (!decimalComma && /^[+-]?\d{1,3}(?:(?:,\d{3})+\.\d*|(?:,\d{3}){2,})$/.test(t)) return finiteOrNaN(Number(t.replace(/,/g, '')));
  if (decimalComma && /^[+-]?\d{1,3}(?:(?:\.\d{3})+,\d*|(?:\.\d{3}){2,})$/.test(t)) return finiteOrNaN(Number(t.replace(/\./g, '').replace(',', '.')));
  return NaN;
}

describe('lenientNumber', () => {
  it('answers as the rules without its rejection test, on random texts', () => {
    const unit = fc.constantFrom('1', '2', '0', '123', ',', '.', ' ', '\u00a0', '\u202f', '\u2212', '-', '+', 'e', 'E', ';', 'x', '\t', '5;3');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), fc.boolean(), (units, comma) => {
        const text = units.join('');
        expect(Object.is(lenientNumber(text, comma), reference(text, comma)) || (Number.isNaN(lenientNumber(text, comma)) && Number.isNaN(reference(text, comma)))).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });
});
