/**
 * A fit with samples × features × restarts below this runs in the calling thread rather than on a pool's threads:
 * `skfr cluster` without --workers (cli/commands/cluster-options.ts poolOptionsFor) and the browser build's engine
 * pool (renderer/src/bridge/engine-pool.ts, issue 27). Same seed, same result wherever a fit runs.
 * Starting threads cold costs more than they save, and each thread holds ~15 MB of its own. Measured on
 * 2 cores (built CLI, k = 10, s = 10; fit seconds in-thread vs on 2 new threads): mouse 1080 × 77 × 20
 * (1.7·10⁶) 0.31 vs 0.49; 10 000 × 200 × 10 (2·10⁷) 0.64 vs 0.60, for 90 vs 120 MB at peak;
 * 20 000 × 200 × 10 (4·10⁷) 1.33 vs 1.08; 10 000 × 500 × 10 (5·10⁷) 1.13 vs 0.88. Below 3·10⁷ the threads
 * save at most ~0.1 s and cost a third of the peak memory. Tuning (--tune-s) is always big enough for them.
 */
export const SMALL_FIT_CELLS = 30_000_000;
