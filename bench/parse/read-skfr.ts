/**
 * Child process of `npm run bench:parse` (compiled to dist/bench/parse/read-skfr.js): read one CSV the way
 * `skfr cluster` does (node/files.ts openInputChunks, core/table/stream.ts parseTableChunks into shared memory)
 * in a fresh process, so the times include V8's cold start as a CLI run's do. Prints one JSON line:
 * { totalMs, firstPassMs, secondPassMs, rows, numbers } (first pass: format, UTF-8 check, line count; second
 * pass: rows and numbers into the column buffer). Usage: node read-skfr.js FILE
 */
import { openInputChunks } from '../../node/files.js';
import { allocateSharedFloat64 } from '../../core/parallel/shared.js';
import { parseTableChunks } from '../../core/table/stream.js';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: read-skfr.js FILE');
const open = await openInputChunks(file);
let opened = 0;
let secondStart = 0;
const t0 = performance.now();
const table = await parseTableChunks(
  () => {
    if (opened++ === 1) secondStart = performance.now();
    return open();
  },
  file,
  { allocate: allocateSharedFloat64 },
);
const t1 = performance.now();
if (table === null) throw new Error(`${file}: not read by the chunked reader`);
let numbers = 0;
for (const column of table.columns) if (column.kind === 'numeric') numbers += table.rowCount;
process.stdout.write(JSON.stringify({ totalMs: t1 - t0, firstPassMs: secondStart - t0, secondPassMs: t1 - secondStart, rows: table.rowCount, numbers }) + '\n');
