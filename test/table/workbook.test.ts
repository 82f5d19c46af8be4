import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { detectFormat, listSheets, parseTable, toXls, toXlsx, type Table } from '../../core/table/index.js';
import { errorOf } from '../skfr-error.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/** A workbook written by SheetJS directly (not by our writer), so the reader is tested independently. */
function book(sheets: Record<string, unknown[][]>, bookType: 'xlsx' | 'biff8'): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType }) as ArrayBuffer);
}

// (SheetJS's BIFF8 code garbles magnitudes below about 1e-290, so the tiny value stays at 1e-200.)
const DATA = [
  ['id', 'x', 'y', 'group'],
  ['a', 1.5, null, 'g1'],
  ['b', -2, 0.1 + 0.2, 'g2'],
  ['c', 'NA', 1e-200, 'g1'],
  ['d', 4, '7', null],
];

function check(t: Table): void {
  expect(t.rowCount).toBe(4);
  expect(t.columns.map((c) => `${c.name}:${c.kind}`)).toEqual(['id:text', 'x:numeric', 'y:numeric', 'group:text']);
  const x = Array.from(t.columns[1]!.numbers!);
  expect(x.slice(0, 2)).toEqual([1.5, -2]);
  expect(Number.isNaN(x[2])).toBe(true);
  expect(x[3]).toBe(4);
  const y = Array.from(t.columns[2]!.numbers!);
  expect(Number.isNaN(y[0])).toBe(true);
  expect(y.slice(1)).toEqual([0.1 + 0.2, 1e-200, 7]);
  expect(t.columns[1]!.missing).toBe(1);
  expect(t.columns[2]!.missing).toBe(1);
  expect(t.columns[3]!.texts).toEqual(['g1', 'g2', 'g1', null]);
}

describe.each([
  ['xlsx', 'biff8', 'data.xlsx'],
  ['xls', 'biff8', 'data.xls'],
] as const)('%s workbooks', (format, _bt, fileName) => {
  const bytes = book({ Notes: [], Data: DATA, More: [['k'], [1], [2]] }, format === 'xlsx' ? 'xlsx' : 'biff8');

  it('are detected by signature, whatever the name', () => {
    expect(detectFormat(bytes, fileName)).toBe(format);
    expect(detectFormat(bytes, 'renamed.csv')).toBe(format);
  });

  it('list their sheets and read the first non-empty one by default, numbers and missing cells intact', () => {
    expect(listSheets(bytes, fileName)).toEqual(['Notes', 'Data', 'More']);
    const t = parseTable(bytes, fileName);
    expect(t.format).toBe(format);
    expect(t.sheet).toBe('Data');
    expect(t.sheets).toEqual(['Notes', 'Data', 'More']);
    check(t);
    expect(Array.from(t.sourceRows!)).toEqual([2, 3, 4, 5]);
  });

  it('read the sheet asked for, and refuse an unknown or empty one', () => {
    const t = parseTable(bytes, fileName, { sheet: 'More' });
    expect(t.sheet).toBe('More');
    expect(Array.from(t.columns[0]!.numbers!)).toEqual([1, 2]);
    const e = errorOf(() => parseTable(bytes, fileName, { sheet: 'Sheet9' }));
    expect(e.code).toBe('unknown-sheet');
    expect(e.message).toContain('“Sheet9”');
    expect(e.message).toContain('“Notes”, “Data”, “More”');
    expect(errorOf(() => parseTable(bytes, fileName, { sheet: 'Notes' })).code).toBe('empty-sheet');
  });

  it('round-trip through our own writer', () => {
    const written = (format === 'xlsx' ? toXlsx : toXls)([{ name: 'Data', rows: DATA as (string | number | null)[][] }]);
    check(parseTable(written, fileName));
  });

  it('that are truncated give a translated error', () => {
    const e = errorOf(() => parseTable(bytes.subarray(0, Math.floor(bytes.length / 2)), fileName));
    expect(e.code).toBe('unreadable-file');
    expect(e.message).toContain(`“${fileName}”`);
    expect(e.message).toMatch(/damaged or incomplete/);
  });
});

