/**
 * `skfr cluster` options: declared once (for parsing and --help) and turned into a validated plan —
 * the mapping, the fit settings and the outputs — before any file is read.
 */
import { availableParallelism } from 'node:os';
import { SkfrError } from '../../core/errors.js';
import { DEFAULT_PERMUTATIONS, settingsFromOptions } from '../../core/analysis.js';
import { SMALL_FIT_CELLS } from '../../core/parallel/small-fit.js';
import { OPTION_SPECS as SPECS, rangeText, SUBSAMPLE_FRACTION, type IntSpec } from '../../core/engine/option-specs.js';
import type { FitSettings } from '../../core/jobs/types.js';
import { parseBatch, parseDropSamples, parseFloor, parseImpute, parseMinValid, parseNormalize, parseScale, parseTransform } from '../../core/prepare/args.js';
import type { Scale } from '../../core/engine/types.js';
import { namePattern } from '../../core/table/name-pattern.js';
import type { Mapping } from '../../core/table/types.js';
import { FORMAT_CHOICES, type DataRequest, type DesignSpec, type LayoutOptions, type PrepOptions } from '../../core/request/types.js';
import {
  formatOptions,
  parseArgv,
  parseWhere,
  readChoice,
  optional,
  parseWhole,
  readInt,
  readList,
  type OptionSpec,
} from '../args.js';

/** An option's limits and default for --help (core/engine/option-specs.ts), e.g. "1 ≤ R ≤ 10000; default 20". */
function limits(spec: IntSpec): string {
  return `${rangeText(spec)}${spec.default !== null ? `; default ${spec.default}` : ''}`;
}

/** `--flag N` read within the limits of `spec` (a limit that depends on the data is checked by the analysis). */
function readOption(parsed: ReturnType<typeof parseArgv>, spec: IntSpec): number | undefined {
  return readInt(parsed, spec.flag, { min: spec.min, ...(typeof spec.max === 'number' ? { max: spec.max } : {}), code: spec.code, why: spec.meaning });
}

