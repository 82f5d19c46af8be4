/**
 * One cold read for bench/cold-read.ts: in this fresh process, the reader of `skfr cluster` (core/table/stream.ts
 * on node/files.ts chunks, one thread, row by row into shared memory) of FILE from the build at DIST (its
 * dist/ folder's parent); prints {"wall": ms, "cpu": ms, "again": ms} of the read alone (modules loaded before), and
 * the wall time of the same read done again in this process (the reader compiled and warm, as in the app's compute
 * worker and browser worker after their warm-up, and as read_csv is timed over runs in one process), or null for a
 * file the chunked reader does not take.
 *
 * Usage: node dist/bench/open/cold-read-one.js REPO FILE
 */
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [repo, file] = process.argv.slice(2) as [string, string];
const at = (path: string) => pathToFileURL(join(repo, 'dist', path)).href;
const { parseTableChunks } = (await import(at('core/table/stream.js'))) as typeof import('../../core/table/stream.js');
const { openInputChunks } = (await import(at('node/files.js'))) as typeof import('../../node/files.js');
const { allocateSharedFloat64 } = (await import(at('core/parallel/shared.js'))) as typeof import('../../core/parallel/shared.js');
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const table = await parseTableChunks(await openInputChunks(file), basename(file), { allocate: allocateSharedFloat64, rowMajor: true });
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const t1 = performance.now();
await parseTableChunks(await openInputChunks(file), basename(file), { allocate: allocateSharedFloat64, rowMajor: true });
const again = performance.now() - t1;
// (null: a file the chunked reader leaves to the whole-file one, e.g. a GCT)
process.stdout.write(JSON.stringify(table === null ? null : { wall, cpu: (cpu.user + cpu.system) / 1000, again }) + '\n');
