/**
 * The annotation-agreement warning (core/report/agreement.ts) on six samples, ARIs derived by hand:
 *   clusters following the lab [1,1,2,2,3,3] vs lab [A,A,B,B,C,C]: ARI 1; vs condition [x,y,x,y,x,y]: every
 *   cluster holds one x and one y, Σ C(n_uv, 2) = 0, Σ C(a_u, 2) = 3, Σ C(b_v, 2) = 6, E = 3·6/15 = 1.2,
 *   max = 4.5 → ARI = −1.2 / 3.3 = −0.36.
 *   clusters following the condition [1,2,1,2,1,2]: condition ARI 1, lab −0.36 (the same table turned round).
 *   clusters following neither [1,1,1,2,2,2]: vs lab Σ = 2, E = 6·3/15 = 1.2 → (2 − 1.2)/3.3 = 0.24;
 *   vs condition Σ = 2, E = 6·6/15 = 2.4, max 6 → −0.4/3.6 = −0.11.
 */
import { describe, expect, it } from 'vitest';
import { agreementWarning, annotationAri, ariText } from '../../core/report/agreement.js';
import { resultWarnings } from '../../core/report/warnings.js';
import type { Recipe } from '../../core/table/types.js';

const lab = ['A', 'A', 'B', 'B', 'C', 'C'];
const condition = ['x', 'y', 'x', 'y', 'x', 'y'];
const none: Recipe = { steps: [] };
const followsLab = [1, 1, 2, 2, 3, 3];

