/**
 * Child process of `npm run bench:parse` (compiled to dist/bench/parse/read-skfr.js): read one CSV the way
 * `skfr cluster` does (node/files.ts openInputChunks, node/parallel/read.ts readTableChunks: chunked, into
 * shared memory, the numbers kept row by row, a large file's data rows on worker threads) in a fresh process, so the times include V8's
 * cold start as a CLI run's do. Prints one JSON line: { totalMs, firstPassMs, secondPassMs, cpuMs, rows,
 * numbers } (first pass: format, UTF-8 check, line count; second pass: rows and numbers into the column
 * buffer; cpuMs: CPU time of the process, every thread, during the read). Usage: node read-skfr.js FILE [WORKERS]
 */
import { openInputChunks } from '../../node/files.js';
import { allocateSharedFloat64 } from '../../core/parallel/shared.js';
import { readTableChunks } from '../../node/parallel/read.js';
import { withFile } from '../../core/table/stream.js';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: read-skfr.js FILE [WORKERS]');
const workers = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const open = await openInputChunks(file);
let opened = 0;
let secondStart = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const table = await readTableChunks(
  withFile((into) => {
    if (opened++ === 1) secondStart = performance.now();
    return open(into);
  }, open),
  file,
  { allocate: allocateSharedFloat64, rowMajor: true },
  { workers },
);
const t1 = performance.now();
const cpu = process.cpuUsage(cpu0);
if (table === null) throw new Error(`${file}: not read by the chunked reader`);
let numbers = 0;
for (const column of table.columns) if (column.kind === 'numeric') numbers += table.rowCount;
process.stdout.write(
  JSON.stringify({ totalMs: t1 - t0, firstPassMs: secondStart - t0, secondPassMs: t1 - secondStart, cpuMs: (cpu.user + cpu.system) / 1000, rows: table.rowCount, numbers }) + '\n',
);
