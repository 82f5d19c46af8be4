/**
 * The `.skfr` session file: one analysis saved to reopen without re-running it, and to re-run it later
 * (`skfr rerun`). JSON, `formatVersion: 1`:
 *
 *   { "kind": "skfr-session", "formatVersion": 1, "savedAt", "savedBy",
 *     "input":   { fileName, path (relative to the session file's folder, "/"-separated), absolutePath, size,
 *                  sha256, sheet, headerRow[, noHeader: true] },
 *     "layout":  { format, quantity },
 *     "mapping", "recipe", "settings", "classColumn"   (as a FitRequest carries them),
 *     "result":  SessionResult (session-schema.ts: clusters, proteins, scores, centers, curves, stability, …) }
 *
 * Numbers that JSON cannot write: NaN as null, ±Infinity as "Infinity" / "-Infinity". Typed arrays as lists.
 * Reading (`parseSessionFile`) answers a SessionFile or a SkfrError('invalid-session') with one sentence: not
 * JSON (damaged), not a session, a newer format, or the first field that is wrong.
 *
 * Pure and platform-free: the hosts read and write the bytes; `resolveBeside` joins paths as strings.
 */
import { z } from 'zod';
import { SkfrError } from '../errors.js';
import { formatCount } from '../format-count.js';
import type { FitResult, ResolvedFitOptions, StabilityResult, TuneResult } from '../engine/types.js';
import { scaleOf } from '../prepare/scale.js';
import { rankFeatures } from './fit-view.js';
import { fitSettingsSchema, mappingSchema, recipeSchema } from './schema.js';
import {
  SESSION_FORMAT_VERSION,
  SESSION_KIND,
  SESSION_LIMITS,
  sessionResultSchema,
  type SessionFile,
  type SessionResult,
  type StabilityRecord,
} from './session-schema.js';
import type { FitRequest, FitView, OpenResult } from './types.js';

export {
  SESSION_FORMAT_VERSION,
  SESSION_KIND,
  SESSION_LIMITS,
  type SessionFile,
  type SessionInput,
  type SessionResult,
  type StabilityRecord,
} from './session-schema.js';

/** The extension of session files, with its dot. */
export const SESSION_EXTENSION = '.skfr';

/** Whether a file name (or path) names a session file: isSessionName('runs/mice.SKFR') === true. */
export function isSessionName(name: string): boolean {
  return name.toLowerCase().endsWith(SESSION_EXTENSION);
}

const shortText = z.string().max(10_000);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 hexadecimal digits');

const sessionInputSchema = z.object({
  fileName: shortText.min(1),
  path: shortText.nullable(),
  absolutePath: shortText.nullable(),
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  sha256,
  sheet: shortText.nullable(),
  headerRow: z.number().int().min(1).max(1_000_000),
  noHeader: z.boolean().optional(),
});

export const sessionFileSchema = z.object({
  kind: z.literal(SESSION_KIND),
  formatVersion: z.literal(SESSION_FORMAT_VERSION),
  savedAt: shortText,
  savedBy: shortText,
  input: sessionInputSchema,
  layout: z.object({ format: z.enum(['maxquant', 'diann', 'fragpipe', 'spectronaut', 'proteome-discoverer', 'paw', 'perseus', 'gct', 'adat', 'olink', 'mztab', 'long', 'table']), quantity: shortText.nullable() }),
  mapping: mappingSchema,
  recipe: recipeSchema,
  settings: fitSettingsSchema,
  classColumn: shortText.nullable(),
  result: sessionResultSchema,
});

type Assignable<A, B> = [A] extends [B] ? true : false;
const _file: Assignable<z.infer<typeof sessionFileSchema>, SessionFile> = true;
void _file;

/** What a session is made of: the input as opened, the request that ran, its results. */
export interface SessionSource {
  /** The opened input (OpenResult): its name, SHA-256, size, format, sheet and header row. */
  opened: Pick<OpenResult, 'fileName' | 'sha256' | 'format' | 'sheet' | 'headerRow' | 'noHeader'> & { size?: number | null | undefined };
  /** Where it was opened from: an absolute path (desktop, CLI); null for bytes (browser). */
  absolutePath: string | null;
  /** The input's path relative to the session file's folder, "/"-separated (when the host knows it). */
  relativePath?: string | null;
  request: Pick<FitRequest, 'mapping' | 'recipe' | 'settings' | 'classColumn'>;
  view: FitView;
  savedBy: string;
  /** Default: now. */
  savedAt?: string;
}

