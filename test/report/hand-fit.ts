/** The hand-made fit the report tests share (test/report/report.test.ts, choose.test.ts). */
import type { FitResult } from '../../core/engine/types.js';

/**
 * A hand-made fit: n = 4 samples, p = 3 features (a, b, c), k = 2 clusters, s = 2.
 * Scores d = [2, 6, 0] (total 8) → selected b (share 6/8 = 0.75) then a (2/8 = 0.25).
 * Original-unit means (k × p): cluster 1 [1, 10, 5], cluster 2 [3, 30, 5].
 */
export function handFit(variant: 'global' | 'local', overrides: Partial<FitResult> = {}): FitResult {
  return {
    options: { k: 2, s: 2, variant, loss: 'squared', restarts: 1, seed: 7, maxIterations: 100, scale: 'unit-variance' },
    n: 4,
    p: 3,
    labels: Int32Array.from([0, 1, 0, 1]),
    clusterSizes: Int32Array.from([2, 2]),
    means: new Float64Array(6),
    centers: new Float64Array(6),
    originalMeans: Float64Array.from([1, 10, 5, 3, 30, 5]),
    selectedFeatures: Int32Array.from([1, 0]),
    // SKFR2: cluster 1 keeps [a, b] (d = 3, 1), cluster 2 keeps [b, c] (d = 5, 1); Σ_j d_jl = [3, 6, 1]
    selectedFeaturesByCluster: variant === 'local' ? [Int32Array.from([0, 1]), Int32Array.from([1, 2])] : null,
    featureScores: variant === 'local' ? Float64Array.from([3, 6, 1]) : Float64Array.from([2, 6, 0]),
    clusterFeatureScores: variant === 'local' ? Float64Array.from([3, 1, 0, 0, 5, 1]) : null,
    distances: Float64Array.from([0.5, 1, 1.5, 2]),
    objective: 12.5,
    totalSS: 50,
    betweenSS: 37.5,
    objectiveTrace: [13, 12.5],
    iterations: 2,
    converged: true,
    imputedCells: 1,
    zeroVarianceFeatures: [],
    restartObjectives: [12.5],
    bestRestart: 0,
    timings: { seedingMs: 0, fittingMs: 0 },
    ...overrides,
  };
}
