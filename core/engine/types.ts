/**
 * Public types of the SKFR engine (Zhang, Lange & Xu, NeurIPS 2020).
 *
 * Conventions used everywhere in the engine:
 * - A data matrix is n × p, row-major, in a Float64Array: entry (i, l) is `data[i * cols + l]`.
 * - `NaN` marks a missing cell. Missing cells are handled by k-POD (never dropped).
 * - Cluster labels inside the engine are 0-based (`0 .. k-1`). Hosts that show labels to
 *   people (CLI, exports, UI) add 1.
 * - Feature indices are 0-based column indices of the matrix given to `fit`.
 */

/** Row-major n × p matrix of float64; NaN = missing. */
export interface Matrix {
  readonly rows: number;
  readonly cols: number;
  readonly data: Float64Array;
}

/** SKFR1 = 'global' (one set of s features), SKFR2 = 'local' (a set of s features per cluster). */
export type Variant = 'global' | 'local';

/** 'squared' = k-means (means, d_l = Σ_j |C_j| μ_jl²); 'absolute' = L1 (medians, L1 ranking of Section 3). */
export type Loss = 'squared' | 'absolute';

/** Anything with an `aborted` flag (the DOM / Node AbortSignal fits). Core stays platform-free. */
export interface AbortSignalLike {
  readonly aborted: boolean;
}

export type Stage = 'standardizing' | 'seeding' | 'fitting' | 'tuning' | 'done';

/** Progress of a long computation. `fraction` is the overall completed fraction in [0, 1]. */
export interface Progress {
  stage: Stage;
  fraction: number;
  /** 1-based restart currently running, with the total. */
  restart?: number;
  restarts?: number;
  /** 1-based permutation (gap statistic) currently running, with the total; 0 = the observed data. */
  permutation?: number;
  permutations?: number;
  /** The s value currently being evaluated by tuneSparsity. */
  s?: number;
  /** The k value currently being evaluated by tuneClusters. */
  k?: number;
  /** Stability (stage 'fitting', message 'stability'): subsample fits finished, of `subsamples`. */
  subsample?: number;
  subsamples?: number;
  message?: string;
}

/** How features are scaled after centring (FitOptions.scale). */
export type Scale = 'unit-variance' | 'pareto' | 'none';

export interface FitOptions {
  /** Number of clusters, 2 ≤ k ≤ n. */
  k: number;
  /** Sparsity: number of informative features (per cluster for 'local'), 1 ≤ s ≤ p. */
  s: number;
  variant?: Variant; // default 'global'
  loss?: Loss; // default 'squared'
  restarts?: number; // default 20
  seed?: number; // default 1 (uint32)
  maxIterations?: number; // default 100
  /**
   * How each feature is scaled after it is centred on its observed values (every fit centres: the ranking
   * d_l = Σ_j |C_j| μ_jl² assumes centred features, paper Section 2). 'unit-variance' (default): divided by its
   * sample sd, for features in their own units; 'pareto': divided by the square root of its sd (van den Berg et al.
   * 2006), for features on one scale (log2 intensities): a protein's spread still counts, but a few proteins with a
   * huge spread of their own no longer outweigh the many that move together; 'none': centred only.
   */
  scale?: Scale; // default 'unit-variance'
  /**
   * Default false. true = the caller hands X over: `prepareFit` standardises X.data in place and uses it as
   * the working matrix (k-POD then also writes the missing cells' fills into it), instead of working on a
   * copy. Saves one n × p copy; results are identical. Only for callers that never read X again (the CLI);
   * not accepted by tuning (the permutations need the raw X).
   * @example fit(X, { k: 10, s: 10, reuseInput: true }) // same result as without; X.data now standardised
   */
  reuseInput?: boolean;
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignalLike;
}

/** FitOptions with every default filled in; echoed in the result. */
export interface ResolvedFitOptions {
  k: number;
  s: number;
  variant: Variant;
  loss: Loss;
  restarts: number;
  seed: number;
  maxIterations: number;
  scale: Scale;
}

/** A fit's cluster labels: 0 … k − 1 in the narrowest integer array for k (labels.ts). */
export type FitLabels = Uint8Array | Uint16Array | Int32Array;

