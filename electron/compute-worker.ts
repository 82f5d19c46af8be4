/**
 * The compute worker thread: runs the jobs session (parsing, fitting, exports) so the compute process's
 * main thread stays free to relay messages — above all cancels, which reach the engine's synchronous
 * loops through the port's pollSync (see core/jobs/host.ts).
 */
import { parentPort } from 'node:worker_threads';
import { serveJobs } from '../core/jobs/host.js';
import { createSession } from '../core/jobs/session.js';
import { nodeFileIO } from './node-io.js';
import { messagePortAdapter } from './worker-port.js';
import { APP_VERSION } from './version.js';

if (!parentPort) throw new Error('compute-worker must run in a worker thread');
serveJobs(messagePortAdapter(parentPort), createSession(nodeFileIO, { version: APP_VERSION, idPrefix: `${process.pid}x${Date.now().toString(36)}` }));
