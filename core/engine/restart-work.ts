/**
 * The arrays one restart works in, named and made in one place: those its result returns (fresh every
 * restart), the assignment's view of the centers, and scratch. The n-sized ones come from the data's
 * RestartScratch (zeroed, as fresh ones would be), so the next restart on the same data reuses them.
 *
 * @example
 *   const w = restartWork(prep, restartScratch(prep.data));
 *   sparseCenters(w); // fills w.selected, w.theta, w.thetaC and w.cj from w.means and the scores
 */
import type { PreparedFit } from './prepare.js';
import type { RestartScratch } from './scratch.js';
import type { Labels } from './labels.js';

export interface RestartWork {
  /** The prepared data (n × p, row-major); its missing cells hold their current fill. */
  Y: Float64Array;
  n: number;
  p: number;
  k: number;
  /** s' = min(s, usable features): the features kept (per cluster for SKFR2). */
  sEff: number;
  /** SKFR2 (each cluster its own features). */
  local: boolean;
  /** Absolute loss (medians, L1 distances). */
  absolute: boolean;
  /** 1 for the features that may be kept (nonzero variance). */
  usable: Uint8Array;

  // Returned in the result.
  /** μ, k × p: the cluster means (medians for the absolute loss) of the filled data. */
  means: Float64Array;
  /** θ, k × p: the sparse centers (μ on the kept features, 0 elsewhere). */
  theta: Float64Array;
  /** d_jl, k × p. */
  clusterScores: Float64Array;
  /** d_l = Σ_j d_jl, p. */
  scores: Float64Array;
  /** The kept features, best first: SKFR1 s', SKFR2 k × s' (cluster-major). */
  selected: Int32Array;

  // The assignment's view (AssignInput) and its output.
  /** Compact centers: SKFR1 feature-major (t·k + j), SKFR2 cluster-major (j·s' + t). */
  thetaC: Float64Array;
  /** cj[j] = Σ_t θ_jt² over center j's kept features. */
  cj: Float64Array;
  /** The column of each entry of `selected` in the selected-column copy. */
  pos: Int32Array;
  /**
   * Σ_l y_il² (squared loss) or Σ_l |y_il| (absolute loss), kept up to date by the k-POD fills: a copy of the
   * prepared norms when there are missing cells, else the prepared norms themselves (never written; empty when
   * they are not stored, prepare.ts NORMS_RECOMPUTED_UP_TO).
   */
  rowNorm: Float64Array;
  /** The labels and cluster sizes the assignment produces. */
  newLabels: Labels;
  newCounts: Int32Array;

  // Scratch.
  /** k: one row's scores. */
  acc: Float64Array;
  /** p (squared loss) or max(n, p) (absolute loss): sort orders (ranking; members of each cluster for the medians). */
  order: Int32Array;
  /** k + 1: where each cluster's members start in `order` (medians). */
  clusterStart: Int32Array;
  /** n (absolute loss): one cluster's values of one feature (medians). */
  medianValues: Float64Array;
  /** p: the ranking's copy of the scores. */
  rankValues: Float64Array;
  /** p (SKFR2): |y_il| of the sample that takes over an empty cluster. */
  rowScores: Float64Array;
}

export function restartWork(prep: PreparedFit, work: RestartScratch): RestartWork {
  const { n, p, data: Y, usable, options } = prep;
  const { k } = options;
  const local = options.variant === 'local';
  const absolute = options.loss === 'absolute';
  const sEff = Math.min(options.s, prep.usableCount);
  // Only the k-POD fills change a row's norm: without missing cells the prepared norms are read as they are.
  let rowNorm = prep.initialRowNorms;
  if (prep.missing.length > 0) {
    rowNorm = work.float64('rowNorm', n);
    rowNorm.set(prep.initialRowNorms);
  }
  const selected = new Int32Array(local ? k * sEff : sEff);
  return {
    Y,
    n,
    p,
    k,
    sEff,
    local,
    absolute,
    usable,
    means: new Float64Array(k * p),
    theta: new Float64Array(k * p),
    clusterScores: new Float64Array(k * p),
    scores: new Float64Array(p),
    selected,
    thetaC: new Float64Array(k * sEff),
    cj: new Float64Array(k),
    pos: new Int32Array(selected.length),
    rowNorm,
    newLabels: work.labels('newLabels', n, k),
    newCounts: new Int32Array(k),
    acc: new Float64Array(k),
    order: work.int32('order', absolute ? Math.max(n, p) : p),
    clusterStart: new Int32Array(k + 1),
    medianValues: work.float64('medians', absolute ? n : 0),
    rankValues: new Float64Array(p),
    rowScores: new Float64Array(local ? p : 0),
  };
}
