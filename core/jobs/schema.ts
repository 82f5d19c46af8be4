/**
 * Runtime schemas (zod) for every JobRequest and ClientMessage: the one boundary check shared by the
 * jobs host (compute process, Web Worker) and the Electron IPC validator. Inner code trusts what passes.
 *
 * Value ranges that depend on the data (k ≤ n, s ≤ p) are checked by the engine, which knows n and p and
 * answers with 'invalid-k' / 'invalid-s'; here we check shapes, types and data-independent bounds. The analysis
 * options' limits come from core/engine/option-specs.ts (intOption), as do the engine's, the CLI's and the form's.
 *
 * @example
 * parseRequest({ type: 'close', datasetId: 'd1' });   // → { type: 'close', datasetId: 'd1' }
 * parseRequest({ type: 'close', datasetId: 3 });      // throws SkfrError('invalid-request',
 *   // 'Invalid close request: datasetId = 3 is not allowed (Invalid input: expected string, received number).')
 */
import { z } from 'zod';
import { SkfrError } from '../errors.js';
import { OPTION_SPECS as SPECS, type ChoiceSpec, type IntSpec } from '../engine/option-specs.js';
import type { ClientMessage, FitSettings, JobRequest } from './types.js';
import type { Mapping, Recipe, SampleTable } from '../table/types.js';
import { MAX_ROWS_PER_REQUEST } from './rows.js';
import { sessionResultSchema } from './session-schema.js';
import { MAX_DESIGN_CELLS, MAX_DESIGN_COLUMNS, MAX_DESIGN_ROWS, MAX_HEADER_ROW, MAX_NAMES, MAX_STEPS, MAX_TEXT } from './limits.js';

const nonEmpty = z.string().min(1, 'must not be empty');
const int = z.number().int();

export const designSchema = z.enum(['sparse', 'outliers', 'subsets', 'missing']);
export const exportWhatSchema = z.enum(['samples', 'features', 'report']);
export const exportFormatSchema = z.enum(['csv', 'xlsx', 'html']);

export const dataSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('path'), path: nonEmpty }),
  z.strictObject({ kind: z.literal('bytes'), fileName: nonEmpty, bytes: z.instanceof(Uint8Array) }),
  z.strictObject({ kind: z.literal('example'), design: designSchema, seed: intOption(SPECS.seed) }),
]);

/** Where a sample table is read from: a file, or a sheet of an opened dataset. */
export const designSourceSchema = z.discriminatedUnion('kind', [
  ...dataSourceSchema.options,
  z.strictObject({ kind: z.literal('dataset'), datasetId: nonEmpty }),
]);

