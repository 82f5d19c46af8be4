/**
 * How well a selection and a ranking find the spiked proteins (the positives) of a spike-in experiment.
 *
 * - precision = |selected ∩ spiked| / |selected|; recall = |selected ∩ spiked| / |spiked that survive the
 *   preparation| (the positives among the features fitted).
 * - average precision (AP) of a ranking: the mean over the positives of the precision at the rank of each,
 *   AP = (1/P) Σ_{r : item r is a positive} (positives in ranks 1..r) / r.
 * @example averagePrecision([true, false, true], 2) // (1/1 + 2/3) / 2 = 0.8333…
 */

/** Precision and recall of `selected` (feature indices) against `positive` (per feature). */
export function precisionRecall(selected: ArrayLike<number>, positive: readonly boolean[]): { precision: number; recall: number; hits: number } {
  let hits = 0;
  for (let t = 0; t < selected.length; t++) if (positive[selected[t]!]) hits++;
  const positives = positive.filter(Boolean).length;
  return { precision: selected.length > 0 ? hits / selected.length : NaN, recall: positives > 0 ? hits / positives : NaN, hits };
}

/**
 * AP of a ranking given as "is the item at rank r a positive", best first; `positives` is P (a positive missing
 * from the ranking counts as found at no rank, so it lowers AP). NaN when P = 0.
 */
export function averagePrecision(ranked: readonly boolean[], positives: number): number {
  if (positives <= 0) return NaN;
  let found = 0;
  let sum = 0;
  ranked.forEach((isPositive, r) => {
    if (!isPositive) return;
    found++;
    sum += found / (r + 1);
  });
  return sum / positives;
}
