/**
 * The proposal's preparation, kept for the run's (issue 27: computed once and reused). To propose a transform, a
 * floor and a valid-value group, completeLayout (propose.ts) prepares the table with the format's steps (flagged
 * rows out, zeros missing) and looks at the values; the run then prepares the same table with the same mapping
 * and a recipe that begins with those steps. The proposal's mapped data and each step's outcome are kept with the
 * table, and the next prepare with the same mapping takes them (once: the entry is gone after) for the steps its
 * recipe shares from the start, instead of mapping and running them again. Same result: the mapping and the
 * steps never modify their input and depend on nothing but it and the step, and what is taken has been read by
 * no one but the proposal, which only reads.
 *
 * Kept only while its matrices hold at most REMEMBERED_CELLS values together (16 MB: the proteins × samples
 * tables of a lab, 10 000 × 100 included), so a large table is not held twice while the app shows its Import screen.
 * @example
 *   prepare(table, mapping, formatSteps, { remember: true }); // the proposal: maps, runs 2 steps, keeps them
 *   prepare(table, mapping, fullRecipe); // takes the mapped data and the 2 outcomes, runs the log2, the filter …
 */
import type { StepOutcome } from './outcome.js';
import type { MappedData, Table } from '../table/types.js';

export interface Stages {
  mapped: MappedData;
  /** The outcome of each step run, in order, with the step as JSON. */
  steps: { key: string; outcome: StepOutcome }[];
}

/** Values kept at most, over the mapped matrix and every step's (16 MB of doubles). */
export const REMEMBERED_CELLS = 2_000_000;

const kept = new WeakMap<Table, { key: string; stages: Stages }>();

/** Keep `stages` of a prepare of `table` with the mapping `key` (replacing what was kept), if they are small enough. */
export function remember(table: Table, key: string, stages: Stages): void {
  const arrays = new Set([stages.mapped.matrix.data, ...stages.steps.map((s) => s.outcome.data.matrix.data)]);
  let cells = 0;
  for (const a of arrays) cells += a.length;
  if (cells <= REMEMBERED_CELLS) kept.set(table, { key, stages });
  else kept.delete(table);
}

/** The stages kept for `table` with the mapping `key`, taken (null when none, or kept for another mapping). */
export function take(table: Table, key: string): Stages | null {
  const entry = kept.get(table);
  if (entry === undefined) return null;
  kept.delete(table);
  return entry.key === key ? entry.stages : null;
}
