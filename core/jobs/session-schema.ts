/**
 * What a `.skfr` session file holds (SessionFile, session-file.ts reads and writes it) and the runtime schemas
 * (zod) of its results (the `result`), shared by the file reader and the 'restore' job's request. Apart from
 * schema.ts and session-file.ts so that they, and the job protocol (types.ts), can use it without importing each
 * other: this module imports types of the layers below only (analysis, engine, report, table).
 *
 * Numbers: JSON has no NaN or infinities, so a session file writes NaN as null and ±Infinity as the strings
 * "Infinity" / "-Infinity"; every number read here takes those back (and plain numbers, NaN included, as they
 * come through structured clone). Long lists of numbers are checked by one loop, not an element schema each.
 * Every list is bounded (SESSION_LIMITS), and the lengths must agree with n, p and k (checkResultShape).
 */
import { z } from 'zod';
import type { GapPoint, KPoint, KRuleChoice, KSStep, SFlags, SRuleChoice } from '../engine/types.js';
import type { FitSettings, Metrics } from '../analysis.js';
import type { ResultWarning } from '../report/warnings.js';
import type { FormatId, Mapping, Recipe, StepReport } from '../table/types.js';

export const SESSION_FORMAT_VERSION = 1;
export const SESSION_KIND = 'skfr-session';

export interface SessionInput {
  fileName: string;
  /** The input's path relative to the session file's folder, "/"-separated; null when unknown (browser). */
  path: string | null;
  /** The input's absolute path when the session was saved; null when unknown. */
  absolutePath: string | null;
  /** Bytes; null when unknown. */
  size: number | null;
  /** SHA-256 of the file's bytes, hex. */
  sha256: string;
  /** The workbook sheet read; null for CSV / TSV. */
  sheet: string | null;
  /** 1-based row of the header. */
  headerRow: number;
  /** The text file was read with no header row (`skfr --no-header`): its first row is data. Absent = false. */
  noHeader?: boolean;
}

export interface SessionFile {
  kind: typeof SESSION_KIND;
  formatVersion: typeof SESSION_FORMAT_VERSION;
  /** ISO 8601. */
  savedAt: string;
  /** What wrote it, e.g. "SKFR Studio 0.1.0 (desktop)", "skfr 0.1.0". */
  savedBy: string;
  input: SessionInput;
  layout: { format: FormatId; quantity: string | null };
  mapping: Mapping;
  recipe: Recipe;
  settings: FitSettings;
  classColumn: string | null;
  result: SessionResult;
}

/** Bounds of what a session file (or a 'restore' request) may hold. */
export const SESSION_LIMITS = {
  /** Samples (n). */
  samples: 10_000_000,
  /** Features (p). */
  features: 2_000_000,
  /** Clusters (k). */
  clusters: 100_000,
  /** Cells of a k × p table (centers, SKFR2 scores and frequencies). */
  centerCells: 50_000_000,
  /** Characters of one name, id or annotation value. */
  text: 1_000_000,
  /** Points of a curve, steps, rules, warnings, preparation steps, annotation columns… */
  items: 100_000,
  /** Bytes of a session file. */
  fileBytes: 512 * 1024 * 1024,
} as const;

/** A number as a session file or a structured clone carries it: null = NaN, "Infinity" / "-Infinity". */
function decodeNumber(x: unknown): number | undefined {
  if (typeof x === 'number') return x;
  if (x === null || x === 'NaN') return NaN;
  if (x === 'Infinity') return Infinity;
  if (x === '-Infinity') return -Infinity;
  return undefined;
}

function shown(x: unknown): string {
  if (typeof x === 'string') return `“${x.length > 30 ? `${x.slice(0, 27)}…` : x}”`;
  if (x === undefined) return 'nothing';
  if (typeof x === 'object') return Array.isArray(x) ? 'a list' : 'an object';
  return String(x);
}

/** One number (see the module comment). */
export const num = z.custom<number>((x) => decodeNumber(x) !== undefined, { message: 'must be a number' }).transform((x) => decodeNumber(x)!);

/** A whole number in [min, max] (never null). */
const whole = (min: number, max: number) => z.number().int().min(min).max(max);

