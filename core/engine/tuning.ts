/**
 * Choice of the sparsity level s by the gap statistic (Algorithm 3 of the paper; Tibshirani et al. 2001).
 *
 * O(X, s) = Σ_i ‖x_i − x̄‖² − Σ_j Σ_{i∈C_j} ‖x_i − θ_j‖²  (FitResult.betweenSS: total minus within sum of
 * squares at the fitted sparse centers, observed entries, fitted scale).
 * B permuted data sets X_b permute each column independently; permutation b uses its own generator
 * createRng(deriveSeed(seed, b, 'permutation')), so permutations can run anywhere in any order. Missing
 * cells stay where they are: each column's observed values are shuffled among its observed cells, so a
 * permuted set never has an empty row.
 * Gap(s) = log O(X, s) − (1/B) Σ_b log O(X_b, s);
 * sd(s) = sqrt((1/B) Σ_b (log O(X_b, s) − mean)²) · sqrt(1 + 1/B);
 * bestS = argmax Gap (smallest s on ties); oneSeS = smallest s with Gap(s) ≥ Gap(bestS) − sd(bestS).
 * Every fit uses the caller's options (k, variant, loss, seed, …) with the s under test and `tuneRestarts`
 * restarts (default min(restarts, 3), DEFAULT_TUNE_RESTARTS): on the paper's two gap examples 3 restarts
 * pick the same s = 15 as 5 and 20 do (test/engine/gap.test.ts), at 3/20 of the cost. On the mouse data
 * (1080 × 77, k = 8, B = 10, s = 1..77) 3 instead of 5 restarts shift Gap(s) by +0.017 on average (at most
 * 0.03, under one sd ≈ 0.03–0.05); bestS stays 77, oneSeS moves from 64 to 69 on that flat top. The returned `fit` is
 * the fit at bestS with the full `restarts` (default 20) — refitted when tuneRestarts < restarts; its
 * restarts 0..tuneRestarts−1 are those of the tuning fit, so its objective is never worse than the one
 * behind curve[best].logO.
 * Each data set (observed, then X_b) is standardised once and each of its restarts seeded once for all s
 * (fitPrepared with a SeedingCache), which is bit for bit fit(X_b, { ...options, s }).
 * O ≤ 0 (possible only with `standardize: false`, where unselected features are not centred) is clamped to
 * 1e-12 · totalSS before the logarithm.
 *
 * @example tuneSparsity(X, { k: 10, sValues: [5, 10, 15, 20], permutations: 10 }).bestS
 */
import { SkfrError } from '../errors.js';
import { throwIfAborted } from './abort.js';
import { fitPrepared } from './fit.js';
import { prepareFit, type PreparedFit } from './prepare.js';
import { createSeedingCache, type SeedingCache } from './restart.js';
import { checkS, FIT_DEFAULTS, MAX_RESTARTS, validateFitOptions } from './options.js';
import { createRng, deriveSeed, RNG_DOMAIN } from './random.js';
import { assembleTune, logObjective } from './gap.js';
import type { FitResult, Matrix, Progress, TuneOptions, TuneResult } from './types.js';

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
  const { sValues, permutations, onProgress, tuneRestarts: _tuneRestarts, ...rest } = options;
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
  const totalFits = S.length * (B + 1);
  let done = 0;
  // Each data set (observed, then permutation b) is validated and standardised once, and each restart
  // seeded once, for all s: fitPrepared(prep, s, cache) equals fit(data, { ...options, s }) bit for bit.
  const fitAll = (prep: PreparedFit, cache: SeedingCache, permutation: number): FitResult[] =>
    S.map((s) => {
      const base = done;
      const report = (inner: Progress): void =>
        onProgress?.({
          stage: 'tuning',
          fraction: (base + inner.fraction) / totalFits,
          s,
          permutation,
          permutations: B,
          restart: inner.restart,
          restarts: inner.restarts,
        });
      const result = fitPrepared({ ...prep, onProgress: onProgress ? report : undefined }, s, cache);
      done++;
      return result;
    });
  const prepare = (data: Matrix): PreparedFit => prepareFit(data, { ...rest, s: S[0]!, restarts: restartsPerFit });

  const observedPrep = prepare(X);
  const observedCache = createSeedingCache();
  const observed = fitAll(observedPrep, observedCache, 0);
  const seed = observed[0]!.options.seed;
  const permutedLogO = S.map(() => new Float64Array(B));
  for (let b = 1; b <= B; b++) {
    throwIfAborted(options.signal);
    const fits = fitAll(prepare(permuteColumns(X, seed, b)), createSeedingCache(), b);
    S.forEach((_, t) => {
      permutedLogO[t]![b - 1] = logObjective(fits[t]!);
    });
  }

  const assembled = assembleTune(S, observed, permutedLogO);
  // The returned fit uses the full restarts (bit for bit fit(X, { ...options, s: bestS })).
  let chosen = assembled.fit;
  if (fullRestarts > restartsPerFit) {
    chosen = fitPrepared({ ...observedPrep, options: { ...observedPrep.options, restarts: fullRestarts }, onProgress: undefined }, assembled.bestS, observedCache);
  }
  onProgress?.({ stage: 'done', fraction: 1, permutations: B });
  return { ...assembled, fit: chosen };
}
