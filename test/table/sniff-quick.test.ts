/**
 * core/table/sniff.ts: the field counts the delimiter is judged on are the scanner's, whether counted in one pass
 * (quickFieldCounts: lines without quotes ending in LF or CR LF) or by the scanner, on random samples.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickFieldCounts, scannedFieldCounts, sniffDelimiter } from '../../core/table/sniff.js';

const encoder = new TextEncoder();

describe('quickFieldCounts', () => {
  it('gives the scanner\'s counts for every candidate, or null', () => {
    const piece = fc.constantFrom('a', '1', ' ', '\t', ',', ';', '\n', '\r\n', '\n', '\r', '"', 'é', '', '\n\n', ' ,\t;');
    let quick = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 120 }), (pieces) => {
        const sample = encoder.encode(pieces.join(''));
        const counts = quickFieldCounts(sample);
        if (counts === null) return;
        quick++;
        (['\u002c', ';', '\t'] as const).forEach((d, k) => expect(counts[k]).toEqual(scannedFieldCounts(sample, d, 't.csv')));
      }),
      { numRuns: 4000 },
    );
    expect(quick).toBeGreaterThan(100);
  });

  it('sniffs as before on a hand-checked sample', () => {
    expect(sniffDelimiter(encoder.encode('a;b\n1,5;2\n'), 'x.csv')).toBe(';');
    expect(sniffDelimiter(encoder.encode('Report\r\nA\tB\r\n1\t2\r\n'), 'x.txt')).toBe('\t');
  });
});
