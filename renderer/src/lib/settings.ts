/**
 * The Configure form: its raw model (strings as typed, so messages quote exactly what the user wrote),
 * defaults, and validation against the mapped data's size (n samples, p features).
 * validateSettings turns a valid form into the FitSettings of core/jobs; an invalid one into one reason per field.
 */
import type { FitSettings } from '../../../core/jobs/types';
import type { Variant } from '../../../core/engine/types';

export type SparsityMode = 'fixed' | 'tune';

export interface SettingsForm {
  variant: Variant;
  k: string;
  sMode: SparsityMode;
  s: string;
  tuneFrom: string;
  tuneTo: string;
  tuneStep: string;
  permutations: string;
  restarts: string;
  seed: string;
  maxIterations: string;
  /** Absolute (L1) loss: cluster medians, robust to outliers. */
  robust: boolean;
  standardize: boolean;
}

export type SettingsField = 'k' | 's' | 'tuneFrom' | 'tuneTo' | 'tuneStep' | 'permutations' | 'restarts' | 'seed' | 'maxIterations';

export type SettingsErrors = Partial<Record<SettingsField, string>>;

export interface DataSize {
  n: number;
  p: number;
}

export const LIMITS = {
  restarts: { min: 1, max: 1000 },
  permutations: { min: 1, max: 200 },
  seed: { min: 0, max: 4294967295 },
  maxIterations: { min: 1, max: 10000 },
} as const;

export function defaultSettingsForm(size?: DataSize): SettingsForm {
  const p = size?.p ?? 10;
  return {
    variant: 'global',
    k: '3',
    sMode: 'fixed',
    s: String(Math.max(1, Math.min(10, p))),
    tuneFrom: '1',
    tuneTo: String(Math.max(1, Math.min(20, p))),
    tuneStep: '1',
    permutations: '10',
    restarts: '20',
    seed: '1',
    maxIterations: '100',
    robust: false,
    standardize: true,
  };
}

/** Parses a whole number as typed; null when the text is not one (empty, decimal, letters). */
export function parseWhole(text: string): number | null {
  const t = text.trim();
  if (!/^[+-]?\d+$/.test(t)) return null;
  const v = Number(t);
  return Number.isSafeInteger(v) ? v : null;
}

function shown(text: string): string {
  const t = text.trim();
  return t === '' ? '(empty)' : t;
}

/** Checks one whole-number field against [min, max]; returns the value or a reason quoting the text. */
function whole(
  errors: SettingsErrors,
  field: SettingsField,
  label: string,
  text: string,
  min: number,
  max: number,
  meaning: string,
): number | null {
  const v = parseWhole(text);
  if (v === null || v < min || v > max) {
    const range = min === max ? `exactly ${min}` : `a whole number from ${min} to ${max}`;
    errors[field] = `${label} = ${shown(text)} is not possible: ${label} must be ${range}${meaning}.`;
    return null;
  }
  return v;
}

export interface Validated {
  settings: FitSettings | null;
  errors: SettingsErrors;
}

/** Validates the form for data of n samples and p features; `settings` is null when any field is wrong. */
export function validateSettings(form: SettingsForm, size: DataSize): Validated {
  const errors: SettingsErrors = {};
  const { n, p } = size;
  const k = n >= 2
    ? whole(errors, 'k', 'k', form.k, 2, n, ` (the number of samples is ${n})`)
    : ((errors.k = `k cannot be chosen: at least 2 samples are needed and the mapped data has ${n}.`), null);
  let s: number | undefined;
  let tune: FitSettings['tune'];
  if (form.sMode === 'fixed') {
    s = whole(errors, 's', 's', form.s, 1, p, ` (the number of features is ${p})`) ?? undefined;
  } else {
    const from = whole(errors, 'tuneFrom', 'from', form.tuneFrom, 1, p, ` (the number of features is ${p})`);
    const to = whole(errors, 'tuneTo', 'to', form.tuneTo, 1, p, ` (the number of features is ${p})`);
    if (from !== null && to !== null && from > to) {
      errors.tuneTo = `to = ${to} is smaller than from = ${from}: the range must go from a smaller s to a larger one.`;
    }
    const span = from !== null && to !== null && to > from ? to - from : 1;
    const step = whole(errors, 'tuneStep', 'step', form.tuneStep, 1, Math.max(1, span), ' (at most the width of the range)');
    const perms = whole(errors, 'permutations', 'permutations', form.permutations, LIMITS.permutations.min, LIMITS.permutations.max, '');
    if (from !== null && to !== null && step !== null && perms !== null && from <= to) {
      tune = { from, to, step, permutations: perms };
    }
  }
  const restarts = whole(errors, 'restarts', 'restarts', form.restarts, LIMITS.restarts.min, LIMITS.restarts.max, '');
  const seed = whole(errors, 'seed', 'seed', form.seed, LIMITS.seed.min, LIMITS.seed.max, '');
  const maxIterations = whole(errors, 'maxIterations', 'iterations', form.maxIterations, LIMITS.maxIterations.min, LIMITS.maxIterations.max, '');
  if (Object.keys(errors).length > 0 || k === null || restarts === null || seed === null || maxIterations === null) {
    return { settings: null, errors };
  }
  const settings: FitSettings = {
    k,
    variant: form.variant,
    loss: form.robust ? 'absolute' : 'squared',
    restarts,
    seed,
    maxIterations,
    standardize: form.standardize,
    ...(form.sMode === 'fixed' ? { s } : { tune }),
  };
  return { settings, errors };
}
