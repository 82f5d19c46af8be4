/**
 * core/table/text.ts SpanTexts: a cell's text is the same whether it is a slice of its stretch decoded once (ASCII,
 * cells much of it) or decoded on its own (non-ASCII stretches, cells a small share of it, cells outside it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, SpanTexts } from '../../core/table/text.js';

const encoder = new TextEncoder();

describe('SpanTexts', () => {
  it('gives decodeUtf8 of every cell, ASCII or not, on random stretches', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', '1', ';', ' ', 'é', '€', '𝄞'), maxLength: 40 });
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 30 }), fc.nat(3), (cells, pad) => {
        const bytes = encoder.encode('x'.repeat(pad) + cells.join('\t'));
        const places: [number, number][] = [];
        let at = pad;
        for (const c of cells) {
          const length = encoder.encode(c).length;
          places.push([at, at + length]);
          at += length + 1;
        }
        const cellBytes = places.reduce((sum, [s, e]) => sum + e - s, 0);
        const texts = new SpanTexts();
        texts.load(bytes, places[0]![0], places.at(-1)![1], cellBytes);
        for (const [s, e] of places) expect(texts.decode(bytes, s, e)).toBe(decodeUtf8(bytes, s, e));
        expect(texts.decode(bytes, 0, bytes.length)).toBe(decodeUtf8(bytes, 0, bytes.length));
      }),
      { numRuns: 2000 },
    );
  });
});
