/**
 * The preparation steps, each a pure function from mapped data to mapped data and a count (nothing is
 * modified in place except a matrix the caller owns). See core/table/types.ts PrepStep for what each means.
 *
 * Example (remove-flagged, MaxQuant): features with `Reverse` = "+" or whose first protein id starts with
 * "REV__" are dropped: 3 features [A, REV__B, C] → [A, C], count 1.
 */
import type { FlagKind, MappedData, PrepStep } from '../table/types.js';

export interface StepOutcome {
  data: MappedData;
  count: number;
}

/** Keep the features where `keep[l]` is 1: matrix columns, names and feature annotations. */
export function keepFeatures(data: MappedData, keep: Uint8Array): MappedData {
  const { rows: n, cols: p, data: x } = data.matrix;
  let q = 0;
  for (let l = 0; l < p; l++) if (keep[l]) q++;
  if (q === p) return data;
  const index = new Int32Array(q);
  for (let l = 0, j = 0; l < p; l++) if (keep[l]) index[j++] = l;
  const out = new Float64Array(n * q);
  let missingCells = 0;
  for (let i = 0; i < n; i++) {
    const from = i * p;
    const to = i * q;
    for (let j = 0; j < q; j++) {
      const v = x[from + index[j]!]!;
      out[to + j] = v;
      if (v !== v) missingCells++;
    }
  }
  const featureAnnotations: Record<string, (string | null)[]> = {};
  for (const [name, values] of Object.entries(data.featureAnnotations ?? {})) {
    featureAnnotations[name] = Array.from(index, (l) => values[l] ?? null);
  }
  return {
    ...data,
    matrix: { rows: n, cols: q, data: out },
    featureNames: Array.from(index, (l) => data.featureNames[l]!),
    featureAnnotations,
    missingCells,
  };
}

const FLAG_WORDS: Record<FlagKind, string> = {
  decoy: 'Decoys (reverse hits)',
  contaminant: 'Contaminants',
  'site-only': 'Proteins only identified by a modification site',
};

/** The step as the screen and the report name it: "Decoys (reverse hits) removed: Reverse = +, ids starting REV__". */
export function describeStep(step: PrepStep): string {
  switch (step.kind) {
    case 'remove-flagged': {
      const how: string[] = [];
      if (step.markerColumn) how.push(`${step.markerColumn} = +`);
      if (step.idColumn && step.prefixes.length > 0) how.push(`${step.idColumn} starting ${step.prefixes.join(' or ')}`);
      return `${FLAG_WORDS[step.flag]} removed (${how.join(', ')})`;
    }
    case 'zeros-missing':
      return 'Zeros made missing (0 = not quantified)';
  }
}

/** Columns of the table a step reads, which the mapping keeps as feature annotations. */
export function stepColumns(step: PrepStep): string[] {
  if (step.kind !== 'remove-flagged') return [];
  return [step.markerColumn, step.idColumn].filter((c): c is string => c !== null);
}

function isMarked(text: string | null | undefined): boolean {
  return text !== null && text !== undefined && text.trim() === '+';
}

function startsWithAny(text: string | null | undefined, prefixes: readonly string[]): boolean {
  if (text === null || text === undefined) return false;
  const first = text.split(';')[0]!.trim();
  return prefixes.some((p) => first.startsWith(p));
}

export function removeFlagged(data: MappedData, step: Extract<PrepStep, { kind: 'remove-flagged' }>): StepOutcome {
  const p = data.matrix.cols;
  const marker = step.markerColumn ? data.featureAnnotations?.[step.markerColumn] : undefined;
  const ids = step.idColumn ? data.featureAnnotations?.[step.idColumn] : undefined;
  const keep = new Uint8Array(p).fill(1);
  let removed = 0;
  for (let l = 0; l < p; l++) {
    if ((marker && isMarked(marker[l])) || (ids && startsWithAny(ids[l], step.prefixes))) {
      keep[l] = 0;
      removed++;
    }
  }
  return { data: keepFeatures(data, keep), count: removed };
}

/** 0 → missing in every cell (a copy of the matrix). */
export function zerosMissing(data: MappedData): StepOutcome {
  const x = data.matrix.data;
  let zeros = 0;
  for (let i = 0; i < x.length; i++) if (x[i] === 0) zeros++;
  if (zeros === 0) return { data, count: 0 };
  const out = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = x[i] === 0 ? NaN : x[i]!;
  return { data: { ...data, matrix: { ...data.matrix, data: out }, missingCells: data.missingCells + zeros }, count: zeros };
}

export function applyStep(data: MappedData, step: PrepStep): StepOutcome {
  switch (step.kind) {
    case 'remove-flagged':
      return removeFlagged(data, step);
    case 'zeros-missing':
      return zerosMissing(data);
  }
}
