/**
 * Types of core/table: sheets in (parse, infer, map, transpose, filter) and out (CSV, XLSX).
 * Platform-free: functions take and return bytes or strings, never paths.
 */
import type { Matrix, Scale } from '../engine/types.js';

export type FileFormat = 'csv' | 'tsv' | 'xlsx' | 'xls';

export type ColumnKind = 'numeric' | 'text' | 'empty';

/** One parsed column. Numeric columns keep numbers (NaN = missing); text columns keep strings (null = missing). */
export interface Column {
  name: string;
  kind: ColumnKind;
  /** For 'numeric': the values, NaN for missing or non-numeric cells. Otherwise null. */
  numbers: Float64Array | null;
  /** For 'text' and 'empty': the cell texts, null = missing. Otherwise null. */
  texts: (string | null)[] | null;
  /** Missing cells (missing tokens or empty). */
  missing: number;
  /** For 'numeric' columns: cells holding text that is not a number nor a missing token (row index 0-based, text). */
  badCells: { row: number; text: string }[];
}

export interface Table {
  fileName: string;
  format: FileFormat;
  /** Sheet names of a workbook (one pseudo-sheet named after the file for CSV/TSV). */
  sheets: string[];
  sheet: string;
  rowCount: number;
  columns: Column[];
  /**
   * Where each data row came from, 1-based: the file line (CSV/TSV; a quoted field may span lines) or the
   * sheet row (workbooks). Optional (absent for derived tables, e.g. transposed), used in messages.
   */
  sourceRows?: Int32Array;
  /** Things the reader changed and the user should know, e.g. renamed blank or duplicate headers. */
  notes?: string[];
  // Set by the readers (parseTable, parseTableChunks); absent on derived tables (e.g. transposed).
  /** 1-based row of the (first) header row as a spreadsheet shows it: the sheet row, or the file line. */
  headerRow?: number;
  /** Rows the column names come from: 1, or 2 for a two-row header (group row above sub-names, joined). */
  headerRows?: number;
  /** Read with no header row (ParseOptions.noHeader): the first row is data, the columns “Column 1”, “Column 2”, … */
  noHeader?: true;
  /** Title rows skipped above the header, each as its non-empty cells joined with a space. */
  titleRows?: string[];
  /** Blank rows skipped anywhere (empty lines, lines of spaces or delimiters only, blank sheet rows). */
  blankRowsSkipped?: number;
  /**
   * Perseus annotation rows found right below the header (`#!{Type}E…`, `#!{C:group}A…`), not data: `key` is
   * the text inside the braces (`Type`, `C:group`), `cells` one per column (prefix stripped, null = empty).
   */
  metaRows?: { key: string; cells: (string | null)[] }[];
  /**
   * A row of labels right above the header that names some of its columns one by one (a PAW TMT summary's
   * sample labels above its reporter channels), kept aligned with the columns: `row` is its 1-based row as a
   * spreadsheet shows it, `cells` one per column (null = empty). header.ts says when a row is one.
   */
  labelRow?: { row: number; cells: (string | null)[] };
  /**
   * Set by the readers of formats with a structure of their own (formats/structured.ts: GCT, SomaScan ADAT, Olink
   * NPX, mzTab, long tables pivoted): the layout the file itself declares, which recognizeLayout proposes as it is.
   */
  declared?: DeclaredLayout;
  /**
   * Set by the readers that type every column by their format and are never told which columns to read as text
   * (ParseOptions.textColumns): GCT, SomaScan ADAT and mzTab (formats/structured.ts readStructuredText) and an
   * Olink NPX wide workbook (readStructuredSheet). Reading such a file again with label columns as text gives the
   * same table (core/jobs/datasets.ts withLabelColumns).
   */
  typedByFormat?: true;
}

