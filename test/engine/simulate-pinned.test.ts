/**
 * The simulated data sets, pinned: a SHA-256 of everything `simulate` returns (values as their shortest
 * decimal text, so NaN has one spelling) for every design at its defaults and with other sizes and
 * fractions. Written before simulate.ts was cut into one generator per design (issue 14), so that refactor
 * — and any later one — must draw the same random numbers in the same order. A change that is meant to
 * change the data must update these hashes and say so.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../core/engine/index.js';
import type { Design, SimulateOptions } from '../../core/engine/types.js';

function digest(design: Design, options: SimulateOptions): string {
  const sim = simulate(design, options);
  const text = JSON.stringify({
    design: sim.design,
    rows: sim.X.rows,
    cols: sim.X.cols,
    data: Array.from(sim.X.data, String),
    classes: Array.from(sim.classes),
    informative: sim.informative,
    informativeByClass: sim.informativeByClass,
    featureNames: sim.featureNames,
  });
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

const CASES: [Design, SimulateOptions, string][] = [
  ['sparse', { seed: 1 }, '041591c21384336b'],
  ['sparse', { seed: 7, n: 123, k: 4, s: 3, p: 17 }, '2b2189416e99d9f0'],
  ['outliers', { seed: 2 }, 'd426954517386de3'],
  ['outliers', { seed: 5, n: 101, k: 3, outlierFraction: 0.25 }, '838093223d85fdd0'],
  ['subsets', { seed: 3 }, 'f9da4cab68270b6e'],
  ['subsets', { seed: 8, n: 90, k: 6, s: 7, p: 30 }, 'cccd9cbd5bb73df1'],
  ['missing', { seed: 1 }, '5272df6817dc2041'],
  ['missing', { seed: 4, n: 60, p: 12, missingFraction: 0.3 }, '5e78cdca0e79a440'],
  ['missing', { seed: 4, n: 60, p: 12, missingFraction: 0 }, 'fb433c3cd5a77923'],
];

describe('simulated data, pinned', () => {
  it.each(CASES)('%s %j', (design, options, expected) => {
    expect(digest(design, options)).toBe(expected);
  });
});
