/**
 * The Import screen's pure helpers on tiny hand-checked inputs: column roles when samples are columns, the
 * pattern picker, the proposal for an unrecognised table and the orientation switch; recipe switches (flagged
 * rows, zeros) and their counts; missing values per sample and per feature; filter values, search and removed
 * counts; the matrix preview's values; the protein-group column of the ranked list.
 */
import { describe, expect, it } from 'vitest';
import type { MapResult } from '../../core/jobs/types';
import type { ColumnSummary, Layout, Mapping, Recipe, StepReport } from '../../core/table/types';
import { describeStep } from '../../core/prepare/steps';
import {
  columnsRoleOf,
  labelRule,
  proposeColumnsMapping,
  selectSamplesByPattern,
  setColumnsRole,
  switchOrientation,
} from '../../renderer/src/lib/columns-mode';
import { columnLabels, headerLabels, shortColumnName } from '../../renderer/src/lib/names';
import { shortLabels } from '../../core/charts/short-labels';
import { groupColumnOf } from '../../renderer/src/lib/features';
import { columnValues, removedBy, searchValues, toggleValues } from '../../renderer/src/lib/filters';
import { featureRows, matrixPreview } from '../../renderer/src/lib/matrix-preview';
import { featureMissingSummary, percent, sampleMissing } from '../../renderer/src/lib/missing';
import { flagHow, flagSteps, hasFlag, hasZerosMissing, setFlag, setZerosMissing, stepCount, type FlagStep } from '../../renderer/src/lib/recipe';
import { columnSummary as col, columnsMapping as samplesAsColumns } from './fixtures';

// A MaxQuant-like table: ids, genes, a flag column, two quantities of three samples each.
const columns: ColumnSummary[] = [
  col('Protein IDs', 'text'),
  col('Gene names', 'text'),
  col('Reverse', 'text'),
  col('Intensity A', 'numeric'),
  col('Intensity B', 'numeric'),
  col('Intensity C', 'numeric'),
  col('LFQ intensity A', 'numeric'),
  col('LFQ intensity B', 'numeric'),
  col('LFQ intensity C', 'numeric'),
];

const columnsMapping: Mapping = samplesAsColumns({
  sampleColumns: ['LFQ intensity A', 'LFQ intensity B', 'LFQ intensity C'],
  featureLabelColumns: ['Gene names', 'Protein IDs'],
  featureAnnotationColumns: ['Protein IDs', 'Gene names'],
});

