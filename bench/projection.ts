/**
 * Entry of `npm run bench:projection` (compiled to dist/bench/projection.js): the samples' 2-D PCA that a saved
 * session and the HTML report carry (core/engine/projection.ts), at issue 26's sizes — 24 samples × s = 1 000,
 * 4 000 and 20 000 selected proteins (before: 3.5 s, 40 s, over 300 s), 3 × 200 000 (before: "Invalid typed array
 * length: 40000000000") and 2 000 × 2 000 (neither side small: C applied through Y). Prints the median wall time
 * of --repeats runs, and how long a cancel takes to be heard in pcaProjectionAsync: the time from `aborted` being
 * set (by a timer, while the projection runs) to the rejection.
 *
 * Flags: --repeats N (default 3).
 */
import { pcaProjection, pcaProjectionAsync } from '../core/engine/projection.js';
import { parseFlags } from './lib/args.js';
import { median } from './lib/stats.js';
import { renderTable } from './lib/table.js';

const flags = parseFlags(process.argv.slice(2), { repeats: 'number' });
const repeats = (flags.repeats as number | undefined) ?? 3;
const SIZES: [number, number][] = [[24, 1000], [24, 4000], [24, 20000], [3, 200000], [2000, 2000]];

function matrix(n: number, q: number): { rows: number; cols: number; data: Float64Array } {
  const data = new Float64Array(n * q);
  for (let i = 0; i < n; i++) for (let l = 0; l < q; l++) data[i * q + l] = Math.sin(i * 12.9898 + l * 78.233) + (i < n / 2 && l < 50 ? 2 : 0);
  return { rows: n, cols: q, data };
}

const rows: string[][] = [];
for (const [n, q] of SIZES) {
  const X = matrix(n, q);
  const all = Array.from({ length: q }, (_, l) => l);
  const times: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    pcaProjection(X, all, 2);
    times.push(performance.now() - t0);
  }
  const signal = { aborted: false };
  let setAt = 0;
  const timer = setTimeout(() => {
    setAt = performance.now();
    signal.aborted = true;
  }, 20);
  const heard = await pcaProjectionAsync(X, all, 2, { signal }).then(
    () => 'finished first',
    () => `${(performance.now() - setAt).toFixed(0)} ms`,
  );
  clearTimeout(timer);
  rows.push([`${n} × ${q}`, `${(median(times) / 1000).toFixed(3)} s`, heard]);
}
console.log(renderTable(['samples × features', 'projection (median)', 'cancel heard after'], rows, 'plain'));
