/**
 * Choice of the number of clusters k at a given sparsity s: the gap statistic over k (Tibshirani, Walther &
 * Hastie 2001) with the same reference distribution as the choice of s (B data sets whose columns are
 * permuted independently, permutation b from createRng(deriveSeed(seed, b, 'permutation')), so X_b is the
 * very matrix tuneSparsity uses), and the average silhouette on the selected features.
 *
 *   W(X, k) = Σ_i Σ_l (x_il − θ_{c(i) l})² at the sparse centers of the best restart (observed entries,
 *             fitted scale) = totalSS − O(X, k, s);
 *   Gap(k) = (1/B) Σ_b log W(X_b, k) − log W(X, k)   (Tibshirani et al.'s form: within dispersion, reference
 *            minus observed, so Gap grows while clusters are real);
 *   sd(k)  = sqrt((1/B) Σ_b (log W(X_b, k) − mean)²) · sqrt(1 + 1/B)   (s_k of Tibshirani et al.).
 * The same rules as for s (gap.ts) pick k; Tibshirani et al.'s standard rule (the smallest k with
 * Gap(k) ≥ Gap(k+1) − sd(k+1)) is the default, DEFAULT_K_RULE (measured in bench/RESULTS.md).
 *
 * Each data set is standardised once; every k gets `tuneRestarts` fresh k-means++ restarts (default: all
 * `restarts`, 20 — unlike s, whose paths are warm-started, k has no path and needs them). The silhouette of each k is that of the best restart on the observed data, on its selected
 * features (silhouette.ts). The returned `fit` is a fresh fit at the chosen k with all restarts:
 * bit for bit fit(X, { ...options, k: chosenK, s }).
 *
 * @example tuneClusters(X, { s: 10, kValues: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12], permutations: 10 }).chosenK
 */
import { SkfrError } from '../errors.js';
import { throwIfAborted } from './abort.js';
import { finishFit, fitPrepared, observedSS, pickBest } from './fit.js';
import { argMaxRule, kneeRule, tibshiraniRule, withinSdOfMaxRule, type GapLike } from './gap.js';
import { validateFitOptions } from './options.js';
import { checkInt, maxWords, OPTION_SPECS } from './option-specs.js';
import { prepareFit, type PreparedFit } from './prepare.js';
import { runRestart, type RestartResult } from './restart.js';
import { selectedData, silhouette } from './silhouette.js';
import { defaultSparsityGrid, DEFAULT_PERMUTATIONS, permuteColumns, resolveTuneRestarts, tuneSparsity } from './tuning.js';
import type { FitResult, KPoint, KRule, KRuleChoice, KSStep, KTuneOptions, KTuneResult, Matrix, Progress, SRule, TuneOptions, TuneResult } from './types.js';

/** The rule that picks k unless told otherwise (see bench/RESULTS.md, "Choosing k"). */
export const DEFAULT_K_RULE: KRule = 'tibshirani';
export const K_RULES: readonly KRule[] = ['tibshirani', 'argmax', 'within-sd-of-max', 'knee', 'silhouette'];

/** log W of the best of `restarts` restarts at k (and that restart's result, for the silhouette). */
export function bestLogW(prep: PreparedFit, k: number, restarts: number): { logW: number; results: RestartResult[] } {
  const at: PreparedFit = { ...prep, options: { ...prep.options, k, restarts } };
  const results: RestartResult[] = [];
  for (let r = 0; r < restarts; r++) {
    throwIfAborted(prep.signal);
    results.push(runRestart(at, r));
  }
  const best = results[pickBest(results)]!;
  const { withinSS, totalSS } = observedSS(at, best.labels, best.centers, false);
  return { logW: Math.log(Math.max(withinSS, 1e-12 * totalSS, Number.MIN_VALUE)), results };
}

/**
 * Choose among the k values of a curve with each rule; the silhouette rule takes the largest average
 * silhouette (smallest k on ties).
 */
