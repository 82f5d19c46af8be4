import { describe, expect, it } from 'vitest';
import { parseArgv, parseWhere, parseWhole, readChoice, readInt, readList, type OptionSpec } from '../../cli/args.js';
import { parseSRange } from '../../cli/commands/cluster-options.js';
import { errorOf } from '../skfr-error.js';

const SPECS: OptionSpec[] = [
  { name: 'k', kind: 'value', placeholder: 'K', help: '' },
  { name: 'json', kind: 'flag', help: '' },
  { name: 'where', kind: 'repeat', placeholder: 'C=V', help: '' },
  { name: 'features', kind: 'value', help: '' },
];

describe('parseArgv', () => {
  it('reads positionals, --name value, --name=value, flags and repeats in order', () => {
    const parsed = parseArgv(['a.csv', '--k', '8', '--json', '--where=G=Control', '--where', 'G=Ts', '--', '--odd'], SPECS, 'skfr x');
    expect(parsed.positionals).toEqual(['a.csv', '--odd']);
    expect(parsed.values.get('k')).toBe('8');
    expect([...parsed.flags]).toEqual(['json']);
    expect(parsed.repeats.get('where')).toEqual(['G=Control', 'G=Ts']);
  });
  it('accepts a negative number as a value but not another option', () => {
    expect(parseArgv(['--k', '-3'], SPECS, 'skfr x').values.get('k')).toBe('-3');
    expect(errorOf(() => parseArgv(['--k', '--json'], SPECS, 'skfr x')).message).toBe('--k needs a value (K).');
    expect(errorOf(() => parseArgv(['--k'], SPECS, 'skfr x')).message).toBe('--k needs a value (K).');
  });
  it('rejects unknown options with a hint and values on flags; a repeated option keeps its last value', () => {
    const unknown = errorOf(() => parseArgv(['--feature', 'A'], SPECS, 'skfr x'));
    expect(unknown.code).toBe('invalid-option');
    expect(unknown.message).toContain('unknown option “--feature”');
    expect(unknown.message).toContain('--features');
    expect(errorOf(() => parseArgv(['-x'], SPECS, 'skfr x')).message).toContain('unknown option “-x”');
    expect(parseArgv(['--k', '2', '--k', '3'], SPECS, 'skfr x').values.get('k')).toBe('3'); // the last one counts
    expect(errorOf(() => parseArgv(['--json=yes'], SPECS, 'skfr x')).message).toBe('--json takes no value (got “yes”).');
  });
});

describe('value readers', () => {
  it('parseWhole accepts decimal integers only', () => {
    expect(parseWhole('24')).toBe(24);
    expect(parseWhole('-3')).toBe(-3);
    for (const bad of ['2.5', '1e3', '0x10', '', 'eight', '99999999999999999999']) expect(parseWhole(bad)).toBeNull();
  });
  it('readInt checks whole numbers and bounds with the given code', () => {
    const parsed = parseArgv(['--k', '1'], SPECS, 'skfr x');
    const e = errorOf(() => readInt(parsed, 'k', { min: 2, code: 'invalid-k', why: 'clusters' }));
    expect(e.code).toBe('invalid-k');
    expect(e.message).toBe('--k 1 is not possible: it must be at least 2 (clusters).');
    expect(errorOf(() => readInt(parseArgv(['--k', '2.5'], SPECS, 'x'), 'k')).message).toBe('--k must be a whole number, got “2.5”.');
    expect(readInt(parseArgv(['--k', '7'], SPECS, 'x'), 'k', { min: 2, max: 7 })).toBe(7);
    expect(readInt(parseArgv([], SPECS, 'x'), 'k')).toBeUndefined();
  });
  it('readChoice and readList', () => {
    expect(errorOf(() => readChoice(parseArgv(['--k', 'both'], SPECS, 'x'), 'k', ['global', 'local'])).message).toBe(
      '--k must be global or local, got “both”.',
    );
    expect(readList(parseArgv(['--features', ' A, B ,,C'], SPECS, 'x'), 'features')).toEqual(['A', 'B', 'C']);
    expect(errorOf(() => readList(parseArgv(['--features', ' , '], SPECS, 'x'), 'features')).message).toContain('at least one name');
  });
  it('parseSRange (--tune-s FROM:TO[:STEP])', () => {
    expect(parseSRange('5:30:5')).toEqual({ from: 5, to: 30, step: 5 });
    expect(parseSRange('2:4')).toEqual({ from: 2, to: 4, step: 1 });
    for (const bad of ['5', '5-30', 'a:b', '1:2:3:4', '1.5:3']) expect(errorOf(() => parseSRange(bad)).code).toBe('invalid-s');
    expect(errorOf(() => parseSRange('30:5')).message).toBe('--tune-s 30:5: FROM (30) must not exceed TO (5).');
    expect(errorOf(() => parseSRange('0:5')).message).toContain('FROM must be at least 1');
    expect(errorOf(() => parseSRange('1:5:0')).message).toContain('STEP must be at least 1');
  });
  it('parseWhere groups values by column (same column = OR) and splits at the first =', () => {
    expect(parseWhere(['Genotype=Control', 'Behavior=C/S', 'Genotype=Ts65Dn', 'Expr=a=b', 'Genotype=Control'])).toEqual([
      { column: 'Genotype', values: ['Control', 'Ts65Dn'] },
      { column: 'Behavior', values: ['C/S'] },
      { column: 'Expr', values: ['a=b'] },
    ]);
    expect(errorOf(() => parseWhere(['Genotype'])).message).toBe('--where must look like COLUMN=VALUE (e.g. Genotype=Control), got “Genotype”.');
    expect(errorOf(() => parseWhere(['=x'])).code).toBe('invalid-option');
  });
});
