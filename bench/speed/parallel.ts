/**
 * The worker-thread section of `npm run bench` (issue 5): the same fit / tuning run in this thread and on a
 * pool of worker threads (as many as cores), wall seconds of each, and whether the results are identical
 * (labels and objective; for tuning the whole Gap curve). Includes the mouse-data goals: the fit (1080 × 77,
 * 20 restarts, fixed s, < 0.3 s), the tuning over s = 1..77 with B = 10 (< 10 s), and stability with B = 50
 * subsample fits (< 10 s on 2 cores, issue 13; the thread start-up is inside the pool time).
 */
import { availableParallelism } from 'node:os';
import { fit, simulate, stabilitySelection, tuneSparsity } from '../../core/engine/index.js';
import type { FitResult, Matrix, StabilityResult, TuneResult } from '../../core/engine/types.js';
import { stabilityWith } from '../../core/parallel/orchestrate.js';
import { workerLinks } from '../lib/links.js';
import { createWorkerPool, type WorkerPool } from '../../node/parallel/pool.js';
import { loadMice } from '../lib/mice.js';
import { renderTable, seconds, type TableStyle } from '../lib/table.js';

export interface ParallelRow {
  task: string;
  sequentialSeconds: number;
  parallelSeconds: number;
  workers: number;
  identical: boolean;
  /** Goal on the best of the two times, when the task has one. */
  goalSeconds: number | null;
}

interface Case {
  task: string;
  run: (pool: WorkerPool | null) => Promise<FitResult | TuneResult | StabilityResult>;
  goalSeconds: number | null;
}

function sameFit(a: FitResult, b: FitResult): boolean {
  return a.objective === b.objective && a.labels.length === b.labels.length && a.labels.every((v, i) => v === b.labels[i]);
}

function same(a: FitResult | TuneResult | StabilityResult, b: FitResult | TuneResult | StabilityResult): boolean {
  if ('featureFrequency' in a || 'featureFrequency' in b) return JSON.stringify(a) === JSON.stringify(b);
  if ('curve' in a && 'curve' in b) return JSON.stringify(a.curve) === JSON.stringify(b.curve) && a.bestS === b.bestS && sameFit(a.fit, b.fit);
  if (!('curve' in a) && !('curve' in b)) return sameFit(a, b);
  return false;
}

function cases(quick: boolean): Case[] {
  const fitCase = (task: string, X: Matrix, k: number, s: number, restarts: number, goal: number | null = null): Case => ({
    task,
    goalSeconds: goal,
    run: async (pool) => (pool ? pool.fit(X, { k, s, restarts, seed: 1 }) : fit(X, { k, s, restarts, seed: 1 })),
  });
  const tuneCase = (task: string, X: Matrix, k: number, sMin: number, sMax: number, permutations: number, restarts: number, goal: number | null = null): Case => {
    const sValues = Array.from({ length: sMax - sMin + 1 }, (_, i) => sMin + i);
    const options = { k, sValues, permutations, restarts, seed: 1 };
    return { task, goalSeconds: goal, run: async (pool) => (pool ? pool.tune(X, options) : tuneSparsity(X, options)) };
  };
  if (quick) {
    const sim = simulate('sparse', { n: 1000, p: 50, k: 5, s: 10, seed: 1 });
    return [fitCase('fit n=1000 p=50 k=5 s=10, 8 restarts', sim.X, 5, 10, 8), tuneCase('tune s=1..6, B=3, 2 restarts', sim.X, 5, 1, 6, 3, 2)];
  }
  const sim = simulate('sparse', { n: 10_000, p: 1000, k: 10, s: 10, seed: 1 });
  const mice = loadMice();
  return [
    fitCase('fit n=10000 p=1000 k=10 s=10, 10 restarts', sim.X, 10, 10, 10),
    fitCase('mouse 1080×77 fit k=8 s=24, 20 restarts', mice.X, 8, 24, 20, 0.3),
    tuneCase('mouse tune s=1..77, B=10, 20 restarts', mice.X, 8, 1, 77, 10, 20, 10),
    stabilityCase('mouse stability k=8 s=24, B=50 subsamples of 80 %, 20 restarts', mice.X, 8, 24, 50, 10),
  ];
}

/**
 * Stability (issue 13): B subsample fits, in this thread (stabilitySelection) or one task per subsample on
 * worker threads (core/parallel stabilityWith; the pool has no stability method yet, so the links are
 * started here, as many as the pool's threads). Both include the full fit.
 */
function stabilityCase(task: string, X: Matrix, k: number, s: number, subsamples: number, goal: number): Case {
  const options = { k, s, restarts: 20, seed: 1, subsamples };
  return {
    task,
    goalSeconds: goal,
    run: async (pool) => {
      if (!pool || pool.size === 0) return stabilitySelection(X, options);
      const { links, close } = workerLinks(pool.size);
      try {
        return await stabilityWith(links, X, options);
      } finally {
        await close();
      }
    },
  };
}

export interface ParallelSectionOptions {
  quick: boolean;
  style: TableStyle;
  print: (text: string) => void;
  note: (text: string) => void;
}

export async function runParallelSection(options: ParallelSectionOptions): Promise<ParallelRow[]> {
  const workers = availableParallelism();
  options.print(`Worker threads (${workers} cores; the pool uses one thread per core, results must be identical):`);
  const pool = createWorkerPool({ workers });
  const rows: ParallelRow[] = [];
  try {
    // Warm the threads up (start-up and first compilation are paid once per process, not per fit).
    const warm = simulate('sparse', { n: 200, p: 20, k: 3, s: 5, seed: 1 });
    await pool.fit(warm.X, { k: 3, s: 5, restarts: 2 * Math.max(1, pool.size) });
    for (const c of cases(options.quick)) {
      let t = performance.now();
      const a = await c.run(null);
      const sequentialSeconds = (performance.now() - t) / 1000;
      t = performance.now();
      const b = await c.run(pool);
      const parallelSeconds = (performance.now() - t) / 1000;
      const row = { task: c.task, sequentialSeconds, parallelSeconds, workers: pool.size, identical: same(a, b), goalSeconds: c.goalSeconds };
      options.note(`  ${c.task}: ${sequentialSeconds.toFixed(2)} s → ${parallelSeconds.toFixed(2)} s`);
      rows.push(row);
    }
  } finally {
    await pool.close();
  }
  options.print(renderParallel(rows, options.style));
  return rows;
}

export function renderParallel(rows: readonly ParallelRow[], style: TableStyle): string {
  return renderTable(
    ['task', '1 thread s', 'pool s', 'workers', 'speed-up', 'identical', 'goal'],
    rows.map((r) => {
      const best = Math.min(r.sequentialSeconds, r.parallelSeconds);
      const goal = r.goalSeconds === null ? '' : `${best < r.goalSeconds ? 'PASS' : 'FAIL'} (< ${r.goalSeconds} s)`;
      return [
        r.task,
        seconds(r.sequentialSeconds),
        seconds(r.parallelSeconds),
        String(r.workers),
        `${(r.sequentialSeconds / r.parallelSeconds).toFixed(2)}×`,
        r.identical ? 'yes' : 'NO',
        goal,
      ];
    }),
    style,
  );
}
