/**
 * The sample id of a table with one sample per row (core/request/sample-id.ts), and that `skfr cluster`'s request
 * (resolveRequest) and the app's opening (proposedLayout) take the same one: a unique text column named like an id.
 */
import { describe, expect, it } from 'vitest';
import { proposedLayout } from '../../core/jobs/datasets.js';
import { resolveRequest } from '../../core/request/resolve.js';
import { distinctWholeNumbers, idColumnOf, isIdName, numericIdNote, rowNumbersFrom, sampleIdColumn } from '../../core/request/sample-id.js';
import { parseTable, type Table } from '../../core/table/index.js';
import { planCluster, requestOf } from '../../cli/commands/cluster-options.js';

const parse = (text: string): Table => parseTable(new TextEncoder().encode(text), 'data.csv');

describe('isIdName: a word of the name is id, ids, identifier, sample or name', () => {
  it.each([
    ['MouseID', true], // Mouse | ID
    ['sample_id', true],
    ['SampleName', true], // Sample | Name
    ['Identifier', true],
    ['id', true],
    ['Valid', false], // one word, “valid”: “id” only inside it
    ['Genotype', false],
    ['Tube', false],
    ['ident', false],
  ])('%s → %s', (name, expected) => {
    expect(isIdName(name)).toBe(expected);
  });
});

describe('idColumnOf: the first unique text column named like an id', () => {
  it('skips a unique text column not named like an id, and an id-named column that repeats or is numeric', () => {
    const columns = [
      { name: 'Tube', kind: 'text' as const, unique: true }, // unique, but not named like an id
      { name: 'SampleID', kind: 'text' as const, unique: false }, // named so, but repeats
      { name: 'id', kind: 'numeric' as const, unique: true }, // a number column
      { name: 'Sample name', kind: 'text' as const, unique: true }, // the one
      { name: 'MouseID', kind: 'text' as const, unique: true }, // unique too, but later
    ];
    expect(idColumnOf(columns)).toBe('Sample name');
    expect(idColumnOf(columns.slice(0, 3))).toBeNull();
  });

  it('without a text id: a numeric column of distinct whole numbers that numbers the rows, or is named like an id', () => {
    const dose = { name: 'dose', kind: 'numeric' as const, unique: true, whole: true, numbersRows: false }; // 3, 9, 27: a measurement
    const rowNumbers = { name: 'Column 1', kind: 'numeric' as const, unique: true, whole: true, numbersRows: true };
    const patient = { name: 'Patient ID', kind: 'numeric' as const, unique: true, whole: true, numbersRows: false };
    expect(idColumnOf([dose, rowNumbers, patient])).toBe('Column 1');
    expect(idColumnOf([dose, patient])).toBe('Patient ID');
    expect(idColumnOf([dose])).toBeNull();
    // Named with a word no id has: a measurement in whole numbers (“Sample weight” 12, 15, 9 mg).
    expect(idColumnOf([{ ...patient, name: 'Sample weight' }])).toBeNull();
    expect(idColumnOf([{ ...patient, name: 'Sample No.' }])).toBe('Sample No.');
    // A fraction named like an id is no id; a text id comes first whatever its place.
    expect(idColumnOf([{ ...patient, whole: false }])).toBeNull();
    expect(idColumnOf([rowNumbers, { name: 'MouseID', kind: 'text', unique: true }])).toBe('MouseID');
  });
});

describe('rowNumbersFrom and distinctWholeNumbers (hand-checked)', () => {
  it.each([
    [[2, 0, 1], 0, true], // pandas' 0 … 2, shuffled
    [[1, 2, 3, 4], 1, true], // R's row names
    [[4, 1, 3, 2], 1, true],
    [[0, 1, 3], null, true], // 0 … 3 less 2: distinct, not the rows' numbers
    [[5, 9, 7], null, true], // ids, not row numbers
    [[2, 3, 4], null, true], // consecutive, but from 2
    [[1, 2, 2], null, false], // a repeat
    [[1.5, 2.5], null, false], // fractions
    [[1, NaN, 3], null, false], // a missing cell
    [[-1, 0, 1], null, true], // a negative number
    [[1], null, false], // one row: nothing to tell apart
  ])('%j → rows from %s; distinct whole numbers: %s', (numbers, from, distinct) => {
    expect(rowNumbersFrom(numbers, numbers.length)).toBe(from);
    expect(distinctWholeNumbers(numbers, numbers.length)).toBe(distinct);
  });
});