export function chooseK(curve: readonly (GapLike & { k: number; silhouette: number })[], rule: KRule = DEFAULT_K_RULE): { chosenK: number; rules: KRuleChoice[] } {
  const ks = curve.map((point) => point.k);
  const pick = (name: KRule): number => {
    switch (name) {
      case 'argmax':
        return argMaxRule(curve);
      case 'tibshirani':
        return tibshiraniRule(curve);
      case 'within-sd-of-max':
        return withinSdOfMaxRule(curve);
      case 'knee':
        return kneeRule(curve, ks);
      case 'silhouette':
        return argMaxRule(curve.map((point) => ({ gap: Number.isFinite(point.silhouette) ? point.silhouette : -Infinity, sd: 0 })));
      default:
        throw new SkfrError('invalid-option', `The rule "${String(name)}" is not one of ${K_RULES.join(', ')}.`);
    }
  };
  if (!K_RULES.includes(rule)) throw new SkfrError('invalid-option', `The rule "${String(rule)}" is not one of ${K_RULES.join(', ')}.`);
  const rules = K_RULES.map((name) => ({ rule: name, k: ks[pick(name)]!, default: name === rule }));
  return { chosenK: rules.find((choice) => choice.default)!.k, rules };
}

/**
 * The k values to try, validated against n (each within OPTION_SPECS.kRange: 2 ≤ k ≤ n − 1, as at k = n every
 * sample is its own cluster), distinct and ascending; shared with core/parallel.
 */
export function checkKValues(kValues: unknown, n: number): number[] {
  const spec = OPTION_SPECS.kRange;
  if (!Array.isArray(kValues) || kValues.length === 0) {
    throw new SkfrError('invalid-k', `No numbers of clusters to try: give at least one k between ${spec.min} and ${maxWords(spec, { n })}.`);
  }
  for (const k of kValues) checkInt('k', spec, k, { n });
  return [...new Set(kValues as number[])].sort((a, b) => a - b);
}

/** The curve from log W of the observed data (per k) and of the permuted data (per k, b = 1..B). */
export function assembleKCurve(kValues: readonly number[], observedLogW: ArrayLike<number>, permutedLogW: readonly Float64Array[], silhouettes: ArrayLike<number>): KPoint[] {
  return kValues.map((k, t) => {
    const logs = permutedLogW[t]!;
    const B = logs.length;
    let mean = 0;
    for (const v of logs) mean += v;
    mean /= B;
    let ss = 0;
    for (const v of logs) ss += (v - mean) ** 2;
    return {
      k,
      gap: mean - observedLogW[t]!,
      sd: Math.sqrt(ss / B) * Math.sqrt(1 + 1 / B),
      logW: observedLogW[t]!,
      meanPermutedLogW: mean,
      silhouette: silhouettes[t]!,
    };
  });
}

export function tuneClusters(X: Matrix, options: KTuneOptions): KTuneResult {
  const { kValues, permutations, onProgress, tuneRestarts: _r, rule, reuseInput: _reuse, ...rest } = options as KTuneOptions & { reuseInput?: unknown };
  const K = checkKValues(kValues, X.rows);
  const B = checkInt('permutations', OPTION_SPECS.permutations, permutations ?? DEFAULT_PERMUTATIONS);
  const fullRestarts = validateFitOptions(X.rows, X.cols, { ...rest, k: K[0]! }).restarts;
  // All restarts by default (not tuneSparsity's 3): at the true k, a few k-means++ restarts often merge two
  // clusters, which flattens Gap(k) there (sparse design, k = 3..15: the default rule found k = 10 in 3 of 10
  // seeds with 3 restarts, 9 of 10 with 20).
  const R = options.tuneRestarts !== undefined ? resolveTuneRestarts(options) : fullRestarts;
  const totalSteps = (B + 1) * K.length;
  let done = 0;
  const prepare = (data: Matrix, owned: boolean): PreparedFit => prepareFit(data, { ...rest, k: K[0]!, restarts: R, reuseInput: owned });

  const observedPrep = prepare(X, false);
  const seed = observedPrep.options.seed;
  const observedLogW = new Float64Array(K.length);
  const silhouettes = new Float64Array(K.length);
  K.forEach((k, t) => {
    const { logW, results } = bestLogW(observedPrep, k, R);
    observedLogW[t] = logW;
    const at = { ...observedPrep, options: { ...observedPrep.options, k, restarts: R }, onProgress: undefined };
    const best = finishFit(at, results);
    silhouettes[t] = silhouette(selectedData(at, best), best.labels, { seed, signal: options.signal });
    done++;
    onProgress?.({ stage: 'tuning', fraction: done / totalSteps, k, permutation: 0, permutations: B });
  });
  const permutedLogW = K.map(() => new Float64Array(B));
  for (let b = 1; b <= B; b++) {
    throwIfAborted(options.signal);
    const prep = prepare(permuteColumns(X, seed, b), true);
    K.forEach((k, t) => {
      permutedLogW[t]![b - 1] = bestLogW(prep, k, R).logW;
      done++;
      onProgress?.({ stage: 'tuning', fraction: done / totalSteps, k, permutation: b, permutations: B });
    });
  }
  const curve = assembleKCurve(K, observedLogW, permutedLogW, silhouettes);
  const { chosenK, rules } = chooseK(curve, rule ?? DEFAULT_K_RULE);
  const fit: FitResult = fitPrepared({ ...observedPrep, options: { ...observedPrep.options, k: chosenK, restarts: fullRestarts }, onProgress: undefined });
  onProgress?.({ stage: 'done', fraction: 1, permutations: B });
  return { curve, chosenK, kRules: rules, permutations: B, fit };
}