export interface FitResult {
  options: ResolvedFitOptions;
  n: number;
  p: number;
  /** 0-based cluster of each sample (length n). */
  labels: FitLabels;
  /** Samples per cluster (length k). */
  clusterSizes: Int32Array;
  /**
   * Within-cluster means (medians for loss 'absolute') of every feature, k × p row-major,
   * in the fitted scale (centred, and scaled to unit variance unless `scale: 'none'`). Missing cells contribute their imputed value.
   */
  means: Float64Array;
  /** Sparse centers θ (k × p): `means` on the selected features, 0 elsewhere (Algorithms 1–2). */
  centers: Float64Array;
  /** Cluster means in the original units of the data (k × p), for reports. */
  originalMeans: Float64Array;
  /**
   * SKFR1: the s selected feature indices, best first.
   * SKFR2: the union of the per-cluster sets, ordered by `featureScores` (best first).
   */
  selectedFeatures: Int32Array;
  /** SKFR2 only: k arrays of s feature indices, each best first. null for SKFR1. */
  selectedFeaturesByCluster: Int32Array[] | null;
  /**
   * Ranking score of every feature (length p): d_l = Σ_j |C_j| μ_jl² (squared loss),
   * or the L1 reduction Σ_i |x_il| − Σ_j Σ_{i∈C_j} |x_il − med_jl| (absolute loss).
   * For SKFR2 this is Σ_j d_jl. Zero-variance features score 0 and are never selected.
   */
  featureScores: Float64Array;
  /** SKFR2 only: d_jl, k × p row-major. null for SKFR1. */
  clusterFeatureScores: Float64Array | null;
  /** Distance of each sample to its own sparse center (Euclidean for 'squared', L1 for 'absolute'). */
  distances: Float64Array;
  /** Final objective: Σ_i Σ_{l observed} loss(x_il − θ_{c(i) l}). */
  objective: number;
  /** Total sum of squares around the grand mean (observed entries), and the between-cluster part. */
  totalSS: number;
  betweenSS: number;
  /** Objective after each iteration of the best restart (non-increasing). */
  objectiveTrace: number[];
  iterations: number;
  converged: boolean;
  /** Number of missing cells filled by k-POD. */
  imputedCells: number;
  /** Features with zero (or all-missing) variance: kept out of ranking. */
  zeroVarianceFeatures: number[];
  /** Objective of every restart, in order. */
  restartObjectives: number[];
  /** Index (0-based) of the restart that won. */
  bestRestart: number;
  timings: { seedingMs: number; fittingMs: number };
}

export interface TuneOptions extends Omit<FitOptions, 's' | 'reuseInput'> {
  /** Candidate sparsity levels (each 1 ≤ s ≤ p). */
  sValues: number[];
  /** B permuted data sets (default 10). */
  permutations?: number;
  /**
   * Restarts inside the gap statistic (observed and permuted data): each walks the s values ascending,
   * warm-started from its partition at the previous s; default min(restarts, 3). `restarts` (default 20)
   * is then used for the returned fit at the chosen s.
   */
  tuneRestarts?: number;
  /** The rule whose s is fitted and returned as `chosenS` (default DEFAULT_S_RULE; see gap.ts, chooseS). */
  rule?: SRule;
  /**
   * Default false. true = after the curve over sValues, a fine pass over the values between the chosen s's
   * grid neighbours (tuning.ts, refineGrid), then the rules choose again on the merged curve. For stepped grids
   * (defaultSparsityGrid).
   */
  refine?: boolean;
}

/**
 * Rules that pick s from a Gap curve (core/engine/gap.ts):
 * - 'argmax': the largest Gap(s) (the paper's Algorithm 3);
 * - 'tibshirani': Tibshirani et al. (2001)'s standard one-SE rule, the smallest s with Gap(s) ≥ Gap(s⁺) − sd(s⁺),
 *   s⁺ the next s of the grid;
 * - 'within-sd-of-max': the smallest s with Gap(s) ≥ Gap(s*) − sd(s*), s* the arg-max (Witten & Tibshirani 2010;
 *   `TuneResult.oneSeS`);
 * - 'knee': the knee of the rising part of the curve (Kneedle);
 * - 'knee-se': Tibshirani's rule searched from the knee on (the default, see gap.ts).
 */
export type SRule = 'knee-se' | 'tibshirani' | 'argmax' | 'within-sd-of-max' | 'knee';

/** One rule's choice of s; `default` marks the rule whose s was fitted. */
export interface SRuleChoice {
  rule: SRule;
  s: number;
  default: boolean;
}

/** Warnings about a tuned s (the screen and the CLI say them). */
export interface SFlags {
  /** The chosen s is the first or the last value of the range tried. */
  atRangeEnd: boolean;
  /**
   * The curve has no clear maximum: the largest s tried is within one sd of the maximum Gap (the curve
   * does not come down after its maximum), or the maximum Gap is not above 0.
   */
  noClearMaximum: boolean;
}

export interface GapPoint {
  s: number;
  /** Gap(s) = log O(X, s) − mean_b log O(X_b, s). */
  gap: number;
  /** Standard deviation of log O(X_b, s) over b, times sqrt(1 + 1/B) (Tibshirani et al. 2001). */
  sd: number;
  /** log O(X, s) on the observed data. */
  logO: number;
  /** mean_b log O(X_b, s). */
  meanPermutedLogO: number;
}

export interface TuneResult {
  curve: GapPoint[];
  /** s maximising Gap(s) (rule 'argmax'). */
  bestS: number;
  /**
   * The within-one-sd-of-the-maximum rule ('within-sd-of-max'): the smallest s with
   * Gap(s) ≥ Gap(bestS) − sd(bestS). Not Tibshirani et al.'s one-SE rule (that is sRules' 'tibshirani').
   */
  oneSeS: number;
  /** The s of the rule asked for (TuneOptions.rule, default DEFAULT_S_RULE): the s of `fit`. */
  chosenS: number;
  /** Every rule's choice, the default (the one fitted) marked. */
  sRules: SRuleChoice[];
  flags: SFlags;
  permutations: number;
  /** The fit on the observed data at chosenS: fit(X, { ...options, s: chosenS }), fresh seeds, all restarts. */
  fit: FitResult;
}

