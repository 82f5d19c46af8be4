// Issue 12 items 15 and 16: workbooks whose first sheet is hidden, formulas saved without results, date cells
// and merged cells. Every fixture is written here with SheetJS (not with our writer), as xlsx and as BIFF8 .xls
// where the format can hold the case.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { applyMapping, parseTable, type Mapping, type Table } from '../../core/table/index.js';
import { prepare } from '../../core/prepare/index.js';
import { summaryRows } from '../../core/report/summary.js';
import { fit as fitSkfr } from '../../core/engine/index.js';

type BookType = 'xlsx' | 'biff8';

function write(wb: XLSX.WorkBook, bookType: BookType): Uint8Array {
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType }) as ArrayBuffer);
}

const fileName = (bookType: BookType) => (bookType === 'xlsx' ? 'book.xlsx' : 'book.xls');
const base: Mapping = { orientation: 'samples-as-rows', idColumn: 'id', annotationColumns: [], featureColumns: null, filters: [] };

/** Sheets in order; `hidden[i]` = 0 visible, 1 hidden, 2 very hidden. */
function hiddenBook(sheets: [string, unknown[][], 0 | 1 | 2][], bookType: BookType): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of sheets) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), name);
  wb.Workbook = { Sheets: sheets.map(([, , Hidden]) => ({ Hidden })) };
  return write(wb, bookType);
}

const SECRET = [['id', 'old'], ['x1', 1], ['x2', 2], ['x3', 3]];
const DATA = [['id', 'a', 'b'], ['s1', 1, 10], ['s2', 2, 20], ['s3', 3, 30]];

describe.each(['xlsx', 'biff8'] as const)('hidden sheets (%s)', (bookType) => {
  const name = fileName(bookType);

  it('a hidden first sheet is skipped: a visible sheet with data is read, named, and the skip noted', () => {
    for (const level of [1, 2] as const) {
      const bytes = hiddenBook([['Old', SECRET, level], ['Empty', [], 0], ['Data', DATA, 0]], bookType);
      const t = parseTable(bytes, name);
      expect(t.sheet).toBe('Data');
      expect(t.sheets).toEqual(['Old', 'Empty', 'Data']); // still listed: it can be chosen by name
      expect(t.columns.map((c) => c.name)).toEqual(['id', 'a', 'b']);
      expect(t.notes).toContain(
        'The hidden sheet “Old” was not read; the visible sheet “Data” is read. Choose a hidden sheet by name to read it.',
      );
    }
  });

  it('a hidden sheet can still be chosen by name (and the note says it is hidden)', () => {
    const bytes = hiddenBook([['Old', SECRET, 1], ['Data', DATA, 0]], bookType);
    const t = parseTable(bytes, name, { sheet: 'Old' });
    expect(t.sheet).toBe('Old');
    expect(t.columns.map((c) => c.name)).toEqual(['id', 'old']);
    expect(t.notes).toContain('Sheet “Old” is hidden in the workbook; it is read because it was chosen by name.');
  });

  it('when no visible sheet has data, the hidden one is read, with a note', () => {
    const bytes = hiddenBook([['Old', SECRET, 1], ['Cover', [], 0]], bookType);
    const t = parseTable(bytes, name);
    expect(t.sheet).toBe('Old');
    expect(t.notes).toContain('Sheet “Old” is hidden in the workbook; it is read because no visible sheet has data.');
  });

  it('a workbook without hidden sheets reads as before, without a sheet note', () => {
    const bytes = hiddenBook([['Empty', [], 0], ['Data', DATA, 0]], bookType);
    const t = parseTable(bytes, name);
    expect(t.sheet).toBe('Data');
    expect(t.notes ?? []).toEqual([]);
  });
});

describe('the report Summary names the sheet the data came from', () => {
  it('“input sheet” for a workbook, none for a CSV', () => {
    const bytes = hiddenBook([['Old', SECRET, 1], ['Data', DATA, 0]], 'xlsx');
    const mapped = prepare(parseTable(bytes, 'book.xlsx'), base);
    expect(mapped.sheet).toBe('Data');
    const fit = fitSkfr(mapped.matrix, { k: 2, s: 1, seed: 1, restarts: 1 });
    const rows = summaryRows({ fit, mapped, input: { fileName: 'book.xlsx', sha256: 'x' }, version: 't', parameters: {} }, null);
    expect(rows).toContainEqual(['input sheet', 'Data']);
    const csv = prepare(parseTable(new TextEncoder().encode('id,a,b\ns1,1,10\ns2,2,20\ns3,3,30\n'), 'd.csv'), base);
    expect(csv.sheet).toBeUndefined();
    const csvRows = summaryRows({ fit, mapped: csv, input: { fileName: 'd.csv', sha256: 'x' }, version: 't', parameters: {} }, null);
    expect(csvRows.some((r) => r[0] === 'input sheet')).toBe(false);
  });
});

