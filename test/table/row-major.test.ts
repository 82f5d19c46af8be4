/**
 * core/table/row-major.ts: a CSV read with its numbers kept row by row is the same table (its columns made on
 * first read), and matrixInPlace closes up its rows into the matrix without a transposition.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { copyMatrix, matrixInPlace } from '../../core/table/matrix.js';
import { GATHERED_MAX, rowMajorCells, rowMajorSource } from '../../core/table/row-major.js';
import { sampleValues, valueKind } from '../../core/table/formats/value-kind.js';
import { parseTableChunks, type ChunkSource } from '../../core/table/stream.js';
import { applyMapping, type Mapping, type Table } from '../../core/table/index.js';

const enc = (s: string) => new TextEncoder().encode(s);

/** The text as one chunk (`rowMajor`: numbers kept row by row). */
async function read(text: string, rowMajor: boolean): Promise<Table> {
  const bytes = enc(text);
  const source: ChunkSource = async function* () {
    yield bytes;
  };
  const table = await parseTableChunks(source, 't.csv', { rowMajor });
  if (table === null) throw new Error('not read in chunks');
  return table;
}

const stateOf = (table: Table, name: string) => rowMajorSource(table.columns.find((c) => c.name === name)!)!.numbers.state;
const column = (table: Table, name: string) => table.columns.find((c) => c.name === name)!;

