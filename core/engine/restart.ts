/**
 * One restart of SKFR (Algorithms 1–2 of Zhang, Lange & Xu 2020) — a pure function of (prepared data, r).
 *
 * Restart r draws its k-means++ seeds from its own generator createRng(deriveSeed(seed, r)), assigns every
 * sample to its nearest seed (or starts from a given partition, see `runRestartPath`), then repeats until no
 * label changes (or maxIterations):
 *   1. k-POD (missing cells only): y_il ← θ_{c(i) l}, the current sparse center — but only once the labels
 *      have settled on the starting fill (column means). Phase 1 is plain SKFR on the mean-filled data, phase 2
 *      k-POD until no label changes again, as in the authors' sparsekpod.jl (SKFR to convergence on the
 *      imputed data, then impute from the sparse centers). Filling from the first iterations, while the
 *      ranking is still mostly noise, anchors each missing cell to its sample's current cluster and freezes a
 *      wrong partition: on the paper's missing-data design at p = 1000 (30 trials × 20 restarts) the median
 *      ARI was 0.48 with early fills and is 0.96 with this order;
 *   2. centers μ_j: means of the filled data y (squared loss) or medians (absolute loss);
 *   3. ranking: d_jl = |C_j| μ_jl² (squared) or Σ_{i∈C_j} |y_il| − Σ_{i∈C_j} |y_il − med_jl| (absolute);
 *      SKFR1 ('global') keeps the s features with the largest d_l = Σ_j d_jl, SKFR2 ('local') the s largest
 *      d_jl for each cluster j. Ties: lower feature index. Zero-variance features are never kept; when fewer
 *      than s features are usable, all usable ones are kept;
 *   4. sparse centers θ_j = μ_j on the kept features, 0 elsewhere;
 *   5. assignment of every sample to the nearest sparse center, argmin_j Σ_{l∈L_j} (θ_jl² − 2 y_il θ_jl)
 *      (squared; + ‖y_i‖² for the distance) or Σ_{l∈L_j} (|y_il − θ_jl| − |y_il|) (absolute; + ‖y_i‖₁),
 *      which costs O(n·s·k) instead of O(n·p·k). Ties: a sample stays in its current cluster unless another
 *      is nearer by more than 1e-12 × its distance scale (assign.ts, TIE); otherwise it goes to the lowest
 *      index among the clusters within that tolerance of the nearest. Centers equal in exact arithmetic
 *      differ in their last bits (incremental sums), and a rule that let rounding pick between them moved
 *      the tied samples back and forth until maxIterations; with this one a label changes only for a real
 *      gain in the objective, so partitions of equal objective cannot alternate;
 *   6. an empty cluster takes the sample farthest from its center (among clusters with ≥ 2 samples; lowest
 *      index on ties) and that sample's own values as its sparse center (SKFR2: on the sample's s largest
 *      |y_il|) — this never raises the objective and never produces NaN;
 *   7. objective f = Σ_i Σ_{l observed} loss(x_il − θ_{c(i) l}). Each phase-2 step minimises the k-POD
 *      surrogate (observed + filled cells), which equals f at the current point, so f never increases. In
 *      phase 1 the trace holds the mean-filled objective g = f + Σ_{missing} loss(y_il − θ_{c(i) l}) ≥ f,
 *      which plain SKFR never increases; the first phase-2 value is ≤ f ≤ g of the last phase-1 iteration,
 *      so the whole trace is non-increasing and the result's objective is always f.
 * Cluster sums and counts (squared loss) are updated only from the samples that changed cluster and from the
 * k-POD fills that changed, so the ranking needs no second pass over the data.
 */
import { now, throwIfAborted } from './abort.js';
import type { PreparedFit } from './prepare.js';
import { createRng, deriveSeed, RNG_DOMAIN } from './random.js';
import { SelectedColumns } from './columns.js';
import { seedCenters } from './seeding.js';
import { restartScratch } from './scratch.js';
import type { Labels } from './labels.js';
import { restartWork, type RestartWork } from './restart-work.js';
import { fillEmptyClusters, sparseCenters } from './centers.js';
import { AssignBounds, assignGlobalAbsolute, assignGlobalSquared, assignLocal, useBounds, type AssignInput } from './assign.js';
import { clusterSums, countChanges, kpodFill, meansAndScores, mediansAndScores, moveSums, observedObjective, totalScores } from './steps.js';

