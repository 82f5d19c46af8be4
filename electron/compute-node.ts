/**
 * The compute host as a plain Node child process (child_process.fork with `serialization: 'advanced'`):
 * the very same relay + worker as the Electron utility process, over process.send / 'message'.
 * Tests fork it with `execArgv: ['--import', 'tsx']`.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startComputeRelay } from './compute-relay.js';
import { childProcessPort } from './worker-port.js';

const here = fileURLToPath(import.meta.url);
const ext = here.endsWith('.ts') ? '.ts' : '.js';
startComputeRelay(childProcessPort(), join(dirname(here), `compute-worker${ext}`));
process.on('disconnect', () => process.exit(0));