describe('columns mode: roles', () => {
  it('a column is a sample, else a label, else an annotation, else ignored', () => {
    expect(columnsRoleOf(columnsMapping, 'LFQ intensity B')).toBe('sample');
    expect(columnsRoleOf(columnsMapping, 'Gene names')).toBe('label'); // also an annotation: shown as label
    expect(columnsRoleOf(columnsMapping, 'Reverse')).toBe('ignore');
    expect(columnsRoleOf(columnsMapping, 'Intensity A')).toBe('ignore');
  });

  it('making a column a sample takes it out of labels and annotations and keeps the samples in table order', () => {
    const frozen = JSON.stringify(columnsMapping);
    const next = setColumnsRole(columnsMapping, columns, 'Intensity B', 'sample');
    expect(next.sampleColumns).toEqual(['Intensity B', 'LFQ intensity A', 'LFQ intensity B', 'LFQ intensity C']);
    const again = setColumnsRole(next, columns, 'Protein IDs', 'sample');
    expect(again.featureLabelColumns).toEqual(['Gene names']);
    expect(again.featureAnnotationColumns).toEqual(['Gene names']);
    expect(again.sampleColumns?.[0]).toBe('Protein IDs');
    expect(JSON.stringify(columnsMapping)).toBe(frozen); // never mutated
  });

  it('a new label is tried after the existing ones; an annotation leaves the labels; ignore leaves everything', () => {
    const withReverse = setColumnsRole(columnsMapping, columns, 'Reverse', 'label');
    expect(withReverse.featureLabelColumns).toEqual(['Gene names', 'Protein IDs', 'Reverse']);
    expect(labelRule(withReverse)).toBe('Gene names, else Protein IDs, else Reverse, else the row number');
    const geneAsAnnotation = setColumnsRole(columnsMapping, columns, 'Gene names', 'annotation');
    expect(geneAsAnnotation.featureLabelColumns).toEqual(['Protein IDs']);
    expect(geneAsAnnotation.featureAnnotationColumns).toEqual(['Protein IDs', 'Gene names']);
    const ignored = setColumnsRole(columnsMapping, columns, 'Gene names', 'ignore');
    expect(ignored.featureLabelColumns).toEqual(['Protein IDs']);
    expect(ignored.featureAnnotationColumns).toEqual(['Protein IDs']);
    const sampleIgnored = setColumnsRole(columnsMapping, columns, 'LFQ intensity A', 'ignore');
    expect(sampleIgnored.sampleColumns).toEqual(['LFQ intensity B', 'LFQ intensity C']);
  });

  it('a pattern makes exactly the matching numeric columns the samples', () => {
    const outcome = selectSamplesByPattern(columnsMapping, columns, '^Intensity ');
    expect(outcome).toMatchObject({ ok: true, matched: 3 });
    if (!outcome.ok) return;
    expect(outcome.mapping.sampleColumns).toEqual(['Intensity A', 'Intensity B', 'Intensity C']);
    expect(outcome.mapping.featureLabelColumns).toEqual(['Gene names', 'Protein IDs']);
  });

  it('a pattern matching only text columns takes them (Spectronaut cells marked "Filtered" read as text)', () => {
    const table = [col('PG.Genes', 'text'), col('[1] a.PG.Quantity', 'text'), col('[2] b.PG.Quantity', 'text')];
    const outcome = selectSamplesByPattern(proposeColumnsMapping(table), table, 'PG\\.Quantity$');
    expect(outcome.ok && outcome.mapping.sampleColumns).toEqual(['[1] a.PG.Quantity', '[2] b.PG.Quantity']);
  });

  it('a bad pattern or one matching nothing gives a reason quoting it', () => {
    expect(selectSamplesByPattern(columnsMapping, columns, '(')).toMatchObject({ ok: false, reason: expect.stringContaining('“(” is not a valid regular expression') });
    expect(selectSamplesByPattern(columnsMapping, columns, '^iBAQ')).toEqual({ ok: false, reason: 'No column name matches “^iBAQ”.' });
  });

  it('an unrecognised table switched to columns: numeric columns are samples, the first text column labels', () => {
    const table = [col('protein', 'text'), col('S1', 'numeric'), col('desc', 'text'), col('S2', 'numeric')];
    const rows: Mapping = { orientation: 'samples-as-rows', idColumn: null, annotationColumns: ['protein', 'desc'], featureColumns: ['S1', 'S2'], filters: [{ column: 'desc', values: ['x'] }], maxMissingFraction: 0.5 };
    const next = switchOrientation(rows, table, 4, 'samples-as-columns', null);
    expect(next).toMatchObject({
      orientation: 'samples-as-columns',
      sampleColumns: ['S1', 'S2'],
      featureLabelColumns: ['protein'],
      featureAnnotationColumns: ['desc'],
      filters: [],
      maxMissingFraction: 0.5,
    });
    // …and back to rows: the usual guess (no text column is a unique id of 4 rows here: row numbers).
    const back = switchOrientation(next, table, 4, 'samples-as-rows', null);
    expect(back).toMatchObject({ orientation: 'samples-as-rows', idColumn: null, featureColumns: ['S1', 'S2'], maxMissingFraction: 0.5 });
  });

  it('with a recognised layout the toggle returns to its mapping, keeping the attached sample table', () => {
    const layout = { mapping: columnsMapping } as Layout;
    const design = { source: 'design.txt', sampleColumn: null, columns: [{ name: 'label', values: ['A'] }] };
    const rows: Mapping = { ...proposeColumnsMapping(columns), orientation: 'samples-as-rows', design };
    const next = switchOrientation(rows, columns, 5, 'samples-as-columns', layout);
    expect(next.sampleColumns).toEqual(columnsMapping.sampleColumns);
    expect(next.design).toEqual(design);
    expect(next.sampleColumns).not.toBe(columnsMapping.sampleColumns); // a copy
  });

});