/** A list of at most `max` numbers (null = NaN …), checked in one loop. */
export function numberList(max: number, options: { integer?: boolean; min?: number; max?: number } = {}) {
  return z.unknown().transform((value, ctx): number[] => {
    if (!Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: 'must be a list of numbers' });
      return z.NEVER;
    }
    if (value.length > max) {
      ctx.addIssue({ code: 'custom', message: `must hold at most ${max} numbers (it holds ${value.length})` });
      return z.NEVER;
    }
    const out = new Array<number>(value.length);
    for (let i = 0; i < value.length; i++) {
      const x = options.integer ? (typeof value[i] === 'number' ? (value[i] as number) : undefined) : decodeNumber(value[i]);
      const bad =
        x === undefined ||
        (options.integer && !Number.isInteger(x)) ||
        (options.min !== undefined && !(x >= options.min)) ||
        (options.max !== undefined && !(x <= options.max));
      if (bad) {
        const range = options.integer ? `whole numbers${options.min !== undefined ? ` from ${options.min}` : ''}${options.max !== undefined ? ` to ${options.max}` : ''}` : 'numbers';
        ctx.addIssue({ code: 'custom', message: `must hold ${range}, not ${shown(value[i])} (position ${i + 1})` });
        return z.NEVER;
      }
      out[i] = x!;
    }
    return out;
  });
}

const text = z.string().max(SESSION_LIMITS.text, `must be at most ${SESSION_LIMITS.text} characters`);
/** A list of at most `max` texts (ids, names), checked in one loop. */
export function textList(max: number, nullable: boolean) {
  return z.unknown().transform((value, ctx): (string | null)[] => {
    if (!Array.isArray(value) || value.length > max) {
      ctx.addIssue({ code: 'custom', message: Array.isArray(value) ? `must hold at most ${max} names (it holds ${value.length})` : 'must be a list of names' });
      return z.NEVER;
    }
    for (let i = 0; i < value.length; i++) {
      const x: unknown = value[i];
      if ((x === null && nullable) || (typeof x === 'string' && x.length <= SESSION_LIMITS.text)) continue;
      ctx.addIssue({ code: 'custom', message: `must hold ${nullable ? 'texts or null' : 'texts'} of at most ${SESSION_LIMITS.text} characters, not ${shown(x)} (position ${i + 1})` });
      return z.NEVER;
    }
    return value as (string | null)[];
  });
}
const names = (max: number) => textList(max, false) as unknown as z.ZodType<string[]>;
const values = (max: number) => textList(max, true);

const items = <T extends z.ZodType>(schema: T) => z.array(schema).max(SESSION_LIMITS.items, `must hold at most ${SESSION_LIMITS.items} entries`);

const sRule = z.enum(['knee-se', 'tibshirani', 'argmax', 'within-sd-of-max', 'knee']);
const kRule = z.enum(['tibshirani', 'argmax', 'within-sd-of-max', 'knee', 'silhouette']);
const count = whole(0, Number.MAX_SAFE_INTEGER);

export const gapPointSchema = z.object({ s: count, gap: num, sd: num, logO: num, meanPermutedLogO: num });
export const kPointSchema = z.object({ k: count, gap: num, sd: num, logW: num, meanPermutedLogW: num, silhouette: num });
export const sRuleChoiceSchema = z.object({ rule: sRule, s: count, default: z.boolean() });
export const kRuleChoiceSchema = z.object({ rule: kRule, k: count, default: z.boolean() });
export const sFlagsSchema = z.object({ atRangeEnd: z.boolean(), noClearMaximum: z.boolean() });

export const ksStepSchema = z.discriminatedUnion('tuned', [
  z.object({ tuned: z.literal('s'), k: count, s: count, sRules: items(sRuleChoiceSchema), flags: sFlagsSchema, curve: items(gapPointSchema) }),
  z.object({ tuned: z.literal('k'), k: count, s: count, kRules: items(kRuleChoiceSchema), curve: items(kPointSchema) }),
]);

export const stepReportSchema = z.object({
  step: z.enum(['read', 'blank-rows', 'filter', 'empty-features', 'remove-flagged', 'zeros-missing', 'floor-missing', 'transform', 'drop-samples', 'min-valid', 'normalize', 'batch', 'impute', 'scale']),
  label: text,
  count: num,
});

export const resultWarningSchema = z.object({
  code: z.enum(['singleton-cluster', 'mostly-imputed', 'raw-untransformed', 's-at-range-end', 'clusters-follow-annotation', 'batch-confounded']),
  about: z.enum(['clusters', 'features', 'data', 'gap']),
  message: text,
});

