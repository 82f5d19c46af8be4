import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as XLSX from 'xlsx';
import { MISSING_TOKENS, parseTable, toCsv, toXlsx, type Cell } from '../../core/table/index.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('toCsv', () => {
  it('quotes only when needed (RFC 4180) and writes numbers with full precision', () => {
    const csv = toCsv([
      ['id', 'note', 'v'],
      ['a,b', 'say "hi"', 0.1 + 0.2],
      ['two\nlines', ' padded', 1e-300],
      ['plain', null, NaN],
    ]);
    expect(csv).toBe(
      'id,note,v\n"a,b","say ""hi""",0.30000000000000004\n"two\nlines"," padded",1e-300\nplain,,\n',
    );
  });

  it('round-trips through parseTable: texts, numbers and missing cells', () => {
    // labels that are neither numbers nor missing tokens ("NA", "nan", "null" would read back as missing)
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,;"\n]{0,8}[A-Za-z]$/).filter((w) => !MISSING_TOKENS.includes(w));
    const num = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, fc.option(num, { nil: null }), num), { minLength: 1, maxLength: 15 }),
        (rows) => {
          const table = parseTable(enc(toCsv([['label', 'maybe', 'value'], ...rows])), 'rt.csv');
          expect(table.columns[0]!.texts).toEqual(rows.map((r) => r[0]));
          const maybe = table.columns[1]!;
          rows.forEach((r, i) => {
            const got = maybe.numbers ? maybe.numbers[i] : NaN;
            expect(r[1] === null ? Number.isNaN(got) : got === r[1] || (got === 0 && r[1] === 0)).toBe(true);
            const v = table.columns[2]!.numbers![i]!;
            expect(v === r[2] || (v === 0 && r[2] === 0)).toBe(true);
          });
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('toXlsx', () => {
  it('writes every sheet with legal, unique names; SheetJS reads the same cells back', () => {
    const rows: Cell[][] = [
      ['id', 'x'],
      ['a', 1.25],
      ['b', null],
      ['c', Math.PI],
    ];
    const bytes = toXlsx([
      { name: 'Samples', rows },
      { name: 'a/b:c*?', rows: [['k'], [1]] },
      { name: 'samples', rows: [['z']] },
    ]);
    const wb = XLSX.read(bytes, { type: 'array', dense: true });
    expect(wb.SheetNames).toEqual(['Samples', 'a_b_c__', 'samples (2)']);
    const back = XLSX.utils.sheet_to_json<Cell[]>(wb.Sheets.Samples!, { header: 1, raw: true, defval: null });
    expect(back).toEqual(rows);
    expect(parseTable(bytes, 'out.xlsx').columns[1]!.numbers![2]).toBe(Math.PI);
  });
});
