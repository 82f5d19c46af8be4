/**
 * core/table/formats/value-kind.ts valueKind on hand-made columns: a column of only zeros has no kind ('empty'), so
 * a sample with nothing quantified stays among its family's samples (it was 'fraction', left out without a word).
 */
import { describe, expect, it } from 'vitest';
import { parseTable } from '../../../core/table/parse.js';
import { compatibleKinds, valueKind } from '../../../core/table/formats/value-kind.js';

const csv = 'protein,A1,A2,E1,F1\nP1,1200,3400,0,0.2\nP2,2200,5400,0,0.5\nP3,8100,1400,0,0.9\n';

describe('valueKind', () => {
  it('only zeros: empty, compatible with any kind; values in [0, 1]: fraction', () => {
    const table = parseTable(new TextEncoder().encode(csv), 'k.csv');
    const kind = (name: string) => valueKind(table.columns.find((c) => c.name === name)!);
    expect(kind('E1')).toBe('empty');
    expect(compatibleKinds(kind('A1'), kind('E1'))).toBe(true);
    expect(kind('F1')).toBe('fraction');
    expect(compatibleKinds(kind('A1'), kind('F1'))).toBe(false);
  });
});