export interface RestartResult {
  /** 0-based restart index. */
  restart: number;
  /** The cluster of each sample, in the narrowest array for k (labels.ts). */
  labels: Labels;
  clusterSizes: Int32Array;
  /** Within-cluster means (medians for the absolute loss), k × p, of the k-POD-filled data. */
  means: Float64Array;
  /** Sparse centers θ, k × p. */
  centers: Float64Array;
  /** SKFR1: the kept features, best first (length s'). SKFR2: k × s' row-major, each row best first. */
  selected: Int32Array;
  /** Number of features kept (per cluster for SKFR2): min(s, usable features). */
  selectedCount: number;
  /** d_l = Σ_j d_jl (length p), 0 for zero-variance features. */
  featureScores: Float64Array;
  /** d_jl, k × p. */
  clusterFeatureScores: Float64Array;
  objective: number;
  objectiveTrace: number[];
  iterations: number;
  converged: boolean;
  seedingMs: number;
  fittingMs: number;
}

const NO_CELLS = new Int32Array(0);

/** Seed of restart r's generator. */
export function restartSeed(seed: number, r: number): number {
  return deriveSeed(seed, r, RNG_DOMAIN.restart);
}

/**
 * Where a restart starts: every sample's cluster (all k clusters non-empty) and the cluster sizes.
 * By default restart r starts from its k-means++ seeds (each sample at its nearest seed); a warm start
 * (`warmStart`) continues from an earlier result, as the gap statistic does along its path of s values.
 */
export interface RestartStart {
  labels: Labels;
  counts: Int32Array;
}

/** Start from an earlier restart's partition (copied: the run does not touch `result`). */
export function warmStart(result: Pick<RestartResult, 'labels' | 'clusterSizes'>): RestartStart {
  return { labels: result.labels.slice(), counts: result.clusterSizes.slice() };
}

/** k-means++ seeds of restart r and the assignment to the nearest seed (empty clusters filled). */
function seededStart(prep: PreparedFit, r: number, signal: PreparedFit['signal']): RestartStart & { dist: Float64Array } {
  const { n, p, data: Y, options } = prep;
  const { k, loss } = options;
  const seeding = seedCenters(Y, n, p, k, createRng(restartSeed(options.seed, r)), loss, signal, prep.initialRowNorms, restartScratch(Y));
  const labels = seeding.labels;
  const dist = seeding.distances;
  const counts = new Int32Array(k);
  for (let i = 0; i < n; i++) counts[labels[i]!]!++;
  fillEmptyClusters(labels, counts, dist, n, k, null);
  return { labels, counts, dist };
}

/**
 * Restart r along a path of sparsity levels: at sValues[0] from its k-means++ seeds, at every later s from
 * the partition it reached at the previous s (`warmStart`). `visit(t, result)` receives the result at
 * sValues[t]. Each s costs a few iterations instead of a fresh descent: on the mouse data (1080 × 77, k = 8,
 * s = 1..77, 3 restarts, seed 1) 2.26× fewer iterations than fresh fits at every s (2 666 against 6 031), and the
 * best objective 0.92 % lower on average (`npm run bench:gap-paths`, bench/RESULTS.md): a partition good at s − 1
 * is a better start at s than a random seeding.
 * @example runRestartPath(prep, 0, [1, 2, 3], (t, result) => objectives[t] = result.objective);
 */
export function runRestartPath(prep: PreparedFit, r: number, sValues: readonly number[], visit: (t: number, result: RestartResult) => void): void {
  let start: RestartStart | undefined;
  sValues.forEach((s, t) => {
    const result = runRestart({ ...prep, options: { ...prep.options, s } }, r, start);
    visit(t, result);
    start = warmStart(result);
  });
}