const list = (a: ArrayLike<number>): number[] => Array.from(a);

function stabilityRecord(s: StabilityResult): StabilityRecord {
  return {
    subsamples: s.subsamples,
    fraction: s.fraction,
    subsampleSize: s.subsampleSize,
    featureFrequency: list(s.featureFrequency),
    clusterFeatureFrequency: s.clusterFeatureFrequency ? list(s.clusterFeatureFrequency) : null,
    unstableSelected: [...s.unstableSelected],
    sampleConsistency: list(s.sampleConsistency),
    ari: list(s.ari),
    meanAri: s.meanAri,
  };
}

/** The results of a FitView as a session records them (lists, no ranking, no sizes). */
export function sessionResult(view: FitView): SessionResult {
  const scores = new Array<number>(view.p).fill(0);
  for (const r of view.ranking) scores[r.index] = r.score;
  return {
    n: view.n,
    p: view.p,
    k: view.k,
    s: view.s,
    sampleIds: [...view.sampleIds],
    clusters: list(view.clusters),
    featureNames: [...view.featureNames],
    scores,
    clusterScores: view.clusterScores ? list(view.clusterScores) : null,
    selected: [...view.selected],
    selectedByCluster: view.selectedByCluster ? view.selectedByCluster.map((c) => [...c]) : null,
    means: list(view.means),
    originalMeans: list(view.originalMeans),
    distances: list(view.distances),
    objective: view.objective,
    totalSS: view.totalSS,
    betweenSS: view.betweenSS,
    iterations: view.iterations,
    converged: view.converged,
    imputedCells: view.imputedCells,
    bestRestart: view.bestRestart ?? 0,
    zeroVarianceFeatures: [...view.zeroVarianceFeatures],
    projection: { x: list(view.projection.x), y: list(view.projection.y), explained: [view.projection.explained[0], view.projection.explained[1]] },
    annotations: view.annotations,
    featureAnnotations: view.featureAnnotations,
    preparation: view.preparation,
    metrics: view.metrics,
    warnings: view.warnings,
    command: view.command,
    gap: view.gap,
    sRules: view.sRules ?? null,
    sFlags: view.sFlags ?? null,
    kCurve: view.kCurve ?? null,
    ksSteps: view.ksSteps ?? null,
    stability: view.stability ? stabilityRecord(view.stability) : null,
    timings: view.timings,
  };
}

/** The session of a run, as an object (see toSessionFile for its text). */
export function buildSession(source: SessionSource): SessionFile {
  const { opened, request, view } = source;
  const workbook = opened.format === 'xlsx' || opened.format === 'xls';
  return {
    kind: SESSION_KIND,
    formatVersion: SESSION_FORMAT_VERSION,
    savedAt: source.savedAt ?? new Date().toISOString(),
    savedBy: source.savedBy,
    input: {
      fileName: opened.fileName,
      path: source.relativePath ?? null,
      absolutePath: source.absolutePath,
      size: opened.size ?? null,
      sha256: opened.sha256,
      sheet: workbook ? opened.sheet : null,
      headerRow: opened.headerRow,
      ...(opened.noHeader ? { noHeader: true } : {}),
    },
    layout: { format: view.format, quantity: view.quantity },
    mapping: request.mapping,
    recipe: request.recipe ?? { steps: [] },
    settings: request.settings,
    classColumn: request.classColumn ?? null,
    result: sessionResult(view),
  };
}

