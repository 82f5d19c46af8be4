/**
 * mzTab protein sections (formats/mztab.ts) on small files written by hand from the mzTab 1.0.0 specification
 * (sections 5 and 6.2; laid out as its examples iTRAQ_CQI.mzTab and labelfree_SQI.mzTab are): expected tables
 * derived in the comments.
 */
import { describe, expect, it } from 'vitest';
import { prepare } from '../../../core/prepare/index.js';
import { completeLayout } from '../../../core/prepare/propose.js';
import { recognizeLayout } from '../../../core/table/formats/recognize.js';
import { parseTable } from '../../../core/table/parse.js';
import { errorOf } from '../../skfr-error.js';

const enc = (s: string) => new TextEncoder().encode(s);
const file = (rows: string[][]) => enc(rows.map((r) => r.join('\t')).join('\n') + '\n');

// An iTRAQ "Complete Quantification" file: 2 runs × 2 reagents = 4 assays; 2 study variables (t=0: assays 1 and 4,
// t=1: assays 2 and 3); 3 proteins, the 3rd a decoy; "null" = missing (P2, assay 3).
const ITRAQ = [
  ['COM', 'Report of a minimal iTRAQ experiment'],
  ['MTD', 'mzTab-version', '1.0.0'],
  ['MTD', 'mzTab-mode', 'Complete'],
  ['MTD', 'mzTab-type', 'Quantification'],
  ['MTD', 'ms_run[1]-location', 'file://C:/path/to/my/file1.mzML'],
  ['MTD', 'ms_run[2]-location', 'file://C:/path/to/my/file2.mzML'],
  ['MTD', 'assay[1]-quantification_reagent', '[PRIDE, PRIDE:0000114, iTRAQ reagent 114, ]'],
  ['MTD', 'assay[2]-quantification_reagent', '[PRIDE, PRIDE:0000115, iTRAQ reagent 115, ]'],
  ['MTD', 'assay[3]-quantification_reagent', '[PRIDE, PRIDE:0000114, iTRAQ reagent 114, ]'],
  ['MTD', 'assay[4]-quantification_reagent', '[PRIDE, PRIDE:0000115, iTRAQ reagent 115, ]'],
  ['MTD', 'assay[1]-ms_run_ref', 'ms_run[1]'],
  ['MTD', 'assay[2]-ms_run_ref', 'ms_run[1]'],
  ['MTD', 'assay[3]-ms_run_ref', 'ms_run[2]'],
  ['MTD', 'assay[4]-ms_run_ref', 'ms_run[2]'],
  ['MTD', 'study_variable[1]-assay_refs', 'assay[1],assay[4]'],
  ['MTD', 'study_variable[2]-assay_refs', 'assay[2],assay[3]'],
  ['MTD', 'study_variable[1]-description', 'Incubation at t=0'],
  ['MTD', 'study_variable[2]-description', 'Incubation at t=1'],
  [],
  ['PRH', 'accession', 'description', 'best_search_engine_score[1]', 'num_psms_ms_run[1]', 'protein_abundance_assay[1]', 'protein_abundance_assay[2]', 'protein_abundance_assay[3]', 'protein_abundance_assay[4]', 'protein_abundance_study_variable[1]', 'protein_abundance_stdev_study_variable[1]', 'protein_abundance_std_error_study_variable[1]', 'protein_abundance_study_variable[2]', 'protein_abundance_stdev_study_variable[2]', 'protein_abundance_std_error_study_variable[2]'],
  ['PRT', 'P63017', 'Heat shock cognate 71 kDa protein', '46', '1', '17.3', '45.4', '234.3', '26.7', '22', '1', '0.5', '140', '5', '2'],
  ['PRT', 'P14602', 'Heat shock protein beta-1', '100', '2', '343.54', '643.4', 'null', '0.82', '172', '2', '1', '643', '0', '0'],
  ['PRT', 'DECOY_Q8K0U4', 'decoy', '2', '1', '6453.4', '21.3', '234.3', '25.5', '3239', '9', '4', '127', '3', '1'],
  [],
  ['PSH', 'sequence', 'PSM_ID', 'accession'],
  ['PSM', 'QTQTFTTYSDNQPGVL', '1', 'P63017'],
];

