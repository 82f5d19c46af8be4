/**
 * In-place selection and median of a Float64Array segment (Hoare quickselect with median-of-three pivot;
 * expected O(m)). Used by the absolute loss, whose cluster centers are within-cluster medians.
 */

/** Rearrange a[lo..hi] so that a[kth] holds the value it would have after sorting; returns it. */
export function selectKth(a: Float64Array, lo: number, hi: number, kth: number): number {
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // median of three → pivot
    let x = a[lo]!;
    let y = a[mid]!;
    const z = a[hi]!;
    if (x > y) [x, y] = [y, x];
    if (y > z) {
      y = z;
      if (x > y) y = x;
    }
    const pivot = y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (kth <= j) hi = j;
    else if (kth >= i) lo = i;
    else return a[kth]!;
  }
  return a[kth]!;
}

/**
 * Median of a[0..m−1] (m ≥ 1); the mean of the two middle values when m is even. Reorders the segment.
 * @example medianInPlace(Float64Array.of(3, 1, 4, 1), 4) // 2
 */
export function medianInPlace(a: Float64Array, m: number): number {
  const half = m >>> 1;
  const upper = selectKth(a, 0, m - 1, half);
  if (m % 2 === 1) return upper;
  let lower = -Infinity;
  for (let i = 0; i < half; i++) if (a[i]! > lower) lower = a[i]!;
  return (lower + upper) / 2;
}