export interface ColumnSummary {
  name: string;
  kind: ColumnKind;
  missing: number;
  badCells: number;
  min: number | null;
  max: number | null;
  /**
   * Distinct values, for filters: every value of a text column (in the order the rows first hold them; a filter
   * shows them sorted: renderer/src/lib/filters.ts columnValues) — a filter must be able to keep any of them —,
   * of a numeric column only when it has at most 50 (in ascending order; else null).
   */
  distinct: string[] | null;
  /** How many rows hold each value of `distinct` (same order). */
  distinctCounts?: number[];
  distinctCount: number;
}

export interface RowFilter {
  column: string;
  /** Keep rows whose cell (as text) equals one of these values. */
  values: string[];
}

export type Orientation = 'samples-as-rows' | 'samples-as-columns';

export interface Mapping {
  orientation: Orientation;
  /** Column holding sample ids; null = use row numbers (1-based) as ids. */
  idColumn: string | null;
  /** Columns kept with the samples but never fitted (e.g. Genotype, class). */
  annotationColumns: string[];
  /** Feature columns; null = every numeric column that is not id or annotation. */
  featureColumns: string[] | null;
  /** Alternatively, a regular expression selecting feature columns by name (applied when featureColumns is null). */
  featuresMatch?: string | null;
  filters: RowFilter[];
  /** Drop features missing in more than this fraction of the kept samples (0..1); null = keep all. */
  maxMissingFraction?: number | null;

  // ── Samples as columns (proteins × samples tables, as quantification software writes them) ──────────────
  /**
   * The columns that are samples (one sample each; every other column describes the rows, i.e. the features).
   * null/absent with orientation 'samples-as-columns' = the old transposed reading: the first column names the
   * features and every other column is a sample.
   */
  sampleColumns?: string[] | null;
  /** Alternatively a regular expression selecting the sample columns by name (used when sampleColumns is null). */
  sampleColumnsMatch?: string | null;
  /**
   * Where each feature's label comes from: the first of these columns with a value in the row (for a list such as
   * "Actb;Actg1", its first item). Absent/empty: the row number. Labels made unique by appending the feature id.
   */
  featureLabelColumns?: string[];
  /** Columns describing the features, kept beside them (e.g. the full protein group), never fitted. */
  featureAnnotationColumns?: string[];
  /** Text in sample cells that means "not measured" for this file (e.g. Spectronaut's "Filtered"), beyond MISSING_TOKENS. */
  missingTokens?: string[];
  /**
   * How sample names are derived from the sample columns' names: 'clean' (default) drops the quantity's prefix or
   * suffix (`LFQ intensity H1` → `H1`) and reduces a run's file path to its name without extension; 'as-is'.
   */
  sampleNames?: 'clean' | 'as-is';

  // ── Either orientation ───────────────────────────────────────────────────────────────────────────────────
  /** A sample table beside the data (design, metadata, Perseus category rows), joined on the sample name. */
  design?: SampleTable | null;
}

/**
 * A table describing the samples (one row per sample), e.g. a MaxQuant experimental design, DIA-NN metadata, a
 * supplement's sample sheet or Perseus category rows. Small: it travels inside the Mapping.
 */
export interface SampleTable {
  /** Where it came from, for messages: a file name, "file ▸ sheet", or "category rows of file". */
  source: string;
  columns: { name: string; values: (string | null)[] }[];
  /** The column holding the sample names; null = the column that matches the most samples. */
  sampleColumn: string | null;
  /**
   * How rows are paired with samples: by their names (default, design.ts), or 'file': the i-th row with the i-th
   * sample in the file's order, names not compared — only when the user chose it (never guessed).
   */
  order?: 'names' | 'file';
}

/** The rule a sample's row was found by (design.ts, in this order), or 'file-order' when so joined. */
export type DesignMatchRule = 'exact' | 'clean' | 'loose' | 'file-order';

/** One sample of the data and the sample-table row it was joined to. */
export interface DesignMatch {
  sample: string;
  /** 0-based data row of the sample table (its first row below the header is 0); null: none. */
  row: number | null;
  /** The row's name in the matched column (file order: in the column that names the most samples), else null. */
  value: string | null;
  rule: DesignMatchRule | null;
}

