/**
 * A fit at another s or k that starts from an earlier fit's partition instead of k-means++ seeds (issue 27:
 * exploring s and k live). One restart, warm-started as the gap statistic's path of s values does
 * (restart.ts runRestartPath): a partition good at s is a good start at s ± a few, so the fit settles in a few
 * iterations (mouse data, 1080 × 77, k = 8, a walk of 26 steps of s: 2–32 iterations, median 29 ms against 1.5 s
 * for 20 fresh restarts, both on a machine at load 20: `npm run bench:warm`). It is a preview: its objective is
 * within 1 % of the fresh fit's there (median 0.13 % above), but the mouse data has many partitions of nearly
 * equal objective, and the partition often differs from the one 20 fresh restarts find (ARI 0.04–0.63, median
 * 0.47), so the app replaces it by the fresh fit once the user stops moving.
 *
 * The starting partition for k' clusters from a fit with k (startFrom):
 *   k' = k  the labels as they are;
 *   k' > k  each new cluster takes the sample farthest from its center (among clusters with ≥ 2 samples), as an
 *           emptied cluster does during a fit (centers.ts fillEmptyClusters), from the fit's distances;
 *   k' < k  the k' largest clusters are kept (ties: the lower index), renumbered in their order, and the samples
 *           of the others go to the nearest kept sparse center θ_j (squared or L1 distance over every feature
 *           of the data with its starting fill; ties: the lower index).
 * @example const next = warmFit(prep, previous, { s: 30, k: 8 }); // previous: the FitResult shown at s = 24
 */
import { finishFit } from './fit.js';
import type { PreparedFit } from './prepare.js';
import { runRestart, type RestartStart } from './restart.js';
import { fillEmptyClusters } from './centers.js';
import { validateFitOptions } from './options.js';
import type { FitResult } from './types.js';

/** What a warm start reads of the earlier fit: its clusters, its sparse centers (k × p) and each sample's distance. */
export type Partition = Pick<FitResult, 'labels' | 'centers' | 'distances'> & { options: { k: number } };

/**
 * The starting labels and cluster sizes for k clusters from `from` (see the module comment). `Y` is the data in
 * the fitted scale with missing cells at their starting fill (n × p).
 * @example startFrom(Y, 6, 1, { labels: [0, 0, 0, 1, 1, 1], distances: [0, 0, 3, 0, 0, 0], … k: 2 }, 3).labels // [0, 0, 2, 1, 1, 1]
 */
export function startFrom(Y: Float64Array, n: number, p: number, from: Partition, k: number, absolute = false): RestartStart {
  const k0 = from.options.k;
  const labels = Int32Array.from(from.labels);
  const counts = new Int32Array(k);
  if (k >= k0) {
    for (let i = 0; i < n; i++) counts[labels[i]!]!++;
    if (k > k0) fillEmptyClusters(labels, counts, Float64Array.from(from.distances), n, k, null);
    return { labels, counts };
  }
  const sizes = new Int32Array(k0);
  for (let i = 0; i < n; i++) sizes[labels[i]!]!++;
  const kept = Array.from({ length: k0 }, (_, j) => j)
    .sort((a, b) => sizes[b]! - sizes[a]! || a - b)
    .slice(0, k)
    .sort((a, b) => a - b);
  const renumber = new Int32Array(k0).fill(-1);
  kept.forEach((j, t) => (renumber[j] = t));
  const theta = from.centers;
  for (let i = 0; i < n; i++) {
    const own = renumber[labels[i]!]!;
    if (own >= 0) {
      labels[i] = own;
      continue;
    }
    let best = 0;
    let bestD = Infinity;
    for (let t = 0; t < k; t++) {
      const c = kept[t]! * p;
      let d = 0;
      for (let l = 0, o = i * p; l < p; l++, o++) {
        const e = Y[o]! - theta[c + l]!;
        d += absolute ? Math.abs(e) : e * e;
      }
      if (d < bestD) {
        bestD = d;
        best = t;
      }
    }
    labels[i] = best;
  }
  for (let i = 0; i < n; i++) counts[labels[i]!]!++;
  // A kept cluster can only grow, so none is empty.
  return { labels, counts };
}

/**
 * One restart at `at.s` and `at.k` on prepared data (prepareFit with any s and k), started from `from`'s
 * partition; the FitResult as `fit` would assemble it from that one restart (restarts: 1).
 * @throws SkfrError 'invalid-k' | 'invalid-s' (out of range for the data) | 'cancelled'
 */
export function warmFit(prep: PreparedFit, from: Partition, at: { s: number; k: number }): FitResult {
  const options = validateFitOptions(prep.n, prep.p, { ...prep.options, s: at.s, k: at.k, restarts: 1 });
  const run: PreparedFit = { ...prep, options };
  // The data with its starting fill (the previous run left its last k-POD fill in the missing cells).
  const { data: Y, missing, initialFill } = run;
  for (let t = 0; t < missing.length; t++) Y[missing[t]!] = initialFill[t]!;
  const start = startFrom(Y, run.n, run.p, from, at.k, options.loss === 'absolute');
  return finishFit(run, [runRestart(run, 0, start)]);
}