describe('a table read row by row', () => {
  const text = 'id,a,b,c,note\nx,1,2,3,p\ny,4,NA,6,q\nz,7,8,9,r\n';

  it('keeps the cells in file order and gives each column its numbers (hand-checked)', async () => {
    const table = await read(text, true);
    const b = rowMajorSource(column(table, 'b'))!;
    // id and note are text: their slots hold NaN.
    expect(Array.from(b.numbers.data.subarray(0, 15))).toEqual([NaN, 1, 2, 3, NaN, NaN, 4, NaN, 6, NaN, NaN, 7, 8, 9, NaN]);
    expect(b.index).toBe(2);
    expect(Array.from(column(table, 'b').numbers!)).toEqual([2, NaN, 8]);
    expect(column(table, 'b').missing).toBe(1);
    expect(column(table, 'id').texts).toEqual(['x', 'y', 'z']);
    expect(rowMajorSource(column(table, 'id'))).toBeNull();
    expect(stateOf(table, 'a')).toBe('rows'); // (one column read: gathered, not transposed)
  });

  it('matrixInPlace closes up the kept rows of the features; the other numeric columns keep their values', async () => {
    const table = await read(text, true);
    const data = matrixInPlace([column(table, 'a'), column(table, 'c')], Int32Array.of(0, 2), table.rowCount)!;
    expect(Array.from(data)).toEqual([1, 3, 7, 9]);
    expect(data.buffer).toBe(rowMajorSource(column(table, 'a'))!.numbers.data.buffer);
    expect(stateOf(table, 'a')).toBe('matrix');
    expect(Array.from(column(table, 'b').numbers!)).toEqual([2, NaN, 8]);
    expect(() => column(table, 'a').numbers).toThrow(/Internal error/);
  });

  it(`past ${GATHERED_MAX} columns read one by one, the rows are transposed once, in place; values unchanged`, async () => {
    const width = GATHERED_MAX + 4;
    const lines = [Array.from({ length: width }, (_, c) => `F${c}`).join(',')];
    for (let r = 0; r < 30; r++) lines.push(Array.from({ length: width }, (_, c) => (r * 31 + c * 7) % 13 === 0 ? 'NA' : String(r * 100 + c)).join(','));
    const text = lines.join('\n') + '\n';
    const [byRows, byColumns] = [await read(text, true), await read(text, false)];
    for (let c = 0; c < width; c++) {
      expect(stateOf(byRows, 'F0')).toBe(c <= GATHERED_MAX ? 'rows' : 'columns');
      expect(Array.from(byRows.columns[c]!.numbers!), `F${c}`).toEqual(Array.from(byColumns.columns[c]!.numbers!));
    }
    for (let c = 0; c < width; c++) expect(Array.from(byRows.columns[c]!.numbers!)).toEqual(Array.from(byColumns.columns[c]!.numbers!));
    // Transposed, the columns lie on the slab as the column-by-column reader's do: matrixInPlace works as for those.
    const data = matrixInPlace(byRows.columns.slice(2, 5), Int32Array.of(1, 4, 5), byRows.rowCount)!;
    expect(data.buffer).toBe(rowMajorSource(byRows.columns[0]!)!.numbers.data.buffer);
    expect(Array.from(data)).toEqual(Array.from(copyMatrix(byColumns.columns.slice(2, 5), Int32Array.of(1, 4, 5))));
  });

  it('the value kind of every column read where the cells lie: no column copied, no transposition; the same kinds', async () => {
    // F0 = r (a row index), F1 = 10⁶ + r·1 000 (intensities), F2…: r·100 + c with a few NA, as above.
    const width = GATHERED_MAX + 4;
    const lines = [Array.from({ length: width }, (_, c) => `F${c}`).join(',')];
    for (let r = 0; r < 30; r++) lines.push(Array.from({ length: width }, (_, c) => (c === 0 ? String(r) : c === 1 ? String(1e6 + r * 1000) : (r * 31 + c * 7) % 13 === 0 ? 'NA' : String(r * 100 + c))).join(','));
    const text = lines.join('\n') + '\n';
    const [byRows, byColumns] = [await read(text, true), await read(text, false)];
    const kinds = byRows.columns.map((c) => valueKind(c));
    expect(stateOf(byRows, 'F0')).toBe('rows');
    expect(rowMajorCells(column(byRows, 'F2'))!.at(1)).toBe(102);
    expect(kinds.slice(0, 2)).toEqual(['index', 'intensity']);
    expect(kinds).toEqual(byColumns.columns.map((c) => valueKind(c)));
    expect(sampleValues(column(byRows, 'F3'), 7)).toEqual(sampleValues(column(byColumns, 'F3'), 7));
    // Once transposed, the cells are read from the columns (rowMajorCells: null), the same values.
    byRows.columns.forEach((c) => c.numbers);
    expect(stateOf(byRows, 'F0')).toBe('columns');
    expect(rowMajorCells(column(byRows, 'F2'))).toBeNull();
    expect(byRows.columns.map((c) => valueKind(c))).toEqual(kinds);
  });

  it('matrixInPlace = copyMatrix for any kept rows and features, other columns intact (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 1000 }),
        async (rows, width, seed) => {
          let s = seed + 1;
          const random = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
          const names = ['id', ...Array.from({ length: width }, (_, c) => `F${c}`)];
          const lines = [names.join(',')];
          for (let r = 0; r < rows; r++) lines.push([`S${r}`, ...Array.from({ length: width }, () => (random() < 0.1 ? 'NA' : (random() * 10).toFixed(3)))].join(','));
          const text = lines.join('\n') + '\n';
          const [byRows, byColumns] = [await read(text, true), await read(text, false)];
          const pick = (n: number) => Int32Array.from(Array.from({ length: n }, (_, i) => i).filter(() => random() < 0.6));
          const kept = pick(rows);
          const features = Array.from(pick(width), (c) => c + 1).filter((c) => byColumns.columns[c]!.kind === 'numeric'); // (column 0: the ids)
          if (kept.length === 0 || features.length === 0) return true;
          const expected = Array.from(copyMatrix(features.map((c) => byColumns.columns[c]!), kept));
          const others = byColumns.columns.filter((c, i) => c.kind === 'numeric' && !features.includes(i));
          const data = matrixInPlace(features.map((c) => byRows.columns[c]!), kept, byRows.rowCount);
          expect(data === null ? null : Array.from(data)).toEqual(expected);
          for (const other of others) expect(Array.from(column(byRows, other.name).numbers!)).toEqual(Array.from(other.numbers!));
          return true;
        },
      ),
      { numRuns: 150 },
    );
  });

  it('applyMapping consuming it builds the matrix without a transposition: the mapping of the table read column by column', async () => {
    const lines = ['id,x1,x2,site,x3,class'];
    for (let r = 0; r < 40; r++) lines.push([`S${r}`, r % 5 === 0 ? 'NA' : r, 2 * r, r % 2 === 0 ? 'north' : 'south', r * r, 1 + (r % 3)].join(','));
    const text = lines.join('\n') + '\n';
    const mapping: Mapping = { orientation: 'samples-as-rows', idColumn: 'id', annotationColumns: ['site', 'class'], featureColumns: null, filters: [{ column: 'class', values: ['1', '2'] }] };
    const expected = applyMapping(await read(text, false), mapping);
    const table = await read(text, true);
    const mapped = applyMapping(table, mapping, { consume: true });
    expect(stateOf(table, 'x1')).toBe('matrix'); // (the class column, numeric, was read one by one)
    expect(Array.from(mapped.matrix.data)).toEqual(Array.from(expected.matrix.data));
    expect({ ...mapped, matrix: null }).toEqual({ ...expected, matrix: null });
    expect(mapped.missingCells).toBe(5);
  });
});
