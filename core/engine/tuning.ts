/**
 * Choice of the sparsity level s by the gap statistic (Algorithm 3 of the paper; Tibshirani et al. 2001).
 *
 * O(X, s) = Σ_i ‖x_i − x̄‖² − Σ_j Σ_{i∈C_j} ‖x_i − θ_j‖²  (total minus within sum of squares at the fitted
 * sparse centers, observed entries, fitted scale).
 * B permuted data sets X_b permute each column independently; permutation b uses its own generator
 * createRng(deriveSeed(seed, b, 'permutation')), so permutations can run anywhere in any order. Missing
 * cells stay where they are: each column's observed values are shuffled among its observed cells, so a
 * permuted set never has an empty row.
 * Gap(s) = log O(X, s) − (1/B) Σ_b log O(X_b, s);
 * sd(s) = sqrt((1/B) Σ_b (log O(X_b, s) − mean)²) · sqrt(1 + 1/B);
 * bestS = argmax Gap (smallest s on ties); oneSeS = smallest s with Gap(s) ≥ Gap(bestS) − sd(bestS).
 *
 * Cost. Each data set (observed, then X_b) is standardised once and fitted along the path of s values,
 * ascending: each of its `tuneRestarts` restarts (default min(restarts, 3), DEFAULT_TUNE_RESTARTS) starts
 * from k-means++ seeds at the smallest s and from its own partition at the previous s after that (see
 * gap.ts, runRestartPath). The observed and the permuted data go through the same procedure, which is what
 * the statistic compares. On the mouse data (1080 × 77, k = 8, B = 10, s = 1..77) warm starts take 3× fewer
 * iterations than a fresh seeding at every s and reach lower objectives; 3 restarts instead of 20 cost
 * 3/20 and still pick s = 15 on the paper's two examples (test/engine/gap.test.ts).
 * The returned `fit` is a fresh fit at bestS with the full `restarts` (default 20): bit for bit
 * fit(X, { ...options, s: bestS }), so `skfr cluster --s <bestS>` reproduces it. Its objective can differ
 * from the one behind curve[best].logO (different starts).
 * O ≤ 0 (possible only with `standardize: false`, where unselected features are not centred) is clamped to
 * 1e-12 · totalSS before the logarithm.
 *
 * @example tuneSparsity(X, { k: 10, sValues: [5, 10, 15, 20], permutations: 10 }).bestS
 */
import { SkfrError } from '../errors.js';
import { throwIfAborted } from './abort.js';
import { fitPrepared } from './fit.js';
import { prepareFit, type PreparedFit } from './prepare.js';
import { checkS, FIT_DEFAULTS, MAX_RESTARTS, validateFitOptions } from './options.js';
import { createRng, deriveSeed, RNG_DOMAIN } from './random.js';
import { assembleTune, pathLogO, restartPathSummary } from './gap.js';
import type { Matrix, TuneOptions, TuneResult } from './types.js';

export const DEFAULT_PERMUTATIONS = 10;
export const MAX_PERMUTATIONS = 10_000;
export const DEFAULT_TUNE_RESTARTS = 3;

/**
 * Restarts of each gap-statistic fit: `tuneRestarts`, else min(restarts, 3) (restarts default 20).
 * @throws SkfrError 'invalid-option' when tuneRestarts is not a whole number in 1..MAX_RESTARTS
 */
export function resolveTuneRestarts(options: Pick<TuneOptions, 'restarts' | 'tuneRestarts'>): number {
  const { tuneRestarts } = options;
  if (tuneRestarts === undefined) return Math.min(options.restarts ?? FIT_DEFAULTS.restarts, DEFAULT_TUNE_RESTARTS);
  if (!Number.isInteger(tuneRestarts) || tuneRestarts < 1 || tuneRestarts > MAX_RESTARTS) {
    throw new SkfrError(
      'invalid-option',
      `tuneRestarts = ${String(tuneRestarts)} is not possible: tuneRestarts must be a whole number between 1 and ${MAX_RESTARTS}.`,
    );
  }
  return tuneRestarts;
}

