/**
 * Feature ranking (the "projection to the sparsity set" of Algorithms 1–2): keep the `count` features with
 * the largest scores d, best first. Ties go to the lower feature index; zero-variance features are never
 * taken. Deterministic. Cost: one native numeric sort of the p scores plus a comparator sort of the
 * `count` kept ones.
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
  values: Float64Array,
): void {
  if (count <= 0) return;
  if (count * 8 <= p) {
    // Few features kept: one pass with an insertion buffer (scores descending). Features arrive in
    // increasing index order and only a strictly larger score moves ahead, so ties keep the lower index.
    let size = 0;
    for (let l = 0; l < p; l++) {
      if (usable[l] !== 1) continue;
      const v = scores[scoreOffset + l]!;
      if (size === count) {
        if (!(v > scores[scoreOffset + out[outOffset + count - 1]!]!)) continue;
        size--;
      }
      let pos = size;
      while (pos > 0 && scores[scoreOffset + out[outOffset + pos - 1]!]! < v) {
        out[outOffset + pos] = out[outOffset + pos - 1]!;
        pos--;
      }
      out[outOffset + pos] = l;
      size++;
    }
    return;
  }
  // The count-th largest usable score, by a native numeric sort (no comparator).
  let m = 0;
  for (let l = 0; l < p; l++) if (usable[l] === 1) values[m++] = scores[scoreOffset + l]!;
  const sorted = values.subarray(0, m).sort();
  const threshold = sorted[m - count]!;
  // Everything above the threshold, then ties at the threshold by increasing index.
  let taken = 0;
  for (let l = 0; l < p; l++) if (usable[l] === 1 && scores[scoreOffset + l]! > threshold) order[taken++] = l;
  for (let l = 0; l < p && taken < count; l++) if (usable[l] === 1 && scores[scoreOffset + l] === threshold) order[taken++] = l;
  const picked = order.subarray(0, count);
  picked.sort((a, b) => {
    const d = scores[scoreOffset + b]! - scores[scoreOffset + a]!;
    return d !== 0 ? d : a - b;
  });
  out.set(picked, outOffset);
}
