/**
 * What `skfr cluster` records about the preparation of a run, taken before the fit (which standardises and fills
 * the matrix in place): the recipe that ran and why, the cells the fit fills in (missing before it, or filled by
 * --impute; flagged in the exported samples and features), the command that reproduces the run
 * (core/report/command.ts, with the file and sample-table paths as given on the command line), and after the fit
 * the warnings about the result (core/report/warnings.ts). cluster.ts prints and writes them.
 */
import { lazyList } from '../../core/table/lazy-list.js';
import type { AnalysisResult } from '../../core/analysis.js';
import { SkfrError } from '../../core/errors.js';
import type { FitSettings } from '../../core/jobs/types.js';
import { knownComplete } from '../../core/prepare/complete.js';
import { describeStep } from '../../core/prepare/index.js';
import { valueStats, type ValueStats } from '../../core/prepare/transform.js';
import { reproduceCommand } from '../../core/report/command.js';
import { imputedCellsOf, imputedInSample, type ImputedCells } from '../../core/report/rows.js';
import { rawQuantity, resultWarnings, type ResultWarning } from '../../core/report/warnings.js';
import type { MappedData, Mapping, Recipe, TableWarning } from '../../core/table/types.js';
import type { ClusterPlan, ResolvedLayout } from './cluster-options.js';

export interface RunPrep {
  recipe: Recipe;
  reasons: string[];
  /** The `skfr cluster …` command that reproduces the run from the same folder. */
  command: string;
  /** The cells the fit starts without (missing, k-POD fills them) or an impute step filled, before the fit. */
  imputed: ImputedCells;
  /** An impute step ran (--impute downshift|min). */
  imputeStep: boolean;
  /** valueStats of the prepared values, before the fit (null when a transform ran: then not needed). */
  stats: ValueStats | null;
  /** The quantity read when its format documents it as a raw intensity (report/warnings.ts rawQuantity), else null. */
  rawQuantity: string | null;
}

export interface RunPrepInput {
  plan: ClusterPlan;
  layout: ResolvedLayout;
  mapped: MappedData;
  sheet: string | null;
  headerRow: number | null;
  /** Rows mode: the feature columns taken without --features (taken before the table is consumed). */
  defaultFeatures: string[] | null;
  /** The sample id column the CLI takes without --id-column (rows mode), else null: see CommandInput.ruleIdColumn. */
  ruleIdColumn: string | null;
}

/**
 * The mapping as the command names it: the sample table by the path given to --design (its sheet kept), so the
 * command runs from the folder the user ran it in.
 */
function mappingAsGiven(mapping: Mapping, design: ClusterPlan['layout']['design']): Mapping {
  if (!mapping.design || !design) return mapping;
  const sheet = mapping.design.source.split(' ▸ ')[1];
  return { ...mapping, design: { ...mapping.design, source: sheet !== undefined ? `${design.path} ▸ ${sheet}` : design.path } };
}

/**
 * Right after the preparation, before the fit. Refuses (one sentence) a valid-value filter that leaves fewer
 * features than s, naming the filter rather than s alone.
 */
export function recordRun({ plan, layout, mapped, sheet, headerRow, defaultFeatures, ruleIdColumn }: RunPrepInput): RunPrep {
  const p = mapped.matrix.cols;
  const s = plan.settings.tune ? plan.settings.tune.from : plan.settings.s;
  const filter = layout.recipe.steps.find((step) => step.kind === 'min-valid');
  if (filter && s !== undefined && s > p) {
    throw new SkfrError(
      'invalid-s',
      `${describeStep(filter)} leaves ${p} feature${p === 1 ? '' : 's'}, fewer than s = ${s}; ask for fewer values with --min-valid, or a smaller s.`,
    );
  }
  const command = reproduceCommand({
    fileName: plan.file,
    sheet,
    headerRow: headerRow ?? 1,
    ...(plan.layout.noHeader ? { noHeader: true } : {}),
    layout: layout.recognised,
    format: layout.format,
    quantity: layout.quantity,
    mapping: mappingAsGiven(layout.mapping, plan.layout.design),
    recipe: layout.recipe,
    settings: plan.settings,
    classColumn: plan.classColumn,
    defaultFeatures,
    ruleIdColumn,
  });
  const transformed = layout.recipe.steps.some((step) => step.kind === 'transform');
  return {
    recipe: layout.recipe,
    reasons: layout.reasons,
    command,
    // The names of each sample's imputed features only for a samples export (the CSV or the report); no pass
    // over the matrix when the preparation's counts say nothing is missing.
    imputed: imputedCellsOf(mapped, { features: plan.out !== null, complete: knownComplete(mapped, layout.recipe) }),
    imputeStep: layout.recipe.steps.some((step) => step.kind === 'impute'),
    stats: transformed ? null : valueStats(mapped.matrix.data, mapped.matrix.cols),
    rawQuantity: rawQuantity(layout.format, layout.quantity),
  };
}

/** The warnings about a result (from what was recorded before the fit: the matrix is fitted in place). */
export function runWarnings(prep: RunPrep, mapped: MappedData, result: AnalysisResult, settings: FitSettings): ResultWarning[] {
  const { fit } = result;
  return resultWarnings({
    clusterSizes: Array.from(fit.clusterSizes),
    // As the app's FitView: the selected features (SKFR2: the union of the clusters' sets), best first.
    selected: Array.from(fit.selectedFeatures),
    featureNames: mapped.featureNames,
    values: null,
    n: fit.n,
    p: fit.p,
    imputed: null,
    recipe: prep.recipe,
    rawQuantity: prep.rawQuantity,
    tune: settings.tune ? { from: settings.tune.from, to: settings.tune.to, chosen: result.chosenS } : null,
    before: { filledByFeature: prep.imputed.byFeature, stats: prep.stats },
    labels: fit.labels,
    annotations: mapped.annotations,
    classColumn: result.metrics?.classColumn ?? null,
  });
}

/** The --json fields of the preparation (see CLUSTER_HELP). */
export interface PrepJson {
  recipe: Recipe;
  reasons: string[];
  imputedBySample: number[] | null;
  imputedByFeature: number[] | null;
  /** What the reading and the mapping said (text in number columns, duplicate ids, …; about 'input'), then the results'. */
  warnings: (ResultWarning | InputWarning)[];
  command: string;
}

/** A warning of the reading or the mapping (core/table TableWarning), in --json's warnings. */
export interface InputWarning {
  code: TableWarning['code'];
  about: 'input';
  message: string;
}

export function prepJson(prep: RunPrep, warnings: ResultWarning[], input: readonly TableWarning[] = []): PrepJson {
  return {
    recipe: prep.recipe,
    reasons: prep.reasons,
    imputedBySample: prep.imputeStep ? lazyList(prep.imputed.samples, (i) => imputedInSample(prep.imputed, i)) : null,
    imputedByFeature: prep.imputeStep ? Array.from(prep.imputed.byFeature) : null,
    warnings: [...input.map((w): InputWarning => ({ code: w.code, about: 'input', message: w.message })), ...warnings],
    command: prep.command,
  };
}

/** The summary's lines on why the preparation is what it is (after the steps). */
export function reasonLines(reasons: readonly string[]): string[] {
  return reasons.length > 0 ? ['Why:', ...reasons.map((reason) => `  ${reason}`)] : [];
}

/** The summary's last lines: the warnings about the result, then the command that reproduces the run. */
export function summaryTail(warnings: readonly ResultWarning[], command: string): string {
  const lines = warnings.map((warning) => `Warning: ${warning.message}`);
  lines.push(`Reproduce: ${command}`);
  return lines.join('\n') + '\n';
}
