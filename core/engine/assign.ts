/**
 * Step 5 of Algorithms 1–2: assign every sample to the nearest sparse center, O(n·s·k).
 *
 * Squared loss: argmin_j c_j − Σ_{t} 2 y_{i,l_t} θ_{j,l_t} with c_j = Σ_t θ_{j,l_t}², and the distance
 * ‖y_i − θ_j‖² = ‖y_i‖² + that minimum. Absolute loss: argmin_j Σ_t (|y_{i,l_t} − θ_{j,l_t}| − |y_{i,l_t}|),
 * distance ‖y_i‖₁ + that minimum.
 *
 * Ties (see `TIE`): a sample stays in its current cluster unless another is nearer by more than
 * TIE × the row's distance scale; otherwise it goes to the nearest cluster, and among the clusters within
 * that tolerance of the nearest, to the lowest index. Two clusters whose centers are equal in exact
 * arithmetic differ in the last bits here (the cluster sums are updated incrementally), and deciding
 * between them by rounding sent every tied sample back and forth between them, for ever.
 *
 * The SKFR1 squared kernel keeps eight (then four) clusters' sums in registers (blocks of j), each summed over t in the
 * ranking order exactly as a plain loop would, so the result does not depend on the blocking, bit for bit; per-center
 * lower bounds (AssignBounds) skip the centers that cannot be nearest.
 * Every assignment reads an AssignInput: `src` at row i·stride + pos[·] (the compact selected-column copy or the
 * full matrix), the compact centers and the row norms.
 *
 * @example // k = 2, one selected feature: y = 1, θ = (0.9, −1) → c − 2yθ = (−0.99, 3) → cluster 0
 */
import { ROWS_PER_CHECK, throwIfAborted } from './abort.js';
import type { RestartScratch } from './scratch.js';
import { rowNormAt } from './seeding.js';
import type { Labels } from './labels.js';
import type { AbortSignalLike } from './types.js';

const CHECK_MASK = ROWS_PER_CHECK - 1;

/**
 * Relative tolerance of a tie between two clusters' distances, times the row's distance scale:
 * (‖y_i‖ + max_j ‖θ_j‖)² for the squared loss, ‖y_i‖₁ + max_j ‖θ_j‖₁ for the absolute loss. Far above the
 * rounding of the computed distances (≈ 1e-16 × s × the scale) and of centers that are equal in exact
 * arithmetic, far below any real difference; 1000× below the pruning margin of AssignBounds (1e-9), so a
 * center the bounds skip is never within the tolerance of the nearest one.
 */
export const TIE = 1e-12;

/**
 * The cluster of a row given its k scores `dv` (Infinity for centers that were not evaluated), the
 * lowest-index nearest one `best` at score `bestD`, its current cluster `c` and the tolerance `tol`: c when
 * dv[c] ≤ bestD + tol, else the lowest index within tol of bestD (best itself when none is lower).
 */
function tieBreak(dv: Float64Array, best: number, bestD: number, c: number, tol: number): number {
  if (best === c) return c;
  const limit = bestD + tol;
  if (dv[c]! <= limit) return c;
  for (let j = 0; j < best; j++) if (dv[j]! <= limit) return j;
  return best;
}

export interface AssignTarget {
  labels: Labels;
  counts: Int32Array;
  /** Distance of each sample to its new center (clamped at 0). */
  dist: Float64Array;
}

/**
 * Lower bounds for the pruned SKFR1 squared assignment (Elkan 2003, lower bounds only): lower[i·k + j] ≤ the
 * Euclidean distance from y_i to sparse center j, exact (up to the margin) after center j was last evaluated
 * for row i. Between iterations each bound shrinks by its center's move, δ_j = ‖θ_j^new − θ_j^old‖ (over all
 * p features), and by the row's own change from k-POD fills, sqrt(shift[i]). Row i's own center c is always
 * evaluated exactly (O(s)); center j ≠ c is evaluated only when D_c + margin ≥ lower[i·k + j]², so a row
 * whose bounds all hold costs O(s + k) instead of O(s·k). A skipped center is strictly farther than c, also
 * in floating point, because the margin, 1e-9 · (‖y_i‖ + max_j ‖θ_j‖)², exceeds twice the rounding error of
 * the computed distances; every evaluated center's value is computed exactly as the full loop computes it —
 * so labels (ties: see TIE; a skipped center is never within the tie tolerance, which is below the margin)
 * and distances are exactly those of the full evaluation, bit for bit.
 */
