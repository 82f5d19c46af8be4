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
 * `src` is read at row i·stride + pos[·] (the compact selected-column copy or the full matrix).
 *
 * @example // k = 2, one selected feature: y = 1, θ = (0.9, −1) → c − 2yθ = (−0.99, 3) → cluster 0
 */
import { ROWS_PER_CHECK, throwIfAborted } from './abort.js';
import type { RestartScratch } from './scratch.js';
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
 * The cluster of a row given its k scores `dv` (NaN/Infinity for centers that were not evaluated), the
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
  labels: Int32Array;
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
  /** The selected features (in ranking order) of the last assignment. */
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
}

/** Row i goes to cluster `best`, at distance ‖y_i‖² or ‖y_i‖₁ (rn) + its score (clamped at 0). */
function settle(out: AssignTarget, i: number, best: number, bestD: number, rn: number): void {
  out.labels[i] = best;
  out.counts[best]!++;
  const e = rn + bestD;
  out.dist[i] = e > 0 ? e : 0;
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

/**
 * SKFR1, squared loss. `thetaC` is feature-major (t·k + j) over the s selected features (ranking order),
 * `cj[j]` = Σ_t θ_jt², `current` the labels of the last iteration (ties: see TIE; and the bounds).
 */
export function assignGlobalSquared(
  src: Float64Array,
  stride: number,
  pos: Int32Array,
  n: number,
  k: number,
  s: number,
  thetaC: Float64Array,
  cj: Float64Array,
  rowNorm: Float64Array,
  out: AssignTarget,
  current: Int32Array,
  bounds: AssignBounds,
  moves: { delta: Float64Array; first: number; second: number; argFirst: number },
  signal?: AbortSignalLike,
): void {
  const { counts } = out;
  const { shift } = bounds;
  const prune = bounds.valid;
  // Same features in the same order: a row that did not change keeps its score at an unmoved center
  // (δ_c = 0: θ_c is the same bit for bit), since the same products are summed in the same order.
  let sameSelected = prune && bounds.selected.length === s;
  for (let t = 0; sameSelected && t < s; t++) sameSelected = bounds.selected[t] === pos[t];
  if (!sameSelected) bounds.selected = pos.slice(0, s);
  const { delta } = moves;
  counts.fill(0);
  let cmax = 0;
  for (let j = 0; j < k; j++) if (cj[j]! > cmax) cmax = cj[j]!;
  const thetaMax = Math.sqrt(cmax);
  const dv = new Float64Array(k);
  // Cluster-major copy of the centers (j·s + t) and the current row's 2·y_t, for one-center evaluations.
  const thetaR = new Float64Array(k * s);
  for (let t = 0; t < s; t++) for (let j = 0; j < k; j++) thetaR[j * s + t] = thetaC[t * k + j]!;
  const row2 = new Float64Array(s);
  // Evaluating more than this many centers one by one costs more than the blocked loop over all k.
  const fewCenters = k >> 1;
  // Two passes in two functions, so that each is optimised with feedback from its own rows: one function
  // for both re-optimised it each time a pruned branch ran for the first time (4 times in a cold mouse fit).
  if (prune) assignPrunedRows(src, stride, pos, n, k, s, thetaC, cj, rowNorm, out, current, bounds, delta, sameSelected, thetaMax, thetaR, row2, dv, fewCenters, signal);
  else for (let i = 0; i < n; i++) {
    if ((i & CHECK_MASK) === 0) throwIfAborted(signal);
    shift[i] = 0;
    assignRowFully(src, i, stride, pos, k, s, thetaC, cj, rowNorm[i]!, thetaMax, current[i]!, out, bounds, dv);
  }
  bounds.valid = true;
}

/** SKFR1, absolute loss; `acc` is scratch of length k, `current` the labels of the last iteration (ties). */
export function assignGlobalAbsolute(
  src: Float64Array,
  stride: number,
  pos: Int32Array,
  n: number,
  k: number,
  s: number,
  thetaC: Float64Array,
  acc: Float64Array,
  rowNorm: Float64Array,
  out: AssignTarget,
  current: Int32Array,
  signal?: AbortSignalLike,
): void {
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
    const rn = rowNorm[i]!;
    best = tieBreak(acc, best, bestD, current[i]!, TIE * (rn + thetaMax));
    settle(out, i, best, acc[best]!, rn);
  }
}

/**
 * SKFR2: cluster j is compared on its own s features; `thetaC` and `pos` are cluster-major (j·s + t);
 * `current` the labels of the last iteration (ties); `dv` scratch of length k.
 */