/** A sheet from rows, then `edit` on the worksheet (formulas, merges). */
function bookOf(rows: unknown[][], edit: (ws: XLSX.WorkSheet) => void = () => {}, bookType: BookType = 'xlsx', options: XLSX.AOA2SheetOpts = {}): Uint8Array {
  const ws = XLSX.utils.aoa_to_sheet(rows, options);
  edit(ws);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Data');
  return write(wb, bookType);
}

describe('formulas saved without their results', () => {
  const rows = [['id', 'a', 'Double'], ['s1', 1, null], ['s2', 2, null], ['s3', 3, null]];

  it('a formula column without cached values is noted, its cells missing (not silently dropped)', () => {
    // SheetJS writes a formula cell without `v` as <c><f>B2*2</f></c>: what a program that saves without
    // calculating leaves behind.
    const bytes = bookOf(rows, (ws) => {
      for (let r = 2; r <= 4; r++) ws[`C${r}`] = { t: 'n', f: `B${r}*2` };
      ws['!ref'] = 'A1:C4';
    });
    const t = parseTable(bytes, 'book.xlsx');
    expect(t.columns.map((c) => c.name)).toEqual(['id', 'a', 'Double']);
    expect(t.columns[2]!.kind).toBe('empty');
    expect(t.notes).toContain(
      'Column “Double” holds formulas without saved results (the workbook was saved without calculating); its cells are read as missing — ' +
        'open it in a spreadsheet program, recalculate and save.',
    );
  });

  it('some formulas without results: the rows are named', () => {
    const bytes = bookOf(rows, (ws) => {
      ws['C2'] = { t: 'n', v: 2, f: 'B2*2' };
      ws['C3'] = { t: 'n', f: 'B3*2' };
      ws['C4'] = { t: 'n', v: 6, f: 'B4*2' };
      ws['!ref'] = 'A1:C4';
    });
    const t = parseTable(bytes, 'book.xlsx');
    expect(Array.from(t.columns[2]!.numbers!)).toEqual([2, NaN, 6]);
    expect(t.notes).toContain(
      'Column “Double” holds 1 formula without saved results (row 3; the workbook was saved without calculating); it is read as missing — ' +
        'open it in a spreadsheet program, recalculate and save.',
    );
  });

  it.each(['xlsx', 'biff8'] as const)('formulas with cached values read as their values, without a note (%s)', (bookType) => {
    const bytes = bookOf(rows, (ws) => {
      for (let r = 2; r <= 4; r++) ws[`C${r}`] = { t: 'n', v: (r - 1) * 2, f: `B${r}*2` };
      ws['!ref'] = 'A1:C4';
    }, bookType);
    const t = parseTable(bytes, fileName(bookType));
    expect(Array.from(t.columns[2]!.numbers!)).toEqual([2, 4, 6]);
    expect(t.notes ?? []).toEqual([]);
  });
});

