/**
 * The request / progress / response protocol shared by every host of the engine:
 * the Electron utility process, the browser's Web Worker and the CLI.
 *
 * Everything here is structured-clone friendly (plain objects, arrays, typed arrays):
 * it crosses MessagePorts, Electron IPC and child_process channels unchanged.
 * Datasets and fits stay in the host; the renderer holds only ids, previews and results.
 */
import type { ErrorInfo } from '../errors.js';
import type { Confounding } from '../prepare/confounding.js';
import type { Sha256Provider } from '../sha256.js';
import type { ResultWarning } from '../report/warnings.js';
import type { FitSettings, Metrics } from '../analysis.js';
import type { SampleHeatmap } from '../charts/sample-heatmap-layout.js';
import type { SessionFile, SessionResult } from './session-schema.js';
import type { Design, GapPoint, KPoint, KRuleChoice, KSStep, Progress, SFlags, SRuleChoice, StabilityResult } from '../engine/types.js';
import type {
  ColumnSummary,
  DesignJoin,
  FileFormat,
  FormatId,
  Layout,
  Mapping,
  Recipe,
  SampleTable,
  ScaleBasis,
  StepReport,
  TableWarning,
} from '../table/types.js';
import type { ChunkSource, ParallelReading } from '../table/stream.js';

export type { Progress, Mapping, ErrorInfo, Recipe, Layout, SampleTable };
// Declared beside what computes or draws them (core/analysis.ts, core/charts/sample-heatmap-layout.ts), named here too
// because they are part of the protocol.
export type { FitSettings, Metrics, SampleHeatmap };

/** Where a dataset comes from: a path (Electron, CLI) or bytes with a file name (browser, drag and drop). */
export type DataSource =
  | { kind: 'path'; path: string }
  | { kind: 'bytes'; fileName: string; bytes: Uint8Array }
  | { kind: 'example'; design: Design; seed: number };

export interface OpenRequest {
  type: 'open';
  source: DataSource;
  /** Sheet to read; default: the sheet with the largest block of numbers (core/table/workbook.ts). */
  sheet?: string;
  /** 1-based row (line) of the header, as a spreadsheet numbers it; default: detected (title rows above it skipped). */
  headerRow?: number;
  /** Text files: no header row, the first row is data (`skfr --no-header`, recorded in a session); not with headerRow. */
  noHeader?: boolean;
  /** Give the dataset this id (a supervisor restoring a dataset in a restarted process); default: a new id. */
  datasetId?: string;
}

/** Re-read another sheet of an opened workbook. */
export interface SheetRequest {
  type: 'sheet';
  datasetId: string;
  sheet: string;
  /** 1-based header row; default: detected. */
  headerRow?: number;
}

/**
 * Read a sample table (design, metadata, sample sheet) to join to the samples: from a file, or from a sheet
 * of an opened workbook (`{ kind: 'dataset', datasetId }`). The result goes into `mapping.design`.
 */
export interface DesignRequest {
  type: 'design';
  source: DataSource | { kind: 'dataset'; datasetId: string };
  sheet?: string;
  headerRow?: number;
}

export interface MapRequest {
  type: 'map';
  datasetId: string;
  mapping: Mapping;
  /** Preparation steps after the mapping (core/prepare); default none. */
  recipe?: Recipe;
  /**
   * Propose the preparation again for this mapping, exactly as `skfr cluster` proposes it for the same columns
   * (core/prepare/proposal.ts), and map with it: after the sample columns, the quantity or the sample table
   * changed on the Import screen. `from`: the last proposal (the choices of `recipe` that differ from it are the
   * user's, kept as the CLI keeps a flag; null: every choice of `recipe` is the user's, e.g. a saved analysis);
   * `scaleEdited`: the user chose the scale. The answer carries the proposal (MapResult.proposal).
   */
  propose?: { from: Recipe | null; scaleEdited?: boolean };
}

/** A 'map' job's new proposal (MapRequest.propose): the recipe it mapped with, the proposal alone, and why. */
export interface MapProposal {
  /** The recipe mapped with: the proposal, with the user's choices in place of theirs. */
  recipe: Recipe;
  /** The proposal alone: the `from` of the next proposing map. */
  proposed: Recipe;
  reasons: string[];
  scaleBasis: ScaleBasis;
  /** The quantity whose columns the sample columns are (core/prepare/proposal.ts quantityOfColumns), else null. */
  quantity: string | null;
}

export interface FitRequest {
  type: 'fit';
  datasetId: string;
  mapping: Mapping;
  /** Preparation steps after the mapping (core/prepare); default none. */
  recipe?: Recipe;
  settings: FitSettings;
  /** Annotation column holding known classes, for ARI / NMI / mixed nodes. */
  classColumn?: string | null;
  /** Give the fit this id (a supervisor restoring a fit in a restarted process); default: a new id. */
  fitId?: string;
}

