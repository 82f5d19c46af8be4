/**
 * Entry of `npm run bench:gap-paths` (compiled to dist/bench/gap-paths.js): the gap statistic's warm-started s
 * path against fresh fits at every s, on the mouse data (1080 × 77, k = 8, s = 1..77, 3 restarts — what a tuning
 * runs per data set — seed 1, the defaults otherwise: standardised, k-POD). Warm: restart r walks s ascending,
 * each s started from r's partition at the previous s (runRestartPath, what tuneSparsity does). Fresh: at every
 * s, restart r starts from its own k-means++ seeding (runRestart on prepareFit at that s, what `fit` does).
 * Prints the iterations (all restarts, all s) and seconds of each, and how the best objective of the 3 restarts
 * at each s compares (relative difference (fresh − warm) / fresh: positive = the warm path is lower).
 *
 * Flags: --k K (default 8), --restarts R (default 3), --seed N (default 1), --s-max S (default: all proteins).
 */
import { loadavg } from 'node:os';
import { loadMice } from './lib/mice.js';
import { parseFlags } from './lib/args.js';
import { fixed, renderTable } from './lib/table.js';
import { mean, median, range } from './lib/stats.js';
import { prepareFit, runRestart, runRestartPath } from '../core/engine/index.js';

const flags = parseFlags(process.argv.slice(2), { k: 'number', restarts: 'number', seed: 'number', 's-max': 'number' });
const print = (text: string) => process.stdout.write(text + '\n');
const data = loadMice();
const k = (flags.k as number | undefined) ?? 8;
const restarts = (flags.restarts as number | undefined) ?? 3;
const seed = (flags.seed as number | undefined) ?? 1;
const sMax = Math.min((flags['s-max'] as number | undefined) ?? data.X.cols, data.X.cols);
const sValues = Array.from({ length: sMax }, (_, t) => t + 1);

// Warm-started paths: one prepared fit, each restart walks every s.
const warmObjective = sValues.map(() => new Float64Array(restarts));
let warmIterations = 0;
let t0 = performance.now();
const warmPrep = prepareFit(data.X, { k, s: sValues[0]!, restarts, seed });
for (let r = 0; r < restarts; r++) {
  runRestartPath(warmPrep, r, sValues, (t, result) => {
    warmObjective[t]![r] = result.objective;
    warmIterations += result.iterations;
  });
}
const warmSeconds = (performance.now() - t0) / 1000;

// Fresh fits: every s on its own, every restart from its k-means++ seeding.
const freshObjective = sValues.map(() => new Float64Array(restarts));
let freshIterations = 0;
t0 = performance.now();
sValues.forEach((s, t) => {
  const prep = prepareFit(data.X, { k, s, restarts, seed });
  for (let r = 0; r < restarts; r++) {
    const result = runRestart(prep, r);
    freshObjective[t]![r] = result.objective;
    freshIterations += result.iterations;
  }
});
const freshSeconds = (performance.now() - t0) / 1000;

const best = (values: Float64Array) => Math.min(...values);
const relative = sValues.map((_, t) => (best(freshObjective[t]!) - best(warmObjective[t]!)) / best(freshObjective[t]!));
const perRestart = sValues.flatMap((_, t) => Array.from(warmObjective[t]!, (w, r) => (freshObjective[t]![r]! - w) / freshObjective[t]![r]!));
const percent = (x: number) => `${fixed(100 * x, 2)} %`;

print(`# Gap paths: warm-started vs fresh fits — mouse data ${data.X.rows} × ${data.X.cols}, k = ${k}, s = 1..${sMax}, ${restarts} restarts, seed ${seed} (load average ${loadavg()[0]!.toFixed(2)})`);
print('');
print(
  renderTable(
    ['procedure', 'iterations (all restarts, all s)', 'seconds'],
    [
      ['warm-started path (tuneSparsity)', String(warmIterations), fixed(warmSeconds, 2)],
      ['fresh fit at every s', String(freshIterations), fixed(freshSeconds, 2)],
    ],
    'plain',
  ),
);
print('');
print(`fresh / warm iterations: ${fixed(freshIterations / warmIterations, 2)}×`);
const [lo, hi] = range(relative);
print(
  `best objective of the ${restarts} restarts, (fresh − warm) / fresh over the ${sMax} s values: mean ${percent(mean(relative))}, ` +
    `median ${percent(median(relative))}, range ${percent(lo)} … ${percent(hi)}; warm lower at ${relative.filter((x) => x > 0).length}, ` +
    `equal at ${relative.filter((x) => x === 0).length}, higher at ${relative.filter((x) => x < 0).length} of ${sMax} s values`,
);
print(`per restart, (fresh − warm) / fresh over every (s, restart): mean ${percent(mean(perRestart))}`);
