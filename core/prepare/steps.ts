/**
 * The preparation steps, each a pure function from mapped data to mapped data and a count (nothing is
 * modified in place except a matrix the caller owns). See core/table/types.ts PrepStep for what each means.
 *
 * Example (remove-flagged, MaxQuant): features with `Reverse` = "+" or whose first protein id starts with
 * "REV__" are dropped: 3 features [A, REV__B, C] → [A, C], count 1.
 */
import type { FlagKind, MappedData, PrepStep } from '../table/types.js';
import { describeDropSamples, dropSamples } from './drop-samples.js';
import { describeBatch, removeBatch } from './batch.js';
import { impute } from './impute.js';
import { medianCentre } from './normalize.js';
import { keepFeatures } from './keep-features.js';
import type { StepOutcome } from './outcome.js';
import { transform } from './transform.js';
import { describeMinValid, minValid } from './valid-values.js';
import { scaleWords } from './scale.js';
import { describeFloor, floorMissing } from './floor.js';

export type { StepOutcome } from './outcome.js';
export { keepFeatures } from './keep-features.js';

const FLAG_WORDS: Record<FlagKind, string> = {
  decoy: 'Decoys (reverse hits)',
  contaminant: 'Contaminants',
  'site-only': 'Proteins only identified by a modification site',
  'not-master': 'Proteins that are not the master of their group',
};

/** The step as the screen and the report name it: "Decoys (reverse hits) removed: Reverse = +, ids starting REV__". */
export function describeStep(step: PrepStep): string {
  switch (step.kind) {
    case 'remove-flagged': {
      const how: string[] = [];
      if (step.markerColumn) how.push(`${step.markerColumn} = ${(step.markerValues ?? ['+']).join(' or ')}`);
      if (step.idColumn && step.prefixes.length > 0) how.push(`${step.idColumn} starting ${step.prefixes.join(' or ')}`);
      return `${FLAG_WORDS[step.flag]} removed (${how.join(', ')})`;
    }
    case 'zeros-missing':
      return 'Zeros made missing (0 = not quantified)';
    case 'floor-missing':
      return describeFloor(step);
    case 'transform':
      return `Values log${step.base}-transformed${step.nonPositive === 'missing' ? ' (0 and negative values made missing)' : ''}`;
    case 'drop-samples':
      return describeDropSamples(step);
    case 'min-valid':
      return describeMinValid(step);
    case 'normalize':
      return 'Median centring of each sample';
    case 'batch':
      return describeBatch(step);
    case 'impute':
      return step.method === 'downshift'
        ? `Missing values imputed from a down-shifted normal (shift ${step.shift} sd, width ${step.width} sd, seed ${step.seed})`
        : 'Missing values imputed with the feature’s minimum';
    case 'scale': {
      const words = scaleWords(step.method);
      return `Features ${words}${step.reason ? ` (${step.reason})` : ''}`;
    }
  }
}

/** Columns of the table a step reads, which the mapping keeps as feature annotations. */
export function stepColumns(step: PrepStep): string[] {
  if (step.kind !== 'remove-flagged') return [];
  return [step.markerColumn, step.idColumn].filter((c): c is string => c !== null);
}

/** The marker cell flags its row: "+", or one of the step's `markerValues` (PD `Contaminant` = True, PAW `Filter` = reversed). */
function isMarked(text: string | null | undefined, values: ReadonlySet<string> | null): boolean {
  if (text === null || text === undefined) return false;
  return values === null ? text.trim() === '+' : values.has(text.trim());
}

function startsWithAny(text: string | null | undefined, prefixes: readonly string[]): boolean {
  if (text === null || text === undefined) return false;
  const semicolon = text.indexOf(';'); // (not split: a list of 100 ids made 100 strings to look at one)
  const first = (semicolon < 0 ? text : text.slice(0, semicolon)).trim();
  return prefixes.some((p) => first.startsWith(p));
}

export function removeFlagged(data: MappedData, step: Extract<PrepStep, { kind: 'remove-flagged' }>): StepOutcome {
  const p = data.matrix.cols;
  const marker = step.markerColumn ? data.featureAnnotations?.[step.markerColumn] : undefined;
  const ids = step.idColumn ? data.featureAnnotations?.[step.idColumn] : undefined;
  const values = step.markerValues ? new Set(step.markerValues) : null;
  const keep = new Uint8Array(p).fill(1);
  let removed = 0;
  for (let l = 0; l < p; l++) {
    if ((marker && isMarked(marker[l], values)) || (ids && startsWithAny(ids[l], step.prefixes))) {
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
    case 'floor-missing':
      return floorMissing(data, step);
    case 'transform':
      return transform(data, step);
    case 'drop-samples':
      return dropSamples(data, step);
    case 'min-valid':
      return minValid(data, step);
    case 'normalize':
      return medianCentre(data);
    case 'batch':
      return removeBatch(data, step);
    case 'impute':
      return impute(data, step);
    case 'scale':
      // The fit centres and scales (core/engine/prepare.ts): the matrix is left as it is, the method recorded.
      return { data: { ...data, scale: step.method }, count: data.matrix.cols };
  }
}
