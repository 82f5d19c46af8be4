import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as XLSX from 'xlsx';
import { parseTable, parseTableChunks, type Table } from '../../core/table/index.js';
import { CsvScanner } from '../../core/table/scanner.js';
import { isValidUtf8, Utf8Validator } from '../../core/table/text.js';
import { chunked, enc, plain } from './chunks.js';


async function both(bytes: Uint8Array, size: number, name = 'data.csv'): Promise<{ whole: unknown; streamed: unknown }> {
  const settle = async (f: () => unknown) => {
    try {
      const t = (await f()) as Table | null;
      return t === null ? null : plain(t);
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  return { whole: await settle(() => parseTable(bytes, name)), streamed: await settle(() => parseTableChunks(chunked(bytes, size), name)) };
}

const NUMBERS = ['1', '-2.5', '3e2', '', 'NA', ' 4 ', '"5"', '7', '0.125', '"6\n"'];
const TEXTS = ['"a,b"', '"x\ny"', '"say ""hi"""', 'é€', '"r\r\ns"', 'plain', '', '"q"z'];

describe('parseTableChunks', () => {
  it('gives parseTable’s table (or error) for random numeric files, wherever the chunks are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        // column 1: text cells (quoted line breaks and quotes included); the others: numbers and missing cells
        fc.array(
          fc.tuple(fc.constantFrom(...TEXTS), fc.array(fc.constantFrom(...NUMBERS), { minLength: 3, maxLength: 3 })).map(([t, rest]) => [t, ...rest]),
          { minLength: 1, maxLength: 12 },
        ),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        async (width, rows, eol, size, finalBreak) => {
          const header = ['id', 'a', 'b', 'c'].slice(0, width).join(',');
          const text = [header, ...rows.map((r) => r.slice(0, width).join(','))].join(eol) + (finalBreak ? eol : '');
          const { whole, streamed } = await both(enc(text), size);
          expect(streamed).not.toBeNull();
          expect(streamed).toEqual(whole);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads quoted line breaks, escaped quotes, a BOM and UTF-8 split across chunks like parseTable', async () => {
    const text = '\uFEFFid,name,x\r\n1,"multi\nline",1.5\r\n2,"say ""hi""",2\r\n3,é€😀,3\r\n';
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const { whole, streamed } = await both(enc(text), size);
      expect(streamed).toEqual(whole);
    }
  });

  it('reads a file larger than the sniffing sample, in 4 KiB chunks, exactly as parseTable', async () => {
    const lines = ['id;a;b'];
    for (let i = 0; i < 8000; i++) lines.push(`s${i};${i},5;${(i % 7) - 3}`);
    const bytes = enc(lines.join('\n') + '\n');
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const { whole, streamed } = await both(bytes, 4096);
    expect(streamed).toEqual(whole);
    expect((streamed as Table).rowCount).toBe(8000);
  });

  it('gives the same user errors (ragged row, unclosed quote, header only)', async () => {
    for (const text of ['a,b\n1,2\n3\n', 'a,b\n1,"2\n', 'a,b\n', 'a,b\n\n,\n']) {
      const { whole, streamed } = await both(enc(text), 3);
      expect(streamed).toEqual(whole);
      expect(whole).toHaveProperty('error');
    }
  });

  it('leaves to the whole-file reader: workbooks, UTF-16, Windows-1252, empty files', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['a', 'b'], [1, 2]]), 'S');
    const xlsx = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from(enc('a,b\n1,2\n')).flatMap((b) => [b, 0])]);
    const latin1 = new Uint8Array([...enc('name,x\nJos'), 0xe9, ...enc(',1\n')]);
    for (const [bytes, name] of [[xlsx, 'a.xlsx'], [utf16, 'a.csv'], [latin1, 'a.csv'], [new Uint8Array(0), 'a.csv']] as const) {
      expect(await parseTableChunks(chunked(bytes, 5), name)).toBeNull();
    }
    expect(parseTable(latin1, 'a.csv').columns[0]!.texts).toEqual(['José']); // what the fallback then reads
  });

  it('text columns holding numbers get their texts from one more pass over the chunks (issue 27), as parseTable reads them', async () => {
    // "code" is text with numeric cells (007, 12): every cell's text as written; "n" is text with "5;3" and 4 (MaxQuant's
    // peptide counts); a title row and a Perseus annotation row above the data, a quoted cell, a blank line, a BOM, CRLF.
    const text = '\ufeffTitle of the export\r\ncode\tn\tx\r\n#!{Type}T\tT\tE\r\n007\t"5;3"\t1\r\nabc\t4\t2\r\n\r\nxyz\t\t3\r\n12\t2;2\tNaN\r\n';
    const bytes = enc(text);
    for (let size = 1; size <= bytes.length + 1; size++) {
      const { whole, streamed } = await both(bytes, size, 'mixed.tsv');
      expect(streamed, `chunks of ${size} bytes`).toEqual(whole);
    }
    const table = (await parseTableChunks(chunked(bytes, 7), 'mixed.tsv'))!;
    expect(table.columns.map((c) => c.texts)).toEqual([['007', 'abc', 'xyz', '12'], ['5;3', '4', null, '2;2'], null]);
    // a label column (textColumns) is read as written, in chunks too
    const labels = (await parseTableChunks(chunked(enc('id,x\n001,1\n2.50,2\n'), 3), 'l.csv', { textColumns: ['id'] }))!;
    expect(labels.columns[0]!.texts).toEqual(['001', '2.50']);
  });
});

describe('chunk-by-chunk helpers', () => {
  it('the scanner leaves a row that may continue unread (open quote, no line break yet, CR at the end)', () => {
    for (const text of ['a,"b\n', 'a,b', 'a,b\r', 'a,"b"']) {
      const scanner = new CsvScanner(enc(text), 0x2c, 'x.csv');
      scanner.partial = true;
      expect(scanner.next()).toBe(false);
      expect(scanner.pos).toBe(0);
      expect(scanner.line).toBe(1);
    }
    const scanner = new CsvScanner(enc('a,b\r\nc'), 0x2c, 'x.csv');
    scanner.partial = true;
    expect(scanner.next()).toBe(true);
    expect(scanner.next()).toBe(false);
    expect(scanner.pos).toBe(5);
  });

  it('Utf8Validator agrees with isValidUtf8 however the bytes are cut', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 10 }), fc.nat(50), (noise, text, cut) => {
        for (const bytes of [noise, enc(text)]) {
          const at = Math.min(cut, bytes.length);
          const v = new Utf8Validator();
          v.push(bytes.subarray(0, at));
          v.push(bytes.subarray(at));
          expect(v.complete).toBe(isValidUtf8(bytes));
        }
      }),
    );
  });
});
