// Issue 15 item 4: big files in the desktop compute process.
// - CSV/TSV are read in chunks (the skfr command's reader): same table and SHA-256 as a whole read, the file's
//   bytes never whole in memory; a table whose numbers exceed the budget is refused naming size and limit.
// - Workbooks are checked against what SheetJS can hold before SheetJS reads them (size and limit named).
// - A file whose reading crashed the compute process is not re-opened automatically (faked crash).
// - The real compute host (child_process.fork of electron/compute-node.ts) opens a 300 MB generated CSV within
//   a fixed memory budget: its idle size + the numbers' Float64Array + the file's size, which a whole read (the
//   file beside its numbers) exceeds by itself. Peak RSS from /proc (Linux). Slow: runs when CI=true or
//   SKFR_BIG_TESTS=1 (SKFR_BIG_TEST_MB=1000 for 1 GB), skipped with the reason otherwise.
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { ErrorInfo } from '../../core/errors.js';
import { createPortPair } from '../../core/jobs/port.js';
import { serveJobs } from '../../core/jobs/host.js';
import { createSession } from '../../core/jobs/session.js';
import type { FileIO, JobResponse, OpenResult } from '../../core/jobs/types.js';
import { createComputeSupervisor, type ComputeProcess } from '../../electron/compute-supervisor.js';
import {
  checkXlsSize,
  checkXlsxSize,
  createNodeFileIO,
  MAX_XLS_BYTES,
  MAX_XLSX_UNPACKED_BYTES,
  nodeFileIO,
  tableAllocator,
} from '../../node/file-io.js';
import { forkCompute, miceCsv } from '../jobs/fork.js';

const dir = mkdtempSync(join(tmpdir(), 'skfr-big-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}
const errorOf = (r: JobResponse): ErrorInfo => {
  if (r.ok) throw new Error('expected an error');
  return r.error;
};

describe('CSV/TSV read in chunks by the compute FileIO', () => {
  it('gives the table and SHA-256 a whole read gives (mouse data), without reading the file whole', async () => {
    let wholeReads = 0;
    const chunkedIO: FileIO = { ...nodeFileIO, readFile: (p) => (wholeReads++, nodeFileIO.readFile(p)) };
    const chunked = ok(await createSession(chunkedIO).runJob({ type: 'open', source: { kind: 'path', path: miceCsv } }));
    expect(wholeReads).toBe(0);
    const whole = ok(await createSession().runJob({ type: 'open', source: { kind: 'bytes', fileName: 'mice_protein.csv', bytes: new Uint8Array(readFileSync(miceCsv)) } }));
    const strip = ({ datasetId: _id, ...rest }: OpenResult) => rest;
    expect(strip(chunked)).toEqual(strip(whole));
    expect(chunked.rowCount).toBe(1080);
  });

  it('reads it again in chunks for another header row, and as a sample table', async () => {
    const path = join(dir, 'titled.csv');
    writeFileSync(path, 'Exported by a machine\n\nid,a,b\ns1,1,2\ns2,3,4\n');
    const session = createSession(nodeFileIO);
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'path', path } }));
    expect(opened.columns.map((c) => c.name)).toEqual(['id', 'a', 'b']);
    const again = ok(await session.runJob({ type: 'sheet', datasetId: opened.datasetId, sheet: 'titled.csv', headerRow: 4 }));
    expect(again.columns.map((c) => c.name)).toEqual(['s1', '1', '2']);
    expect(again.sha256).toBe(opened.sha256);
    const design = ok(await session.runJob({ type: 'design', source: { kind: 'dataset', datasetId: opened.datasetId } }));
    expect(design.table.columns[0]?.name).toBe('id');
  });

  it('refuses a table whose numbers exceed the budget, naming the size and the limit', async () => {
    const path = join(dir, 'wide.csv');
    const header = ['id', ...Array.from({ length: 50 }, (_, j) => `p${j}`)].join(',');
    const rows = Array.from({ length: 400 }, (_, i) => [`s${i}`, ...Array.from({ length: 50 }, (_, j) => (i * j) % 97)].join(','));
    writeFileSync(path, `${header}\n${rows.join('\n')}\n`);
    const session = createSession(createNodeFileIO({ maxTableBytes: 64 * 1024 }));
    const error = errorOf(await session.runJob({ type: 'open', source: { kind: 'path', path } }));
    expect(error.code).toBe('unreadable-file');
    expect(error.message).toMatch(/^“wide\.csv” holds [\d,]+ cells, whose numbers need [\d.]+ KiB, more than the 64\.0 KiB the app sets aside for a table/);
    expect(() => tableAllocator('/x/t.csv', 800)(101)).toThrow('“t.csv” holds 101 cells, whose numbers need 808 bytes, more than the 800 bytes');
    expect(tableAllocator('/x/t.csv', 800)(100)).toHaveLength(100);
  });
});

