/** Small summary statistics for benchmark tables. Empty input gives NaN. */

/** Median (mean of the two middle values for an even count). @example median([3, 1, 2]) // → 2 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Arithmetic mean. @example mean([1, 2, 6]) // → 3 */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** [min, max]. @example range([3, 1, 2]) // → [1, 3] */
export function range(values: readonly number[]): [number, number] {
  if (values.length === 0) return [NaN, NaN];
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}
