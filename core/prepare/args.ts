/**
 * A recipe as `skfr cluster` flags and back, so a run prepared in the app can be reproduced from the command
 * its report prints, and the CLI builds the very recipe the app ran (a round-trip property test holds them
 * together). The flags say every choice explicitly, relative to the recipe the format calls for (`base`:
 * flagged rows out, zeros missing):
 *   --keep-decoys --keep-contaminants --keep-site-only --keep-non-master --zero-is-value   (a format step left out)
 *   --floor none|V                             (V = not quantified, made missing: floor.ts; always printed)
 *   --transform none|log2|log10[:missing]      (:missing = 0 and negatives made missing instead of refused)
 *   --drop-samples none|empty|N                (samples with no value / fewer than N values removed; printed
 *                                               only when asked for: it is never proposed)
 *   --min-valid none|N|P%[:total|each|any][:COLUMN]
 *   --normalize none|median
 *   --batch COLUMN[,COLUMN] [--batch-min N]    (only when the recipe removes a batch effect: the CLI never adds
 *                                               one by itself; --batch-min only when N is not the default 2)
 *   --impute kpod|downshift|min                (downshift: width 0.3 sd, shift 1.8 sd, the run's seed)
 *   --scale unit-variance|pareto|none          (always printed; a recipe without a scale step is unit-variance)
 * Steps run in this order: flagged rows, zeros, floor, transform, dropped samples, valid values, normalisation, batch,
 * imputation, scale (samples are dropped before the valid-value filter, whose percentages count samples).
 * The scale step's reason is not a flag: `skfr cluster` gives it again (core/prepare/scale.ts chooseScale).
 * @example recipeToArgs({ steps: [{ kind: 'transform', base: 2, nonPositive: 'refuse' }] }, { steps: [] })
 *   // ['--floor', 'none', '--transform', 'log2', '--min-valid', 'none', '--normalize', 'none', '--impute', 'kpod', '--scale', 'unit-variance']
 */
import { SkfrError } from '../errors.js';
import type { Scale } from '../engine/types.js';
import type { BatchStep, DropSamplesStep, FlagKind, FloorStep, ImputeStep, MinValidStep, PrepStep, Recipe, ScaleStep, TransformStep } from '../table/types.js';
import { DEFAULT_MIN_PER_BATCH } from './batch.js';
import { DOWNSHIFT } from './impute.js';

/** The choices the flags carry, beside the format's own steps. */
export interface RecipeChoices {
  keep: FlagKind[];
  zeroIsValue: boolean;
  /** The floor value read as "not quantified" (core/prepare/floor.ts); null or absent = none. */
  floor?: number | null;
  transform: Omit<TransformStep, 'kind'> | null;
  /** Samples with fewer than this many values are dropped; null or absent = none dropped. */
  dropSamples?: number | null;
  minValid: Omit<MinValidStep, 'kind'> | null;
  normalize: boolean;
  batch: Omit<BatchStep, 'kind'> | null;
  impute: ImputeStep['method'] | null;
  /** The scale step (method and reason); null = none in the recipe (the fit then scales to unit variance). */
  scale: Omit<ScaleStep, 'kind'> | null;
}

const KEEP_FLAG: Record<FlagKind, string> = {
  decoy: '--keep-decoys',
  contaminant: '--keep-contaminants',
  'site-only': '--keep-site-only',
  'not-master': '--keep-non-master',
};

function invalid(message: string): SkfrError {
  return new SkfrError('invalid-option', message);
}

export function parseTransform(text: string): Omit<TransformStep, 'kind'> | null {
  const m = /^(none|log2|log10)(?::(missing|refuse))?$/.exec(text.trim());
  if (!m) throw invalid(`--transform “${text}” is not possible: use none, log2 or log10 (add :missing to make 0 and negative values missing).`);
  if (m[1] === 'none') return null;
  return { base: m[1] === 'log2' ? 2 : 10, nonPositive: (m[2] as 'missing' | 'refuse' | undefined) ?? 'refuse' };
}

/**
 * `--floor V` (the value that stands for "not quantified": its cells made missing) or `--floor none` (null).
 * @example parseFloor('150') // 150
 */
export function parseFloor(text: string): number | null {
  const t = text.trim();
  if (t === 'none') return null;
  const value = /^[0-9.eE+-]+$/.test(t) ? Number(t) : NaN;
  if (!(Number.isFinite(value) && value > 0)) {
    throw invalid(`--floor “${text}” is not possible: give the positive value that stands for “not quantified” (e.g. --floor 150), or none to read every value as measured.`);
  }
  return value;
}

