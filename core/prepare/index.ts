/**
 * core/prepare: from a parsed table to the matrix the engine fits, in one recorded path —
 * mapping (core/table: which columns are samples, features, annotations; the sample table joined) → the
 * recipe's steps in order (flagged rows out, zeros missing, …) → features with no value left are dropped and
 * samples with none are an error that names them all (unless a drop-samples step, asked for, removed them). Every step's count lands in `preparation`, which the screen, the report and
 * `--json` show as it is.
 * @example prepare(table, layout.mapping, layout.recipe).preparation
 *   // [{ step: 'read', label: 'Rows read', count: 2160 }, { step: 'remove-flagged', label: 'Decoys … removed', count: 23 }, …]
 */
import { throwIfAborted } from '../engine/abort.js';
import type { AbortSignalLike } from '../engine/types.js';
import { SkfrError } from '../errors.js';
import { formatCount } from '../format-count.js';
import { applyMapping, type MappingOptions } from '../table/mapping.js';
import type { FlagKind, FormatId, MappedData, Mapping, Recipe, StepReport, Table } from '../table/types.js';
import { knownComplete } from './complete.js';
import { keepSamples } from './keep-samples.js';
import { remember, take, type Stages } from './remembered.js';
import { applyStep, describeStep, keepFeatures, stepColumns } from './steps.js';

export { describeStep, keepFeatures } from './steps.js';
export { proposeScale, chooseScale, scaleOf, scaleSentence, scaleWords, withScale, ROWS_BASIS } from './scale.js';

export const EMPTY_RECIPE: Recipe = { steps: [] };

export interface PrepareOptions extends Omit<MappingOptions, 'extraFeatureColumns'> {
  format?: FormatId;
  /**
   * Looked at after the mapping, before each step and before the last check (issue 26: cancel in every phase);
   * aborted → SkfrError('cancelled'), nothing returned. The app's compute thread polls its cancel messages
   * there (core/jobs/host.ts), so a step is the longest a cancel waits.
   */
  signal?: AbortSignalLike;
  /**
   * Keep the mapped data and each step's outcome with the table, for the next prepare of the same table with the
   * same mapping (remembered.ts): the proposal's prepare (propose.ts), whose mapping and format steps the run's
   * prepare then does not do again.
   */
  remember?: boolean;
}

/**
 * Drop features with no value in any sample (counted), and refuse samples with no value at all, naming every one
 * (emptySamples) — unless the recipe drops samples (drop-samples, asked for): then the samples a later step left
 * empty go too, added to that step's count. `complete`: no cell is missing (knownComplete), so no feature nor
 * sample is empty and nothing is looked at.
 */
function finish(data: MappedData, report: StepReport[], columnsMode: boolean, complete: boolean): MappedData {
  if (complete && data.matrix.rows > 0 && data.matrix.cols > 0) return data;
  const { rows: n, cols: p, data: x } = data.matrix;
  if (columnsMode) {
    const keep = new Uint8Array(p);
    for (let i = 0; i < n; i++) {
      const row = i * p;
      for (let l = 0; l < p; l++) if (x[row + l] === x[row + l]) keep[l] = 1;
    }
    let empty = 0;
    for (let l = 0; l < p; l++) if (!keep[l]) empty++;
    if (empty > 0) {
      report.push({ step: 'empty-features', label: 'Features with no value in any sample removed', count: empty });
      data = keepFeatures(data, keep);
    }
    if (data.matrix.cols === 0) throw nothingLeft(report);
  }
  const { rows, cols, data: y } = data.matrix;
  const empty: number[] = [];
  for (let i = 0; i < rows; i++) {
    let seen = false;
    for (let l = 0; l < cols && !seen; l++) seen = y[i * cols + l] === y[i * cols + l];
    if (!seen) empty.push(i);
  }
  if (empty.length === 0) return data;
  // Asked to drop the samples with no value: also those a later step (the valid-value filter) left empty.
  const dropped = report.find((r) => r.step === 'drop-samples');
  if (!dropped || empty.length === rows) throw emptySamples(data, empty, cols, report);
  const keep = new Uint8Array(rows).fill(1);
  for (const i of empty) keep[i] = 0;
  dropped.count += empty.length;
  return keepSamples(data, keep);
}

/**
 * The samples with no value, all named in one sentence, and how to drop them (the drop-samples step):
 * "3 samples have no value in any of the 2 160 features once zeros are read as “not quantified”: “F1”, “F2”,
 * “F3”; drop them (“Drop samples with no values” in Prepare, --drop-samples empty) or remove them from the samples."
 */
function emptySamples(data: MappedData, empty: readonly number[], features: number, report: readonly StepReport[]): SkfrError {
  const named = (i: number) => `“${data.sampleIds[i]}”${data.sampleColumns ? ` (column “${data.sampleColumns[i]}”)` : ''}`;
  const zeros = report.some((r) => r.step === 'zeros-missing') ? ' once zeros are read as “not quantified”' : '';
  const listed = empty.slice(0, 20).map(named).join(', ') + (empty.length > 20 ? ` … and ${formatCount(empty.length - 20, ' ')} more` : '');
  const who = empty.length === 1 ? `Sample ${listed} has` : `${formatCount(empty.length, ' ')} samples have`;
  return new SkfrError(
    'empty-sample',
    `${who} no value in ${features === 1 ? 'the one feature' : `any of the ${formatCount(features, ' ')} features`}${zeros}${empty.length === 1 ? '' : `: ${listed}`}; ` +
      `drop ${empty.length === 1 ? 'it' : 'them'} (“Drop samples with no values” in the Prepare panel, or --drop-samples empty), or remove ${empty.length === 1 ? 'it' : 'them'} from the samples.`,
  );
}