export const CLUSTER_OPTIONS: readonly OptionSpec[] = [
  { name: 'k', kind: 'value', placeholder: 'K', help: `number of clusters (${rangeText(SPECS.k)}); required unless --tune-k` },
  { name: 's', kind: 'value', placeholder: 'S', help: `features to select (${rangeText(SPECS.s)}; per cluster for --variant local)` },
  { name: 'tune-s', kind: 'value', placeholder: 'FROM:TO[:STEP]|auto', help: `instead of --s: choose s by the gap statistic over this range (1:p,\nall the features, is the usual choice; auto = 1:p;\n${rangeText(SPECS.sRange)}, ${rangeText(SPECS.sStep)}). Every rule's s is\nprinted; the fit is at the --s-rule's. Over 100 values (step 1) are\nsearched on a log-spaced grid, then every s near the choice` },
  { name: 's-rule', kind: 'value', placeholder: 'RULE', help: `with --tune-s, the rule whose s is fitted: knee-se (default;\nTibshirani's one-SE rule from the knee of the Gap curve on),\ntibshirani, argmax (largest Gap), within-sd-of-max, knee` },
  { name: 'tune-k', kind: 'value', placeholder: 'FROM:TO', help: `instead of --k: choose k by the gap statistic over k = FROM..TO at\n--s (${rangeText(SPECS.kRange)}; also reports the silhouette); with\n--tune-s, alternate: s at k, then k at that s, until k stays (--k,\ndefault FROM, is the start)` },
  { name: 'permutations', kind: 'value', placeholder: 'B', help: `permuted data sets for --tune-s and --tune-k (${limits(SPECS.permutations)})` },
  { name: 'stability', kind: 'value', placeholder: 'B', help: `refit on B random subsamples of 80 % of the samples\n(${rangeText(SPECS.subsamples)}; ${SPECS.subsamples.default} is typical): each selected protein's selection\nfrequency, each sample's consistency, the partition's mean ARI with\nthe full fit` },
  { name: 'variant', kind: 'value', placeholder: 'global|local', help: `${SPECS.variant.meaning}\n(default ${SPECS.variant.default})` },
  { name: 'loss', kind: 'value', placeholder: 'squared|absolute', help: `${SPECS.loss.meaning} (default ${SPECS.loss.default})` },
  { name: 'restarts', kind: 'value', placeholder: 'R', help: `k-means++ restarts, the lowest objective wins (${limits(SPECS.restarts)})` },
  { name: 'seed', kind: 'value', placeholder: 'N', help: `random seed (${limits(SPECS.seed)}); same seed, same result` },
  { name: 'max-iter', kind: 'value', placeholder: 'M', help: `iterations per restart before giving up (${limits(SPECS.maxIterations)})` },
  { name: 'workers', kind: 'value', placeholder: 'N', help: `threads running restarts, gap permutations and subsample fits in\nparallel, at most the number of cores (default: the number of cores,\n${availableParallelism()} here, but a small fit, samples × features × restarts (× ${SUBSAMPLE_FRACTION}·B\nmore with --stability) < 3·10⁷ without --tune-s or --tune-k, and a\ntable of one or two features, run in this thread); 1 = no threads. Same seed, same result for every N` },
  { name: 'sheet', kind: 'value', placeholder: 'NAME', help: 'sheet of a workbook (default: the one with the largest block of\nnumbers)' },
  { name: 'id-column', kind: 'value', placeholder: 'C', help: 'column of sample ids (default: the first text column named like an id,\ne.g. MouseID or sample_id, whose values are all present and distinct;\nelse row numbers 1, 2, …); none: row numbers, whatever the table holds' },
  { name: 'class-column', kind: 'value', placeholder: 'C', help: 'column of known classes: adds ARI, NMI and mixed nodes; it is an\nannotation column, never fitted (samples as columns: a --design column\nor a Perseus category row)' },
  { name: 'annotation-columns', kind: 'value', placeholder: 'A,B', help: 'columns kept with the samples but never fitted' },
  { name: 'features', kind: 'value', placeholder: 'A,B', help: 'feature columns (default: every numeric column that is not id or\nannotation)' },
  { name: 'features-match', kind: 'value', placeholder: 'REGEX', help: 'instead of --features: the columns whose name matches REGEX' },
  { name: 'where', kind: 'repeat', placeholder: 'COLUMN=VALUE', help: 'keep only rows whose COLUMN equals VALUE; repeatable (the same column\ntwice = either value); COLUMN is kept as an annotation, never fitted\n(samples as columns: keep the samples whose annotation COLUMN = VALUE)' },
  { name: 'samples-as-columns', kind: 'flag', help: 'one sample per column (proteins × samples); default: as recognised' },
  { name: 'format', kind: 'value', placeholder: 'NAME', help: 'auto (default), maxquant, diann, fragpipe, spectronaut,\nproteome-discoverer, paw, perseus, gct, adat, olink, mztab, long, table' },
  { name: 'quantity', kind: 'value', placeholder: 'NAME', help: 'quantity read per sample, e.g. "iBAQ" (default: LFQ intensity first)' },
  { name: 'header-row', kind: 'value', placeholder: 'N', help: 'the header is on row N, 1-based (default: detected below title rows)' },
  { name: 'no-header', kind: 'flag', help: 'text files: there is no header row; the first row is data, the columns are "Column 1", …' },
  { name: 'sample-columns', kind: 'value', placeholder: 'REGEX', help: 'the columns whose name matches REGEX are the samples (one per column)' },
  { name: 'feature-column', kind: 'value', placeholder: 'C', help: 'samples as columns: C labels the features (default: gene, else id)' },
  { name: 'design', kind: 'value', placeholder: 'FILE[:SHEET]', help: 'sample table, joined on the sample names; for --class-column, --where' },
  { name: 'design-column', kind: 'value', placeholder: 'C', help: 'the --design column holding the sample names (default: the one matching\nthe most samples)' },
  { name: 'design-order', kind: 'value', placeholder: 'names|file', help: 'names (default): join the --design rows to the samples by name; file:\nthe i-th row to the i-th sample as the file lists them (one row per\nsample; names not compared)' },
  { name: 'keep-decoys', kind: 'flag', help: 'keep decoys (Reverse = +, REV__…), removed by default' },
  { name: 'keep-contaminants', kind: 'flag', help: 'keep contaminants (Potential contaminant = +, CON__…), removed by default' },
  { name: 'keep-site-only', kind: 'flag', help: 'keep proteins only identified by site (= +), removed by default' },
  { name: 'keep-non-master', kind: 'flag', help: 'Proteome Discoverer: keep proteins that are not their group’s master\n(Master ≠ IsMasterProtein), removed by default' },
  { name: 'zero-is-value', kind: 'flag', help: '0 is a measured value (default for MaxQuant, FragPipe: 0 = missing)' },
  { name: 'floor', kind: 'value', placeholder: 'V', help: 'none, or the value that stands for "not quantified" (made missing; default: proposed when the smallest intensity repeats far beyond ties)' },
  { name: 'transform', kind: 'value', placeholder: 'LOG', help: 'none, log2, log10; LOG:missing makes 0 and negatives missing (default: log2 if raw)' },
  { name: 'drop-samples', kind: 'value', placeholder: 'empty|N', help: 'drop the samples with no value (empty) or fewer than N values, counted\n(default none: a sample with no value is an error naming them all)' },
  { name: 'min-valid', kind: 'value', placeholder: 'SPEC', help: 'none, N or P%[:total|each|any][:COLUMN]: values a protein needs (default 70%)' },
  { name: 'normalize', kind: 'value', placeholder: 'none|median', help: 'median: subtract each sample’s median from its values (default none)' },
  { name: 'batch', kind: 'value', placeholder: 'COLUMN[,COLUMN]', help: 'remove the batch effect of these sample annotations (lab, plex, run\ndate, …): each protein’s mean in each batch made its overall mean,\nafter --normalize; several columns are removed together (default none)' },
  { name: 'batch-min', kind: 'value', placeholder: 'N', help: 'with --batch: a protein keeps its values in a batch where it has fewer\nthan N values (default 2)' },
  { name: 'impute', kind: 'value', placeholder: 'METHOD', help: 'kpod (in the fit, default), downshift (Perseus normal, --seed) or min, before it' },
  { name: 'scale', kind: 'value', placeholder: 'unit-variance|pareto|none', help: 'every fit centres each feature; unit-variance also divides it by its sd\n(features in their own units), pareto by the square root of its sd (one\nlog scale: spread counts, a few proteins’ huge spread less), none keeps\nits spread. Default: pareto for proteins × samples on a log scale (after\nlog2, or already logarithmic), else unit-variance' },
  { name: 'no-standardize', kind: 'flag', help: 'the same as --scale none (kept for old commands)' },
  { name: 'out', kind: 'value', placeholder: 'FILE', help: 'FILE.xlsx = the report workbook (Summary, Samples, Features, Centers,\nGap, K curve, Stability, Contingency, as computed); FILE.csv = the\nlabelled samples (id, annotations, cluster, distance; consistency\nwith --stability; imputed cells and features when any). Replaced\natomically if it exists' },
  { name: 'features-out', kind: 'value', placeholder: 'FILE', help: 'every feature ranked, .csv or .xlsx (rank, feature, score, share,\nselected (SKFR2: in which clusters), selection frequency and unstable\nwith --stability, center per cluster)' },
  { name: 'report', kind: 'value', placeholder: 'FILE.html', help: 'the report as one HTML page: input, preparation, parameters, the\ncommand, warnings, clusters, metrics, ranked proteins and the charts;\nopens offline (no scripts, nothing fetched) and prints well' },
  { name: 'save-session', kind: 'value', placeholder: 'FILE.skfr', help: 'save the analysis (input path, size and SHA-256, mapping, preparation,\nsettings, results) to reopen in SKFR Studio or check with skfr rerun' },
  { name: 'json', kind: 'flag', help: 'print one JSON object on stdout instead of the summary' },
  { name: 'help', kind: 'flag', help: 'show this help' },
];