/** `empty` (samples with no value: 1), `N` (fewer than N values), `none` (null). */
export function parseDropSamples(text: string): number | null {
  const t = text.trim();
  if (t === 'none') return null;
  if (t === 'empty') return 1;
  if (/^\d+$/.test(t) && Number(t) >= 1 && Number(t) <= 1_000_000_000) return Number(t);
  throw invalid(`--drop-samples “${text}” is not possible: use empty (drop the samples with no value), N (those with fewer than N values) or none.`);
}

/** `70%:any:condition`, `3:each:group`, `70%` (total), `none`. */
export function parseMinValid(text: string): Omit<MinValidStep, 'kind'> | null {
  const t = text.trim();
  if (t === 'none') return null;
  const m = /^(\d+(?:\.\d+)?)(%)?(?::(total|each|any))?(?::(.+))?$/.exec(t);
  const why = 'use N (values), P% (of the samples), then optionally :total, :each or :any and :COLUMN (the group), e.g. 70%:any:condition';
  if (!m) throw invalid(`--min-valid “${text}” is not possible: ${why}.`);
  const amount = Number(m[1]);
  const percent = m[2] === '%';
  if (percent ? !(amount > 0 && amount <= 100) : !(Number.isInteger(amount) && amount >= 1)) {
    throw invalid(`--min-valid “${text}” is not possible: a percentage is between 0 and 100, a count a whole number of at least 1.`);
  }
  const scope = (m[3] as MinValidStep['scope'] | undefined) ?? (m[4] ? 'any' : 'total');
  const group = m[4] ?? null;
  if (scope !== 'total' && group === null) throw invalid(`--min-valid “${text}” filters per group: name the group column, e.g. ${m[1]}${m[2] ?? ''}:${scope}:condition.`);
  return { count: percent ? null : amount, percent: percent ? amount : null, scope: group === null ? 'total' : scope, group };
}

/**
 * `--batch lab` or `--batch lab,plate` (the sample annotation columns; `none`: no batch step), with `--batch-min N`
 * (default 2) when given.
 * @example parseBatch('lab, plate') // { columns: ['lab', 'plate'], minPerBatch: 2 }
 */
export function parseBatch(text: string, minText?: string): Omit<BatchStep, 'kind'> | null {
  const t = text.trim();
  let minPerBatch = DEFAULT_MIN_PER_BATCH;
  if (minText !== undefined) {
    minPerBatch = /^\d+$/.test(minText.trim()) ? Number(minText.trim()) : NaN;
    if (!(Number.isSafeInteger(minPerBatch) && minPerBatch >= 1)) {
      throw invalid(`--batch-min “${minText}” is not possible: the values a protein needs in a batch to be corrected there is a whole number of at least 1 (default ${DEFAULT_MIN_PER_BATCH}).`);
    }
  }
  if (t === 'none') {
    if (minText !== undefined) throw invalid('--batch-min applies only with --batch COLUMN[,COLUMN] (the batch columns).');
    return null;
  }
  const columns = t.split(',').map((c) => c.trim());
  if (columns.some((c) => c === '')) throw invalid(`--batch “${text}” names an empty column: give the sample annotation columns that hold the batches, e.g. --batch lab or --batch lab,plate.`);
  return { columns: [...new Set(columns)], minPerBatch };
}

function minValidText(step: Omit<MinValidStep, 'kind'>): string {
  const amount = step.count !== null ? String(step.count) : `${step.percent}%`;
  return step.group === null || step.scope === 'total' ? amount : `${amount}:${step.scope}:${step.group}`;
}

/** The recipe the choices make on top of `base` (the format's steps), in the canonical order. */
export function recipeFromChoices(base: Recipe, choices: RecipeChoices, seed: number): Recipe {
  const steps: PrepStep[] = [];
  for (const step of base.steps) {
    if (step.kind === 'remove-flagged' && !choices.keep.includes(step.flag)) steps.push(step);
  }
  if (base.steps.some((s) => s.kind === 'zeros-missing') && !choices.zeroIsValue) steps.push({ kind: 'zeros-missing' });
  if ((choices.floor ?? null) !== null) steps.push({ kind: 'floor-missing', value: choices.floor! });
  if (choices.transform) steps.push({ kind: 'transform', ...choices.transform });
  if ((choices.dropSamples ?? null) !== null) steps.push({ kind: 'drop-samples', minValues: choices.dropSamples! });
  if (choices.minValid) steps.push({ kind: 'min-valid', ...choices.minValid });
  if (choices.normalize) steps.push({ kind: 'normalize', method: 'median' });
  if (choices.batch) steps.push({ kind: 'batch', columns: [...choices.batch.columns], minPerBatch: choices.batch.minPerBatch });
  if (choices.impute) steps.push({ kind: 'impute', method: choices.impute, ...DOWNSHIFT, seed });
  if (choices.scale) steps.push({ kind: 'scale', ...choices.scale });
  return { steps };
}

