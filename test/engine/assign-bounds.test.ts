/**
 * The pruned SKFR1 assignment (per-center lower bounds, AssignBounds) gives exactly the labels, counts and
 * distances of the full evaluation, bit for bit, over several rounds of moving centers, changing selected
 * features and k-POD-like row changes — the situations in which the bounds shrink — and with centers that
 * did not move (whose rows reuse their last score); and with tied centers, where both keep a sample in its
 * current cluster unless another is nearer by more than the tie tolerance (TIE), else take the lowest index.
 * The assignment without bounds (useBounds: fewer than BOUNDS_MIN_S selected features) gives the same again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AssignBounds, assignGlobalSquared } from '../../core/engine/assign.js';
import { SelectedColumns } from '../../core/engine/columns.js';
import { createRng } from '../../core/engine/index.js';

/** One assignment; with `columns`, reading its compact copy of the selected columns as the engine does. */
function round(Y: Float64Array, n: number, p: number, k: number, theta: Float64Array, selected: Int32Array, rowNorm: Float64Array, bounds: AssignBounds | null, current: Int32Array, columns?: SelectedColumns) {
  const s = selected.length;
  const thetaC = new Float64Array(k * s);
  const cj = new Float64Array(k);
  for (let t = 0; t < s; t++) {
    for (let j = 0; j < k; j++) {
      const v = theta[j * p + selected[t]!]!;
      thetaC[t * k + j] = v;
      cj[j]! += v * v;
    }
  }
  const out = { labels: new Int32Array(n), counts: new Int32Array(k), dist: new Float64Array(n) };
  const pos = new Int32Array(s);
  columns?.update(selected, pos);
  const input = columns
    ? { src: columns.source, stride: columns.stride, pos, features: selected, n, k, s, thetaC, cj, rowNorm, data: Y, p, current }
    : { src: Y, stride: p, pos: selected, features: selected, n, k, s, thetaC, cj, rowNorm, data: Y, p, current };
  assignGlobalSquared(input, out, bounds, bounds?.moves(theta, k, p) ?? null);
  return out;
}