describe('long names', () => {
  const runs = ['bcmk1', 'bcmk10', 'bcmk2'].map((r) => `/gpfs/group/20240709_Ast_Neo_Aurora_FAIMS_pilot-2_neuron_${r}.raw.dia`);

  it('a run path is cut to its file name; other names are left to the ellipsis', () => {
    expect(shortColumnName('D:\\Data\\2023\\patchSCP\\20230101_cell_12_DIA.raw')).toBe('…\\20230101_cell_12_DIA.raw');
    expect(shortColumnName('/data/runs/x.mzML', 10)).toBe('…/x.mzML');
    expect(shortColumnName('LFQ intensity H1')).toBe('LFQ intensity H1');
  });

  // The rule itself (middle ellipsis, shared affixes cut at separators, properties) is tested in test/charts/short-labels.test.ts.
  it('names that fit stay whole; long ones lose their shared prefix, then their middle', () => {
    expect(shortLabels(['H1', 'H2'], 18)).toEqual(['H1', 'H2']);
    const files = runs.map((r) => r.split('/').pop()!.replace('.raw.dia', ''));
    expect(shortLabels(files, 18)).toEqual(['…bcmk1', '…bcmk10', '…bcmk2']);
    expect(shortLabels(['LFQ intensity L3/4 old L OAF', 'LFQ intensity L4/5 young A NP'], 20)).toEqual(['…L3/4 old L OAF', '…L4/5 young A NP']);
    // a long shared suffix goes too (FragPipe), a short one stays
    expect(shortLabels(['control_1 MaxLFQ Intensity', 'control_12 MaxLFQ Intensity'], 20)).toEqual(['control_1…', 'control_12…']);
  });

  it('a header shortens only the run paths, together; the mapper shortens the sample columns together', () => {
    expect(headerLabels(['Protein.Group', ...runs], 16)).toEqual(['Protein.Group', '…bcmk1.raw.dia', '…bcmk10.raw.dia', '…bcmk2.raw.dia']);
    const labels = columnLabels(['Protein.Group', 'First.Protein.Description', ...runs], runs, 20);
    expect(labels.get(runs[1]!)).toBe('…bcmk10.raw.dia');
    expect(labels.get('First.Protein.Description')).toBe('First.Protein.Description'); // the cell's ellipsis cuts its end
  });
});

describe('recipe switches', () => {
  const decoy: FlagStep = { kind: 'remove-flagged', flag: 'decoy', markerColumn: 'Reverse', idColumn: 'Protein IDs', prefixes: ['REV__', 'rev_'] };
  const contaminant: FlagStep = { kind: 'remove-flagged', flag: 'contaminant', markerColumn: 'Potential contaminant', idColumn: null, prefixes: [] };
  const offered: Recipe = { steps: [decoy, contaminant, { kind: 'zeros-missing' }] };

  it('zeros on and off; the step goes after the flagged rows and before any other step', () => {
    const log: Recipe = { steps: [decoy, { kind: 'transform', base: 2, nonPositive: 'missing' }] };
    expect(hasZerosMissing(log)).toBe(false);
    expect(setZerosMissing(log, true).steps.map((s) => s.kind)).toEqual(['remove-flagged', 'zeros-missing', 'transform']);
    expect(setZerosMissing(offered, false).steps).toEqual([decoy, contaminant]);
  });

  it('a flag off then on again comes back in the layout order; an unoffered flag cannot be turned on', () => {
    const off = setFlag(offered, offered, 'decoy', false);
    expect(off.steps).toEqual([contaminant, { kind: 'zeros-missing' }]);
    expect(hasFlag(off, 'decoy')).toBe(false);
    expect(setFlag(off, offered, 'decoy', true).steps).toEqual(offered.steps);
    expect(setFlag(off, offered, 'site-only', true)).toBe(off);
    expect(flagSteps(offered).map((s) => s.flag)).toEqual(['decoy', 'contaminant']);
  });

  it('the count of a step is read from the preparation by its label; a step that did not run has none', () => {
    const report: StepReport[] = [
      { step: 'read', label: 'Rows (features) read', count: 2160 },
      { step: 'remove-flagged', label: describeStep(decoy), count: 23 },
      { step: 'zeros-missing', label: describeStep({ kind: 'zeros-missing' }), count: 9000 },
    ];
    expect(stepCount(report, decoy)).toBe(23);
    expect(stepCount(report, { kind: 'zeros-missing' })).toBe(9000);
    expect(stepCount(report, contaminant)).toBeNull();
    expect(stepCount(undefined, decoy)).toBeNull();
  });

  it('says how the file flags the rows', () => {
    expect(flagHow(decoy)).toBe('Rows with “Reverse” = + or whose “Protein IDs” starts with REV__ or rev_.');
    expect(flagHow(contaminant)).toBe('Rows with “Potential contaminant” = +.');
  });
});

