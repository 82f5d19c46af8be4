/**
 * Pure helpers for "samples are columns" (proteins × samples tables, as quantification software writes them):
 * the role of each column (a sample, the feature label, a feature annotation, or ignored), changing roles,
 * choosing sample columns by a pattern on their names, and the first proposal for a table nothing recognised.
 * Every function returns a new Mapping; none mutates its input.
 *
 * @example setColumnsRole(m, columns, 'Gene names', 'label').featureLabelColumns // [...m.featureLabelColumns, 'Gene names']
 */
import { emptyColumnsMapping } from '../../../core/table/empty-mapping';
import { namePattern, type NamePattern } from '../../../core/table/name-pattern';
import type { ColumnSummary, Layout, Mapping } from '../../../core/table/types';
import { guessMapping } from './mapping';

export type ColumnsRole = 'sample' | 'label' | 'annotation' | 'ignore';

export const COLUMNS_ROLE_LABELS: Record<ColumnsRole, string> = {
  sample: 'Sample',
  label: 'Feature label',
  annotation: 'Feature annotation',
  ignore: 'Ignore',
};

/** Sample > label > annotation > ignore (a label column may also be kept as an annotation; it shows as label). */
export function columnsRoleOf(mapping: Mapping, name: string): ColumnsRole {
  if (mapping.sampleColumns?.includes(name)) return 'sample';
  if (mapping.featureLabelColumns?.includes(name)) return 'label';
  if (mapping.featureAnnotationColumns?.includes(name)) return 'annotation';
  return 'ignore';
}

function inTableOrder(names: Iterable<string>, columns: readonly ColumnSummary[]): string[] {
  const order = new Map(columns.map((c, i) => [c.name, i]));
  return [...new Set(names)].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

/**
 * Gives column `name` the role `role`. Sample columns and annotations stay in table order; a new label column
 * is tried after the existing ones (the first label column with a value names the feature). Filters are kept:
 * in this mode they act on sample annotations, not on columns.
 */
export function setColumnsRole(mapping: Mapping, columns: readonly ColumnSummary[], name: string, role: ColumnsRole): Mapping {
  const samples = (mapping.sampleColumns ?? []).filter((c) => c !== name);
  const labels = (mapping.featureLabelColumns ?? []).filter((c) => c !== name);
  let annotations = mapping.featureAnnotationColumns ?? [];
  if (role === 'sample' || role === 'ignore' || role === 'annotation') annotations = annotations.filter((c) => c !== name);
  if (role === 'sample') samples.push(name);
  if (role === 'label') labels.push(name);
  if (role === 'annotation') annotations = [...annotations, name];
  return {
    ...mapping,
    orientation: 'samples-as-columns',
    sampleColumns: inTableOrder(samples, columns),
    sampleColumnsMatch: null,
    featureLabelColumns: labels,
    featureAnnotationColumns: inTableOrder(annotations, columns),
  };
}

export type PatternOutcome = { ok: true; mapping: Mapping; matched: number } | { ok: false; reason: string };

/**
 * Makes the columns whose names match `pattern` the sample columns (and only those), e.g. `^LFQ intensity `.
 * Numeric (or empty) columns are taken; when none of the matches is numeric, the text ones are (a column where
 * "Filtered" marks missing cells reads as text). Label and annotation columns that match become samples too.
 */
export function selectSamplesByPattern(mapping: Mapping, columns: readonly ColumnSummary[], pattern: string): PatternOutcome {
  let re: NamePattern;
  try {
    re = namePattern(pattern, 'The pattern');
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message.replace(/^The pattern /, '') : String(e) };
  }
  const matching = columns.filter((c) => re.test(c.name));
  const numeric = matching.filter((c) => c.kind !== 'text');
  const chosen = numeric.length > 0 ? numeric : matching;
  if (chosen.length === 0) return { ok: false, reason: `No column name matches “${pattern}”.` };
  const names = new Set(chosen.map((c) => c.name));
  return {
    ok: true,
    matched: chosen.length,
    mapping: {
      ...mapping,
      orientation: 'samples-as-columns',
      sampleColumns: chosen.map((c) => c.name),
      sampleColumnsMatch: null,
      featureLabelColumns: (mapping.featureLabelColumns ?? []).filter((c) => !names.has(c)),
      featureAnnotationColumns: (mapping.featureAnnotationColumns ?? []).filter((c) => !names.has(c)),
    },
  };
}

/**
 * The first proposal for a table read with samples as columns when nothing recognised it: every numeric column
 * is a sample, the first text column labels the features and the other text columns describe them.
 * @example proposeColumnsMapping([{name:'protein',kind:'text'}, {name:'S1',kind:'numeric'}, …])
 *   // { sampleColumns: ['S1', …], featureLabelColumns: ['protein'], featureAnnotationColumns: [] }
 */
export function proposeColumnsMapping(columns: readonly ColumnSummary[], keep: Pick<Mapping, 'design' | 'maxMissingFraction'> = {}): Mapping {
  const text = columns.filter((c) => c.kind === 'text').map((c) => c.name);
  return emptyColumnsMapping({
    maxMissingFraction: keep.maxMissingFraction ?? null,
    sampleColumns: columns.filter((c) => c.kind === 'numeric').map((c) => c.name),
    featureLabelColumns: text.slice(0, 1),
    featureAnnotationColumns: text.slice(1),
    design: keep.design ?? null,
  });
}

/**
 * The mapping after the orientation toggle: the recognised layout's own mapping when it is in that orientation,
 * else a proposal (columns: proposeColumnsMapping; rows: guessMapping). The sample table and the
 * missing-fraction filter carry over; row filters do not (they name columns of one mode).
 */
export function switchOrientation(
  mapping: Mapping,
  columns: readonly ColumnSummary[],
  rowCount: number,
  orientation: Mapping['orientation'],
  layout: Layout | null,
): Mapping {
  if (orientation === mapping.orientation) return mapping;
  const keep = { design: mapping.design ?? null, maxMissingFraction: mapping.maxMissingFraction ?? null };
  if (layout && layout.mapping.orientation === orientation) return { ...structuredCopy(layout.mapping), ...keep, filters: [] };
  if (orientation === 'samples-as-columns') return proposeColumnsMapping(columns, keep);
  return { ...guessMapping([...columns], rowCount), ...keep };
}

function structuredCopy(mapping: Mapping): Mapping {
  return JSON.parse(JSON.stringify(mapping)) as Mapping;
}

/** "Gene names, else Majority protein IDs, else the row number" — how each feature is named. */
export function labelRule(mapping: Mapping): string {
  const labels = mapping.featureLabelColumns ?? [];
  return labels.length === 0 ? 'the row number' : `${labels.join(', else ')}, else the row number`;
}
