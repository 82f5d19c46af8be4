/**
 * Child process of `npm run bench:kernels` (compiled to dist/bench/kernels/read-table.js): read one CSV/TSV file
 * the way `skfr cluster` reads it (cli/commands/cluster.ts readTable): chunked when the chunked reader takes it
 * (node/files.ts openInputChunks, node/parallel/read.ts readTableChunks), else whole (core/table/parse.ts
 * parseTable: a lab table with text columns). Prints one JSON line: { totalMs, cpuMs, rows, numbers, chunked }.
 * Usage: node [--no-expose-wasm] read-table.js FILE
 */
import { allocateSharedFloat64 } from '../../core/parallel/shared.js';
import { parseTable } from '../../core/table/parse.js';
import { withFile } from '../../core/table/stream.js';
import type { Table } from '../../core/table/types.js';
import { openInputChunks, readInputFile } from '../../node/files.js';
import { readTableChunks } from '../../node/parallel/read.js';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: read-table.js FILE');
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const open = await openInputChunks(file);
let table: Table | null = await readTableChunks(withFile((into) => open(into), open), file, { allocate: allocateSharedFloat64, rowMajor: true }, {});
const chunked = table !== null;
if (table === null) table = parseTable(await readInputFile(file), file, { allocate: allocateSharedFloat64 });
const t1 = performance.now();
const cpu = process.cpuUsage(cpu0);
let numbers = 0;
for (const column of table.columns) if (column.kind === 'numeric') numbers += table.rowCount;
process.stdout.write(JSON.stringify({ totalMs: t1 - t0, cpuMs: (cpu.user + cpu.system) / 1000, rows: table.rowCount, numbers, chunked }) + '\n');
