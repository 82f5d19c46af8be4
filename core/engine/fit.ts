/**
 * `fit`: SKFR1 (variant 'global') and SKFR2 (variant 'local') with k-means++ restarts — see restart.ts for
 * the algorithm. `fit(X, o)` is exactly
 *   const prep = prepareFit(X, o);
 *   finishFit(prep, [runRestart(prep, 0), …, runRestart(prep, restarts − 1)]);
 * and a host may run the restarts anywhere (e.g. worker threads) and get the identical result.
 * When s exceeds the number of usable (non-zero-variance) features, all usable features are selected.
 * Timings in the result are summed over restarts.
 *
 * @example
 * const result = fit(X, { k: 3, s: 5, seed: 7 });
 * result.labels;            // 0-based clusters (bytes for k ≤ 256: labels.ts)
 * result.selectedFeatures;  // the 5 kept features, best first
 */
import { ROWS_PER_CHECK, throwIfAborted } from './abort.js';
import { prepareFit, type PreparedFit } from './prepare.js';
import { runRestart, type RestartResult } from './restart.js';
import { restartScratch } from './scratch.js';
import type { Labels } from './labels.js';
import type { FitOptions, FitResult, Matrix } from './types.js';

export function fit(X: Matrix, options: FitOptions): FitResult {
  return fitPrepared(prepareFit(X, options));
}

/**
 * All restarts and the finish on prepared data, optionally at another sparsity level s (checked by the
 * caller: 1 ≤ s ≤ p). `fitPrepared(prepareFit(X, o))` is `fit(X, o)`, and `fitPrepared(prepareFit(X, o), s)`
 * is `fit(X, { ...o, s })`, bit for bit.
 *
 * @example const prep = prepareFit(X, { k: 8, s: 1 }); const fits = [5, 10, 20].map((s) => fitPrepared(prep, s));
 */
export function fitPrepared(prep: PreparedFit, s?: number): FitResult {
  const at = s === undefined || s === prep.options.s ? prep : { ...prep, options: { ...prep.options, s } };
  const results = restartsOn(at.data);
  for (let r = 0; r < at.options.restarts; r++) {
    throwIfAborted(at.signal);
    results.add(runRestart(at, r));
  }
  return finishFit(at, results.all);
}

/**
 * The restarts' results as they come in (any order), of which only those no other beats keep their arrays: a
 * beaten restart keeps its index, objective, trace and timings, all finishFit reads of it, and lets go of its
 * labels (n) and its k × p arrays (`release`). Twenty restarts of 20 million samples held 1.6 GB of labels
 * until the best was picked; now one restart's. pickBest picks the same restart from `all` as from the full
 * results: its winner is beaten by no other (lower objective, or equal objective and lower index; a NaN
 * objective neither beats nor is beaten, so such a result keeps its arrays).
 * @example const kept = new BestRestarts(); kept.add(runRestart(prep, 0)); kept.add(runRestart(prep, 1)); finishFit(prep, kept.all);
 */
export class BestRestarts {
  readonly all: RestartResult[] = [];
  /** The results that still hold their arrays. */
  private unbeaten: RestartResult[] = [];

  /** `onRelease`: given each beaten restart's labels, which nothing else holds (e.g. for the next restart to reuse). */
  constructor(private readonly onRelease?: (labels: Labels) => void) {}

  add(result: RestartResult): void {
    this.all.push(result);
    if (this.unbeaten.some((other) => beats(other, result))) {
      this.release(result);
      return;
    }
    for (const other of this.unbeaten) if (beats(result, other)) this.release(other);
    this.unbeaten = [...this.unbeaten.filter((other) => !beats(result, other)), result];
  }

  private release(result: RestartResult): void {
    release(result, this.onRelease);
  }
}

/**
 * The BestRestarts of a fit on `data`: a beaten restart's labels go to the next restart's seeding on the same data
 * (scratch.ts restartLabels), not to the collector. Restarts run elsewhere (a worker's) have their own scratch.
 */
export function restartsOn(data: Float64Array): BestRestarts {
  const scratch = restartScratch(data);
  return new BestRestarts((labels) => scratch.giveBack(labels));
}

/** Whether restart a is picked before b (pickBest's order). */
function beats(a: RestartResult, b: RestartResult): boolean {
  return a.objective < b.objective || (a.objective === b.objective && a.restart < b.restart);
}

const NO_INTS = new Int32Array(0);
const NO_FLOATS = new Float64Array(0);

/** A restart that cannot be the best lets go of its arrays (in place: whoever holds it holds the summary). */
function release(result: RestartResult, onRelease?: (labels: Labels) => void): void {
  if (result.labels.length > 0) onRelease?.(result.labels);
  result.labels = NO_INTS;
  result.clusterSizes = NO_INTS;
  result.selected = NO_INTS;
  result.means = NO_FLOATS;
  result.centers = NO_FLOATS;
  result.featureScores = NO_FLOATS;
  result.clusterFeatureScores = NO_FLOATS;
}

/** Index of the restart with the lowest objective (ties: the lowest restart index). */
export function pickBest(results: ReadonlyArray<{ objective: number; restart?: number }>): number {
  let best = 0;
  for (let t = 1; t < results.length; t++) {
    const a = results[t]!;
    const b = results[best]!;
    if (a.objective < b.objective || (a.objective === b.objective && (a.restart ?? t) < (b.restart ?? best))) best = t;
  }
  return best;
}