describe('mzTab protein section, assays of two runs and two reagents', () => {
  const table = parseTable(file(ITRAQ), 'itraq.mzTab');
  const layout = recognizeLayout(table);

  it('the samples are the 4 assays, named by run and reagent; no score, count or study-variable column among them', () => {
    expect(layout.format).toBe('mztab');
    expect(layout.quantities).toHaveLength(1);
    expect(layout.mapping.sampleColumns).toEqual(['file1 iTRAQ reagent 114', 'file1 iTRAQ reagent 115', 'file2 iTRAQ reagent 114', 'file2 iTRAQ reagent 115']);
    expect(layout.mapping.featureLabelColumns).toEqual(['accession']);
    expect(layout.mapping.featureAnnotationColumns).toContain('description');
    expect(layout.mapping.featureAnnotationColumns).not.toContain('protein_abundance_stdev_study_variable[1]');
    expect(table.headerRow).toBe(20);
    expect(layout.description).toBe('mzTab protein section, protein_abundance_assay, 4 samples × 3 proteins');
  });

  it('each assay’s study variable, run and label (reagent) are sample annotations; null is missing', () => {
    const data = prepare(table, layout.mapping, { steps: [] });
    expect(data.annotations).toEqual({
      'Study variable': ['Incubation at t=0', 'Incubation at t=1', 'Incubation at t=1', 'Incubation at t=0'],
      Run: ['file1', 'file1', 'file2', 'file2'],
      Label: ['iTRAQ reagent 114', 'iTRAQ reagent 115', 'iTRAQ reagent 114', 'iTRAQ reagent 115'],
    });
    // sample-major: assay 3 = [234.3, NaN, 234.3]
    expect(Array.from(data.matrix.data.subarray(6, 9))).toEqual([234.3, NaN, 234.3]);
  });

  it('the decoy accession is removed; the valid-value filter grouped by study variable', () => {
    const completed = completeLayout(table, layout);
    const data = prepare(table, completed.mapping, completed.recipe);
    expect(data.featureNames).toEqual(['P63017', 'P14602']);
    expect(data.preparation!.find((s) => s.step === 'remove-flagged' && s.count === 1)?.label).toMatch(/^Decoys/);
    expect(completed.recipe.steps.find((s) => s.kind === 'min-valid')).toMatchObject({ group: 'Study variable' });
  });
});

describe('mzTab naming variants', () => {
  it('label-free, one assay per run: named by the run files', () => {
    const rows = [
      ['MTD', 'mzTab-version', '1.0.0'],
      ['MTD', 'ms_run[1]-location', 'file:///data/ctrl_1.raw'],
      ['MTD', 'ms_run[2]-location', 'file:///data/treated_1.raw'],
      ['MTD', 'assay[1]-quantification_reagent', '[MS, MS:1002038, unlabeled sample, ]'],
      ['MTD', 'assay[1]-ms_run_ref', 'ms_run[1]'],
      ['MTD', 'assay[2]-ms_run_ref', 'ms_run[2]'],
      ['MTD', 'assay[1]-sample_ref', 'sample[1]'],
      ['MTD', 'sample[1]-description', 'control mouse'],
      ['PRH', 'accession', 'opt_global_Gene', 'protein_abundance_assay[1]', 'protein_abundance_assay[2]'],
      ['PRT', 'P1', 'Actb', '1e6', '2e6'],
      ['PRT', 'P2', 'Tp53', '3e5', 'null'],
    ];
    const table = parseTable(file(rows), 'lf.mztab');
    const layout = recognizeLayout(table);
    expect(layout.mapping.sampleColumns).toEqual(['ctrl_1', 'treated_1']);
    expect(layout.mapping.featureLabelColumns).toEqual(['opt_global_Gene', 'accession']);
    const data = prepare(table, layout.mapping, { steps: [] });
    expect(data.featureNames).toEqual(['Actb', 'Tp53']);
    expect(data.annotations).toEqual({ Run: ['ctrl_1', 'treated_1'], 'Sample (mzTab)': ['control mouse', null] });
  });

  it('a Summary file (study variables only): each study variable is a sample, named by its description', () => {
    const rows = [
      ['MTD', 'mzTab-version', '1.0.0'],
      ['MTD', 'mzTab-mode', 'Summary'],
      ['MTD', 'study_variable[1]-description', 'control'],
      ['MTD', 'study_variable[2]-description', 'treated'],
      ['PRH', 'accession', 'protein_abundance_study_variable[1]', 'protein_abundance_stdev_study_variable[1]', 'protein_abundance_std_error_study_variable[1]', 'protein_abundance_study_variable[2]', 'protein_abundance_stdev_study_variable[2]', 'protein_abundance_std_error_study_variable[2]'],
      ['PRT', 'P1', '10', '1', '0.5', '20', '2', '1'],
      ['PRT', 'P2', '30', '3', '1.5', '40', '4', '2'],
    ];
    const table = parseTable(file(rows), 'summary.mztab');
    const layout = recognizeLayout(table);
    expect(layout.quantities.map((q) => q.name)).toEqual(['protein_abundance_study_variable']);
    expect(layout.mapping.sampleColumns).toEqual(['control', 'treated']);
    expect(Array.from(prepare(table, layout.mapping, { steps: [] }).matrix.data)).toEqual([10, 30, 20, 40]);
    expect(table.notes).toContain('“summary.mztab” reports abundances per study variable only (no protein_abundance_assay[n] columns): each study variable is read as a sample.');
  });

  it('no protein section, or one without abundances: one sentence', () => {
    expect(errorOf(() => parseTable(file([['MTD', 'mzTab-version', '1.0.0'], ['PSH', 'sequence'], ['PSM', 'PEPTIDE']]), 'psm.mztab')).message).toBe(
      '“psm.mztab” is an mzTab file without a protein section (no PRH line); SKFR Studio reads the protein abundances of its PRT lines.',
    );
    expect(errorOf(() => parseTable(file([['MTD', 'mzTab-version', '1.0.0'], ['PRH', 'accession', 'description'], ['PRT', 'P1', 'x']]), 'id.mztab')).message).toBe(
      '“id.mztab” has no protein abundances: its protein header (PRH, line 2) has no protein_abundance_assay[n] nor protein_abundance_study_variable[n] column.',
    );
  });
});