/** JSON of a session: typed arrays as lists, NaN as null, ±Infinity as strings; two-space indentation at the top. */
export function sessionText(session: SessionFile): string {
  const replacer = (_key: string, value: unknown): unknown => {
    if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? null : String(value);
    if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return Array.from(value as unknown as ArrayLike<number>);
    return value;
  };
  // Big lists stay on one line each: the file is readable at the top and still compact.
  const { result, ...head } = session;
  const top = JSON.stringify(head, replacer, 2).replace(/\n}$/, '');
  const fields = Object.entries(result).map(([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value, replacer)}`);
  return `${top},\n  "result": {\n${fields.join(',\n')}\n  }\n}\n`;
}

/** The `.skfr` text of a run: buildSession, then sessionText. */
export function toSessionFile(source: SessionSource): string {
  return sessionText(buildSession(source));
}

/** "the file “x.skfr”" or "this file". */
function named(fileName: string | undefined): string {
  return fileName ? `“${fileName}”` : 'This file';
}

/**
 * Reads a session file's text. Answers the SessionFile, or a SkfrError('invalid-session') with one sentence:
 * damaged (not JSON), not an SKFR Studio analysis, saved by a newer version, or the first field that is wrong.
 */
export function parseSessionFile(text: string, fileName?: string): SessionFile | SkfrError {
  const who = named(fileName);
  if (text.length > SESSION_LIMITS.fileBytes) {
    return new SkfrError('invalid-session', `${who} is too large for an SKFR Studio analysis (more than ${SESSION_LIMITS.fileBytes / 1024 ** 2} MiB).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    const empty = text.trim() === '';
    return new SkfrError(
      'invalid-session',
      empty
        ? `${who} is empty: it is not an SKFR Studio analysis (.skfr) file, or it was cut short when saved.`
        : `${who} is damaged: it is not valid JSON (cut short or edited?), so the analysis cannot be read.`,
    );
  }
  const record = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  if (!record || (record['kind'] !== SESSION_KIND && !('formatVersion' in record && 'result' in record))) {
    return new SkfrError('invalid-session', `${who} is not an SKFR Studio analysis (.skfr) file: open it as data, or choose the .skfr file saved with “Save analysis”.`);
  }
  const version = record['formatVersion'];
  if (version !== SESSION_FORMAT_VERSION) {
    return new SkfrError(
      'invalid-session',
      typeof version === 'number' && Number.isInteger(version) && version > SESSION_FORMAT_VERSION
        ? `${who} was saved by a newer SKFR Studio (analysis format ${version}; this version reads format ${SESSION_FORMAT_VERSION}): update SKFR Studio to open it.`
        : `${who} has an unknown analysis format (formatVersion ${JSON.stringify(version) ?? 'missing'}; this version reads ${SESSION_FORMAT_VERSION}).`,
    );
  }
  const parsed = sessionFileSchema.safeParse(migrateStandardize(record));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join('.') || '(the whole file)';
    // Our own messages read on from the field's name ("has 3 values for 4 samples"); zod's are quoted.
    const own = /^[a-z]/.test(issue.message);
    return new SkfrError('invalid-session', `${who} is damaged: its field ${field} ${own ? issue.message : `is not valid (${issue.message})`}.`);
  }
  return parsed.data as SessionFile;
}

/**
 * Sessions saved before the scale step (issue 24) carry `settings.standardize`: true is the default now (no scale
 * step = unit variance), false becomes the recipe's scale step 'none' (centred only: every fit centres now).
 * Example: { settings: { …, standardize: false }, recipe: { steps: [] } }
 *   → { settings: { … }, recipe: { steps: [{ kind: 'scale', method: 'none', reason: 'saved with standardisation off' }] } }
 */
export function migrateStandardize(record: Record<string, unknown>): Record<string, unknown> {
  const settings = record['settings'];
  if (typeof settings !== 'object' || settings === null || !('standardize' in settings)) return record;
  const { standardize, ...rest } = settings as Record<string, unknown>;
  const recipe = record['recipe'] as { steps?: unknown } | null | undefined;
  const steps = Array.isArray(recipe?.steps) ? (recipe.steps as unknown[]) : null;
  const scaled = steps?.some((step) => typeof step === 'object' && step !== null && (step as { kind?: unknown }).kind === 'scale') ?? false;
  const next: Record<string, unknown> = { ...record, settings: rest };
  if (standardize === false && steps !== null && !scaled) {
    next['recipe'] = { ...recipe, steps: [...steps, { kind: 'scale', method: 'none', reason: 'saved with standardisation off' }] };
  }
  return next;
}