/**
 * Assemble the FitResult from all restarts (in any order): picks the best, then computes, over observed
 * entries only, each sample's distance to its sparse center, totalSS = Σ (x_il − x̄_l)² and
 * betweenSS = totalSS − Σ (x_il − θ_{c(i) l})², and the cluster means in original units.
 * Timings are summed over restarts.
 */
export function finishFit(prep: PreparedFit, results: readonly RestartResult[]): FitResult {
  const sorted = [...results].sort((a, b) => a.restart - b.restart);
  const best = sorted[pickBest(sorted)]!;
  const { n, p, missing, options } = prep;
  const { k } = options;
  const theta = best.centers;

  // The distances go into the restarts' n-long distance scratch, which no restart needs any more (20 million
  // samples: 160 MB that would otherwise sit beside it at the end of the fit).
  const scratch = restartScratch(prep.data);
  const { distances, totalSS, withinSS } = observedSS(prep, best.labels, theta, true, scratch.handOver('seeding.dist', n) ?? undefined);
  scratch.releaseLabels();

  const originalMeans = new Float64Array(k * p);
  for (let j = 0; j < k; j++) {
    for (let l = 0; l < p; l++) {
      originalMeans[j * p + l] = best.means[j * p + l]! * prep.columnScales[l]! + prep.columnMeans[l]!;
    }
  }

  const s = best.selectedCount;
  const local = options.variant === 'local';
  let selectedFeatures: Int32Array;
  let selectedFeaturesByCluster: Int32Array[] | null = null;
  if (local) {
    selectedFeaturesByCluster = [];
    const union = new Set<number>();
    for (let j = 0; j < k; j++) {
      const set = best.selected.slice(j * s, (j + 1) * s);
      selectedFeaturesByCluster.push(set);
      for (const l of set) union.add(l);
    }
    const scores = best.featureScores;
    selectedFeatures = Int32Array.from([...union].sort((a, b) => scores[b]! - scores[a]! || a - b));
  } else {
    selectedFeatures = best.selected.slice();
  }

  let seedingMs = 0;
  let fittingMs = 0;
  for (const r of sorted) {
    seedingMs += r.seedingMs;
    fittingMs += r.fittingMs;
  }
  prep.onProgress?.({ stage: 'done', fraction: 1, restart: options.restarts, restarts: options.restarts });
  return {
    options,
    n,
    p,
    // (in the restarts' narrowest array for k, labels.ts: not widened)
    labels: best.labels,
    clusterSizes: best.clusterSizes,
    means: best.means,
    centers: theta,
    originalMeans,
    selectedFeatures,
    selectedFeaturesByCluster,
    featureScores: best.featureScores,
    clusterFeatureScores: local ? best.clusterFeatureScores : null,
    distances,
    objective: best.objective,
    totalSS,
    betweenSS: totalSS - withinSS,
    objectiveTrace: best.objectiveTrace,
    iterations: best.iterations,
    converged: best.converged,
    imputedCells: missing.length,
    zeroVarianceFeatures: prep.zeroVariance.slice(),
    restartObjectives: sorted.map((r) => r.objective),
    bestRestart: best.restart,
    timings: { seedingMs, fittingMs },
  };
}

/**
 * Over observed entries only, at the sparse centers θ (k × p) of the partition `labels`:
 * withinSS = Σ_i Σ_l (x_il − θ_{c(i) l})², totalSS = Σ_i Σ_l (x_il − x̄_l)² around the observed column means,
 * and (when asked) each sample's distance to its center (Euclidean, or L1 for the absolute loss), written into
 * `into` when given (n long).
 * O(n·p). betweenSS = totalSS − withinSS is the gap statistic's O(X, s).
 */
export function observedSS(
  prep: PreparedFit,
  labels: Labels,
  theta: Float64Array,
  withDistances: boolean,
  into?: Float64Array,
): { withinSS: number; totalSS: number; distances: Float64Array } {
  const { n, p, data: Y, missing } = prep;
  const absolute = prep.options.loss === 'absolute';
  const colMean = prep.fittedColumnMeans;
  // (`into`, n long, is overwritten: every row's distance is written)
  const distances = withDistances ? (into ?? new Float64Array(n)) : new Float64Array(0);
  let totalSS = 0;
  let withinSS = 0;
  let mp = 0;
  let nextMissing = missing.length > 0 ? missing[0]! : -1;
  for (let i = 0; i < n; i++) {
    if ((i & (ROWS_PER_CHECK - 1)) === 0) throwIfAborted(prep.signal);
    const c = labels[i]! * p;
    let d = 0;
    let sq = 0;
    let tot = 0;
    for (let l = 0, o = i * p; l < p; l++, o++) {
      if (o === nextMissing) {
        nextMissing = ++mp < missing.length ? missing[mp]! : -1;
        continue;
      }
      const y = Y[o]!;
      const e = y - theta[c + l]!;
      sq += e * e;
      if (absolute) d += Math.abs(e);
      const g = y - colMean[l]!;
      tot += g * g;
    }
    withinSS += sq;
    totalSS += tot;
    if (withDistances) distances[i] = absolute ? d : Math.sqrt(sq);
  }
  return { withinSS, totalSS, distances };
}