/**
 * X with each column's observed values shuffled (Fisher–Yates) among that column's observed cells,
 * using permutation b's own generator.
 */
export function permuteColumns(X: Matrix, seed: number, b: number): Matrix {
  const { rows: n, cols: p, data } = X;
  const rng = createRng(deriveSeed(seed, b, RNG_DOMAIN.permutation));
  const out = data.slice();
  const cells = new Int32Array(n);
  for (let l = 0; l < p; l++) {
    let m = 0;
    for (let i = 0; i < n; i++) if (Number.isFinite(data[i * p + l]!)) cells[m++] = i * p + l;
    for (let t = m - 1; t > 0; t--) {
      const u = rng.int(t + 1);
      const a = out[cells[t]!]!;
      out[cells[t]!] = out[cells[u]!]!;
      out[cells[u]!] = a;
    }
  }
  return { rows: n, cols: p, data: out };
}

export function tuneSparsity(X: Matrix, options: TuneOptions): TuneResult {
  // reuseInput is not a tuning option (the type forbids it; dropped here for untyped callers): X stays untouched.
  const { sValues, permutations, onProgress, tuneRestarts: _tuneRestarts, reuseInput: _reuse, ...rest } = options as TuneOptions & { reuseInput?: unknown };
  if (!Array.isArray(sValues) || sValues.length === 0) {
    throw new SkfrError('invalid-s', 'No sparsity levels to try: give at least one s between 1 and the number of features.');
  }
  for (const s of sValues) checkS(s, X.cols);
  const S = [...new Set(sValues)].sort((a, b) => a - b);
  const B = permutations ?? DEFAULT_PERMUTATIONS;
  if (!Number.isInteger(B) || B < 1 || B > MAX_PERMUTATIONS) {
    throw new SkfrError(
      'invalid-option',
      `permutations = ${String(B)} is not possible: permutations must be a whole number between 1 and ${MAX_PERMUTATIONS}.`,
    );
  }
  const fullRestarts = validateFitOptions(X.rows, X.cols, { ...rest, s: S[0]! }).restarts;
  const restartsPerFit = resolveTuneRestarts(options);
  throwIfAborted(options.signal);
  const totalSteps = (B + 1) * restartsPerFit * S.length;
  let done = 0;
  // Data set b (0 = observed): every restart's path over S, then log O at each s.
  const logOfDataSet = (prep: PreparedFit, b: number): Float64Array => {
    const paths = [];
    for (let r = 0; r < restartsPerFit; r++) {
      throwIfAborted(options.signal);
      paths.push(
        restartPathSummary(prep, r, S, (t) => {
          done++;
          onProgress?.({ stage: 'tuning', fraction: done / totalSteps, s: S[t], permutation: b, permutations: B, restart: r + 1, restarts: restartsPerFit });
        }),
      );
    }
    return pathLogO(paths);
  };
  // A permuted copy is ours: standardised in place (reuseInput) instead of copied once more.
  const prepare = (data: Matrix, owned: boolean): PreparedFit => prepareFit(data, { ...rest, s: S[0]!, restarts: restartsPerFit, reuseInput: owned });

  const observedPrep = prepare(X, false);
  const observedLogO = logOfDataSet(observedPrep, 0);
  const seed = observedPrep.options.seed;
  const permutedLogO = S.map(() => new Float64Array(B));
  for (let b = 1; b <= B; b++) {
    throwIfAborted(options.signal);
    const logO = logOfDataSet(prepare(permuteColumns(X, seed, b), true), b);
    S.forEach((_, t) => {
      permutedLogO[t]![b - 1] = logO[t]!;
    });
  }

  const assembled = assembleTune(S, observedLogO, permutedLogO);
  // The returned fit: fresh seeds and the full restarts, bit for bit fit(X, { ...options, s: bestS }).
  const chosen = fitPrepared({ ...observedPrep, options: { ...observedPrep.options, restarts: fullRestarts }, onProgress: undefined }, assembled.bestS);
  onProgress?.({ stage: 'done', fraction: 1, permutations: B });
  return { ...assembled, fit: chosen };
}