export class AssignBounds {
  /** n × k lower bounds on the distance from each row to each center. */
  readonly lower: Float64Array;
  /** Σ (y_new − y_old)² of row i since its last assignment (k-POD fills). */
  readonly shift: Float64Array;
  /** Row i's score c_j − Σ_t 2 y_t θ_jt at the center it was assigned to by the last assignment. */
  readonly own: Float64Array;
  /** The selected feature ids (ranking order) of the last assignment. */
  selected: Int32Array = new Int32Array(0);
  private readonly previous: Float64Array;
  private readonly delta: Float64Array;
  /** False until the first full assignment, and after any change the bounds do not track. */
  valid = false;

  /** `work`: take the n-sized arrays from a restart's scratch (zeroed, as fresh ones would be). */
  constructor(n: number, k: number, p: number, work?: RestartScratch) {
    this.lower = work ? work.float64('bounds.lower', n * k) : new Float64Array(n * k);
    this.shift = work ? work.float64('bounds.shift', n) : new Float64Array(n);
    this.own = work ? work.float64('bounds.own', n) : new Float64Array(n);
    this.previous = new Float64Array(k * p);
    this.delta = new Float64Array(k);
  }

  /**
   * Center moves since the last assignment: δ_j for every cluster (with the largest and the second
   * largest). Then remembers θ as the last assignment's centers.
   */
  moves(theta: Float64Array, k: number, p: number): { delta: Float64Array; first: number; second: number; argFirst: number } {
    const { previous, delta } = this;
    let first = 0;
    let second = 0;
    let argFirst = -1;
    for (let j = 0; j < k; j++) {
      let ss = 0;
      for (let l = 0, o = j * p; l < p; l++, o++) {
        const d = theta[o]! - previous[o]!;
        ss += d * d;
      }
      const m = Math.sqrt(ss) * (1 + 1e-12);
      delta[j] = m;
      if (m > first) {
        second = first;
        first = m;
        argFirst = j;
      } else if (m > second) {
        second = m;
      }
    }
    previous.set(theta);
    return { delta, first, second, argFirst };
  }

  /**
   * Whether the bounds are valid and the first s of `features` are the feature ids of the last assignment, in
   * the same order; remembers them when not. Only then may a row that did not change keep its score at an
   * unmoved center (δ_c = 0: θ_c is the same bit for bit): the same products are summed in the same order
   * (the same set of columns is not copied again, so the ids also sit at the same positions of `src`).
   * Ids, not positions in the compact copy: after the copy is rebuilt for another set, the same positions can
   * hold other features in another ranking order (ids [0, 2, 1] and [1, 3, 2] both sit at positions
   * [0, 2, 1]), and a sum over θ_c's nonzero values in another order differs in its last bits.
   */
  keepsFeatures(features: Int32Array, s: number): boolean {
    let same = this.valid && this.selected.length === s;
    for (let t = 0; same && t < s; t++) same = this.selected[t] === features[t];
    if (!same) this.selected = features.slice(0, s);
    return same;
  }
}

/**
 * What an assignment reads: the data in the layout of SelectedColumns and the centers on the selected
 * features. A restart builds it once; the arrays change in place every iteration.
 */