/** A column name, cell text or pattern from the window (bounded: limits.ts). */
const text = z.string().max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`);
const names = z.array(text).max(MAX_NAMES, `must list at most ${MAX_NAMES} names`);
const headerRow = int.min(1, 'must be 1 or more').max(MAX_HEADER_ROW, `must be at most ${MAX_HEADER_ROW}`);

/** A sample table inside a mapping: at most MAX_DESIGN_ROWS rows, MAX_DESIGN_COLUMNS columns, MAX_DESIGN_CELLS cells. */
export const sampleTableSchema = z
  .strictObject({
    source: text,
    columns: z
      .array(z.strictObject({ name: text, values: z.array(text.nullable()).max(MAX_DESIGN_ROWS, `must have at most ${MAX_DESIGN_ROWS} rows`) }))
      .max(MAX_DESIGN_COLUMNS, `must have at most ${MAX_DESIGN_COLUMNS} columns`),
    sampleColumn: text.nullable(),
    order: z.enum(['names', 'file']).optional(),
  })
  .refine((t) => t.columns.reduce((a, c) => a + c.values.length, 0) <= MAX_DESIGN_CELLS, {
    message: `a sample table has at most ${MAX_DESIGN_CELLS} cells`,
  });

export const mappingSchema = z.strictObject({
  orientation: z.enum(['samples-as-rows', 'samples-as-columns']),
  idColumn: z.string().nullable(),
  annotationColumns: z.array(z.string()),
  featureColumns: z.array(z.string()).nullable(),
  featuresMatch: z.string().nullable().optional(),
  filters: z.array(z.strictObject({ column: z.string(), values: z.array(z.string()) })),
  maxMissingFraction: z.number().min(0).max(1).nullable().optional(),
  sampleColumns: names.nullable().optional(),
  sampleColumnsMatch: z.string().max(1000, 'must be at most 1000 characters').nullable().optional(),
  featureLabelColumns: names.optional(),
  featureAnnotationColumns: names.optional(),
  missingTokens: z.array(z.string().max(100, 'must be at most 100 characters')).max(100, 'must list at most 100 tokens').optional(),
  sampleNames: z.enum(['clean', 'as-is']).optional(),
  design: sampleTableSchema.nullable().optional(),
});

const prefixes = z.array(z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters')).max(50, 'must list at most 50 prefixes');

/** The preparation steps after the mapping (core/prepare), in order. */
export const recipeSchema = z.strictObject({
  steps: z
    .array(
      z.discriminatedUnion('kind', [
        z.strictObject({
          kind: z.literal('remove-flagged'),
          flag: z.enum(['decoy', 'contaminant', 'site-only', 'not-master']),
          markerColumn: text.nullable(),
          idColumn: text.nullable(),
          prefixes,
          markerValues: z.array(text).max(50, 'must list at most 50 values').optional(),
        }),
        z.strictObject({ kind: z.literal('zeros-missing') }),
        z.strictObject({ kind: z.literal('floor-missing'), value: z.number().positive('must be above 0').finite() }),
        z.strictObject({ kind: z.literal('transform'), base: z.union([z.literal(2), z.literal(10)]), nonPositive: z.enum(['refuse', 'missing']) }),
        z.strictObject({ kind: z.literal('drop-samples'), minValues: int.min(1, 'must be 1 or more').max(1_000_000_000) }),
        z.strictObject({
          kind: z.literal('min-valid'),
          count: int.min(0, 'must be 0 or more').max(1_000_000_000).nullable(),
          percent: z.number().min(0, 'must be 0 to 100').max(100, 'must be 0 to 100').nullable(),
          scope: z.enum(['total', 'each', 'any']),
          group: text.nullable(),
        }),
        z.strictObject({ kind: z.literal('normalize'), method: z.literal('median') }),
        z.strictObject({
          kind: z.literal('batch'),
          columns: z.array(text).min(1, 'must name at least one column').max(100, 'must name at most 100 columns'),
          minPerBatch: int.min(1, 'must be at least 1').max(1_000_000_000),
        }),
        z.strictObject({
          kind: z.literal('impute'),
          method: z.enum(['downshift', 'min']),
          width: z.number().min(0).max(100),
          shift: z.number().min(-100).max(100),
          // The run's seed (the recipe of a run takes it), so the same limits.
          seed: intOption(SPECS.seed),
        }),
        z.strictObject({ kind: z.literal('scale'), method: z.enum(['unit-variance', 'pareto', 'none']), reason: text.optional() }),
      ]),
    )
    .max(MAX_STEPS, `must have at most ${MAX_STEPS} steps`),
});

/**
 * A whole number within the limits of `spec` (core/engine/option-specs.ts). A limit that depends on the data
 * (k ≤ n, s ≤ p, …) is left whole to the engine, which knows n and p and answers 'invalid-k' / 'invalid-s'.
 * @example intOption(OPTION_SPECS.restarts).safeParse(0).success // false
 */
export function intOption(spec: IntSpec): z.ZodNumber {
  if (typeof spec.max !== 'number') return int;
  const limits = `must be a whole number from ${spec.min} to ${spec.max}`;
  return int.min(spec.min, limits).max(spec.max, limits);
}

/** One of the values of `spec`. */
const choice = <T extends string>(spec: ChoiceSpec<T>) => z.enum(spec.values as readonly [T, ...T[]]);

export const fitSettingsSchema = z
  .strictObject({
    k: intOption(SPECS.k),
    s: intOption(SPECS.s).optional(),
    tune: z
      .strictObject({
        from: intOption(SPECS.sRange),
        to: intOption(SPECS.sRange),
        step: intOption(SPECS.sStep).optional(),
        permutations: intOption(SPECS.permutations).optional(),
      })
      .optional(),
    sRule: choice(SPECS.sRule).optional(),
    tuneK: z
      .strictObject({
        from: intOption(SPECS.kRange),
        to: intOption(SPECS.kRange),
        permutations: intOption(SPECS.permutations).optional(),
      })
      .refine((r) => r.from <= r.to, { message: 'the range of k must not start above its end' })
      .optional(),
    stability: z.strictObject({ subsamples: intOption(SPECS.subsamples) }).optional(),
    variant: choice(SPECS.variant),
    loss: choice(SPECS.loss),
    restarts: intOption(SPECS.restarts),
    seed: intOption(SPECS.seed),
    maxIterations: intOption(SPECS.maxIterations),
  })
  .refine((v) => (v.s === undefined) !== (v.tune === undefined), {
    message: 'give exactly one of s (a number of features) and tune (a range of s to try)',
  });

export const jobRequestSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('open'),
    source: dataSourceSchema,
    sheet: z.string().optional(),
    headerRow: headerRow.optional(),
    noHeader: z.boolean().optional(),
    datasetId: nonEmpty.optional(),
  }),
  z.strictObject({ type: z.literal('sheet'), datasetId: nonEmpty, sheet: z.string(), headerRow: headerRow.optional() }),
  z.strictObject({ type: z.literal('design'), source: designSourceSchema, sheet: z.string().optional(), headerRow: headerRow.optional() }),
  z.strictObject({
    type: z.literal('map'),
    datasetId: nonEmpty,
    mapping: mappingSchema,
    recipe: recipeSchema.optional(),
    propose: z.strictObject({ from: recipeSchema.nullable(), scaleEdited: z.boolean().optional() }).optional(),
  }),
  z.strictObject({
    type: z.literal('fit'),
    datasetId: nonEmpty,
    mapping: mappingSchema,
    recipe: recipeSchema.optional(),
    settings: fitSettingsSchema,
    classColumn: z.string().nullable().optional(),
    fitId: nonEmpty.optional(),
  }),
  z.strictObject({ type: z.literal('evaluate'), fitId: nonEmpty, classColumn: nonEmpty }),
  z.strictObject({
    type: z.literal('export'),
    fitId: nonEmpty,
    what: exportWhatSchema,
    format: exportFormatSchema,
    path: nonEmpty.optional(),
  }),
  z.strictObject({
    type: z.literal('rows'),
    datasetId: nonEmpty,
    start: int.min(0, 'must be 0 or more'),
    count: int.min(1, `must be 1 to ${MAX_ROWS_PER_REQUEST}`).max(MAX_ROWS_PER_REQUEST, `must be 1 to ${MAX_ROWS_PER_REQUEST}`),
  }),
  z.strictObject({ type: z.literal('close'), datasetId: nonEmpty }),
  // Issue 16: a saved analysis (.skfr) read, and restored on an opened dataset without fitting.
  z.strictObject({ type: z.literal('session'), source: z.discriminatedUnion('kind', [dataSourceSchema.options[0], dataSourceSchema.options[1]]) }),
  z.strictObject({
    type: z.literal('restore'),
    datasetId: nonEmpty,
    mapping: mappingSchema,
    recipe: recipeSchema.optional(),
    settings: fitSettingsSchema,
    classColumn: z.string().nullable().optional(),
    result: sessionResultSchema,
    fitId: nonEmpty.optional(),
  }),
  // Issue 27: a live preview at another s or k, warm-started from a kept fit (the engine checks s ≤ p, k ≤ n).
  z.strictObject({ type: z.literal('preview'), fitId: nonEmpty, s: intOption(SPECS.s), k: intOption(SPECS.k) }),
]);

const jobId = z.string().min(1).max(200);
export const clientMessageSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('run'), id: jobId, request: z.unknown() }),
  z.strictObject({ kind: z.literal('cancel'), id: jobId }),
]);

// Compile-time proof that what the schemas accept is what the types describe.
type Assignable<A, B> = [A] extends [B] ? true : false;
const _mapping: Assignable<z.infer<typeof mappingSchema>, Mapping> = true;
const _sampleTable: Assignable<z.infer<typeof sampleTableSchema>, SampleTable> = true;
const _recipe: Assignable<z.infer<typeof recipeSchema>, Recipe> = true;
const _settings: Assignable<z.infer<typeof fitSettingsSchema>, FitSettings> = true;
const _request: Assignable<z.infer<typeof jobRequestSchema>, JobRequest> = true;
void [_mapping, _sampleTable, _recipe, _settings, _request];

/** A short, quoted rendering of an offending value for messages. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value instanceof Uint8Array) return `a byte array (${value.length} bytes)`;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** Turns zod issues into one sentence naming the field, quoting the value and saying what is allowed. */
export function formatIssues(what: string, input: unknown, issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, 3).map((issue) => {
    const field = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return `${field ? `${field}: ` : ''}unknown field(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    }
    const value = describeValue(valueAt(input, issue.path));
    return field ? `${field} = ${value} is not allowed (${issue.message})` : `${issue.message}`;
  });
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more problems)` : '';
  return `Invalid ${what}: ${parts.join('; ')}${more}.`;
}

/** Validates an untrusted request; throws SkfrError('invalid-request', …) naming the field. */
export function parseRequest(input: unknown): JobRequest {
  const parsed = jobRequestSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const type = typeof input === 'object' && input !== null ? (input as { type?: unknown }).type : undefined;
  const what = typeof type === 'string' && /^[a-z]{1,12}$/.test(type) ? `${type} request` : 'request';
  throw new SkfrError('invalid-request', formatIssues(what, input, parsed.error.issues));
}

/** Validates an untrusted client message (its request is checked separately by parseRequest). */
export function parseClientMessage(input: unknown): ClientMessage | { kind: 'run'; id: string; request: unknown } {
  const parsed = clientMessageSchema.safeParse(input);
  if (parsed.success) return parsed.data as ClientMessage | { kind: 'run'; id: string; request: unknown };
  throw new SkfrError('invalid-request', formatIssues('message', input, parsed.error.issues));
}
