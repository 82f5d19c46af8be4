/**
 * A substituted floor: some pipelines write a constant for "not quantified" instead of 0 or an empty cell (PAW's
 * TMT tables write 150 for a reporter ion that was not seen). Read as a value, such a constant is the smallest
 * intensity of the table, many times over, and after log2 a spike of identical values under every real one.
 *
 * The rule (findFloor), on the positive values of a raw-intensity matrix (the sample columns, after zeros are made
 * missing): let c be how often the smallest positive value occurs, and m how often the most frequent *other* value
 * occurs. A continuous measurement written at a finite resolution δ only ties by rounding: the number of cells that
 * fall on one written value v is Binomial(n, f(v)·δ) ≈ Poisson(n·f(v)·δ) for density f. At the minimum the density
 * is no higher than where the values are densest, whose ties the table itself shows: the busiest other value holds m
 * cells, so n·f(min)·δ ≤ n·max f·δ ≲ m (m is the maximum of many Poisson counts, an over-estimate of their largest
 * mean: the bound errs towards "no floor"). Under "no floor", c is therefore at most Poisson(m); the smallest
 * value is a floor when P(Poisson(m) ≥ c) < 10⁻⁶ (FLOOR_ALPHA), i.e. c ≥ floorThreshold(m).
 * Example: m = 1 (no other value repeats) → threshold 10 (P(X ≥ 9) = 1.1·10⁻⁶, P(X ≥ 10) = 1.1·10⁻⁷); m = 2 → 13 (P(X ≥ 13) = 2.1·10⁻⁷);
 * PAW's two-site TMT table: 150 occurs 66 times, no other positive value more than twice → floor 150.
 * A table of counts (spectral counts: 1 is the smallest and the commonest value, but 2 is nearly as common) is not
 * concerned: the rule is applied to raw intensities only (core/prepare/propose.ts), and even there P(Poisson(m) ≥ c)
 * stays large when the minimum is merely the mode of integer data.
 */
import type { FloorStep, MappedData } from '../table/types.js';
import { formatCount } from '../format-count.js';
import type { StepOutcome } from './outcome.js';

/** The false-alarm probability of the rule for one table (see the module comment). */
export const FLOOR_ALPHA = 1e-6;

/**
 * The smallest count c with P(Poisson(λ) ≥ c) < FLOOR_ALPHA: how many cells on the minimum ties cannot explain.
 * @example floorThreshold(1) // 10
 */
export function floorThreshold(lambda: number): number {
  // Upper tail by summing the pmf from 0 in log space (λ up to millions: e^(−λ) underflows, its log does not).
  let logPmf = -lambda; // log P(X = 0)
  let below = 0; // P(X < c)
  for (let c = 0; ; c++) {
    if (1 - below < FLOOR_ALPHA) return c;
    below += Math.exp(logPmf);
    logPmf += Math.log(lambda) - Math.log(c + 1);
    if (c > lambda + 50 * Math.sqrt(lambda) + 100) return c + 1; // the tail is below any α long before
  }
}

/** A floor found: its value, its cells, and the most a value other than it occurs (the ties the table shows). */
export interface Floor {
  value: number;
  count: number;
  otherTies: number;
}

/**
 * The floor of `values` (NaN = missing; only positive finite values are looked at), or null (see the module
 * comment). @example findFloor(Float64Array.of(...Array(12).fill(150), 1e5, 2e5, 3e5)) // { value: 150, count: 12, otherTies: 1 }
 */
export function findFloor(values: ArrayLike<number>): Floor | null {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (values[i]! > 0 && values[i]! < Infinity) n++;
  if (n < 2) return null;
  const positive = new Float64Array(n);
  for (let i = 0, j = 0; i < values.length; i++) if (values[i]! > 0 && values[i]! < Infinity) positive[j++] = values[i]!;
  positive.sort();
  let count = 1;
  while (count < n && positive[count] === positive[0]) count++;
  if (count === n) return null; // one value only: nothing to compare its ties with
  let otherTies = 0;
  for (let i = count; i < n; ) {
    let j = i + 1;
    while (j < n && positive[j] === positive[i]) j++;
    otherTies = Math.max(otherTies, j - i);
    i = j;
  }
  return count >= floorThreshold(otherTies) ? { value: positive[0]!, count, otherTies } : null;
}

/** Why the floor is proposed, in the user's terms. */
export function floorReason(floor: Floor): string {
  return (
    `${floor.value} is the smallest value and occurs ${formatCount(floor.count, ' ')} times (no other value more than ${formatCount(floor.otherTies, ' ')}), ` +
    `more than ties of a measured intensity allow: it stands for “not quantified” and is read as missing (--floor none keeps it as a value).`
  );
}

/** The step as the preparation list names it. */
export function describeFloor(step: FloorStep): string {
  return `Floor value ${step.value} made missing (${step.value} = not quantified)`;
}

/** Every cell equal to the floor value → missing (a copy of the matrix), counted. */
export function floorMissing(data: MappedData, step: FloorStep): StepOutcome {
  const x = data.matrix.data;
  let cells = 0;
  for (let i = 0; i < x.length; i++) if (x[i] === step.value) cells++;
  if (cells === 0) return { data, count: 0 };
  const out = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = x[i] === step.value ? NaN : x[i]!;
  return { data: { ...data, matrix: { ...data.matrix, data: out }, missingCells: data.missingCells + cells }, count: cells };
}
