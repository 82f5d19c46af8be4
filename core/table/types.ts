/**
 * Types of core/table: sheets in (parse, infer, map, transpose, filter) and out (CSV, XLSX).
 * Platform-free: functions take and return bytes or strings, never paths.
 */
import type { Matrix } from '../engine/types.js';

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
}

export interface ColumnSummary {
  name: string;
  kind: ColumnKind;
  missing: number;
  badCells: number;
  min: number | null;
  max: number | null;
  /** Distinct values of a text column (at most 50 listed), for filters. */
  distinct: string[] | null;
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
}

export interface TableWarning {
  code: 'text-in-feature' | 'dropped-feature' | 'duplicate-id' | 'zero-variance';
  message: string;
}

/** The result of applying a Mapping: what the engine fits, plus what is kept beside it. */
export interface MappedData {
  matrix: Matrix;
  sampleIds: string[];
  featureNames: string[];
  /** Annotation column name → values per kept sample (null = missing). */
  annotations: Record<string, (string | null)[]>;
  /** 0-based index of each kept sample in the table (after transposition, before filters). */
  rowIndices: Int32Array;
  missingCells: number;
  warnings: TableWarning[];
  /** Features left out by maxMissingFraction, with their missing fraction among the kept samples. */
  droppedFeatures?: { name: string; missingFraction: number }[];
}
