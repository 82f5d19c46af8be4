import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MISSING_TOKENS, parseTable, type Column, type Table } from '../../core/table/index.js';
import { errorOf } from '../skfr-error.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const parse = (text: string, name = 'data.csv'): Table => parseTable(enc(text), name);
const col = (t: Table, name: string): Column => {
  const c = t.columns.find((x) => x.name === name);
  if (!c) throw new Error(`no column ${name}`);
  return c;
};
const nums = (c: Column): number[] => Array.from(c.numbers!);

describe('CSV delimiters', () => {
  it('reads a comma file with a text id and numeric columns', () => {
    const t = parse('id,a,b\nx,1,2.5\ny,-3,4e2\n');
    expect(t.format).toBe('csv');
    expect(t.rowCount).toBe(2);
    expect(t.columns.map((c) => c.kind)).toEqual(['text', 'numeric', 'numeric']);
    expect(col(t, 'id').texts).toEqual(['x', 'y']);
    expect(nums(col(t, 'a'))).toEqual([1, -3]);
    expect(nums(col(t, 'b'))).toEqual([2.5, 400]);
    expect(t.sheets).toEqual(['data.csv']);
  });

  it('reads a semicolon file with decimal commas', () => {
    // "1,5" is one and a half, not two cells: the delimiter is ';'
    const t = parse('id;x;y\na;1,5;-0,25\nb;2;3,0\n');
    expect(t.format).toBe('csv');
    expect(nums(col(t, 'x'))).toEqual([1.5, 2]);
    expect(nums(col(t, 'y'))).toEqual([-0.25, 3]);
  });

  it('reads a tab file as tsv, with commas inside cells', () => {
    const t = parse('name\tv\nSmith, J\t7\nDoe, A\t8\n', 'data.txt');
    expect(t.format).toBe('tsv');
    expect(col(t, 'name').texts).toEqual(['Smith, J', 'Doe, A']);
    expect(nums(col(t, 'v'))).toEqual([7, 8]);
  });

  it('keeps a comma file with dots when semicolons appear inside quoted text', () => {
    const t = parse('note,v\n"a;b;c",1.5\n"d;e",2\n');
    expect(col(t, 'note').texts).toEqual(['a;b;c', 'd;e']);
    expect(nums(col(t, 'v'))).toEqual([1.5, 2]);
  });
});

describe('CSV quoting, BOM, line ends', () => {
  it('handles quotes with embedded delimiters, escaped quotes and newlines', () => {
    const t = parse('id,comment,v\n"a,1","he said ""hi""",1\nb,"two\nlines",2\n"c" ,  "x"  ,"3"\n');
    expect(col(t, 'id').texts).toEqual(['a,1', 'b', 'c']);
    expect(col(t, 'comment').texts).toEqual(['he said "hi"', 'two\nlines', 'x']);
    expect(nums(col(t, 'v'))).toEqual([1, 2, 3]);
    // the row after the quoted newline starts on line 5
    expect(Array.from(t.sourceRows!)).toEqual([2, 3, 5]);
  });

  it('skips a UTF-8 BOM and reads CRLF line ends', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc('id,x\r\nä,1\r\nb,2\r\n')]);
    const t = parseTable(bytes, 'bom.csv');
    expect(t.columns[0]!.name).toBe('id');
    expect(col(t, 'id').texts).toEqual(['ä', 'b']);
    expect(nums(col(t, 'x'))).toEqual([1, 2]);
  });

  it('reads a UTF-16LE file with its BOM', () => {
    const text = 'id\tx\nα\t1\n';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let i = 0; i < text.length; i++) {
      bytes[2 + 2 * i] = text.charCodeAt(i) & 0xff;
      bytes[3 + 2 * i] = text.charCodeAt(i) >> 8;
    }
    const t = parseTable(bytes, 'u16.txt');
    expect(col(t, 'id').texts).toEqual(['α']);
    expect(nums(col(t, 'x'))).toEqual([1]);
  });

  it('reads a Windows-1252 file (not valid UTF-8) by re-encoding it', () => {
    // "Réponse" and "Genève" with é = 0xE9, as Excel on Windows saves "CSV"
    const latin = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0));
    const t = parseTable(latin('id;R\u00e9ponse\nGen\u00e8ve;1,5\n'), 'win.csv');
    expect(t.columns.map((c) => c.name)).toEqual(['id', 'Réponse']);
    expect(col(t, 'id').texts).toEqual(['Genève']);
    expect(nums(col(t, 'Réponse'))).toEqual([1.5]);
  });

  it('an unterminated quote is an unreadable file naming the line', () => {
    const e = errorOf(() => parse('a,b\n1,2\n3,"oops\n4,5\n'));
    expect(e.code).toBe('unreadable-file');
    expect(e.message).toContain('line 3');
  });
});

