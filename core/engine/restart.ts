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
import { topFeatures } from './rank.js';
import { SelectedColumns } from './columns.js';
import { seedCenters } from './seeding.js';
import { restartScratch } from './scratch.js';
import { AssignBounds, assignGlobalAbsolute, assignGlobalSquared, assignLocal, type AssignInput } from './assign.js';
import { clusterSums, countChanges, kpodFill, meansAndScores, mediansAndScores, moveSums, observedObjective, totalScores } from './steps.js';

export interface RestartResult {
  /** 0-based restart index. */
  restart: number;
  labels: Int32Array;
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
  labels: Int32Array;
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
 * sValues[t]. Each s costs a few iterations instead of a fresh descent: on the mouse data (1080 × 77, k = 8)
 * 3× fewer iterations over s = 1..77 than cold starts, and a within-cluster sum of squares 0.2–0.9 % lower
 * on average (a partition good at s − 1 is a better start at s than a random seeding).
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
  const { n, p, data: Y, missing, initialFill, usable, signal, options } = prep;
  const { k, variant, loss, maxIterations, restarts } = options;
  const local = variant === 'local';
  const absolute = loss === 'absolute';
  const sEff = Math.min(options.s, prep.usableCount);
  const m = missing.length;

  throwIfAborted(signal);
  prep.onProgress?.({ stage: 'seeding', fraction: r / restarts, restart: r + 1, restarts });
  for (let t = 0; t < m; t++) Y[missing[t]!] = initialFill[t]!;

  // ---- seeding and the initial assignment to the nearest seed (or the warm start), and the cluster sums ----
  const t0 = now();
  const work = restartScratch(Y);
  const start = from === undefined ? seededStart(prep, r, signal) : { ...warmStart({ labels: from.labels, clusterSizes: from.counts }), dist: work.float64('seeding.dist', n) };
  const { labels, counts } = start;
  const minDist = start.dist;
  const sums = new Float64Array(absolute ? 0 : k * p);
  if (!absolute) clusterSums(Y, labels, n, p, sums, signal);
  const t1 = now();
  prep.onProgress?.({ stage: 'fitting', fraction: (r + 0.05) / restarts, restart: r + 1, restarts });

  // ---- working state ----
  const rowNorm = work.float64('rowNorm', n); // Σ_l y_il² (squared) or Σ_l |y_il| (absolute)
  rowNorm.set(prep.initialRowNorms);
  const means = new Float64Array(k * p);
  const theta = new Float64Array(k * p);
  const clusterScores = new Float64Array(k * p);
  const scores = new Float64Array(p);
  const selected = new Int32Array(local ? k * sEff : sEff);
  // Compact centers: SKFR1 feature-major (t·k + j), SKFR2 cluster-major (j·s' + t).
  const thetaC = new Float64Array(k * sEff);
  const cj = new Float64Array(k);
  const acc = new Float64Array(k);
  const newLabels = work.int32('newLabels', n);
  const newCounts = new Int32Array(k);
  const order = work.int32('order', Math.max(n, p));
  const clusterStart = new Int32Array(k + 1);
  const scratch = work.float64('medians', absolute ? n : 0);
  const absScratch = new Float64Array(local ? p : 0);
  const rankValues = new Float64Array(p);
  const columns = new SelectedColumns(Y, n, p, local ? Math.min(p, k * sEff) : sEff, work);
  const pos = new Int32Array(selected.length); // column of each selected entry in columns.source
  const target = { labels: newLabels, counts: newCounts, dist: minDist };
  const input: AssignInput = {
    src: columns.source, stride: columns.stride, pos, features: selected, n, k, s: sEff, thetaC, cj, rowNorm, current: labels,
  };
  const pruned = !local && !absolute;
  const bounds = pruned ? new AssignBounds(n, k, p, work) : null;
  const centerState: CenterState = {
    Y, p, rowNorm, theta, thetaC, cj, selected, sEff, local, absolute, usable, order, rankValues, scoreScratch: absScratch,
  };
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
    if (filling) kpodFill(Y, missing, p, labels, theta, rowNorm, sums, absolute, columns, bounds?.shift ?? null);

    // 2–3. centers and scores d_jl.
    if (absolute) mediansAndScores(Y, labels, n, p, k, usable, means, clusterScores, order, clusterStart, scratch, signal);
    else meansAndScores(sums, counts, k, p, usable, means, clusterScores);
    totalScores(clusterScores, k, p, scores);

    // 3–4. ranking and sparse centers.
    if (local) localCenters(clusterScores, means, usable, k, p, sEff, selected, theta, thetaC, cj, order, rankValues);
    else globalCenters(scores, means, usable, k, p, sEff, selected, theta, thetaC, cj, order, rankValues);

    // 5. assignment to the nearest sparse center, O(n·s·k), reading the selected columns contiguously.
    columns.update(selected, pos, signal);
    if (local) assignLocal(input, absolute, target, acc, signal);
    else if (absolute) assignGlobalAbsolute(input, target, acc, signal);
    else assignGlobalSquared(input, target, bounds!, bounds!.moves(theta, k, p), signal);

