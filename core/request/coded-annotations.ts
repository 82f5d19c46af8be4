/**
 * Sample annotations written as numbers in a table with one sample per row: a numeric column whose name says it
 * describes the samples — a word of it is a class's (core/prepare/class-names.ts: “class”, “group”, “condition”,
 * “treatment”, “genotype”, “sex”, …) or a batch's (core/prepare/batch-columns.ts: lab, batch, plex, plate, run, …) — and whose values
 * are whole numbers of 2 to ⌊rows / 2⌋ levels (codes that samples share). The true class `skfr simulate` writes
 * (1 … k), a group coded 1 / 2, a plate number: annotations (compared with the clusters, shown beside the
 * samples), never features — fitted, the answer would be among the data. `skfr cluster` (without --features) and
 * the app's Import screen take the same columns; their notes say so (under “Recognised:”, on the Import screen).
 * @example codedAnnotationColumns(parse('id,F1,class\nS1,0.5,1\nS2,1.5,1\nS3,2.5,2\nS4,3.5,2\n')) // ['class']
 */
import { looksLikeBatch } from '../prepare/batch-columns.js';
import { looksLikeClass } from '../prepare/class-names.js';
import type { Table } from '../table/types.js';

/** Whether `name` names a sample annotation: a class's (core/prepare/class-names.ts) or a batch's. */
export function isAnnotationName(name: string): boolean {
  return looksLikeClass(name) || looksLikeBatch(name);
}

/**
 * The levels of `numbers` (NaN where missing) when they are codes: whole numbers, 2 to ⌊rows / 2⌋ distinct values
 * among the present ones; else 0. Example: [1, 1, 2, 2] → 2; [1, 2, 3, 4] → 0 (one sample each); [1, 1.5] → 0.
 */
export function codeLevels(numbers: ArrayLike<number>, rows: number): number {
  const most = Math.floor(rows / 2);
  const levels = new Set<number>();
  for (let i = 0; i < rows; i++) {
    const v = numbers[i]!;
    if (v !== v) continue;
    if (!Number.isSafeInteger(v)) return 0;
    levels.add(v);
    if (levels.size > most) return 0;
  }
  return levels.size >= 2 ? levels.size : 0;
}

/** The numeric columns of `table` that are coded sample annotations (see the module comment), in their order. */
export function codedAnnotationColumns(table: Pick<Table, 'columns' | 'rowCount'>): string[] {
  return table.columns
    .filter((c) => c.kind === 'numeric' && c.numbers !== null && isAnnotationName(c.name) && codeLevels(c.numbers, table.rowCount) > 0)
    .map((c) => c.name);
}

/**
 * The sentence for the layout's notes when `columns` (coded annotations the rule took) are not features,
 * else null. Example: ['class'] → '“class” holds whole-number codes shared by samples and is named like a sample
 * annotation: it is kept beside the samples, not fitted (--features to fit it).'
 */
export function codedAnnotationNote(columns: readonly string[]): string | null {
  if (columns.length === 0) return null;
  const names = columns.map((c) => `“${c}”`).join(', ');
  const one = columns.length === 1;
  return `${names} ${one ? 'holds' : 'hold'} whole-number codes shared by samples and ${one ? 'is' : 'are'} named like a sample annotation: ${one ? 'it is' : 'they are'} kept beside the samples, not fitted (--features to fit ${one ? 'it' : 'them'}).`;
}
