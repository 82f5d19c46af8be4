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
 * Every rule of gap.ts picks an s (sRules); the one of `rule` (default DEFAULT_S_RULE) is chosenS, the s fitted.
 * bestS = argmax Gap (smallest s on ties); oneSeS = smallest s with Gap(s) ≥ Gap(bestS) − sd(bestS).
 * With `refine: true` a second pass fits the s values between the chosen s's grid neighbours (refineGrid) and
 * the rules choose again on the merged curve: a stepped grid (defaultSparsityGrid) then costs ~60 s values
 * instead of p and still ends on an exact s.
 *
 * Cost. Each data set (observed, then X_b) is standardised once and fitted along the path of s values,
 * ascending: each of its `tuneRestarts` restarts (default min(restarts, 3), DEFAULT_TUNE_RESTARTS) starts
 * from k-means++ seeds at the smallest s and from its own partition at the previous s after that (see
 * gap.ts, runRestartPath). The observed and the permuted data go through the same procedure, which is what
 * the statistic compares. On the mouse data (1080 × 77, k = 8, B = 10, s = 1..77) warm starts take 3× fewer
 * iterations than a fresh seeding at every s and reach lower objectives; 3 restarts instead of 20 cost
 * 3/20 and still pick s = 15 on the paper's two examples (test/engine/gap.test.ts).
 * The returned `fit` is a fresh fit at chosenS with the full `restarts` (default 20): bit for bit
 * fit(X, { ...options, s: chosenS }), so `skfr cluster --s <chosenS>` reproduces it. Its objective can differ
 * from the one behind the curve's log O (different starts).
 * O ≤ 0 (a rounding at an s that separates nothing; every fit centres its features) is clamped to
 * 1e-12 · totalSS before the logarithm.
 *
 * @example tuneSparsity(X, { k: 10, sValues: [5, 10, 15, 20], permutations: 10 }).bestS
 */
import { SkfrError } from '../errors.js';
import { throwIfAborted } from './abort.js';
import { fitPrepared } from './fit.js';
import { prepareFit, type PreparedFit } from './prepare.js';
import { checkS, FIT_DEFAULTS, validateFitOptions } from './options.js';
import { checkInt, OPTION_SPECS } from './option-specs.js';
import { createRng, deriveSeed, RNG_DOMAIN } from './random.js';
import { assembleTune, DEFAULT_S_RULE, pathLogO, restartPathSummary } from './gap.js';
import type { Matrix, TuneOptions, TuneResult } from './types.js';

/** Permuted data sets B of the gap statistic when not given (option-specs.ts, which also holds the most accepted). */
export const DEFAULT_PERMUTATIONS = OPTION_SPECS.permutations.default;
export const DEFAULT_TUNE_RESTARTS = 3;

/**
 * Restarts of each gap-statistic fit: `tuneRestarts`, else min(restarts, 3) (restarts default 20).
 * @throws SkfrError 'invalid-option' when tuneRestarts is not a whole number within the limits of restarts
 */
export function resolveTuneRestarts(options: Pick<TuneOptions, 'restarts' | 'tuneRestarts'>): number {
  const { tuneRestarts } = options;
  if (tuneRestarts === undefined) return Math.min(options.restarts ?? FIT_DEFAULTS.restarts, DEFAULT_TUNE_RESTARTS);
  return checkInt('tuneRestarts', OPTION_SPECS.restarts, tuneRestarts);
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
  const { sValues, permutations, onProgress, tuneRestarts: _tuneRestarts, rule: _rule, refine: _refine, reuseInput: _reuse, ...rest } = options as TuneOptions & { reuseInput?: unknown };
  if (!Array.isArray(sValues) || sValues.length === 0) {
    throw new SkfrError('invalid-s', 'No sparsity levels to try: give at least one s between 1 and the number of features.');
  }
  for (const s of sValues) checkS(s, X.cols);
  const S = [...new Set(sValues)].sort((a, b) => a - b);
  const B = checkInt('permutations', OPTION_SPECS.permutations, permutations ?? DEFAULT_PERMUTATIONS);
  const fullRestarts = validateFitOptions(X.rows, X.cols, { ...rest, s: S[0]! }).restarts;
  const restartsPerFit = resolveTuneRestarts(options);
  const rule = options.rule ?? DEFAULT_S_RULE;
  throwIfAborted(options.signal);
  // A permuted copy is ours: standardised in place (reuseInput) instead of copied once more.
  const prepare = (data: Matrix, owned: boolean): PreparedFit => prepareFit(data, { ...rest, s: S[0]!, restarts: restartsPerFit, reuseInput: owned });
  const observedPrep = prepare(X, false);
  const seed = observedPrep.options.seed;

  // log O of the observed (b = 0) and every permuted data set over the s values `values`; progress spans [from, to].
  const logsOver = (values: readonly number[], from: number, to: number): { observed: Float64Array; permuted: Float64Array[] } => {
    const totalSteps = (B + 1) * restartsPerFit * values.length;
    let done = 0;
    const logOfDataSet = (prep: PreparedFit, b: number): Float64Array => {
      const paths = [];
      for (let r = 0; r < restartsPerFit; r++) {
        throwIfAborted(options.signal);
        paths.push(
          restartPathSummary(prep, r, values, (t) => {
            done++;
            const fraction = from + ((to - from) * done) / totalSteps;
            onProgress?.({ stage: 'tuning', fraction, s: values[t], permutation: b, permutations: B, restart: r + 1, restarts: restartsPerFit });
          }),
        );
      }
      return pathLogO(paths);
    };
    const observed = logOfDataSet(observedPrep, 0);
    const permuted = values.map(() => new Float64Array(B));
    for (let b = 1; b <= B; b++) {
      throwIfAborted(options.signal);
      const logO = logOfDataSet(prepare(permuteColumns(X, seed, b), true), b);
      values.forEach((_, t) => {
        permuted[t]![b - 1] = logO[t]!;
      });
    }
    return { observed, permuted };
  };

  const coarse = logsOver(S, 0, options.refine === true ? REFINE_SHARE : 1);
  let assembled = assembleTune(S, coarse.observed, coarse.permuted, rule);
  const fine = options.refine === true ? refineGrid(S, assembled.chosenS, X.cols) : [];
  if (fine.length > 0) {
    const extra = logsOver(fine, REFINE_SHARE, 1);
    const merged = mergeCurves(S, coarse, fine, extra);
    assembled = assembleTune(merged.values, merged.observed, merged.permuted, rule);
  }
  // The returned fit: fresh seeds and the full restarts, bit for bit fit(X, { ...options, s: chosenS }).
  const chosen = fitPrepared({ ...observedPrep, options: { ...observedPrep.options, restarts: fullRestarts }, onProgress: undefined }, assembled.chosenS);
  onProgress?.({ stage: 'done', fraction: 1, permutations: B });
  return { ...assembled, fit: chosen };
}