/** Compare a fit with another annotation column. */
export interface EvaluateRequest {
  type: 'evaluate';
  fitId: string;
  classColumn: string;
}

export type ExportWhat = 'samples' | 'features' | 'report';
/** File formats of an export: tables as CSV or XLSX; the report as XLSX (workbook) or HTML (one page). */
export type ExportFormat = 'csv' | 'xlsx' | 'html';
/** What the app can save an export as: an ExportFormat, or (Electron) the HTML report printed to 'pdf' by the main process. */
export type SaveFormat = ExportFormat | 'pdf';

export interface ExportRequest {
  type: 'export';
  fitId: string;
  what: ExportWhat;
  format: ExportFormat;
  /** Write here (atomically: temporary file + rename) when the host has a file system; else bytes are returned. */
  path?: string;
}

/**
 * A page of the opened table's rows, as the preview grid shows them (cells as read, numbers as numbers,
 * missing as null). `count` is at most MAX_ROWS_PER_REQUEST (1000); a page past the last row is cut short.
 *
 * @example { type: 'rows', datasetId: 'd1', start: 99_900, count: 200 } // → { start: 99_900, rows: [100 rows] } of 100 000
 */
export interface RowsRequest {
  type: 'rows';
  datasetId: string;
  /** 0-based index of the first data row, 0 ≤ start ≤ rowCount. */
  start: number;
  /** Number of rows wanted, 1 ≤ count ≤ 1000. */
  count: number;
}

/**
 * Issue 16: read a saved analysis (a `.skfr` session file, session-file.ts) and tell where its input is: the
 * first existing file of its recorded paths (beside the session file, then where it was), when the host can look.
 */
export interface SessionRequest {
  type: 'session';
  source: Extract<DataSource, { kind: 'path' | 'bytes' }>;
}

/**
 * Issue 16: show a saved analysis on an opened dataset without fitting: map it with the recorded mapping and
 * recipe, check it gives the recorded samples and features, and keep the recorded results as a fit (for exports,
 * evaluations, re-fits). Answers the FitView of the saved results.
 */
export interface RestoreRequest {
  type: 'restore';
  datasetId: string;
  mapping: Mapping;
  recipe?: Recipe;
  settings: FitSettings;
  classColumn?: string | null;
  result: SessionResult;
  /** Give the fit this id (a supervisor restoring it in a restarted process); default: a new id. */
  fitId?: string;
}

/**
 * Issue 27: a live preview at another s or k (the Results screen's sliders): one fit warm-started from the
 * partition of fit `fitId` (the one shown), on its data with its preparation and settings (core/jobs/preview.ts).
 * Answers a FitView marked `preview`, whose settings and command are those of the full fit at s and k. A preview
 * is never exported: the app asks for the full fit (a 'fit' request) when the user stops moving.
 * @example { type: 'preview', fitId: 'f-1', s: 30, k: 8 }
 */
export interface PreviewRequest {
  type: 'preview';
  fitId: string;
  s: number;
  k: number;
}

export interface CloseRequest {
  type: 'close';
  datasetId: string;
}

export type JobRequest =
  | OpenRequest
  | SheetRequest
  | DesignRequest
  | MapRequest
  | FitRequest
  | EvaluateRequest
  | ExportRequest
  | RowsRequest
  | CloseRequest
  | SessionRequest
  | RestoreRequest
  | PreviewRequest;
export type JobType = JobRequest['type'];

export interface OpenResult {
  datasetId: string;
  fileName: string;
  format: FileFormat;
  /** SHA-256 of the file's bytes, hex. */
  sha256: string;
  /** The file's size in bytes (issue 16: recorded in a session). */
  size?: number;
  sheets: string[];
  sheet: string;
  rowCount: number;
  columns: ColumnSummary[];
  /** The first 100 rows, cells as shown (numbers as numbers, missing as null); further pages via a `rows` request. */
  preview: (string | number | null)[][];
  /** For examples: the suggested mapping (id, class annotation, features). */
  suggestedMapping?: Mapping;
  /** What was recognised (format, quantities) with the proposed mapping and preparation (core/table/formats). */
  layout: Layout;
  /** 1-based row the header was read from (rows above it are titles, in `titleRows`). */
  headerRow: number;
  /** Read with no header row (OpenRequest.noHeader): the first row is data, the columns “Column 1”, … */
  noHeader?: true;
  titleRows: string[];
  blankRowsSkipped: number;
  /** What the reader changed and the user should know (renamed headers, joined two-row header, …). */
  notes: string[];
}

