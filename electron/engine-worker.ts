/**
 * Entry of one engine worker thread of the compute process's pool (bundled to out/main/engine-worker.js):
 * the same worker as the CLI's (node/parallel/worker.ts), which runs restarts and gap permutations.
 */
import '../node/parallel/worker.js';
