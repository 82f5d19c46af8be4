/**
 * Pure helpers for the column mapping (core/table Mapping): the role of each column, changing roles,
 * the default guess when a file is opened, and selecting features by kind or by a regular expression.
 * Every function returns a new Mapping; none mutates its input.
 */
import { emptyRowsMapping } from '../../../core/table/empty-mapping';
import { idColumnOf } from '../../../core/request/sample-id';
import { namePattern, type NamePattern } from '../../../core/table/name-pattern';
import type { ColumnSummary, Mapping } from '../../../core/table/types';

export type ColumnRole = 'id' | 'annotation' | 'feature' | 'ignore';

export const ROLE_LABELS: Record<ColumnRole, string> = {
  id: 'Sample id',
  annotation: 'Annotation',
  feature: 'Feature',
  ignore: 'Ignore',
};

export function roleOf(mapping: Mapping, column: ColumnSummary): ColumnRole {
  if (mapping.idColumn === column.name) return 'id';
  if (mapping.annotationColumns.includes(column.name)) return 'annotation';
  if (mapping.featureColumns === null) return column.kind === 'numeric' ? 'feature' : 'ignore';
  return mapping.featureColumns.includes(column.name) ? 'feature' : 'ignore';
}

/**
 * roleOf for many columns of one mapping: the annotation and feature lists looked up in sets made once (issue 27:
 * on a table of 10 000 columns, a list's `includes` for each column took most of the Import screen's first render).
 * @example roleLookup(mapping)(column) === roleOf(mapping, column)
 */
export function roleLookup(mapping: Mapping): (column: ColumnSummary) => ColumnRole {
  const annotations = new Set(mapping.annotationColumns);
  const features = mapping.featureColumns === null ? null : new Set(mapping.featureColumns);
  return (column) => {
    if (mapping.idColumn === column.name) return 'id';
    if (annotations.has(column.name)) return 'annotation';
    if (features === null) return column.kind === 'numeric' ? 'feature' : 'ignore';
    return features.has(column.name) ? 'feature' : 'ignore';
  };
}

/** The explicit feature list, resolving `featureColumns: null` to "every numeric column not id/annotation". */
export function featureList(mapping: Mapping, columns: ColumnSummary[]): string[] {
  const role = roleLookup(mapping);
  return columns.filter((c) => role(c) === 'feature').map((c) => c.name);
}

export function setRole(mapping: Mapping, columns: ColumnSummary[], name: string, role: ColumnRole): Mapping {
  const features = featureList(mapping, columns).filter((f) => f !== name);
  const annotations = mapping.annotationColumns.filter((a) => a !== name);
  let idColumn = mapping.idColumn === name ? null : mapping.idColumn;
  if (role === 'id') {
    idColumn = name;
  } else if (role === 'annotation') {
    annotations.push(name);
  } else if (role === 'feature') {
    features.push(name);
  }
  const order = new Map(columns.map((c, i) => [c.name, i]));
  const byOrder = (a: string, b: string) => (order.get(a) ?? 0) - (order.get(b) ?? 0);
  return {
    ...mapping,
    idColumn,
    annotationColumns: annotations.sort(byOrder),
    featureColumns: features.sort(byOrder),
    featuresMatch: null,
    filters: mapping.filters.filter((f) => role === 'annotation' || f.column !== name),
  };
}

/**
 * The first guess for a freshly opened table (samples as rows): the sample id is the column `skfr cluster` takes
 * (core/request/sample-id.ts: the first text column whose values are all present and distinct and whose name says
 * it is an id); the other text columns are annotations; every numeric column a feature.
 */
export function guessMapping(columns: ColumnSummary[], rowCount: number): Mapping {
  const text = columns.filter((c) => c.kind === 'text');
  const idName = idColumnOf(columns.map((c) => ({ name: c.name, kind: c.kind === 'text' ? 'text' : 'numeric', unique: c.missing === 0 && c.distinctCount === rowCount })));
  const id = text.find((c) => c.name === idName) ?? null;
  return emptyRowsMapping({
    idColumn: id?.name ?? null,
    annotationColumns: text.filter((c) => c !== id).map((c) => c.name),
    featureColumns: columns.filter((c) => c.kind === 'numeric').map((c) => c.name),
  });
}

/** Marks every numeric column among `names` (default: all) as a feature, keeping id and annotations. */
export function selectNumeric(mapping: Mapping, columns: ColumnSummary[], names?: string[]): Mapping {
  const pool = names ? new Set(names) : null;
  let next = mapping;
  for (const c of columns) {
    if (c.kind !== 'numeric' || (pool && !pool.has(c.name))) continue;
    const role = roleOf(next, c);
    if (role === 'ignore') next = setRole(next, columns, c.name, 'feature');
  }
  return next;
}

/** Marks every feature among `names` as ignored. */
export function clearFeatures(mapping: Mapping, columns: ColumnSummary[], names?: string[]): Mapping {
  const pool = names ? new Set(names) : null;
  const features = featureList(mapping, columns).filter((f) => pool !== null && !pool.has(f));
  return { ...mapping, featureColumns: features, featuresMatch: null };
}

export type RegexOutcome = { ok: true; mapping: Mapping; matched: number } | { ok: false; reason: string };

/**
 * Makes the numeric columns whose names match `pattern` the features (and only those), e.g. `_N$`.
 * An invalid pattern gives a reason quoting it.
 */
export function selectByRegex(mapping: Mapping, columns: ColumnSummary[], pattern: string): RegexOutcome {
  let re: NamePattern;
  try {
    re = namePattern(pattern, 'The pattern');
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message.replace(/^The pattern /, '') : String(e) };
  }
  const matched = columns.filter(
    (c) => c.kind === 'numeric' && re.test(c.name) && c.name !== mapping.idColumn && !mapping.annotationColumns.includes(c.name),
  );
  if (matched.length === 0) {
    return { ok: false, reason: `No numeric column name matches “${pattern}”.` };
  }
  return { ok: true, mapping: { ...mapping, featureColumns: matched.map((c) => c.name), featuresMatch: null }, matched: matched.length };
}

/** Case-insensitive substring search over column names. */
export function filterColumns(columns: ColumnSummary[], query: string): ColumnSummary[] {
  const q = query.trim().toLowerCase();
  return q === '' ? columns : columns.filter((c) => c.name.toLowerCase().includes(q));
}