export interface AssignInput {
  /** The matrix read at row i·stride + pos[·]: the compact selected-column copy or the full data. */
  src: Float64Array;
  /** Row stride of `src`. */
  stride: number;
  /** The column in `src` of each entry of `features`. */
  pos: Int32Array;
  /** The selected feature ids: SKFR1 the s kept features in ranking order, SKFR2 k × s cluster-major (j·s + t). */
  features: Int32Array;
  n: number;
  k: number;
  /** Selected features (per cluster for SKFR2). */
  s: number;
  /** Compact centers: SKFR1 feature-major (t·k + j), SKFR2 cluster-major (j·s + t). */
  thetaC: Float64Array;
  /** cj[j] = Σ_t θ_jt² over center j's selected features. */
  cj: Float64Array;
  /**
   * ‖y_i‖² (squared loss) or ‖y_i‖₁ (absolute loss); empty when the norms are not stored (prepare.ts
   * NORMS_RECOMPUTED_UP_TO): then each is computed from `data` as the stored ones are (normOf).
   */
  rowNorm: Float64Array;
  /** The whole matrix, n × p row-major (the fill of its missing cells as of this iteration). */
  data: Float64Array;
  p: number;
  /** The labels of the last iteration (ties: see TIE; the bounds' own centers). */
  current: Labels;
}

/** Row i's norm (AssignInput.rowNorm): stored, or computed from the row exactly as it would have been stored. */
function normOf(input: AssignInput, i: number, absolute: boolean): number {
  const { rowNorm } = input;
  return rowNorm.length > 0 ? rowNorm[i]! : rowNormAt(input.data, i, input.p, absolute);
}

/** Row i goes to cluster `best`, at distance ‖y_i‖² or ‖y_i‖₁ (rn) + its score (clamped at 0). */
function settle(out: AssignTarget, i: number, best: number, bestD: number, rn: number): void {
  out.labels[i] = best;
  out.counts[best]!++;
  const e = rn + bestD;
  out.dist[i] = e > 0 ? e : 0;
}

/** A lower bound from a squared distance less the margin: √e2, or 0 when e2 ≤ 0. */
function boundFrom(e2: number): number {
  return e2 > 0 ? Math.sqrt(e2) : 0;
}

/** c_j − Σ_t 2 y_t θ_jt for one row and one center, summed exactly as the blocked loops sum it. */
function centerScore(src: Float64Array, base: number, pos: Int32Array, s: number, k: number, j: number, thetaC: Float64Array, cj: Float64Array): number {
  let d = cj[j]!;
  for (let t = 0, off = j; t < s; t++, off += k) d -= 2 * src[base + pos[t]!]! * thetaC[off]!;
  return d;
}

/**
 * All k scores of one row into `dv` (length ≥ k): eight (then four) clusters at a time in registers, each
 * summed over t in the ranking order exactly as centerScore sums it.
 */
function allScores(src: Float64Array, base: number, pos: Int32Array, s: number, k: number, thetaC: Float64Array, cj: Float64Array, dv: Float64Array): void {
  const k8 = k - (k & 7);
  const k4 = k - (k & 3);
  let j = 0;
  for (; j < k8; j += 8) {
    let d0 = cj[j]!;
    let d1 = cj[j + 1]!;
    let d2 = cj[j + 2]!;
    let d3 = cj[j + 3]!;
    let d4 = cj[j + 4]!;
    let d5 = cj[j + 5]!;
    let d6 = cj[j + 6]!;
    let d7 = cj[j + 7]!;
    for (let t = 0, off = j; t < s; t++, off += k) {
      const y2 = 2 * src[base + pos[t]!]!;
      d0 -= y2 * thetaC[off]!;
      d1 -= y2 * thetaC[off + 1]!;
      d2 -= y2 * thetaC[off + 2]!;
      d3 -= y2 * thetaC[off + 3]!;
      d4 -= y2 * thetaC[off + 4]!;
      d5 -= y2 * thetaC[off + 5]!;
      d6 -= y2 * thetaC[off + 6]!;
      d7 -= y2 * thetaC[off + 7]!;
    }
    dv[j] = d0;
    dv[j + 1] = d1;
    dv[j + 2] = d2;
    dv[j + 3] = d3;
    dv[j + 4] = d4;
    dv[j + 5] = d5;
    dv[j + 6] = d6;
    dv[j + 7] = d7;
  }
  for (; j < k4; j += 4) {
    let d0 = cj[j]!;
    let d1 = cj[j + 1]!;
    let d2 = cj[j + 2]!;
    let d3 = cj[j + 3]!;
    for (let t = 0, off = j; t < s; t++, off += k) {
      const y2 = 2 * src[base + pos[t]!]!;
      d0 -= y2 * thetaC[off]!;
      d1 -= y2 * thetaC[off + 1]!;
      d2 -= y2 * thetaC[off + 2]!;
      d3 -= y2 * thetaC[off + 3]!;
    }
    dv[j] = d0;
    dv[j + 1] = d1;
    dv[j + 2] = d2;
    dv[j + 3] = d3;
  }
  for (; j < k; j++) dv[j] = centerScore(src, base, pos, s, k, j, thetaC, cj);
}

