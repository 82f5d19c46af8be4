/**
 * The matrix built in place over a CSV's column buffer (applyMapping `consume`, matrix.ts, transpose-in-place.ts)
 * equals the copied one, shares the columns' buffer (shared memory with the SAB allocator), and falls back
 * to copying whenever the layout does not allow it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocateSharedFloat64, isShared } from '../../core/parallel/shared.js';
import { SkfrError } from '../../core/errors.js';
import { applyMapping, parseTable, parseTableChunks, type MappedData, type Mapping, type Table } from '../../core/table/index.js';
import { choosePanels, transposeInPlace } from '../../core/table/transpose-in-place.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const parse = (text: string): Table => parseTable(enc(text), 'data.csv');
const base: Mapping = { orientation: 'samples-as-rows', idColumn: null, annotationColumns: [], featureColumns: null, filters: [] };

/** A mapping's result as plain data (numbers as strings, so NaN compares equal), or its error. */
function outcome(run: () => MappedData): unknown {
  try {
    const m = run();
    return { ...m, matrix: { ...m.matrix, data: Array.from(m.matrix.data, String) }, rowIndices: m.rowIndices === null ? null : Array.from(m.rowIndices) };
  } catch (error) {
    if (error instanceof SkfrError) return { code: error.code, message: error.message };
    throw error;
  }
}

/** The one buffer the reader put every column's numbers in. */
const columnsBuffer = (t: Table) => t.columns.find((c) => c.numbers !== null)?.numbers?.buffer;

function naiveTranspose(x: Float64Array, rows: number, cols: number): number[] {
  const out: number[] = [];
  for (let b = 0; b < cols; b++) for (let a = 0; a < rows; a++) out.push(x[a * cols + b]!);
  return out;
}