describe('missing values', () => {
  it('per sample: count and fraction of p; above the cap, the samples with the most, in matrix order', () => {
    expect(sampleMissing(['a', 'b'], Int32Array.of(1, 3), 4)).toEqual({
      shown: [
        { name: 'a', missing: 1, fraction: 0.25 },
        { name: 'b', missing: 3, fraction: 0.75 },
      ],
      hidden: 0,
    });
    const capped = sampleMissing(['a', 'b', 'c', 'd'], Int32Array.of(5, 0, 7, 5), 10, 2);
    expect(capped.shown.map((s) => s.name)).toEqual(['a', 'c']); // 7 and the first of the two 5s
    expect(capped.hidden).toBe(2);
  });

  it('per feature: none, up to half (1/4, 2/4), more than half (3/4)', () => {
    expect(featureMissingSummary(Int32Array.of(0, 1, 2, 3), 4)).toEqual({ features: 4, none: 1, upToHalf: 2, overHalf: 1 });
    expect(featureMissingSummary(Int32Array.of(), 4)).toEqual({ features: 0, none: 0, upToHalf: 0, overHalf: 0 });
  });

  it('percentages read well at every size', () => {
    expect(percent(0)).toBe('0 %');
    expect(percent(0.004)).toBe('0.4 %');
    expect(percent(0.0567)).toBe('5.7 %');
    expect(percent(0.523)).toBe('52 %');
    expect(percent(1)).toBe('100 %');
  });
});

describe('filters', () => {
  const genotype = col('Genotype', 'text', { distinct: ['Control', 'Ts65Dn'], distinctCounts: [570, 510], distinctCount: 2 });
  const values = columnValues(genotype);

  it('every value with its count; search by substring, any case', () => {
    expect(values).toEqual([
      { value: 'Control', count: 570 },
      { value: 'Ts65Dn', count: 510 },
    ]);
    expect(searchValues(values, 'ts6')).toEqual([{ value: 'Ts65Dn', count: 510 }]);
    expect(columnValues(col('x', 'numeric'))).toEqual([]);
  });

  it('a filter removes the rows of the values it does not keep, and rows with no value (1080 − 570 = 510; 1085 − 570 = 515)', () => {
    expect(removedBy({ column: 'Genotype', values: ['Control'] }, values, 1080)).toBe(510);
    expect(removedBy({ column: 'Genotype', values: ['Control'] }, values, 1085)).toBe(515);
    expect(removedBy({ column: 'Genotype', values: ['Control', 'Ts65Dn'] }, values, 1080)).toBe(0);
  });

  it('ticking keeps the list order; unticking all found empties it', () => {
    const none = toggleValues({ column: 'Genotype', values: ['Control', 'Ts65Dn'] }, ['Control', 'Ts65Dn'], false, values);
    expect(none.values).toEqual([]);
    const back = toggleValues(toggleValues(none, ['Ts65Dn'], true, values), ['Control'], true, values);
    expect(back.values).toEqual(['Control', 'Ts65Dn']);
  });
});

