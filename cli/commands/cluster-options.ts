/**
 * `skfr cluster` options: declared once (for parsing and --help) and turned into a validated plan —
 * the mapping, the fit settings and the outputs — before any file is read.
 */
import { availableParallelism } from 'node:os';
import { SkfrError } from '../../core/errors.js';
import { settingsFromOptions } from '../../core/analysis.js';
import { MAX_RESTARTS } from '../../core/engine/options.js';
import type { FitSettings } from '../../core/jobs/types.js';
import type { Mapping } from '../../core/table/types.js';
import {
  formatOptions,
  parseArgv,
  parseTuneRange,
  parseWhere,
  readChoice,
  optional,
  readInt,
  readList,
  type OptionSpec,
} from '../args.js';

export const CLUSTER_OPTIONS: readonly OptionSpec[] = [
  { name: 'k', kind: 'value', placeholder: 'K', help: 'number of clusters (2 ≤ K ≤ samples); required' },
  { name: 's', kind: 'value', placeholder: 'S', help: 'features to select (1 ≤ S ≤ features; per cluster for --variant local)' },
  { name: 'tune-s', kind: 'value', placeholder: 'FROM:TO[:STEP]', help: 'instead of --s: choose s by the gap statistic over this range;\nthe fit at the s of largest Gap(s) is reported' },
  { name: 'permutations', kind: 'value', placeholder: 'B', help: 'permuted data sets for --tune-s (default 10)' },
  { name: 'variant', kind: 'value', placeholder: 'global|local', help: 'global = SKFR1, one set of s features; local = SKFR2, s per cluster\n(default global)' },
  { name: 'loss', kind: 'value', placeholder: 'squared|absolute', help: 'squared = k-means; absolute = medians, robust to outliers (default squared)' },
  { name: 'restarts', kind: 'value', placeholder: 'R', help: 'k-means++ restarts, the lowest objective wins (default 20)' },
  { name: 'seed', kind: 'value', placeholder: 'N', help: 'random seed, 0 … 4294967295 (default 1); same seed, same result' },
  { name: 'max-iter', kind: 'value', placeholder: 'M', help: 'iterations per restart before giving up (default 100)' },
  { name: 'workers', kind: 'value', placeholder: 'N', help: `threads running restarts and gap permutations in parallel, at most the\nnumber of cores (default: the number of cores, ${availableParallelism()} here, but a small\nfit, samples × features × restarts < 3·10⁷ without --tune-s, runs in\nthis thread); 1 = no threads. Same seed, same result for every N` },
  { name: 'no-standardize', kind: 'flag', help: 'fit the raw values (default: each feature to mean 0, variance 1)' },
  { name: 'sheet', kind: 'value', placeholder: 'NAME', help: 'sheet of a workbook (default: the first non-empty one)' },
  { name: 'id-column', kind: 'value', placeholder: 'C', help: 'column of sample ids (default: row numbers 1, 2, …)' },
  { name: 'class-column', kind: 'value', placeholder: 'C', help: 'column of known classes: adds ARI, NMI and mixed nodes; it is an\nannotation column, never fitted' },
  { name: 'annotation-columns', kind: 'value', placeholder: 'A,B', help: 'columns kept with the samples but never fitted' },
  { name: 'features', kind: 'value', placeholder: 'A,B', help: 'feature columns (default: every numeric column that is not id or\nannotation)' },
  { name: 'features-match', kind: 'value', placeholder: 'REGEX', help: 'instead of --features: the columns whose name matches REGEX' },
  { name: 'where', kind: 'repeat', placeholder: 'COLUMN=VALUE', help: 'keep only rows whose COLUMN equals VALUE; repeatable (the same column\ntwice = either value); COLUMN is kept as an annotation, never fitted' },
  { name: 'samples-as-columns', kind: 'flag', help: 'the sheet has one sample per column: the header row holds the\nsample ids, the first column the feature names' },
  { name: 'out', kind: 'value', placeholder: 'FILE', help: 'FILE.xlsx = the report workbook (Summary, Samples, Features, Centers,\nGap, Contingency); FILE.csv = the labelled samples (id, annotations,\ncluster, distance). Replaced atomically if it exists' },
  { name: 'features-out', kind: 'value', placeholder: 'FILE', help: 'ranked feature list, .csv or .xlsx (rank, feature, score, share,\ncenter per cluster)' },
  { name: 'json', kind: 'flag', help: 'print one JSON object on stdout instead of the summary' },
  { name: 'help', kind: 'flag', help: 'show this help' },
];

