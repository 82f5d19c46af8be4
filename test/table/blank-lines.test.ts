import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as XLSX from 'xlsx';
import { SkfrError } from '../../core/errors.js';
import { parseTable, parseTableChunks, type Table } from '../../core/table/index.js';
import { chunked, enc, plain } from './chunks.js';

const parse = (text: string, name = 'data.csv'): Table => parseTable(enc(text), name);
const nums = (t: Table, c: number): string[] => Array.from(t.columns[c]!.numbers!, String);

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

/** Every numeric column holds exactly the rows, in one buffer allocated once (no grow, no trim). */
function exactBuffers(t: Table): boolean {
  const numeric = t.columns.filter((c) => c.numbers !== null);
  const slab = numeric[0]?.numbers!.buffer;
  return numeric.every((c) => c.numbers!.length === t.rowCount && c.numbers!.buffer === slab && slab!.byteLength === t.rowCount * t.columns.length * 8);
}

describe('blank lines in CSV/TSV are skipped and counted, never an error', () => {
  it('between data rows: skipped, counted, the other rows keep their line numbers', () => {
    const t = parse('id,a,b\nx,1,2\n\n\ny,3,4\n\nz,5,6\n');
    expect(t.rowCount).toBe(3);
    expect(t.columns[0]!.texts).toEqual(['x', 'y', 'z']);
    expect(nums(t, 1)).toEqual(['1', '3', '5']);
    expect(Array.from(t.sourceRows!)).toEqual([2, 5, 7]);
    expect(t.blankRowsSkipped).toBe(3);
    expect(t.headerRow).toBe(1);
    expect(t.headerRows).toBe(1);
    expect(t.titleRows).toEqual([]);
    expect(t.metaRows).toEqual([]);
  });

  it('a 485-column file with an empty line 2 reads (was: “line 2 is empty but the header has 485 columns”)', () => {
    const header = ['id', ...Array.from({ length: 484 }, (_, i) => `S${i + 1}`)].join(',');
    const row = (name: string) => [name, ...Array.from({ length: 484 }, (_, i) => String(i))].join(',');
    const t = parse(`${header}\n\n${row('p1')}\n${row('p2')}\n`);
    expect(t.columns).toHaveLength(485);
    expect(t.rowCount).toBe(2);
    expect(t.blankRowsSkipped).toBe(1);
    expect(Array.from(t.sourceRows!)).toEqual([3, 4]);
  });

  it('2 500 trailing blank lines (LF, CRLF) are counted', () => {
    for (const eol of ['\n', '\r\n']) {
      const t = parse(['id,a', 'x,1', 'y,2'].join(eol) + eol + eol.repeat(2500));
      expect(t.rowCount).toBe(2);
      expect(t.blankRowsSkipped).toBe(2500);
      expect(exactBuffers(t)).toBe(true);
    }
  });

  it('lines of delimiters only (,,, ;;; tabs), of spaces, of empty quoted fields are blank', () => {
    const csv = parse('id,a,b\r\nx,1,2\r\n,,\r\n , ,\r\n"",,""\r\ny,3,4\r\n,,\r\n');
    expect(csv.rowCount).toBe(2);
    expect(csv.blankRowsSkipped).toBe(4);
    expect(Array.from(csv.sourceRows!)).toEqual([2, 6]);
    const tsv = parse('id\ta\tb\nx\t1\t2\n\t\t\n\t\ny\t3\t4\n\t\t\t\t\n', 'data.tsv');
    expect(tsv.format).toBe('tsv');
    expect(tsv.rowCount).toBe(2);
    expect(tsv.blankRowsSkipped).toBe(3);
    const semicolon = parse('id;a;b\nx;1,5;2\n;;\ny;3;4\n');
    expect(nums(semicolon, 1)).toEqual(['1.5', '3']);
    expect(semicolon.blankRowsSkipped).toBe(1);
  });

  it('sizes the columns exactly past lines of delimiters (no grow, no trim)', () => {
    for (const text of ['id,a,b\nx,1,2\n,,\ny,3,4\n,,\n\n', 'id\ta\nx\t1\n\t\n\ny\t2\n']) {
      const t = parse(text, text.includes('\t') ? 'd.tsv' : 'd.csv');
      expect(t.rowCount).toBe(2);
      expect(exactBuffers(t)).toBe(true);
    }
  });

  it('blank lines above the header are counted too', () => {
    const t = parse('\n,,\nid,a\nx,1\n');
    expect(t.headerRow).toBe(3);
    expect(t.blankRowsSkipped).toBe(2);
    expect(t.titleRows).toEqual([]);
    expect(Array.from(t.sourceRows!)).toEqual([4]);
  });

  it('a row with some cells but fewer than the header is still ragged', () => {
    const e = (() => {
      try {
        parse('a,b,c\n1,2,3\n4,\n');
      } catch (error) {
        return error as SkfrError;
      }
      throw new Error('expected an error');
    })();
    expect(e.code).toBe('ragged-row');
    expect(e.message).toContain('line 3 has 2 cells');
  });

  it('a one-column file keeps its missing cells: an empty line followed by data is a missing value', () => {
    const t = parse('v\n1\n\n3\n\n\n');
    expect(nums(t, 0)).toEqual(['1', 'NaN', '3']);
    expect(t.blankRowsSkipped).toBe(2); // the trailing ones
  });

  it('a text column holding numbers is re-read past blank lines (the whole-file second pass)', () => {
    const t = parse('code,x\n\n007,1\n,\nabc,2\n\nxyz,3\n');
    expect(t.columns[0]!.texts).toEqual(['007', 'abc', 'xyz']);
    expect(nums(t, 1)).toEqual(['1', '2', '3']);
    expect(t.blankRowsSkipped).toBe(3);
  });
});

