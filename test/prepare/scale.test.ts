/**
 * The scale step (issue 24): the rule that proposes it (hand cases), what prepare does with it, and the proposal
 * on the real files: MaxQuant LFQ (log2 by its kind) and a Perseus matrix (already logarithmic) are centred
 * only; the mouse sheet (one sample per row) is scaled to unit variance.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseScale, proposeScale, scaleOf, scaleSentence, withScale, ROWS_BASIS } from '../../core/prepare/scale.js';
import { prepare } from '../../core/prepare/index.js';
import { completeLayout } from '../../core/prepare/propose.js';
import { recognizeLayout } from '../../core/table/formats/recognize.js';
import { parseTable } from '../../core/table/index.js';
import type { Layout, Recipe, ScaleBasis } from '../../core/table/types.js';

const LOG2: Recipe = { steps: [{ kind: 'transform', base: 2, nonPositive: 'refuse' }] };
const COLUMNS: ScaleBasis = { samplesAsColumns: true, quantity: 'LFQ intensity', raw: true, looksLogarithmic: false };

describe('proposeScale', () => {
  it('one sample per row: unit variance, whatever the recipe', () => {
    expect(proposeScale(LOG2, ROWS_BASIS)).toEqual({ kind: 'scale', method: 'unit-variance', reason: 'one sample per row: features in their own units' });
  });

  it('proteins × samples: Pareto after a log, for a logarithmic quantity or values that look logged; else unit variance', () => {
    expect(proposeScale(LOG2, COLUMNS)).toEqual({ kind: 'scale', method: 'pareto', reason: 'values are log2 intensities on one scale' });
    expect(proposeScale({ steps: [] }, COLUMNS).method).toBe('unit-variance');
    expect(proposeScale({ steps: [] }, { ...COLUMNS, quantity: 'Expression', raw: false }).reason).toBe('Expression is logarithmic already: one scale');
    expect(proposeScale({ steps: [] }, { ...COLUMNS, raw: null, looksLogarithmic: true }).method).toBe('pareto');
  });

  it('a choice keeps the proposal’s reason when it agrees, and says it is a choice when not', () => {
    const proposed = proposeScale(LOG2, COLUMNS);
    expect(chooseScale('pareto', proposed)).toBe(proposed);
    expect(chooseScale('unit-variance', proposed)).toEqual({ kind: 'scale', method: 'unit-variance', reason: 'chosen instead of the proposed Pareto scaling' });
    expect(chooseScale('none', proposed)).toEqual({ kind: 'scale', method: 'none', reason: 'chosen instead of the proposed Pareto scaling' });
    expect(chooseScale('pareto', proposeScale(LOG2, ROWS_BASIS)).reason).toBe('chosen instead of the proposed unit variance');
    expect(scaleSentence(proposed)).toBe('Values are log2 intensities on one scale: each feature centred and Pareto-scaled.');
    expect(scaleOf({ steps: [] })).toBe('unit-variance');
    expect(scaleOf(withScale(LOG2, proposed))).toBe('pareto');
    expect(withScale(LOG2, proposed).steps.map((s) => s.kind)).toEqual(['transform', 'scale']);
  });

  it('prepare leaves the values as they are, counts the features and records the method', () => {
    const table = parseTable(new TextEncoder().encode('id,a,b\n1,1,5\n2,3,7\n3,2,6\n'), 't.csv');
    const mapping = { orientation: 'samples-as-rows' as const, idColumn: 'id', annotationColumns: [], featureColumns: null, filters: [] };
    const plain = prepare(table, mapping);
    const scaled = prepare(table, mapping, { steps: [{ kind: 'scale', method: 'none', reason: 'chosen' }] });
    expect(Array.from(scaled.matrix.data)).toEqual(Array.from(plain.matrix.data));
    expect(plain.scale).toBeUndefined();
    expect(scaled.scale).toBe('none');
    expect(scaled.preparation?.at(-1)).toEqual({ step: 'scale', label: 'Features centred, not scaled (chosen)', count: 2 });
  });
});

const REAL = '../shared/data/real';
function proposed(path: string): Layout {
  const table = parseTable(readFileSync(path), path.split('/').pop()!);
  return completeLayout(table, recognizeLayout(table));
}

describe('the proposal on the real files', () => {
  it.skipIf(!existsSync(`${REAL}/maxquant_lfq_proteinGroups.txt`))('MaxQuant LFQ: log2 (a raw intensity by its kind), then Pareto scaling', () => {
    const layout = proposed(`${REAL}/maxquant_lfq_proteinGroups.txt`);
    const kinds = layout.recipe.steps.map((s) => s.kind);
    expect(kinds).toContain('transform');
    expect(layout.recipe.steps.at(-1)).toEqual({ kind: 'scale', method: 'pareto', reason: 'values are log2 intensities on one scale' });
  });

  it.skipIf(!existsSync(`${REAL}/maxquant_ups1_yeast_proteinGroups.txt`))('MaxQuant UPS1 in yeast (p99/p1 ≈ 450): log2 because LFQ intensity is raw, not by the percentile test', () => {
    const layout = proposed(`${REAL}/maxquant_ups1_yeast_proteinGroups.txt`);
    expect(layout.recipe.steps.some((s) => s.kind === 'transform')).toBe(true);
    expect(layout.reasons?.[0]).toMatch(/^LFQ intensity is a raw intensity/);
    expect(scaleOf(layout.recipe)).toBe('pareto');
  });

  it.skipIf(!existsSync(`${REAL}/perseus_matrix.txt`))('Perseus matrix (already logarithmic): no transform, Pareto scaling', () => {
    const layout = proposed(`${REAL}/perseus_matrix.txt`);
    expect(layout.recipe.steps.some((s) => s.kind === 'transform')).toBe(false);
    expect(scaleOf(layout.recipe)).toBe('pareto');
  });

  it.skipIf(!existsSync('../shared/data/mice_protein.csv'))('the mouse sheet (one sample per row): unit variance', () => {
    const layout = proposed('../shared/data/mice_protein.csv');
    expect(layout.recipe.steps).toEqual([{ kind: 'scale', method: 'unit-variance', reason: 'one sample per row: features in their own units' }]);
  });
});