export const CLUSTER_HELP = `Usage: skfr cluster FILE --k K (--s S | --tune-s FROM:TO[:STEP]) [options]

Cluster the samples of FILE (.csv, .tsv, .xlsx, .xls) with sparse k-means with feature ranking and
report the clusters and the s features that separate them best.

Options (given twice, the last one counts, except --where which adds up):
${formatOptions(CLUSTER_OPTIONS)}

--json fields: n, p, k, s, variant, sampleIds, labels (1-based, input row order after --where),
selectedFeatures (best first), selectedFeaturesByCluster (local; else null), featureScores (name → score),
objective, iterations, converged, gap ([{s, gap, sd}] with --tune-s; else null), chosenS (with --tune-s;
else null), metrics ({ari, nmi, mixedNodes, totalInMixedNodes} with --class-column; else null),
imputedCells, timings ({parseMs, fitMs}).

Example:
  skfr cluster mice_protein.csv --id-column MouseID --class-column class \\
    --annotation-columns Genotype,Treatment,Behavior --where Genotype=Control --k 49 --s 24 --json`;

/**
 * Without --workers, a fit with samples × features × restarts below this runs in the calling thread:
 * starting threads cold costs more than they save, and each thread holds ~15 MB of its own. Measured on
 * 2 cores (built CLI, k = 10, s = 10; fit seconds in-thread vs on 2 new threads): mouse 1080 × 77 × 20
 * (1.7·10⁶) 0.31 vs 0.49; 10 000 × 200 × 10 (2·10⁷) 0.64 vs 0.60, for 90 vs 120 MB at peak;
 * 20 000 × 200 × 10 (4·10⁷) 1.33 vs 1.08; 10 000 × 500 × 10 (5·10⁷) 1.13 vs 0.88. Below 3·10⁷ the threads
 * save at most ~0.1 s and cost a third of the peak memory. Tuning (--tune-s) is always big enough for them.
 */
export const SMALL_FIT_CELLS = 30_000_000;

/**
 * The pool for a run: an explicit --workers N is always honoured; otherwise one thread per core, except
 * a small fit (n·p·restarts < SMALL_FIT_CELLS, no --tune-s), which runs in this thread ({ workers: 1 }).
 * @example poolOptionsFor(null, settingsFromOptions({ k: 8, s: 24 }), 1080, 77) // → { workers: 1 }
 */
export function poolOptionsFor(workers: number | null, settings: FitSettings, n: number, p: number): { workers?: number } {
  if (workers !== null) return { workers };
  if (!settings.tune && n * p * settings.restarts < SMALL_FIT_CELLS) return { workers: 1 };
  return {};
}

export type OutputKind = 'report' | 'samples';
export type FeaturesFormat = 'csv' | 'xlsx';

export interface ClusterPlan {
  file: string;
  sheet: string | null;
  mapping: Mapping;
  classColumn: string | null;
  settings: FitSettings;
  out: { path: string; kind: OutputKind } | null;
  featuresOut: { path: string; format: FeaturesFormat } | null;
  json: boolean;
  /** --workers N (capped at the cores by the pool); null = the default (poolOptionsFor). */
  workers: number | null;
}

function extension(path: string): string {
  const dot = path.lastIndexOf('.');
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return dot > slash ? path.slice(dot + 1).toLowerCase() : '';
}

function invalid(message: string): SkfrError {
  return new SkfrError('invalid-option', message);
}