describe('matrix preview', () => {
  const header = ['Gene', 'Protein', 'S1', 'S2'];
  const rows = [
    ['Actb;Actg1', 'P1', 1, 0],
    [null, 'P2', 4, 8],
    ['Dup', 'P3', 5, 6],
    ['Dup', 'P4', 7, 8],
    [null, null, 9, 10],
  ];
  const mapping: Mapping = { ...proposeColumnsMapping([]), sampleColumns: ['S1', 'S2'], featureLabelColumns: ['Gene', 'Protein'] };

  it('finds each feature’s row by the label rule; repeated labels (renamed by the core) are not guessed', () => {
    expect(featureRows(['Actb', 'P2', 'Dup (P3)', 'Row 5', 'Nope'], header, rows, ['Gene', 'Protein'])).toEqual([0, 1, null, 4, null]);
  });

  const zeros: Recipe = { steps: [{ kind: 'zeros-missing' }] };
  const log2: Recipe = { steps: [{ kind: 'zeros-missing' }, { kind: 'transform', base: 2, nonPositive: 'missing' }] };

  it('values of known samples and features; zeros missing and log2 as the recipe says; unknown stays undefined', () => {
    const map = { sampleIds: ['S1', 'S2'], featureNames: ['Actb', 'P2', 'Dup (P3)'], missingBySample: Int32Array.of(0, 1), n: 2, p: 3 } as unknown as MapResult;
    const preview = matrixPreview(map, mapping, header, rows, zeros);
    expect(preview.samples).toEqual([
      { name: 'S1', column: 'S1', missing: 0 },
      { name: 'S2', column: 'S2', missing: 1 },
    ]);
    expect(preview.cells).toEqual([
      [1, 4, undefined],
      [null, 8, undefined],
    ]);
    expect(matrixPreview(map, mapping, header, rows, { steps: [] }).cells[1]![0]).toBe(0);
    // log2: 1 → 0, 4 → 2, 8 → 3; the zero is missing before the log.
    expect(matrixPreview(map, mapping, header, rows, log2).cells).toEqual([
      [0, 2, undefined],
      [null, 3, undefined],
    ]);
  });

  it('no value is shown when a step needs the whole matrix (median centring)', () => {
    const map = { sampleIds: ['S1', 'S2'], featureNames: ['Actb'], missingBySample: Int32Array.of(0, 1), n: 2, p: 1 } as unknown as MapResult;
    const preview = matrixPreview(map, mapping, header, rows, { steps: [...log2.steps, { kind: 'normalize', method: 'median' }] });
    expect(preview.valuesShown).toBe(false);
    expect(preview.cells).toEqual([[undefined], [undefined]]);
  });

  it('after a sample filter the sample columns are not known: names and missing counts only', () => {
    const map = { sampleIds: ['S2'], featureNames: ['Actb'], missingBySample: Int32Array.of(1), n: 1, p: 1 } as unknown as MapResult;
    const preview = matrixPreview(map, { ...mapping, filters: [{ column: 'condition', values: ['b'] }] }, header, rows, zeros);
    expect(preview.samples).toEqual([{ name: 'S2', column: null, missing: 1 }]);
    expect(preview.cells).toEqual([[undefined]]);
  });
});

describe('ranked list: protein group beside the gene name', () => {
  it('takes the most specific protein column that says more than the labels', () => {
    const names = ['Actb', 'Gapdh'];
    expect(groupColumnOf({ 'Gene names': ['Actb', 'Gapdh'], 'Majority protein IDs': ['P60710', 'P16858'], 'Protein IDs': ['P60710;Q1', 'P16858'] }, names)).toBe(
      'Majority protein IDs',
    );
    expect(groupColumnOf({ 'Protein.Group': ['Actb', 'Gapdh'] }, names)).toBeNull();
    expect(groupColumnOf(undefined, names)).toBeNull();
  });

  it('never a column of numbers named like a protein column: a GCT shows its accession, not its counts', () => {
    const names = ['POSTN', 'SATB2'];
    // (the GCT 1.3 row annotations of ../shared/data/real/gct13_medulloblastoma_proteome.gct, in their order)
    const gct = { numColumnsProteinObserved: ['5', '5'], numSpectraProteinObserved: ['40', '12'], accession_number: ['Q15063', 'Q9UPW6'], GeneSymbol: ['POSTN', 'SATB2'] };
    expect(groupColumnOf(gct, names)).toBe('accession_number');
    expect(groupColumnOf({ 'Protein count': ['3', '1'], Accession: ['P60710', 'P16858'] }, names)).toBe('Accession');
    expect(groupColumnOf({ numColumnsProteinObserved: ['5', '5'] }, names)).toBeNull();
    // ids that are mostly text are shown, a numeric one among them too; half numbers is not ids
    expect(groupColumnOf({ 'Protein IDs': ['P60710', '12345', 'Q9UPW6'] }, ['A', 'B', 'C'])).toBe('Protein IDs');
    expect(groupColumnOf({ 'Protein IDs': ['P60710', '12345'] }, names)).toBeNull();
  });
});