/** How a sample table was joined to the samples. */
export interface DesignJoin {
  source: string;
  /** The sample-table column whose values matched the sample names. */
  matchedColumn: string;
  matched: number;
  /** Samples of the data with no row in the sample table. */
  samplesWithoutRow: string[];
  /** Sample-table rows that name no sample of the data. */
  rowsWithoutSample: string[];
  /** The annotation names the sample table's columns got (renamed " (design)" when the data has one of that name). */
  columns: string[];
  /** How the rows were paired: by names (absent: names), or in file order as the user chose. */
  order?: 'names' | 'file';
  /** Every sample of the data, in order, with its row (the Import screen's match table). */
  matches?: DesignMatch[];
  /** Rows of the sample table, and samples in the file: a join in file order needs them equal. */
  rows?: number;
  samples?: number;
  /** The counts agree but names leave samples without a row: a join in file order can be offered (never applied unasked). */
  fileOrderPossible?: boolean;
  /** Samples named by several identical rows, each taken once (said, not refused). */
  duplicateRows?: string[];
}

/** Software layouts recognised from the columns (core/table/formats). 'table' = any other table. */
export type FormatId = 'maxquant' | 'diann' | 'fragpipe' | 'spectronaut' | 'proteome-discoverer' | 'paw' | 'perseus' | 'table' | DeclaredFormatId;

/**
 * Formats read by a reader of their own (core/table/formats/structured.ts), whose files say which columns are
 * samples: GCT 1.2/1.3, SomaScan ADAT, Olink NPX (wide workbook or long table), mzTab protein sections, and long
 * tables (one row per protein × sample) pivoted to proteins × samples.
 */
export type DeclaredFormatId = 'gct' | 'adat' | 'olink' | 'mztab' | 'long';

/**
 * What such a file declares, as its reader found it (Table.declared): the Table is already proteins × samples,
 * and this says which of its columns are samples (per quantity, flagged samples left out of the first), which
 * label and describe the rows, and the sample annotations the file carries.
 */
export interface DeclaredLayout {
  format: DeclaredFormatId;
  /** E.g. "GCT 1.3", "SomaScan ADAT", "Olink NPX wide workbook". */
  label: string;
  /** What a row of the Table is, plural: "rows", "analytes", "assays", "proteins". */
  rows: string;
  /** Preferred first. */
  quantities: QuantityKind[];
  labelColumns: string[];
  annotationColumns: string[];
  /** The sample annotations the file carries (GCT column annotations, ADAT sample fields, …), one row per sample column. */
  design: SampleTable | null;
  /** The format's own preparation steps (e.g. mzTab decoys by accession prefix). */
  steps: PrepStep[];
}

/** One kind of quantity a file carries per sample (e.g. MaxQuant's "LFQ intensity", "Intensity", "iBAQ"). */
export interface QuantityKind {
  name: string;
  /** Its sample columns, in file order. */
  columns: string[];
  /** True for raw intensities, false for values already on a log scale, null when the format does not say. */
  raw: boolean | null;
}

/** What the recognition proposes for a table: its format, the quantities it carries, and the whole mapping. */
export interface Layout {
  format: FormatId;
  /** E.g. "MaxQuant proteinGroups". */
  formatLabel: string;
  /** Preferred first; empty for samples-as-rows tables. */
  quantities: QuantityKind[];
  /** The quantity the mapping uses (its sample columns), null when none. */
  quantity: string | null;
  mapping: Mapping;
  /** The preparation this format calls for (flagged rows out, zeros missing), editable. */
  recipe: Recipe;
  /** One line for the screen: "MaxQuant proteinGroups, LFQ intensity, 15 samples × 2 160 protein groups". */
  description: string;
  /** The sample table found inside the file (Perseus category rows), already in `mapping.design`. */
  embeddedDesign: boolean;
  /** Why the preparation is what it is, one sentence per choice (e.g. why log2 is or is not proposed). */
  reasons?: string[];
  /**
   * What the recognition decided about the samples that the user should know, one sentence each: columns left
   * out (a channel labelled “unused”), names taken from a label row, a sample table that would name them.
   */
  notes?: string[];
  /** What the proposed scale depends on besides the recipe (core/prepare/scale.ts proposeScale). */
  scaleBasis?: ScaleBasis;
}

