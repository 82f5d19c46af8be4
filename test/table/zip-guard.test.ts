/**
 * Zip bombs are refused from the central directory, before anything is inflated: an archive built here declares
 * gigabytes (honestly or not) in a few hundred bytes; a real workbook passes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { parseTable } from '../../core/table/index.js';
import { checkZipSize, zipEntries } from '../../core/table/zip-guard.js';

/** A ZIP archive whose entries declare these sizes (stored data is a few bytes; only the directory matters). */
function archive(entries: { name: string; compressed: number; uncompressed: number }[]): Uint8Array {
  const parts: number[] = [];
  const central: number[] = [];
  const le = (v: number, n: number) => Array.from({ length: n }, (_, i) => Math.floor(v / 256 ** i) % 256);
  for (const e of entries) {
    const name = [...e.name].map((c) => c.charCodeAt(0));
    const offset = parts.length;
    parts.push(...le(0x04034b50, 4), ...le(20, 2), 0, 0, ...le(8, 2), 0, 0, 0, 0, ...le(0, 4), ...le(Math.min(e.compressed, 0xffffffff), 4), ...le(Math.min(e.uncompressed, 0xffffffff), 4), ...le(name.length, 2), 0, 0, ...name, 0, 0);
    central.push(...le(0x02014b50, 4), ...le(20, 2), ...le(20, 2), 0, 0, ...le(8, 2), 0, 0, 0, 0, ...le(0, 4), ...le(e.compressed, 4), ...le(e.uncompressed, 4), ...le(name.length, 2), 0, 0, 0, 0, 0, 0, 0, 0, ...le(0, 4), ...le(offset, 4), ...name);
  }
  const cdOffset = parts.length;
  const eocd = [...le(0x06054b50, 4), 0, 0, 0, 0, ...le(entries.length, 2), ...le(entries.length, 2), ...le(central.length, 4), ...le(cdOffset, 4), 0, 0];
  return Uint8Array.from([...parts, ...central, ...eocd]);
}

describe('zip guard', () => {
  it('reads the declared sizes of every entry', () => {
    const bytes = archive([{ name: 'xl/worksheets/sheet1.xml', compressed: 4_000_000, uncompressed: 4 * 1024 ** 3 - 1 }]);
    expect(zipEntries(bytes)).toEqual([{ name: 'xl/worksheets/sheet1.xml', compressed: 4_000_000, uncompressed: 4 * 1024 ** 3 - 1 }]);
  });

  it('refuses 4 GiB from 4 MB (ratio) and 3 GiB in parts of honest ratio (total), in one sentence, at once', () => {
    const bomb = archive([{ name: 'xl/worksheets/sheet1.xml', compressed: 4_000_000, uncompressed: 4 * 1024 ** 3 - 1 }]);
    expect(() => parseTable(bomb, 'bomb.xlsx')).toThrow(/“bomb.xlsx” is not a normal workbook: its part “xl\/worksheets\/sheet1.xml” would unpack from 4 MiB to 4.0 GiB/);
    const big = archive(Array.from({ length: 3 }, (_, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, compressed: 100 * 1024 ** 2, uncompressed: 400 * 1024 ** 2 })));
    // (parts under 512 MiB each: one sheet over it is refused by itself, issue 26)
    expect(() => checkZipSize(big, 'big.xlsx')).toThrow(/“big.xlsx” would unpack to 1.2 GiB, more than the 1.0 GiB/);
    expect(() => checkZipSize(big, 'big.xlsx', 4 * 1024 ** 3)).not.toThrow();
  });

  it('a real workbook passes', () => {
    const bytes = readFileSync(new URL('../../../shared/data/real/supplement_tam2020_elife.xlsx', import.meta.url));
    expect(() => checkZipSize(bytes, 'supp.xlsx')).not.toThrow();
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['a', 'b'], [1, 2]]), 'S');
    const small = XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    expect(zipEntries(new Uint8Array(small))!.length).toBeGreaterThan(3);
  });
});