describe('workbooks are checked against what SheetJS can hold, before it reads them', () => {
  const workbook = (bookType: 'xlsx' | 'biff8', rows: number) => {
    const aoa = [['id', 'a', 'b'], ...Array.from({ length: rows }, (_, i) => [`s${i}`, i, i * 2])];
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'data');
    return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType, compression: true }) as Buffer);
  };

  it('the limits: 512 MiB unpacked for .xlsx, 64 MiB for .xls', () => {
    expect(MAX_XLSX_UNPACKED_BYTES).toBe(512 * 1024 ** 2);
    expect(MAX_XLS_BYTES).toBe(64 * 1024 ** 2);
    expect(() => checkXlsSize('/d/old.xls', 70 * 1024 ** 2)).toThrow(
      '“old.xls” is an Excel 97-2003 workbook of 70.0 MiB, more than the 64.0 MiB the app\'s workbook reader can hold in memory; save the sheet you need as CSV',
    );
    expect(() => checkXlsSize('/d/old.xls', 64 * 1024 ** 2)).not.toThrow();
  });

  it('an .xlsx unpacking beyond the limit is refused from its ZIP directory, naming both sizes; a smaller one is read', async () => {
    const bytes = workbook('xlsx', 2000);
    const path = join(dir, 'book.xlsx');
    writeFileSync(path, bytes);
    expect(() => checkXlsxSize(path, bytes, 10 * 1024)).toThrow(/^“book\.xlsx” unpacks to [\d.]+ KiB of sheet data, more than the 10\.0 KiB the app's workbook reader can hold in memory; save the sheet you need as CSV/);
    const tight = createSession(createNodeFileIO({ workbooks: { xlsxUnpackedBytes: 10 * 1024 } }));
    const refused = errorOf(await tight.runJob({ type: 'open', source: { kind: 'path', path } }));
    expect(refused.code).toBe('unreadable-file');
    expect(refused.message).toContain('more than the 10.0 KiB');
    expect(ok(await createSession(nodeFileIO).runJob({ type: 'open', source: { kind: 'path', path } })).rowCount).toBe(2000);
  });

  it('an .xls over the limit is refused from its size; a smaller one is read', async () => {
    const path = join(dir, 'book.xls');
    writeFileSync(path, workbook('biff8', 500));
    const refused = errorOf(await createSession(createNodeFileIO({ workbooks: { xlsBytes: 1024 } })).runJob({ type: 'open', source: { kind: 'path', path } }));
    expect(refused.message).toMatch(/^“book\.xls” is an Excel 97-2003 workbook of [\d.]+ KiB, more than the 1\.0 KiB/);
    expect(ok(await createSession(nodeFileIO).runJob({ type: 'open', source: { kind: 'path', path } })).rowCount).toBe(500);
  });
});

/**
 * A compute "process" in memory: the real jobs session behind a port pair. Reading a path listed in `crashOn`
 * kills it (exit listeners called as for a signal death; nothing is answered any more).
 */
function fakeCompute(reads: string[], crashOn: Set<string>): ComputeProcess {
  const [client, host] = createPortPair();
  let dead = false;
  const exits: ((code: number | null) => void)[] = [];
  const die = () => {
    if (dead) return;
    dead = true;
    for (const l of exits) l(null);
  };
  const io: FileIO = {
    ...nodeFileIO,
    async openChunks(path) {
      reads.push(path);
      if (crashOn.has(path)) {
        die();
        return new Promise<never>(() => {}); // never answers: the process is gone
      }
      return nodeFileIO.openChunks!(path);
    },
  };
  serveJobs({ postMessage: (m) => (dead ? undefined : host.postMessage(m)), onMessage: host.onMessage }, createSession(io));
  return {
    port: { postMessage: (m) => (dead ? undefined : client.postMessage(m)), onMessage: client.onMessage },
    onExit: (listener) => void exits.push(listener),
    kill: die,
    pid: 1,
  };
}

