/**
 * Memory of a fit on a tall, narrow table (issue 26: 20 million rows × 1 column within 3× its numbers), with the
 * same results bit for bit:
 * - a complete matrix of at most NORMS_RECOMPUTED_UP_TO features stores no row norms; every reader computes row
 *   i's norm from the row (rowNormAt) exactly as squaredRowNorms / l1RowNorms store it, so restarts with the
 *   norms not stored equal restarts handed the stored norms, field for field;
 * - the restarts' labels are bytes for k ≤ 256 (labels.ts), and a FitResult keeps the best restart's as they are;
 * - a beaten restart's labels go to the next restart's seeding (scratch.ts restartLabels), never the best's;
 * - finishFit writes the distances into the restarts' distance scratch, which the next restart then does not reuse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BestRestarts, fitPrepared, fromRows, prepareFit, runRestart, type FitOptions, type Matrix, type PreparedFit, type RestartResult } from '../../core/engine/index.js';
import { labelArray, type Labels } from '../../core/engine/labels.js';
import { RestartScratch } from '../../core/engine/scratch.js';
import { NORMS_RECOMPUTED_UP_TO } from '../../core/engine/prepare.js';
import { l1RowNorms, rowNormAt, squaredRowNorms } from '../../core/engine/seeding.js';

/** n × p values from a seeded generator, two groups, with few distinct values so that ties and empty clusters happen. */
function table(n: number, p: number, seed: number, distinct = 0): Matrix {
  let state = seed;
  const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const rows = Array.from({ length: n }, (_, i) =>
    Array.from({ length: p }, () => (distinct > 0 ? Math.floor(random() * distinct) : (i < n / 2 ? 0 : 3) + 2 * random() - 1)),
  );
  return fromRows(rows);
}

/** The same prepared fit, handed the norms as the engine stored them before (all rows). */
function withStoredNorms(prep: PreparedFit): PreparedFit {
  const { data, n, p } = prep;
  const norms = prep.options.loss === 'absolute' ? l1RowNorms(data, n, p) : squaredRowNorms(data, n, p);
  return { ...prep, initialRowNorms: norms };
}

/** What a restart's result says, with its numbers as Object.is sees them (−0 ≠ 0, NaN = NaN). */
function summary(result: RestartResult): unknown {
  const exact = (values: ArrayLike<number>) => Array.from(values, (v) => (Object.is(v, -0) ? '-0' : String(v)));
  return {
    labels: Array.from(result.labels),
    sizes: Array.from(result.clusterSizes),
    centers: exact(result.centers),
    means: exact(result.means),
    selected: Array.from(result.selected),
    objective: String(result.objective),
    trace: result.objectiveTrace.map(String),
    iterations: result.iterations,
  };
}

describe('row norms computed, not stored, for one or two features', () => {
  it('rowNormAt is the stored norm bit for bit (squared and absolute), for any width', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 7 * 3, maxLength: 7 * 3 }),
        (p, values) => {
          const n = 3;
          const data = Float64Array.from(values.slice(0, n * p));
          const squared = squaredRowNorms(data, n, p);
          const l1 = l1RowNorms(data, n, p);
          for (let i = 0; i < n; i++) {
            expect(Object.is(rowNormAt(data, i, p, false), squared[i])).toBe(true);
            expect(Object.is(rowNormAt(data, i, p, true), l1[i])).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a complete matrix of 1 or 2 features stores none; 3 features, or a missing cell, store them', () => {
    expect(NORMS_RECOMPUTED_UP_TO).toBe(2);
    const options: FitOptions = { k: 2, s: 1, restarts: 1, seed: 1 };
    expect(prepareFit(table(50, 1, 1), options).initialRowNorms.length).toBe(0);
    expect(prepareFit(table(50, 2, 1), options).initialRowNorms.length).toBe(0);
    expect(prepareFit(table(50, 3, 1), options).initialRowNorms.length).toBe(50);
    const gap = table(50, 2, 1);
    gap.data[7] = NaN;
    expect(prepareFit(gap, options).initialRowNorms.length).toBe(50);
  });

  // Seeding (k-means++ distances), the assignment (distances and the tie scale) and an emptied cluster's refill
  // all read the norms. Clusters empty during the iterations (centers.ts centerOnSample) at p = 2, s = 1 with many
  // clusters: k = 12 on 5 distinct values (table seed 3) and k = 20 (table seed 7), in every loss and variant
  // (found by counting the refills: 1–9 of them in 4 restarts).
  const cases: [string, number, FitOptions, number, number][] = [];
  for (const p of [1, 2]) {
    for (const loss of ['squared', 'absolute'] as const) {
      for (const variant of ['global', 'local'] as const) {
        cases.push([`p = ${p}, ${loss}, ${variant}, k = 3`, p, { k: 3, s: 1, loss, variant, restarts: 4, seed: 5 }, 0, 11]);
        cases.push([`p = ${p}, ${loss}, ${variant}, k = 6 on 3 distinct values (seeds that coincide)`, p, { k: 6, s: p, loss, variant, restarts: 4, seed: 2 }, 3, 11]);
        if (p === 2) {
          cases.push([`p = 2, ${loss}, ${variant}, k = 12, s = 1 on 5 distinct values (emptied clusters)`, p, { k: 12, s: 1, loss, variant, restarts: 4, seed: 2 }, 5, 3]);
          cases.push([`p = 2, ${loss}, ${variant}, k = 20, s = 1 (emptied clusters)`, p, { k: 20, s: 1, loss, variant, restarts: 4, seed: 2 }, 0, 7]);
        }
      }
    }
  }
  it.each(cases)('restarts are the same with the norms stored or not: %s', (_name, p, options, distinct, tableSeed) => {
    const prep = prepareFit(table(120, p, tableSeed, distinct), options);
    expect(prep.initialRowNorms.length).toBe(0);
    const stored = withStoredNorms(prep);
    for (let r = 0; r < options.restarts!; r++) expect(summary(runRestart(prep, r))).toEqual(summary(runRestart(stored, r)));
  });
});