/** Share of the progress bar given to the coarse pass of a refined tuning. */
const REFINE_SHARE = 0.8;

/** Points of a default grid, and at most as many again in its fine pass. */
export const DEFAULT_GRID_POINTS = 30;

/**
 * The s values tried when the user gives no grid: every s of from..to (default 1..p) when that is at most
 * DEFAULT_GRID_POINTS values, else about that many spaced evenly on a log scale (every small s, wider steps
 * among large s: 1, 2, …, 9, 11, 13, 15, 17, 20, 23, 27, 31, 36, 42, 49, 57, 66, 77 for p = 77), always with both ends. Run it with
 * `refine: true` for the fine pass near the chosen s (refineGrid).
 * @example defaultSparsityGrid(12) // [1, 2, …, 12]
 * @example defaultSparsityGrid(1000).length // ≤ 30, from 1 to 1000
 */
export function defaultSparsityGrid(p: number, from = 1, to = p): number[] {
  checkS(from, p);
  checkS(to, p);
  if (from > to) throw new SkfrError('invalid-s', `The sparsity range ${from}..${to} is empty: its start (${from}) must not exceed its end (${to}).`);
  const count = to - from + 1;
  if (count <= DEFAULT_GRID_POINTS) return Array.from({ length: count }, (_, t) => from + t);
  const values = new Set<number>();
  const a = Math.log(from);
  const span = Math.log(to) - a;
  for (let t = 0; t < DEFAULT_GRID_POINTS; t++) values.add(Math.round(Math.exp(a + (span * t) / (DEFAULT_GRID_POINTS - 1))));
  values.add(from).add(to);
  return [...values].sort((x, y) => x - y);
}

/**
 * The fine pass of a stepped grid near its chosen s: the values strictly between the grid neighbours of
 * `chosenS` that the grid lacks (every one of them, or DEFAULT_GRID_POINTS evenly spaced when there are more).
 * Empty when the grid already has every value there.
 * @example refineGrid([1, 5, 10, 20], 10, 77) // [6, 7, 8, 9, 11, 12, …, 19]
 */
export function refineGrid(sValues: readonly number[], chosenS: number, p: number): number[] {
  const t = sValues.indexOf(chosenS);
  if (t < 0) return [];
  const lo = sValues[t - 1] ?? chosenS;
  const hi = Math.min(sValues[t + 1] ?? chosenS, p);
  const have = new Set(sValues);
  const gaps: number[] = [];
  for (let s = lo + 1; s < hi; s++) if (!have.has(s)) gaps.push(s);
  if (gaps.length <= DEFAULT_GRID_POINTS) return gaps;
  const picked = new Set<number>();
  for (let u = 0; u < DEFAULT_GRID_POINTS; u++) picked.add(gaps[Math.round((u * (gaps.length - 1)) / (DEFAULT_GRID_POINTS - 1))]!);
  return [...picked].sort((x, y) => x - y);
}

/** Two passes' log O merged in ascending order of s (the passes' s values are disjoint). */
export function mergeCurves(
  coarseValues: readonly number[],
  coarse: { observed: Float64Array; permuted: Float64Array[] },
  fineValues: readonly number[],
  fine: { observed: Float64Array; permuted: Float64Array[] },
): { values: number[]; observed: Float64Array; permuted: Float64Array[] } {
  const rows = [
    ...coarseValues.map((s, t) => ({ s, observed: coarse.observed[t]!, permuted: coarse.permuted[t]! })),
    ...fineValues.map((s, t) => ({ s, observed: fine.observed[t]!, permuted: fine.permuted[t]! })),
  ].sort((a, b) => a.s - b.s);
  return { values: rows.map((row) => row.s), observed: Float64Array.from(rows, (row) => row.observed), permuted: rows.map((row) => row.permuted) };
}