describe('pruned SKFR1 assignment', () => {
  it('equals the full evaluation bit for bit across rounds, and so does the assignment without bounds (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 2, max: 13 }), fc.integer({ min: 1, max: 12 }), (seed, k, s) => {
        const rng = createRng(seed);
        const n = 60;
        const p = 12;
        const Y = Float64Array.from({ length: n * p }, () => rng.normal() + (rng.next() < 0.5 ? 2 : -2));
        const rowNorm = new Float64Array(n);
        for (let i = 0; i < n; i++) for (let l = 0; l < p; l++) rowNorm[i]! += Y[i * p + l]! ** 2;
        const theta = Float64Array.from({ length: k * p }, () => 2 * rng.normal());
        const pruned = new AssignBounds(n, k, p);
        let current = new Int32Array(n);
        let selected = Int32Array.from({ length: s }, (_, t) => t);
        for (let r = 0; r < 8; r++) {
          // Centers move a little (sometimes a lot), the selection sometimes changes, some rows change.
          // Some centers stay put (bit for bit), so rows keep their own score from the last round.
          const step = r % 3 === 2 ? 1 : 0.05;
          for (let j = 0; j < k; j++) {
            if (r % 2 === 1 && rng.next() < 0.5) continue;
            for (let o = j * p; o < (j + 1) * p; o++) theta[o]! += step * rng.normal();
          }
          if (r === 3) selected = Int32Array.from({ length: s }, (_, t) => p - 1 - t);
          for (let i = 0; i < n; i += 7) {
            const o = i * p + rng.int(p);
            const old = Y[o]!;
            Y[o] = old + 0.3 * rng.normal();
            pruned.shift[i]! += (Y[o]! - old) ** 2;
            rowNorm[i]! += Y[o]! ** 2 - old ** 2;
          }
          // Sparse centers: θ on the selected features, 0 elsewhere.
          const sparse = new Float64Array(k * p);
          for (let j = 0; j < k; j++) for (const l of selected) sparse[j * p + l] = theta[j * p + l]!;
          const got = round(Y, n, p, k, sparse, selected, rowNorm, pruned, current);
          const want = round(Y, n, p, k, sparse, selected, rowNorm, new AssignBounds(n, k, p), current);
          expect(Array.from(got.labels)).toEqual(Array.from(want.labels));
          expect(Array.from(got.counts)).toEqual(Array.from(want.counts));
          expect(Array.from(got.dist)).toEqual(Array.from(want.dist));
          // Without bounds (useBounds: few selected features), the same again: nothing per row but the result.
          const plain = round(Y, n, p, k, sparse, selected, rowNorm, null, current);
          expect(Array.from(plain.labels)).toEqual(Array.from(want.labels));
          expect(Array.from(plain.counts)).toEqual(Array.from(want.counts));
          expect(Array.from(plain.dist)).toEqual(Array.from(want.dist));
          current = got.labels;
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('pruned SKFR1 assignment on the compact column copy', () => {
  it('sums a kept score again when other features sit at the same positions (ids [0, 2, 1], then [1, 3, 2])', () => {
    // Both selections sit at positions [0, 2, 1] of their compact copies (columns {0, 1, 2}, then {1, 2, 3}).
    // Center 0 is nonzero on features 1 and 2 only, and equal in both rounds (δ_0 = 0), so comparing positions
    // would keep each row's round-1 score c_0 − 2y₂θ₂ − 2y₁θ₁, while the full evaluation sums c_0 − 2y₁θ₁ − 2y₂θ₂:
    // the same in exact arithmetic, not always in floating point. The feature ids differ, so the score is summed again.
    const rng = createRng(7);
    const n = 200;
    const p = 8;
    const k = 2;
    const Y = Float64Array.from({ length: n * p }, () => rng.normal());
    const rowNorm = new Float64Array(n);
    for (let i = 0; i < n; i++) for (let l = 0; l < p; l++) rowNorm[i]! += Y[i * p + l]! ** 2;
    const theta = new Float64Array(k * p);
    theta[1] = 0.3 + rng.next();
    theta[2] = 0.3 + rng.next();
    for (let l = 0; l < p; l++) theta[p + l] = 50; // center 1 far away: every row stays in cluster 0
    const sparse = (selected: Int32Array) => {
      const out = new Float64Array(k * p);
      for (let j = 0; j < k; j++) for (const l of selected) out[j * p + l] = theta[j * p + l]!;
      return out;
    };
    const columns = new SelectedColumns(Y, n, p, 3);
    const pruned = new AssignBounds(n, k, p);
    const current = new Int32Array(n);
    const first = Int32Array.from([0, 2, 1]);
    round(Y, n, p, k, sparse(first), first, rowNorm, pruned, current, columns);
    const second = Int32Array.from([1, 3, 2]);
    const got = round(Y, n, p, k, sparse(second), second, rowNorm, pruned, current, columns);
    const want = round(Y, n, p, k, sparse(second), second, rowNorm, new AssignBounds(n, k, p), current, columns);
    expect(Array.from(got.labels)).toEqual(Array.from(want.labels));
    expect(Array.from(got.dist)).toEqual(Array.from(want.dist));
  });
});

describe('assignment ties (TIE)', () => {
  it('keeps the current cluster among tied centers, else the lowest tied index; pruned = full = without bounds (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 2, max: 12 }), fc.integer({ min: 1, max: 6 }), (seed, k, s) => {
        const rng = createRng(seed);
        const n = 50;
        const p = 6;
        // Integer rows and centers: many exact ties. Some centers are copies of another one shifted by a few
        // ulps (as incrementally updated sums leave them); between rounds some centers are drawn afresh.
        const Y = Float64Array.from({ length: n * p }, () => rng.int(3) - 1);
        const rowNorm = new Float64Array(n);
        for (let i = 0; i < n; i++) for (let l = 0; l < p; l++) rowNorm[i]! += Y[i * p + l]! ** 2;
        const theta = Float64Array.from({ length: k * p }, () => rng.int(3) - 1);
        const selected = Int32Array.from({ length: s }, (_, t) => t);
        const pruned = new AssignBounds(n, k, p);
        // The first round starts from arbitrary labels (full evaluation); later ones from the last round's.
        let current = Int32Array.from({ length: n }, () => rng.int(k));
        for (let r = 0; r < 4; r++) {
          for (let j = 0; j < k; j++) {
            const u = rng.next();
            if (r > 0 && u < 0.5) continue; // unmoved
            if (j > 0 && u < 0.8) {
              const from = rng.int(j);
              for (let l = 0; l < p; l++) {
                const v = theta[from * p + l]!;
                theta[j * p + l] = rng.next() < 0.5 ? v : v * (1 + (rng.int(7) - 3) * Number.EPSILON);
              }
            } else for (let l = 0; l < p; l++) theta[j * p + l] = rng.int(3) - 1;
          }
          const sparse = new Float64Array(k * p);
          for (let j = 0; j < k; j++) for (const l of selected) sparse[j * p + l] = theta[j * p + l]!;
          const got = round(Y, n, p, k, sparse, selected, rowNorm, pruned, current);
          const want = round(Y, n, p, k, sparse, selected, rowNorm, new AssignBounds(n, k, p), current);
          expect(Array.from(got.labels)).toEqual(Array.from(want.labels));
          expect(Array.from(got.dist)).toEqual(Array.from(want.dist));
          const plain = round(Y, n, p, k, sparse, selected, rowNorm, null, current);
          expect(Array.from(plain.labels)).toEqual(Array.from(want.labels));
          expect(Array.from(plain.dist)).toEqual(Array.from(want.dist));
          // The rule, from plain distances: clusters within 1e-9 of the nearest are tied.
          for (let i = 0; i < n; i++) {
            const d = Array.from({ length: k }, (_, j) => {
              let e = 0;
              for (let l = 0; l < p; l++) e += (Y[i * p + l]! - sparse[j * p + l]!) ** 2;
              return e;
            });
            const nearest = Math.min(...d);
            const tied = d.flatMap((e, j) => (e - nearest <= 1e-9 * Math.max(1, nearest) ? [j] : []));
            expect(got.labels[i]).toBe(tied.includes(current[i]!) ? current[i]! : tied[0]!);
          }
          current = got.labels;
        }
      }),
      { numRuns: 200 },
    );
  });
});
