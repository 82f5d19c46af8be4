/**
 * Steps 3–4 and 6 of Algorithms 1–2: which features each center keeps, the sparse centers on them, and a
 * sample for every empty cluster. SKFR1 ('global') and SKFR2 ('local') differ only in where cluster j's
 * kept features come from (one shared ranking, or one per cluster) and in the layout of the compact centers
 * (feature-major t·k + j, or cluster-major j·s' + t): `keptFeature` and `keep` hold that difference.
 *
 * @example // SKFR1, k = 2, s' = 1, d = (1, 5, 2), μ = [[1, 2, 3], [4, 5, 6]] → selected [1], θ = [[0, 2, 0], [0, 5, 0]]
 */
import { topFeatures } from './rank.js';
import { rowNormAt } from './seeding.js';
import type { Labels } from './labels.js';
import type { RestartWork } from './restart-work.js';

/** Cluster j's t-th kept feature (SKFR1: the shared list; SKFR2: cluster j's own). */
function keptFeature(w: RestartWork, j: number, t: number): number {
  return w.local ? w.selected[j * w.sEff + t]! : w.selected[t]!;
}

/** Center j takes value v on its t-th kept feature l: in θ, in the compact copy, and v² in cj[j]. */
function keep(w: RestartWork, j: number, t: number, l: number, v: number): void {
  w.theta[j * w.p + l] = v;
  w.thetaC[w.local ? j * w.sEff + t : t * w.k + j] = v;
  w.cj[j]! += v * v;
}

/**
 * Steps 3–4: SKFR1 keeps for every cluster the s' features with the largest d_l, SKFR2 for each cluster j its
 * own s' features with the largest d_jl (ties: lower index; zero-variance features never); then θ_j = μ_j on
 * the kept features and 0 elsewhere, with the compact copy and cj[j] = Σ_t θ_jt² (summed in ranking order).
 */
export function sparseCenters(w: RestartWork): void {
  const { k, p, sEff, local, means, theta, cj, selected, usable, order, rankValues } = w;
  theta.fill(0);
  cj.fill(0);
  if (!local) topFeatures(w.scores, 0, p, usable, sEff, selected, 0, order, rankValues);
  for (let j = 0; j < k; j++) {
    if (local) topFeatures(w.clusterScores, j * p, p, usable, sEff, selected, j * sEff, order, rankValues);
    for (let t = 0; t < sEff; t++) {
      const l = keptFeature(w, j, t);
      keep(w, j, t, l, means[j * p + l]!);
    }
  }
}

/**
 * Step 6: give every empty cluster the sample farthest from its center (taken from a cluster with ≥ 2
 * samples, lowest index on ties). With `w`, the empty cluster's sparse center becomes that sample's own values
 * (on the shared kept features for SKFR1, on the sample's s' largest |y_il| for SKFR2), so its cost can only
 * drop, and `dist` its distance to them.
 */
export function fillEmptyClusters(labels: Labels, counts: Int32Array, dist: Float64Array, n: number, k: number, w: RestartWork | null): void {
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
    if (w !== null) dist[far] = centerOnSample(w, j, far);
  }
}

/** Cluster j's sparse center becomes sample `far`'s own values; returns the sample's distance to it. */
function centerOnSample(w: RestartWork, j: number, far: number): number {
  const { Y, p, sEff, local, absolute, usable, rowScores, theta, cj } = w;
  const base = far * p;
  theta.fill(0, j * p, (j + 1) * p);
  cj[j] = 0;
  if (local) {
    for (let l = 0; l < p; l++) rowScores[l] = Math.abs(Y[base + l]!);
    topFeatures(rowScores, 0, p, usable, sEff, w.selected, j * sEff, w.order, w.rankValues);
  }
  let kept = 0;
  for (let t = 0; t < sEff; t++) {
    const l = keptFeature(w, j, t);
    const y = Y[base + l]!;
    keep(w, j, t, l, y);
    kept += absolute ? Math.abs(y) : y * y;
  }
  const norm = w.rowNorm.length > 0 ? w.rowNorm[far]! : rowNormAt(Y, far, p, absolute);
  const d = norm - kept;
  return d > 0 ? d : 0;
}
