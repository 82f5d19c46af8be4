/**
 * The report's Summary sheet: what was run on what (version, input file, the workbook sheet read, its SHA-256, its recognised format
 * and quantity, parameters, seed, the preparation steps with their counts, the sample table joined) and what came out (n, p, k, s, objective, between/total SS, iterations, convergence, imputed cells,
 * selected features, agreement metrics). Two columns: `item, value`.
 */
import { SkfrError } from '../errors.js';
import { computeMetrics } from '../analysis.js';
import { DEFAULT_K_RULE, DEFAULT_S_RULE } from '../engine/index.js';
import type { FitResult, KPoint, KRuleChoice, KSStep, SFlags, SRuleChoice, StabilityResult, TuneResult } from '../engine/types.js';
import type { Metrics } from '../analysis.js';
import type { Cell } from '../table/write.js';
import type { FormatId, MappedData, Mapping, Recipe } from '../table/types.js';
import { rulesLine, type ImputedCells } from './rows.js';
import { sFlagMessages, type ResultWarning } from './warnings.js';

/**
 * Everything a report is made from, filled alike by both hosts: the jobs session from a fit record and its
 * dataset (core/jobs/export.ts), the skfr command from its run (cli/commands/cluster.ts). The workbook
 * (workbook.ts) and the HTML report (html.ts) read it.
 */
export interface ReportInput {
  fit: FitResult;
  mapped: MappedData;
  /** The gap-statistic run, when s was tuned. */
  tune?: TuneResult | null;
  /** Annotation column with known classes: metrics and the Contingency sheet. */
  classColumn?: string | null;
  /** Metrics already computed by the host (else computed here from `classColumn`). */
  metrics?: Metrics | null;
  /**
   * The input file; `sheet`: the workbook sheet read (default: `mapped.sheet`, which core/prepare sets); `size`:
   * its bytes; `headerRow`: the 1-based row its header was read from.
   */
  input: { fileName: string; sha256: string; sheet?: string | null; size?: number | null; headerRow?: number | null };
  /** How the table was read (orientation, id, annotation and feature columns, filters, sample table). */
  mapping?: Mapping | null;
  /** The PCA of the samples on the selected features (default: computed from `mapped.matrix` as prepared). */
  projection?: { x: ArrayLike<number>; y: ArrayLike<number>; explained: [number, number] } | null;
  /** When the report was made (ISO 8601), shown in its header. */
  createdAt?: string | null;
  /** SKFR Studio version. */
  version: string;
  /** The settings as the user gave them (objects are written as JSON). */
  parameters: object;
  /** What the input was recognised as (core/table/formats) and the quantity the samples were read from. */
  layout?: { format: FormatId; formatLabel: string; quantity: string | null } | null;
  /** The preparation steps that ran after the mapping (what each did is in `mapped.preparation`). */
  recipe?: Recipe | null;
  /** Why the preparation is what it is (Layout.reasons: why log2 or not, why the valid-value filter). */
  reasons?: readonly string[] | null;
  /** Results that look wrong (core/report/warnings.ts). */
  resultWarnings?: readonly ResultWarning[] | null;
  /** The `skfr cluster …` command that reproduces the run (core/report/command.ts). */
  command?: string | null;
  /** The cells filled in for the fit, taken before it (default: from `mapped`, valid while its matrix is as prepared). */
  imputed?: ImputedCells | null;
  /** Issue 13 (AnalysisResult): every rule's s when tuned (default: tune.sRules) and the warnings about it. */
  sRules?: readonly SRuleChoice[] | null;
  sFlags?: SFlags | null;
  /** The Gap-over-k curve with every rule's k, when k was chosen: the K curve sheet. */
  kCurve?: { curve: readonly KPoint[]; kRules: readonly KRuleChoice[]; permutations: number } | null;
  /** The steps of the alternating k / s search. */
  ksSteps?: readonly KSStep[] | null;
  /** The fit's stability: the Stability sheet, and columns in Samples and Features. */
  stability?: StabilityResult | null;
}

