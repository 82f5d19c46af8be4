/**
 * A candidate rule for when to stop restarting, replayed by `npm run bench:restarts` on recorded objectives
 * (issue 24, item 5; not the engine's default, which stays a fixed number: bench/RESULTS.md says why). Restarts
 * run in batches of `batch` (restart r's seeds depend only on (seed, r), so a batch is the same wherever it runs
 * and however many threads share it); after each batch, the fit stops once the lowest objective so far has been
 * reached by `agree` restarts (within `tolerance`, relative), or when `max` restarts have run. A lowest objective
 * reached by several independent starts is very likely the optimum; one reached once may be luck.
 *
 * restartsRun(objectives, rule) says how many of the restarts 0, 1, … (their objectives in order) the rule runs,
 * so the bench can replay it on recorded objectives and the engine stops where it says.
 * @example restartsRun([5, 4, 4, 4, 6], { batch: 2, agree: 3, tolerance: 1e-6, max: 10 }) // 4 (4 is reached by restarts 1, 2, 3)
 */

export interface RestartRule {
  /** Restarts per batch: the rule looks only after whole batches. */
  batch: number;
  /** The lowest objective must be reached by this many restarts. */
  agree: number;
  /** Relative tolerance of "reached": (f − best) ≤ tolerance · |best|. */
  tolerance: number;
  /** At most this many restarts. */
  max: number;
}

/** The rule measured (with agree = 2 and 3). */
export const RESTART_RULE: RestartRule = { batch: 20, agree: 3, tolerance: 1e-6, max: 200 };

/** How many restarts reach the lowest of `objectives` (within the rule's tolerance). */
export function agreeing(objectives: ArrayLike<number>, count: number, tolerance: number): number {
  let best = Infinity;
  for (let r = 0; r < count; r++) if (objectives[r]! < best) best = objectives[r]!;
  let hits = 0;
  for (let r = 0; r < count; r++) if (objectives[r]! - best <= tolerance * Math.abs(best)) hits++;
  return hits;
}

/**
 * The number of restarts the rule runs, given the objectives of restarts 0, 1, … in order (at least as many as
 * it runs, else all of them).
 */
export function restartsRun(objectives: ArrayLike<number>, rule: RestartRule): number {
  const available = Math.min(objectives.length, rule.max);
  for (let done = Math.min(rule.batch, available); ; done = Math.min(done + rule.batch, available)) {
    if (done >= available || agreeing(objectives, done, rule.tolerance) >= rule.agree) return done;
  }
}