describe('a damaged .xlsx', () => {
  it('is called damaged, not password-protected (SheetJS reads its garbage as ZIP encryption)', () => {
    const e = errorOf(() => parseTable(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode('garbage')]), 'broken.xlsx'));
    expect(e.code).toBe('unreadable-file');
    expect(e.message).toMatch(/damaged or incomplete/);
    expect(e.message).not.toMatch(/password/);
  });
});

describe('workbook cells', () => {
  it('error cells (#N/A) are missing and booleans are text', () => {
    const ws = XLSX.utils.aoa_to_sheet([['x', 'flag'], [1, 'a'], [2, 'b'], [3, 'c']]);
    ws['A3'] = { t: 'e', v: 0x2a, w: '#N/A' };
    ws['B4'] = { t: 'b', v: true };
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'S');
    const t = parseTable(new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer), 'e.xlsx');
    expect(Array.from(t.columns[0]!.numbers!).map(String)).toEqual(['1', 'NaN', '3']);
    expect(t.columns[0]!.missing).toBe(1);
    expect(t.columns[1]!.texts).toEqual(['a', 'b', 'TRUE']);
  });

  it('blank rows are skipped but sheet row numbers are kept', () => {
    const t = parseTable(book({ S: [[], ['a', 'b'], [1, 2], [], [3, 4]] }, 'xlsx'), 's.xlsx');
    expect(t.columns.map((c) => c.name)).toEqual(['a', 'b']);
    expect(Array.from(t.sourceRows!)).toEqual([3, 5]);
  });
});

describe('files that are not what they claim', () => {
  it('an HTML page renamed .xlsx or .xls is an unreadable file that says it looks like HTML', () => {
    const html = enc('<!DOCTYPE html>\n<html><body><table><tr><td>1</td></tr></table></body></html>');
    for (const name of ['x.xlsx', 'x.xls']) {
      const e = errorOf(() => parseTable(html, name));
      expect(e.code).toBe('unreadable-file');
      expect(e.message).toContain(`“${name}” is not an Excel workbook (it looks like an HTML page)`);
    }
    const csv = errorOf(() => parseTable(html, 'download.csv'));
    expect(csv.code).toBe('unreadable-file');
    expect(csv.message).toContain('looks like an HTML page');
  });

  it('a ZIP or OLE file that is not a workbook is an unreadable file', () => {
    const cfb = (XLSX as unknown as { CFB: { utils: { cfb_new(): unknown; cfb_add(c: unknown, p: string, d: Uint8Array): void }; write(c: unknown, o: object): ArrayBuffer } }).CFB;
    for (const [fileType, name] of [['zip', 'doc.xlsx'], ['cfb', 'doc.xls']] as const) {
      const container = cfb.utils.cfb_new();
      cfb.utils.cfb_add(container, '/readme.txt', enc('hello'));
      const bytes = new Uint8Array(cfb.write(container, { type: 'array', fileType }));
      const e = errorOf(() => parseTable(bytes, name));
      expect(e.code).toBe('unreadable-file');
      expect(e.message).toContain(`“${name}”`);
    }
  });

  it('random bytes are an unreadable file, named .xlsx or .csv', () => {
    let state = 12345;
    const random = Uint8Array.from({ length: 4096 }, () => ((state = (state * 1103515245 + 12345) >>> 0) >>> 16) & 0xff);
    expect(errorOf(() => parseTable(random, 'x.xlsx')).code).toBe('unreadable-file');
    expect(errorOf(() => parseTable(random, 'x.csv')).code).toBe('unreadable-file');
    expect(errorOf(() => listSheets(random, 'x.xls')).code).toBe('unreadable-file');
  });

  it('an empty file is an empty sheet', () => {
    for (const name of ['x.csv', 'x.xlsx']) expect(errorOf(() => parseTable(new Uint8Array(0), name)).code).toBe('empty-sheet');
  });

  it('a workbook whose every sheet is empty is an empty sheet', () => {
    const e = errorOf(() => parseTable(book({ A: [], B: [[null]] }, 'xlsx'), 'blank.xlsx'));
    expect(e.code).toBe('empty-sheet');
    expect(e.message).toContain('“A”, “B”');
  });
});
