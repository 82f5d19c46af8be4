/**
 * The Configure form: its raw model (strings as typed, so messages quote exactly what the user wrote),
 * defaults, and validation against the mapped data's size (n samples, p features).
 * validateSettings turns a valid form into the FitSettings of core/jobs; an invalid one into one reason per field.
 *
 * Issue 13: "choose s for me" tries the whole range 1..p by default (the host steps a wide range on a log scale
 * with a fine pass near the chosen s) and sends the rule (`sRule`, default 'knee-se'); "choose k for me" sends
 * `tuneK` (default 2..min(15, n − 1)); the stability switch sends `stability: { subsamples: B }`.
 *
 * Issue 14: every default and limit comes from core/engine/option-specs.ts, the declaration the engine, the IPC
 * schema and `skfr cluster` read too; the form only adds what it proposes (the default range of k, s = 10).
 */
import type { FitSettings } from '../../../core/jobs/types';
import type { SRule, Variant } from '../../../core/engine/types';
import { settingsAt } from '../../../core/jobs/preview';
import { OPTION_SPECS as SPECS, SUBSAMPLE_FRACTION, upperBound, type IntSpec } from '../../../core/engine/option-specs';

export type SparsityMode = 'fixed' | 'tune';
export type ClustersMode = 'fixed' | 'tune';


export interface SettingsForm {
  variant: Variant;
  k: string;
  sMode: SparsityMode;
  s: string;
  tuneFrom: string;
  tuneTo: string;
  tuneStep: string;
  /** The rule whose s is fitted when s is chosen (every rule's choice is shown with the results). */
  sRule: SRule;
  kMode: ClustersMode;
  kFrom: string;
  kTo: string;
  /** Shuffled copies per s (and per k) of the gap statistic. */
  permutations: string;
  restarts: string;
  seed: string;
  maxIterations: string;
  /** Absolute (L1) loss: cluster medians, robust to outliers. */
  robust: boolean;
  /** "How sure?": B fits on random subsamples of 80 % of the samples. */
  stability: boolean;
  subsamples: string;
}

export type SettingsField =
  | 'k'
  | 's'
  | 'tuneFrom'
  | 'tuneTo'
  | 'tuneStep'
  | 'kFrom'
  | 'kTo'
  | 'permutations'
  | 'subsamples'
  | 'restarts'
  | 'seed'
  | 'maxIterations';

export type SettingsErrors = Partial<Record<SettingsField, string>>;

export interface DataSize {
  n: number;
  p: number;
}

/** Limits and defaults of the fields with fixed limits (core/engine/option-specs.ts). */
export const LIMITS = {
  restarts: limitsOf(SPECS.restarts),
  permutations: limitsOf(SPECS.permutations),
  seed: limitsOf(SPECS.seed),
  maxIterations: limitsOf(SPECS.maxIterations),
  /** Subsample fits of the stability switch. */
  subsamples: limitsOf(SPECS.subsamples),
  /** Largest k of the default "choose k for me" range (never above n − 1). */
  kTo: 15,
} as const;

function limitsOf(spec: IntSpec & { max: number; default: number }): { min: number; max: number; default: number } {
  return { min: spec.min, max: spec.max, default: spec.default };
}

/**
 * The limits of a field for data of n samples and p features (width: of the range of s), as the form checks them.
 * @example fieldLimits('kTo', { n: 30, p: 12 }) // { min: 2, max: 29 }
 */
export function fieldLimits(field: SettingsField, size: Partial<DataSize> & { width?: number }): { min: number; max: number } {
  const spec = FIELD_SPECS[field];
  return { min: spec.min, max: upperBound(spec, size) };
}

/**
 * A field's limits as the form shows them, "min–max"; before the data are mapped, n and p stand for their sizes.
 * @example fieldRange('kFrom', { n: 30, p: 12 }) // '2–29'
 * @example fieldRange('s', null) // '1–p'
 */
export function fieldRange(field: SettingsField, size: DataSize | null): string {
  const { min, max } = fieldLimits(field, size ?? {});
  if (Number.isFinite(max)) return `${min}–${max}`;
  const symbol = { samples: 'n', 'samples-1': 'n − 1', features: 'p', width: 'the width of the range' } as const;
  return `${min}–${symbol[FIELD_SPECS[field].max as keyof typeof symbol]}`;
}

/** The declaration each field is checked against. */
export const FIELD_SPECS: Record<SettingsField, IntSpec> = {
  k: SPECS.k,
  s: SPECS.s,
  tuneFrom: SPECS.sRange,
  tuneTo: SPECS.sRange,
  tuneStep: SPECS.sStep,
  kFrom: SPECS.kRange,
  kTo: SPECS.kRange,
  permutations: SPECS.permutations,
  subsamples: SPECS.subsamples,
  restarts: SPECS.restarts,
  seed: SPECS.seed,
  maxIterations: SPECS.maxIterations,
};

/** Share of the samples in each subsample fit (the engine's default, core/engine/stability.ts). */
export { SUBSAMPLE_FRACTION } from '../../../core/engine/option-specs';

/** The default range of "choose k for me": 2..min(15, n − 1). */
export function defaultKRange(n: number): { from: number; to: number } {
  const { min } = SPECS.kRange;
  return { from: min, to: Math.max(min, Math.min(LIMITS.kTo, upperBound(SPECS.kRange, { n }))) };
}

