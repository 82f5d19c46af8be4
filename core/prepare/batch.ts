/**
 * Remove a batch effect: every protein is put on the same level in every batch (a level of a sample annotation
 * such as the lab, the TMT plex or the run date), so that what differs between batches for all samples alike no
 * longer separates the samples.
 *
 * For protein l and batch b of the column, with m_lb the mean of l's observed values in b and m_l the mean of
 * its observed values in the batches corrected:
 *
 *     x'_il = x_il − m_l,b(i) + m_l        (each observed cell of a corrected batch)
 *
 * - Missing cells stay missing, and the means are over observed values only.
 * - A batch where the protein has fewer than `minPerBatch` observed values (default 2: one value is its own
 *   batch mean, so centring would replace a measurement by the overall mean and leave nothing of it) keeps its
 *   values as they are; such protein × batch pairs are counted, and they stay out of m_l. So m_l is the
 *   protein's overall mean whenever every batch has enough values, a batch left as it was does not pull the
 *   others towards it, and running the step twice changes nothing (it is a projection).
 * - Samples with no value in the column belong to no batch: their values are left as they are (counted).
 * - Several columns (e.g. lab and plate) are additive effects, fitted together by least squares as limma's
 *   removeBatchEffect(x, batch, batch2) fits them (the same result up to a constant per protein): each
 *   protein's observed values are projected onto the values whose corrected batches have equal means in every
 *   column, i.e. the batch contrasts 1_b − (n_b / N_c)·1_{corrected cells of c} of all columns are taken out
 *   (Gram–Schmidt, twice for accuracy; a contrast that the others already span, as a lab's when its plates are
 *   given too, is skipped). The sum of the protein's observed values is kept. With one column this is the
 *   centring above. Centring the columns one after the other instead would leave an unbalanced design's first
 *   column uneven again.
 *
 * Worked example (lab A A B B C C, minPerBatch 2; the test derives it the same way):
 *   P1 = [1, 3, 6, –, 10, 12]: A mean 2, B holds one value (kept: 1 pair), C mean 11; m = (1+3+10+12)/4 = 6.5
 *        → [5.5, 7.5, 6, –, 5.5, 7.5]
 *   P2 = [4, 6, 9, 11, –, –]: A mean 5, B mean 10, C no value; m = 30/4 = 7.5 → [6.5, 8.5, 6.5, 8.5, –, –]
 *   count 1 (P1 in B).
 */
import { SkfrError } from '../errors.js';
import type { BatchStep, MappedData, StepReport } from '../table/types.js';
import type { StepOutcome } from './outcome.js';
import { groupsOf } from './valid-values.js';

/** The default least number of observed values a protein needs in a batch to be corrected there (see the module comment). */
export const DEFAULT_MIN_PER_BATCH = 2;

const quote = (names: readonly string[]) =>
  names.length === 1 ? `“${names[0]}”` : `${names.slice(0, -1).map((n) => `“${n}”`).join(', ')} and “${names[names.length - 1]}”`;

/** The step as the screen and the report name it (its count is the protein × batch pairs left as they were). */
export function describeBatch(step: BatchStep): string {
  return `Batch effect${step.columns.length === 1 ? '' : 's'} of ${quote(step.columns)} removed ` +
    `(protein × batch pairs with fewer than ${step.minPerBatch} value${step.minPerBatch === 1 ? '' : 's'}, left as they were)`;
}

/** The line saying how many samples have no value in a batch column (left as they are). */
export function unbatchedLabel(column: string): string {
  return `Samples with no “${column}”, left out of its batch correction`;
}

/** A batch column as batch indices per sample (−1: no value), its batch names, and the count of samples without one. */
interface Batches {
  column: string;
  of: Int32Array;
  names: string[];
  without: number;
}

function batchesOf(data: MappedData, column: string): Batches {
  const values = data.annotations[column];
  if (!values) {
    const names = Object.keys(data.annotations);
    throw new SkfrError(
      'unknown-column',
      `The batch correction uses “${column}”, but the samples have no such annotation; annotations: ${names.map((a) => `“${a}”`).join(', ') || 'none (attach a sample table)'}.`,
    );
  }
  const groups = groupsOf(values);
  if (groups.length < 2) {
    throw new SkfrError(
      'invalid-option',
      groups.length === 0
        ? `No sample has a value in “${column}”, so it has no batches to correct.`
        : `Every sample with a value in “${column}” is in batch “${groups[0]!.name}”, so there is no batch effect to remove; choose another column.`,
    );
  }
  const of = new Int32Array(values.length).fill(-1);
  groups.forEach((g, b) => {
    for (const i of g.samples) of[i] = b;
  });
  return { column, of, names: groups.map((g) => g.name), without: values.length - groups.reduce((sum, g) => sum + g.samples.length, 0) };
}

/**
 * One column: centre one protein's values `v` (length n, NaN = missing) on the batches `of` (B batches; see the
 * module comment); `kept.pairs` gains the protein × batch pairs left as they were. `sums`, `counts`: work space.
 */
