/**
 * Entry of `npm run bench:bounds` (compiled to dist/bench/bounds.js): the SKFR1 squared assignment with and
 * without its per-row bounds (core/engine/assign.ts AssignBounds, useBounds), as in the late iterations of a fit:
 * rows drawn around k cluster centers on the first s features, the sparse centers moving a little each round.
 * Prints the median time of `--rounds` assignments (after one full one) each way, per (n, p, k, s), and checks the
 * labels are the same. The bounds cost 8·(k + 2) bytes a sample; useBounds keeps them from BOUNDS_MIN_S features on.
 *
 * Flags: --rounds R (default 12), --cells C (n · p of each table, default 4 000 000).
 */
import { AssignBounds, assignGlobalSquared, BOUNDS_MIN_S, type AssignInput } from '../core/engine/assign.js';
import { createRng } from '../core/engine/random.js';
import { parseFlags } from './lib/args.js';
import { renderTable } from './lib/table.js';

const flags = parseFlags(process.argv.slice(2), { rounds: 'number', cells: 'number' });
const rounds = (flags.rounds as number | undefined) ?? 12;
const cells = (flags.cells as number | undefined) ?? 4_000_000;

/** (p, k, s) of each case; n = cells / p. */
const CASES: [number, number, number][] = [
  [1, 2, 1], [4, 8, 2], [8, 8, 4], [8, 2, 4], [20, 10, 5], [20, 10, 6], [20, 10, 10], [50, 20, 4], [50, 20, 8], [50, 20, 16],
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

function run(p: number, k: number, s: number): string[] {
  const n = Math.round(cells / p);
  const rng = createRng(p * 1000 + k * 10 + s);
  const truth = Float64Array.from({ length: k * s }, () => 2 * rng.normal());
  const Y = new Float64Array(n * p);
  for (let i = 0; i < n; i++) for (let l = 0; l < p; l++) Y[i * p + l] = (l < s ? truth[(i % k) * s + l]! : 0) + rng.normal();
  const rowNorm = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let l = 0; l < p; l++) rowNorm[i]! += Y[i * p + l]! ** 2;
  const selected = Int32Array.from({ length: s }, (_, t) => t);
  const theta = new Float64Array(k * p);
  for (let j = 0; j < k; j++) for (let t = 0; t < s; t++) theta[j * p + t] = truth[j * s + t]!;
  const bounds = new AssignBounds(n, k, p);
  const times = { bounded: [] as number[], plain: [] as number[] };
  let current = { bounded: new Int32Array(n), plain: new Int32Array(n) };
  let same = true;
  for (let r = 0; r <= rounds; r++) {
    for (let o = 0; o < k * p; o++) if (theta[o] !== 0) theta[o]! += 0.002 * rng.normal();
    const thetaC = new Float64Array(k * s);
    const cj = new Float64Array(k);
    for (let t = 0; t < s; t++) for (let j = 0; j < k; j++) {
      thetaC[t * k + j] = theta[j * p + t]!;
      cj[j]! += theta[j * p + t]! ** 2;
    }
    const input = (labels: Int32Array): AssignInput => ({ src: Y, stride: p, pos: selected, features: selected, n, k, s, thetaC, cj, rowNorm, data: Y, p, current: labels });
    const out = { bounded: { labels: new Int32Array(n), counts: new Int32Array(k), dist: new Float64Array(n) }, plain: { labels: new Int32Array(n), counts: new Int32Array(k), dist: new Float64Array(n) } };
    let t0 = performance.now();
    assignGlobalSquared(input(current.bounded), out.bounded, bounds, bounds.moves(theta, k, p));
    const bounded = performance.now() - t0;
    t0 = performance.now();
    assignGlobalSquared(input(current.plain), out.plain, null, null);
    const plain = performance.now() - t0;
    if (r > 0) {
      times.bounded.push(bounded);
      times.plain.push(plain);
    }
    same &&= out.bounded.labels.every((c, i) => c === out.plain.labels[i]);
    current = { bounded: out.bounded.labels, plain: out.plain.labels };
  }
  const b = median(times.bounded);
  const q = median(times.plain);
  return [String(n), String(p), String(k), String(s), `${b.toFixed(1)} ms`, `${q.toFixed(1)} ms`, `${(q / b).toFixed(2)}×`, s >= BOUNDS_MIN_S ? 'bounds' : 'plain', same ? 'yes' : 'NO'];
}

console.log(`SKFR1 squared assignment, ${rounds} rounds after a full one, ${cells.toLocaleString('en')} cells a table (BOUNDS_MIN_S = ${BOUNDS_MIN_S})`);
const rows = CASES.map(([p, k, s]) => run(p, k, s));
console.log(renderTable(['n', 'p', 'k', 's', 'with bounds', 'without', 'without / with', 'useBounds', 'same labels'], rows, 'plain'));