describe('transposeInPlace', () => {
  it('turns 2 × 3 [1 2 3; 4 5 6] into 3 × 2 [1 4; 2 5; 3 6]', () => {
    const x = Float64Array.of(1, 2, 3, 4, 5, 6);
    transposeInPlace(x, 2, 3);
    expect(Array.from(x)).toEqual([1, 4, 2, 5, 3, 6]);
  });

  it('equals the naive transpose for every shape and panel width, panels of columns or rows, leaving the values after R·C alone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 70 }),
        fc.nat(3),
        fc.boolean(),
        (short, long, width, extra, wide) => {
          // Both panel directions on both kinds of shape: wide (R < C) and tall (R > C).
          const [R, C] = wide ? [short, long] : [long, short];
          for (const along of ['columns', 'rows'] as const) {
            const x = Float64Array.from({ length: R * C + extra }, (_, i) => i + 0.5);
            const expected = [...naiveTranspose(x, R, C), ...Array.from(x.subarray(R * C))];
            transposeInPlace(x, R, C, { along, width });
            expect(Array.from(x)).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with the default panels at sizes with a remainder (37 × 1003: along the columns; 1003 × 37: along the rows)', () => {
    expect(choosePanels(37, 1003)).toEqual({ along: 'columns', width: 62 });
    expect(choosePanels(1003, 37)).toEqual({ along: 'rows', width: 62 });
    // A table of 200 samples × 50 000 features: its 50 000 × 200 block of columns is cut into panels of rows.
    expect(choosePanels(50_000, 200)).toEqual({ along: 'rows', width: 512 });
    expect(choosePanels(200, 50_000)).toEqual({ along: 'columns', width: 512 });
    for (const [R, C] of [[37, 1003], [1003, 37]] as const) {
      const x = Float64Array.from({ length: R * C }, (_, i) => i);
      const expected = naiveTranspose(x, R, C);
      transposeInPlace(x, R, C);
      expect(Array.from(x)).toEqual(expected);
    }
  });

  it('refuses a shape larger than the array', () => {
    expect(() => transposeInPlace(new Float64Array(5), 2, 3)).toThrow(RangeError);
  });
});

// Hand-checkable: columns id (text), a, g (text), b, c of 4 rows, in one buffer of 5 × 4 values.
const TABLE = 'id,a,g,b,c\ns1,1,x,10,5\ns2,2,y,NA,6\ns3,3,x,30,7\ns4,4,z,40,8\n';

describe('applyMapping with consume', () => {
  it('builds the matrix over the columns (rows s1, s3 kept; features a, b, c; c also an annotation read first)', () => {
    const t = parse(TABLE);
    const buffer = columnsBuffer(t);
    const m = applyMapping(t, { ...base, idColumn: 'id', annotationColumns: ['g'], featureColumns: ['a', 'b', 'c'], filters: [{ column: 'g', values: ['x'] }] }, { consume: true });
    // a = [1, 3], b = [10, 30], c = [5, 7] for s1, s3 → 2 × 3 row-major.
    expect(Array.from(m.matrix.data)).toEqual([1, 10, 5, 3, 30, 7]);
    expect(m.matrix.data.buffer).toBe(buffer);
    // The block starts where column a did (column 1 of 5, 4 rows each): values 4..9 of the buffer.
    expect(m.matrix.data.byteOffset).toBe(4 * 8);
    expect(m.sampleIds).toEqual(['s1', 's3']);
    expect(m.annotations).toEqual({ g: ['x', 'x'] });
    const withC = applyMapping(parse(TABLE), { ...base, idColumn: 'id', annotationColumns: ['c'] }, { consume: true });
    expect(withC.annotations).toEqual({ c: ['5', '6', '7', '8'] });
    expect(Array.from(withC.matrix.data).map(String)).toEqual(['1', '10', '2', 'NaN', '3', '30', '4', '40']);
    expect(withC.missingCells).toBe(1);
  });

  it('never calls the allocator when it builds in place, and does when it copies', () => {
    let calls = 0;
    const allocate = (length: number) => (calls++, new Float64Array(length));
    applyMapping(parse(TABLE), { ...base, idColumn: 'id', annotationColumns: ['g'] }, { consume: true, allocate });
    expect(calls).toBe(0);
    applyMapping(parse(TABLE), { ...base, idColumn: 'id', annotationColumns: ['g'], featureColumns: ['b', 'a'] }, { consume: true, allocate });
    expect(calls).toBe(1);
  });

  it('falls back to copying, table untouched, for features out of column order and for samples as columns', () => {
    const cases: [string, Mapping][] = [
      [TABLE, { ...base, idColumn: 'id', annotationColumns: ['g'], featureColumns: ['b', 'a'] }],
      [TABLE, { ...base, idColumn: 'id', annotationColumns: ['g'], featureColumns: ['a', 'a', 'c'] }],
      ['gene,s1,s2,s3\nA,1,2,3\nB,4,,6\nC,7,8,9\n', { ...base, orientation: 'samples-as-columns', idColumn: 'Sample' }],
      ['id,a,b\ns1,1,"2\n"\ns2,3,4\n', { ...base, idColumn: 'id' }], // a line break in a quoted cell: columns trimmed apart
    ];
    for (const [text, mapping] of cases) {
      const t = parse(text);
      const before = outcome(() => applyMapping(parse(text), mapping));
      const consumed = applyMapping(t, mapping, { consume: true });
      expect(outcome(() => consumed)).toEqual(before);
      expect(consumed.matrix.data.buffer).not.toBe(t.columns.find((c) => c.numbers)?.numbers?.buffer);
      expect(outcome(() => applyMapping(t, mapping))).toEqual(before); // the table can still be read
    }
  });

  it('from parseTableChunks with the shared allocator: the matrix is shared and is the columns’ buffer', async () => {
    const bytes = enc(TABLE);
    const t = (await parseTableChunks(async function* () { yield bytes; }, 'data.csv', { allocate: allocateSharedFloat64 }))!;
    const buffer = columnsBuffer(t);
    expect(buffer).toBeInstanceOf(SharedArrayBuffer);
    const expected = outcome(() => applyMapping(parse(TABLE), { ...base, idColumn: 'id', annotationColumns: ['g'] }));
    const m = applyMapping(t, { ...base, idColumn: 'id', annotationColumns: ['g'] }, { consume: true });
    expect(isShared(m.matrix.data)).toBe(true);
    expect(m.matrix.data.buffer).toBe(buffer);
    expect(outcome(() => m)).toEqual(expected);
  });
});

/** A random CSV: an id column, numeric columns (missing cells, a few text cells), text group columns. */
const csvArb = fc
  .record({
    n: fc.integer({ min: 1, max: 70 }),
    kinds: fc.array(fc.constantFrom('num', 'num', 'num', 'grp'), { minLength: 1, maxLength: 8 }).map((k) => ['num', ...k]),
    idAt: fc.nat(8),
    seed: fc.integer(),
  })
  .map(({ n, kinds, idAt, seed }) => {
    let state = seed >>> 0 || 1;
    const rand = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const names = kinds.map((k, c) => `${k === 'num' ? 'f' : 'g'}${c}`);
    const at = Math.min(idAt, names.length);
    names.splice(at, 0, 'id');
    const lines = [names.join(',')];
    for (let i = 0; i < n; i++) {
      const cells = kinds.map((k) => {
        const u = rand();
        if (k === 'grp') return ['x', 'y', 'z'][Math.floor(u * 3)]!;
        if (u < 0.1) return u < 0.05 ? '' : 'NA';
        if (u < 0.12) return 'oops';
        return (Math.round(rand() * 2000 - 1000) / 10).toString();
      });
      cells.splice(at, 0, `s${i % 7}`);
      lines.push(cells.join(','));
    }
    return { text: lines.join('\n') + '\n', names, rand };
  });

const scenarioArb = csvArb.chain(({ text, names }) =>
  fc.record({
    text: fc.constant(text),
    useId: fc.boolean(),
    annotations: fc.subarray(names.filter((n) => n !== 'id'), { maxLength: 2 }),
    features: fc.option(fc.shuffledSubarray(names.filter((n) => n.startsWith('f')), { minLength: 1 }), { nil: null }),
    sortFeatures: fc.boolean(),
    filter: fc.option(fc.subarray(['x', 'y', 'z'], { minLength: 1 }), { nil: null }),
    limit: fc.option(fc.double({ min: 0.1, max: 1, noNaN: true }), { nil: null, freq: 3 }),
  }),
);

describe('in place equals copied on random tables', () => {
  // Shared exactly when the features are in column order and each was read as numbers: a feature column the reader
  // read as text (as many text cells as numbers, e.g. “oops”, “-85.5”, “NA”) is named as a feature, so its numbers
  // are made from its texts by the mapping (textAsNumbers) and the matrix is copied.
  it('same result or same error; the buffer is shared exactly when the features are in column order and were read as numbers', () => {
    fc.assert(
      fc.property(scenarioArb, ({ text, useId, annotations, features, sortFeatures, filter, limit }) => {
        const order = (name: string) => text.slice(0, text.indexOf('\n')).split(',').indexOf(name);
        const featureColumns = features && sortFeatures ? [...features].sort((a, b) => order(a) - order(b)) : features;
        const grp = text.slice(0, text.indexOf('\n')).split(',').find((name) => name.startsWith('g'));
        const mapping: Mapping = {
          ...base,
          idColumn: useId ? 'id' : null,
          annotationColumns: annotations,
          featureColumns: featureColumns?.filter((f) => !annotations.includes(f)) ?? null,
          filters: filter && grp ? [{ column: grp, values: filter }] : [],
          maxMissingFraction: limit,
        };
        if (mapping.featureColumns?.length === 0) mapping.featureColumns = null;
        const expected = outcome(() => applyMapping(parse(text), mapping));
        const t = parse(text);
        const buffer = columnsBuffer(t);
        const readAsNumbers = new Set(t.columns.filter((c) => c.kind === 'numeric').map((c) => c.name));
        let shares = false;
        let inPlace = false;
        const got = outcome(() => {
          const m = applyMapping(t, mapping, { consume: true });
          shares = m.matrix.data.buffer === buffer;
          const positions = m.featureNames.map(order);
          const ascending = positions.every((pos, j) => j === 0 || pos > positions[j - 1]!);
          inPlace = ascending && m.featureNames.every((name) => readAsNumbers.has(name));
          return m;
        });
        expect(got).toEqual(expected);
        if (!('code' in (got as object))) expect(shares).toBe(inPlace);
      }),
      {
        numRuns: 400,
        // (the case that found the text-read feature: f2 holds “oops”, “-85.5”, “NA”)
        examples: [
          [
            {
              text: 'f0,f1,f2,f3,f4,id,f5,f6\n34.6,98.3,oops,14.4,NA,s0,NA,83.9\nNA,82.7,-85.5,5.3,-95.3,s1,,-33.9\noops,-78.4,NA,73.2,58.2,s2,39.3,88.8\n',
              useId: false,
              annotations: [],
              features: ['f2', 'f1'],
              sortFeatures: true,
              filter: null,
              limit: null,
            },
          ],
        ],
      },
    );
  });
});
