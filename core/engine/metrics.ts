/**
 * Agreement between two labellings and feature-selection error rates.
 * Labels are integers (an integer typed array, as a fit's labels are, or number[]); any integer values are allowed
 * (they need not be 0..k−1).
 */
import { SkfrError } from '../errors.js';
import type { Contingency, FitLabels, MixedNodes } from './types.js';

export type Labels = FitLabels | readonly number[];

function checkSameLength(a: Labels, b: Labels): void {
  if (a.length !== b.length) {
    throw new SkfrError('invalid-option', `The two labellings have different lengths (${a.length} and ${b.length}).`);
  }
}

function distinctSorted(a: Labels): number[] {
  return [...new Set(Array.from(a))].sort((x, y) => x - y);
}

/**
 * Contingency table n_uv = #{i : a_i = u, b_i = v}, rows = sorted distinct values of a, columns of b.
 * @example contingency([0, 0, 1], [5, 6, 6]) // rowLabels [0, 1], colLabels [5, 6], counts [1, 1, 0, 1]
 */
export function contingency(a: Labels, b: Labels): Contingency {
  checkSameLength(a, b);
  const rowLabels = distinctSorted(a);
  const colLabels = distinctSorted(b);
  const rowIndex = new Map(rowLabels.map((v, t) => [v, t]));
  const colIndex = new Map(colLabels.map((v, t) => [v, t]));
  const counts = new Int32Array(rowLabels.length * colLabels.length);
  for (let i = 0; i < a.length; i++) {
    counts[rowIndex.get(a[i]!)! * colLabels.length + colIndex.get(b[i]!)!]!++;
  }
  return { rowLabels, colLabels, counts };
}

const choose2 = (x: number): number => (x * (x - 1)) / 2;

/**
 * Adjusted Rand index (Hubert & Arabie 1985):
 * ARI = (Σ_uv C(n_uv,2) − E) / (½(Σ_u C(a_u,2) + Σ_v C(b_v,2)) − E),  E = Σ_u C(a_u,2) Σ_v C(b_v,2) / C(n,2).
 * 1 for identical partitions (up to renaming), about 0 for independent ones, can be negative.
 * Degenerate case: when the denominator is 0 (both labellings put everything in one cluster, or both
 * make every sample its own cluster — then they are identical) the ARI is 1; with n < 2 it is 1.
 * @example adjustedRandIndex([0, 0, 1, 1], [1, 1, 0, 0]) // 1
 */
export function adjustedRandIndex(a: Labels, b: Labels): number {
  const { rowLabels, colLabels, counts } = contingency(a, b);
  const n = a.length;
  if (n < 2) return 1;
  let index = 0;
  for (const c of counts) index += choose2(c);
  const rowSums = new Float64Array(rowLabels.length);
  const colSums = new Float64Array(colLabels.length);
  for (let u = 0; u < rowLabels.length; u++) {
    for (let v = 0; v < colLabels.length; v++) {
      const c = counts[u * colLabels.length + v]!;
      rowSums[u]! += c;
      colSums[v]! += c;
    }
  }
  let sa = 0;
  let sb = 0;
  for (const x of rowSums) sa += choose2(x);
  for (const x of colSums) sb += choose2(x);
  const expected = (sa * sb) / choose2(n);
  const max = (sa + sb) / 2;
  if (max === expected) return 1;
  return (index - expected) / (max - expected);
}

/**
 * Normalised mutual information with the ARITHMETIC-MEAN normalisation (as scikit-learn's default):
 * NMI = I(a; b) / ((H(a) + H(b)) / 2) = 2 I / (H(a) + H(b)), natural logarithms (the base cancels).
 * I = Σ_uv (n_uv/n) log(n·n_uv / (a_u b_v)), H(a) = −Σ_u (a_u/n) log(a_u/n).
 * Degenerate cases: H(a) + H(b) = 0 (both labellings have a single cluster) → 1; n = 0 → 1.
 * If only one labelling has a single cluster, I = 0 and NMI = 0. Result clamped to [0, 1].
 * @example normalizedMutualInfo([0, 0, 1, 1], [0, 0, 0, 1]) // ≈ 0.3437
 */