export const CLUSTER_HELP = `Usage: skfr cluster FILE (--k K | --tune-k FROM:TO) (--s S | --tune-s FROM:TO[:STEP]|auto) [options]

Cluster the samples of FILE (.csv, .tsv, .xlsx, .xls) with sparse k-means with feature ranking and
report the clusters and the s features that separate them best.

Options (given twice, the last one counts, except --where which adds up):
${formatOptions(CLUSTER_OPTIONS)}

--json fields: n, p, k, s, variant, sampleIds (clean sample names), labels (1-based, input order after
--where), selectedFeatures (best first), selectedFeaturesByCluster (local; else null), featureScores
(name → score), objective, iterations, converged, gap ([{s, gap, sd}] with --tune-s; else null), chosenS
(with --tune-s; else null), sRules ([{rule, s, default}], default = the rule fitted, with --tune-s; else null),
sFlags ({atRangeEnd, noClearMaximum} with --tune-s; else null), chosenK (with --tune-k; else null), kCurve
({curve: [{k, gap, sd, logW, meanPermutedLogW, silhouette}], kRules: [{rule, k, default}], permutations} with
--tune-k; else null), ksSteps (the alternating search's steps with --tune-k and --tune-s; else null),
stability ({subsamples, fraction, subsampleSize, featureFrequency (name → fraction of the subsample fits that
selected it), clusterFeatureFrequency (local: per cluster, name → fraction; else null), sampleConsistency
(per sample; null where undefined), ari (per subsample fit), meanAri, unstableSelected (selected names under
0.5)} with --stability; else null), metrics ({ari, nmi, mixedNodes, totalInMixedNodes} with --class-column; else
null), imputedCells, timings ({readMs, parseMs, fitMs}), format (maxquant, diann, fragpipe, spectronaut, perseus,
gct, adat, olink, mztab, long, table), quantity (or null), sheet (workbooks; else null), headerRow (1-based), featureLabels (every feature
analysed, in column order), annotations (annotation → value per sample, the sample table joined), design
({source, matchedColumn, matched, samplesWithoutRow, rowsWithoutSample, columns, order (names or file),
matches ([{sample, row, value, rule}]: each sample's row, 0-based, and the rule that found it), rows, samples,
fileOrderPossible, duplicateRows}; else null), preparation
([{step, label, count}]: rows read, blank rows skipped, filters, decoys / contaminants / site-only removed,
zeros made missing, a floor value made missing, log transform, valid-value filter, normalisation, batch correction (and the samples it
left out), imputation, features with no value removed), recipe ({steps}: the preparation that ran), reasons (why it was proposed), imputedBySample /
imputedByFeature (cells filled by --impute, in sampleIds / featureLabels order; else null), warnings
([{code, about, message}]: results that look wrong, clusters that follow an annotation other than the
class, a batch column confounded with the class), command (the skfr command that reproduces the run).

Examples:
  skfr cluster mice_protein.csv --id-column MouseID --class-column class \\
    --annotation-columns Genotype,Treatment,Behavior --where Genotype=Control --k 49 --s 24 --json
  skfr cluster mice_protein.csv --id-column MouseID --class-column class --k 8 --tune-s 1:77 --stability 50
  skfr cluster proteinGroups.txt --design experimentalDesign.txt --class-column condition --k 3 --s 10
  skfr cluster proteinGroups.txt --transform log2 --min-valid 3:each:condition --impute downshift --k 3 --s 10
  skfr cluster proteinGroups.txt --design design.txt --class-column condition --batch lab --k 3 --s 10`;