/** The cluster sizes of 1-based clusters. */
function sizes(clusters: ArrayLike<number>, k: number): number[] {
  const out = new Array<number>(k).fill(0);
  for (let i = 0; i < clusters.length; i++) out[clusters[i]! - 1]!++;
  return out;
}

function stabilityResult(s: StabilityRecord): StabilityResult {
  return {
    subsamples: s.subsamples,
    fraction: s.fraction,
    subsampleSize: s.subsampleSize,
    featureFrequency: Float64Array.from(s.featureFrequency),
    clusterFeatureFrequency: s.clusterFeatureFrequency ? Float64Array.from(s.clusterFeatureFrequency) : null,
    unstableSelected: [...s.unstableSelected],
    sampleConsistency: Float64Array.from(s.sampleConsistency),
    ari: Float64Array.from(s.ari),
    meanAri: s.meanAri,
  };
}

/**
 * The FitView of a saved session, as the Results screen shows it (ranking and sizes recomputed, lists as
 * typed arrays). `ids`: the fit and dataset it answers for ('' when the data file is not open).
 */
export function viewFromSession(session: SessionFile, ids: { fitId: string; datasetId: string }): FitView {
  const r = session.result;
  const clusters = Int32Array.from(r.clusters);
  return {
    fitId: ids.fitId,
    datasetId: ids.datasetId,
    fileName: session.input.fileName,
    settings: session.settings,
    n: r.n,
    p: r.p,
    k: r.k,
    s: r.s,
    sampleIds: r.sampleIds,
    clusters,
    clusterSizes: sizes(clusters, r.k),
    featureNames: r.featureNames,
    ranking: rankFeatures(Float64Array.from(r.scores), r.featureNames, r.selected),
    selected: r.selected,
    selectedByCluster: r.selectedByCluster,
    clusterScores: r.clusterScores ? Float64Array.from(r.clusterScores) : null,
    means: Float64Array.from(r.means),
    originalMeans: Float64Array.from(r.originalMeans),
    distances: Float64Array.from(r.distances),
    objective: r.objective,
    totalSS: r.totalSS,
    betweenSS: r.betweenSS,
    iterations: r.iterations,
    converged: r.converged,
    imputedCells: r.imputedCells,
    bestRestart: r.bestRestart,
    zeroVarianceFeatures: r.zeroVarianceFeatures,
    projection: { x: Float64Array.from(r.projection.x), y: Float64Array.from(r.projection.y), explained: r.projection.explained },
    annotations: r.annotations,
    featureAnnotations: r.featureAnnotations,
    preparation: r.preparation,
    recipe: session.recipe,
    format: session.layout.format,
    quantity: session.layout.quantity,
    metrics: r.metrics,
    warnings: r.warnings,
    command: r.command,
    gap: r.gap,
    sRules: r.sRules,
    sFlags: r.sFlags,
    kCurve: r.kCurve,
    ksSteps: r.ksSteps,
    stability: r.stability ? stabilityResult(r.stability) : null,
    timings: r.timings,
  };
}

/** The fit's options as the engine resolved them (the fitted k and s). */
function resolvedOptions(session: SessionFile): ResolvedFitOptions {
  const { settings, result } = session;
  return {
    k: result.k,
    s: result.s,
    variant: settings.variant,
    loss: settings.loss,
    restarts: settings.restarts,
    seed: settings.seed,
    maxIterations: settings.maxIterations,
    scale: scaleOf(session.recipe),
  };
}

/**
 * The engine's FitResult of a saved session (what exports need), rebuilt without fitting: the sparse centers are
 * the means on the selected features (SKFR2: each cluster's own), 0 elsewhere. Traces of the restarts are not kept.
 */
