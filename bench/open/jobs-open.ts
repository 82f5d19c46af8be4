/**
 * One open as the app's hosts do it, for `npm run bench:open-profile` to profile in a process of its own: the jobs
 * session (core/jobs, what the browser worker and the desktop compute process run) opens FILE — as bytes (the
 * browser worker: a dropped file's bytes) or by path through the Node FileIO (the compute process) — and maps it
 * with the proposed mapping and recipe: from bytes to the prepared matrix. Prints {"openMs", "mapMs"} as JSON.
 *
 * Usage: node dist/bench/open/jobs-open.js FILE bytes|path
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const [file, how] = process.argv.slice(2);
if (file === undefined || (how !== 'bytes' && how !== 'path')) throw new Error('usage: jobs-open.js FILE bytes|path');
const t0 = performance.now();
const { createSession } = await import('../../core/jobs/session.js');
const io = how === 'path' ? (await import('../../node/file-io.js')).nodeFileIO : undefined;
const session = createSession(io);
const t1 = performance.now();
const source = how === 'bytes' ? ({ kind: 'bytes', fileName: basename(file), bytes: new Uint8Array(readFileSync(file)) } as const) : ({ kind: 'path', path: file } as const);
const opened = await session.runJob({ type: 'open', source });
if (!opened.ok) throw new Error(opened.error.message);
const t2 = performance.now();
const { mapping, recipe } = opened.result.layout;
const mapped = await session.runJob({ type: 'map', datasetId: opened.result.datasetId, mapping, recipe });
if (!mapped.ok) throw new Error(mapped.error.message);
const t3 = performance.now();
process.stdout.write(JSON.stringify({ loadMs: t1 - t0, openMs: t2 - t1, mapMs: t3 - t2, n: mapped.result.n, p: mapped.result.p }) + '\n');
