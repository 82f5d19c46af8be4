/**
 * The preparation proposed for a recognised layout, as Perseus users prepare protein data: the format's own
 * steps (flagged rows out, zeros missing), log2 for raw intensities (transform.ts says when) and among them a floor
 * value written for "not quantified" read as missing (floor.ts: PAW's 150), for
 * proteins × samples tables a valid-value filter of 70 % — in at least one group when the samples have a
 * group annotation (a design's condition; without a sample table, the groups the sample names carry,
 * `group (from names)`: `12500amol_1 … 50amol_3` → 9 amounts, as Perseus users group replicates, so that a protein
 * measured in one condition only, such as a spike-in seen at its high amounts, is kept), else in total — and last
 * the scale the fit uses once it has centred each feature (scale.ts: Pareto scaling on a log scale, unit variance
 * otherwise). Each choice comes with its reason, and a grouping read from the names says so.
 * @example completeLayout(table, recognizeLayout(table)).recipe.steps.map((s) => s.kind)
 *   // MaxQuant LFQ: ['remove-flagged', 'remove-flagged', 'remove-flagged', 'zeros-missing', 'transform', 'min-valid', 'scale']
 */
import type { Layout, MinValidStep, PrepStep, Recipe, ScaleBasis, Table } from '../table/types.js';
import { looksLikeBatch } from './batch-columns.js';
import { prepare } from './index.js';
import { proposeScale, scaleSentence } from './scale.js';
import { proposeTransform } from './transform.js';
import { findFloor, floorReason } from './floor.js';
import { groupsOf } from './valid-values.js';
import { isOfferedGroup } from '../table/name-groups.js';

/** Perseus' usual threshold. */
export const DEFAULT_MIN_VALID_PERCENT = 70;

const GROUP_NAME = /condition|group|class|treatment|genotype|status|region|type|phenotype|disease|tissue|chamber|age|study variable/i;

/** mzTab's study variable is the experimental condition (the mzTab specification's study_variable), not a study of a multi-study batch. */
const CONDITION_NOT_BATCH = /^study[ _.]?variable/i;

/** Annotations that never group samples for a filter: a replicate number, a TMT channel, a label or reagent. */
const NOT_A_GROUP = /^(replicate|channel|label|reagent)$/i;

/**
 * What an instrument or a search records about each run file (Proteome Discoverer's Input Files table: `RT Range
 * in min`, `Creation Date`, `Instrument Name`, `Software Revision`, `Ref File ID`, …): no condition to filter by.
 */
const RUN_RECORD = /\b(rt range|creation date|instrument|software|workflow|file (id|name)|ref file|input files)\b/i;

/**
 * A sample annotation that groups the samples: 2 or more groups, fewer groups than samples, some group with 2
 * samples or more; names such as "condition" or "group" first, then groups read from names (`group (from names)`,
 * `group (from File Name)`: core/table/name-groups.ts), then any other; fewer groups first; never a replicate number or
 * a reporter channel (core/table/formats/naming.ts), nor what an instrument records about a run (RUN_RECORD).
 * null when none.
 * Never a batch (lab, site, plex, run date …: batch-columns.ts looksLikeBatch): "values in at least one group"
 * keeps a protein seen in one group only, which is biology for a condition but an artefact for a batch, and a
 * protein missing from a whole batch cannot have that batch removed. (A two-site TMT table with `site` and
 * `level` used to get "in at least one site": 627 proteins seen at one site only kept, and the app took `site`
 * for the known class, so it did not offer it as the batch to remove.)
 * @example proposeGroup({ site: ['A', 'A', 'B', 'B'], level: ['S1', 'S2', 'S1', 'S2'] }) // 'level'
 */
export function proposeGroup(annotations: Record<string, (string | null)[]>): string | null {
  let best: { name: string; score: number } | null = null;
  for (const [name, values] of Object.entries(annotations)) {
    if (!isOfferedGroup(name) && (NOT_A_GROUP.test(name) || RUN_RECORD.test(name) || (looksLikeBatch(name) && !CONDITION_NOT_BATCH.test(name)))) continue;
    const groups = groupsOf(values);
    const n = values.filter((v) => v !== null && v.trim() !== '').length;
    if (groups.length < 2 || groups.length >= n || !groups.some((g) => g.samples.length >= 2)) continue;
    // A sample table's group columns first, then groups read from names (a guess), then any other grouping.
    const score = (isOfferedGroup(name) ? 500 : GROUP_NAME.test(name) ? 1000 : 0) - groups.length;
    if (best === null || score > best.score) best = { name, score };
  }
  return best?.name ?? null;
}

