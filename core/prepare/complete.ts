/**
 * Whether prepared data are known to have no missing cell without a pass over the matrix, so that what looks
 * for missing cells (core/report/rows.ts imputedCellsOf) can skip a pass of n × p cells.
 *
 * MappedData.missingCells is the number of NaN cells of the matrix as the mapping builds it (counted from the
 * columns' missing and bad cells, core/table/mapping.ts, or on the matrix itself, sample-columns.ts) and after
 * each step that keeps it so: remove-flagged and min-valid drop features and recount what they keep
 * (keep-features.ts), drop-samples recounts the samples it keeps (keep-samples.ts), zeros-missing adds the zeros it
 * makes missing (floor-missing the floor cells), a transform counts the NaN cells of its output (log of 0 or a negative value), and so does a batch
 * correction (where ∞ − ∞ gives NaN); the scale step changes no value. Median centring does not count: an infinite
 * value gives ∞ − ∞ = NaN there; an impute step flags cells that must be found anyway. With those, nothing is known.
 * Example: a plain table with every cell filled and no step → true; the same with a log2 that makes a 0
 * missing → false (missingCells = 1).
 */
import type { MappedData, PrepStep, Recipe } from '../table/types.js';

/** Steps after which MappedData.missingCells is still the number of NaN cells of the matrix. */
const COUNTING_STEPS: ReadonlySet<PrepStep['kind']> = new Set(['remove-flagged', 'min-valid', 'zeros-missing', 'floor-missing', 'transform', 'drop-samples', 'batch', 'scale']);

/** True when `data`, prepared by `recipe` (core/prepare prepare), has no NaN cell (see the module comment). */
export function knownComplete(data: MappedData, recipe: Recipe): boolean {
  return data.missingCells === 0 && (data.imputed ?? null) === null && recipe.steps.every((step) => COUNTING_STEPS.has(step.kind));
}
