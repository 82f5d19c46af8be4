import { describe, expect, it } from 'vitest';
import { applyMapping, parseTable, transposeTable, type Mapping, type Table } from '../../core/table/index.js';
import { errorOf } from '../skfr-error.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const parse = (text: string, name = 'data.csv'): Table => parseTable(enc(text), name);
const base: Mapping = { orientation: 'samples-as-rows', idColumn: null, annotationColumns: [], featureColumns: null, filters: [] };
const map = (t: Table, m: Partial<Mapping>) => applyMapping(t, { ...base, ...m });

// 4 samples; features a, b numeric; grp text; c numeric annotation-like
const TABLE = 'id,grp,a,b,c\ns1,x,1,10,5\ns2,y,2,NA,6\ns3,x,3,30,7\ns4,z,4,40,8\n';

describe('applyMapping', () => {
  it('default features: every numeric column that is not id or annotation; row-major matrix', () => {
    const m = map(parse(TABLE), { idColumn: 'id', annotationColumns: ['grp', 'c'] });
    expect(m.featureNames).toEqual(['a', 'b']);
    expect(m.matrix.rows).toBe(4);
    expect(m.matrix.cols).toBe(2);
    expect(Array.from(m.matrix.data).map(String)).toEqual(['1', '10', '2', 'NaN', '3', '30', '4', '40']);
    expect(m.sampleIds).toEqual(['s1', 's2', 's3', 's4']);
    expect(m.annotations).toEqual({ grp: ['x', 'y', 'x', 'z'], c: ['5', '6', '7', '8'] });
    expect(m.missingCells).toBe(1);
    // (every row kept, in order: no index array, issue 26's memory)
    expect(m.rowIndices).toBeNull();
    expect(m.warnings).toEqual([]);
  });

  it('no id column: ids are the row numbers', () => {
    const m = map(parse(TABLE), { annotationColumns: ['id', 'grp'] });
    expect(m.sampleIds).toEqual(['1', '2', '3', '4']);
    expect(m.featureNames).toEqual(['a', 'b', 'c']);
  });

  it('selects features by a regular expression, and rejects an invalid one', () => {
    expect(map(parse(TABLE), { featuresMatch: '^[ab]$' }).featureNames).toEqual(['a', 'b']);
    const e = errorOf(() => map(parse(TABLE), { featuresMatch: '([a' }));
    expect(e.code).toBe('invalid-regex');
    expect(e.message).toContain('“([a”');
    expect(errorOf(() => map(parse(TABLE), { featuresMatch: '^zzz' })).code).toBe('no-numeric-features');
  });

  it('explicit feature columns keep their order; a text column cannot be a feature', () => {
    expect(map(parse(TABLE), { featureColumns: ['c', 'a'] }).featureNames).toEqual(['c', 'a']);
    const e = errorOf(() => map(parse(TABLE), { featureColumns: ['a', 'grp'] }));
    expect(e.code).toBe('no-numeric-features');
    expect(e.message).toContain('“grp”');
  });

  it('filters keep rows whose text equals a value; one column OR-ed, columns AND-ed', () => {
    const t = parse(TABLE);
    const m = map(t, { idColumn: 'id', annotationColumns: ['grp'], filters: [{ column: 'grp', values: ['x'] }] });
    expect(m.sampleIds).toEqual(['s1', 's3']);
    expect(Array.from(m.rowIndices!)).toEqual([0, 2]);
    expect(m.annotations.grp).toEqual(['x', 'x']);
    const two = map(t, { idColumn: 'id', filters: [{ column: 'grp', values: ['x'] }, { column: 'grp', values: ['z'] }] });
    expect(two.sampleIds).toEqual(['s1', 's3', 's4']);
    const and = map(t, { idColumn: 'id', filters: [{ column: 'grp', values: ['x', 'z'] }, { column: 'c', values: ['7', '8.0'] }] });
    expect(and.sampleIds).toEqual(['s3', 's4']);
  });

  it('a filter that leaves no row is an error naming the filter and the values present', () => {
    const e = errorOf(() => map(parse(TABLE), { filters: [{ column: 'grp', values: ['q'] }] }));
    expect(e.code).toBe('no-rows');
    expect(e.message).toContain('grp = “q”');
    expect(e.message).toContain('“x”, “y”, “z”');
  });

  it('an unknown column names it, with near matches and the columns available', () => {
    const t = parse('MouseID,Genotype,a\nm1,Control,1\n');
    const e = errorOf(() => map(t, { idColumn: 'MouseID', annotationColumns: ['genotype'] }));
    expect(e.code).toBe('unknown-column');
    expect(e.message).toContain('“genotype”');
    expect(e.message).toContain('Did you mean “Genotype”');
    expect(e.message).toContain('“MouseID”, “Genotype”, “a”');
    expect(errorOf(() => map(t, { idColumn: 'Mouse' })).message).toContain('Id column');
    expect(errorOf(() => map(t, { filters: [{ column: 'nope', values: ['1'] }] })).code).toBe('unknown-column');
  });

  it('no numeric column at all is an error', () => {
    const e = errorOf(() => map(parse('id,g\na,x\nb,y\n'), { idColumn: 'id' }));
    expect(e.code).toBe('no-numeric-features');
    expect(map(parse(TABLE), { annotationColumns: ['a'] }).featureNames).toEqual(['b', 'c']);
    expect(errorOf(() => map(parse('id,a\nx,1\n'), { idColumn: 'id', annotationColumns: ['a'] })).code).toBe('no-numeric-features');
  });

  it('a kept sample with no observed feature value is an error naming it and its line', () => {
    const t = parse('id,a,b\ns1,1,2\ns2,NA,\ns3,3,4\n');
    const e = errorOf(() => map(t, { idColumn: 'id' }));
    expect(e.code).toBe('empty-sample');
    expect(e.message).toContain('“s2”');
    expect(e.message).toContain('line 3');
    // filtered out, it does no harm
    expect(map(t, { idColumn: 'id', filters: [{ column: 'id', values: ['s1', 's3'] }] }).matrix.rows).toBe(2);
  });

  it('text in a feature column is a warning naming column, line and text; the cell is missing', () => {
    const m = map(parse('id,a,b\ns1,1,2\ns2,oops,3\ns3,3,4\ns4,5,6\n'), { idColumn: 'id' });
    expect(m.warnings).toHaveLength(1);
    expect(m.warnings[0]!.code).toBe('text-in-feature');
    expect(m.warnings[0]!.message).toContain('“a”');
    expect(m.warnings[0]!.message).toContain('line 3 “oops”');
    expect(m.warnings[0]!.message).toContain('treated as missing');
    expect(Number.isNaN(m.matrix.data[2])).toBe(true);
    expect(m.missingCells).toBe(1);
  });

  it('duplicate ids are a warning', () => {
    const m = map(parse('id,a\nx,1\nx,2\ny,3\n'), { idColumn: 'id' });
    expect(m.warnings.map((w) => w.code)).toEqual(['duplicate-id']);
    expect(m.warnings[0]!.message).toContain('“x” ×2');
  });

  it('duplicate ids anywhere, named first seen first; a missing id (its row number) can repeat one; none, no warning', () => {
    const warning = (text: string, idColumn: string | null = 'id') => map(parse(text), { idColumn, annotationColumns: idColumn ? [] : ['id'] }).warnings.filter((w) => w.code === 'duplicate-id').map((w) => w.message);
    // a (rows 1, 4, 6) and b (rows 2, 5) are not neighbours in the file; a is seen first.
    expect(warning('id,v\na,1\nb,2\nc,3\na,4\nb,5\na,6\n')).toEqual(['2 sample ids are not unique (“a” ×3, “b” ×2); they are kept as they are.']);
    // The last two rows only.
    expect(warning('id,v\nq,1\nr,2\ns,3\nz,4\nz,5\n')).toEqual(['1 sample id is not unique (“z” ×2); they are kept as they are.']);
    // Row 2 has no id: it is called 2, as row 3's id says.
    expect(warning('id,v\nx,1\n,2\n2,3\n')).toEqual(['1 sample id is not unique (“2” ×2); they are kept as they are.']);
    expect(warning('id,v\nb,1\na,2\nc,3\n')).toEqual([]);
    expect(warning('id,v\nx,1\nx,2\n', null)).toEqual([]); // row numbers 1, 2
  });

  it('maxMissingFraction drops features and lists them', () => {
    const t = parse('a,b,c\n1,NA,1\n2,NA,NA\n3,4,5\n4,NA,6\n');
    const m = map(t, { maxMissingFraction: 0.5 });
    expect(m.featureNames).toEqual(['a', 'c']);
    expect(m.droppedFeatures).toEqual([{ name: 'b', missingFraction: 0.75 }]);
    expect(m.warnings[0]!.code).toBe('dropped-feature');
    expect(m.warnings[0]!.message).toContain('“b” (75.0% missing)');
    expect(errorOf(() => map(t, { maxMissingFraction: 1.5 })).code).toBe('invalid-option');
  });
});

