/**
 * What one run of `skfr cluster` read and computed (RunData), as its outputs are written from it: the report,
 * the --json object, the saved session (cluster-session.ts). Its own module so that cluster.ts, which runs, and the
 * writers it calls import it and not each other.
 */
import type { AnalysisResult } from '../../core/analysis.js';
import type { FitView } from '../../core/jobs/types.js';
import type { ResultWarning } from '../../core/report/warnings.js';
import type { MappedData } from '../../core/table/types.js';
import type { ResolvedLayout } from './cluster-options.js';
import type { Timings } from './cluster-output.js';
import type { RunPrep } from './cluster-prep.js';

/** The input as the report names it: file name, and SHA-256 of its bytes and their size (only for a report or a session). */
export interface InputInfo {
  fileName: string;
  sha256: string | null;
  size?: number | null;
}

/** What was read and how, for --json and the summary. */
export interface ReadInfo {
  layout: ResolvedLayout;
  /** The workbook sheet read; null for CSV/TSV. */
  sheet: string | null;
  /** 1-based row of the header (rows above it were titles); null when the reader does not say. */
  headerRow: number | null;
  /** Data rows of the table (features when samples are columns, samples when they are rows). */
  rowsRead: number;
  /** Time reading the file into its table (the part of the parse time that read_csv does). */
  readMs: number;
}

export interface RunData {
  input: InputInfo;
  version: string;
  mapped: MappedData;
  result: AnalysisResult;
  read: ReadInfo;
  prep: RunPrep;
  warnings: ResultWarning[];
  timings?: Timings;
  /** The samples' PCA for a saved session and the HTML report, made beforehand (cancellable); else null. */
  projection?: FitView['projection'] | null;
}
