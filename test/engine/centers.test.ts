/**
 * Steps 3–4 and 6 (core/engine/centers.ts) on hand-checkable fixtures: SKFR1 and SKFR2 keep their features
 * and lay out their compact centers as the assignment reads them (SKFR1 feature-major t·k + j, SKFR2
 * cluster-major j·s' + t), and an empty cluster takes the farthest sample's own values.
 */
import { describe, expect, it } from 'vitest';
import { fillEmptyClusters, sparseCenters } from '../../core/engine/centers.js';
import { prepareFit } from '../../core/engine/index.js';
import { restartWork } from '../../core/engine/restart-work.js';
import { RestartScratch } from '../../core/engine/scratch.js';
import type { Variant } from '../../core/engine/types.js';

// 4 samples × 3 features, every feature usable (nonzero variance), each column summing to 0: centred only
// (scale 'none'), Y is X.
const X = { rows: 4, cols: 3, data: Float64Array.from([-1, -2, 1, 0, 3, -1, -2, 0, 0, 3, -1, 0]) };

function work(variant: Variant, s: number) {
  const prep = prepareFit(X, { k: 2, s, variant, scale: 'none', seed: 1 });
  const w = restartWork(prep, new RestartScratch());
  w.means.set([1, 2, 3, 4, 5, 6]); // μ_0 = (1, 2, 3), μ_1 = (4, 5, 6)
  return w;
}

describe('sparse centers', () => {
  it('SKFR1: the s features with the largest d_l for every cluster, compact copy feature-major', () => {
    const w = work('global', 2);
    w.scores.set([1, 5, 2]); // d = (1, 5, 2) → features 1, then 2
    sparseCenters(w);
    expect(Array.from(w.selected)).toEqual([1, 2]);
    expect(Array.from(w.theta)).toEqual([0, 2, 3, 0, 5, 6]);
    expect(Array.from(w.thetaC)).toEqual([2, 5, 3, 6]); // t·k + j: (θ_01, θ_11, θ_02, θ_12)
    expect(Array.from(w.cj)).toEqual([4 + 9, 25 + 36]);
  });

  it('SKFR2: each cluster its own s features with the largest d_jl, compact copy cluster-major', () => {
    const w = work('local', 1);
    w.clusterScores.set([0, 1, 7, 9, 2, 3]); // cluster 0 → feature 2, cluster 1 → feature 0
    sparseCenters(w);
    expect(Array.from(w.selected)).toEqual([2, 0]);
    expect(Array.from(w.theta)).toEqual([0, 0, 3, 4, 0, 0]);
    expect(Array.from(w.thetaC)).toEqual([3, 4]);
    expect(Array.from(w.cj)).toEqual([9, 16]);
  });
});

describe('empty clusters', () => {
  it('take the farthest sample of a cluster with ≥ 2 samples, and its own values as the center', () => {
    // SKFR2, s = 1: cluster 1 is empty; sample 1 (y = (0, 3, −1)) is the farthest, its largest |y| is feature 1.
    const w = work('local', 1);
    const labels = Int32Array.from([0, 0, 0, 0]);
    const counts = Int32Array.from([4, 0]);
    const dist = Float64Array.from([1, 9, 4, 9]);
    fillEmptyClusters(labels, counts, dist, 4, 2, w);
    expect(Array.from(labels)).toEqual([0, 1, 0, 0]);
    expect(Array.from(counts)).toEqual([3, 1]);
    expect(Array.from(w.selected.subarray(1))).toEqual([1]);
    expect(Array.from(w.theta.subarray(3))).toEqual([0, 3, 0]);
    expect(w.thetaC[1]).toBe(3);
    expect(w.cj[1]).toBe(9);
    expect(dist[1]).toBe(1); // ‖y‖² − 3² = 0 + 9 + 1 − 9
  });
});
