/**
 * The desktop app's compute process reads a large CSV/TSV file's data rows on its engine threads (issue 17,
 * electron/compute-worker.ts → node/file-io.ts `parallel` → core/jobs/datasets.ts): the same Dataset (table
 * values bit for bit, names, SHA-256, size) as the one-thread read, with pieces actually handed to the threads
 * (tiny pieces and no size threshold here, so a small file is cut in many places), and the mouse file too.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDataset, type Dataset } from '../../core/jobs/datasets.js';
import { allocateSharedInt32 } from '../../core/parallel/shared.js';
import type { ParallelReading } from '../../core/table/stream.js';
import { createNodeFileIO } from '../../node/file-io.js';
import { createWorkerPool } from '../../node/parallel/pool.js';
import { micePath } from '../cli/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'skfr-parallel-open-'));
const pool = createWorkerPool({ workers: 2, threadForOne: true });
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

let pieces = 0;
const reading: ParallelReading = {
  readPieces: async (spec, parts, file) => {
    const results = await pool.readPieces(spec, parts, file);
    pieces += results.length;
    return results;
  },
  allocateRows: allocateSharedInt32,
  minBytes: 1,
  pieceBytes: 512,
};
const oneThread = createNodeFileIO();
const threads = createNodeFileIO({ parallel: reading });

/** What a Dataset holds that the user sees or the fit reads: numbers by their bits. */
function plain(d: Dataset): unknown {
  return {
    fileName: d.fileName,
    sha256: d.sha256,
    size: d.size,
    shared: d.table.columns.some((c) => c.numbers !== null && c.numbers.buffer instanceof SharedArrayBuffer),
    table: {
      ...d.table,
      sourceRows: Array.from(d.table.sourceRows ?? []),
      columns: d.table.columns.map((c) => ({ ...c, numbers: c.numbers === null ? null : Array.from(new Uint32Array(c.numbers.slice().buffer)) })),
    },
  };
}

async function both(path: string): Promise<[unknown, unknown]> {
  pieces = 0;
  const a = plain(await loadDataset('a', { kind: 'path', path }, {}, oneThread));
  const b = plain(await loadDataset('a', { kind: 'path', path }, {}, threads));
  return [a, b];
}

describe("the compute process's file reading on its engine threads", () => {
  it('gives the one-thread Dataset on a generated file with title row, gaps, missing cells and 17-digit numbers', async () => {
    const rows = ['Results of run 7', 'id,class,A,B,C,D'];
    for (let i = 0; i < 400; i++) {
      const cells = [`s${i}`, i % 3 === 0 ? 'x' : 'y', String(Math.sin(i) * 1e3), i % 17 === 0 ? '' : (i / 7).toFixed(4), i % 29 === 0 ? 'NA' : String(-i * 0.1), `${i}e-3`];
      rows.push(cells.join(','));
      if (i % 97 === 0) rows.push('');
    }
    const path = join(dir, 'gen.csv');
    writeFileSync(path, rows.join('\r\n') + '\r\n');
    const [a, b] = await both(path);
    expect(pieces).toBeGreaterThan(3);
    expect({ ...(b as object), shared: false }).toEqual({ ...(a as object), shared: false });
    expect((b as { shared: boolean }).shared).toBe(true); // the threads wrote into shared memory
  }, 300_000);

  it('gives the one-thread Dataset on the mouse file', async () => {
    const [a, b] = await both(micePath);
    expect(pieces).toBeGreaterThan(3);
    expect({ ...(b as object), shared: false }).toEqual({ ...(a as object), shared: false });
  }, 300_000);
});
