/**
 * `npm run bench`: the speed grid of issue 2 plus the parallel-restart timings of issue 5, printed as
 * plain-text tables (or Markdown with `--markdown`). `--quick` is a seconds-long smoke run (used by a test).
 *
 * Output sections: the grid (n, p, k, s, method, restarts, seeding s, fitting s, iterations, ms/iteration,
 * ARI), the SKFR1-vs-dense speed-ups, the PASS/FAIL line for "SKFR1 iterations ≥ 5× cheaper than dense at
 * n = 100 000, p = 1000", the parallel section, and the peak RSS.
 */
import { loadavg, availableParallelism } from 'node:os';
import { peakRssBytes } from '../lib/memory.js';
import { megabytes, type TableStyle } from '../lib/table.js';
import { FULL_GRID, QUICK_GRID, iterationGoal, runGrid, speedUps, type GridConfig, type GridRow } from './grid.js';
import { renderGrid, renderSpeedUps } from './report.js';
import { runParallelSection, type ParallelRow } from './parallel.js';

export interface BenchOptions {
  quick: boolean;
  style: TableStyle;
  /** Skip the worker-thread section. */
  parallel: boolean;
  /** Where lines go (stdout in the script). */
  print: (text: string) => void;
  /** Progress notes (stderr in the script). */
  note: (text: string) => void;
}

export interface BenchOutcome {
  rows: GridRow[];
  goal: { n: number; p: number; speedUp: number; pass: boolean } | null;
  parallel: ParallelRow[];
  peakRssBytes: number;
  seconds: number;
}

export async function runBench(options: BenchOptions): Promise<BenchOutcome> {
  const started = performance.now();
  const config: GridConfig = options.quick ? QUICK_GRID : FULL_GRID;
  const { print, note, style } = options;
  print(`# skfr bench${options.quick ? ' (quick)' : ''} — sparse design, k = ${config.k}, s = ${config.s}, seed ${config.seed}`);
  const load = loadavg()[0]!;
  const cores = availableParallelism();
  print(`machine: ${cores} cores, load average ${load.toFixed(2)}${load > cores / 2 ? ' — BUSY: other processes compete for the cores, timings are inflated' : ''}`);
  print(
    `restarts / iteration cap per fit: ${config.ns.map((n) => `n = ${n}: ${config.restartsFor(n)} / ${config.maxIterationsFor(n)}`).join(', ')}; ` +
      'dense = SKFR1 with s = p (Lloyd after k-means++)',
  );
  const rows = runGrid(config, (row, simSeconds) =>
    note(`  n=${row.n} p=${row.p} ${row.mode}: ${(row.totalSeconds).toFixed(2)} s (simulate ${simSeconds.toFixed(2)} s)`),
  );
  print('');
  print(renderGrid(rows, style));
  print('(* = stopped at maxIterations without converging; ms/iteration = fitting seconds / iterations over all restarts)');
  print('');
  print('Speed-up of SKFR1 over the dense case (s = p):');
  print(renderSpeedUps(speedUps(rows), style));

  const bigN = Math.max(...config.ns);
  const bigP = Math.max(...config.ps);
  const found = iterationGoal(rows, bigN, bigP);
  const goal = found ? { n: bigN, p: bigP, ...found } : null;
  print('');
  if (goal) {
    const verdict = goal.pass ? 'PASS' : 'FAIL';
    print(`${verdict}: at n = ${bigN}, p = ${bigP}, s = ${config.s} one SKFR1 iteration is ${goal.speedUp.toFixed(1)}× cheaper than a dense one (goal ≥ 5×).`);
  }

  let parallel: ParallelRow[] = [];
  if (options.parallel) {
    print('');
    parallel = await runParallelSection({ quick: options.quick, style, print, note });
  }

  const peak = peakRssBytes();
  const seconds = (performance.now() - started) / 1000;
  print('');
  print(`peak RSS: ${megabytes(peak)} MB; total bench time ${seconds.toFixed(1)} s`);
  return { rows, goal, parallel, peakRssBytes: peak, seconds };
}