/**
 * Without --workers, a table of at most this many features is fitted in this thread whatever its size: every
 * thread that runs restarts holds n-long arrays of its own, at least 10 bytes a sample (the distances to the
 * nearest center, 8; the labels and the assignment's new labels, 1 + 1 for k ≤ 256, core/engine/labels.ts; more
 * with pruning bounds), against the shared matrix's 8·p. With p ≤ 2 a second thread's arrays alone are as large as the whole matrix: on 20 million
 * rows × 1 column (`npm run bench:memory`, bench/RESULTS.md) the second thread held 0.4 GB for 0.16 GB of
 * numbers. Same result on any number of threads; the fit takes up to twice as long on two cores.
 */
export const NARROW_FIT_FEATURES = 2;

/**
 * The pool for a run: an explicit --workers N is always honoured; otherwise one thread per core, except
 * a small fit (n·p·restarts < SMALL_FIT_CELLS, no --tune-s) and a narrow one (p ≤ NARROW_FIT_FEATURES, any
 * n), which run in this thread ({ workers: 1 }).
 * @example poolOptionsFor(null, settingsFromOptions({ k: 8, s: 24 }), 1080, 77) // → { workers: 1 }
 * @example poolOptionsFor(null, settingsFromOptions({ k: 2, s: 1 }), 20_000_000, 1) // → { workers: 1 }
 */
export function poolOptionsFor(workers: number | null, settings: FitSettings, n: number, p: number): { workers?: number } {
  if (workers !== null) return { workers };
  if (p <= NARROW_FIT_FEATURES) return { workers: 1 };
  // --stability B adds B fits of 80 % of the samples; a tuning of k, like one of s, is always big enough.
  const fits = 1 + SUBSAMPLE_FRACTION * (settings.stability?.subsamples ?? 0);
  if (!settings.tune && !settings.tuneK && n * p * settings.restarts * fits < SMALL_FIT_CELLS) return { workers: 1 };
  return {};
}

export type OutputKind = 'report' | 'samples';
export type FeaturesFormat = 'csv' | 'xlsx';

// The request a run's flags build, and its parts, are declared in core (core/request/types.ts); re-exported for the CLI's modules and tests.
export { FORMAT_CHOICES, type DataRequest, type DesignSpec, type FormatChoice, type LayoutOptions, type PrepOptions, type ResolvedLayout } from '../../core/request/types.js';
export { withFilterAnnotations } from '../../core/request/resolve.js';