/** Parse and validate `skfr cluster` arguments. Returns null when --help was asked for. */
export function planCluster(argv: readonly string[]): ClusterPlan | null {
  const parsed = parseArgv(argv, CLUSTER_OPTIONS, 'skfr cluster');
  if (parsed.flags.has('help')) return null;

  if (parsed.positionals.length === 0) throw invalid('skfr cluster needs a data FILE (.csv, .tsv, .xlsx or .xls); see skfr cluster --help.');
  if (parsed.positionals.length > 1) {
    throw invalid(`skfr cluster takes one data FILE, got ${parsed.positionals.length}: ${parsed.positionals.map((p) => `“${p}”`).join(', ')}.`);
  }
  const file = parsed.positionals[0]!;

  const k = readInt(parsed, 'k', { min: 2, code: 'invalid-k', why: 'k is the number of clusters, between 2 and the number of samples' });
  if (k === undefined) throw new SkfrError('invalid-k', 'missing --k K: the number of clusters (at least 2).');
  const s = readInt(parsed, 's', { min: 1, code: 'invalid-s', why: 's is the number of features to select, between 1 and the number of features' });
  const tuneText = parsed.values.get('tune-s');
  if (s !== undefined && tuneText !== undefined) throw invalid('give either --s S or --tune-s FROM:TO[:STEP], not both.');
  if (s === undefined && tuneText === undefined) {
    throw new SkfrError('invalid-s', 'missing --s S (the number of features to select) or --tune-s FROM:TO[:STEP] (choose s by the gap statistic).');
  }
  const permutations = readInt(parsed, 'permutations', { min: 1, max: 1000 });
  if (permutations !== undefined && tuneText === undefined) throw invalid('--permutations applies only with --tune-s FROM:TO[:STEP].');
  const range = tuneText !== undefined ? parseTuneRange(tuneText) : undefined;

  const features = readList(parsed, 'features');
  const featuresMatch = parsed.values.get('features-match');
  if (features !== undefined && featuresMatch !== undefined) throw invalid('give either --features A,B or --features-match REGEX, not both.');
  if (featuresMatch !== undefined && featuresMatch.length === 0) throw invalid('--features-match needs a regular expression, got an empty one.');

  const samplesAsColumns = parsed.flags.has('samples-as-columns');
  // Transposed sheets keep the sample ids (the header row) in a first column named "Sample".
  const idColumn = parsed.values.get('id-column') ?? (samplesAsColumns ? 'Sample' : null);
  const classColumn = parsed.values.get('class-column') ?? null;
  const filters = parseWhere(parsed.repeats.get('where') ?? []);
  const annotationColumns: string[] = [];
  const addAnnotation = (name: string) => {
    if (name !== idColumn && !annotationColumns.includes(name) && !(features ?? []).includes(name)) annotationColumns.push(name);
  };
  for (const name of readList(parsed, 'annotation-columns') ?? []) addAnnotation(name);
  if (classColumn !== null) addAnnotation(classColumn);

  const mapping: Mapping = {
    orientation: samplesAsColumns ? 'samples-as-columns' : 'samples-as-rows',
    idColumn,
    annotationColumns,
    featureColumns: features ?? null,
    featuresMatch: featuresMatch ?? null,
    filters,
  };

  const settings = settingsFromOptions({
    k,
    ...(s !== undefined ? { s } : {}),
    ...(range !== undefined ? { tune: { ...range, ...(permutations !== undefined ? { permutations } : {}) } } : {}),
    ...optional('variant', readChoice(parsed, 'variant', ['global', 'local'] as const)),
    ...optional('loss', readChoice(parsed, 'loss', ['squared', 'absolute'] as const)),
    ...optional('restarts', readInt(parsed, 'restarts', { min: 1, max: MAX_RESTARTS, why: 'the engine runs at most that many restarts' })),
    ...optional('seed', readInt(parsed, 'seed', { min: 0, max: 0xffffffff })),
    ...optional('maxIterations', readInt(parsed, 'max-iter', { min: 1, max: 1_000_000 })),
    ...(parsed.flags.has('no-standardize') ? { standardize: false } : {}),
  });

  let out: ClusterPlan['out'] = null;
  const outPath = parsed.values.get('out');
  if (outPath !== undefined) {
    const ext = extension(outPath);
    if (ext === 'xlsx') out = { path: outPath, kind: 'report' };
    else if (ext === 'csv') out = { path: outPath, kind: 'samples' };
    else throw invalid(`--out “${outPath}” must end in .xlsx (the report workbook) or .csv (the labelled samples).`);
  }
  let featuresOut: ClusterPlan['featuresOut'] = null;
  const featuresPath = parsed.values.get('features-out');
  if (featuresPath !== undefined) {
    const ext = extension(featuresPath);
    if (ext !== 'csv' && ext !== 'xlsx') throw invalid(`--features-out “${featuresPath}” must end in .csv or .xlsx.`);
    featuresOut = { path: featuresPath, format: ext };
  }
  if (out && featuresOut && out.path === featuresOut.path) throw invalid(`--out and --features-out are the same file “${out.path}”.`);

  return {
    file,
    sheet: parsed.values.get('sheet') ?? null,
    mapping,
    classColumn,
    settings,
    out,
    featuresOut,
    json: parsed.flags.has('json'),
    workers:
      readInt(parsed, 'workers', {
        min: 1,
        max: 4096,
        why: `the number of threads for restarts and permutations; 1 = no threads, this machine has ${availableParallelism()} cores`,
      }) ?? null,
  };
}

/**
 * A column used in --where is an annotation by nature (after filtering it is constant): keep it out of the
 * features. Added only when the table has it, so a misspelt filter column is reported as a filter problem.
 */
export function withFilterAnnotations(mapping: Mapping, columnNames: readonly string[]): Mapping {
  if (mapping.orientation !== 'samples-as-rows') return mapping;
  const annotationColumns = [...mapping.annotationColumns];
  for (const { column } of mapping.filters) {
    const isFeature = mapping.featureColumns?.includes(column) ?? false;
    if (columnNames.includes(column) && column !== mapping.idColumn && !isFeature && !annotationColumns.includes(column)) {
      annotationColumns.push(column);
    }
  }
  return { ...mapping, annotationColumns };
}
