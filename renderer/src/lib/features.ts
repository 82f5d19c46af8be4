/** Sorting of the ranked-feature table (pure, for the FeatureTable and its tests). */
import type { RankedFeature } from '../../../core/jobs/types';
import { classifyText } from '../../../core/table/cells';

export interface FeatureSort {
  /** 'frequency': the selection frequency over stability's subsample fits. */
  key: 'rank' | 'name' | 'score' | 'frequency';
  descending: boolean;
}

/**
 * Returns a sorted copy; `rankOf` maps a feature index to its 1-based rank, `frequency` (by feature index) is
 * the selection frequency for the 'frequency' key. Ties keep rank order.
 */
export function sortFeatures(rows: RankedFeature[], sort: FeatureSort, rankOf: Map<number, number>, frequency?: ArrayLike<number> | null): RankedFeature[] {
  const rank = (f: RankedFeature) => rankOf.get(f.index) ?? Number.MAX_SAFE_INTEGER;
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    let c = 0;
    if (sort.key === 'name') c = a.name.localeCompare(b.name, undefined, { numeric: true });
    else if (sort.key === 'score') c = a.score - b.score;
    else if (sort.key === 'frequency') c = (frequency?.[a.index] ?? 0) - (frequency?.[b.index] ?? 0);
    else c = rank(a) - rank(b);
    return c !== 0 ? sign * c : rank(a) - rank(b);
  });
}

/** Feature annotations naming the protein group, most specific first (MaxQuant, DIA-NN, Spectronaut, FragPipe, Perseus). */
const GROUP_COLUMNS = [
  /^(T: )?Majority protein IDs$/i,
  /^Protein\.Group$/i,
  /^PG\.ProteinGroups$/i,
  /^(T: )?Protein IDs$/i,
  /^Protein$/i,
  /^Protein ID$/i,
  /^Protein\.Ids$/i,
  /^Accession$/i,
  /^accession[_. ]?numbers?$/i,
  /protein/i,
];

/**
 * True when most of the values given are not numbers, as the reader tells them (core/table/cells.ts classifyText):
 * ids, not a count or a measure ("numColumnsProteinObserved").
 */
function looksLikeIds(values: readonly (string | null)[]): boolean {
  let text = 0;
  let numbers = 0;
  for (const v of values) {
    const cell = v === null ? null : classifyText(v);
    if (typeof cell === 'number') numbers++;
    else if (cell !== null) text++;
  }
  return text > numbers;
}

/**
 * The feature annotation to show beside each feature's label as its protein group (the label being the gene
 * name), or null when there is none or it says nothing more than the labels. A column of numbers is never one,
 * whatever its name (a GCT's "numColumnsProteinObserved" is a count; its "accession_number" is the protein).
 * @example groupColumnOf({ 'Gene names': […], 'Majority protein IDs': […] }, names) // 'Majority protein IDs'
 */
export function groupColumnOf(annotations: Record<string, (string | null)[]> | undefined, names: readonly string[]): string | null {
  if (!annotations) return null;
  const keys = Object.keys(annotations);
  for (const pattern of GROUP_COLUMNS) {
    for (const key of keys.filter((k) => pattern.test(k))) {
      const values = annotations[key]!;
      if (looksLikeIds(values) && values.some((v, i) => v !== null && v !== names[i])) return key;
    }
  }
  return null;
}