/** What the SKFR1 squared assignment computes once for all its rows. */
interface SquaredPass {
  /** max_j ‖θ_j‖ over the selected features, for each row's distance scale (‖y_i‖ + max_j ‖θ_j‖)². */
  thetaMax: number;
  /** The centers cluster-major (j·s + t), for one-center evaluations. */
  thetaR: Float64Array;
  /** The current row's 2·y_t in ranking order (2·y is exact, so sums over it are those of allScores). */
  row2: Float64Array;
  /** The current row's k scores; Infinity for a center its bound rules out. */
  dv: Float64Array;
  /** δ_j, each center's move since the last assignment (AssignBounds.moves). */
  delta: Float64Array;
  /** The same feature ids in the same order as the last assignment (AssignBounds.keepsFeatures). */
  sameFeatures: boolean;
  /** Evaluating more than this many centers one by one costs more than the blocked loop over all k. */
  fewCenters: number;
}

/**
 * SKFR1, squared loss: `input.thetaC` is feature-major (t·k + j) over the s selected features (ranking
 * order), `input.cj[j]` = Σ_t θ_jt². With valid bounds only the centers they do not rule out are evaluated.
 */
export function assignGlobalSquared(
  input: AssignInput,
  out: AssignTarget,
  bounds: AssignBounds | null,
  moves: { delta: Float64Array; first: number; second: number; argFirst: number } | null,
  signal?: AbortSignalLike,
): void {
  const { n, k, s, thetaC, cj, current } = input;
  const prune = bounds !== null && bounds.valid;
  const sameFeatures = bounds !== null && bounds.keepsFeatures(input.features, s);
  out.counts.fill(0);
  let cmax = 0;
  for (let j = 0; j < k; j++) if (cj[j]! > cmax) cmax = cj[j]!;
  const thetaR = new Float64Array(k * s);
  for (let t = 0; t < s; t++) for (let j = 0; j < k; j++) thetaR[j * s + t] = thetaC[t * k + j]!;
  const pass: SquaredPass = {
    thetaMax: Math.sqrt(cmax),
    thetaR,
    row2: new Float64Array(s),
    dv: new Float64Array(k),
    delta: moves?.delta ?? new Float64Array(k),
    sameFeatures,
    fewCenters: k >> 1,
  };
  if (bounds === null) {
    assignRowsPlainly(input, pass, out, signal);
    return;
  }
  // Two passes in two functions, so that each is optimised with feedback from its own rows: one function
  // for both re-optimised it each time a pruned branch ran for the first time (4 times in a cold mouse fit).
  const { shift } = bounds;
  if (prune) assignPrunedRows(input, pass, out, bounds, signal);
  else for (let i = 0; i < n; i++) {
    if ((i & CHECK_MASK) === 0) throwIfAborted(signal);
    shift[i] = 0;
    assignRowFully(input, pass, i, current[i]!, out, bounds);
  }
  bounds.valid = true;
}

/**
 * Every row against all k centers, without bounds (see useBounds): the scores, labels and distances of
 * assignRowFully, bit for bit, and nothing stored per row beyond them.
 */
