/**
 * Tukey's median polish of a two-way table, as R's `stats::medpolish(x, eps = 0.01, maxiter = 10, na.rm = TRUE)`
 * computes it: x_ij = overall + row_i + col_j + residual_ij, found by sweeping row medians, then column medians,
 * until the sum of absolute residuals changes by less than eps of itself. MSstats summarises a protein's feature
 * intensities in each run this way (dataProcess, summaryMethod = "TMP": runs as rows, features as columns, log2
 * intensities; the run's abundance is overall + row_i).
 *
 * @example medianPolish(Float64Array.of(1, 2, 3, 4), 2, 2) // overall 2.5, row [-1, 1], col [-0.5, 0.5]
 */

export interface MedianPolish {
  overall: number;
  /** One effect per row (NaN for a row with no value). */
  row: Float64Array;
  col: Float64Array;
}

/** Median of the non-missing values of `values` (NaN when there is none). */
function medianOf(values: number[]): number {
  const kept = values.filter((v) => v === v);
  const n = kept.length;
  if (n === 0) return NaN;
  kept.sort((a, b) => a - b);
  return n % 2 === 1 ? kept[(n - 1) / 2]! : (kept[n / 2 - 1]! + kept[n / 2]!) / 2;
}

/**
 * Median polish of the `rows` × `cols` table `x` (row-major, NaN = missing; not modified).
 * @param maxIter sweeps at most (R's default 10)
 * @param eps relative change of the absolute residuals that stops it (R's default 0.01)
 */
export function medianPolish(x: Float64Array, rows: number, cols: number, maxIter = 10, eps = 0.01): MedianPolish {
  const z = Float64Array.from(x);
  // A row or column without any value has no effect (NaN, as in R), and no part in the medians of the effects.
  const row = new Float64Array(rows).fill(NaN);
  const col = new Float64Array(cols).fill(NaN);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      if (x[i * cols + j] === x[i * cols + j]) {
        row[i] = 0;
        col[j] = 0;
      }
    }
  }
  let overall = 0;
  let oldSum = 0;
  const line: number[] = [];
  for (let iter = 0; iter < maxIter; iter++) {
    for (let i = 0; i < rows; i++) {
      line.length = 0;
      for (let j = 0; j < cols; j++) line.push(z[i * cols + j]!);
      const d = medianOf(line);
      if (d !== d) continue; // (no value in this row)
      for (let j = 0; j < cols; j++) z[i * cols + j]! -= d;
      row[i]! += d;
    }
    let delta = medianOf(Array.from(col));
    if (delta === delta) {
      for (let j = 0; j < cols; j++) col[j]! -= delta;
      overall += delta;
    }
    for (let j = 0; j < cols; j++) {
      line.length = 0;
      for (let i = 0; i < rows; i++) line.push(z[i * cols + j]!);
      const d = medianOf(line);
      if (d !== d) continue;
      for (let i = 0; i < rows; i++) z[i * cols + j]! -= d;
      col[j]! += d;
    }
    delta = medianOf(Array.from(row));
    if (delta === delta) {
      for (let i = 0; i < rows; i++) row[i]! -= delta;
      overall += delta;
    }
    let sum = 0;
    for (const v of z) if (v === v) sum += Math.abs(v);
    const converged = sum === 0 || Math.abs(sum - oldSum) < eps * sum;
    oldSum = sum;
    if (converged) break;
  }
  return { overall, row, col };
}
