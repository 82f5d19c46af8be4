/**
 * Every analysis option, declared once: its type, default, limits, `skfr cluster` flag and what it means in the
 * user's terms. Four consumers read this table and nothing else for a limit:
 * - the engine's checks (options.ts, tuning.ts, k-tuning.ts, stability.ts and core/analysis.ts),
 * - the IPC schema (core/jobs/schema.ts, fitSettingsSchema),
 * - `skfr cluster`: its parsing and its --help (cli/commands/cluster-options.ts),
 * - the Configure form (renderer/src/lib/settings.ts, ConfigureForm.vue).
 * test/engine/option-specs.test.ts and test/renderer/option-limits.test.ts check that all four agree with it.
 *
 * A limit that depends on the data is named, not numbered (DataBound): k ≤ n samples; a k tried by the gap
 * statistic ≤ n − 1 (at k = n every sample is its own cluster and W = 0); s ≤ p features; the step of a range
 * of s ≤ its width (TO − FROM, at least 1). The IPC schema leaves those to the engine, which knows n and p and
 * answers 'invalid-k' / 'invalid-s'.
 *
 * @example checkInt('restarts', OPTION_SPECS.restarts, 0)
 * // throws SkfrError('invalid-option', 'restarts = 0 is not possible: restarts must be a whole number between 1 and 10000.')
 * @example rangeText(OPTION_SPECS.k) // '2 ≤ K ≤ samples'
 */
import { SkfrError, type ErrorCode } from '../errors.js';
import type { Loss, Scale, SRule, Variant } from './types.js';

/** An upper limit known once the data are: n, n − 1, p, or the width of a range of s. */
export type DataBound = 'samples' | 'samples-1' | 'features' | 'width';

/** A whole-number option. */
export interface IntSpec {
  kind: 'int';
  min: number;
  /** A number, or a limit that depends on the data. */
  max: number | DataBound;
  /** Used when the option is left out; null when it must be given (k, s). */
  default: number | null;
  /** The `skfr cluster` option (without --) that sets it, and the placeholder of its --help line. */
  flag: string;
  placeholder: string;
  /** Error code of an out-of-range value. */
  code: ErrorCode;
  /** What the number is, in the user's terms: `skfr cluster`'s messages quote it. */
  meaning: string;
}

/** An option with a closed set of values. */
export interface ChoiceSpec<T extends string> {
  kind: 'choice';
  values: readonly T[];
  default: T;
  flag: string;
  meaning: string;
}

/** A yes/no option. */
export interface BooleanSpec {
  kind: 'boolean';
  default: boolean;
  /** The `skfr cluster` flag; it switches the default off. */
  flag: string;
  meaning: string;
}

export type OptionSpec = IntSpec | ChoiceSpec<string> | BooleanSpec;

export const OPTION_SPECS = {
  k: {
    kind: 'int', min: 2, max: 'samples', default: null, flag: 'k', placeholder: 'K', code: 'invalid-k',
    meaning: 'k is the number of clusters, between 2 and the number of samples',
  },
  s: {
    kind: 'int', min: 1, max: 'features', default: null, flag: 's', placeholder: 'S', code: 'invalid-s',
    meaning: 's is the number of features to select, between 1 and the number of features',
  },
  /** Each end of the range of k tried by the gap statistic (tuneK.from, tuneK.to). */
  kRange: {
    kind: 'int', min: 2, max: 'samples-1', default: null, flag: 'tune-k', placeholder: 'FROM ≤ TO', code: 'invalid-k',
    meaning: 'the numbers of clusters to try, between 2 and the number of samples less one',
  },
  /** Each end of the range of s tried by the gap statistic (tune.from, tune.to). */
  sRange: {
    kind: 'int', min: 1, max: 'features', default: null, flag: 'tune-s', placeholder: 'FROM ≤ TO', code: 'invalid-s',
    meaning: 'the numbers of features to try, between 1 and the number of features',
  },
  /** The step of the range of s (tune.step). */
  sStep: {
    kind: 'int', min: 1, max: 'width', default: 1, flag: 'tune-s', placeholder: 'STEP', code: 'invalid-s',
    meaning: 'the step between the values of s tried, at most the width of the range',
  },
  permutations: {
    kind: 'int', min: 1, max: 1000, default: 10, flag: 'permutations', placeholder: 'B', code: 'invalid-option',
    meaning: 'permuted copies of the data per s or k tried by the gap statistic',
  },
  /** Subsample fits of the stability (stability.subsamples). */
  subsamples: {
    kind: 'int', min: 2, max: 1000, default: 50, flag: 'stability', placeholder: 'B', code: 'invalid-option',
    meaning: 'the number of subsample fits',
  },
  restarts: {
    kind: 'int', min: 1, max: 10_000, default: 20, flag: 'restarts', placeholder: 'R', code: 'invalid-option',
    meaning: 'k-means++ starts per fit, the lowest objective kept',
  },
  maxIterations: {
    kind: 'int', min: 1, max: 10_000, default: 100, flag: 'max-iter', placeholder: 'M', code: 'invalid-option',
    meaning: 'iterations of one start before it gives up',
  },
  seed: {
    kind: 'int', min: 0, max: 0xffffffff, default: 1, flag: 'seed', placeholder: 'N', code: 'invalid-option',
    meaning: 'the seed of the random numbers; same seed, same result',
  },
  variant: {
    kind: 'choice', values: ['global', 'local'] as readonly Variant[], default: 'global' as Variant, flag: 'variant',
    meaning: 'global = SKFR1, one set of s features; local = SKFR2, s per cluster',
  },
  loss: {
    kind: 'choice', values: ['squared', 'absolute'] as readonly Loss[], default: 'squared' as Loss, flag: 'loss',
    meaning: 'squared = k-means; absolute = medians, robust to outliers',
  },
  /** The rule whose s is fitted after a tuning of s, in the order the rules are reported. */
  sRule: {
    kind: 'choice',
    values: ['knee-se', 'tibshirani', 'argmax', 'within-sd-of-max', 'knee'] as readonly SRule[],
    default: 'knee-se' as SRule,
    flag: 's-rule',
    meaning: 'the rule whose s is fitted after a tuning of s',
  },
  /** How each feature is scaled once centred (centring is part of the model); a recipe step (PrepStep 'scale'). */
  scale: {
    kind: 'choice', values: ['unit-variance', 'pareto', 'none'] as readonly Scale[], default: 'unit-variance' as Scale, flag: 'scale',
    meaning:
      'unit-variance = each centred feature divided by its sd (features in their own units); pareto = divided by the square root of its sd (one log scale); none = centred only',
  },
} as const satisfies Record<string, OptionSpec>;