function centre(v: Float64Array, of: Int32Array, B: number, minPerBatch: number, sums: Float64Array, counts: Int32Array, kept: { pairs: number }): void {
  sums.fill(0, 0, B);
  counts.fill(0, 0, B);
  for (let i = 0; i < v.length; i++) {
    const b = of[i]!;
    const x = v[i]!;
    if (b >= 0 && x === x) {
      sums[b]! += x;
      counts[b]!++;
    }
  }
  let total = 0;
  let observed = 0;
  for (let b = 0; b < B; b++) {
    const c = counts[b]!;
    if (c >= minPerBatch) {
      total += sums[b]!;
      observed += c;
    } else if (c > 0) kept.pairs++;
  }
  if (observed === 0) return;
  const mean = total / observed;
  for (let b = 0; b < B; b++) {
    const c = counts[b]!;
    // shift = m_l − m_lb, stored in sums (0 for a batch left as it was).
    sums[b] = c >= minPerBatch ? mean - sums[b]! / c : 0;
  }
  for (let i = 0; i < v.length; i++) {
    const b = of[i]!;
    if (b >= 0) v[i] = v[i]! + sums[b]!;
  }
}

/**
 * Several columns at once: take the batch contrasts of every column out of one protein's observed values `v`
 * (see the module comment). `of` per column; `kept.pairs` gains the protein × batch pairs left as they were.
 */
function project(v: Float64Array, columns: readonly Batches[], minPerBatch: number, kept: { pairs: number }): void {
  const observed: number[] = [];
  for (let i = 0; i < v.length; i++) if (v[i] === v[i]) observed.push(i);
  const m = observed.length;
  const basis: Float64Array[] = [];
  const dot = (a: Float64Array, b: Float64Array) => {
    let s = 0;
    for (let t = 0; t < m; t++) s += a[t]! * b[t]!;
    return s;
  };
  for (const c of columns) {
    const B = c.names.length;
    const counts = new Int32Array(B);
    for (const i of observed) if (c.of[i]! >= 0) counts[c.of[i]!]!++;
    const corrected: number[] = [];
    let total = 0;
    for (let b = 0; b < B; b++) {
      if (counts[b]! >= minPerBatch) {
        corrected.push(b);
        total += counts[b]!;
      } else if (counts[b]! > 0) kept.pairs++;
    }
    // B − 1 contrasts span the column's effects (they sum to 0 over its corrected batches).
    for (const b of corrected.slice(1)) {
      const z = new Float64Array(m);
      const share = counts[b]! / total;
      observed.forEach((i, t) => {
        const own = c.of[i]!;
        if (own >= 0 && counts[own]! >= minPerBatch) z[t] = (own === b ? 1 : 0) - share;
      });
      const length = Math.sqrt(dot(z, z));
      for (let pass = 0; pass < 2; pass++) {
        for (const q of basis) {
          const r = dot(q, z);
          for (let t = 0; t < m; t++) z[t]! -= r * q[t]!;
        }
      }
      const rest = Math.sqrt(dot(z, z));
      if (rest > 1e-9 * length) {
        for (let t = 0; t < m; t++) z[t]! /= rest;
        basis.push(z);
      }
    }
  }
  const y = Float64Array.from(observed, (i) => v[i]!);
  for (const q of basis) {
    const r = dot(q, y);
    for (let t = 0; t < m; t++) y[t]! -= r * q[t]!;
  }
  observed.forEach((i, t) => (v[i] = y[t]!));
}

/** See the module comment. A new matrix; the count is the protein × batch pairs left as they were. */
export function removeBatch(data: MappedData, step: BatchStep): StepOutcome & { more: StepReport[] } {
  if (step.columns.length === 0) throw new SkfrError('invalid-option', 'The batch correction needs at least one sample annotation column (the batch).');
  if (!(Number.isInteger(step.minPerBatch) && step.minPerBatch >= 1)) {
    throw new SkfrError('invalid-option', `The batch correction needs a whole number of values per batch of at least 1, not ${step.minPerBatch}.`);
  }
  const columns = [...new Set(step.columns)].map((c) => batchesOf(data, c));
  const { rows: n, cols: p, data: x } = data.matrix;
  const out = new Float64Array(x.length);
  const v = new Float64Array(n);
  const widest = Math.max(...columns.map((c) => c.names.length));
  const sums = new Float64Array(widest);
  const counts = new Int32Array(widest);
  const kept = { pairs: 0 };
  let missingCells = 0;
  for (let l = 0; l < p; l++) {
    for (let i = 0; i < n; i++) v[i] = x[i * p + l]!;
    if (columns.length === 1) centre(v, columns[0]!.of, columns[0]!.names.length, step.minPerBatch, sums, counts, kept);
    else project(v, columns, step.minPerBatch, kept);
    for (let i = 0; i < n; i++) {
      out[i * p + l] = v[i]!;
      if (v[i] !== v[i]) missingCells++;
    }
  }
  const more = columns.filter((c) => c.without > 0).map((c): StepReport => ({ step: 'batch', label: unbatchedLabel(c.column), count: c.without }));
  return { data: { ...data, matrix: { ...data.matrix, data: out }, missingCells }, count: kept.pairs, more };
}