describe('a file that crashed the compute process is not re-opened automatically', () => {
  it('the crash names the file; a dataset whose restoring re-open crashed is refused until opened by hand', async () => {
    const reads: string[] = [];
    const crashOn = new Set<string>();
    const spawned: ComputeProcess[] = [];
    const supervisor = createComputeSupervisor({ spawn: () => (spawned.push(fakeCompute(reads, crashOn)), spawned.at(-1)!) });
    const crashes: ErrorInfo[] = [];
    supervisor.onCrash((e) => crashes.push(e));
    const big = join(dir, 'big.csv');
    writeFileSync(big, 'id,a,b\ns1,1,2\ns2,3,5\ns3,4,4\n');

    // 1. Opening a file that kills the process: the job's answer and the crash notice name it.
    crashOn.add(big);
    const first = errorOf(await supervisor.run({ type: 'open', source: { kind: 'path', path: big } }).response);
    const named =
      'The computation stopped unexpectedly while reading “big.csv” (it was stopped by the system); it may be too large for the app\'s memory. ' +
      'SKFR Studio will not open it again by itself: open it again to retry, or analyse it with the skfr command.';
    expect(first).toEqual({ code: 'compute-crashed', message: named });
    expect(crashes.at(-1)?.message).toBe(named);

    // 2. The user opens it again by hand: allowed (it reads fine this time).
    crashOn.delete(big);
    const opened = ok(await supervisor.run({ type: 'open', source: { kind: 'path', path: big } }).response);

    // 3. A crash while no file is read (a fit, say): the plain notice, and the dataset is restored as before.
    spawned.at(-1)!.kill();
    expect(crashes.at(-1)?.message).toBe('The computation stopped unexpectedly (it was stopped by the system). Your data and settings are kept; run again.');
    const readsBefore = reads.length;
    expect(ok(await supervisor.run({ type: 'rows', datasetId: opened.datasetId, start: 0, count: 2 }).response).rows).toHaveLength(2);
    expect(reads.length).toBe(readsBefore + 1);

    // 4. Another plain crash, and this time the restoring re-open kills the process: it is named...
    spawned.at(-1)!.kill();
    crashOn.add(big);
    const restoring = errorOf(await supervisor.run({ type: 'rows', datasetId: opened.datasetId, start: 0, count: 2 }).response);
    expect(restoring).toEqual({ code: 'compute-crashed', message: named });
    expect(crashes.at(-1)?.message).toBe(named);

    // ...and never re-opened automatically again: requests naming the dataset are refused without reading.
    const afterCrash = reads.length;
    const refused = errorOf(await supervisor.run({ type: 'rows', datasetId: opened.datasetId, start: 0, count: 2 }).response);
    expect(refused).toEqual({
      code: 'unknown-dataset',
      message: '“big.csv” stopped the computation while it was being read, so SKFR Studio does not open it again by itself; open it again to retry.',
    });
    const mapping = { orientation: 'samples-as-rows' as const, idColumn: 'id', annotationColumns: [], featureColumns: null, filters: [] };
    expect(errorOf(await supervisor.run({ type: 'map', datasetId: opened.datasetId, mapping }).response).code).toBe('unknown-dataset');
    expect(ok(await supervisor.run({ type: 'close', datasetId: opened.datasetId }).response)).toEqual({ closed: true });
    expect(reads.length).toBe(afterCrash);

    // 5. Opened by hand once more (the file is fine again): a new dataset, served normally.
    crashOn.delete(big);
    const reopened = ok(await supervisor.run({ type: 'open', source: { kind: 'path', path: big } }).response);
    expect(reopened.datasetId).not.toBe(opened.datasetId);
    expect(reopened.rowCount).toBe(3);
    supervisor.dispose();
  });
});

