/**
 * When a batch column is confounded with the known class, removing the batch removes the class too. Two cases:
 * - every batch holds a single class (e.g. lab A = control, lab B = treated): the batch means are the class
 *   means, so centring each batch removes every difference between the classes;
 * - a class lies entirely in one batch (e.g. only lab C measured the highest dose): that class's difference from
 *   the classes in other batches cannot be told from the batch's own shift, and centring removes part of it.
 * Only samples with a value in both columns count. The known class is the run's class column, else the group of
 * a per-group valid-value filter (knownClass).
 * @example batchConfounding(['L1', 'L1', 'L2', 'L2'], ['a', 'a', 'b', 'b'], { batch: 'lab', known: 'condition' })
 *   // '“lab” is confounded with “condition”: each batch holds a single “condition” (L1: a; L2: b), so removing …'
 */
import type { BatchStep, Recipe } from '../table/types.js';

/** The annotation the data are known to be grouped by: `classColumn`, else the group of a per-group valid-value filter. */
export function knownClass(classColumn: string | null, recipe: Recipe): string | null {
  if (classColumn !== null) return classColumn;
  for (const step of recipe.steps) if (step.kind === 'min-valid' && step.scope !== 'total' && step.group !== null) return step.group;
  return null;
}

export function batchStepOf(recipe: Recipe): BatchStep | null {
  return (recipe.steps.find((s) => s.kind === 'batch') as BatchStep | undefined) ?? null;
}

/** At most this many batches or classes are named in one sentence (then "…"). */
const NAMED = 6;

function listed(items: string[]): string {
  return items.length > NAMED ? `${items.slice(0, NAMED).join('; ')}; …` : items.join('; ');
}

/** One sentence when `batch` is confounded with `known` (see the module comment), else null. */
export function batchConfounding(
  batch: readonly (string | null)[],
  known: readonly (string | null)[],
  names: { batch: string; known: string },
): string | null {
  const classesOf = new Map<string, Set<string>>();
  const batchesOf = new Map<string, Set<string>>();
  for (let i = 0; i < batch.length; i++) {
    const b = batch[i];
    const c = known[i];
    if (b === null || b === undefined || c === null || c === undefined || b.trim() === '' || c.trim() === '') continue;
    if (!classesOf.has(b)) classesOf.set(b, new Set());
    if (!batchesOf.has(c)) batchesOf.set(c, new Set());
    classesOf.get(b)!.add(c);
    batchesOf.get(c)!.add(b);
  }
  if (classesOf.size < 2 || batchesOf.size < 2) return null;
  const B = `“${names.batch}”`;
  const K = `“${names.known}”`;
  if (names.batch === names.known) return `${B} is the class itself: removing it as a batch effect removes the differences between its groups.`;
  if ([...classesOf.values()].every((set) => set.size === 1)) {
    const pairs = [...classesOf].map(([b, set]) => `${b}: ${[...set][0]}`);
    return `${B} is confounded with ${K}: each batch holds a single ${K} (${listed(pairs)}), so removing the batch effect removes the differences between the ${K} groups too.`;
  }
  const alone = [...batchesOf].filter(([, set]) => set.size === 1).map(([c, set]) => ({ c, b: [...set][0]! }));
  if (alone.length === 0) return null;
  const where = alone.length === 1
    ? `“${alone[0]!.c}” lies entirely in batch “${alone[0]!.b}”`
    : `${listed(alone.map(({ c, b }) => `“${c}” lies entirely in batch “${b}”`))}`;
  const them = alone.length === 1 ? `“${alone[0]!.c}”` : 'these';
  return `${B} is partly confounded with ${K}: ${where}, so removing the batch effect also removes part of the differences between ${them} and the other ${K} groups.`;
}

/** A batch column of the recipe confounded with an annotation: the Prepare panel picks the known class's. */
export interface Confounding {
  batch: string;
  known: string;
  message: string;
}

/** True when an annotation groups the samples: fewer distinct values than samples with one (not a per-sample id). */
function groups(values: readonly (string | null)[]): boolean {
  const seen = new Set<string>();
  let count = 0;
  for (const v of values) {
    if (v === null || v.trim() === '') continue;
    seen.add(v);
    count++;
  }
  return seen.size < count;
}

/**
 * Every batch column of the recipe's batch step against every annotation that groups the samples (itself
 * included; per-sample ids left out): those confounded.
 */
export function confoundings(annotations: Record<string, readonly (string | null)[]>, recipe: Recipe): Confounding[] {
  const step = batchStepOf(recipe);
  if (!step) return [];
  const out: Confounding[] = [];
  for (const batch of step.columns) {
    const values = annotations[batch];
    if (!values) continue;
    for (const [known, classes] of Object.entries(annotations)) {
      if (!groups(classes)) continue;
      const message = batchConfounding(values, classes, { batch, known });
      if (message !== null) out.push({ batch, known, message });
    }
  }
  return out;
}

/** The confounding sentences of the recipe's batch columns with the known class (knownClass), for a run's warnings. */
export function batchWarnings(annotations: Record<string, readonly (string | null)[]>, recipe: Recipe, classColumn: string | null): string[] {
  const known = knownClass(classColumn, recipe);
  const step = batchStepOf(recipe);
  if (known === null || !step || !annotations[known]) return [];
  return step.columns.flatMap((batch) => {
    const values = annotations[batch];
    const message = values ? batchConfounding(values, annotations[known]!, { batch, known }) : null;
    return message !== null ? [message] : [];
  });
}
