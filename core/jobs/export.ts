/**
 * Export files of a fit: labelled samples, the feature list, or the report — the workbook (XLSX) or the page in
 * one file (HTML, core/report/html.ts, loaded on first use: it brings ECharts) — as bytes. Written atomically
 * through FileIO when a path is given.
 *
 * The report has several sheets, so it is not a CSV; the samples and features are tables, not pages: other
 * pairs are an 'invalid-option'.
 */
import { SkfrError } from '../errors.js';
import { rankingRows, reportWorkbook, samplesRows } from '../report/index.js';
import { toCsv, toXlsx } from '../table/index.js';
import type { FitResult, KPoint, KRuleChoice, KSStep, SFlags, SRuleChoice, StabilityResult, TuneResult } from '../engine/types.js';
import type { ResultWarning } from '../report/warnings.js';
import type { ReportInput } from '../report/summary.js';
import type { FormatId, MappedData, Mapping, Recipe } from '../table/types.js';
import { exportFileName } from '../report/file-names.js';
import { baseName } from './datasets.js';
import type { ExportFormat, ExportResult, ExportWhat, FileIO, FitSettings, Metrics } from './types.js';

export const MIME_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  html: 'text/html',
};

export interface ExportSource {
  fit: FitResult;
  tune: TuneResult | null;
  mapped: MappedData;
  metrics: Metrics | null;
  classColumn: string | null;
  settings: FitSettings;
  /** The input file (its size, sheet and header row when known: the HTML report names them). */
  input: { fileName: string; sha256: string; size?: number | null; sheet?: string | null; headerRow?: number | null };
  version: string;
  /** The mapping that read the table (the report names the orientation, columns and filters). */
  mapping?: Mapping | null;
  /** The preparation steps that ran after the mapping (their counts are in `mapped.preparation`). */
  recipe?: Recipe;
  /** What the input was recognised as, and the quantity the samples were read from. */
  layout?: { format: FormatId; formatLabel: string; quantity: string | null };
  /** Why the preparation was proposed as it was (Layout.reasons). */
  reasons?: readonly string[];
  /** Results that look wrong (FitView.warnings). */
  warnings?: readonly ResultWarning[];
  /** The command that reproduces the run (FitView.command). */
  command?: string;
  /** Issue 13 (AnalysisResult): every rule's s, the k curve, the stability (columns and sheets when present). */
  sRules?: SRuleChoice[] | null;
  sFlags?: SFlags | null;
  ksSteps?: KSStep[] | null;
  kCurve?: { curve: KPoint[]; kRules: KRuleChoice[]; permutations: number } | null;
  stability?: StabilityResult | null;
}

/** "mice_protein.csv", SKFR1, k 8, s 24, samples, csv → "mice_protein_SKFR1_k8_s24_samples.csv" (report/file-names.ts). */
export function exportFileNameOf(source: Pick<ExportSource, 'fit' | 'input'>, what: ExportWhat, format: ExportFormat): string {
  const { variant, loss, k, s } = source.fit.options;
  return exportFileName(source.input.fileName, what, format, { variant, loss, k, s });
}

function encodeText(text: string): Uint8Array {
  const encoder = new (globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }).TextEncoder();
  return encoder.encode(text);
}

/** What the report (workbook or page) is made from: the ReportInput of core/report/summary.ts. */
export function reportInputOf(source: ExportSource): ReportInput {
  return {
    fit: source.fit,
    mapped: source.mapped,
    ...(source.tune ? { tune: source.tune } : {}),
    ...(source.classColumn ? { classColumn: source.classColumn } : {}),
    ...(source.metrics ? { metrics: source.metrics } : {}),
    input: source.input,
    version: source.version,
    parameters: source.settings,
    ...(source.mapping ? { mapping: source.mapping } : {}),
    ...(source.layout ? { layout: source.layout } : {}),
    ...(source.recipe ? { recipe: source.recipe } : {}),
    ...(source.reasons ? { reasons: source.reasons } : {}),
    ...(source.warnings ? { resultWarnings: source.warnings } : {}),
    ...(source.command ? { command: source.command } : {}),
    ...(source.sRules ? { sRules: source.sRules } : {}),
    ...(source.sFlags ? { sFlags: source.sFlags } : {}),
    ...(source.ksSteps ? { ksSteps: source.ksSteps } : {}),
    ...(source.kCurve ? { kCurve: source.kCurve } : {}),
    ...(source.stability ? { stability: source.stability } : {}),
  };
}

export async function exportBytes(source: ExportSource, what: ExportWhat, format: ExportFormat): Promise<Uint8Array> {
  switch (what) {
    case 'samples':
    case 'features': {
      if (format === 'html') {
        throw new SkfrError('invalid-option', `The ${what === 'samples' ? 'labelled samples are' : 'feature list is'} a table, written as CSV or XLSX (not HTML); the HTML file is the report.`);
      }
      // Imputed cells are flagged from source.mapped, the prepared data the fit started from (never modified).
      const stability = source.stability ?? null;
      const rows = what === 'samples' ? samplesRows(source.fit, source.mapped, undefined, stability) : rankingRows(source.fit, source.mapped, { stability });
      const sheet = what === 'samples' ? 'Samples' : 'Features';
      return format === 'csv' ? encodeText(toCsv(rows)) : toXlsx([{ name: sheet, rows }]);
    }
    case 'report':
      if (format === 'html') {
        const { reportHtml } = await import('../report/html.js');
        return encodeText(reportHtml({ ...reportInputOf(source), createdAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z') }));
      }
      if (format !== 'xlsx') {
        throw new SkfrError('invalid-option', `The report has several sheets, so it is written as an XLSX workbook or an HTML page (not ${format.toUpperCase()}); choose XLSX or HTML, or export the samples or the feature list as CSV.`);
      }
      return reportWorkbook(reportInputOf(source));
  }
}

export async function runExport(
  source: ExportSource,
  what: ExportWhat,
  format: ExportFormat,
  path: string | undefined,
  io: FileIO | undefined,
  signal?: { readonly aborted: boolean },
): Promise<ExportResult> {
  const bytes = await exportBytes(source, what, format);
  // (made, not yet written: a cancel now leaves no file; issue 26, cancel in every phase)
  if (signal?.aborted) throw new SkfrError('cancelled', 'The run was cancelled.');
  const mimeType = MIME_TYPES[format];
  if (path === undefined) return { fileName: exportFileNameOf(source, what, format), path: null, bytes, mimeType };
  if (!io) throw new SkfrError('write-failed', `Cannot write “${path}”: this host has no file system; export without a path to get the bytes.`);
  try {
    await io.writeFileAtomic(path, bytes);
  } catch (error) {
    if (error instanceof SkfrError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new SkfrError('write-failed', `Could not write “${path}” (${detail}). Choose another folder or name.`);
  }
  return { fileName: baseName(path), path, bytes: null, mimeType };
}