/**
 * The columns the options name as labels: the id column, the annotation and class columns, the --where columns
 * and the --feature-column. The reader keeps them as text, exactly as written (ParseOptions.textColumns).
 * Example: --id-column id --where Genotype=Control → ["id", "Genotype"].
 */
export function labelColumns(plan: Pick<ClusterPlan, 'mapping' | 'layout' | 'classColumn'>): string[] {
  const { mapping, layout } = plan;
  const names = [
    ...(mapping.idColumn !== null ? [mapping.idColumn] : []),
    ...mapping.annotationColumns,
    ...mapping.filters.map((f) => f.column),
    ...(plan.classColumn !== null ? [plan.classColumn] : []),
    ...(layout.featureColumn !== null ? [layout.featureColumn] : []),
  ];
  return [...new Set(names)];
}

export interface ClusterPlan {
  file: string;
  sheet: string | null;
  /**
   * The samples-as-rows mapping the options describe (today's reading of a table with one sample per row; with
   * --samples-as-columns on a plain matrix and rows options, the old transposed reading). The mapping actually
   * used is core/request/resolve.ts `resolveRequest`'s, once the table is read.
   */
  mapping: Mapping;
  layout: LayoutOptions;
  classColumn: string | null;
  settings: FitSettings;
  out: { path: string; kind: OutputKind } | null;
  featuresOut: { path: string; format: FeaturesFormat } | null;
  /** --report FILE.html: the report as one HTML page (core/report/html.ts), or null. */
  report: { path: string } | null;
  /** --save-session FILE.skfr: the analysis as a session file (core/jobs/session-file.ts), or null. */
  saveSession: string | null;
  json: boolean;
  /** --workers N (capped at the cores by the pool); null = the default (poolOptionsFor). */
  workers: number | null;
  /**
   * `--tune-s auto` (or `all`): s is tuned over 1..p, p known once the data are prepared (withTuneAll sets
   * settings.tune); null otherwise. Until then `settings` has neither s nor tune.
   */
  tuneAll: { permutations: number } | null;
}

/**
 * The data request of a plan (core/request/types.ts): what resolveRequest resolves on the parsed table.
 * @example requestOf(planCluster(['proteinGroups.txt', '--quantity', 'iBAQ', '--k', '3', '--s', '10'])!).layout.quantity // 'iBAQ'
 */
export function requestOf(plan: Pick<ClusterPlan, 'mapping' | 'layout' | 'classColumn' | 'settings'>): DataRequest {
  return { layout: plan.layout, mapping: plan.mapping, classColumn: plan.classColumn, seed: plan.settings.seed };
}

/**
 * `--tune-k FROM:TO`: whole numbers, 2 ≤ FROM ≤ TO (OPTION_SPECS.kRange; TO ≤ the samples less one is checked by
 * the analysis).
 * @example parseKRange('3:15') // { from: 3, to: 15 }
 */
export function parseKRange(text: string): { from: number; to: number } {
  const parts = text.split(':');
  const numbers = parts.map(parseWhole);
  if (parts.length !== 2 || numbers.some((n) => n === null)) {
    throw new SkfrError('invalid-k', `--tune-k must look like FROM:TO with whole numbers (e.g. 3:15), got “${text}”.`);
  }
  const [from, to] = numbers as [number, number];
  const { min } = SPECS.kRange;
  if (from < min) throw new SkfrError('invalid-k', `--tune-k ${text}: FROM must be at least ${min} clusters, got ${from}.`);
  if (from > to) throw new SkfrError('invalid-k', `--tune-k ${text}: FROM (${from}) must not exceed TO (${to}).`);
  return { from, to };
}

/**
 * `--tune-s FROM:TO[:STEP]`: whole numbers, 1 ≤ FROM ≤ TO, 1 ≤ STEP (OPTION_SPECS.sRange, sStep; STEP defaults
 * to 1; TO ≤ the features and STEP ≤ TO − FROM are checked by the analysis, which knows p).
 * @example parseSRange('5:30:5') // { from: 5, to: 30, step: 5 }
 */
