/**
 * Batch columns by name, and batch columns confounded with the known class: hand-checked cases (both kinds of
 * confounding and a clean design), then what a run's warnings and the Prepare panel get.
 */
import { describe, expect, it } from 'vitest';
import { batchColumns, levelCounts, looksLikeBatch, nameWords } from '../../core/prepare/batch-columns.js';
import { batchConfounding, batchWarnings, confoundings, knownClass } from '../../core/prepare/confounding.js';
import type { Recipe } from '../../core/table/types.js';

const names = { batch: 'lab', known: 'condition' };

describe('batch columns by name', () => {
  it('recognises the usual batch names, whatever their case, spacing or camelCase', () => {
    for (const name of ['lab', 'Lab', 'LABORATORY', 'batch', 'Batch2', 'processing batch', 'plex', 'TMT set', 'TMTplex', 'tmt_mixture', 'site', 'Centre', 'instrument', 'MS instrument', 'Run date', 'runDate', 'acquisition_date', 'plate', 'Experiment', 'lab.id']) {
      expect(looksLikeBatch(name), name).toBe(true);
    }
    for (const name of ['condition', 'group', 'Experimental group', 'replicate', 'labels', 'sample', 'Genotype', 'Treatment', 'class', 'platelet count', 'Age-group']) {
      expect(looksLikeBatch(name), name).toBe(false);
    }
    expect(nameWords('runDate_TMTPlex2')).toEqual(['run', 'date', 'tmt', 'plex']);
  });

  it('offers a batch-named column only with 2 or more levels of 2 or more samples each', () => {
    const annotations = {
      condition: ['a', 'a', 'b', 'b', 'c', 'c'],
      lab: ['L1', 'L1', 'L1', 'L2', 'L2', 'L2'],
      plate: ['p1', 'p1', 'p1', 'p1', 'p1', 'p2'], // p2 holds one sample
      site: ['s', 's', 's', 's', 's', null], // one level
      'run date': ['d1', 'd1', 'd2', 'd2', 'd3', 'd3'],
    };
    expect(batchColumns(levelCounts(annotations))).toEqual(['lab', 'run date']);
  });
});

describe('confounding of a batch column with the known class', () => {
  it('every batch holds a single class: removing the batch removes the class differences', () => {
    // L1 → {a}, L2 → {b}, L3 → {a}.
    expect(batchConfounding(['L1', 'L1', 'L2', 'L2', 'L3', 'L3'], ['a', 'a', 'b', 'b', 'a', 'a'], names)).toBe(
      '“lab” is confounded with “condition”: each batch holds a single “condition” (L1: a; L2: b; L3: a), so removing the batch effect removes the differences between the “condition” groups too.',
    );
  });

  it('a class lying entirely in one batch: partly confounded, the class and its batch named', () => {
    // a in L1 and L2, b in L1 and L2, c only in L1.
    expect(batchConfounding(['L1', 'L1', 'L1', 'L2', 'L2', 'L2'], ['a', 'b', 'c', 'a', 'b', 'b'], names)).toBe(
      '“lab” is partly confounded with “condition”: “c” lies entirely in batch “L1”, so removing the batch effect also removes part of the differences between “c” and the other “condition” groups.',
    );
    // lab1: a, b; lab2: c, d — every class in one batch, each batch two classes.
    expect(batchConfounding(['L1', 'L1', 'L2', 'L2'], ['a', 'b', 'c', 'd'], names)).toMatch(/^“lab” is partly confounded with “condition”: “a” lies entirely in batch “L1”; “b” lies entirely in batch “L1”; “c” lies entirely in batch “L2”; “d” lies entirely in batch “L2”, so .* between these and the other “condition” groups\.$/);
  });

  it('a balanced design is clean; samples without a value, one batch or one class say nothing', () => {
    expect(batchConfounding(['L1', 'L1', 'L2', 'L2'], ['a', 'b', 'a', 'b'], names)).toBeNull();
    // Without the sample with no class, L2 would hold b only … but L1 holds a and b, and a, b are in both batches.
    expect(batchConfounding(['L1', 'L1', 'L2', 'L2', 'L2'], ['a', 'b', 'a', 'b', null], names)).toBeNull();
    expect(batchConfounding(['L1', 'L1', 'L1'], ['a', 'b', 'c'], names)).toBeNull();
    expect(batchConfounding(['L1', 'L2', 'L3'], ['a', 'a', 'a'], names)).toBeNull();
  });

  it('the known class is the class column, else the group of a per-group valid-value filter', () => {
    const grouped: Recipe = { steps: [{ kind: 'min-valid', count: null, percent: 70, scope: 'any', group: 'condition' }, { kind: 'batch', columns: ['lab'], minPerBatch: 2 }] };
    expect(knownClass('genotype', grouped)).toBe('genotype');
    expect(knownClass(null, grouped)).toBe('condition');
    expect(knownClass(null, { steps: [{ kind: 'min-valid', count: null, percent: 70, scope: 'total', group: null }] })).toBeNull();
    const annotations = { lab: ['L1', 'L1', 'L2', 'L2'], condition: ['a', 'a', 'b', 'b'], replicate: ['1', '2', '1', '2'], sample: ['s1', 's2', 's3', 's4'] };
    expect(batchWarnings(annotations, grouped, null)).toEqual(['“lab” is confounded with “condition”: each batch holds a single “condition” (L1: a; L2: b), so removing the batch effect removes the differences between the “condition” groups too.']);
    expect(batchWarnings(annotations, grouped, 'replicate')).toEqual([]);
    expect(batchWarnings(annotations, grouped, 'lab')).toEqual(['“lab” is the class itself: removing it as a batch effect removes the differences between its groups.']);
    // The panel gets every pair (per-sample ids left out) and picks the known class's.
    expect(confoundings(annotations, grouped).map((c) => `${c.batch}~${c.known}`)).toEqual(['lab~lab', 'lab~condition']);
  });
});