function assignRowsPlainly(input: AssignInput, pass: SquaredPass, out: AssignTarget, signal?: AbortSignalLike): void {
  const { src, stride, pos, n, k, s, thetaC, cj, current } = input;
  const { thetaMax, dv } = pass;
  for (let i = 0; i < n; i++) {
    if ((i & CHECK_MASK) === 0) throwIfAborted(signal);
    const rn = normOf(input, i, false);
    const scale = Math.sqrt(rn > 0 ? rn : 0) + thetaMax;
    allScores(src, i * stride, pos, s, k, thetaC, cj, dv);
    let best = 0;
    let bestD = Infinity;
    for (let j = 0; j < k; j++) {
      const d = dv[j]!;
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    }
    best = tieBreak(dv, best, bestD, current[i]!, TIE * scale * scale);
    settle(out, i, best, dv[best]!, rn);
  }
}

/**
 * Whether the SKFR1 squared assignment keeps per-row bounds (AssignBounds: 8·(k + 2) bytes a sample, k + 2
 * times a one-column matrix). They let a row skip the centers that cannot be nearest, which saves time only
 * when a center's score is more than a few multiply-adds: without them the assignment took 0.56–0.80× the time
 * at s ≤ 2, 0.7–1.2× at s = 4–5, and 1.25–1.46× from s = 6 on (`npm run bench:bounds`, bench/RESULTS.md), and the
 * bounds would be the fit's largest arrays on a tall, narrow table (20 million rows × 1 column: 640 MB at k = 2
 * beside 160 MB of numbers). Same labels and distances either way, bit for bit.
 * @example useBounds(1) === false; useBounds(10) === true
 */
export function useBounds(s: number): boolean {
  return s >= BOUNDS_MIN_S;
}

/** The fewest selected features for which the assignment keeps bounds (useBounds). */
export const BOUNDS_MIN_S = 5;

/** SKFR1, absolute loss; `acc` is scratch of length k. */
export function assignGlobalAbsolute(input: AssignInput, out: AssignTarget, acc: Float64Array, signal?: AbortSignalLike): void {
  const { src, stride, pos, n, k, s, thetaC, current } = input;
  const { counts } = out;
  counts.fill(0);
  let thetaMax = 0; // max_j ‖θ_j‖₁
  for (let j = 0; j < k; j++) {
    let a = 0;
    for (let t = 0, off = j; t < s; t++, off += k) a += Math.abs(thetaC[off]!);
    if (a > thetaMax) thetaMax = a;
  }
  for (let i = 0; i < n; i++) {
    if ((i & CHECK_MASK) === 0) throwIfAborted(signal);
    const base = i * stride;
    acc.fill(0);
    for (let t = 0; t < s; t++) {
      const y = src[base + pos[t]!]!;
      const ay = Math.abs(y);
      const off = t * k;
      for (let j = 0; j < k; j++) acc[j]! += Math.abs(y - thetaC[off + j]!) - ay;
    }
    let best = 0;
    let bestD = Infinity;
    for (let j = 0; j < k; j++) {
      if (acc[j]! < bestD) {
        bestD = acc[j]!;
        best = j;
      }
    }
    const rn = normOf(input, i, true);
    best = tieBreak(acc, best, bestD, current[i]!, TIE * (rn + thetaMax));
    settle(out, i, best, acc[best]!, rn);
  }
}

/**
 * SKFR2: cluster j is compared on its own s features; `input.thetaC` and `input.pos` are cluster-major
 * (j·s + t); `dv` is scratch of length k.
 */