/** The flags that keep what a remove-flagged step removes (CLI; the app's Preparation lists the same steps). */
const KEEP_FLAGS: Record<FlagKind, { what: string; flag: string }> = {
  decoy: { what: 'decoys', flag: '--keep-decoys' },
  contaminant: { what: 'contaminants', flag: '--keep-contaminants' },
  'site-only': { what: 'identified only by site', flag: '--keep-site-only' },
  'not-master': { what: 'non-master proteins', flag: '--keep-non-master' },
};

/**
 * The error when no feature is left, naming the steps that removed them. Example: 40 proteins read, 20 decoys
 * and 20 contaminants removed → `No protein is left: all 40 were removed as decoys (20) or contaminants (20); keep
 * them with --keep-decoys or --keep-contaminants (in SKFR Studio: untick those steps in Preparation).`
 */
function nothingLeft(report: readonly StepReport[]): SkfrError {
  const read = report.find((r) => r.step === 'read')?.count ?? 0;
  const removed = report.filter((r) => r.step === 'remove-flagged' && r.count > 0);
  const flags = removed.map((r) => r.flag).filter((f): f is FlagKind => f !== undefined);
  if (removed.length > 0 && removed.reduce((sum, r) => sum + r.count, 0) >= read) {
    const parts = flags.map((f, i) => `${KEEP_FLAGS[f].what} (${removed[i]!.count})`);
    return new SkfrError(
      'no-numeric-features',
      `No protein is left: all ${read} were removed as ${parts.join(' or ')}; keep them with ` +
        `${flags.map((f) => KEEP_FLAGS[f].flag).join(' or ')} (in SKFR Studio: untick ${flags.length === 1 ? 'that step' : 'those steps'} in Preparation).`,
    );
  }
  const steps = report.filter((r) => r.step !== 'read' && r.step !== 'blank-rows' && r.count > 0).map((r) => `${r.label.toLowerCase()}: ${r.count}`);
  return new SkfrError(
    'no-numeric-features',
    `No feature has a value in any of the samples${steps.length > 0 ? ` after the preparation (${steps.join('; ')})` : ''}; check the sample columns and the preparation.`,
  );
}

/** See the module comment. The table is never modified unless `options.consume` (then as applyMapping says). */
export function prepare(table: Table, mapping: Mapping, recipe: Recipe = EMPTY_RECIPE, options: PrepareOptions = {}): MappedData {
  const extraFeatureColumns = [...new Set(recipe.steps.flatMap(stepColumns))];
  const { signal, remember: keep, ...mappingOptions } = options;
  const key = mappingKey(mapping, mappingOptions.format, extraFeatureColumns);
  // The proposal's mapping and first steps, when it prepared this table with the same mapping (remembered.ts).
  const earlier = key === null ? null : take(table, key);
  let data = earlier?.mapped ?? applyMapping(table, mapping, { ...mappingOptions, extraFeatureColumns, keepEmptySamples: true });
  const stages: Stages = { mapped: data, steps: [] };
  let reuse = earlier !== null;
  throwIfAborted(signal);
  const columnsMode = data.sampleColumns !== undefined;
  const report: StepReport[] = [];
  report.push({ step: 'read', label: columnsMode ? 'Rows (features) read' : 'Rows read', count: table.rowCount });
  const blank = table.blankRowsSkipped ?? 0;
  if (blank > 0) report.push({ step: 'blank-rows', label: 'Blank rows skipped', count: blank });
  report.push(...(data.preparation ?? []));
  for (const step of recipe.steps) {
    if (step.kind === 'remove-flagged' && !columnsMode) continue;
    throwIfAborted(signal);
    const stepKey = JSON.stringify(step);
    const done = reuse ? earlier!.steps[stages.steps.length] : undefined;
    reuse = done !== undefined && done.key === stepKey;
    const outcome = reuse ? done!.outcome : applyStep(data, step);
    stages.steps.push({ key: stepKey, outcome });
    data = outcome.data;
    report.push({ step: step.kind, label: describeStep(step), count: outcome.count, ...(step.kind === 'remove-flagged' ? { flag: step.flag } : {}) }, ...(outcome.more ?? []));
  }
  throwIfAborted(signal);
  if (keep === true && key !== null) remember(table, key, stages);
  data = finish(data, report, columnsMode, knownComplete(data, recipe));
  const workbook = table.format === 'xlsx' || table.format === 'xls';
  return { ...data, preparation: report, ...(workbook ? { sheet: table.sheet } : {}) };
}

/** What the mapped data depends on besides the table (allocate and consume change where it lies, not what it is); null: not JSON. */
function mappingKey(mapping: Mapping, format: FormatId | undefined, extraFeatureColumns: readonly string[]): string | null {
  try {
    return JSON.stringify([mapping, format ?? null, extraFeatureColumns]);
  } catch {
    return null;
  }
}