export function defaultSettingsForm(size?: DataSize): SettingsForm {
  const p = size?.p ?? 10;
  const n = size?.n ?? 100;
  const kRange = defaultKRange(n);
  return {
    variant: SPECS.variant.default,
    k: '3',
    sMode: 'fixed',
    s: String(Math.max(1, Math.min(10, p))),
    tuneFrom: String(SPECS.sRange.min),
    tuneTo: String(Math.max(SPECS.sRange.min, p)),
    tuneStep: String(SPECS.sStep.default),
    sRule: SPECS.sRule.default,
    kMode: 'fixed',
    kFrom: String(kRange.from),
    kTo: String(kRange.to),
    permutations: String(LIMITS.permutations.default),
    restarts: String(LIMITS.restarts.default),
    seed: String(LIMITS.seed.default),
    maxIterations: String(LIMITS.maxIterations.default),
    robust: SPECS.loss.default === 'absolute',
    stability: false,
    subsamples: String(LIMITS.subsamples.default),
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

/** Checks one whole-number field against its limits for data of `size`; returns the value or a reason quoting the text. */
function whole(
  errors: SettingsErrors,
  field: SettingsField,
  label: string,
  text: string,
  size: DataSize & { width?: number },
  meaning = '',
): number | null {
  const { min, max } = fieldLimits(field, size);
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
  const kTuned = form.kMode === 'tune';
  const sTuned = form.sMode === 'tune';
  // Choosing k: the range from..to (2 ≤ from < to ≤ n − 1); k is then the start of the alternating search when
  // s is chosen too, and not asked otherwise.
  let kRange: { from: number; to: number } | null = null;
  if (kTuned) {
    if (upperBound(SPECS.kRange, size) < SPECS.kRange.min) {
      errors.kFrom = `k cannot be chosen: at least ${SPECS.kRange.min + 1} samples are needed and the mapped data has ${n}.`;
    } else {
      const from = whole(errors, 'kFrom', 'from k', form.kFrom, size, ` (at most the number of samples less one, ${n - 1})`);
      const to = whole(errors, 'kTo', 'to k', form.kTo, size, ` (at most the number of samples less one, ${n - 1})`);
      if (from !== null && to !== null && from >= to) {
        errors.kTo = `to k = ${to} is not above from k = ${from}: the range must hold at least two values of k.`;
      } else if (from !== null && to !== null) kRange = { from, to };
    }
  }
  let k: number | null = null;
  if (!kTuned || sTuned) {
    k = n >= SPECS.k.min
      ? whole(errors, 'k', 'k', form.k, size, ` (the number of samples is ${n})`)
      : ((errors.k = `k cannot be chosen: at least ${SPECS.k.min} samples are needed and the mapped data has ${n}.`), null);
  } else if (kRange) k = kRange.from;
  let s: number | undefined;
  let tune: FitSettings['tune'];
  let perms: number | null = null;
  if (sTuned || kTuned) {
    perms = whole(errors, 'permutations', 'permutations', form.permutations, size);
  }
  if (!sTuned) {
    s = whole(errors, 's', 's', form.s, size, ` (the number of features is ${p})`) ?? undefined;
  } else {
    const from = whole(errors, 'tuneFrom', 'from', form.tuneFrom, size, ` (the number of features is ${p})`);
    const to = whole(errors, 'tuneTo', 'to', form.tuneTo, size, ` (the number of features is ${p})`);
    if (from !== null && to !== null && from > to) {
      errors.tuneTo = `to = ${to} is smaller than from = ${from}: the range must go from a smaller s to a larger one.`;
    }
    const span = from !== null && to !== null && to > from ? to - from : 1;
    const step = whole(errors, 'tuneStep', 'step', form.tuneStep, { ...size, width: span }, ' (at most the width of the range)');
    if (from !== null && to !== null && step !== null && perms !== null && from <= to) {
      tune = { from, to, step, permutations: perms };
    }
  }
  let stability: FitSettings['stability'];
  if (form.stability) {
    const B = whole(errors, 'subsamples', 'subsample fits', form.subsamples, size);
    const drawn = Math.round(SUBSAMPLE_FRACTION * n);
    const largestK = kRange ? kRange.to : k;
    if (B !== null && largestK !== null && drawn < largestK) {
      errors.subsamples = `Stability needs subsamples of at least k = ${largestK} samples, and 80 % of the ${n} samples is ${drawn}; lower k or turn stability off.`;
    } else if (B !== null) stability = { subsamples: B };
  }
  const restarts = whole(errors, 'restarts', 'restarts', form.restarts, size);
  const seed = whole(errors, 'seed', 'seed', form.seed, size);
  const maxIterations = whole(errors, 'maxIterations', 'iterations', form.maxIterations, size);
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
    ...(sTuned ? { tune, sRule: form.sRule } : { s }),
    ...(kRange && perms !== null ? { tuneK: { ...kRange, permutations: perms } } : {}),
    ...(stability ? { stability } : {}),
  };
  return { settings, errors };
}

/**
 * The settings of a plain fit at a rule's s (and k) after a tuning: the same settings with s set and nothing
 * chosen any more (no tune, sRule or tuneK); stability is kept, so the new fit says how sure it is too.
 * @example refitSettings({ k: 3, tune: { from: 1, to: 77 }, sRule: 'knee-se', … }, { s: 13 }) // { k: 3, s: 13, … }
 */
export function refitSettings(settings: FitSettings, at: { s: number; k?: number }): FitSettings {
  return settingsAt(settings, at);
}
