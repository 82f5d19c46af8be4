/**
 * The log transform, and whether values look raw or already logarithmic (so a transform is proposed for raw
 * intensities and never applied twice).
 *
 * Raw intensities span several orders of magnitude and are right-skewed: p99 / p1 ≥ 1 000 and mean ≥ 1.5 ×
 * median (MaxQuant LFQ: 10⁵…10¹¹). log2 intensities sit between about 5 and 45 with a spread under 30
 * (Perseus matrices, supplements' log2 columns: 20…35). Other data (e.g. normalised levels 0.1…8) are neither.
 * Example: transform([[1, 8], [4, NaN]], log2) → [[0, 3], [2, NaN]].
 */
import { SkfrError } from '../errors.js';
import { selectKth } from '../engine/median.js';
import type { MappedData, TransformStep } from '../table/types.js';
import type { StepOutcome } from './outcome.js';

export interface ValueStats {
  /** Observed values looked at (at most 200 000: all of them, or those of rows drawn at random from a larger matrix). */
  count: number;
  p1: number;
  median: number;
  p99: number;
  mean: number;
  /** Share of the observed values that are 0 or negative. */
  nonPositive: number;
}

/** Cells looked at by valueStats. */
const SAMPLE = 200_000;

/**
 * Quantiles of the observed values of a row-major matrix of rows of `cols` values (default 1: a vector), missing
 * ones skipped: of every cell of a matrix of at most 200 000, else of every cell of ⌊200 000 / cols⌋ rows drawn
 * at random, one in each of as many equal stretches of the rows (a fixed sequence: the same matrix gives the
 * same stats). Whole rows lie in one run of memory, so a large matrix costs ⌊200 000 / cols⌋ short reads and a
 * sort of 200 000 values (not 200 000 cells each in its own cache line and page), and every column is looked
 * at equally: no regular spacing can fall on a few columns. A row wider than 200 000 cells is drawn from cell
 * by cell (as a vector). When every cell drawn is missing, every observed cell.
 * Example: a 50 000 × 200 matrix → the cells of 1 000 rows, one of each 50 rows in turn.
 */
export function valueStats(values: Float64Array, cols = 1): ValueStats | null {
  const n = values.length;
  if (!(Number.isInteger(cols) && cols >= 1) || n % cols !== 0) {
    throw new RangeError(`valueStats: ${n} values are not rows of ${cols}.`);
  }
  let sample: Float64Array;
  let count = 0;
  if (n <= SAMPLE) {
    sample = new Float64Array(n);
    for (let i = 0; i < n; i++) if (values[i] === values[i]) sample[count++] = values[i]!;
  } else {
    const width = cols <= SAMPLE ? cols : 1;
    const rows = n / width;
    const draws = Math.floor(SAMPLE / width); // 1 ≤ draws < rows: each stretch holds a row or more
    sample = new Float64Array(draws * width);
    // One row at random in each stretch [⌊k·rows/draws⌋, ⌊(k+1)·rows/draws⌋) (xorshift32, a fixed seed): rows
    // distinct, in memory order.
    let state = 0x9e3779b9;
    for (let k = 0; k < draws; k++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const from = Math.floor((k * rows) / draws);
      const to = Math.floor(((k + 1) * rows) / draws);
      const start = (from + Math.floor(((state >>> 0) / 4294967296) * (to - from))) * width;
      for (let c = start; c < start + width; c++) if (values[c] === values[c]) sample[count++] = values[c]!;
    }
    if (count === 0) {
      const observed: number[] = [];
      for (let i = 0; i < n; i++) if (values[i] === values[i]) observed.push(values[i]!);
      sample = Float64Array.from(observed);
      count = sample.length;
    }
  }
  if (count === 0) return null;
  // Three order statistics by selection (expected O(count); a sort of 200 000 values took ~25 ms): the median
  // first, then the 1st percentile below it and the 99th above it.
  const drawn = sample.subarray(0, count);
  const index = (q: number) => Math.min(count - 1, Math.floor(q * (count - 1)));
  const [i1, i50, i99] = [index(0.01), index(0.5), index(0.99)];
  const median = selectKth(drawn, 0, count - 1, i50);
  const p1 = selectKth(drawn, 0, i50, i1);
  const p99 = selectKth(drawn, i50, count - 1, i99);
  let sum = 0;
  let nonPositive = 0;
  for (let i = 0; i < count; i++) {
    const v = drawn[i]!;
    sum += v;
    if (v <= 0) nonPositive++;
  }
  return { count, p1, median, p99, mean: sum / count, nonPositive: nonPositive / count };
}

export function looksLogarithmic(stats: ValueStats): boolean {
  return stats.p1 > 4 && stats.p99 < 45 && stats.p99 - stats.p1 < 30;
}

export function looksRaw(stats: ValueStats): boolean {
  const positive = Math.max(stats.p1, Number.MIN_VALUE);
  return stats.p1 > 0 && stats.p99 / positive >= 1000 && stats.mean >= 1.5 * stats.median;
}

