/**
 * The drop-samples step: samples with fewer than `minValues` observed values among the features at this point of
 * the preparation are removed, and counted. Example: samples [1, NaN], [NaN, NaN], [2, 3] with minValues 1 →
 * the second is removed, count 1; with minValues 2 the first goes too, count 2. Removing every sample is refused.
 */
import { SkfrError } from '../errors.js';
import type { DropSamplesStep, MappedData } from '../table/types.js';
import { keepSamples } from './keep-samples.js';
import type { StepOutcome } from './outcome.js';

export function describeDropSamples(step: DropSamplesStep): string {
  return step.minValues <= 1 ? 'Samples with no value removed' : `Samples with fewer than ${step.minValues} values removed`;
}

export function dropSamples(data: MappedData, step: DropSamplesStep): StepOutcome {
  const { rows: n, cols: p, data: x } = data.matrix;
  const keep = new Uint8Array(n);
  let removed = 0;
  for (let i = 0; i < n; i++) {
    let observed = 0;
    for (let at = i * p, end = at + p; at < end && observed < step.minValues; at++) if (x[at] === x[at]) observed++;
    keep[i] = observed >= step.minValues ? 1 : 0;
    if (!keep[i]) removed++;
  }
  if (removed === n) {
    throw new SkfrError(
      'empty-sample',
      `Every sample has ${step.minValues <= 1 ? 'no value' : `fewer than ${step.minValues} values`} in the ${p} features: none would be left; ask for fewer values per sample.`,
    );
  }
  return { data: keepSamples(data, keep), count: removed };
}