export function normalizedMutualInfo(a: Labels, b: Labels): number {
  const { rowLabels, colLabels, counts } = contingency(a, b);
  const n = a.length;
  if (n === 0) return 1;
  const rows = rowLabels.length;
  const cols = colLabels.length;
  const rowSums = new Float64Array(rows);
  const colSums = new Float64Array(cols);
  for (let u = 0; u < rows; u++) {
    for (let v = 0; v < cols; v++) {
      rowSums[u]! += counts[u * cols + v]!;
      colSums[v]! += counts[u * cols + v]!;
    }
  }
  const entropy = (sums: Float64Array): number => {
    let h = 0;
    for (const x of sums) if (x > 0) h -= (x / n) * Math.log(x / n);
    return h;
  };
  const ha = entropy(rowSums);
  const hb = entropy(colSums);
  if (ha + hb === 0) return 1;
  let mi = 0;
  for (let u = 0; u < rows; u++) {
    for (let v = 0; v < cols; v++) {
      const c = counts[u * cols + v]!;
      if (c > 0) mi += (c / n) * Math.log((n * c) / (rowSums[u]! * colSums[v]!));
    }
  }
  const nmi = (2 * mi) / (ha + hb);
  return Math.min(1, Math.max(0, nmi));
}

/**
 * Mixed nodes (Higuera et al. 2015, the paper's Table 1): a cluster is *mixed* when it holds samples of
 * more than one known class. Samples whose class is unknown (−1) are ignored entirely: they neither make a
 * cluster mixed nor count in `totalInMixedNodes`, which is the number of known-class samples in mixed clusters.
 * @example mixedNodes([0, 0, 1, 1, 1], [7, 8, 9, 9, -1]) // { mixedNodes: 1, totalInMixedNodes: 2 }
 */
export function mixedNodes(labels: Labels, classes: Labels): MixedNodes {
  checkSameLength(labels, classes);
  const byCluster = new Map<number, { classes: Set<number>; size: number }>();
  for (let i = 0; i < labels.length; i++) {
    const c = classes[i]!;
    if (c === -1) continue;
    let entry = byCluster.get(labels[i]!);
    if (entry === undefined) {
      entry = { classes: new Set(), size: 0 };
      byCluster.set(labels[i]!, entry);
    }
    entry.classes.add(c);
    entry.size++;
  }
  let mixed = 0;
  let total = 0;
  for (const entry of byCluster.values()) {
    if (entry.classes.size > 1) {
      mixed++;
      total += entry.size;
    }
  }
  return { mixedNodes: mixed, totalInMixedNodes: total };
}

/**
 * False positive rate of a feature selection: |selected \ truth| / (p − |truth|) (0 when every feature is true).
 * @example falsePositiveRate([0, 1, 7], [0, 1, 2], 10) // 1/7
 */
export function falsePositiveRate(selected: ArrayLike<number>, truth: ArrayLike<number>, p: number): number {
  const t = new Set(Array.from(truth));
  const negatives = p - t.size;
  if (negatives <= 0) return 0;
  let fp = 0;
  for (const l of new Set(Array.from(selected))) if (!t.has(l)) fp++;
  return fp / negatives;
}

/**
 * False negative rate: |truth \ selected| / |truth| (0 when truth is empty).
 * @example falseNegativeRate([0, 1, 7], [0, 1, 2], 10) // 1/3
 */
export function falseNegativeRate(selected: ArrayLike<number>, truth: ArrayLike<number>, _p?: number): number {
  const t = new Set(Array.from(truth));
  if (t.size === 0) return 0;
  const s = new Set(Array.from(selected));
  let fn = 0;
  for (const l of t) if (!s.has(l)) fn++;
  return fn / t.size;
}