const round = (v: number) => (Math.abs(v) >= 1000 ? v.toExponential(1) : String(Math.round(v * 100) / 100));

/**
 * What to propose, and why, in one sentence. `values`: a row-major matrix of rows of `cols` values (valueStats);
 * `formatSaysRaw`: the format documents the quantity as a raw intensity (true), as log values (false: no transform
 * unless the values are plainly raw), or does not say (null; QuantityKind.raw); `quantity` its name.
 * A documented raw intensity gets log2 because of its kind (MaxQuant's LFQ intensity is raw whatever the spread
 * of one experiment's values); the percentile test (looksRaw) decides for the others. Values that look
 * logarithmic are never logged again. `logarithmic`: whether the values are log-transformed already (they look
 * so, or the format says so).
 * @example proposeTransform(lfq, true, 15, 'LFQ intensity').reason
 *   // 'LFQ intensity is a raw intensity, values between 1.2e+5 and 5.6e+7 (1st to 99th percentile): log2 proposed.'
 */
export function proposeTransform(
  values: Float64Array,
  formatSaysRaw: boolean | null,
  cols = 1,
  quantity: string | null = null,
): { step: TransformStep | null; reason: string; logarithmic: boolean } {
  const stats = valueStats(values, cols);
  if (!stats) return { step: null, reason: 'No value to look at: no transform.', logarithmic: false };
  const range = `between ${round(stats.p1)} and ${round(stats.p99)} (1st to 99th percentile)`;
  if (looksLogarithmic(stats)) {
    return { step: null, reason: `Values ${range} look log-transformed already: no transform, so they are never logged twice.`, logarithmic: true };
  }
  if (formatSaysRaw === true) {
    const what = quantity !== null ? `${quantity} is a raw intensity` : 'This format writes raw intensities';
    return {
      step: { kind: 'transform', base: 2, nonPositive: stats.nonPositive > 0 ? 'missing' : 'refuse' },
      reason: `${what}, values ${range}: log2 proposed${stats.nonPositive > 0 ? ', 0 and negative values made missing' : ''}.`,
      logarithmic: false,
    };
  }
  if (looksRaw(stats)) {
    const orders = Math.log10(stats.p99 / stats.p1).toFixed(1);
    return {
      step: { kind: 'transform', base: 2, nonPositive: 'refuse' },
      reason: `Values ${range} span ${orders} orders of magnitude and are right-skewed (mean ${round(stats.mean)} vs median ${round(stats.median)}): raw intensities, log2 proposed.`,
      logarithmic: false,
    };
  }
  if (formatSaysRaw === false) {
    return { step: null, reason: `This format writes values on a log scale (values ${range}): no transform.`, logarithmic: true };
  }
  if (stats.p1 < 0 && stats.p99 > 0) {
    // Values on both sides of 0 are log ratios, differences or scores: one scale already, never raw.
    return { step: null, reason: `Values ${range} lie on both sides of 0 (log ratios or differences): no transform.`, logarithmic: true };
  }
  return { step: null, reason: `Values ${range} do not look like raw intensities: no transform.`, logarithmic: false };
}

/** log2 / log10 of every drawn value (a new matrix). See TransformStep for 0 and negative values. */
export function transform(data: MappedData, step: TransformStep): StepOutcome {
  const { rows: n, cols: p, data: x } = data.matrix;
  const stats = valueStats(x, p);
  if (stats && looksLogarithmic(stats)) {
    throw new SkfrError(
      'invalid-option',
      `The values already look log-transformed (between ${round(stats.p1)} and ${round(stats.p99)}); a second log${step.base} would distort them: choose no transform.`,
    );
  }
  const bad: string[] = [];
  let nonPositive = 0;
  for (let i = 0; i < n; i++) {
    for (let l = 0; l < p; l++) {
      const v = x[i * p + l]!;
      if (v <= 0) {
        nonPositive++;
        if (bad.length < 3) bad.push(`${data.sampleIds[i]} × ${data.featureNames[l]} = ${v}`);
      }
    }
  }
  if (nonPositive > 0 && step.nonPositive === 'refuse') {
    throw new SkfrError(
      'invalid-option',
      `${nonPositive} value${nonPositive === 1 ? ' is' : 's are'} 0 or negative and ${nonPositive === 1 ? 'has' : 'have'} no logarithm (${bad.join('; ')}${nonPositive > 3 ? '; …' : ''}): ` +
        `read zeros as “not quantified”, or make such values missing (command line: --transform log${step.base}:missing).`,
    );
  }
  const log = step.base === 2 ? Math.log2 : Math.log10;
  const out = new Float64Array(x.length);
  let missingCells = 0;
  for (let c = 0; c < x.length; c++) {
    const v = x[c]!;
    const y = v > 0 ? log(v) : NaN;
    out[c] = y;
    if (y !== y) missingCells++;
  }
  // The count is the values transformed; those made missing (0 and negative) are in missingCells.
  return { data: { ...data, matrix: { ...data.matrix, data: out }, missingCells }, count: x.length - missingCells };
}
