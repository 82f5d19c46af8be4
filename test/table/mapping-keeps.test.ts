/**
 * Issue 26, memory: what the mapped data keep alive. applyMapping promises that once it returns, nothing of the
 * table is referenced by its result (so `skfr cluster` may drop the table, and with it the reader's n-long line
 * numbers, `sourceRows`: 80 MB at 20 million rows). The lazy row-number ids of a table without an id column used
 * to be a closure made inside applyMapping, sharing its scope — the table included — and kept the whole parsed
 * table for as long as the ids lived (the whole run). Checked by a WeakRef and a full collection: the table must
 * go while the mapped data stay.
 */
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../cli/memory.js';
import { applyMapping } from '../../core/table/mapping.js';
import { parseTable } from '../../core/table/parse.js';
import type { MappedData } from '../../core/table/types.js';

const enc = (text: string) => new TextEncoder().encode(text);

/** Map a fresh table with `idColumn`; return the result and a weak reference to the table (nothing else holds it). */
function mapFresh(idColumn: string | null): { mapped: MappedData; table: WeakRef<object> } {
  const table = parseTable(enc('id,x,y\na,1,2\nb,3,4\nc,5,6\n'), 'data.csv', { textColumns: ['id'] });
  expect(table.sourceRows).toBeInstanceOf(Int32Array);
  const mapped = applyMapping(table, { orientation: 'samples-as-rows', idColumn, annotationColumns: [], featureColumns: ['x', 'y'], filters: [] });
  return { mapped, table: new WeakRef(table) };
}

/** A full collection after the current job (a WeakRef's target is kept until the job that made it ends). */
async function collected(ref: WeakRef<object>): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  collectGarbage();
  return ref.deref() === undefined;
}

/** A one-column table of n rows, read and mapped here: nothing but the result outlives this function. */
function mapColumn(n: number): MappedData {
  const table = parseTable(enc('x\n' + Array.from({ length: n }, (_, i) => String(i % 7)).join('\n') + '\n'), 'data.csv');
  return applyMapping(table, { orientation: 'samples-as-rows', idColumn: null, annotationColumns: [], featureColumns: ['x'], filters: [] });
}

/** Two full collections, each after the current job. */
async function settle(): Promise<void> {
  for (let round = 0; round < 2; round++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
  }
}

describe('the mapped data do not keep the table', () => {
  it('with row numbers as ids (lazy): the table is collected, the ids still read', async () => {
    const { mapped, table } = mapFresh(null);
    expect(await collected(table)).toBe(true);
    expect([...mapped.sampleIds]).toEqual(['1', '2', '3']);
    expect(Array.from(mapped.matrix.data)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('with an id column: the table is collected, the ids as written', async () => {
    const { mapped, table } = mapFresh('id');
    expect(await collected(table)).toBe(true);
    expect(mapped.sampleIds).toEqual(['a', 'b', 'c']);
  });

  it('every row kept: no n-long row index array stays beside the matrix (rowIndices null, the ids hold none)', async () => {
    // (4 bytes a row: 4 MB at a million rows, which the lazy ids' closure kept when it shared a scope with the rows)
    const n = 1_000_000;
    await settle();
    const before = process.memoryUsage().arrayBuffers;
    const mapped = mapColumn(n);
    await settle();
    const held = process.memoryUsage().arrayBuffers - before - mapped.matrix.data.buffer.byteLength;
    expect(mapped.rowIndices).toBeNull();
    expect(held).toBeLessThan(n);
    expect([mapped.sampleIds[0], mapped.sampleIds[n - 1]]).toEqual(['1', String(n)]);
  });

  it('the check can fail: a table still referenced is not collected', async () => {
    const { mapped, table } = mapFresh(null);
    const held = table.deref();
    expect(await collected(table)).toBe(false);
    expect([held !== undefined, mapped.sampleIds.length]).toEqual([true, 3]);
  });
});
