// Paged rows of an opened table (the preview grid's `rows` job): hand-checkable cells, bounds, a large table's
// last page, unknown dataset, bad counts rejected by the schema and by the session; and the restorer re-opens
// the dataset before a rows request in a fresh process.
import { describe, expect, it } from 'vitest';
import { createSession } from '../../core/jobs/session.js';
import { parseRequest } from '../../core/jobs/schema.js';
import { createRestorer } from '../../core/jobs/restore.js';
import { MAX_ROWS_PER_REQUEST } from '../../core/jobs/rows.js';
import type { JobResponse, OpenResult } from '../../core/jobs/types.js';

const encode = (text: string) => new TextEncoder().encode(text);

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}

async function openCsv(text: string, fileName = 't.csv') {
  const session = createSession();
  const opened: OpenResult = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName, bytes: encode(text) } }));
  return { session, opened };
}

describe('rows job', () => {
  // 5 rows; row 2 has a text cell in the numeric column x ("oops") and a missing y.
  const small = 'id,x,y\nA,1,10\nB,2.5,NA\nC,oops,30\nD,4,40\nE,5,\n';

  it('returns the asked page, cells as shown (numbers, text in a numeric column, missing as null)', async () => {
    const { session, opened } = await openCsv(small);
    const page = ok(await session.runJob({ type: 'rows', datasetId: opened.datasetId, start: 1, count: 3 }));
    expect(page).toEqual({
      datasetId: opened.datasetId,
      start: 1,
      rowCount: 5,
      rows: [
        ['B', 2.5, null],
        ['C', 'oops', 30],
        ['D', 4, 40],
      ],
    });
    // The same cells as the preview of the open result.
    const all = ok(await session.runJob({ type: 'rows', datasetId: opened.datasetId, start: 0, count: 5 }));
    expect(all.rows).toEqual(opened.preview);
  });

  it('cuts a page at the last row; start = rowCount gives an empty page; start past it is refused', async () => {
    const { session, opened } = await openCsv(small);
    const id = opened.datasetId;
    expect(ok(await session.runJob({ type: 'rows', datasetId: id, start: 4, count: 10 })).rows).toEqual([['E', 5, null]]);
    expect(ok(await session.runJob({ type: 'rows', datasetId: id, start: 5, count: 10 })).rows).toEqual([]);
    const past = await session.runJob({ type: 'rows', datasetId: id, start: 6, count: 1 });
    expect(past.ok).toBe(false);
    if (!past.ok) {
      expect(past.error.code).toBe('invalid-request');
      expect(past.error.message).toContain('start = 6');
      expect(past.error.message).toContain('between 0 and 5');
    }
  });

  it('serves the last page of a 100 000-row table in a few milliseconds', async () => {
    const n = 100_000;
    const lines = ['sample,a,b'];
    for (let i = 0; i < n; i++) lines.push(`S${i + 1},${i},${i % 3 === 0 ? 'NA' : i / 2}`);
    const { session, opened } = await openCsv(`${lines.join('\n')}\n`);
    expect(opened.rowCount).toBe(n);
    const page = ok(await session.runJob({ type: 'rows', datasetId: opened.datasetId, start: n - 40, count: 1000 }));
    expect(page.rows).toHaveLength(40);
    // Row i holds S(i+1), i and i/2, NA when i is a multiple of 3 (99 960 and 99 999 are).
    expect(page.rows[0]).toEqual([`S${n - 39}`, n - 40, null]);
    expect(page.rows[38]).toEqual([`S${n - 1}`, n - 2, (n - 2) / 2]);
    expect(page.rows[39]).toEqual([`S${n}`, n - 1, null]);
  });

  it('answers an unknown dataset with unknown-dataset, and after close too', async () => {
    const { session, opened } = await openCsv(small);
    const unknown = await session.runJob({ type: 'rows', datasetId: 'nope', start: 0, count: 1 });
    expect(unknown.ok ? 'ok' : unknown.error.code).toBe('unknown-dataset');
    ok(await session.runJob({ type: 'close', datasetId: opened.datasetId }));
    const closed = await session.runJob({ type: 'rows', datasetId: opened.datasetId, start: 0, count: 1 });
    expect(closed.ok ? 'ok' : closed.error.code).toBe('unknown-dataset');
  });

  it('rejects bad starts and counts at the schema, naming the field and the allowed range', () => {
    const base = { type: 'rows', datasetId: 'd1' };
    expect(parseRequest({ ...base, start: 0, count: MAX_ROWS_PER_REQUEST })).toEqual({ ...base, start: 0, count: 1000 });
    const cases: [Record<string, unknown>, string][] = [
      [{ start: 0, count: 0 }, 'count = 0'],
      [{ start: 0, count: 1001 }, 'count = 1001'],
      [{ start: 0, count: 2.5 }, 'count = 2.5'],
      [{ start: -1, count: 10 }, 'start = -1'],
      [{ start: '0', count: 10 }, 'start = "0"'],
      [{ start: 0 }, 'count = missing'],
      [{ start: 0, count: 10, extra: true }, 'unknown field(s) "extra"'],
    ];
    for (const [fields, quoted] of cases) {
      expect(() => parseRequest({ ...base, ...fields }), JSON.stringify(fields)).toThrow(quoted);
    }
    expect(() => parseRequest({ ...base, start: 0, count: 1001 })).toThrow('must be 1 to 1000');
  });

  it('refuses bad counts in the session as well (a request that skipped the schema)', async () => {
    const { session, opened } = await openCsv(small);
    for (const count of [0, 1001, 1.5]) {
      const r = await session.runJob({ type: 'rows', datasetId: opened.datasetId, start: 0, count });
      expect(r.ok ? 'ok' : r.error.message).toContain(`count = ${count}`);
    }
  });
});

describe('restorer and rows', () => {
  it('re-opens a dataset lost with its process before a rows request, and nothing while it is live', () => {
    const restorer = createRestorer();
    const open = { type: 'open' as const, source: { kind: 'example' as const, design: 'sparse' as const, seed: 1 } };
    restorer.record(open, { ok: true, type: 'open', result: { datasetId: 'd7', sheet: 'example' } as OpenResult });
    const rows = { type: 'rows' as const, datasetId: 'd7', start: 0, count: 10 };
    expect(restorer.prerequisites(rows)).toEqual([]);
    restorer.processLost();
    expect(restorer.prerequisites(rows)).toEqual([{ type: 'open', source: open.source, sheet: 'example', datasetId: 'd7' }]);
  });
});