describe('missing tokens and type inference', () => {
  it('treats every listed token as missing, in numeric and text columns', () => {
    expect(MISSING_TOKENS).toEqual(['', 'NA', 'N/A', 'NaN', 'nan', 'null', '#N/A', '-', '?']);
    const lines = MISSING_TOKENS.map((tok, i) => `r${i},${tok},${tok === '' ? '' : ` ${tok} `},lab${i % 2}`);
    const t = parse(['id,x,y,z', 'first,1,2,a', ...lines, 'last,3,4,b'].join('\n'));
    const x = col(t, 'x');
    expect(x.kind).toBe('numeric');
    expect(x.missing).toBe(MISSING_TOKENS.length);
    expect(x.badCells).toEqual([]);
    expect(nums(x).filter((v) => !Number.isNaN(v))).toEqual([1, 3]);
    expect(col(t, 'y').missing).toBe(MISSING_TOKENS.length);
    expect(col(t, 'z').missing).toBe(0);
  });

  it('does not take other spellings for missing', () => {
    const t = parse('x\nna\nNULL\n1\n');
    // "na" and "NULL" are not in the list: two text cells against one number → a text column
    expect(col(t, 'x').kind).toBe('text');
    expect(col(t, 'x').texts).toEqual(['na', 'NULL', '1']);
  });

  it('a few text cells in a numeric column become NaN and badCells', () => {
    const t = parse('id,v\na,1\nb,oops\nc,3\nd,4\n');
    const v = col(t, 'v');
    expect(v.kind).toBe('numeric');
    expect(nums(v).map((x) => (Number.isNaN(x) ? 'NaN' : x))).toEqual([1, 'NaN', 3, 4]);
    expect(v.badCells).toEqual([{ row: 1, text: 'oops' }]);
    expect(v.missing).toBe(0);
  });

  it('a column with a majority of text is text and keeps the original spelling of its numbers', () => {
    const t = parse('code\n007\nA12\nB7\n1.50\n-\n');
    const c = col(t, 'code');
    expect(c.kind).toBe('text');
    expect(c.texts).toEqual(['007', 'A12', 'B7', '1.50', null]);
    expect(c.missing).toBe(1);
  });

  it('an all-missing column is empty', () => {
    const t = parse('a,b\n1,NA\n2,\n');
    expect(col(t, 'b').kind).toBe('empty');
    expect(col(t, 'b').texts).toEqual([null, null]);
  });

  it('names blank and duplicate headers and says so', () => {
    const t = parse('x,,x,BDNF_N,BDNF_N\n1,2,3,4,5\n');
    expect(t.columns.map((c) => c.name)).toEqual(['x', 'Column 2', 'x (2)', 'BDNF_N', 'BDNF_N (2)']);
    expect(t.notes).toHaveLength(3);
    expect(t.notes!.join(' ')).toContain('BDNF_N (2)');
  });

  it('parses numbers exactly as Number() does (fast path and fallback)', () => {
    const doubles = fc.double({ noNaN: true, noDefaultInfinity: true });
    const fixed = fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 12 })).map(([m, d]) => (m / 10 ** d).toFixed(d));
    fc.assert(
      fc.property(fc.array(fc.oneof(doubles.map(String), fixed, doubles.map((v) => v.toExponential())), { minLength: 1, maxLength: 30 }), (texts) => {
        const t = parse('v\n' + texts.join('\n') + '\n');
        const got = nums(col(t, 'v'));
        texts.forEach((s, i) => expect(Object.is(got[i], Number(s)) || (got[i] === 0 && Number(s) === 0)).toBe(true));
      }),
      { numRuns: 200 },
    );
  });
});