    // 6. empty clusters (the pruning bounds do not follow the moved sample: start them afresh).
    if (bounds !== null && newCounts.includes(0)) bounds.valid = false;
    fillEmptyClusters(newLabels, newCounts, minDist, n, k, centerState);

    // 7. objective over observed entries (phase 1: over all entries of the mean-filled data, g ≥ f).
    observed = m === 0 || filling;
    objective = observedObjective(minDist, n, Y, observed ? missing : NO_CELLS, p, newLabels, theta, absolute);
    trace.push(objective);

    // Apply the label changes to the cluster sums (squared loss): incrementally from the samples that moved,
    // or, when more than half of them moved (early iterations), by one fresh pass, which is cheaper.
    const changes = countChanges(labels, newLabels, n);
    if (!absolute && changes * 2 > n) clusterSums(Y, newLabels, n, p, sums, signal);
    else if (!absolute && changes > 0) moveSums(Y, labels, newLabels, n, p, sums, signal);
    labels.set(newLabels);
    counts.set(newCounts);
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

/** SKFR1: keep the s' features with the largest d_l; θ_j = μ_j on them (θ full k × p, thetaC t·k + j). */
function globalCenters(
  scores: Float64Array,
  means: Float64Array,
  usable: Uint8Array,
  k: number,
  p: number,
  sEff: number,
  selected: Int32Array,
  theta: Float64Array,
  thetaC: Float64Array,
  cj: Float64Array,
  order: Int32Array,
  rankValues: Float64Array,
): void {
  theta.fill(0);
  cj.fill(0);
  topFeatures(scores, 0, p, usable, sEff, selected, 0, order, rankValues);
  for (let t = 0; t < sEff; t++) {
    const l = selected[t]!;
    for (let j = 0; j < k; j++) {
      const mu = means[j * p + l]!;
      theta[j * p + l] = mu;
      thetaC[t * k + j] = mu;
      cj[j]! += mu * mu;
    }
  }
}

/** SKFR2: for each cluster j its own s' features with the largest d_jl (thetaC j·s' + t). */
function localCenters(
  clusterScores: Float64Array,
  means: Float64Array,
  usable: Uint8Array,
  k: number,
  p: number,
  sEff: number,
  selected: Int32Array,
  theta: Float64Array,
  thetaC: Float64Array,
  cj: Float64Array,
  order: Int32Array,
  rankValues: Float64Array,
): void {
  theta.fill(0);
  cj.fill(0);
  for (let j = 0; j < k; j++) {
    topFeatures(clusterScores, j * p, p, usable, sEff, selected, j * sEff, order, rankValues);
    for (let t = 0; t < sEff; t++) {
      const l = selected[j * sEff + t]!;
      const mu = means[j * p + l]!;
      theta[j * p + l] = mu;
      thetaC[j * sEff + t] = mu;
      cj[j]! += mu * mu;
    }
  }
}

interface CenterState {
  Y: Float64Array;
  p: number;
  rowNorm: Float64Array;
  theta: Float64Array;
  thetaC: Float64Array;
  cj: Float64Array;
  selected: Int32Array;
  sEff: number;
  local: boolean;
  absolute: boolean;
  usable: Uint8Array;
  order: Int32Array;
  rankValues: Float64Array;
  scoreScratch: Float64Array;
}

/**
 * Give every empty cluster the sample farthest from its center (taken from a cluster with ≥ 2 samples,
 * lowest index on ties). With `state`, the empty cluster's sparse center becomes that sample's own values
 * (on the global set L for SKFR1, on the sample's s' largest |y_il| for SKFR2), so its cost can only drop.
 */
function fillEmptyClusters(
  labels: Int32Array,
  counts: Int32Array,
  dist: Float64Array,
  n: number,
  k: number,
  state: CenterState | null,
): void {
  for (let j = 0; j < k; j++) {
    if (counts[j]! > 0) continue;
    let far = -1;
    let farD = -1;
    for (let i = 0; i < n; i++) {
      if (counts[labels[i]!]! > 1 && dist[i]! > farD) {
        farD = dist[i]!;
        far = i;
      }
    }
    counts[labels[far]!]!--;
    labels[far] = j;
    counts[j] = 1;
    dist[far] = 0;
    if (state === null) continue;
    const { Y, p, rowNorm, theta, thetaC, cj, selected, sEff, local, absolute, usable, order, rankValues, scoreScratch } = state;
    const base = far * p;
    theta.fill(0, j * p, (j + 1) * p);
    let kept = 0;
    cj[j] = 0;
    if (local) {
      for (let l = 0; l < p; l++) scoreScratch[l] = Math.abs(Y[base + l]!);
      topFeatures(scoreScratch, 0, p, usable, sEff, selected, j * sEff, order, rankValues);
    }
    for (let t = 0; t < sEff; t++) {
      const l = local ? selected[j * sEff + t]! : selected[t]!;
      const y = Y[base + l]!;
      theta[j * p + l] = y;
      thetaC[local ? j * sEff + t : t * k + j] = y;
      cj[j]! += y * y;
      kept += absolute ? Math.abs(y) : y * y;
    }
    const d = rowNorm[far]! - kept;
    dist[far] = d > 0 ? d : 0;
  }
}