/** Every rule's choice of s: the report's, else the tuning's; null when s was not tuned. */
export function sRulesOf(report: ReportInput): readonly SRuleChoice[] | null {
  return report.sRules ?? report.tune?.sRules ?? null;
}

/** The warnings about a tuned s (sFlagMessages at the fitted rule's s, over the range tried); none when not tuned. */
export function sWarnings(report: ReportInput): string[] {
  const fitted = sRulesOf(report)?.find((c) => c.default);
  const flags = report.sFlags ?? report.tune?.flags ?? null;
  const curve = report.tune?.curve ?? [];
  if (!flags || !fitted || curve.length === 0) return [];
  return sFlagMessages(flags, fitted.s, [curve[0]!.s, curve[curve.length - 1]!.s], report.fit.p);
}

function list(values: readonly string[]): string {
  return values.length > 0 ? values.join(', ') : 'none';
}

/**
 * Rows for the recognised format, the preparation (each step with its count: rows read, blank rows skipped,
 * filters, decoys / contaminants / site-only removed, zeros made missing, empty features) and the sample table.
 */
function preparationRows(report: ReportInput): Cell[][] {
  const rows: Cell[][] = [];
  const { layout, mapped } = report;
  if (layout) {
    rows.push(['input format', layout.format === 'table' ? `${layout.formatLabel} (not a recognised software format)` : layout.formatLabel]);
    if (layout.quantity !== null) rows.push(['quantity', layout.quantity]);
  }
  if (report.recipe) rows.push(['preparation recipe', report.recipe.steps.length > 0 ? JSON.stringify(report.recipe.steps) : 'none']);
  for (const step of mapped.preparation ?? []) rows.push([`preparation: ${step.label}`, step.count]);
  for (const reason of report.reasons ?? []) rows.push(['preparation: reason', reason]);
  const design = mapped.design;
  if (design) {
    rows.push(
      ['sample table', design.source],
      ['sample table: column matched to the samples', design.order === 'file' ? 'none: rows joined in file order, as chosen' : design.matchedColumn],
      ['sample table: samples matched', design.matched],
      ['sample table: samples without a row', list(design.samplesWithoutRow)],
      ['sample table: rows without a sample', list(design.rowsWithoutSample)],
      ['sample table: annotations added', list(design.columns)],
    );
  }
  return rows;
}

/** `metrics` when given, else computed from the class annotation column (null without a class column). */
export function resolveMetrics(report: ReportInput): Metrics | null {
  if (report.metrics) return report.metrics;
  const column = report.classColumn ?? null;
  if (column === null) return null;
  const classes = report.mapped.annotations[column];
  if (!classes) {
    const names = Object.keys(report.mapped.annotations);
    throw new SkfrError(
      'unknown-column',
      `The class column “${column}” is not one of the annotation columns (${names.length > 0 ? names.map((n) => `“${n}”`).join(', ') : 'none'}); add it to the annotation columns.`,
    );
  }
  return computeMetrics(report.fit.labels, classes, column);
}

function asCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}