export function assignLocal(
  src: Float64Array,
  stride: number,
  pos: Int32Array,
  n: number,
  k: number,
  s: number,
  thetaC: Float64Array,
  cj: Float64Array,
  absolute: boolean,
  rowNorm: Float64Array,
  out: AssignTarget,
  current: Int32Array,
  dv: Float64Array,
  signal?: AbortSignalLike,
): void {
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
    const rn = rowNorm[i]!;
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

/** Row i against all k centers (blocked), with its k bounds, label, count, own score and distance. */
function assignRowFully(
  src: Float64Array,
  i: number,
  stride: number,
  pos: Int32Array,
  k: number,
  s: number,
  thetaC: Float64Array,
  cj: Float64Array,
  rn: number,
  thetaMax: number,
  c: number,
  out: AssignTarget,
  bounds: AssignBounds,
  dv: Float64Array,
): void {
  const { lower, own: ownScore } = bounds;
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
    const e2 = rn + d - margin;
    lower[lb + j] = e2 > 0 ? Math.sqrt(e2) : 0;
  }
  best = tieBreak(dv, best, bestD, c, TIE * scale2);
  ownScore[i] = dv[best]!;
  settle(out, i, best, dv[best]!, rn);
}

/** The rows with valid bounds: only the centers whose bound fails are evaluated (see AssignBounds). */
function assignPrunedRows(
  src: Float64Array,
  stride: number,
  pos: Int32Array,
  n: number,
  k: number,
  s: number,
  thetaC: Float64Array,
  cj: Float64Array,
  rowNorm: Float64Array,
  out: AssignTarget,
  current: Int32Array,
  bounds: AssignBounds,
  delta: Float64Array,
  sameSelected: boolean,
  thetaMax: number,
  thetaR: Float64Array,
  row2: Float64Array,
  dv: Float64Array,
  fewCenters: number,
  signal?: AbortSignalLike,
): void {
  const { lower, shift, own: ownScore } = bounds;
  for (let i = 0; i < n; i++) {
    if ((i & CHECK_MASK) === 0) throwIfAborted(signal);
    const base = i * stride;
    const lb = i * k;
    const rn = rowNorm[i]!;
    const scale = Math.sqrt(rn > 0 ? rn : 0) + thetaMax;
    const margin = 1e-9 * scale * scale;
    const sh = shift[i]!;
    shift[i] = 0;
    const c = current[i]!;
    const own = sh > 0 ? Math.sqrt(sh) * (1 + 1e-12) : 0;
    // Bounds after the moves; m = the other center with the smallest bound (the likeliest rival).
    let m = c === 0 ? 1 : 0;
    for (let j = 0; j < k; j++) {
      if (j === c) continue;
      const lo = lower[lb + j]! - delta[j]! - own;
      lower[lb + j] = lo;
      if (lo < lower[lb + m]!) m = j;
    }
    // Own center (reused when neither it nor the row moved), gathering the row's 2·y_t on the way
    // (2·y is exact, so the sums are those of allScores). The rival's score is summed in the same
    // loop: a second independent chain costs almost nothing in this latency-bound loop.
    let gathered = false;
    let dc: number;
    let dm = NaN;
    if (sameSelected && sh === 0 && delta[c] === 0) dc = ownScore[i]!;
    else {
      dc = cj[c]!;
      dm = cj[m]!;
      for (let t = 0, off = c * s, offM = m * s; t < s; t++, off++, offM++) {
        const y2 = 2 * src[base + pos[t]!]!;
        row2[t] = y2;
        dc -= y2 * thetaR[off]!;
        dm -= y2 * thetaR[offM]!;
      }
      gathered = true;
      const e2 = rn + dm - margin;
      lower[lb + m] = e2 > 0 ? Math.sqrt(e2) : 0;
    }
    const threshold = rn + dc + margin;
    let failing = 0;
    for (let j = 0; j < k; j++) {
      if (j === c) continue;
      const lo = lower[lb + j]!;
      if (!(lo > 0 && threshold < lo * lo)) failing++;
    }
    if (failing <= fewCenters) {
      // Only the centers whose bound fails can be nearer than c (or tie with it); the others get an
      // infinite score in dv, which the tie rule never picks.
      let best = c;
      let bestD = dc;
      if (failing > 0) {
        best = 0;
        bestD = Infinity;
        for (let j = 0; j < k; j++) {
          let d: number;
          if (j === c) d = dc;
          else {
            const lo = lower[lb + j]!;
            if (lo > 0 && threshold < lo * lo) {
              dv[j] = Infinity;
              continue;
            }
            if (j === m && dm === dm) d = dm; // dm is NaN unless summed above
            else {
              if (!gathered) {
                for (let t = 0; t < s; t++) row2[t] = 2 * src[base + pos[t]!]!;
                gathered = true;
              }
              d = cj[j]!;
              for (let t = 0, off = j * s; t < s; t++, off++) d -= row2[t]! * thetaR[off]!;
              const e2 = rn + d - margin;
              lower[lb + j] = e2 > 0 ? Math.sqrt(e2) : 0;
            }
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
      const e2 = rn + dc - margin;
      lower[lb + c] = e2 > 0 ? Math.sqrt(e2) : 0;
      ownScore[i] = bestD;
      settle(out, i, best, bestD, rn);
      continue;
    }
    assignRowFully(src, i, stride, pos, k, s, thetaC, cj, rn, thetaMax, c, out, bounds, dv);
  }
}