export function runRestart(prep: PreparedFit, r: number, from?: RestartStart): RestartResult {
  const { n, p, data: Y, missing, initialFill, signal, options } = prep;
  const { k, maxIterations, restarts } = options;
  const m = missing.length;

  throwIfAborted(signal);
  prep.onProgress?.({ stage: 'seeding', fraction: r / restarts, restart: r + 1, restarts });
  for (let t = 0; t < m; t++) Y[missing[t]!] = initialFill[t]!;

  // ---- seeding and the initial assignment to the nearest seed (or the warm start), and the cluster sums ----
  const t0 = now();
  const scratch = restartScratch(Y);
  const start = from === undefined ? seededStart(prep, r, signal) : { ...warmStart({ labels: from.labels, clusterSizes: from.counts }), dist: scratch.float64('seeding.dist', n) };
  const { labels, counts } = start;
  const minDist = start.dist;
  const absolute = options.loss === 'absolute';
  const sums = new Float64Array(absolute ? 0 : k * p);
  if (!absolute) clusterSums(Y, labels, n, p, sums, signal);
  const t1 = now();
  prep.onProgress?.({ stage: 'fitting', fraction: (r + 0.05) / restarts, restart: r + 1, restarts });

  // ---- working state ----
  const w = restartWork(prep, scratch);
  const { local, sEff, means, theta, clusterScores, scores, selected, newLabels, newCounts } = w;
  const columns = new SelectedColumns(Y, n, p, local ? Math.min(p, k * sEff) : sEff, scratch);
  const input = assignInput(w, columns, labels);
  const target = { labels: newLabels, counts: newCounts, dist: minDist };
  const squaredGlobal = !local && !absolute;
  const bounds = squaredGlobal && useBounds(sEff) ? new AssignBounds(n, k, p, scratch) : null;
  const trace: number[] = [];
  let converged = false;
  let iterations = 0;
  let objective = Infinity;
  // Phase 2 (k-POD fills) starts once the labels settle on the starting fill; `observed`: objective is f.
  let filling = false;
  let observed = m === 0;

  for (let iter = 1; iter <= maxIterations; iter++) {
    throwIfAborted(signal);
    iterations = iter;

    // 1. k-POD (phase 2): fill missing cells with the current sparse center of their sample's cluster.
    if (filling) kpodFill(Y, missing, p, labels, theta, w.rowNorm, sums, absolute, columns, bounds?.shift ?? null);

    // 2–3. centers and scores d_jl.
    if (absolute) mediansAndScores(Y, labels, n, p, k, prep.usable, means, clusterScores, w.order, w.clusterStart, w.medianValues, signal);
    else meansAndScores(sums, counts, k, p, prep.usable, means, clusterScores);
    totalScores(clusterScores, k, p, scores);

    // 3–4. ranking and sparse centers.
    sparseCenters(w);

    // 5. assignment to the nearest sparse center, O(n·s·k), reading the selected columns contiguously.
    columns.update(selected, w.pos, signal);
    if (squaredGlobal) assignGlobalSquared(input, target, bounds, bounds?.moves(theta, k, p) ?? null, signal);
    else if (local) assignLocal(input, absolute, target, w.acc, signal);
    else assignGlobalAbsolute(input, target, w.acc, signal);

    // 6. empty clusters (the pruning bounds do not follow the moved sample: start them afresh).
    if (bounds !== null && newCounts.includes(0)) bounds.valid = false;
    fillEmptyClusters(newLabels, newCounts, minDist, n, k, w);

    // 7. objective over observed entries (phase 1: over all entries of the mean-filled data, g ≥ f).
    observed = m === 0 || filling;
    objective = observedObjective(minDist, n, Y, observed ? missing : NO_CELLS, p, newLabels, theta, absolute);
    trace.push(objective);

    // The new labels become the current ones; none changed: phase 2 starts, or the restart has converged.
    const changes = adoptLabels(w, labels, counts, sums, signal);
    if (changes === 0) {
      if (!observed) {
        filling = true;
        continue;
      }
      converged = true;
      break;
    }
  }
  // Stopped before phase 2 ran: report f (≤ g, so the trace still never increases).
  if (!observed) {
    objective = observedObjective(minDist, n, Y, missing, p, labels, theta, absolute);
    trace[trace.length - 1] = objective;
  }
  const t2 = now();

  return {
    restart: r,
    labels,
    clusterSizes: counts,
    means,
    centers: theta,
    selected,
    selectedCount: sEff,
    featureScores: scores,
    clusterFeatureScores: clusterScores,
    objective,
    objectiveTrace: trace,
    iterations,
    converged,
    seedingMs: t1 - t0,
    fittingMs: t2 - t1,
  };
}

/** The assignment's view of this restart's data (through `columns`) and centers; `current`: the labels. */
function assignInput(w: RestartWork, columns: SelectedColumns, current: Labels): AssignInput {
  return {
    src: columns.source,
    stride: columns.stride,
    pos: w.pos,
    features: w.selected,
    n: w.n,
    k: w.k,
    s: w.sEff,
    thetaC: w.thetaC,
    cj: w.cj,
    rowNorm: w.rowNorm,
    data: w.Y,
    p: w.p,
    current,
  };
}

/**
 * The new labels and sizes become the current ones, and the cluster sums (squared loss) follow: incrementally
 * from the samples that moved or, when more than half of them moved (early iterations), by one fresh pass,
 * which is cheaper. Returns how many samples moved.
 */
function adoptLabels(w: RestartWork, labels: Labels, counts: Int32Array, sums: Float64Array, signal: PreparedFit['signal']): number {
  const { Y, n, p, absolute, newLabels } = w;
  const changes = countChanges(labels, newLabels, n);
  if (!absolute && changes * 2 > n) clusterSums(Y, newLabels, n, p, sums, signal);
  else if (!absolute && changes > 0) moveSums(Y, labels, newLabels, n, p, sums, signal);
  labels.set(newLabels);
  counts.set(w.newCounts);
  return changes;
}
