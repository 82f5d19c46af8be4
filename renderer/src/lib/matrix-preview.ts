/**
 * The corner of the samples × features matrix the Import screen previews in "samples are columns" mode: the
 * first samples (rows of the matrix, with their missing counts) × the first features (by name), from the last
 * MapResult. Values are filled in only where they can be read without guessing: the sample's column is known
 * (no sample filtered out) and the feature's row is among the table's first rows, found by the same label rule as
 * the core (first label column with a value, first item of a ";" list). Other cells stay unknown (undefined).
 *
 * @example a table [protein, S1, S2] with rows [P1, 1, 0], [P2, 3, 4], zeros missing:
 *   matrixPreview(...).cells // [[1, 3], [null, 4]]  (S1: P1 = 1, P2 = 3; S2: P1 = 0 → missing, P2 = 4)
 */
import type { MapResult } from '../../../core/jobs/types';
import type { Mapping, Recipe } from '../../../core/table/types';

export type PreviewCell = string | number | null;

export interface MatrixPreview {
  samples: { name: string; column: string | null; missing: number | null }[];
  features: string[];
  /** cells[i][j]: sample i, feature j; a number, null = missing, undefined = not known here. */
  cells: (number | null | undefined)[][];
  /** Samples and features in the whole matrix. */
  n: number;
  p: number;
  /** False when a step of the recipe needs the whole matrix (median centring, imputation): no value is shown. */
  valuesShown: boolean;
}

/** How each cell's value is changed by the recipe, or null when a step needs more than the cell. */
export function cellTransform(recipe: Recipe): ((v: number) => number | null) | null {
  const ops: ((v: number) => number | null)[] = [];
  for (const step of recipe.steps) {
    switch (step.kind) {
      case 'zeros-missing':
        ops.push((v) => (v === 0 ? null : v));
        break;
      case 'floor-missing': {
        const floor = step.value;
        ops.push((v) => (v === floor ? null : v));
        break;
      }
      case 'transform': {
        const ln = Math.log(step.base);
        ops.push((v) => (v > 0 ? Math.log(v) / ln : null));
        break;
      }
      case 'remove-flagged':
      case 'min-valid':
        break; // whole features: the feature is there or not
      default:
        return null;
    }
  }
  return (v) => {
    let x: number | null = v;
    for (const op of ops) {
      if (x === null) return null;
      x = op(x);
    }
    return x;
  };
}

function firstItem(cell: PreviewCell | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  const first = String(cell).split(';')[0]!.trim();
  return first === '' ? null : first;
}

/** Row index (in `rows`) of each feature name, null when not found among them. */
export function featureRows(
  features: readonly string[],
  header: readonly string[],
  rows: readonly PreviewCell[][],
  labelColumns: readonly string[],
): (number | null)[] {
  const labelIndex = labelColumns.map((c) => header.indexOf(c)).filter((i) => i >= 0);
  const byLabel = new Map<string, number[]>();
  const unlabelled = new Set<number>();
  rows.forEach((row, r) => {
    let label: string | null = null;
    for (const i of labelIndex) {
      label = firstItem(row[i]);
      if (label !== null) break;
    }
    if (label === null) unlabelled.add(r);
    else byLabel.set(label, [...(byLabel.get(label) ?? []), r]);
  });
  return features.map((name) => {
    const hits = byLabel.get(name);
    if (hits && hits.length === 1) return hits[0]!;
    const m = /^Row (\d+)$/.exec(name);
    if (m && !hits) {
      const r = Number(m[1]) - 1;
      return unlabelled.has(r) ? r : null;
    }
    return null;
  });
}

function valueOf(cell: PreviewCell | undefined, change: (v: number) => number | null): number | null {
  if (typeof cell === 'number') return Number.isNaN(cell) ? null : change(cell);
  return null;
}

export function matrixPreview(
  map: Pick<MapResult, 'sampleIds' | 'featureNames' | 'missingBySample' | 'n' | 'p'>,
  mapping: Mapping,
  header: readonly string[],
  rows: readonly PreviewCell[][],
  recipe: Recipe,
  size = 8,
): MatrixPreview {
  const change = cellTransform(recipe);
  const sampleIds = map.sampleIds ?? [];
  const sampleColumns = mapping.sampleColumns ?? [];
  const columnsKnown = mapping.filters.length === 0 && sampleColumns.length === sampleIds.length;
  const samples = sampleIds.slice(0, size).map((name, i) => ({
    name,
    column: columnsKnown ? sampleColumns[i]! : null,
    missing: map.missingBySample ? (map.missingBySample[i] ?? null) : null,
  }));
  const features = map.featureNames.slice(0, size);
  const at = featureRows(features, header, rows, mapping.featureLabelColumns ?? []);
  const cells = samples.map((s) => {
    const c = s.column === null ? -1 : header.indexOf(s.column);
    return at.map((r) => (c < 0 || r === null || change === null ? undefined : valueOf(rows[r]![c], change)));
  });
  return { samples, features, cells, n: map.n, p: map.p, valuesShown: change !== null };
}
