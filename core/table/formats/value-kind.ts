/**
 * What kind of values a numeric column holds, from the values alone (a sample of up to SAMPLE_VALUES of them,
 * evenly spread over the rows), so that a column whose name says nothing can still be told from a family of
 * samples: a row index (whole numbers rising row by row, spanning at most twice the rows), fractions and probabilities (all within 0–1), counts (whole numbers, small), log values
 * (median 3–45, spread under 35 units), signed values (log ratios, z-scores: centred near 0 with negatives),
 * linear ratios (positive, median 0.1–10), raw intensities (positive, median of the non-zero values 100 or more).
 *
 * @example valueKind(column of [2.1e7, 3.4e6, 0, 8.8e8]) // 'intensity'
 * @example valueKind(column of [0.01, 0.2, 0.0004]) // 'fraction'
 */
import { classifyText, isMissingToken } from '../cells.js';
import { rowMajorCells } from '../row-major.js';
import type { Column } from '../types.js';

export type ValueKind = 'empty' | 'index' | 'fraction' | 'count' | 'log' | 'signed' | 'ratio' | 'intensity' | 'other';

const SAMPLE_VALUES = 2000;

/** The present values of a column (numbers, or numbers written as text), up to SAMPLE_VALUES spread evenly. */
export function sampleValues(column: Column, limit = SAMPLE_VALUES): number[] {
  const out: number[] = [];
  // (Numbers still in the reader's rows are read there: `numbers` would copy the whole column out first.)
  const cells = rowMajorCells(column);
  const numbers = cells === null ? column.numbers : null;
  const n = rowCount(column);
  const step = Math.max(1, Math.floor(n / limit));
  for (let r = 0; r < n && out.length < limit; r += step) {
    let v: number;
    if (cells !== null) v = cells.at(r);
    else if (numbers) v = numbers[r]!;
    else {
      const t = column.texts![r];
      if (t === null || t === undefined || isMissingToken(t)) continue;
      const c = classifyText(t);
      if (typeof c !== 'number') continue;
      v = c;
    }
    if (v === v) out.push(v);
  }
  return out;
}

/** The column's rows, without making its numbers (row-major.ts). */
function rowCount(column: Column): number {
  const cells = rowMajorCells(column);
  if (cells !== null) return cells.rows;
  return column.numbers ? column.numbers.length : (column.texts?.length ?? 0);
}

function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

/** The kind of a column's values (module comment). */
export function valueKind(column: Column): ValueKind {
  if (column.kind === 'empty') return 'empty';
  const values = sampleValues(column);
  if (values.length === 0) return 'empty';
  // Only zeros: nothing measured (0 = not quantified in most tools), so no kind: a sample that is empty, never a
  // column of fractions left out of the samples without a word.
  if (values.every((v) => v === 0)) return 'empty';
  let integers = true;
  let increasing = values.length >= 5;
  let negatives = 0;
  let inUnit = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isInteger(v)) integers = false;
    if (i > 0 && v <= values[i - 1]!) increasing = false;
    if (v < 0) negatives++;
    if (v >= 0 && v <= 1) inUnit++;
  }
  // Row numbers or ids: whole numbers rising row by row, spanning no more than twice the rows (intensities a
  // table happens to be sorted by span far more).
  const rows = rowCount(column);
  if (integers && increasing && values[values.length - 1]! - values[0]! <= 2 * rows) return 'index';
  if (inUnit === values.length) return 'fraction';
  const sorted = Float64Array.from(values).sort();
  const median = quantile(sorted, 0.5);
  const nonZero = sorted.filter((v) => v !== 0);
  const nonZeroMedian = quantile(nonZero, 0.5);
  if (integers && negatives === 0 && nonZeroMedian < 1000) return 'count';
  if (negatives > values.length * 0.05 && Math.abs(median) < 3) return 'signed';
  const q01 = quantile(sorted, 0.01);
  const q99 = quantile(sorted, 0.99);
  if (median >= 3 && median <= 45 && q99 - q01 < 35 && q99 < 60) return 'log';
  if (negatives === 0 && nonZeroMedian >= 100) return 'intensity';
  if (negatives === 0 && median >= 0.1 && median <= 10) return 'ratio';
  return 'other';
}

/** Kinds that can be samples of one family (a sample's column may be sparser than its neighbours'). */
export function compatibleKinds(a: ValueKind, b: ValueKind): boolean {
  if (a === b || a === 'empty' || b === 'empty') return true;
  const group = (k: ValueKind) => (k === 'signed' || k === 'ratio' ? 'ratio' : k);
  return group(a) === group(b);
}