export function parseSRange(text: string): { from: number; to: number; step: number } {
  const parts = text.split(':');
  const numbers = parts.map(parseWhole);
  if (parts.length < 2 || parts.length > 3 || numbers.some((n) => n === null)) {
    throw new SkfrError('invalid-s', `--tune-s must look like FROM:TO or FROM:TO:STEP with whole numbers (e.g. 5:30:5), got “${text}”.`);
  }
  const [from, to, step = SPECS.sStep.default] = numbers as number[];
  const { min } = SPECS.sRange;
  if (from! < min) throw new SkfrError('invalid-s', `--tune-s ${text}: FROM must be at least ${min}, got ${from}.`);
  if (from! > to!) throw new SkfrError('invalid-s', `--tune-s ${text}: FROM (${from}) must not exceed TO (${to}).`);
  if (step < SPECS.sStep.min) throw new SkfrError('invalid-s', `--tune-s ${text}: STEP must be at least ${SPECS.sStep.min}, got ${step}.`);
  const width = Math.max(1, to! - from!);
  if (step > width) throw new SkfrError('invalid-s', `--tune-s ${text}: STEP (${step}) must not exceed the width of the range (${width}).`);
  return { from: from!, to: to!, step };
}

/**
 * The plan with `--tune-s auto` resolved on the prepared data: s tuned over 1..p (a stepped grid with a fine pass
 * when p > 100, as every range over 100 values). Other plans are returned as they are.
 */
export function withTuneAll<P extends Pick<ClusterPlan, 'settings' | 'tuneAll'>>(plan: P, p: number): P {
  if (plan.tuneAll === null) return plan;
  return { ...plan, settings: { ...plan.settings, tune: { from: 1, to: Math.max(1, p), step: 1, permutations: plan.tuneAll.permutations } } };
}

function extension(path: string): string {
  const dot = path.lastIndexOf('.');
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return dot > slash ? path.slice(dot + 1).toLowerCase() : '';
}

function invalid(message: string): SkfrError {
  return new SkfrError('invalid-option', message);
}

const TABLE_EXTENSION = /\.(csv|tsv|txt|tab|xlsx|xlsm|xls)$/i;

/**
 * `--design FILE[:SHEET]`: the sheet follows the last colon when what stands before it names a table file
 * (so `C:\\data\\design.xlsx` is a path, `design.xlsx:Samples` a file and its sheet).
 * @example parseDesignSpec('supp.xlsx:Sample information') // { path: 'supp.xlsx', sheet: 'Sample information' }
 */
export function parseDesignSpec(text: string): { path: string; sheet: string | null } {
  if (text.trim() === '') throw invalid('--design needs a FILE (the sample table), optionally FILE:SHEET.');
  const colon = text.lastIndexOf(':');
  if (colon > 0) {
    const path = text.slice(0, colon);
    const sheet = text.slice(colon + 1);
    if (TABLE_EXTENSION.test(path) && !/[\\/]/.test(sheet)) {
      if (sheet.trim() === '') throw invalid(`--design “${text}” names no sheet after the colon; give FILE or FILE:SHEET.`);
      return { path, sheet };
    }
  }
  return { path: text, sheet: null };
}

/** --design-column C and --design-order names|file, as DesignSpec fields (only those given). */
function designJoin(parsed: ReturnType<typeof parseArgv>): Pick<DesignSpec, 'column' | 'order'> {
  const column = parsed.values.get('design-column');
  if (column !== undefined && column.trim() === '') throw invalid('--design-column needs the name of a column of the sample table.');
  const order = readChoice(parsed, 'design-order', ['names', 'file'] as const);
  return { ...(column !== undefined ? { column } : {}), ...(order !== undefined ? { order } : {}) };
}

