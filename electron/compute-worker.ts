/**
 * The compute worker thread: runs the jobs session (parsing, fitting, exports) so the compute process's
 * main thread stays free to relay messages — above all cancels, which reach the engine's synchronous
 * loops through the port's pollSync (see core/jobs/host.ts).
 *
 * Fits and tunings run on a pool of engine threads (one per core, node/parallel/pool.ts; the same answer as
 * one thread for the same seed); this thread only prepares and assembles them, and stays free to receive
 * a cancel, which the pool passes to its threads through shared memory. The data rows of a large CSV/TSV
 * file are read on the same threads (node/file-io.ts `parallel`), as `skfr cluster` reads them. When it starts it
 * warms itself up on a lab-sized table (core/jobs/warm-up.ts), as the browser build's worker does at page load.
 */
import { parentPort } from 'node:worker_threads';
import { createWorkerPool } from '../node/parallel/pool.js';
import { serveJobs } from '../core/jobs/host.js';
import { createSession } from '../core/jobs/session.js';
import { warmUp } from '../core/jobs/warm-up.js';
import { createNodeFileIO } from '../node/file-io.js';
import { allocateSharedInt32 } from '../core/parallel/shared.js';
import type { ParallelReading } from '../core/table/stream.js';
import { messagePortAdapter } from './worker-port.js';
import { APP_VERSION } from './version.js';

if (!parentPort) throw new Error('compute-worker must run in a worker thread');
// Bundled: out/main/engine-worker.js beside this file; from sources (tests): electron/engine-worker.ts.
const engineEntry = import.meta.url.endsWith('.ts') ? 'engine-worker.ts' : 'engine-worker.js';
const engine = createWorkerPool({ workerUrl: new URL(engineEntry, import.meta.url) });
// A large CSV/TSV file's data rows are read on the same threads (issue 17; core/table/stream.ts), one job at a time.
const reading: ParallelReading = {
  readPieces: (spec, pieces, file) => engine.readPieces(spec, pieces, file),
  allocateRows: allocateSharedInt32,
};
const session = createSession(createNodeFileIO({ parallel: reading }), { version: APP_VERSION, idPrefix: `${process.pid}x${Date.now().toString(36)}`, engine });
serveJobs(messagePortAdapter(parentPort), session);
// Issue 27: a lab-sized table opened, mapped and fitted while the app waits for a file, so the user's first open
// runs compiled code (core/jobs/warm-up.ts; `npm run bench:warm-open` measures it in Node, as this worker is).
void warmUp((request) => session.runJob(request));