describe('the clusters follow something else', () => {
  it('figures by hand', () => {
    expect(annotationAri(followsLab, lab)).toBe(1);
    expect(annotationAri(followsLab, condition)).toBeCloseTo(-1.2 / 3.3, 12);
    expect(annotationAri([1, 1, 1, 2, 2, 2], lab)).toBeCloseTo(0.8 / 3.3, 12);
    expect(annotationAri([1, 1, 1, 2, 2, 2], condition)).toBeCloseTo(-0.4 / 3.6, 12);
    expect(ariText(-1.2 / 3.3)).toBe('−0.36');
    expect(ariText(-0.001)).toBe('0.00');
  });

  it('a partition that follows the lab: named, with both figures and the remedy', () => {
    expect(agreementWarning({ labels: followsLab, annotations: { condition, lab }, classColumn: 'condition', recipe: none })).toBe(
      'The clusters follow “lab” (ARI 1.00) rather than “condition” (ARI −0.36): a batch effect? Remove it: Batch ▸ lab (`--batch lab`).',
    );
    // Without a known class.
    expect(agreementWarning({ labels: followsLab, annotations: { lab }, classColumn: null, recipe: none })).toBe(
      'The clusters follow “lab” (ARI 1.00): a batch effect? Remove it: Batch ▸ lab (`--batch lab`).',
    );
  });

  it('no class known: clusters that follow an annotation named like the class found it (no warning); one named like nothing still warns', () => {
    // The same partition and levels as the lab's above, under names: “condition”, “class” (class-names.ts) — silent;
    // “Tube” — hedged; “plate group” names a batch too — warned as one.
    expect(agreementWarning({ labels: followsLab, annotations: { condition: lab }, classColumn: null, recipe: none })).toBeNull();
    expect(agreementWarning({ labels: followsLab, annotations: { class: lab }, classColumn: null, recipe: none })).toBeNull();
    expect(agreementWarning({ labels: followsLab, annotations: { Tube: lab }, classColumn: null, recipe: none })).toBe(
      'The clusters follow “Tube” (ARI 1.00): if it is a batch effect, remove it: Batch ▸ Tube (`--batch Tube`).',
    );
    expect(agreementWarning({ labels: followsLab, annotations: { 'plate group': lab }, classColumn: null, recipe: none })).toBe(
      "The clusters follow “plate group” (ARI 1.00): a batch effect? Remove it: Batch ▸ plate group (`--batch 'plate group'`).",
    );
    // With a known class, a class-named annotation that beats it is still said.
    expect(agreementWarning({ labels: followsLab, annotations: { condition, genotype: lab }, classColumn: 'condition', recipe: none })).toContain('The clusters follow “genotype” (ARI 1.00) rather than “condition”');
  });

  it('a partition that follows the class, or neither: no warning', () => {
    expect(agreementWarning({ labels: [1, 2, 1, 2, 1, 2], annotations: { condition, lab }, classColumn: 'condition', recipe: none })).toBeNull();
    expect(agreementWarning({ labels: [1, 1, 1, 2, 2, 2], annotations: { condition, lab }, classColumn: 'condition', recipe: none })).toBeNull();
    // Ten samples: a site that matches the clusters but for one sample, [a×5, b×4, a], has ARI
    // (16 − 20·21/45) / (20.5 − 20·21/45) = 0.60 ≥ 0.5, but the condition explains them better (ARI 1).
    const ten = { labels: [1, 1, 1, 1, 1, 2, 2, 2, 2, 2], condition: ['x', 'x', 'x', 'x', 'x', 'y', 'y', 'y', 'y', 'y'], site: ['a', 'a', 'a', 'a', 'a', 'b', 'b', 'b', 'b', 'a'] };
    expect(annotationAri(ten.labels, ten.site)).toBeCloseTo((16 - 420 / 45) / (20.5 - 420 / 45), 12);
    expect(agreementWarning({ labels: ten.labels, annotations: { condition: ten.condition, site: ten.site }, classColumn: 'condition', recipe: none })).toBeNull();
    expect(agreementWarning({ labels: ten.labels, annotations: { site: ten.site }, classColumn: null, recipe: none })).toMatch(/^The clusters follow “site” \(ARI 0\.60\): a batch effect\?/);
    // The class column itself is never the subject, even far above 0.5 with no other annotation.
    expect(agreementWarning({ labels: [1, 2, 1, 2, 1, 2], annotations: { condition }, classColumn: 'condition', recipe: none })).toBeNull();
  });

  it('without a class column, a per-group valid-value filter’s group is the known class', () => {
    const grouped: Recipe = { steps: [{ kind: 'min-valid', count: null, percent: 70, scope: 'any', group: 'condition' }] };
    expect(agreementWarning({ labels: [1, 2, 1, 2, 1, 2], annotations: { condition, lab }, classColumn: null, recipe: grouped })).toBeNull();
    expect(agreementWarning({ labels: followsLab, annotations: { condition, lab }, classColumn: null, recipe: grouped })).toMatch(/rather than “condition” \(ARI −0\.36\)/);
  });

  it('per-sample ids and samples without a value are left out; other names, nested and removed batches are said so', () => {
    const ids = ['s1', 's2', 's3', 's4', 's5', 's6'];
    // The lab of the last two samples unknown: over the first four, clusters [1,1,2,2] vs [A,A,B,B] → ARI 1.
    expect(agreementWarning({ labels: followsLab, annotations: { id: ids, lab: ['A', 'A', 'B', 'B', null, null] }, classColumn: null, recipe: none })).toBe(
      'The clusters follow “lab” (ARI 1.00): a batch effect? Remove it: Batch ▸ lab (`--batch lab`).',
    );
    expect(agreementWarning({ labels: followsLab, annotations: { id: ids }, classColumn: null, recipe: none })).toBeNull();
    expect(annotationAri(followsLab, ids)).toBeNull();
    expect(annotationAri(followsLab, ['a', 'a', 'a', 'a', 'a', null])).toBeNull();
    expect(agreementWarning({ labels: followsLab, annotations: { 'heart region': lab }, classColumn: null, recipe: none })).toBe(
      'The clusters follow “heart region” (ARI 1.00): if it is a batch effect, remove it: Batch ▸ heart region (`--batch \'heart region\'`).',
    );
    // Each lab within one condition (A, B ⊂ x; C ⊂ y): clusters vs condition [x,x,x,x,y,y]: Σ = 3, Σa = 3, Σb = 7,
    // E = 1.4, max 5 → 1.6 / 3.6 = 0.44.
    expect(agreementWarning({ labels: followsLab, annotations: { condition: ['x', 'x', 'x', 'x', 'y', 'y'], lab }, classColumn: 'condition', recipe: none })).toBe(
      'The clusters follow “lab” (ARI 1.00) rather than “condition” (ARI 0.44), and each “lab” lies within one “condition”: this cannot be removed as a batch effect without removing the differences between the “condition” groups too.',
    );
    const removed: Recipe = { steps: [{ kind: 'batch', columns: ['lab'], minPerBatch: 2 }] };
    expect(agreementWarning({ labels: followsLab, annotations: { condition, lab }, classColumn: 'condition', recipe: removed })).toMatch(/^The clusters follow “lab” \(ARI 1\.00\) rather than “condition” \(ARI −0\.36\), although its batch effect was removed:/);
  });

  it('reaches the result warnings, beside the clusters; a confounded batch step beside the data', () => {
    const base = { clusterSizes: [2, 2, 2], selected: [], featureNames: [], values: null, n: 6, p: 0, imputed: null, tune: null };
    const withLab = resultWarnings({ ...base, recipe: none, labels: followsLab, annotations: { condition, lab }, classColumn: 'condition' });
    expect(withLab.map((w) => [w.code, w.about])).toEqual([['clusters-follow-annotation', 'clusters']]);
    const confounded = resultWarnings({
      ...base,
      recipe: { steps: [{ kind: 'batch', columns: ['lab'], minPerBatch: 2 }] },
      labels: [1, 2, 1, 2, 1, 2],
      annotations: { condition: ['x', 'x', 'y', 'y', 'x', 'x'], lab },
      classColumn: 'condition',
    });
    expect(confounded.map((w) => [w.code, w.about])).toEqual([['batch-confounded', 'data']]);
    // Without labels and annotations (older callers), neither.
    expect(resultWarnings({ ...base, recipe: none })).toEqual([]);
  });
});