export const metricsSchema = z.object({
  classColumn: text,
  ari: num,
  nmi: num,
  mixedNodes: count,
  totalInMixedNodes: count,
  contingency: z.object({
    clusters: numberList(SESSION_LIMITS.clusters, { integer: true }),
    classes: names(SESSION_LIMITS.samples),
    counts: z.array(numberList(SESSION_LIMITS.samples, { integer: true, min: 0 })).max(SESSION_LIMITS.clusters),
  }),
});

/** The stability of a fit with its typed arrays as lists (StabilityResult). */
export const stabilitySchema = z.object({
  subsamples: count,
  fraction: num,
  subsampleSize: count,
  featureFrequency: numberList(SESSION_LIMITS.features),
  clusterFeatureFrequency: numberList(SESSION_LIMITS.centerCells).nullable(),
  unstableSelected: numberList(SESSION_LIMITS.features, { integer: true, min: 0 }),
  sampleConsistency: numberList(SESSION_LIMITS.samples),
  ari: numberList(100_000),
  meanAri: num,
});

/** StabilityResult with lists in place of typed arrays. */
export interface StabilityRecord {
  subsamples: number;
  fraction: number;
  subsampleSize: number;
  featureFrequency: number[];
  clusterFeatureFrequency: number[] | null;
  unstableSelected: number[];
  sampleConsistency: number[];
  ari: number[];
  meanAri: number;
}

/**
 * The results of a fit as a session file records them: the FitView less what is recomputed cheaply (the ranking
 * from the scores, the cluster sizes from the clusters), typed arrays as lists.
 */
export interface SessionResult {
  n: number;
  p: number;
  k: number;
  s: number;
  sampleIds: string[];
  /** 1-based cluster of each sample. */
  clusters: number[];
  featureNames: string[];
  /** Ranking score of every feature (length p), in feature order. */
  scores: number[];
  /** SKFR2: the score of every feature in every cluster (k × p); null for SKFR1. */
  clusterScores: number[] | null;
  /** Selected features (0-based indices), best first (SKFR2: the union). */
  selected: number[];
  selectedByCluster: number[][] | null;
  /** Cluster means k × p in the fitted (standardised) scale, and in original units. */
  means: number[];
  originalMeans: number[];
  /** Distance of each sample to its center. */
  distances: number[];
  objective: number;
  totalSS: number;
  betweenSS: number;
  iterations: number;
  converged: boolean;
  imputedCells: number;
  /** 0-based restart that won. */
  bestRestart: number;
  zeroVarianceFeatures: string[];
  projection: { x: number[]; y: number[]; explained: [number, number] };
  annotations: Record<string, (string | null)[]>;
  featureAnnotations: Record<string, (string | null)[]>;
  preparation: StepReport[];
  metrics: Metrics | null;
  warnings: ResultWarning[];
  command: string;
  gap: { curve: GapPoint[]; bestS: number; oneSeS: number; permutations: number } | null;
  sRules: SRuleChoice[] | null;
  sFlags: SFlags | null;
  kCurve: { curve: KPoint[]; kRules: KRuleChoice[]; permutations: number } | null;
  ksSteps: KSStep[] | null;
  stability: StabilityRecord | null;
  timings: { parseMs: number; fitMs: number };
}

const annotationMap = (length: number) =>
  z
    .record(text, values(length))
    .refine((r) => Object.keys(r).length <= SESSION_LIMITS.items, { message: `must have at most ${SESSION_LIMITS.items} columns` });

const { samples, features, centerCells, clusters } = SESSION_LIMITS;