export interface DesignResult {
  /** The sample table, ready for `mapping.design` (sampleColumn null = matched automatically). */
  table: SampleTable;
  sheets: string[];
  sheet: string;
}

export interface MapResult {
  datasetId: string;
  n: number;
  p: number;
  missingCells: number;
  featureNames: string[];
  /** Features removed by maxMissingFraction, with their missing fraction. */
  droppedFeatures: { name: string; missingFraction: number }[];
  warnings: TableWarning[];
  /** The samples' (clean) names, in matrix order. */
  sampleIds: string[];
  /** Missing cells per sample (n) and per feature (p), after the preparation. */
  missingBySample: Int32Array;
  missingByFeature: Int32Array;
  /** Every step with its count: rows read, blank rows, filters, flagged rows removed, zeros made missing, … */
  preparation: StepReport[];
  /** How the sample table was joined, when there is one. */
  design: DesignJoin | null;
  /** Sample annotation names (table columns, sample-table columns): the choices for class, filters, colours. */
  annotationNames: string[];
  /** Distinct values of each sample annotation with their counts, for filters (samples as columns). */
  annotationValues: Record<string, { value: string; count: number }[]>;
  /**
   * The recipe's batch columns confounded with a sample annotation (core/prepare/confounding.ts), each pair with its
   * sentence: the Prepare panel shows the one with the known class. Empty without a batch step.
   */
  confounding?: Confounding[];
  /** The proposal, when the request asked for one (MapRequest.propose). */
  proposal?: MapProposal;
}

export interface RankedFeature {
  /** 0-based index into `featureNames`. */
  index: number;
  name: string;
  score: number;
  /** score / Σ scores. */
  share: number;
  selected: boolean;
}

export interface FitView {
  fitId: string;
  datasetId: string;
  fileName: string;
  settings: FitSettings;
  n: number;
  p: number;
  /** The k fitted (the chosen one when k was tuned: AnalysisResult.chosenK). */
  k: number;
  /** The s fitted (the chosen one when tuned: AnalysisResult.chosenS). */
  s: number;
  sampleIds: string[];
  /** 1-based cluster of each sample, in mapped row order. */
  clusters: Int32Array;
  clusterSizes: number[];
  featureNames: string[];
  /** All features, best first. */
  ranking: RankedFeature[];
  /** Selected feature indices, best first (SKFR2: union). */
  selected: number[];
  /** SKFR2: per cluster, selected feature indices best first. */
  selectedByCluster: number[][] | null;
  /** Issue 16: SKFR2's score of every feature in every cluster (k × p; FitResult.clusterFeatureScores), else null. */
  clusterScores?: Float64Array | null;
  /** Issue 16: the 0-based restart that won (FitResult.bestRestart). */
  bestRestart?: number;
  /** Cluster means, k × p row-major, in the fitted scale (centred; scaled unless the recipe's scale is 'none'). */
  means: Float64Array;
  /** Cluster means in original units, k × p. */
  originalMeans: Float64Array;
  distances: Float64Array;
  objective: number;
  totalSS: number;
  betweenSS: number;
  iterations: number;
  converged: boolean;
  imputedCells: number;
  zeroVarianceFeatures: string[];
  /** PCA of the samples on the selected features (fitted scale). */
  projection: { x: Float64Array; y: Float64Array; explained: [number, number] };
  annotations: Record<string, (string | null)[]>;
  /** Feature annotation name → value per feature (protein ids, gene names…), same order as featureNames. */
  featureAnnotations: Record<string, (string | null)[]>;
  /** The preparation as it ran, with counts. */
  preparation: StepReport[];
  /** The recipe that ran (for reports and the reproduce command). */
  recipe: Recipe;
  /** The dataset's recognised format ('table' for any other table). */
  format: FormatId;
  /** The quantity kind the samples were read from (MaxQuant "LFQ intensity", …); null for plain tables. */
  quantity: string | null;
  metrics: Metrics | null;
  /** Results that look wrong, each for the figure it concerns (core/report/warnings.ts). */
  warnings: ResultWarning[];
  /** The `skfr cluster …` command that reproduces this run from the same file (core/report/command.ts). */
  command: string;
  gap: { curve: GapPoint[]; bestS: number; oneSeS: number; permutations: number } | null;
  /** Issue 13 (AnalysisResult.sRules): every rule's s when tuned, the fitted one marked `default`. */
  sRules?: SRuleChoice[] | null;
  /** Issue 13 (AnalysisResult.sFlags): chosen s at the end of its range / curve without a clear maximum. */
  sFlags?: SFlags | null;
  /** Issue 13 (AnalysisResult.kCurve): Gap over k with silhouettes and every rule's k, when k was tuned. */
  kCurve?: { curve: KPoint[]; kRules: KRuleChoice[]; permutations: number } | null;
  /** Issue 13 (AnalysisResult.ksSteps): the steps of the alternating k / s search. */
  ksSteps?: KSStep[] | null;
  /** Issue 13 (AnalysisResult.stability): selection frequency, sample consistency, partition ARI. */
  stability?: StabilityResult | null;
  /** Issue 16: the cells of the samples × selected proteins heatmap (core/charts/sample-heatmap.ts draws them). */
  heatmap?: SampleHeatmap | null;
  timings: { parseMs: number; fitMs: number };
  /**
   * Issue 27: a live preview ('preview' job): one restart warm-started from the fit at s = fromS, k = fromK, not
   * the full fit that `settings` and `command` describe (that one follows). Absent or null for every other fit.
   */
  preview?: { fromS: number; fromK: number } | null;
}