describe('ragged rows and empty files', () => {
  it('a row with too many cells names the file, line and counts', () => {
    const e = errorOf(() => parse('a,b,c\n1,2,3\n4,5,6,7\n'));
    expect(e.code).toBe('ragged-row');
    expect(e.message).toContain('“data.csv”');
    expect(e.message).toContain('line 3 has 4 cells');
    expect(e.message).toContain('3 columns');
  });

  it('a row with too few cells is ragged too', () => {
    const e = errorOf(() => parse('a;b;c\n1;2;3\n4;5;6\n7;8\n'));
    expect(e.code).toBe('ragged-row');
    expect(e.message).toContain('line 4 has 2 cells');
    expect(errorOf(() => parse('a;b;c\n1;2;3\n7\n')).message).toContain('line 3 has 1 cell but');
  });

  it('skips and counts empty lines, trailing or inside the data', () => {
    const trailing = parse('a,b\n1,2\n\n\r\n\n');
    expect(trailing.rowCount).toBe(1);
    expect(trailing.blankRowsSkipped).toBe(3);
    const inside = parse('a,b\n1,2\n\n3,4\n');
    expect(inside.rowCount).toBe(2);
    expect(inside.blankRowsSkipped).toBe(1);
    expect(Array.from(inside.sourceRows!)).toEqual([2, 4]);
  });

  it('in a one-column file an empty line inside the data is a missing cell, trailing ones are ignored', () => {
    const t = parse('v\n1\n\n3\n\n\n');
    expect(t.rowCount).toBe(3);
    expect(Array.from(t.columns[0]!.numbers!).map(String)).toEqual(['1', 'NaN', '3']);
    expect(Array.from(t.sourceRows!)).toEqual([2, 3, 4]);
    const text = parse('name\nA\n12\n\nB\n');
    expect(text.columns[0]!.texts).toEqual(['A', '12', null, 'B']);
  });

  it('a header without data rows is an empty sheet', () => {
    expect(errorOf(() => parse('a,b,c\n')).code).toBe('empty-sheet');
    expect(errorOf(() => parse('\n\n  \n')).code).toBe('empty-sheet');
  });

  it('a CSV has no other sheet than itself', () => {
    expect(parseTable(enc('a\n1\n'), 'x.csv', { sheet: 'x.csv' }).rowCount).toBe(1);
    expect(errorOf(() => parseTable(enc('a\n1\n'), 'x.csv', { sheet: 'Sheet2' })).code).toBe('unknown-sheet');
  });
});

describe('UTF-8 validation', () => {
  it('agrees with a fatal TextDecoder on random and on valid byte strings', async () => {
    const { isValidUtf8 } = await import('../../core/table/text.js');
    const strict = new TextDecoder('utf-8', { fatal: true });
    const valid = (b: Uint8Array) => {
      try {
        strict.decode(b);
        return true;
      } catch {
        return false;
      }
    };
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 8 }).map((s) => new TextEncoder().encode(s)),
      fc.array(fc.constantFrom(0x41, 0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xa0, 0xf0, 0xf4, 0x90, 0x8f), { maxLength: 8 }).map((a) => Uint8Array.from(a)),
    );
    fc.assert(fc.property(bytes, (b) => isValidUtf8(b) === valid(b)), { numRuns: 2000 });
  });
});

describe('quoted cells', () => {
  it('quoted numbers and missing tokens read like unquoted ones; quoted text is trimmed like any cell', () => {
    const t = parse('id,v,w\n"a"," 1.5 ","NA"\n"b","2","x"\n" c ","-","y"\n');
    expect(t.columns.map((c) => c.kind)).toEqual(['text', 'numeric', 'text']);
    expect(Array.from(t.columns[1]!.numbers!).map(String)).toEqual(['1.5', '2', 'NaN']);
    expect(t.columns[1]!.missing).toBe(1);
    expect(t.columns[0]!.texts).toEqual(['a', 'b', 'c']);
    expect(t.columns[2]!.texts).toEqual([null, 'x', 'y']);
  });
});

describe('ASCII check', () => {
  it('finds one high byte at any position and alignment', async () => {
    const { isAscii } = await import('../../core/table/text.js');
    for (let offset = 0; offset < 4; offset++) {
      for (let length = 1; length <= 13; length++) {
        for (let at = 0; at < length; at++) {
          const buffer = new Uint8Array(20).fill(0x41);
          buffer[offset + at] = 0x80;
          expect(isAscii(buffer.subarray(offset, offset + length))).toBe(false);
          buffer[offset + at] = 0x7f;
          expect(isAscii(buffer.subarray(offset, offset + length))).toBe(true);
        }
      }
    }
  });
});
