/**
 * Feature ranking (the "projection to the sparsity set" of Algorithms 1–2): keep the `count` features with
 * the largest scores d, best first. Ties go to the lower feature index; zero-variance features are never
 * taken. Deterministic: a full sort of the usable indices, O(p log p) per call.
 */

/**
 * Write into out[outOffset .. outOffset+count) the usable feature indices with the largest
 * scores[scoreOffset + l], best first. `order` is scratch of length ≥ p.
 *
 * @example // scores [1, 5, 5, 2], all usable, count 2 → [1, 2]
 */
export function topFeatures(
  scores: Float64Array,
  scoreOffset: number,
  p: number,
  usable: Uint8Array,
  count: number,
  out: Int32Array,
  outOffset: number,
  order: Int32Array,
): void {
  let m = 0;
  for (let l = 0; l < p; l++) if (usable[l] === 1) order[m++] = l;
  const view = order.subarray(0, m);
  view.sort((a, b) => {
    const d = scores[scoreOffset + b]! - scores[scoreOffset + a]!;
    return d !== 0 ? d : a - b;
  });
  for (let t = 0; t < count; t++) out[outOffset + t] = view[t]!;
}
