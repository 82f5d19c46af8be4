/**
 * Fit options: defaults merged in ONE place, validated once at the boundary.
 * Inner loops trust the resolved options.
 */
import { SkfrError } from '../errors.js';
import type { FitOptions, Loss, ResolvedFitOptions, Variant } from './types.js';

export const FIT_DEFAULTS = {
  variant: 'global' as Variant,
  loss: 'squared' as Loss,
  restarts: 20,
  seed: 1,
  maxIterations: 100,
  standardize: true,
} as const;

const VARIANTS: readonly Variant[] = ['global', 'local'];
const LOSSES: readonly Loss[] = ['squared', 'absolute'];

/** Largest accepted restarts / maxIterations (a guard against typos such as 1e9). */
export const MAX_RESTARTS = 10_000;
export const MAX_ITERATIONS = 1_000_000;

const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);
const show = (x: unknown): string => (typeof x === 'string' ? `"${x}"` : String(x));

/** Check k against the number of samples n (2 ≤ k ≤ n). */
export function checkK(k: unknown, n: number): number {
  if (!isWhole(k) || k < 2 || k > n) {
    throw new SkfrError(
      'invalid-k',
      `k = ${show(k)} is not possible: k must be ${isWhole(k) ? '' : 'a whole number '}between 2 and the number of samples (${n}).`,
    );
  }
  return k;
}

/** Check s against the number of features p (1 ≤ s ≤ p). */
export function checkS(s: unknown, p: number): number {
  if (!isWhole(s) || s < 1 || s > p) {
    throw new SkfrError(
      'invalid-s',
      `s = ${show(s)} is not possible: s must be ${isWhole(s) ? '' : 'a whole number '}between 1 and the number of features (${p}).`,
    );
  }
  return s;
}

function wholeInRange(name: string, value: unknown, min: number, max: number): number {
  if (!isWhole(value) || value < min || value > max) {
    throw new SkfrError(
      'invalid-option',
      `${name} = ${show(value)} is not possible: ${name} must be a whole number between ${min} and ${max}.`,
    );
  }
  return value;
}

/**
 * Merge `options` with the defaults and validate them against an n × p matrix.
 *
 * @example validateFitOptions(100, 20, { k: 3, s: 5 })
 * // → { k: 3, s: 5, variant: 'global', loss: 'squared', restarts: 20, seed: 1, maxIterations: 100, standardize: true }
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
  const restarts = wholeInRange('restarts', options.restarts ?? FIT_DEFAULTS.restarts, 1, MAX_RESTARTS);
  const maxIterations = wholeInRange('maxIterations', options.maxIterations ?? FIT_DEFAULTS.maxIterations, 1, MAX_ITERATIONS);
  const seed = wholeInRange('seed', options.seed ?? FIT_DEFAULTS.seed, 0, 4294967295);
  const standardize = options.standardize ?? FIT_DEFAULTS.standardize;
  if (typeof standardize !== 'boolean') {
    throw new SkfrError('invalid-option', `standardize = ${show(standardize)} is not possible: use true or false.`);
  }
  if (options.reuseInput !== undefined && typeof options.reuseInput !== 'boolean') {
    throw new SkfrError('invalid-option', `reuseInput = ${show(options.reuseInput)} is not possible: use true or false.`);
  }
  return { k, s, variant, loss, restarts, seed, maxIterations, standardize };
}