export interface RowsResult {
  datasetId: string;
  /** Index of the first row returned (as requested). */
  start: number;
  /** min(count, rowCount − start) rows, each with one cell per column. */
  rows: (string | number | null)[][];
  /** Rows in the table, so a client can tell the page is the last one. */
  rowCount: number;
}

export interface ExportResult {
  fileName: string;
  /** Where it was written, when a path was given. */
  path: string | null;
  /** The file's bytes when no path was given. */
  bytes: Uint8Array | null;
  mimeType: string;
}

export interface ResultOf {
  open: OpenResult;
  sheet: OpenResult;
  design: DesignResult;
  map: MapResult;
  fit: FitView;
  evaluate: Metrics;
  export: ExportResult;
  rows: RowsResult;
  close: { closed: boolean };
  session: SessionOpened;
  restore: FitView;
  preview: FitView;
}

/** A session file read (issue 16). */
export interface SessionOpened {
  session: SessionFile;
  /** The session file's name, and its path when it was read from one. */
  fileName: string;
  path: string | null;
  /** The first of the input's recorded paths that is an existing file (null: none, or the host cannot look). */
  inputPath: string | null;
}

export type JobResponse<T extends JobType = JobType> =
  | { ok: true; type: T; result: ResultOf[T] }
  | { ok: false; type: T; error: ErrorInfo };

/** Messages over a port between a client (main process, page) and a compute host. */
export type ClientMessage =
  | { kind: 'run'; id: string; request: JobRequest }
  | { kind: 'cancel'; id: string };

/**
 * `rejected`: the message was refused before it became a job (malformed, or not allowed), so no job type can
 * be vouched for; the client settles job `id` with `{ ok: false, type: <the type it asked for>, error }`.
 */
export type HostMessage =
  | { kind: 'ready' }
  | { kind: 'progress'; id: string; progress: Progress }
  | { kind: 'response'; id: string; response: JobResponse }
  | { kind: 'rejected'; id: string; error: ErrorInfo };

/** What a host needs from its platform to read and write files (absent in the browser). */
export interface FileIO {
  readFile(path: string): Promise<Uint8Array>;
  /** Writes atomically: a temporary file beside the target, then rename. */
  writeFileAtomic(path: string, bytes: Uint8Array): Promise<void>;
  /**
   * Whether two paths name the same existing file (device and inode, whatever symlinks, `..` or letter case
   * lead there); false when either does not exist. Optional: without it, paths are compared as strings.
   */
  sameFile?(a: string, b: string): Promise<boolean>;
  /**
   * How this host takes the SHA-256 of the files it reads (node:crypto in Node hosts, node/hash.ts).
   * Optional: without it, WebCrypto (core/sha256.ts webCryptoSha256, which holds a chunked file's bytes).
   */
  sha256?: Sha256Provider;
  /**
   * Optional: a CSV/TSV file as a source of chunks, read from the start each time it is iterated (the
   * chunked reader, core/table/stream.ts, reads it twice), so its bytes are never whole in memory. The
   * returned `allocate` (optional) places the columns' one buffer of numbers and may refuse a table too big
   * for the host (SkfrError naming the size and the limit). Files it cannot take give null (read whole).
   */
  /** Optional (issue 16): whether `path` is an existing regular file (never throws). */
  isFile?(path: string): Promise<boolean>;
  /**
   * Optional: a CSV/TSV file as chunks (null: read it whole). `allocate` gives the numbers' buffer; `parallel`,
   * when the host has worker threads, reads a large file's data rows on them (then `allocate` must give shared
   * memory; core/table/stream.ts ParallelReading).
   */
  openChunks?(path: string): Promise<{ chunks: ChunkSource; allocate?: (length: number) => Float64Array; parallel?: ParallelReading } | null>;
}

export interface RunOptions {
  onProgress?: (progress: Progress) => void;
  signal?: { readonly aborted: boolean };
}
