/**
 * The sample id of a table with one sample per row (core/request/sample-id.ts), and that `skfr cluster`'s request
 * (resolveRequest) and the app's opening (proposedLayout) take the same one: a unique text column named like an id.
 */
import { describe, expect, it } from 'vitest';
import { proposedLayout } from '../../core/jobs/datasets.js';
import { resolveRequest } from '../../core/request/resolve.js';
import { idColumnOf, isIdName, sampleIdColumn } from '../../core/request/sample-id.js';
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