describe('blank rows in workbooks are counted', () => {
  it('above, between and below the data', () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([[], ['a', 'b'], [1, 2], [], [null, ''], [3, 4], []]), 'S');
    const t = parseTable(new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer), 's.xlsx');
    expect(t.columns.map((c) => c.name)).toEqual(['a', 'b']);
    expect(Array.from(t.sourceRows!)).toEqual([3, 6]);
    expect(t.blankRowsSkipped).toBe(3); // rows 1, 4, 5 (row 7 is outside the sheet's used range)
    expect(t.headerRow).toBe(2);
  });
});

describe('both CSV paths agree on blank lines', () => {
  const FIXTURES = [
    'id,a,b\r\nx,1,2\r\n\r\n,,\r\ny,3,4\r\n' + '\r\n'.repeat(40),
    '\n\n,,\nid,a,b\nx,1,2\n\n\ny,NA,4\n\n',
    'id\ta\tb\nx\t1\t2\n\t\t\n\ny\t3\t4\n\t\t\n',
    'v\n1\n\n3\n\n\n',
  ];

  it('whole file and chunks of 1 to 9 bytes give the same table', async () => {
    for (const text of FIXTURES) {
      for (const size of [1, 2, 3, 4, 5, 7, 9]) {
        const { whole, streamed } = await both(enc(text), size, text.includes('\t') ? 'd.tsv' : 'd.csv');
        expect(streamed).not.toBeNull();
        expect(streamed).toEqual(whole);
        expect(whole).not.toHaveProperty('error');
      }
    }
  });

  it('random files with blank and delimiter-only lines anywhere, cut anywhere', async () => {
    const BLANKS = ['', ',,', ' ', ',', '"",""', ' , , '];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.tuple(fc.constant('row'), fc.integer({ min: 0, max: 99 })), fc.tuple(fc.constant('blank'), fc.integer({ min: 0, max: BLANKS.length - 1 }))), {
          minLength: 1,
          maxLength: 14,
        }),
        fc.constantFrom('\n', '\r\n', '\r', '\r\r\n'),
        fc.integer({ min: 1, max: 13 }),
        fc.boolean(),
        async (lines, eol, size, finalBreak) => {
          const body = lines.map(([kind, v]) => (kind === 'row' ? `s${v},${v},${v / 4}` : BLANKS[v]!));
          const text = ['id,a,b', ...body].join(eol) + (finalBreak ? eol : '');
          const { whole, streamed } = await both(enc(text), size);
          expect(streamed).toEqual(whole);
          const rows = lines.filter(([kind]) => kind === 'row').length;
          if (rows > 0) {
            expect((whole as Table).rowCount).toBe(rows);
            // (an empty last line without a final break is no line: the file just ends with a break)
            const [kind, v] = lines[lines.length - 1]!;
            const noLine = !finalBreak && kind === 'blank' && BLANKS[v] === '' ? 1 : 0;
            expect((whole as Table).blankRowsSkipped).toBe(lines.length - rows - noLine);
          } else expect(whole).toHaveProperty('error');
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a real MaxQuant file with 2 500 blank lines appended', () => {
  const file = fileURLToPath(new URL('../../../shared/data/real/maxquant_lfq_proteinGroups.txt', import.meta.url));
  const bytes = new Uint8Array(readFileSync(file));
  const padded = new Uint8Array(bytes.length + 2 * 2500);
  padded.set(bytes);
  padded.set(enc('\r\n'.repeat(2500)), bytes.length);

  it('reads the same columns as without, and counts the 2 500 blank lines (both paths)', async () => {
    const name = 'proteinGroups.txt';
    const original = parseTable(bytes, name);
    const t = parseTable(padded, name);
    expect(original.blankRowsSkipped).toBe(0);
    expect(t.blankRowsSkipped).toBe(2500);
    expect(t.rowCount).toBe(original.rowCount);
    expect(plain({ ...t, blankRowsSkipped: 0 })).toEqual(plain(original));
    const streamed = await parseTableChunks(chunked(padded, 64 * 1024), name);
    if (streamed !== null) expect(plain(streamed)).toEqual(plain(t)); // (null: a text column with numbers, read whole)
  });
});

/**
 * Issue 25: a file whose every line ends in CR CR LF (a CRLF written through a Windows text-mode file, which puts
 * a CR before each LF) read as a lone CR then a CRLF gave a blank line after every line: 5 042 blank rows for the
 * 2 517 blank lines written (8 lines of data and header: 8 + 2 × 2 517 = 5 042). CR CR LF is now one line break, so
 * the file reads as its CRLF twin: same rows, the same line numbers, 2 517 blank lines. LF, CRLF and CR files are
 * read as before. Each reader: whole, in chunks cut anywhere (1 byte, or the CR CR LF cut between its CRs), with
 * the WebAssembly rows kernel and with its JavaScript twin.
 */
describe('blank lines are counted once, whatever the line ends', () => {
  const body = ['id,a,b', ...Array.from({ length: 7 }, (_, r) => `p${r},${r},${r + 0.5}`)];
  const withBlanks = [...body.slice(0, 4), ...Array<string>(2000).fill(''), ...body.slice(4), ...Array<string>(517).fill('')];
  const EOLS = { LF: '\n', CRLF: '\r\n', CR: '\r', 'CR CRLF': '\r\r\n' };

  async function readAll(bytes: Uint8Array): Promise<Table[]> {
    const tables = [parseTable(bytes, 'd.csv')];
    for (const size of [1, 2, 3, 4093]) {
      const t = await parseTableChunks(chunked(bytes, size), 'd.csv');
      expect(t).not.toBeNull();
      tables.push(t!);
    }
    return tables;
  }

  async function withoutWasm<T>(run: () => Promise<T>): Promise<T> {
    const g = globalThis as { WebAssembly?: unknown };
    const saved = g.WebAssembly;
    g.WebAssembly = undefined; // (kernel/wasm.ts: no WebAssembly → the JavaScript twins)
    try {
      return await run();
    } finally {
      g.WebAssembly = saved;
    }
  }

  it('2 517 blank lines in LF, CRLF, CR and CR CRLF files: 2 517, 7 rows, the same line numbers, whole and in chunks', async () => {
    const lf = parseTable(enc(withBlanks.join('\n') + '\n'), 'd.csv');
    // Lines: header 1, rows 2–4, 2 000 blank (5–2 004), rows 2 005–2 008, 517 blank.
    expect(Array.from(lf.sourceRows!)).toEqual([2, 3, 4, 2005, 2006, 2007, 2008]);
    for (const [name, eol] of Object.entries(EOLS)) {
      const bytes = enc(withBlanks.join(eol) + eol);
      for (const kernel of [true, false]) {
        const tables = kernel ? await readAll(bytes) : await withoutWasm(() => readAll(bytes));
        for (const t of tables) {
          expect([name, kernel, t.blankRowsSkipped]).toEqual([name, kernel, 2517]);
          expect(t.rowCount).toBe(7);
          expect(plain(t)).toEqual(plain(lf));
        }
      }
    }
  });

  it('CR CRLF cut between its CRs, and a CR CR not followed by LF (a lone CR, then a blank line)', async () => {
    const text = 'id,a\r\r\nx,1\r\r\n\r\r\ny,2\r\r\n';
    const cut = text.indexOf('\r\r\n', 8) + 1; // between the CRs of the blank line's break
    const bytes = enc(text);
    const t = await parseTableChunks(async function* () {
      yield bytes.slice(0, cut);
      yield bytes.slice(cut);
    }, 'd.csv');
    expect(t!.blankRowsSkipped).toBe(1);
    expect(Array.from(t!.sourceRows!)).toEqual([2, 4]);
    const lone = parseTable(enc('id,a\nx,1\r\ry,2\n'), 'd.csv');
    expect(lone.blankRowsSkipped).toBe(1);
    expect(Array.from(lone.sourceRows!)).toEqual([2, 4]);
  });
});