/** Peak resident memory of a process so far (Linux: VmHWM of /proc/<pid>/status), in bytes; null elsewhere. */
function peakRss(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * A CSV of `rows` samples × `cols` proteins (numbers with 3 decimals, 7 bytes a cell with its comma), written in
 * blocks of about 4 MB. Returns its size in bytes.
 */
function writeBigCsv(path: string, rows: number, cols: number): number {
  const fd = openSync(path, 'w');
  let size = 0;
  try {
    const cells = Array.from({ length: 997 }, (_, i) => `,${(((i * 7919) % 90_000) / 1000 + 10).toFixed(3)}`); // ,10.000 … ,99.999
    size += writeSync(fd, `id,${Array.from({ length: cols }, (_, j) => `P${j + 1}`).join(',')}\n`);
    const parts: string[] = [];
    let length = 0;
    for (let i = 0; i < rows; i++) {
      parts.push(`S${i + 1}`);
      const shift = (i * 31) % cells.length;
      for (let j = 0; j < cols; j++) parts.push(cells[(shift + j * 17) % cells.length]!);
      parts.push('\n');
      length += 8 + 7 * cols;
      if (length > 4_000_000) {
        size += writeSync(fd, parts.join(''));
        parts.length = 0;
        length = 0;
      }
    }
    size += writeSync(fd, parts.join(''));
  } finally {
    closeSync(fd);
  }
  return size;
}

const bigTests = process.env.CI === 'true' || process.env.SKFR_BIG_TESTS === '1';
const linux = existsSync('/proc/self/status');
const bigSkip = !bigTests
  ? 'slow (a 300 MB file): runs when CI=true or SKFR_BIG_TESTS=1'
  : !linux
    ? 'peak memory is read from /proc (Linux only)'
    : null;
if (bigSkip) console.log(`[big-files] compute process on a 300 MB CSV skipped: ${bigSkip}`);

describe.skipIf(bigSkip !== null)('the compute process (child_process.fork) opens a 300 MB CSV within a fixed memory budget', () => {
  it('peak RSS below its idle size + the numbers’ buffer + the file’s size (what holding the file whole would take at least)', async () => {
    const path = join(dir, 'big.csv');
    // SKFR_BIG_TEST_MB=1000 for the 1 GB of the issue (about 2 minutes on 2 cores)
    const megabytes = Number(process.env.SKFR_BIG_TEST_MB ?? 300);
    const cols = 100;
    const rows = Math.round((megabytes * 1e6) / (8 + 7 * cols));
    const t0 = performance.now();
    const size = writeBigCsv(path, rows, cols);
    const writeMs = performance.now() - t0;
    expect(size).toBeGreaterThan(megabytes * 0.95e6);

    let child: ComputeProcess | null = null;
    const supervisor = createComputeSupervisor({ spawn: () => (child = forkCompute()) });
    try {
      // the process as it idles after start-up (its threads started), for the report
      const tiny = join(dir, 'tiny.csv');
      writeFileSync(tiny, 'id,a\ns1,1\n');
      ok(await supervisor.run({ type: 'open', source: { kind: 'path', path: tiny } }).response);
      const pid = child!.pid!;
      const idle = peakRss(pid)!;

      const t1 = performance.now();
      const opened = ok(await supervisor.run({ type: 'open', source: { kind: 'path', path } }).response);
      const openMs = performance.now() - t1;
      const peak = peakRss(pid)!;
      expect(opened.rowCount).toBe(rows);
      expect(opened.columns).toHaveLength(cols + 1);
      expect(opened.columns[1]).toMatchObject({ name: 'P1', kind: 'numeric' });

      const numbers = rows * (cols + 1) * 8; // the columns' one Float64Array
      const budget = idle + numbers + size;
      const mb = (n: number) => `${(n / 1024 ** 2).toFixed(0)} MiB`;
      console.log(
        `[big-files] ${mb(size)} CSV (${rows} × ${cols}) written in ${(writeMs / 1000).toFixed(1)} s, opened in ` +
          `${(openMs / 1000).toFixed(1)} s; compute process peak RSS ${mb(peak)} (idle ${mb(idle)}; numbers ${mb(numbers)}; budget ${mb(budget)})`,
      );
      expect(peak).toBeLessThan(budget);
    } finally {
      supervisor.dispose();
      rmSync(path, { force: true });
    }
  }, 300_000);
});
