/**
 * Which sample annotations look like batches — the lab, the TMT plex, the site, the instrument, the run date, the
 * plate — so the Prepare panel can offer them by name and the warnings can call a column a batch.
 *
 * A name is a batch name when one of its words is one of BATCH_WORDS, or starts with "tmt" (TMTplex, tmt_set),
 * case-insensitive; words are split at anything but letters, and at camelCase (`runDate` → run, date) or not. A column
 * is offered when its name is a batch name and it has 2 or more levels, each held by 2 samples or more (a level
 * of one sample cannot be corrected, and a column of one level has nothing to correct).
 * @example looksLikeBatch('TMT set') // true
 * @example looksLikeBatch('Experimental group') // false ("experimental" is not "experiment")
 * @example batchColumns({ lab: [{ value: 'A', count: 9 }, { value: 'B', count: 9 }], condition: […] }) // ['lab']
 */

/** Words that name a batch (a name matches when one of its words is one of them). */
export const BATCH_WORDS: ReadonlySet<string> = new Set([
  'lab', 'labs', 'laboratory', 'batch', 'batches', 'plex', 'site', 'centre', 'center', 'hospital', 'study',
  'dataset', 'instrument', 'machine', 'run', 'runs', 'date', 'plate', 'experiment', 'block', 'chip', 'lane',
  'slide', 'operator', 'technician', 'mixture',
]);

/** The words of a column name, lower case: split at non-letters and at camelCase boundaries. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 0);
}

/** True when the name says the column is a batch (see the module comment). */
export function looksLikeBatch(name: string): boolean {
  // Words split at camelCase and, for names such as "TMTplex" that the split cuts wrongly, without it.
  const words = [...nameWords(name), ...name.toLowerCase().split(/[^a-z]+/)];
  return words.some((w) => BATCH_WORDS.has(w) || w.startsWith('tmt'));
}

/** Each value of an annotation with the samples holding it (MapResult.annotationValues has this shape). */
export type LevelCounts = Record<string, readonly { value: string; count: number }[]>;

/** The levels of each annotation with their counts (samples with no value left out). */
export function levelCounts(annotations: Record<string, readonly (string | null)[]>): LevelCounts {
  const out: Record<string, { value: string; count: number }[]> = {};
  for (const [name, values] of Object.entries(annotations)) {
    const counts = new Map<string, number>();
    for (const v of values) if (v !== null && v.trim() !== '') counts.set(v, (counts.get(v) ?? 0) + 1);
    out[name] = [...counts].map(([value, count]) => ({ value, count }));
  }
  return out;
}

/** An annotation that can be corrected as a batch: 2 or more levels, each of 2 samples or more. */
export function correctable(levels: readonly { count: number }[]): boolean {
  return levels.length >= 2 && levels.every((l) => l.count >= 2);
}

/** The annotations that look like batches and can be corrected, in their order (see the module comment). */
export function batchColumns(levels: LevelCounts): string[] {
  return Object.entries(levels).filter(([name, l]) => looksLikeBatch(name) && correctable(l)).map(([name]) => name);
}