/**
 * What decides the proposed scale, apart from the recipe's transform (core/prepare/scale.ts): whether the table
 * has one sample per column (proteins × samples), its quantity and whether its format documents it as raw
 * (QuantityKind.raw), and whether its values, before any transform, look logarithmic (transform.ts
 * looksLogarithmic).
 */
export interface ScaleBasis {
  samplesAsColumns: boolean;
  quantity: string | null;
  raw: boolean | null;
  looksLogarithmic: boolean;
}

/** Rows flagged by the quantification software ('not-master': Proteome Discoverer proteins that are not their group's master). */
export type FlagKind = 'decoy' | 'contaminant' | 'site-only' | 'not-master';

/**
 * One preparation step, applied in order to the mapped samples × features matrix (core/prepare).
 * - remove-flagged: drop features whose marker column holds "+" (or one of `markerValues`: Proteome
 *   Discoverer's `Contaminant` = True, PAW's `Filter` = reversed) or whose id (first of a ";" list) starts with a
 *   prefix (MaxQuant `Reverse`/`REV__`, `Potential contaminant`/`CON__`, `Only identified by site`; FragPipe
 *   `rev_`, `contam_`).
 * - zeros-missing: 0 means "not quantified" (MaxQuant, FragPipe intensities): 0 → missing.
 * - floor-missing: a constant written for "not quantified" (PAW's 150): that value → missing (FloorStep).
 */
export type PrepStep =
  | { kind: 'remove-flagged'; flag: FlagKind; markerColumn: string | null; idColumn: string | null; prefixes: string[]; markerValues?: string[] }
  | { kind: 'zeros-missing' }
  | FloorStep
  | TransformStep
  | DropSamplesStep
  | MinValidStep
  | { kind: 'normalize'; method: 'median' }
  | BatchStep
  | ImputeStep
  | ScaleStep;

/**
 * A floor value: the constant a pipeline writes for "not quantified" instead of 0 or an empty cell (PAW's TMT
 * tables: 150), found by the ties of the smallest value (core/prepare/floor.ts findFloor); every cell equal to
 * `value` → missing, counted. Runs after zeros → missing and before the transform.
 */
export interface FloorStep {
  kind: 'floor-missing';
  value: number;
}

/**
 * How the fit scales each feature once it has centred it (centring is part of the model: the ranking assumes
 * centred features). Always the last step; it does not change the prepared matrix (prepare() counts the
 * features and records the method in MappedData.scale, which the fit reads). 'unit-variance': each feature
 * divided by its sd (features in their own units); 'pareto': divided by the square root of its sd (proteins on one
 * log scale: the spread still counts, with less weight for a few proteins' huge spread); 'none': centred only. `reason`: why it was proposed or chosen, in the user's terms ("values are log2 intensities on one
 * scale"). A recipe without this step fits with unit variance (old sessions, direct engine calls).
 */
export interface ScaleStep {
  kind: 'scale';
  method: Scale;
  reason?: string;
}

/**
 * log2 or log10 of every value. `nonPositive`: what to do with 0 and negative values, which have no logarithm:
 * 'refuse' (an error naming them) or 'missing' (made missing, counted).
 */
export interface TransformStep {
  kind: 'transform';
  base: 2 | 10;
  nonPositive: 'refuse' | 'missing';
}

