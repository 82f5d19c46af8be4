import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as XLSX from 'xlsx';
import { listSheets, parseTable, parseTableChunks, type ParseOptions, type Table } from '../../core/table/index.js';
import { detectHeader, joinHeaderNames, labelsNameBlocks, probeRow, BLANK, NUMBER, TEXT } from '../../core/table/header.js';
import { errorOf } from '../skfr-error.js';
import { chunked, enc, plain } from './chunks.js';

const parse = (text: string, options: ParseOptions = {}, name = 'x.csv'): Table => parseTable(enc(text), name, options);
const names = (t: Table): string[] => t.columns.map((c) => c.name);
const nums = (t: Table, name: string): string[] => Array.from(t.columns.find((c) => c.name === name)!.numbers!, String);

function xlsx(sheets: Record<string, unknown[][]>, merges?: XLSX.Range[]): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = XLSX.utils.aoa_to_sheet(rows);
    if (merges) ws['!merges'] = merges;
    XLSX.utils.book_append_sheet(wb, ws, name);
  }
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

/** The whole-file and the chunked reading of `bytes`, as plain data or { error }. */
async function both(bytes: Uint8Array, size: number, name: string, options: ParseOptions = {}): Promise<{ whole: unknown; streamed: unknown }> {
  const settle = async (f: () => unknown) => {
    try {
      const t = (await f()) as Table | null;
      return t === null ? null : plain(t);
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  const whole = await settle(() => parseTable(bytes, name, options));
  const streamed = await settle(() => parseTableChunks(chunked(bytes, size), name, { headerRow: options.headerRow, headerRows: options.headerRows }));
  // null: a text column holding numbers, which the chunked path leaves to the whole-file reader
  return { whole, streamed: streamed === null ? whole : streamed };
}

const TITLED_CSV = 'Label free quantification (LFQ) intensities of the 66 static proteome profiles,,,\r\nProtein,Gene,S1,S2\r\nP1,G1,1.5,2\r\nP2,G2,3,NaN\r\n';
const TWO_ROW_CSV = 'Protein,Gene,LFQ intensity,,\n,,S1,S2,S3\nP1,G1,1,2,3\nP2,G2,4,5,6\n';
const PERSEUS = 'A1\tA2\tB1\tName\r\n#!{Type}E\tE\tE\tT\r\n#!{C:group}a\ta\tb\t\r\n1.5\tNaN\t2\tP1\r\n3\t4\tNaN\tP2\r\n';

describe('title rows above the header', () => {
  it('CSV: a title row (as Excel writes it, with trailing commas) is skipped, kept and noted', () => {
    const t = parse(TITLED_CSV);
    expect(t.headerRow).toBe(2);
    expect(t.headerRows).toBe(1);
    expect(names(t)).toEqual(['Protein', 'Gene', 'S1', 'S2']);
    expect(t.titleRows).toEqual(['Label free quantification (LFQ) intensities of the 66 static proteome profiles']);
    expect(t.notes).toContain('Row 1 above the header was skipped as a title: “Label free quantification (LFQ) intensities of the 66 …”.');
    expect(nums(t, 'S2')).toEqual(['2', 'NaN']);
    expect(Array.from(t.sourceRows!)).toEqual([3, 4]);
    expect(t.blankRowsSkipped).toBe(0);
  });

  it('CSV: several title rows, a bare one without delimiters and blank lines between', () => {
    const t = parse('Supplementary Table 3\n\nProteomics of the aged disc,,,\nid,a,b,c\nx,1,2,3\ny,4,5,6\n');
    expect(t.headerRow).toBe(4);
    expect(t.titleRows).toEqual(['Supplementary Table 3', 'Proteomics of the aged disc']);
    expect(t.blankRowsSkipped).toBe(1);
    expect(t.notes!.filter((n) => n.includes('skipped as a title'))).toHaveLength(2);
    expect(nums(t, 'c')).toEqual(['3', '6']);
  });

  it('XLSX: a title row above the header (built with SheetJS) is skipped, with its sheet row', () => {
    const bytes = xlsx({
      'Raw data': [
        [null, null, 'LFQ intensities of the 66 static proteome profiles'],
        ['Protein', 'Gene', 'S1', 'S2'],
        ['P1', 'G1', 28.6, 'NaN'],
        [],
        ['P2', 'G2', 29.1, 27.5],
      ],
    });
    const t = parseTable(bytes, 'supp.xlsx');
    expect(t.headerRow).toBe(2);
    expect(t.titleRows).toEqual(['LFQ intensities of the 66 static proteome profiles']);
    expect(t.notes).toContain('Row 1 above the header was skipped as a title: “LFQ intensities of the 66 static proteome profiles”.');
    expect(names(t)).toEqual(['Protein', 'Gene', 'S1', 'S2']);
    expect(t.columns.map((c) => c.kind)).toEqual(['text', 'text', 'numeric', 'numeric']);
    expect(Array.from(t.sourceRows!)).toEqual([3, 5]);
    expect(t.blankRowsSkipped).toBe(1);
  });

  it('a header of numeric sample names stays the first row (no title is guessed)', () => {
    const t = parse('Protein,101,102,103\nP1,5,6,7\nP2,8,9,10\n');
    expect(t.headerRow).toBe(1);
    expect(names(t)).toEqual(['Protein', '101', '102', '103']);
    expect(t.titleRows).toEqual([]);
  });

  it('a one-column file and a header-only first row read as before', () => {
    expect(parse('v\n1\n2\n').headerRow).toBe(1);
    const t = parse('id,a,b\nx,1,2\n');
    expect(t.headerRow).toBe(1);
    expect(t.notes).toEqual([]);
  });
});

describe('headerRow given', () => {
  it('CSV: the line number, blank lines counted; rows above become titles', () => {
    const t = parse('Title,,\n\nNote: values are log2,,\nid,a,b\nx,1,2\n', { headerRow: 4 });
    expect(t.headerRow).toBe(4);
    expect(t.titleRows).toEqual(['Title', 'Note: values are log2']);
    expect(names(t)).toEqual(['id', 'a', 'b']);
    expect(t.blankRowsSkipped).toBe(1);
    // a lower row than detection would pick
    const low = parse('id,a,b\nunits,mg,mg\nx,1,2\n', { headerRow: 2 });
    expect(names(low)).toEqual(['units', 'mg', 'mg (2)']);
    expect(low.titleRows).toEqual(['id a b']);
  });

  it('CSV: a record whose quoted field spans lines is the header when any of its lines is named', () => {
    const text = '"A title\nover two lines",,\nid,a,b\nx,1,2\n';
    expect(parse(text, { headerRow: 3 }).titleRows).toEqual(['A title\nover two lines']);
    expect(parse(text, { headerRow: 2 }).headerRow).toBe(1);
  });

  it('XLSX: the sheet row', () => {
    const bytes = xlsx({ S: [['Title'], ['Sub-title', 'more'], ['id', 'a'], ['x', 1], ['y', 2]] });
    const t = parseTable(bytes, 's.xlsx', { headerRow: 3 });
    expect(t.headerRow).toBe(3);
    expect(t.titleRows).toEqual(['Title', 'Sub-title more']);
    expect(nums(t, 'a')).toEqual(['1', '2']);
  });

  it('past the end, or on a blank row: one sentence naming the row and the last row', () => {
    const twelve = 'id,a\n' + Array.from({ length: 11 }, (_, i) => `s${i},${i}`).join('\n') + '\n';
    const e = errorOf(() => parse(twelve, { headerRow: 40 }));
    expect(e.code).toBe('invalid-option');
    expect(e.message).toBe('“x.csv” has 12 rows; the header cannot be on row 40.');
    const blank = errorOf(() => parse('id,a\n\nx,1\n', { headerRow: 2 }));
    expect(blank.code).toBe('invalid-option');
    expect(blank.message).toBe('Row 2 of “x.csv” is blank, so it cannot be the header.');
    const sheet = errorOf(() => parseTable(xlsx({ S: [['a', 'b'], [1, 2], [3, 4]] }), 's.xlsx', { headerRow: 40 }));
    expect(sheet.code).toBe('invalid-option');
    expect(sheet.message).toBe('Sheet “S” of “s.xlsx” has 3 rows; the header cannot be on row 40.');
    expect(errorOf(() => parse('a\n1\n', { headerRow: 0 })).code).toBe('invalid-option');
    expect(errorOf(() => parse('a\n1\n', { headerRows: 3 as 2 })).code).toBe('invalid-option');
  });
});

describe('two-row headers', () => {
  it('CSV: a group row above sub-names is joined as merged cells read', () => {
    const t = parse(TWO_ROW_CSV);
    expect(names(t)).toEqual(['Protein', 'Gene', 'LFQ intensity S1', 'LFQ intensity S2', 'LFQ intensity S3']);
    expect(t.headerRow).toBe(1);
    expect(t.headerRows).toBe(2);
    expect(t.rowCount).toBe(2);
    expect(Array.from(t.sourceRows!)).toEqual([3, 4]);
    expect(t.notes![0]).toBe('Rows 1 and 2 form the header (a group row above the column names); the names join both, e.g. “LFQ intensity S1”.');
    expect(nums(t, 'LFQ intensity S3')).toEqual(['3', '6']);
  });

  it('XLSX with merged cells, wide (66 samples), two groups, below a title row', () => {
    const samples = Array.from({ length: 66 }, (_, i) => `S${i + 1}`);
    const a = ['Protein', 'Gene', 'LFQ intensity', ...Array(65).fill(null), 'iBAQ', null];
    const b = [null, null, ...samples, 'S1', 'S2'];
    const row = (p: string, v: number) => [p, `G${p}`, ...samples.map((_, i) => v + i), v, v + 1];
    const bytes = xlsx({ S: [['Table S1: proteome'], a, b, row('P1', 1), row('P2', 2), row('P3', 3)] }, [
      { s: { r: 1, c: 2 }, e: { r: 1, c: 67 } },
      { s: { r: 1, c: 68 }, e: { r: 1, c: 69 } },
    ]);
    const t = parseTable(bytes, 'supp.xlsx');
    expect(t.headerRow).toBe(2);
    expect(t.headerRows).toBe(2);
    expect(t.titleRows).toEqual(['Table S1: proteome']);
    expect(names(t).slice(0, 4)).toEqual(['Protein', 'Gene', 'LFQ intensity S1', 'LFQ intensity S2']);
    expect(names(t).slice(-3)).toEqual(['LFQ intensity S66', 'iBAQ S1', 'iBAQ S2']);
    expect(t.columns.filter((c) => c.kind === 'numeric')).toHaveLength(68);
    expect(Array.from(t.sourceRows!)).toEqual([4, 5, 6]);
  });

  it('headerRows 1 keeps one row; headerRows 2 joins the next non-blank row', () => {
    const one = parse(TWO_ROW_CSV, { headerRows: 1 });
    expect(one.headerRows).toBe(1);
    expect(names(one)).toEqual(['Protein', 'Gene', 'LFQ intensity', 'Column 4', 'Column 5']);
    const two = parse('id,x,y\n\nunit,mg,mg\na,1,2\n', { headerRows: 2 });
    expect(two.headerRows).toBe(2);
    expect(names(two)).toEqual(['id unit', 'x mg', 'y mg']);
    expect(two.blankRowsSkipped).toBe(1);
  });

  it('is not guessed where a second row is data or units', () => {
    for (const text of ['id,a,b\nx,1,2\ny,3,4\n', 'id,,b\nx,1,2\ny,3,4\n', 'id,a,b\n,mg,mg\nx,1,2\n', ',x,y\n1,5,6\n2,7,8\n']) {
      expect(parse(text).headerRows).toBe(1);
    }
  });

  it('joinHeaderNames: blank A takes the group on its left only over the span where B has text', () => {
    expect(joinHeaderNames(['Protein', 'Gene', 'LFQ intensity', null, null], [null, null, 'S1', 'S2', 'S3'], 5)).toEqual([
      'Protein',
      'Gene',
      'LFQ intensity S1',
      'LFQ intensity S2',
      'LFQ intensity S3',
    ]);
    expect(joinHeaderNames(['Protein', null, 'G', null, null], [null, 'x', 'S1', null, 'S3'], 5)).toEqual(['Protein', 'x', 'G S1', null, 'S3']);
  });
});

describe('labels in runs name blocks, not samples (labelsNameBlocks)', () => {
  const header = ['Protein', 'S1', 'S2', 'S3', 'S1', 'S2', 'S3'];
  it('each label over a run of 2+ columns, the same names under each run: blocks', () => {
    expect(labelsNameBlocks([null, 'Abundance', 'Abundance', 'Abundance', 'Count', 'Count', 'Count'], header)).toBe(true);
    // One block over every numeric column: one label cannot name 3 samples.
    expect(labelsNameBlocks(['', 'Abundance', 'Abundance', 'Abundance'], header.slice(0, 4))).toBe(true);
  });
  it('labels naming columns one by one (PAW), runs of groups over distinct names, a label in two runs: not blocks', () => {
    expect(labelsNameBlocks([null, 'ctrl-1', 'ko-1', 'unused', 'ctrl-2', 'ko-2', 'unused'], header)).toBe(false);
    expect(labelsNameBlocks([null, 'ctrl', 'ctrl', 'ctrl', 'ko', 'ko', 'ko'], ['Protein', 'T126', 'T127', 'T128', 'T129', 'T130', 'T131'])).toBe(false);
    expect(labelsNameBlocks([null, 'A', 'A', 'B', 'B', 'A', 'A'], header)).toBe(false);
    expect(labelsNameBlocks([null, 'Abundance', 'Abundance', 'Abundance', 'Count', 'Count', 'x'], header)).toBe(false);
  });
});

describe('Perseus annotation rows', () => {
  it('are kept apart with their key, cells aligned; the data columns type as numeric', () => {
    const t = parse(PERSEUS, {}, 'matrix.txt');
    expect(t.metaRows).toEqual([
      { key: 'Type', cells: ['E', 'E', 'E', 'T'] },
      { key: 'C:group', cells: ['a', 'a', 'b', null] },
    ]);
    expect(t.rowCount).toBe(2);
    expect(t.columns.map((c) => c.kind)).toEqual(['numeric', 'numeric', 'numeric', 'text']);
    expect(nums(t, 'A2')).toEqual(['NaN', '4']);
    expect(Array.from(t.sourceRows!)).toEqual([4, 5]);
    expect(t.notes).toContain('2 annotation rows below the header (#!{Type}, #!{C:group}) are kept apart, not read as data.');
  });

  it('in a workbook too', () => {
    const t = parseTable(xlsx({ S: [['A1', 'A2', 'Name'], ['#!{Type}E', 'E', 'T'], [1, 2, 'P1'], [3, 'NaN', 'P2']] }), 'p.xlsx');
    expect(t.metaRows).toEqual([{ key: 'Type', cells: ['E', 'E', 'T'] }]);
    expect(t.columns.map((c) => c.kind)).toEqual(['numeric', 'numeric', 'text']);
  });
});

describe('both CSV paths agree on headers', () => {
  const CASES: [string, string, ParseOptions][] = [
    [TITLED_CSV, 'x.csv', {}],
    ['Supplementary Table 3\n\n\nProteomics,,,\nid,a,b,c\n\nx,1,2,3\n,,,\ny,4,5,6\n\n', 'x.csv', {}],
    [TWO_ROW_CSV, 'x.csv', {}],
    ['Title,,,,\n' + TWO_ROW_CSV, 'x.csv', {}],
    [PERSEUS, 'matrix.txt', {}],
    ['A\tB\n#!{Type}E\tT\n\n#!{C:g}x\ty\n\n1\tP\n', 'matrix.txt', {}],
    ['Title,,\n\nNote,,\nid,a,b\nx,1,2\n', 'x.csv', { headerRow: 4 }],
    ['"A title\nover two lines",,\nid,a,b\nx,1,2\n', 'x.csv', { headerRow: 2 }],
    ['id,a\nx,1\n', 'x.csv', { headerRow: 9 }],
    ['id,a\n\nx,1\n', 'x.csv', { headerRow: 2 }],
    ['id,x,y\n\nunit,mg,mg\na,1,2\n', 'x.csv', { headerRows: 2 }],
  ];

  it('whole file and chunks of 1 to 9 bytes give the same table (or error)', async () => {
    for (const [text, name, options] of CASES) {
      for (const size of [1, 2, 3, 5, 8, 9, 64]) {
        const { whole, streamed } = await both(enc(text), size, name, options);
        expect(streamed).toEqual(whole);
      }
    }
  });

  it('random title, blank, header and data rows, cut anywhere', async () => {
    const ROWS = ['Title of the table,,', 'Title', '', ',,', 'id,a,b', 'Protein,LFQ,', ',S1,S2', 'x,1,2', 'y,3,NA', '#!{Type}T,E,E', 'z,n.d.,4'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: ROWS.length - 1 }), { minLength: 1, maxLength: 10 }),
        fc.constantFrom('\n', '\r\n'),
        fc.integer({ min: 1, max: 11 }),
        fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
        async (picks, eol, size, headerRow) => {
          const text = picks.map((i) => ROWS[i]).join(eol) + eol;
          const { whole, streamed } = await both(enc(text), size, 'r.csv', { headerRow });
          expect(streamed).toEqual(whole);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a header far below (beyond the probed rows) in 1 KiB chunks', async () => {
    const text = Array.from({ length: 120 }, (_, i) => `note ${i}`).join('\n') + '\nid,a,b\n' + Array.from({ length: 50 }, (_, i) => `s${i},${i},${i * 2}`).join('\n');
    const { whole, streamed } = await both(enc(text), 1024, 'far.csv', { headerRow: 121 });
    expect(streamed).toEqual(whole);
    expect((whole as Table).titleRows).toHaveLength(120);
    expect((whole as Table).rowCount).toBe(50);
  });
});

describe('detectHeader (the rule on cell kinds)', () => {
  const row = (...kinds: number[]) => probeRow(Uint8Array.from(kinds), false);
  it('skips narrow rows above the first wide row of text', () => {
    const body = Array.from({ length: 5 }, () => row(TEXT, NUMBER, NUMBER, NUMBER));
    expect(detectHeader([row(TEXT, BLANK, BLANK, BLANK), row(TEXT, TEXT, TEXT, TEXT), ...body])).toEqual({ index: 1, rows: 1 });
    expect(detectHeader([row(TEXT, TEXT, TEXT, TEXT), ...body])).toEqual({ index: 0, rows: 1 });
    expect(detectHeader([row(TEXT, BLANK, BLANK, BLANK), row(TEXT, NUMBER, NUMBER, NUMBER), ...body])).toEqual({ index: 0, rows: 1 });
  });
});

// ── The real files of ../shared/data/real (never copied into the repository) ───────────────────────────────
const realDir = fileURLToPath(new URL('../../../shared/data/real/', import.meta.url));
const real = (name: string): Uint8Array => new Uint8Array(readFileSync(realDir + name));

describe('real files from labs', () => {
  it('every file (every sheet of the workbooks) parses; text files read alike whole and in chunks', async () => {
    // (GCT and ADAT files are read by readers of their own: their blocks are no one table under one header.)
    const files = readdirSync(realDir).filter((f) => !f.endsWith('.md'));
    expect(files.length).toBeGreaterThanOrEqual(17);
    for (const file of files) {
      const bytes = real(file);
      const sheets = /\.xlsx?$/.test(file) ? listSheets(bytes, file) : [undefined];
      const book = sheets[0] === undefined ? null : XLSX.read(bytes);
      for (const sheet of sheets) {
        const t = parseTable(bytes, file, sheet === undefined ? {} : { sheet });
        expect(t.rowCount, file).toBeGreaterThan(0);
        if (sheet === undefined) {
          // Blank lines (empty, or spaces and delimiters only), counted by hand.
          const blank = new TextDecoder().decode(bytes).split(/\r?\n/).slice(0, -1).filter((line) => /^[\s,;\t]*$/.test(line)).length;
          expect(t.blankRowsSkipped, file).toBe(blank);
        } else {
          // Empty rows of the sheet below its first row with a value, counted by hand with SheetJS (the Olink NPX
          // workbook: one under its header rows and one above its LOD rows; PAW's levels sheet: 6 between blocks).
          const rows = XLSX.utils.sheet_to_json<unknown[]>(book!.Sheets[sheet]!, { header: 1, blankrows: true, defval: null });
          const empty = rows.map((r) => r.every((c) => c === null || String(c).trim() === ''));
          expect(t.blankRowsSkipped, `${file} ▸ ${sheet}`).toBe(empty.slice(empty.indexOf(false)).filter(Boolean).length);
        }
      }
      if (sheets[0] === undefined) {
        const streamed = await parseTableChunks(chunked(bytes, 256 * 1024), file);
        if (streamed !== null) expect(plain(streamed)).toEqual(plain(parseTable(bytes, file)));
      }
    }
  }, 300_000); // (17 files, some of megabytes, read whole and in chunks: minutes on a loaded machine)

  it('supplement_tam2020_elife.xlsx, sheet “Raw data”: header on row 2, the title row reported', () => {
    const t = parseTable(real('supplement_tam2020_elife.xlsx'), 'supplement_tam2020_elife.xlsx', { sheet: 'Raw data' });
    expect(t.headerRow).toBe(2);
    expect(t.headerRows).toBe(1);
    expect(t.titleRows).toEqual(['Label free quantification (LFQ) intensities of the 66 static proteome profiles']);
    expect(t.notes).toContain('Row 1 above the header was skipped as a title: “Label free quantification (LFQ) intensities of the 66 …”.');
    expect(t.columns[0]!.name).toBe('T: Majority protein IDs');
    expect(t.columns.filter((c) => c.name.startsWith('LFQ intensity ') && c.kind === 'numeric')).toHaveLength(66);
    expect(t.sourceRows![0]).toBe(3);
  });

  it('perseus_matrix.txt: 3 annotation rows kept, the 18 expression columns numeric', () => {
    const t = parseTable(real('perseus_matrix.txt'), 'perseus_matrix.txt');
    expect(t.metaRows!.map((m) => m.key)).toEqual(['Type', 'C:heart region', 'C:heart chamber']);
    const type = t.metaRows![0]!.cells;
    const expression = t.columns.filter((_, c) => type[c] === 'E');
    expect(expression).toHaveLength(18);
    expect(expression.every((c) => c.kind === 'numeric' && c.badCells.length === 0)).toBe(true);
    expect(t.metaRows![1]!.cells.slice(0, 3)).toEqual(['RA', 'RA', 'RA']);
    expect(t.sourceRows![0]).toBe(5);
    expect(t.headerRow).toBe(1);
  });
});