/** The choices a recipe makes relative to `base` (its inverse). */
export function choicesOf(recipe: Recipe, base: Recipe): RecipeChoices {
  const flags = new Set(recipe.steps.filter((s) => s.kind === 'remove-flagged').map((s) => (s as { flag: FlagKind }).flag));
  const transform = recipe.steps.find((s): s is TransformStep => s.kind === 'transform');
  const minValid = recipe.steps.find((s): s is MinValidStep => s.kind === 'min-valid');
  const drop = recipe.steps.find((s): s is DropSamplesStep => s.kind === 'drop-samples');
  const floor = recipe.steps.find((s): s is FloorStep => s.kind === 'floor-missing');
  const impute = recipe.steps.find((s): s is ImputeStep => s.kind === 'impute');
  const batch = recipe.steps.find((s): s is BatchStep => s.kind === 'batch');
  const scale = recipe.steps.find((s): s is ScaleStep => s.kind === 'scale');
  return {
    keep: base.steps.filter((s) => s.kind === 'remove-flagged' && !flags.has(s.flag)).map((s) => (s as { flag: FlagKind }).flag),
    zeroIsValue: base.steps.some((s) => s.kind === 'zeros-missing') && !recipe.steps.some((s) => s.kind === 'zeros-missing'),
    floor: floor ? floor.value : null,
    transform: transform ? { base: transform.base, nonPositive: transform.nonPositive } : null,
    dropSamples: drop ? drop.minValues : null,
    minValid: minValid ? { count: minValid.count, percent: minValid.percent, scope: minValid.scope, group: minValid.group } : null,
    normalize: recipe.steps.some((s) => s.kind === 'normalize'),
    batch: batch ? { columns: [...batch.columns], minPerBatch: batch.minPerBatch } : null,
    impute: impute?.method ?? null,
    scale: scale ? { method: scale.method, ...(scale.reason !== undefined ? { reason: scale.reason } : {}) } : null,
  };
}

/** Every choice as flags (see the module comment). */
export function recipeToArgs(recipe: Recipe, base: Recipe): string[] {
  const c = choicesOf(recipe, base);
  const args: string[] = c.keep.map((f) => KEEP_FLAG[f]);
  if (c.zeroIsValue) args.push('--zero-is-value');
  args.push('--floor', (c.floor ?? null) !== null ? String(c.floor) : 'none');
  args.push('--transform', c.transform ? `log${c.transform.base}${c.transform.nonPositive === 'missing' ? ':missing' : ''}` : 'none');
  if ((c.dropSamples ?? null) !== null) args.push('--drop-samples', c.dropSamples === 1 ? 'empty' : String(c.dropSamples));
  args.push('--min-valid', c.minValid ? minValidText(c.minValid) : 'none');
  args.push('--normalize', c.normalize ? 'median' : 'none');
  if (c.batch) {
    args.push('--batch', c.batch.columns.join(','));
    if (c.batch.minPerBatch !== DEFAULT_MIN_PER_BATCH) args.push('--batch-min', String(c.batch.minPerBatch));
  }
  args.push('--impute', c.impute ?? 'kpod');
  args.push('--scale', c.scale?.method ?? 'unit-variance');
  return args;
}

/** Parse `--scale`. */
export function parseScale(text: string): Scale {
  const t = text.trim();
  if (t === 'unit-variance' || t === 'pareto' || t === 'none') return t;
  throw invalid(
    `--scale “${text}” is not possible: use unit-variance (each centred feature divided by its sd), pareto (divided by the square root of its sd, for values on one log scale) or none (centred only).`,
  );
}

/** Parse `--impute`. */
export function parseImpute(text: string): ImputeStep['method'] | null {
  const t = text.trim();
  if (t === 'kpod') return null;
  if (t === 'downshift' || t === 'min') return t;
  throw invalid(`--impute “${text}” is not possible: use kpod (inside the fit, the default), downshift (Perseus' normal distribution) or min.`);
}

export function parseNormalize(text: string): boolean {
  const t = text.trim();
  if (t === 'none') return false;
  if (t === 'median') return true;
  throw invalid(`--normalize “${text}” is not possible: use none or median.`);
}
