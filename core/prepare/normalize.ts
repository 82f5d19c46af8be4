/**
 * Median centring across samples: each sample's median of its observed values is subtracted from its values,
 * the usual correction for loading differences on log-scale data.
 * Example: samples [1, 3, 5] and [2, 4, NaN] → medians 3 and 3 → [−2, 0, 2] and [−1, 1, NaN].
 */
import { SkfrError } from '../errors.js';
import type { MappedData } from '../table/types.js';
import type { StepOutcome } from './outcome.js';

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function medianCentre(data: MappedData): StepOutcome {
  const { rows: n, cols: p, data: x } = data.matrix;
  const out = new Float64Array(x.length);
  for (let i = 0; i < n; i++) {
    const observed: number[] = [];
    for (let l = 0; l < p; l++) {
      const v = x[i * p + l]!;
      if (v === v) observed.push(v);
    }
    if (observed.length === 0) throw new SkfrError('empty-sample', `Sample “${data.sampleIds[i]}” has no value to take a median of.`);
    const m = median(observed);
    for (let l = 0; l < p; l++) out[i * p + l] = x[i * p + l]! - m;
  }
  return { data: { ...data, matrix: { ...data.matrix, data: out } }, count: n };
}
