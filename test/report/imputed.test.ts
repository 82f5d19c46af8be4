/**
 * Imputed cells in the exports (issue 11): cells missing before the fit (k-POD fills them inside it) or filled by
 * an impute step (MappedData.imputed) are counted per sample and per feature, and named per sample, on hand-made
 * data; the Summary sheet lists the reasons, the result warnings and the reproduce command.
 */
import { describe, expect, it } from 'vitest';
import type { FitResult } from '../../core/engine/types.js';
import type { MappedData } from '../../core/table/types.js';
import { featuresRows, imputedCellsOf, imputedInSample, IMPUTED_FEATURES_LIMIT, samplesRows, summaryRows } from '../../core/report/index.js';

/** n = 3 samples, p = 3 features, k = 2, s = 1 (feature b selected). */
function fit(n = 3, p = 3): FitResult {
  return {
    options: { k: 2, s: 1, variant: 'global', loss: 'squared', restarts: 1, seed: 1, maxIterations: 100, scale: 'unit-variance' },
    n, p,
    labels: Int32Array.from({ length: n }, (_, i) => i % 2),
    clusterSizes: Int32Array.from([Math.ceil(n / 2), Math.floor(n / 2)]),
    means: new Float64Array(2 * p), centers: new Float64Array(2 * p), originalMeans: new Float64Array(2 * p),
    selectedFeatures: Int32Array.from([1]),
    selectedFeaturesByCluster: null,
    featureScores: Float64Array.from({ length: p }, (_, l) => (l === 1 ? 4 : 1)),
    clusterFeatureScores: null,
    distances: new Float64Array(n),
    objective: 1, totalSS: 2, betweenSS: 1, objectiveTrace: [1], iterations: 1, converged: true,
    imputedCells: 0, zeroVarianceFeatures: [], restartObjectives: [1], bestRestart: 0, timings: { seedingMs: 0, fittingMs: 0 },
  };
}

function mappedOf(data: number[], n: number, p: number, imputed: Uint8Array | null = null): MappedData {
  return {
    matrix: { rows: n, cols: p, data: Float64Array.from(data) },
    sampleIds: Array.from({ length: n }, (_, i) => `s${i + 1}`),
    featureNames: Array.from({ length: p }, (_, l) => `f${l + 1}`),
    annotations: {},
    rowIndices: Int32Array.from({ length: n }, (_, i) => i),
    missingCells: data.filter((v) => v !== v).length,
    warnings: [],
    imputed,
  };
}

describe('imputed cells in the exports', () => {
  it('k-POD: the cells missing before the fit, per sample (with names) and per feature', () => {
    // s1 misses f2; s2 misses f1 and f3; s3 none → by sample [1, 2, 0], by feature [1, 1, 1].
    const mapped = mappedOf([1, NaN, 3, NaN, 5, NaN, 7, 8, 9], 3, 3);
    const cells = imputedCellsOf(mapped, { features: true });
    expect(cells.total).toBe(3);
    expect(Array.from(cells.bySample!)).toEqual([1, 2, 0]);
    expect(Array.from(cells.byFeature)).toEqual([1, 1, 1]);
    const rows = samplesRows(fit(), mapped);
    expect(rows[0]).toEqual(['sample', 'cluster', 'distance', 'imputed cells', 'imputed features']);
    expect(rows.slice(1).map((r) => r.slice(-2))).toEqual([[1, 'f2'], [2, 'f1;f3'], [0, '']]);
    const features = featuresRows(fit(), mapped, { all: true });
    expect(features[0]).toEqual(['rank', 'feature', 'score', 'share', 'center 1', 'center 2', 'imputed cells']);
    expect(features.slice(1).map((r) => [r[1], r[r.length - 1]])).toEqual([['f2', 1], ['f1', 1], ['f3', 1]]);
  });

  it('an impute step: the flagged cells (the matrix has no NaN left)', () => {
    const flags = Uint8Array.from([0, 1, 0, 0, 0, 0, 1, 1, 0]);
    const mapped = mappedOf([1, 2, 3, 4, 5, 6, 7, 8, 9], 3, 3, flags);
    const rows = samplesRows(fit(), mapped);
    expect(rows.slice(1).map((r) => r.slice(-2))).toEqual([[1, 'f2'], [0, ''], [2, 'f1;f2']]);
  });

  it('no imputed cell: no extra column (the exports stay as they were)', () => {
    const mapped = mappedOf([1, 2, 3, 4, 5, 6, 7, 8, 9], 3, 3);
    expect(samplesRows(fit(), mapped)[0]).toEqual(['sample', 'cluster', 'distance']);
    expect(featuresRows(fit(), mapped)[0]).toEqual(['rank', 'feature', 'score', 'share', 'center 1', 'center 2']);
  });

  it('no imputed cell: no per-sample array is kept (issue 26: 80 MB at 20 million samples), and each count reads 0', () => {
    const cells = imputedCellsOf(mappedOf([1, 2, 3, 4, 5, 6, 7, 8, 9], 3, 3), { features: true });
    expect(cells).toMatchObject({ total: 0, samples: 3, bySample: null, featuresBySample: null });
    expect([0, 1, 2].map((i) => imputedInSample(cells, i))).toEqual([0, 0, 0]);
    const some = imputedCellsOf(mappedOf([1, NaN, 3, 4, 5, 6, 7, 8, 9], 3, 3));
    expect([0, 1, 2].map((i) => imputedInSample(some, i))).toEqual([1, 0, 0]);
  });

  it(`at most ${IMPUTED_FEATURES_LIMIT} names per sample, then “…”; a mask taken before the fit wins over the matrix`, () => {
    const p = IMPUTED_FEATURES_LIMIT + 5;
    const mapped = mappedOf([...Array(p).fill(NaN), ...Array(p).fill(1)], 2, p);
    const before = imputedCellsOf(mapped, { features: true });
    mapped.matrix.data.fill(0); // what an in-place fit does to the matrix
    const rows = samplesRows(fit(2, p), mapped, before);
    expect(rows[1]![rows[1]!.length - 2]).toBe(p);
    const names = String(rows[1]![rows[1]!.length - 1]).split(';');
    expect(names).toHaveLength(IMPUTED_FEATURES_LIMIT + 1);
    expect(names.slice(0, 2)).toEqual(['f1', 'f2']);
    expect(names[names.length - 1]).toBe('…');
    expect(rows[2]!.slice(-2)).toEqual([0, '']);
  });

  it('the Summary lists the reasons, the result warnings and the reproduce command', () => {
    const mapped = mappedOf([1, 2, 3, 4, 5, 6, 7, 8, 9], 3, 3);
    const rows = summaryRows({
      fit: fit(), mapped, input: { fileName: 'x.csv', sha256: 'abc' }, version: '0.1.0', parameters: {},
      reasons: ['Values look log-transformed already: no transform.'],
      resultWarnings: [{ code: 'singleton-cluster', about: 'clusters', message: 'Cluster 2 holds a single sample.' }],
      command: 'skfr cluster x.csv --k 2 --s 1',
    }, null);
    expect(rows).toContainEqual(['preparation: reason', 'Values look log-transformed already: no transform.']);
    expect(rows).toContainEqual(['result warning (singleton-cluster)', 'Cluster 2 holds a single sample.']);
    expect(rows[rows.length - 1]).toEqual(['reproduce with', 'skfr cluster x.csv --k 2 --s 1']);
  });
});