describe('sampleIdColumn: row numbers and numeric ids on parsed tables', () => {
  it('R’s write.csv (blank quoted header, "1" … "4"): “Column 1”; pandas’ to_csv (0 … 3): “Column 1”', () => {
    expect(sampleIdColumn(parse('"","a","b"\n"1",0.5,2\n"2",1.5,3\n"3",2.5,1\n"4",3.5,0\n'))).toBe('Column 1');
    expect(sampleIdColumn(parse(',a,b\n0,0.5,2\n1,1.5,3\n2,2.5,1\n3,3.5,0\n'))).toBe('Column 1');
  });
  it('a text id named like one wins over row numbers; a column of repeating whole numbers is none', () => {
    expect(sampleIdColumn(parse('n,MouseID,a\n1,m1,0.5\n2,m2,1.5\n3,m3,2.5\n'))).toBe('MouseID');
    expect(sampleIdColumn(parse('dose,a\n1,0.5\n2,1.5\n2,2.5\n'))).toBeNull();
  });
  it('the reason said for each kind, and none for a text id', () => {
    const rows = parse(',a\n0,0.5\n1,1.5\n2,2.5\n');
    expect(numericIdNote(rows, 'Column 1')).toBe('“Column 1” numbers the rows (0 … 2, as R and pandas write row names): it names the samples and is not a feature.');
    const ids = parse('Patient ID,a\n7,0.5\n12,1.5\n100,2.5\n');
    expect(numericIdNote(ids, 'Patient ID')).toBe('“Patient ID” holds a different whole number in every row: it names the samples and is not a feature.');
    expect(numericIdNote(parse(MICE), 'MouseID')).toBeNull();
    expect(numericIdNote(ids, null)).toBeNull();
  });
});

// Hand-checked: “Tube” is unique but not an id's name; “MouseID” has every value, all distinct (m1…m4);
// “Genotype” repeats. “Sample” has a repeat (s1 twice), “Name” a missing value.
const MICE = 'Tube,Genotype,MouseID,a,b\nT1,wt,m1,1,2\nT2,wt,m2,3,4\nT3,ts,m3,5,6\nT4,ts,m4,7,8\n';
const REPEATS = 'Sample,Name,a,b\ns1,x,1,2\ns1,,3,4\ns2,y,5,6\n';

describe('sampleIdColumn on a parsed table', () => {
  it('MouseID, not the first unique text column', () => {
    expect(sampleIdColumn(parse(MICE))).toBe('MouseID');
  });
  it('none when the id-named columns repeat or miss a value', () => {
    expect(sampleIdColumn(parse(REPEATS))).toBeNull();
  });
});

describe('skfr cluster and the app take the same sample id', () => {
  const request = (argv: string[]) => requestOf(planCluster(['data.csv', ...argv, '--k', '2', '--s', '1'])!);
  it('without --id-column: MouseID in both', () => {
    const table = parse(MICE);
    expect(resolveRequest(table, request([])).mapping.idColumn).toBe('MouseID');
    expect(proposedLayout(table).mapping.idColumn).toBe('MouseID');
    // The app's other text columns are annotations (the CLI's: only those named).
    expect(proposedLayout(table).mapping.annotationColumns).toEqual(['Tube', 'Genotype']);
  });
  it('--id-column wins; a column named as an annotation or class is not taken as the id', () => {
    const table = parse(MICE);
    expect(resolveRequest(table, request(['--id-column', 'Tube'])).mapping.idColumn).toBe('Tube');
    expect(resolveRequest(table, request(['--class-column', 'MouseID'])).mapping.idColumn).toBeNull();
  });
  it('--id-column none: rows numbered though MouseID would be taken (LayoutOptions.rowNumbers), and no column called “none” looked for', () => {
    const table = parse(MICE);
    const none = request(['--id-column', 'none']);
    expect(none.layout.rowNumbers).toBe(true);
    expect(none.mapping.idColumn).toBeNull();
    expect(resolveRequest(table, none).mapping.idColumn).toBeNull();
    expect('rowNumbers' in request(['--id-column', 'MouseID']).layout).toBe(false);
  });
  it('no id-named unique column: rows numbered in both', () => {
    const table = parse(REPEATS);
    expect(resolveRequest(table, request([])).mapping.idColumn).toBeNull();
    expect(proposedLayout(table).mapping.idColumn).toBeNull();
  });
});