/** Rules that pick k from a Gap-over-k curve: those of s (gap.ts) and the largest average silhouette. */
export type KRule = 'tibshirani' | 'argmax' | 'within-sd-of-max' | 'knee' | 'silhouette';

export interface KRuleChoice {
  rule: KRule;
  k: number;
  default: boolean;
}

export interface KTuneOptions extends Omit<FitOptions, 'k' | 'reuseInput'> {
  /** Candidate numbers of clusters (each 2 ≤ k ≤ n). */
  kValues: number[];
  /** B permuted data sets (default 10), the same X_b as tuneSparsity's. */
  permutations?: number;
  /** Restarts per k and data set inside the statistic (default: restarts, 20). */
  tuneRestarts?: number;
  /** The rule whose k is fitted (default DEFAULT_K_RULE). */
  rule?: KRule;
}

export interface KPoint {
  k: number;
  /** Gap(k) = mean_b log W(X_b, k) − log W(X, k), W the within-cluster sum of squares at the sparse centers. */
  gap: number;
  /** sd of log W(X_b, k) over b, times sqrt(1 + 1/B). */
  sd: number;
  logW: number;
  meanPermutedLogW: number;
  /** Average silhouette width of the observed fit at k on its selected features (−1..1). */
  silhouette: number;
}

export interface KTuneResult {
  curve: KPoint[];
  chosenK: number;
  kRules: KRuleChoice[];
  permutations: number;
  /** fit(X, { ...options, k: chosenK }), fresh seeds, all restarts. */
  fit: FitResult;
}

/** One step of the alternating k / s search (alternateKS). */
export type KSStep =
  | { tuned: 's'; k: number; s: number; sRules: SRuleChoice[]; flags: SFlags; curve: GapPoint[] }
  | { tuned: 'k'; k: number; s: number; kRules: KRuleChoice[]; curve: KPoint[] };

export interface StabilityOptions extends Omit<FitOptions, 'reuseInput'> {
  /** B subsample fits (default 50). */
  subsamples?: number;
  /** Fraction of the samples in each subsample, drawn without replacement (default 0.8). */
  fraction?: number;
}

/**
 * How sure a fit is: B fits of the same settings on random subsamples (core/engine/stability.ts).
 * Frequencies and consistencies are fractions in [0, 1]; NaN where undefined (see each field).
 */
export interface StabilityResult {
  subsamples: number;
  fraction: number;
  /** Samples in each subsample, round(fraction · n). */
  subsampleSize: number;
  /** Per feature (length p): the fraction of subsample fits that selected it (SKFR2: in any cluster). */
  featureFrequency: Float64Array;
  /**
   * SKFR2 only (null for SKFR1), k × p row-major over the FULL fit's clusters j: the fraction of subsample
   * fits in which the subsample cluster holding most of j's members selected feature l.
   */
  clusterFeatureFrequency: Float64Array | null;
  /** Features selected by the full fit but in fewer than half of the subsample fits, best first. */
  unstableSelected: number[];
  /**
   * Per sample (length n): among the subsample fits holding it, the fraction of its full-fit cluster mates
   * (present in the same subsample) that share its subsample cluster. NaN for a sample alone in its full-fit
   * cluster, or never drawn with a mate.
   */
  sampleConsistency: Float64Array;
  /** ARI between each subsample fit and the full fit on the subsample's samples (length B). */
  ari: Float64Array;
  /** Mean of `ari`. */
  meanAri: number;
}

export interface Contingency {
  /** Distinct values of the first labelling (rows) and of the second (columns), sorted. */
  rowLabels: number[];
  colLabels: number[];
  /** rows × cols counts, row-major. */
  counts: Int32Array;
}

export interface MixedNodes {
  /** Clusters holding samples of more than one known class. */
  mixedNodes: number;
  /** Samples in those clusters. */
  totalInMixedNodes: number;
}

export type Design = 'sparse' | 'outliers' | 'subsets' | 'missing' | 'batch';

export interface SimulateOptions {
  n?: number;
  p?: number;
  k?: number;
  s?: number;
  seed?: number;
  /** outliers design: fraction of each class replaced by outliers (default 0.1). */
  outlierFraction?: number;
  /** missing design: fraction of cells set missing (default 0.1). */
  missingFraction?: number;
  /** batch design: number of batches (default 3). */
  batches?: number;
}

export interface Simulated {
  design: Design;
  X: Matrix;
  /** True class (0-based) of each sample (batch design: the condition). */
  classes: Int32Array;
  /** batch design: the batch (0-based) of each sample; null for the other designs. */
  batches: Int32Array | null;
  /** Informative features: shared (sparse/outliers/missing) or per class (subsets). */
  informative: number[];
  informativeByClass: number[][] | null;
  featureNames: string[];
}