/** `--scale unit-variance|pareto|none`, or its old alias `--no-standardize` (= none); both must agree. */
function scaleOption(parsed: ReturnType<typeof parseArgv>): { scale?: Scale } {
  const text = parsed.values.get(SPECS.scale.flag);
  const scale = text !== undefined ? parseScale(text) : undefined;
  if (!parsed.flags.has('no-standardize')) return scale !== undefined ? { scale } : {};
  if (scale === 'unit-variance') throw invalid('--no-standardize is --scale none, but --scale unit-variance was given too: give one of them.');
  return { scale: 'none' };
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

  const givenK = readOption(parsed, SPECS.k);
  const tuneKText = parsed.values.get('tune-k');
  const kRange = tuneKText !== undefined ? parseKRange(tuneKText) : undefined;
  const s = readOption(parsed, SPECS.s);
  const tuneText = parsed.values.get('tune-s');
  if (s !== undefined && tuneText !== undefined) throw invalid('give either --s S or --tune-s FROM:TO[:STEP], not both.');
  if (s === undefined && tuneText === undefined) {
    throw new SkfrError('invalid-s', 'missing --s S (the number of features to select) or --tune-s FROM:TO[:STEP] (choose s by the gap statistic).');
  }
  if (givenK === undefined && kRange === undefined) {
    throw new SkfrError('invalid-k', 'missing --k K: the number of clusters (at least 2), or --tune-k FROM:TO to choose it.');
  }
  if (givenK !== undefined && kRange !== undefined && tuneText === undefined) {
    throw invalid('give either --k K or --tune-k FROM:TO, not both (with --tune-s too, --k is the k the alternating search starts from).');
  }
  const k = givenK ?? kRange!.from;
  const permutations = readOption(parsed, SPECS.permutations);
  if (permutations !== undefined && tuneText === undefined && kRange === undefined) {
    throw invalid('--permutations applies only with --tune-s FROM:TO[:STEP] or --tune-k FROM:TO.');
  }
  const tuneAll = tuneText !== undefined && /^\s*(auto|all)\s*$/i.test(tuneText);
  const range = tuneText !== undefined && !tuneAll ? parseSRange(tuneText) : undefined;
  const sRule = readChoice(parsed, SPECS.sRule.flag, SPECS.sRule.values);
  if (sRule !== undefined && tuneText === undefined) throw invalid('--s-rule applies only with --tune-s FROM:TO[:STEP] (it chooses among the s values tried).');
  const subsamples = readOption(parsed, SPECS.subsamples);

  const features = readList(parsed, 'features');
  const featuresMatch = parsed.values.get('features-match');
  if (features !== undefined && featuresMatch !== undefined) throw invalid('give either --features A,B or --features-match REGEX, not both.');
  if (featuresMatch !== undefined && featuresMatch.length === 0) throw invalid('--features-match needs a regular expression, got an empty one.');
  if (featuresMatch !== undefined) namePattern(featuresMatch, '--features-match');

  const sampleColumnsMatch = parsed.values.get('sample-columns') ?? null;
  const featureColumn = parsed.values.get('feature-column') ?? null;
  if (sampleColumnsMatch !== null) {
    if (sampleColumnsMatch === '') throw invalid('--sample-columns needs a regular expression, got an empty one.');
    namePattern(sampleColumnsMatch, '--sample-columns');
  }
  if (featureColumn !== null && featureColumn.trim() === '') throw invalid('--feature-column needs a column name, got an empty one.');
  // --id-column none: the samples numbered by row, no id column taken (resolve.ts withSampleId).
  const rowNumbers = parsed.values.get('id-column')?.trim().toLowerCase() === 'none';
  const rowsFlags = ['id-column', 'annotation-columns', 'features', 'features-match'].filter((name) => parsed.values.has(name));
  for (const [columns, rows] of [['sample-columns', 'features'], ['sample-columns', 'features-match'], ['feature-column', 'features'], ['feature-column', 'features-match']] as const) {
    if (parsed.values.has(columns) && parsed.values.has(rows)) {
      throw invalid(`give either --${columns} (samples as columns) or --${rows} (samples as rows), not both.`);
    }
  }
  const format = readChoice(parsed, 'format', FORMAT_CHOICES) ?? 'auto';
  if (format !== 'auto' && format !== 'table' && rowsFlags.length > 0) {
    throw invalid(
      `--${rowsFlags[0]} is for tables with one sample per row, but --format ${format} files have one sample per column ` +
        `(choose them with --sample-columns REGEX and the feature label with --feature-column C).`,
    );
  }
  const quantity = parsed.values.get('quantity') ?? null;
  if (quantity !== null && quantity.trim() === '') throw invalid('--quantity needs the name of a quantity, e.g. "LFQ intensity" or "iBAQ".');
  if (quantity !== null && sampleColumnsMatch !== null) throw invalid('give either --quantity NAME or --sample-columns REGEX, not both.');
  const headerRow = readInt(parsed, 'header-row', { min: 1, max: 1_048_576, why: 'the 1-based row of the header' }) ?? null;
  if (headerRow !== null && parsed.flags.has('no-header')) throw invalid('give either --header-row N or --no-header, not both.');
  const designText = parsed.values.get('design');
  for (const name of ['design-column', 'design-order']) {
    if (designText === undefined && parsed.values.has(name)) throw invalid(`--${name} says how the sample table joins: give it with --design FILE[:SHEET].`);
  }
  const prepText = (name: string) => parsed.values.get(name);
  const prep: PrepOptions = {
    ...(prepText('floor') !== undefined ? { floor: parseFloor(prepText('floor')!) } : {}),
    ...(prepText('transform') !== undefined ? { transform: parseTransform(prepText('transform')!) } : {}),
    ...(prepText('drop-samples') !== undefined ? { dropSamples: parseDropSamples(prepText('drop-samples')!) } : {}),
    ...(prepText('min-valid') !== undefined ? { minValid: parseMinValid(prepText('min-valid')!) } : {}),
    ...(prepText('normalize') !== undefined ? { normalize: parseNormalize(prepText('normalize')!) } : {}),
    ...(prepText('impute') !== undefined ? { impute: parseImpute(prepText('impute')!) } : {}),
    ...scaleOption(parsed),
  };
  if (prepText('batch') !== undefined) prep.batch = parseBatch(prepText('batch')!, prepText('batch-min'));
  else if (prepText('batch-min') !== undefined) throw invalid('--batch-min applies only with --batch COLUMN[,COLUMN] (the batch columns).');
  const layout: LayoutOptions = {
    format,
    quantity,
    headerRow,
    noHeader: parsed.flags.has('no-header'),
    samplesAsColumns: parsed.flags.has('samples-as-columns') || sampleColumnsMatch !== null || featureColumn !== null,
    sampleColumnsMatch,
    featureColumn,
    design: designText !== undefined ? { ...parseDesignSpec(designText), ...designJoin(parsed) } : null,
    keep: {
      decoy: parsed.flags.has('keep-decoys'),
      contaminant: parsed.flags.has('keep-contaminants'),
      'site-only': parsed.flags.has('keep-site-only'),
      'not-master': parsed.flags.has('keep-non-master'),
    },
    zeroIsValue: parsed.flags.has('zero-is-value'),
    prep,
    rowsFlags,
    ...(rowNumbers ? { rowNumbers: true } : {}),
  };

  const samplesAsColumns = parsed.flags.has('samples-as-columns');
  // Transposed sheets keep the sample ids (the header row) in a first column named "Sample"; --id-column none:
  // the rows numbered (rowNumbers above).
  const idColumn = rowNumbers ? null : (parsed.values.get('id-column') ?? (samplesAsColumns ? 'Sample' : null));
  const classColumn = parsed.values.get('class-column') ?? null;
  const filters = parseWhere(parsed.repeats.get('where') ?? []);
  const annotationColumns: string[] = [];
  const addAnnotation = (name: string) => {
    if (name !== idColumn && !annotationColumns.includes(name) && !(features ?? []).includes(name)) annotationColumns.push(name);
  };
  for (const name of readList(parsed, 'annotation-columns') ?? []) addAnnotation(name);
  if (classColumn !== null) addAnnotation(classColumn);
  // The batch columns are annotations too (samples as rows; samples as columns: columns of the sample table).
  for (const name of prep.batch?.columns ?? []) addAnnotation(name);

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
    ...(sRule !== undefined ? { sRule } : {}),
    ...(kRange !== undefined ? { tuneK: { ...kRange, ...(permutations !== undefined ? { permutations } : {}) } } : {}),
    ...(subsamples !== undefined ? { stability: { subsamples } } : {}),
    ...optional('variant', readChoice(parsed, SPECS.variant.flag, SPECS.variant.values)),
    ...optional('loss', readChoice(parsed, SPECS.loss.flag, SPECS.loss.values)),
    ...optional('restarts', readOption(parsed, SPECS.restarts)),
    ...optional('seed', readOption(parsed, SPECS.seed)),
    ...optional('maxIterations', readOption(parsed, SPECS.maxIterations)),
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
  const reportPath = parsed.values.get('report');
  if (reportPath !== undefined && extension(reportPath) !== 'html' && extension(reportPath) !== 'htm') throw invalid(`--report “${reportPath}” must end in .html (the report is one web page).`);
  const report = reportPath !== undefined ? { path: reportPath } : null;
  for (const [flag, other] of [['--out', out], ['--features-out', featuresOut]] as const) {
    if (report && other && other.path === report.path) throw invalid(`--report and ${flag} are the same file “${report.path}”.`);
  }
  const saveSession = parsed.values.get('save-session') ?? null;
  if (saveSession !== null && !saveSession.toLowerCase().endsWith('.skfr')) {
    throw invalid(`--save-session “${saveSession}” must end in .skfr (a saved analysis).`);
  }

  return {
    file,
    sheet: parsed.values.get('sheet') ?? null,
    mapping,
    layout,
    classColumn,
    settings,
    out,
    featuresOut,
    report,
    saveSession,
    json: parsed.flags.has('json'),
    tuneAll: tuneAll ? { permutations: permutations ?? DEFAULT_PERMUTATIONS } : null,
    workers:
      readInt(parsed, 'workers', {
        min: 1,
        max: 4096,
        why: `the number of threads for restarts and permutations; 1 = no threads, this machine has ${availableParallelism()} cores`,
      }) ?? null,
  };
}