describe('labels in the narrowest array for k', () => {
  it('bytes up to k = 256, two bytes up to 65 536, else Int32Array', () => {
    expect(labelArray(3, 2)).toBeInstanceOf(Uint8Array);
    expect(labelArray(3, 256)).toBeInstanceOf(Uint8Array);
    expect(labelArray(3, 257)).toBeInstanceOf(Uint16Array);
    expect(labelArray(3, 65_536)).toBeInstanceOf(Uint16Array);
    expect(labelArray(3, 65_537)).toBeInstanceOf(Int32Array);
  });

  it.each([
    [2, Uint8Array],
    [300, Uint16Array],
  ] as const)('k = %i: the restarts work in %o, and the FitResult keeps the best restart’s labels in that width (not widened: 80 MB at 20 million samples)', (k, Width) => {
    const prep = prepareFit(table(k * 3, 2, 3), { k, s: 1, restarts: 2, seed: 7 });
    const restarts = [runRestart(prep, 0), runRestart(prep, 1)];
    for (const result of restarts) expect(result.labels).toBeInstanceOf(Width);
    const fitted = fitPrepared(prep);
    expect(fitted.labels).toBeInstanceOf(Width);
    expect(Array.from(fitted.labels)).toEqual(Array.from(restarts[fitted.bestRestart]!.labels));
  });
});

describe('the distances handed over by the finish', () => {
  it('a second fit on the same prepared data does not overwrite the first fit’s distances', () => {
    const prep = prepareFit(table(200, 1, 9), { k: 2, s: 1, restarts: 3, seed: 4 });
    const first = fitPrepared(prep);
    const kept = Array.from(first.distances);
    expect(kept.some((d) => d > 0)).toBe(true);
    const second = fitPrepared({ ...prep, options: { ...prep.options, k: 3 } });
    expect(second.distances).not.toBe(first.distances);
    expect(Array.from(first.distances)).toEqual(kept);
  });
});

describe('a beaten restart’s labels reused', () => {
  it('the scratch hands back the labels given back, zeroed, once, and only for the same length and width', () => {
    const work = new RestartScratch();
    const given = Uint8Array.of(1, 0, 1, 1);
    work.giveBack(given);
    const taken = work.restartLabels(4, 2);
    expect(taken).toBe(given);
    expect(Array.from(taken)).toEqual([0, 0, 0, 0]);
    expect(work.restartLabels(4, 2)).not.toBe(given);
    work.giveBack(given);
    expect(work.restartLabels(5, 2)).not.toBe(given);
    work.giveBack(given);
    expect(work.restartLabels(4, 300)).toBeInstanceOf(Uint16Array);
    work.giveBack(given);
    work.releaseLabels();
    expect(work.restartLabels(4, 2)).not.toBe(given);
  });

  it('BestRestarts gives back exactly the beaten restarts’ labels, never the best’s', () => {
    const prep = prepareFit(table(60, 2, 11), { k: 3, s: 1, restarts: 6, seed: 3 });
    const results = Array.from({ length: 6 }, (_, r) => runRestart(prep, r));
    const labelsOf = new Map(results.map((r) => [r.restart, r.labels]));
    const given: Labels[] = [];
    const kept = new BestRestarts((labels) => given.push(labels));
    for (const result of results) kept.add(result);
    const best = [...results].sort((a, b) => a.objective - b.objective || a.restart - b.restart)[0]!;
    expect(given).not.toContain(labelsOf.get(best.restart));
    const beaten = results.filter((r) => r.labels.length === 0).map((r) => labelsOf.get(r.restart));
    expect(new Set(given)).toEqual(new Set(beaten));
    expect(beaten.length).toBeGreaterThan(0);
  });

  it('a fit that reuses them equals restarts run one by one on fresh arrays', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 2, max: 4 }), (seed, k) => {
        const options = { k, s: 1, restarts: 5, seed };
        const fitted = fitPrepared(prepareFit(table(40, 2, seed), options));
        const alone = Array.from({ length: 5 }, (_, r) => runRestart(prepareFit(table(40, 2, seed), options), r));
        const best = alone[fitted.bestRestart]!;
        expect(Array.from(fitted.labels)).toEqual(Array.from(best.labels));
        expect(fitted.objective).toBe(best.objective);
      }),
      { numRuns: 30 },
    );
  });
});