export function assignLocal(input: AssignInput, absolute: boolean, out: AssignTarget, dv: Float64Array, signal?: AbortSignalLike): void {
  const { src, stride, pos, n, k, s, thetaC, cj, current } = input;
  const { counts } = out;
  counts.fill(0);
  // max_j ‖θ_j‖₁ (absolute) or max_j ‖θ_j‖ (squared), for the tie tolerance.
  let thetaMax = 0;
  for (let j = 0; j < k; j++) {
    let a = 0;
    if (absolute) for (let t = 0, off = j * s; t < s; t++, off++) a += Math.abs(thetaC[off]!);
    else a = Math.sqrt(cj[j]!);
    if (a > thetaMax) thetaMax = a;
  }
  for (let i = 0; i < n; i++) {
    if ((i & CHECK_MASK) === 0) throwIfAborted(signal);
    const base = i * stride;
    let best = 0;
    let bestD = Infinity;
    for (let j = 0; j < k; j++) {
      const off = j * s;
      let d = 0;
      if (absolute) {
        for (let t = 0; t < s; t++) {
          const y = src[base + pos[off + t]!]!;
          d += Math.abs(y - thetaC[off + t]!) - Math.abs(y);
        }
      } else {
        d = cj[j]!;
        for (let t = 0; t < s; t++) d -= 2 * src[base + pos[off + t]!]! * thetaC[off + t]!;
      }
      dv[j] = d;
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    }
    const rn = normOf(input, i, absolute);
    let scale: number;
    if (absolute) scale = rn + thetaMax;
    else {
      const r = Math.sqrt(rn > 0 ? rn : 0) + thetaMax;
      scale = r * r;
    }
    best = tieBreak(dv, best, bestD, current[i]!, TIE * scale);
    settle(out, i, best, dv[best]!, rn);
  }
}

/** Row i (in cluster c) against all k centers (blocked), with its k bounds, label, count, own score and distance. */
function assignRowFully(input: AssignInput, pass: SquaredPass, i: number, c: number, out: AssignTarget, bounds: AssignBounds): void {
  const { src, stride, pos, k, s, thetaC, cj } = input;
  const { thetaMax, dv } = pass;
  const { lower, own } = bounds;
  const rn = normOf(input, i, false);
  const lb = i * k;
  const scale = Math.sqrt(rn > 0 ? rn : 0) + thetaMax;
  const scale2 = scale * scale;
  const margin = 1e-9 * scale2;
  allScores(src, i * stride, pos, s, k, thetaC, cj, dv);
  let best = 0;
  let bestD = Infinity;
  for (let j = 0; j < k; j++) {
    const d = dv[j]!;
    if (d < bestD) {
      bestD = d;
      best = j;
    }
    lower[lb + j] = boundFrom(rn + d - margin);
  }
  best = tieBreak(dv, best, bestD, c, TIE * scale2);
  own[i] = dv[best]!;
  settle(out, i, best, dv[best]!, rn);
}

/**
 * Shrink row i's bounds (from lower[lb]) by the moves: each other center's by its own δ_j and by the row's move.
 * Returns the other center with the smallest bound afterwards (lowest index on ties): the likeliest rival.
 */
function shrinkBounds(lower: Float64Array, lb: number, k: number, c: number, delta: Float64Array, rowMove: number): number {
  let rival = c === 0 ? 1 : 0;
  for (let j = 0; j < k; j++) {
    if (j === c) continue;
    const lo = lower[lb + j]! - delta[j]! - rowMove;
    lower[lb + j] = lo;
    if (lo < lower[lb + rival]!) rival = j;
  }
  return rival;
}

/** Whether a center with bound `lo` cannot be nearer than (or tie with) the own center: ‖y_i‖² + d_c + margin < lo². */
function ruledOut(lo: number, threshold: number): boolean {
  return lo > 0 && threshold < lo * lo;
}

/** The centers other than c whose bound (row at lower[lb]) does not rule them out. */
function countFailing(lower: Float64Array, lb: number, k: number, c: number, threshold: number): number {
  let failing = 0;
  for (let j = 0; j < k; j++) if (j !== c && !ruledOut(lower[lb + j]!, threshold)) failing++;
  return failing;
}

/** Gather the row's 2·y_t (row at `base`) into pass.row2. */
function gatherRow(input: AssignInput, pass: SquaredPass, base: number): void {
  const { src, pos, s } = input;
  const { row2 } = pass;
  for (let t = 0; t < s; t++) row2[t] = 2 * src[base + pos[t]!]!;
}

/**
 * The row's scores at its own center c and at the rival m, summed in one loop — a second independent chain
 * costs almost nothing in this latency-bound loop — gathering its 2·y_t into pass.row2 on the way. The
 * rival's score goes to pass.dv[m]; returns the own one.
 */