export interface AlternateOptions extends Omit<KTuneOptions, 'kValues' | 'rule' | 's'> {
  /** The k to start from. */
  k: number;
  /** The k values tried at each k step. */
  kValues: number[];
  /** The s values tried at each s step (default: defaultSparsityGrid(p) with the fine pass). */
  sValues?: number[];
  sRule?: SRule;
  kRule?: KRule;
  /** At most this many (s step, k step) rounds (default 5). */
  maxRounds?: number;
}

export interface AlternateResult {
  /** Every step in order: an s step (tuned: 's') then a k step (tuned: 'k'), round after round. */
  steps: KSStep[];
  k: number;
  s: number;
  /** The last k step kept k: s was tuned at this k and k at this s. false when maxRounds ran out first. */
  settled: boolean;
  /** fit(X, { ...options, k, s }), all restarts. */
  fit: FitResult;
}

/** What the alternating search asks for next: s tuned at a k (gap over s), or k tuned at an s (gap over k). */
export type AlternateAsk = { tune: 's'; options: TuneOptions } | { tune: 'k'; options: KTuneOptions };

/**
 * The alternating search for k and s, as the steps it asks for: s at the current k, then k at that s, until a
 * k step keeps k (then s was chosen at this k and k at this s), or `maxRounds` rounds. A driver answers each ask
 * (tuneSparsity / tuneClusters in this thread: alternateKS; on workers: core/parallel's alternateWith), so the
 * search is written once and gives the same steps wherever it runs.
 */
export function* alternation(X: Matrix, options: AlternateOptions): Generator<AlternateAsk, AlternateResult, TuneResult | KTuneResult> {
  const { k: k0, kValues, sValues, sRule, kRule, maxRounds, onProgress, ...common } = options;
  const rounds = maxRounds ?? 5;
  const grid = sValues ?? defaultSparsityGrid(X.cols);
  const refine = sValues === undefined;
  const steps: KSStep[] = [];
  let k = k0;
  let s = grid[0]!;
  let fit: FitResult | null = null;
  let settled = false;
  for (let round = 0; round < rounds && !settled; round++) {
    const share = (part: number) => (progress: Progress) => onProgress?.({ ...progress, stage: progress.stage === 'done' ? 'tuning' : progress.stage, fraction: (2 * round + part + progress.fraction) / (2 * rounds) });
    const tunedS = (yield { tune: 's', options: { ...common, k, sValues: grid, refine, ...(sRule ? { rule: sRule } : {}), onProgress: share(0) } }) as TuneResult;
    s = tunedS.chosenS;
    steps.push({ tuned: 's', k, s, sRules: tunedS.sRules, flags: tunedS.flags, curve: tunedS.curve });
    const tunedK = (yield { tune: 'k', options: { ...common, s, kValues, ...(kRule ? { rule: kRule } : {}), onProgress: share(1) } }) as KTuneResult;
    steps.push({ tuned: 'k', k: tunedK.chosenK, s, kRules: tunedK.kRules, curve: tunedK.curve });
    fit = tunedK.fit;
    settled = tunedK.chosenK === k;
    k = tunedK.chosenK;
  }
  onProgress?.({ stage: 'done', fraction: 1 });
  return { steps, k, s, settled, fit: fit! };
}

/**
 * The alternating search for k and s in this thread (see `alternation`).
 * @example alternateKS(X, { k: 5, kValues: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }).steps
 */
export function alternateKS(X: Matrix, options: AlternateOptions): AlternateResult {
  const search = alternation(X, options);
  let next = search.next();
  while (!next.done) next = search.next(next.value.tune === 's' ? tuneSparsity(X, next.value.options) : tuneClusters(X, next.value.options));
  return next.value;
}