export function fitFromSession(session: SessionFile): FitResult {
  const r = session.result;
  const { n, p, k } = r;
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) labels[i] = r.clusters[i]! - 1;
  const means = Float64Array.from(r.means);
  const centers = new Float64Array(k * p);
  for (let j = 0; j < k; j++) {
    for (const l of r.selectedByCluster ? r.selectedByCluster[j]! : r.selected) centers[j * p + l] = means[j * p + l]!;
  }
  const nameIndex = new Map(r.featureNames.map((name, l) => [name, l]));
  return {
    options: resolvedOptions(session),
    n,
    p,
    labels,
    clusterSizes: Int32Array.from(sizes(r.clusters, k)),
    means,
    centers,
    originalMeans: Float64Array.from(r.originalMeans),
    selectedFeatures: Int32Array.from(r.selected),
    selectedFeaturesByCluster: r.selectedByCluster ? r.selectedByCluster.map((c) => Int32Array.from(c)) : null,
    featureScores: Float64Array.from(r.scores),
    clusterFeatureScores: r.clusterScores ? Float64Array.from(r.clusterScores) : null,
    distances: Float64Array.from(r.distances),
    objective: r.objective,
    totalSS: r.totalSS,
    betweenSS: r.betweenSS,
    objectiveTrace: [],
    iterations: r.iterations,
    converged: r.converged,
    imputedCells: r.imputedCells,
    zeroVarianceFeatures: r.zeroVarianceFeatures.map((name) => nameIndex.get(name)).filter((l): l is number => l !== undefined),
    restartObjectives: [],
    bestRestart: r.bestRestart,
    timings: { seedingMs: 0, fittingMs: r.timings.fitMs },
  };
}

/** The TuneResult of a saved session whose s was tuned (its curve, rules and flags; the fit as fitFromSession). */
export function tuneFromSession(session: SessionFile, fit: FitResult): TuneResult | null {
  const { gap, sRules, sFlags } = session.result;
  if (!gap) return null;
  return {
    curve: gap.curve,
    bestS: gap.bestS,
    oneSeS: gap.oneSeS,
    chosenS: session.result.s,
    sRules: sRules ?? [],
    flags: sFlags ?? { atRangeEnd: false, noClearMaximum: false },
    permutations: gap.permutations,
    fit,
  };
}

/** The FitRequest a session records, for a dataset opened from its input. */
export function sessionRequest(session: SessionFile, datasetId: string): FitRequest {
  return {
    type: 'fit',
    datasetId,
    mapping: session.mapping,
    recipe: session.recipe,
    settings: session.settings,
    classColumn: session.classColumn,
  };
}

/**
 * The path of `target` as a session file at `sessionPath` records it, resolved: a relative path (recorded
 * beside the session) from the session file's folder, an absolute one as it is. String work only (either
 * separator), so core needs no path module.
 * @example resolveBeside('/Users/a/runs/mice.skfr', '../data/mice.csv') // '/Users/a/runs/../data/mice.csv'
 */
export function resolveBeside(sessionPath: string, target: string): string {
  if (isAbsolutePath(target)) return target;
  const cut = Math.max(sessionPath.lastIndexOf('/'), sessionPath.lastIndexOf('\\'));
  if (cut < 0) return target;
  const folder = sessionPath.slice(0, cut);
  const sep = sessionPath[cut]!;
  return `${folder}${sep}${sep === '\\' ? target.replace(/\//g, '\\') : target}`;
}

export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(path);
}

/**
 * Where to look for a session's input, best first: beside the session file (its relative path), then where it
 * was (its absolute path). Without the session file's path (bytes), only the absolute path.
 */
export function inputCandidates(session: SessionFile, sessionPath: string | null): string[] {
  const out: string[] = [];
  const { path, absolutePath } = session.input;
  if (path !== null && sessionPath !== null) out.push(resolveBeside(sessionPath, path));
  else if (path !== null && isAbsolutePath(path)) out.push(path);
  if (absolutePath !== null && !out.includes(absolutePath)) out.push(absolutePath);
  return out;
}

/** What a re-run gave, as compareRun reads it. */
export interface RunOutcome {
  sampleIds: readonly string[];
  /** 1-based clusters. */
  clusters: ArrayLike<number>;
  /** Selected feature names, best first. */
  selectedFeatures: readonly string[];
}