function ownAndRivalScores(input: AssignInput, pass: SquaredPass, base: number, c: number, m: number): number {
  const { src, pos, s, cj } = input;
  const { thetaR, row2 } = pass;
  let dc = cj[c]!;
  let dm = cj[m]!;
  for (let t = 0, off = c * s, offM = m * s; t < s; t++, off++, offM++) {
    const y2 = 2 * src[base + pos[t]!]!;
    row2[t] = y2;
    dc -= y2 * thetaR[off]!;
    dm -= y2 * thetaR[offM]!;
  }
  pass.dv[m] = dm;
  return dc;
}

/** Center j's score for the row gathered in pass.row2, c_j − Σ_t 2 y_t θ_jt (summed as allScores sums it). */
function gatheredScore(input: AssignInput, pass: SquaredPass, j: number): number {
  const { s, cj } = input;
  const { thetaR, row2 } = pass;
  let d = cj[j]!;
  for (let t = 0, off = j * s; t < s; t++, off++) d -= row2[t]! * thetaR[off]!;
  return d;
}

/** No center's score is known yet (a center index that matches none). */
const NO_CENTER = -1;

/** The rows with valid bounds: only the centers whose bound fails are evaluated (see AssignBounds). */
function assignPrunedRows(input: AssignInput, pass: SquaredPass, out: AssignTarget, bounds: AssignBounds, signal?: AbortSignalLike): void {
  const { stride, n, k, current } = input;
  const { thetaMax, dv, delta, sameFeatures, fewCenters } = pass;
  const { lower, shift, own: ownScore } = bounds;
  for (let i = 0; i < n; i++) {
    if ((i & CHECK_MASK) === 0) throwIfAborted(signal);
    const base = i * stride;
    const lb = i * k;
    const rn = normOf(input, i, false);
    const scale = Math.sqrt(rn > 0 ? rn : 0) + thetaMax;
    const margin = 1e-9 * scale * scale;
    const sh = shift[i]!;
    shift[i] = 0;
    const c = current[i]!;
    const rival = shrinkBounds(lower, lb, k, c, delta, sh > 0 ? Math.sqrt(sh) * (1 + 1e-12) : 0);
    // The own center's score: kept when neither it nor the row moved (same features), else summed with the
    // rival's, whose bound is then exact again.
    const keepOwn = sameFeatures && sh === 0 && delta[c] === 0;
    let dc: number;
    if (keepOwn) dc = ownScore[i]!;
    else {
      dc = ownAndRivalScores(input, pass, base, c, rival);
      lower[lb + rival] = boundFrom(rn + dv[rival]! - margin);
    }
    const threshold = rn + dc + margin;
    const failing = countFailing(lower, lb, k, c, threshold);
    if (failing > fewCenters) {
      assignRowFully(input, pass, i, c, out, bounds);
      continue;
    }
    // Only the centers whose bound fails can be nearer than c (or tie with it); the others get an infinite
    // score in dv, which the tie rule never picks. The rival's score is in dv already when it was summed.
    let best = c;
    let bestD = dc;
    if (failing > 0) {
      const scored = keepOwn ? NO_CENTER : rival;
      if (keepOwn) gatherRow(input, pass, base);
      best = 0;
      bestD = Infinity;
      for (let j = 0; j < k; j++) {
        let d: number;
        if (j === c) d = dc;
        else if (ruledOut(lower[lb + j]!, threshold)) {
          dv[j] = Infinity;
          continue;
        } else if (j === scored) d = dv[j]!;
        else {
          d = gatheredScore(input, pass, j);
          lower[lb + j] = boundFrom(rn + d - margin);
        }
        dv[j] = d;
        if (d < bestD) {
          bestD = d;
          best = j;
        }
      }
      best = tieBreak(dv, best, bestD, c, TIE * scale * scale);
      bestD = dv[best]!;
    }
    lower[lb + c] = boundFrom(rn + dc - margin);
    ownScore[i] = bestD;
    settle(out, i, best, bestD, rn);
  }
}