/**
 * Samples with fewer than `minValues` values among the features at this step are removed, each counted
 * (`minValues` 1: the samples with no value at all, e.g. runs that quantified nothing). Never proposed: asked
 * for, after the error that names the empty samples.
 */
export interface DropSamplesStep {
  kind: 'drop-samples';
  minValues: number;
}

/**
 * Perseus' "filter rows based on valid values": keep a feature with at least `count` values (or `percent` % of
 * the samples) in total, in each group, or in at least one group of the sample annotation `group`.
 */
export interface MinValidStep {
  kind: 'min-valid';
  count: number | null;
  percent: number | null;
  scope: 'total' | 'each' | 'any';
  group: string | null;
}

/**
 * Remove a batch effect (core/prepare/batch.ts): per protein, each batch (level of the sample annotation
 * `columns[c]`) is moved onto the protein's common mean; a protein with fewer than `minPerBatch` observed values
 * in a batch keeps its values there. Several columns are additive effects, removed together.
 */
export interface BatchStep {
  kind: 'batch';
  columns: string[];
  minPerBatch: number;
}

/**
 * Missing values filled before the fit (the default is none: k-POD fills them inside the fit).
 * 'downshift': Perseus' normal distribution per sample, mean − shift·sd, width·sd, drawn from `seed`;
 * 'min': the feature's smallest observed value.
 */
export interface ImputeStep {
  kind: 'impute';
  method: 'downshift' | 'min';
  width: number;
  shift: number;
  seed: number;
}

export interface Recipe {
  steps: PrepStep[];
}

/** What one step did, in the user's terms: `{ step: 'remove-flagged', label: 'Decoys (Reverse = +) removed', count: 23 }`. */
export interface StepReport {
  step: PrepStep['kind'] | 'read' | 'blank-rows' | 'filter' | 'empty-features';
  label: string;
  /** Rows, features, samples or cells affected, as the label says. */
  count: number;
  /** For 'remove-flagged': which flag (decoy, contaminant, site-only). */
  flag?: FlagKind;
}

export interface TableWarning {
  code: 'text-in-feature' | 'dropped-feature' | 'duplicate-id' | 'zero-variance' | 'design' | 'summary-rows';
  message: string;
}

/** The result of applying a Mapping: what the engine fits, plus what is kept beside it. */
export interface MappedData {
  matrix: Matrix;
  sampleIds: string[];
  /**
   * The column the sample ids were read from (samples as rows), which names them in exports; null or absent: row
   * numbers, or samples read from columns (exports call them `sample`).
   */
  idColumn?: string | null;
  featureNames: string[];
  /** Annotation column name → values per kept sample (null = missing). */
  annotations: Record<string, (string | null)[]>;
  /**
   * 0-based index of each kept sample in the table (after transposition, before filters); samples as columns
   * (sampleColumns): its index in the sample columns. null when every row was kept, in order (sample i is row i):
   * no n-long array for the identity (20 million rows: 80 MB).
   */
  rowIndices: Int32Array | null;
  missingCells: number;
  warnings: TableWarning[];
  /** Features left out by maxMissingFraction, with their missing fraction among the kept samples. */
  droppedFeatures?: { name: string; missingFraction: number }[];
  /** Annotation column name → value per kept feature (samples as columns: protein ids, gene names, flags…). */
  featureAnnotations?: Record<string, (string | null)[]>;
  /** Samples as columns: the table column each sample came from. */
  sampleColumns?: string[];
  /** How the sample table was joined, when there is one. */
  design?: DesignJoin | null;
  /** What was done, in order (read, filters, preparation steps) with counts. */
  preparation?: StepReport[];
  /** Cells filled by an impute step (n × p, 1 = imputed), when one ran. */
  imputed?: Uint8Array | null;
  /** The workbook sheet the data came from (absent for CSV/TSV), for the report's Summary. */
  sheet?: string;
  /** How the fit scales the centred features: the recipe's scale step (prepare); absent = 'unit-variance'. */
  scale?: Scale;
}