export function summaryRows(report: ReportInput, metrics: Metrics | null): Cell[][] {
  const { fit, mapped, tune } = report;
  const o = fit.options;
  const names = (indices: ArrayLike<number>): string =>
    Array.from(indices, (l) => mapped.featureNames[l] ?? `feature ${l + 1}`).join(', ');
  const sheet = report.input.sheet ?? mapped.sheet ?? null;
  const rows: Cell[][] = [
    ['item', 'value'],
    ['SKFR Studio version', report.version],
    ['input file', report.input.fileName],
    ...(sheet ? [['input sheet', sheet]] : []),
    ['input SHA-256', report.input.sha256],
    ...preparationRows(report),
  ];
  for (const [key, value] of Object.entries(report.parameters)) rows.push([`parameter: ${key}`, asCell(value)]);
  rows.push(
    ['variant', o.variant === 'global' ? 'global (SKFR1)' : 'local (SKFR2)'],
    ['loss', o.loss],
    ['seed', o.seed],
    ['restarts', o.restarts],
    ['max iterations', o.maxIterations],
    ['scale', o.scale],
    ['n (samples)', fit.n],
    ['p (features)', fit.p],
    ['k (clusters)', o.k],
    ['s (sparsity)', o.s],
    ['objective', fit.objective],
    ['between SS', fit.betweenSS],
    ['total SS', fit.totalSS],
    ['between / total SS', fit.totalSS > 0 ? fit.betweenSS / fit.totalSS : null],
    ['iterations', fit.iterations],
    ['converged', fit.converged ? 'yes' : 'no'],
    ['best restart', fit.bestRestart + 1],
    ['missing cells in the input', mapped.missingCells],
    ['imputed cells (k-POD)', fit.imputedCells],
    ['cluster sizes', Array.from(fit.clusterSizes).join(', ')],
    ['selected features', names(fit.selectedFeatures)],
    ['zero-variance features', fit.zeroVarianceFeatures.length > 0 ? names(fit.zeroVarianceFeatures) : 'none'],
  );
  if (tune) {
    rows.push(
      ['gap statistic: s values', tune.curve.map((g) => g.s).join(', ')],
      ['gap statistic: permutations', tune.permutations],
      ['gap statistic: best s (max gap)', tune.bestS],
      ['gap statistic: s within one sd of the max gap', tune.oneSeS],
    );
  }
  const sRules = sRulesOf(report);
  if (sRules && sRules.length > 0) {
    const fitted = sRules.find((c) => c.default);
    rows.push(['s rules', rulesLine(sRules, DEFAULT_S_RULE)]);
    if (fitted) rows.push(['s rule fitted', `${fitted.rule}${fitted.rule === DEFAULT_S_RULE ? ' (default)' : ''}: s = ${fitted.s}`]);
    for (const message of sWarnings(report)) rows.push(['s warning', message]);
  }
  if (report.kCurve) {
    rows.push(
      ['gap statistic over k: k values', report.kCurve.curve.map((point) => point.k).join(', ')],
      ['gap statistic over k: permutations', report.kCurve.permutations],
      ['k rules', rulesLine(report.kCurve.kRules, DEFAULT_K_RULE)],
    );
  }
  (report.ksSteps ?? []).forEach((step, t) => {
    rows.push([
      `k / s search, step ${t + 1}`,
      step.tuned === 's' ? `s = ${step.s} chosen at k = ${step.k}` : `k = ${step.k} chosen at s = ${step.s}`,
    ]);
  });
  const stability = report.stability ?? null;
  if (stability) {
    const unstable = stability.unstableSelected.map((l) => mapped.featureNames[l] ?? `feature ${l + 1}`);
    rows.push(
      ['stability: subsample fits', stability.subsamples],
      ['stability: samples per subsample', `${stability.subsampleSize} (${Math.round(stability.fraction * 100)} %)`],
      ['stability: mean ARI with the full fit', stability.meanAri],
      ['stability: ARI of each subsample fit', Array.from(stability.ari, (a) => Number(a.toFixed(4))).join(', ')],
      ['stability: selected features in fewer than half of the subsamples', unstable.length > 0 ? unstable.join(', ') : 'none'],
    );
  }
  if (metrics) {
    rows.push(
      ['class column', metrics.classColumn],
      ['adjusted Rand index', metrics.ari],
      ['normalized mutual information (2I/(H(U)+H(V)))', metrics.nmi],
      ['mixed nodes', metrics.mixedNodes],
      ['samples in mixed nodes', metrics.totalInMixedNodes],
    );
  }
  for (const warning of mapped.warnings) rows.push([`warning (${warning.code})`, warning.message]);
  for (const warning of report.resultWarnings ?? []) rows.push([`result warning (${warning.code})`, warning.message]);
  if (report.command) rows.push(['reproduce with', report.command]);
  return rows;
}
