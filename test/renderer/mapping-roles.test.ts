/**
 * Issue 27: the column mapper looks roles up in sets made once per mapping (roleLookup) instead of a list's
 * `includes` per column; on hand-made mappings it gives what roleOf gives, column by column, and featureList the
 * same features in the table's order.
 */
import { describe, expect, it } from 'vitest';
import type { ColumnSummary } from '../../core/table/types';
import { featureList, roleLookup, roleOf } from '../../renderer/src/lib/mapping';
import { columnSummary as col, rowsMapping } from './fixtures';

const columns: ColumnSummary[] = [col('MouseID', 'text'), col('class', 'text'), col('BDNF_N', 'numeric'), col('ELK_N', 'numeric'), col('pERK_N', 'numeric'), col('note', 'text')];

describe('roleLookup', () => {
  const mappings = [
    rowsMapping({ idColumn: 'MouseID', annotationColumns: ['class'], featureColumns: null }),
    rowsMapping({ idColumn: 'MouseID', annotationColumns: ['class', 'ELK_N'], featureColumns: ['pERK_N', 'BDNF_N', 'ELK_N'] }),
    rowsMapping({ idColumn: 'BDNF_N', annotationColumns: [], featureColumns: ['BDNF_N', 'pERK_N'] }),
    rowsMapping({ idColumn: null, annotationColumns: ['note'], featureColumns: [] }),
  ];

  it('gives roleOf for every column of every mapping', () => {
    for (const m of mappings) {
      const role = roleLookup(m);
      expect(columns.map((c) => role(c))).toEqual(columns.map((c) => roleOf(m, c)));
    }
  });

  it('featureList: the features in the table order (id and annotations first take their column)', () => {
    expect(featureList(mappings[0]!, columns)).toEqual(['BDNF_N', 'ELK_N', 'pERK_N']);
    expect(featureList(mappings[1]!, columns)).toEqual(['BDNF_N', 'pERK_N']);
    expect(featureList(mappings[2]!, columns)).toEqual(['pERK_N']);
    expect(featureList(mappings[3]!, columns)).toEqual([]);
  });
});