describe.each(['xlsx', 'biff8'] as const)('date cells (%s)', (bookType) => {
  const day = (y: number, m: number, d: number, h = 0, min = 0) => new Date(Date.UTC(y, m - 1, d, h, min));

  it('a date column becomes a text column of ISO dates, with a note, and is never a feature', () => {
    const rows = [
      ['id', 'Visit', 'a', 'b'],
      ['s1', day(2020, 1, 1), 1, 10],
      ['s2', day(2020, 1, 2), 2, 20],
      ['s3', day(2021, 12, 31), 3, 30],
      ['s4', null, 4, 40],
    ];
    const t = parseTable(bookOf(rows, undefined, bookType, { UTC: true }), fileName(bookType));
    const visit = t.columns[1]!;
    expect(visit.kind).toBe('text');
    expect(visit.texts).toEqual(['2020-01-01', '2020-01-02', '2021-12-31', null]);
    expect(t.notes).toContain('Column “Visit” holds dates; it is read as text (an annotation), not as numbers.');
    const mapped = applyMapping(t, base);
    expect(mapped.featureNames).toEqual(['a', 'b']); // not 43831…
    const asAnnotation = applyMapping(t, { ...base, annotationColumns: ['Visit'] });
    expect(asAnnotation.annotations['Visit']).toEqual(['2020-01-01', '2020-01-02', '2021-12-31', null]);
  });

  it('date-times keep their time; plain numbers and percentages stay numbers', () => {
    const rows = [
      ['id', 'When', 'share'],
      ['s1', day(2020, 3, 4, 8, 30), 0.25],
      ['s2', day(2020, 3, 5), 0.5],
    ];
    const bytes = bookOf(rows, (ws) => {
      ws['C2']!.z = '0%';
      ws['C3']!.z = '0.00%';
    }, bookType, { UTC: true });
    const t = parseTable(bytes, fileName(bookType));
    expect(t.columns[1]!.texts).toEqual(['2020-03-04T08:30:00', '2020-03-05']);
    expect(t.columns[2]!.kind).toBe('numeric');
    expect(Array.from(t.columns[2]!.numbers!)).toEqual([0.25, 0.5]);
  });

  it('a stray date in a numeric column is read as missing, with its row', () => {
    const rows = [['id', 'a'], ['s1', 1], ['s2', day(2020, 1, 1)], ['s3', 3], ['s4', 4]];
    const t = parseTable(bookOf(rows, undefined, bookType, { UTC: true }), fileName(bookType));
    expect(t.columns[1]!.kind).toBe('numeric');
    expect(Array.from(t.columns[1]!.numbers!)).toEqual([1, NaN, 3, 4]);
    expect(t.notes).toContain('Column “a” holds 1 date cell among numbers (row 3); it is read as missing, not as numbers.');
  });
});

describe.each(['xlsx', 'biff8'] as const)('merged cells (%s)', (bookType) => {
  it('a merged range down a column is noted with the column and rows', () => {
    const rows = [
      ['id', 'Group', 'a'],
      ['s1', 'g1', 1],
      ['s2', 'g2', 2],
      ['s3', null, 3],
      ['s4', null, 4],
      ['s5', null, 5],
      ['s6', null, 6],
      ['s7', 'g3', 7],
      ['s8', null, 8],
    ];
    const bytes = bookOf(rows, (ws) => {
      ws['!merges'] = [XLSX.utils.decode_range('B3:B7'), XLSX.utils.decode_range('B8:B9')];
    }, bookType);
    const t: Table = parseTable(bytes, fileName(bookType));
    expect(t.columns[1]!.texts).toEqual(['g1', 'g2', null, null, null, null, 'g3', null]);
    expect(t.notes).toEqual([
      'Cells merged in column “Group” (rows 3–7, 8–9) are read as one value in the first row and missing below it; ' +
        'unmerge them in the spreadsheet program to repeat the value.',
    ]);
  });

  it('a merge across columns in a data row is noted; merges in title and header rows are not', () => {
    const rows = [
      ['Title of the table', null, null],
      ['id', 'a', 'b'],
      ['s1', 1, 10],
      ['s2', 2, null],
      ['s3', 3, 30],
    ];
    const bytes = bookOf(rows, (ws) => {
      ws['!merges'] = [XLSX.utils.decode_range('A1:C1'), XLSX.utils.decode_range('B4:C4')];
    }, bookType);
    const t = parseTable(bytes, fileName(bookType));
    expect(t.headerRow).toBe(2);
    expect(t.notes?.filter((n) => n.includes('merged'))).toEqual([
      'Cells merged across columns “a” and “b” (row 4) are read as one value in the first cell and missing in the others; ' +
        'unmerge them in the spreadsheet program to repeat the value.',
    ]);
  });
});

describe('the real supplement workbook', () => {
  const path = new URL('../../../shared/data/real/supplement_tam2020_elife.xlsx', import.meta.url);
  it('reads with no formula, date or merge notes (its merged cells are title rows)', () => {
    const bytes = new Uint8Array(readFileSync(path));
    for (const sheet of ['Raw data', 'Sample information']) {
      const t = parseTable(bytes, 'supplement_tam2020_elife.xlsx', { sheet });
      expect(t.notes?.filter((n) => /merged|formula|dates/.test(n)) ?? []).toEqual([]);
    }
  });
});
