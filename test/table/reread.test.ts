/**
 * core/table/reread.ts: the texts of the wanted columns are the same whether a row is cut by its delimiters'
 * places (PlainRows: no quote, no CR but in the line break) or read by the scanner (`scannerOnly`, the reference), on random rows —
 * spaces and tabs around fields, quoted fields with delimiters and line breaks inside, CRLF and lone CRs, blank
 * rows, rows of another width — pushed whole or in chunks cut anywhere.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextRereader } from '../../core/table/reread.js';
import { CsvScanner } from '../../core/table/scanner.js';

const encoder = new TextEncoder();

function reread(bytes: Uint8Array, delimiter: number, rows: number, wanted: boolean[], cuts: number[], scannerOnly: boolean): ((string | null)[] | null)[] {
  const reader = new TextRereader('t.csv', delimiter, false, rows, wanted, { offset: 0, line: 1 }, scannerOnly);
  let from = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < bytes.length)].sort((a, b) => a - b)) {
    reader.push(bytes.slice(from, cut), false);
    from = cut;
  }
  reader.push(bytes.slice(from), true);
  return reader.texts;
}

describe('TextRereader', () => {
  it('cuts a plain row as the scanner does (hand-checked)', () => {
    // Row 1: " a " trimmed to "a", "5;3" kept; row 2: blank (skipped); row 3 quoted (the scanner's); row 4: "NA" missing.
    const bytes = encoder.encode(' a ,5;3,x\n,,\n"b,c",4,y\nNA,\t7\t,z\n');
    expect(reread(bytes, 0x2c, 3, [true, true, false], [], false)).toEqual([
      ['a', 'b,c', null],
      ['5;3', '4', '7'],
      null,
    ]);
  });

  it('cuts a row ending in CRLF or CR CR LF as one ending in LF (hand-checked: the same texts as above)', () => {
    const bytes = encoder.encode(' a ,5;3,x\r\n,,\r\n"b,c",4,y\r\r\nNA,\t7\t,z\r\n');
    const want = [['a', 'b,c', null], ['5;3', '4', '7'], null];
    expect(reread(bytes, 0x2c, 3, [true, true, false], [], false)).toEqual(want);
    expect(reread(bytes, 0x2c, 3, [true, true, false], [], true)).toEqual(want);
    expect(reread(bytes, 0x2c, 3, [true, true, false], [5, 9, 13, 30], false)).toEqual(want);
  });

  it('checks the fields after the last wanted one for quotes only (hand-checked: one holding a delimiter and a line break)', () => {
    const bytes = encoder.encode('5;3,x,y\n4,"p,\nq",z\n,,w\n7,v,"r"\n');
    const want = [['5;3', '4', null, '7'], null, null];
    expect(reread(bytes, 0x2c, 4, [true, false, false], [], false)).toEqual(want);
    expect(reread(bytes, 0x2c, 4, [true, false, false], [], true)).toEqual(want);
    expect(reread(bytes, 0x2c, 4, [true, false, false], [3, 12], false)).toEqual(want);
  });

  it('cuts the fields from the row\'s end when the wanted ones are its last (hand-checked: a blank line first)', () => {
    const bytes = encoder.encode('\n,,x y,é\n1,2, 3 ,4\n');
    const want = [null, [null, '2'], ['x y', '3'], ['é', '4']];
    expect(reread(bytes, 0x2c, 2, [false, true, true, true], [], false)).toEqual(want);
    expect(reread(bytes, 0x2c, 2, [false, true, true, true], [], true)).toEqual(want);
  });

  it('slices the cells of the rows after the first 16 from the bytes decoded once, ASCII or not (hand-checked)', () => {
    for (const name of ['P1;P2;P3', 'Pé;Q']) {
      const lines = Array.from({ length: 40 }, (_, r) => `${r % 3 === 0 ? r : `${name}${r}`} ,x${r},NA\n`);
      const bytes = encoder.encode(lines.join(''));
      const want = [Array.from({ length: 40 }, (_, r) => (r % 3 === 0 ? String(r) : `${name}${r}`)), null, Array.from({ length: 40 }, () => null)];
      expect(reread(bytes, 0x2c, 40, [true, false, true], [], false)).toEqual(want);
      expect(reread(bytes, 0x2c, 40, [true, false, true], [300], false)).toEqual(want);
    }
  });

  it('gives the scanner\'s texts on random rows, whole or in chunks', () => {
    const field = fc.oneof(
      fc.constantFrom('', ' ', 'NA', '5;3', ' 4 ', '\t7', 'x y', '"q"', '"a,b"', '"l\nm"', '"a""b"', '"ab"c', 'é', '1e3', '-'),
      fc.string({ unit: fc.constantFrom('a', '1', ' ', '\t', ',', '"', ';', '\r', '\n'), maxLength: 5 }),
    );
    const row = (width: number) =>
      fc.oneof(
        { weight: 8, arbitrary: fc.array(field, { minLength: width, maxLength: width }) },
        { weight: 1, arbitrary: fc.array(fc.constantFrom('', ' '), { minLength: 1, maxLength: width + 1 }) }, // (blank)
        { weight: 1, arbitrary: fc.array(field, { minLength: 1, maxLength: width + 1 }) },
      );
    const test = fc.integer({ min: 2, max: 5 }).chain((width) =>
      fc.record({
        delimiter: fc.constantFrom(',', '\t'),
        width: fc.constant(width),
        rows: fc.array(fc.tuple(row(width), fc.constantFrom('\n', '\r\n', '\r', '\n', '\n', '\r\n', '\r\r\n')), { minLength: 1, maxLength: 40 }),
        cuts: fc.array(fc.nat(200), { maxLength: 4 }),
        wantedBits: fc.integer({ min: 1, max: 31 }),
      }),
    );
    fc.assert(
      fc.property(test, ({ delimiter, width, rows, cuts, wantedBits }) => {
        const text = rows.map(([fields, end]) => fields.join(delimiter) + end).join('');
        const bytes = encoder.encode(text);
        const wanted = Array.from({ length: width }, (_, c) => ((wantedBits >> c) & 1) === 1);
        const code = delimiter.charCodeAt(0);
        // Files the first pass takes: every record closed and of `width` fields, or blank (else it refuses them).
        const scanner = new CsvScanner(bytes, code, 't.csv');
        let records = 0;
        try {
          while (scanner.next()) {
            if (scanner.blank) continue;
            if (scanner.count !== width) return;
            records++;
          }
        } catch {
          return;
        }
        const want = reread(bytes, code, records, wanted, [], true);
        expect(reread(bytes, code, records, wanted, [], false)).toEqual(want);
        expect(reread(bytes, code, records, wanted, cuts, false)).toEqual(want);
      }),
      { numRuns: 3000 },
    );
  });
});