describe('transposeTable', () => {
  // samples are columns: rows are proteins, the header holds sample ids
  const WIDE = 'protein,m1,m2,m3\nP1,1,2,3\nP2,4,NA,6\nKind,a,b,a\n';

  it('turns sample columns into rows, with a Sample id column', () => {
    const t = transposeTable(parse(WIDE));
    expect(t.rowCount).toBe(3);
    expect(t.columns.map((c) => `${c.name}:${c.kind}`)).toEqual(['Sample:text', 'P1:numeric', 'P2:numeric', 'Kind:text']);
    expect(t.columns[0]!.texts).toEqual(['m1', 'm2', 'm3']);
    expect(Array.from(t.columns[1]!.numbers!)).toEqual([1, 2, 3]);
    expect(Array.from(t.columns[2]!.numbers!).map(String)).toEqual(['4', 'NaN', '6']);
    expect(t.columns[3]!.texts).toEqual(['a', 'b', 'a']);
  });

  it('is what the samples-as-columns orientation maps', () => {
    const m = map(parse(WIDE), { orientation: 'samples-as-columns', idColumn: 'Sample', annotationColumns: ['Kind'] });
    expect(m.sampleIds).toEqual(['m1', 'm2', 'm3']);
    expect(m.featureNames).toEqual(['P1', 'P2']);
    expect(Array.from(m.matrix.data).map(String)).toEqual(['1', '4', '2', 'NaN', '3', '6']);
    expect(m.annotations.Kind).toEqual(['a', 'b', 'a']);
  });

  it('transposing twice gives the numbers back', () => {
    const t = parse('name,s1,s2\nA,1,2\nB,3,4\nC,5,6\n');
    const back = transposeTable(transposeTable(t));
    expect(back.columns.map((c) => c.name)).toEqual(['Sample', 's1', 's2']);
    expect(back.columns[0]!.texts).toEqual(['A', 'B', 'C']);
    expect(Array.from(back.columns[2]!.numbers!)).toEqual([2, 4, 6]);
  });
});
