/**
 * Entry of `npm run bench:warm` (compiled to dist/bench/warm-start.js): the live exploration's warm start
 * (core/engine/warm.ts) against the full fit on the mouse data (1080 × 77, SKFR1, k = 8, 20 restarts, seed 1),
 * along a walk of s as a slider makes it (24 → 25 … 35, 40, 50, 77, back down to 1, then 24), each warm fit
 * starting from the previous warm fit's partition, as the app's previews do. Per step: the warm fit's time and
 * iterations, the full fit's time, the objectives' relative difference (warm / full − 1) and the ARI between the
 * two partitions; then the medians. In one thread, in this process (times are this machine's).
 *
 * Flags: --markdown.
 */
import { loadavg } from 'node:os';
import { adjustedRandIndex, fitPrepared, prepareFit, warmFit } from '../core/engine/index.js';
import type { FitResult } from '../core/engine/types.js';
import { parseFlags } from './lib/args.js';
import { loadMice } from './lib/mice.js';
import { median, range } from './lib/stats.js';
import { fixed, renderTable } from './lib/table.js';

const flags = parseFlags(process.argv.slice(2), { markdown: 'boolean' });
const style = flags.markdown === true ? 'markdown' : 'plain';
const print = (text: string) => process.stdout.write(text + '\n');

const WALK = [25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 40, 50, 77, 60, 40, 30, 20, 15, 10, 5, 3, 1, 2, 5, 24];

const mice = loadMice();
const prep = prepareFit(mice.X, { k: 8, s: 24, restarts: 20, seed: 1 });
let shown: FitResult = fitPrepared(prep, 24);
const rows: string[][] = [];
const warmMs: number[] = [];
const fullMs: number[] = [];
const gaps: number[] = [];
const aris: number[] = [];
for (const s of WALK) {
  let t = performance.now();
  const warm = warmFit(prep, shown, { s, k: 8 });
  const w = performance.now() - t;
  t = performance.now();
  const full = fitPrepared(prep, s);
  const f = performance.now() - t;
  const gap = warm.objective / full.objective - 1;
  const ari = adjustedRandIndex(warm.labels, full.labels);
  rows.push([String(shown.options.s), String(s), fixed(w, 1), String(warm.iterations), fixed(f, 1), `${fixed(100 * gap, 2)}%`, fixed(ari, 3)]);
  warmMs.push(w);
  fullMs.push(f);
  gaps.push(gap);
  aris.push(ari);
  shown = warm;
}
print(`Mouse data, SKFR1 k = 8, 20 restarts, seed 1; warm = one restart from the partition shown; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}.`);
print(renderTable(['from s', 'to s', 'warm ms', 'warm iterations', 'full fit ms', 'objective warm / full − 1', 'ARI warm vs full'], rows, style));
const span = (values: number[], digits: number, scale = 1) => {
  const [lo, hi] = range(values);
  return `median ${fixed(scale * median(values), digits)} (${fixed(scale * lo, digits)} to ${fixed(scale * hi, digits)})`;
};
print(`warm ms ${span(warmMs, 1)}; full fit ms ${span(fullMs, 1)}; objective warm / full − 1 ${span(gaps, 2, 100)} %; ARI ${span(aris, 3)}.`);
