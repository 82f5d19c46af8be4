/**
 * Fit options: defaults merged in ONE place, validated once at the boundary.
 * Inner loops trust the resolved options.
 */
import { SkfrError } from '../errors.js';
import { checkInt, OPTION_SPECS as SPECS } from './option-specs.js';
import type { FitOptions, Loss, ResolvedFitOptions, Scale, Variant } from './types.js';

/** The defaults of the fit options (declared in option-specs.ts). */
export const FIT_DEFAULTS = {
  variant: SPECS.variant.default as Variant,
  loss: SPECS.loss.default as Loss,
  restarts: SPECS.restarts.default,
  seed: SPECS.seed.default,
  maxIterations: SPECS.maxIterations.default,
  scale: SPECS.scale.default as Scale,
} as const;

const VARIANTS: readonly Variant[] = SPECS.variant.values;
const LOSSES: readonly Loss[] = SPECS.loss.values;
const SCALES: readonly Scale[] = SPECS.scale.values;

/** Largest accepted restarts (a guard against typos such as 1e9; option-specs.ts). */
export const MAX_RESTARTS = SPECS.restarts.max;

const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);
const show = (x: unknown): string => (typeof x === 'string' ? `"${x}"` : String(x));

/** Check k against the number of samples n (2 ≤ k ≤ n). */
export function checkK(k: unknown, n: number): number {
  const { min } = SPECS.k;
  if (!isWhole(k) || k < min || k > n) {
    throw new SkfrError(
      'invalid-k',
      `k = ${show(k)} is not possible: k must be ${isWhole(k) ? '' : 'a whole number '}between ${min} and the number of samples (${n}).`,
    );
  }
  return k;
}

/** Check s against the number of features p (1 ≤ s ≤ p). */
export function checkS(s: unknown, p: number): number {
  const { min } = SPECS.s;
  if (!isWhole(s) || s < min || s > p) {
    throw new SkfrError(
      'invalid-s',
      `s = ${show(s)} is not possible: s must be ${isWhole(s) ? '' : 'a whole number '}between ${min} and the number of features (${p}).`,
    );
  }
  return s;
}

/**
 * Merge `options` with the defaults and validate them against an n × p matrix.
 *
 * @example validateFitOptions(100, 20, { k: 3, s: 5 })
 * // → { k: 3, s: 5, variant: 'global', loss: 'squared', restarts: 20, seed: 1, maxIterations: 100, scale: 'unit-variance' }
 * @throws SkfrError 'invalid-k' | 'invalid-s' | 'invalid-option'
 */
export function validateFitOptions(n: number, p: number, options: FitOptions): ResolvedFitOptions {
  const k = checkK(options.k, n);
  const s = checkS(options.s, p);
  const variant = options.variant ?? FIT_DEFAULTS.variant;
  if (!VARIANTS.includes(variant)) {
    throw new SkfrError('invalid-option', `variant = ${show(variant)} is not possible: use "global" (SKFR1) or "local" (SKFR2).`);
  }
  const loss = options.loss ?? FIT_DEFAULTS.loss;
  if (!LOSSES.includes(loss)) {
    throw new SkfrError('invalid-option', `loss = ${show(loss)} is not possible: use "squared" or "absolute".`);
  }
  const restarts = checkInt('restarts', SPECS.restarts, options.restarts ?? FIT_DEFAULTS.restarts);
  const maxIterations = checkInt('maxIterations', SPECS.maxIterations, options.maxIterations ?? FIT_DEFAULTS.maxIterations);
  const seed = checkInt('seed', SPECS.seed, options.seed ?? FIT_DEFAULTS.seed);
  const scale = options.scale ?? FIT_DEFAULTS.scale;
  if (!SCALES.includes(scale)) {
    throw new SkfrError('invalid-option', `scale = ${show(scale)} is not possible: use "unit-variance" (each feature divided by its sd), "pareto" (by the square root of its sd) or "none" (centred only).`);
  }
  if (options.reuseInput !== undefined && typeof options.reuseInput !== 'boolean') {
    throw new SkfrError('invalid-option', `reuseInput = ${show(options.reuseInput)} is not possible: use true or false.`);
  }
  return { k, s, variant, loss, restarts, seed, maxIterations, scale };
}
