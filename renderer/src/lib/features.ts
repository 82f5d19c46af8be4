/** Sorting of the ranked-feature table (pure, for the FeatureTable and its tests). */
import type { RankedFeature } from '../../../core/jobs/types';

export interface FeatureSort {
  key: 'rank' | 'name' | 'score';
  descending: boolean;
}

/** Returns a sorted copy; `rankOf` maps a feature index to its 1-based rank. Ties keep rank order. */
export function sortFeatures(rows: RankedFeature[], sort: FeatureSort, rankOf: Map<number, number>): RankedFeature[] {
  const rank = (f: RankedFeature) => rankOf.get(f.index) ?? Number.MAX_SAFE_INTEGER;
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    let c = 0;
    if (sort.key === 'name') c = a.name.localeCompare(b.name, undefined, { numeric: true });
    else if (sort.key === 'score') c = a.score - b.score;
    else c = rank(a) - rank(b);
    return c !== 0 ? sign * c : rank(a) - rank(b);
  });
}