export const sessionResultSchema = z
  .object({
    n: whole(1, samples),
    p: whole(1, features),
    k: whole(1, clusters),
    s: whole(1, features),
    sampleIds: names(samples),
    clusters: numberList(samples, { integer: true, min: 1, max: clusters }),
    featureNames: names(features),
    scores: numberList(features),
    clusterScores: numberList(centerCells).nullable(),
    selected: numberList(features, { integer: true, min: 0, max: features - 1 }),
    selectedByCluster: z.array(numberList(features, { integer: true, min: 0, max: features - 1 })).max(clusters).nullable(),
    means: numberList(centerCells),
    originalMeans: numberList(centerCells),
    distances: numberList(samples),
    objective: num,
    totalSS: num,
    betweenSS: num,
    iterations: count,
    converged: z.boolean(),
    imputedCells: count,
    bestRestart: count,
    zeroVarianceFeatures: names(features),
    projection: z.object({ x: numberList(samples), y: numberList(samples), explained: z.tuple([num, num]) }),
    annotations: annotationMap(samples),
    featureAnnotations: annotationMap(features),
    preparation: items(stepReportSchema),
    metrics: metricsSchema.nullable(),
    warnings: items(resultWarningSchema),
    command: text,
    gap: z.object({ curve: items(gapPointSchema), bestS: count, oneSeS: count, permutations: count }).nullable(),
    sRules: items(sRuleChoiceSchema).nullable(),
    sFlags: sFlagsSchema.nullable(),
    kCurve: z.object({ curve: items(kPointSchema), kRules: items(kRuleChoiceSchema), permutations: count }).nullable(),
    ksSteps: items(ksStepSchema).nullable(),
    stability: stabilitySchema.nullable(),
    timings: z.object({ parseMs: num, fitMs: num }),
  })
  .superRefine((r, ctx) => {
    const problem = resultShapeProblem(r as SessionResult);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });

/**
 * The first way the lists of a result disagree with its n, p and k, as a field and a sentence; null when they agree.
 * @example resultShapeProblem({ n: 3, clusters: [1, 2], … }) // { field: 'clusters', message: 'has 2 values for 3 samples' }
 */
export function resultShapeProblem(r: SessionResult): { field: string; message: string } | null {
  const { n, p, k } = r;
  const lengths: [string, number, number, string][] = [
    ['sampleIds', r.sampleIds.length, n, 'samples'],
    ['clusters', r.clusters.length, n, 'samples'],
    ['distances', r.distances.length, n, 'samples'],
    ['projection', r.projection.x.length, n, 'samples'],
    ['projection', r.projection.y.length, n, 'samples'],
    ['featureNames', r.featureNames.length, p, 'features'],
    ['scores', r.scores.length, p, 'features'],
    ['means', r.means.length, k * p, 'cells of clusters × features'],
    ['originalMeans', r.originalMeans.length, k * p, 'cells of clusters × features'],
  ];
  if (r.clusterScores) lengths.push(['clusterScores', r.clusterScores.length, k * p, 'cells of clusters × features']);
  if (r.stability) {
    lengths.push(['stability', r.stability.featureFrequency.length, p, 'features'], ['stability', r.stability.sampleConsistency.length, n, 'samples']);
    if (r.stability.clusterFeatureFrequency) lengths.push(['stability', r.stability.clusterFeatureFrequency.length, k * p, 'cells of clusters × features']);
  }
  for (const [name, column] of Object.entries(r.annotations)) lengths.push([`annotations.${name}`, column.length, n, 'samples']);
  for (const [name, column] of Object.entries(r.featureAnnotations)) lengths.push([`featureAnnotations.${name}`, column.length, p, 'features']);
  for (const [field, have, want, of] of lengths) {
    if (have !== want) return { field, message: `has ${have} values for ${want} ${of}` };
  }
  if (k * p > SESSION_LIMITS.centerCells) return { field: 'k', message: `k × p = ${k * p} is more than ${SESSION_LIMITS.centerCells}` };
  const over = r.clusters.findIndex((c) => c > k);
  if (over >= 0) return { field: 'clusters', message: `has cluster ${r.clusters[over]} (sample ${over + 1}) but k = ${k}` };
  const lists = [r.selected, ...(r.selectedByCluster ?? []), r.stability?.unstableSelected ?? []];
  for (const list of lists) {
    const bad = list.find((l) => l >= p);
    if (bad !== undefined) return { field: 'selected', message: `lists feature ${bad + 1}, but there are ${p} features` };
  }
  if (r.selectedByCluster && r.selectedByCluster.length !== k) return { field: 'selectedByCluster', message: `has ${r.selectedByCluster.length} lists for ${k} clusters` };
  return null;
}

// Compile-time proof that what the schemas accept is what the types describe.
type Assignable<A, B> = [A] extends [B] ? true : false;
const _result: Assignable<z.infer<typeof sessionResultSchema>, SessionResult> = true;
const _back: Assignable<SessionResult, z.input<typeof sessionResultSchema>> = true;
void [_result, _back];
