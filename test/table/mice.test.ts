import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { applyMapping, parseTable, summarizeColumns, type Mapping } from '../../core/table/index.js';

// The shared data folder sits beside the repository (CI clones it there too).
const file = fileURLToPath(new URL('../../../shared/data/mice_protein.csv', import.meta.url));
const bytes = new Uint8Array(readFileSync(file));
const text = new TextDecoder().decode(bytes);

// Independent reading of the raw text: the file has no quotes, so a plain split is exact.
const lines = text.split(/\r?\n/).filter((l) => l !== '');
const header = lines[0]!.split(',');
const body = lines.slice(1).map((l) => l.split(','));
const proteinIdx = header.map((h, i) => [h, i] as const).filter(([h]) => h.endsWith('_N')).map(([, i]) => i);
const expectedMissing = body.reduce((sum, row) => sum + proteinIdx.filter((i) => row[i] === '').length, 0);

const mapping: Mapping = {
  orientation: 'samples-as-rows',
  idColumn: 'MouseID',
  annotationColumns: ['Genotype', 'Treatment', 'Behavior', 'class'],
  featureColumns: null,
  filters: [],
};

describe('the mouse protein data (1080 × 82)', () => {
  const table = parseTable(bytes, 'mice_protein.csv');

  it('has 1080 rows, 82 columns, 77 numeric _N features and a text MouseID', () => {
    expect(body.length).toBe(1080);
    expect(table.rowCount).toBe(body.length);
    expect(table.columns.length).toBe(header.length);
    expect(header.length).toBe(82);
    const numeric = table.columns.filter((c) => c.kind === 'numeric').map((c) => c.name);
    expect(numeric).toHaveLength(77);
    expect(numeric.every((n) => n.endsWith('_N'))).toBe(true);
    expect(table.columns[0]!.name).toBe('MouseID');
    expect(table.columns[0]!.kind).toBe('text');
  });

  it('class has 8 distinct values', () => {
    const cls = summarizeColumns(table).find((c) => c.name === 'class')!;
    expect(cls.distinctCount).toBe(new Set(body.map((r) => r[header.length - 1])).size);
    expect(cls.distinctCount).toBe(8);
  });

  it('every number equals Number() of its text, and the missing cells are counted exactly', () => {
    expect(expectedMissing).toBeGreaterThan(0);
    let mismatches = 0;
    for (const i of proteinIdx) {
      const numbers = table.columns[i]!.numbers!;
      body.forEach((row, r) => {
        const want = row[i] === '' ? NaN : Number(row[i]);
        if (!Object.is(numbers[r], want)) mismatches++;
      });
    }
    expect(mismatches).toBe(0);
    const m = applyMapping(table, mapping);
    expect(m.matrix.rows).toBe(1080);
    expect(m.matrix.cols).toBe(77);
    expect(m.missingCells).toBe(expectedMissing);
    expect(m.warnings).toEqual([]);
  });

  it('filters by genotype: Control and Ts65Dn split the 1080 mice', () => {
    const count = (g: string) => body.filter((r) => r[header.indexOf('Genotype')] === g).length;
    const control = applyMapping(table, { ...mapping, filters: [{ column: 'Genotype', values: ['Control'] }] });
    const ts = applyMapping(table, { ...mapping, filters: [{ column: 'Genotype', values: ['Ts65Dn'] }] });
    expect(control.matrix.rows).toBe(count('Control'));
    expect(ts.matrix.rows).toBe(count('Ts65Dn'));
    expect(control.matrix.rows + ts.matrix.rows).toBe(1080);
  });

  it('reads the same numbers from XLSX and XLS copies made with SheetJS', () => {
    // cells from the independent split: numbers where the text is a number, empty where it is empty.
    // SheetJS's BIFF8 writer needs ~6 s for the whole sheet, so the XLS copy holds the first 300 mice.
    const aoa = [header, ...body.map((row) => row.map((c) => (c === '' ? null : Number.isNaN(Number(c)) ? c : Number(c))))];
    const csvMapped = applyMapping(table, mapping);
    for (const [bookType, rows] of [['xlsx', 1080], ['biff8', 300]] as const) {
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa.slice(0, rows + 1), { dense: true }), 'mice');
      const copy = new Uint8Array(XLSX.write(wb, { type: 'array', bookType }) as ArrayBuffer);
      const name = bookType === 'xlsx' ? 'mice.xlsx' : 'mice.xls';
      const m = applyMapping(parseTable(copy, name), mapping);
      expect(m.sampleIds).toEqual(csvMapped.sampleIds.slice(0, rows));
      const want = csvMapped.matrix.data.subarray(0, rows * 77);
      expect(m.missingCells).toBe(want.filter((v) => Number.isNaN(v)).length);
      if (rows === 1080) expect(m.missingCells).toBe(expectedMissing);
      let same = m.matrix.data.length === want.length;
      for (let j = 0; j < want.length; j++) if (!Object.is(m.matrix.data[j], want[j])) same = false;
      expect(same).toBe(true);
    }
  });
});