export type OptionName = keyof typeof OPTION_SPECS;

/** The share of the samples each stability fit draws (round(0.8·n)); fixed, not an option. */
export const SUBSAMPLE_FRACTION = 0.8;

/** The size of the data an option is checked against: n samples, p features, the width of a range of s. */
export interface DataSize {
  n?: number;
  p?: number;
  width?: number;
}

/**
 * The largest accepted value of `spec` for data of `size`; a data bound without its size is unbounded.
 * @example upperBound(OPTION_SPECS.kRange, { n: 30 }) // 29
 */
export function upperBound(spec: IntSpec, size: DataSize = {}): number {
  switch (spec.max) {
    case 'samples':
      return size.n ?? Infinity;
    case 'samples-1':
      return size.n === undefined ? Infinity : size.n - 1;
    case 'features':
      return size.p ?? Infinity;
    case 'width':
      return size.width === undefined ? Infinity : Math.max(1, size.width);
    default:
      return spec.max;
  }
}

const BOUND_WORDS: Record<DataBound, string> = {
  samples: 'the number of samples',
  'samples-1': 'the number of samples less one',
  features: 'the number of features',
  width: 'the width of the range',
};

const BOUND_SYMBOLS: Record<DataBound, string> = {
  samples: 'samples',
  'samples-1': 'samples − 1',
  features: 'features',
  width: 'TO − FROM',
};

/**
 * The upper limit in words, with its value when the size is known.
 * @example maxWords(OPTION_SPECS.k, { n: 10 }) // 'the number of samples (10)'
 * @example maxWords(OPTION_SPECS.restarts) // '10000'
 */
export function maxWords(spec: IntSpec, size: DataSize = {}): string {
  if (typeof spec.max === 'number') return String(spec.max);
  const value = upperBound(spec, size);
  return Number.isFinite(value) ? `${BOUND_WORDS[spec.max]} (${value})` : BOUND_WORDS[spec.max];
}

/**
 * The range as `skfr cluster --help` prints it.
 * @example rangeText(OPTION_SPECS.restarts) // '1 ≤ R ≤ 10000'
 * @example rangeText(OPTION_SPECS.kRange) // '2 ≤ FROM ≤ TO ≤ samples − 1'
 */
export function rangeText(spec: IntSpec, placeholder: string = spec.placeholder): string {
  const max = typeof spec.max === 'number' ? String(spec.max) : BOUND_SYMBOLS[spec.max];
  return `${spec.min} ≤ ${placeholder} ≤ ${max}`;
}

const show = (x: unknown): string => (typeof x === 'string' ? `"${x}"` : String(x));

/** Whether `value` is a whole number within the limits of `spec` for data of `size`. */
export function inRange(spec: IntSpec, value: unknown, size: DataSize = {}): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= spec.min && value <= upperBound(spec, size);
}

/**
 * `value` when it is within the limits of `spec`; else SkfrError(spec.code) quoting it under `name`.
 * @throws SkfrError spec.code
 */
export function checkInt(name: string, spec: IntSpec, value: unknown, size: DataSize = {}): number {
  if (!inRange(spec, value, size)) {
    throw new SkfrError(
      spec.code,
      `${name} = ${show(value)} is not possible: ${name} must be a whole number between ${spec.min} and ${maxWords(spec, size)}.`,
    );
  }
  return value;
}