/** The proposed valid-value step, in at least one group of `group` when there is one. */
export function minValidStep(group: string | null): MinValidStep {
  return { kind: 'min-valid', count: null, percent: DEFAULT_MIN_VALID_PERCENT, scope: group === null ? 'total' : 'any', group };
}

/** The recipe with its (default, untouched: in total, or by groups read from names) valid-value step grouped by `group`. */
export function withGroup(recipe: Recipe, group: string | null): Recipe {
  return {
    steps: recipe.steps.map((s): PrepStep =>
      s.kind === 'min-valid' && s.percent === DEFAULT_MIN_VALID_PERCENT && s.count === null && (s.group === null || isOfferedGroup(s.group)) ? minValidStep(group) : s,
    ),
  };
}

/** Why the valid-value filter is grouped as it is (the groups of the sample names are named, being a guess). */
function groupReason(group: string | null, annotations: Record<string, (string | null)[]>): string {
  if (group === null) return `Proteins need values in ${DEFAULT_MIN_VALID_PERCENT} % of the samples (attach a sample table to filter per group).`;
  if (!isOfferedGroup(group)) return `Proteins need values in ${DEFAULT_MIN_VALID_PERCENT} % of the samples of at least one “${group}” group.`;
  const names = groupsOf(annotations[group] ?? []).map((g) => g.name);
  const shown = names.slice(0, 6).join(', ') + (names.length > 6 ? ', …' : '');
  const of = group.slice('group (from '.length, -1);
  return (
    `Proteins need values in ${DEFAULT_MIN_VALID_PERCENT} % of the samples of at least one group of the ${of === 'names' ? 'sample names' : `sample table's “${of}”`} ` +
    `(${shown}: the names without their replicate numbers); ${of === 'names' ? 'attach a sample table' : 'choose another group'} to group them otherwise.`
  );
}

/**
 * The layout with the transform, valid-value and scale steps proposed, and the reasons (see the module comment).
 * Every layout gets its scale step (core/prepare/scale.ts), last, and `scaleBasis`, from which the scale is
 * proposed again when the transform changes.
 */
export function completeLayout(table: Table, layout: Layout): Layout {
  const reasons: string[] = [];
  const steps = [...layout.recipe.steps.filter((s) => s.kind !== 'scale')];
  const samplesAsColumns = layout.mapping.orientation === 'samples-as-columns';
  const quantity = layout.quantities.find((q) => q.name === layout.quantity) ?? null;
  const basis: ScaleBasis = { samplesAsColumns, quantity: quantity?.name ?? null, raw: quantity?.raw ?? null, looksLogarithmic: false };
  const finish = (): Layout => {
    const scale = proposeScale({ steps }, basis);
    reasons.push(scaleSentence(scale));
    return { ...layout, recipe: { steps: [...steps, scale] }, reasons, scaleBasis: basis };
  };
  if (!samplesAsColumns || (layout.mapping.sampleColumns?.length ?? 0) === 0) return finish();
  let data;
  try {
    data = prepare(table, layout.mapping, layout.recipe, { format: layout.format, remember: true });
  } catch {
    return finish();
  }
  const { step, reason, logarithmic } = proposeTransform(data.matrix.data, basis.raw, data.matrix.cols, basis.quantity);
  basis.looksLogarithmic = logarithmic;
  reasons.push(reason);
  // A floor is looked for among raw intensities only (those get a log2), before the log (floor.ts).
  const floor = step ? findFloor(data.matrix.data) : null;
  if (floor) {
    steps.push({ kind: 'floor-missing', value: floor.value });
    reasons.push(floorReason(floor));
  }
  if (step) steps.push(step);
  const group = proposeGroup(data.annotations);
  const filter = minValidStep(group);
  steps.push(filter);
  reasons.push(groupReason(group, data.annotations));
  return finish();
}