export interface RunComparison {
  identical: boolean;
  n: number;
  sameSamples: boolean;
  sameClusters: boolean;
  /** Same partition with other cluster numbers (only when the clusters differ). */
  samePartition: boolean;
  /** Samples whose cluster differs (first 10): id, recorded, now. */
  changed: { id: string; recorded: number; now: number }[];
  changedCount: number;
  sameProteins: boolean;
  /** Selected now but not recorded, and recorded but not now. */
  added: string[];
  removed: string[];
  /** One line: "identical: N samples, same clusters, same proteins", or the differences. */
  summary: string;
}

/** Whether two labellings are one partition (a one-to-one map between their cluster numbers). */
function samePartition(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  const ab = new Map<number, number>();
  const ba = new Map<number, number>();
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if ((ab.get(x) ?? y) !== y || (ba.get(y) ?? x) !== x) return false;
    ab.set(x, y);
    ba.set(y, x);
  }
  return true;
}

/** Compares a re-run with what a session recorded: the samples, their clusters, the selected proteins. */
export function compareRun(session: SessionFile, now: RunOutcome): RunComparison {
  const r = session.result;
  const n = r.n;
  const sameSamples = now.sampleIds.length === n && r.sampleIds.every((id, i) => now.sampleIds[i] === id);
  const changed: RunComparison['changed'] = [];
  let changedCount = 0;
  if (sameSamples) {
    for (let i = 0; i < n; i++) {
      if (r.clusters[i] !== now.clusters[i]) {
        changedCount++;
        if (changed.length < 10) changed.push({ id: r.sampleIds[i]!, recorded: r.clusters[i]!, now: now.clusters[i]! });
      }
    }
  }
  const sameClusters = sameSamples && changedCount === 0;
  const partition = sameSamples && !sameClusters && samePartition(r.clusters, now.clusters);
  const recordedNames = r.selected.map((l) => r.featureNames[l]!);
  const sameProteins = recordedNames.length === now.selectedFeatures.length && recordedNames.every((name, i) => now.selectedFeatures[i] === name);
  const before = new Set(recordedNames);
  const after = new Set(now.selectedFeatures);
  const added = now.selectedFeatures.filter((name) => !before.has(name));
  const removed = recordedNames.filter((name) => !after.has(name));
  const identical = sameSamples && sameClusters && sameProteins;
  let summary: string;
  if (identical) summary = `identical: ${formatCount(n, ' ')} samples, same clusters, same proteins`;
  else {
    const parts: string[] = [];
    if (!sameSamples) parts.push(`the samples differ (${formatCount(now.sampleIds.length, ' ')} now, ${formatCount(n, ' ')} recorded${now.sampleIds.length === n ? ', other ids or order' : ''})`);
    else if (partition) parts.push(`the same clusters numbered differently (${formatCount(changedCount, ' ')} of ${formatCount(n, ' ')} samples have another cluster number)`);
    else if (!sameClusters) {
      const examples = changed.slice(0, 3).map((c) => `${c.id}: ${c.recorded} → ${c.now}`).join(', ');
      parts.push(`${formatCount(changedCount, ' ')} of ${formatCount(n, ' ')} samples in another cluster (${examples}${changedCount > 3 ? ', …' : ''})`);
    } else parts.push(`same clusters of ${formatCount(n, ' ')} samples`);
    if (sameProteins) parts.push('same proteins');
    else if (added.length === 0 && removed.length === 0) parts.push('the same proteins in another order');
    else {
      const list = (names: string[]) => names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : '');
      parts.push(`proteins ${[added.length ? `now selected: ${list(added)}` : '', removed.length ? `no longer selected: ${list(removed)}` : ''].filter(Boolean).join('; ')}`);
    }
    summary = `different: ${parts.join('; ')}`;
  }
  return { identical, n, sameSamples, sameClusters, samePartition: partition, changed, changedCount, sameProteins, added, removed, summary };
}

/** The SHA-256 check of an input against its session, as one sentence; null when they match. */
export function inputChanged(session: SessionFile, sha256: string, fileName: string): string | null {
  if (sha256 === session.input.sha256) return null;
  return (
    `“${fileName}” is not the file this analysis was made from: its SHA-256 (${sha256.slice(0, 12)}…) differs from the one recorded ` +
    `(${session.input.sha256.slice(0, 12)}…), so the file has changed since, or another file was chosen.`
  );
}
