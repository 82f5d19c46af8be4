/**
 * SomaScan ADAT (formats/adat.ts) on a small hand-written file laid out as SomaDataIO's example_data10.adat is:
 * expected tables derived in the comments; then every cut of the file inside its header block, and inside a sample.
 */
import { describe, expect, it } from 'vitest';
import { completeLayout } from '../../../core/prepare/propose.js';
import { prepare } from '../../../core/prepare/index.js';
import { recognizeLayout, withQuantity } from '../../../core/table/formats/recognize.js';
import { parseTable } from '../../../core/table/parse.js';
import { errorOf } from '../../skfr-error.js';

const enc = (s: string) => new TextEncoder().encode(s);
const T = '\t';

// 4 analytes (the 3rd a non-human control without a gene symbol; the 1st and 4th the same gene, two SeqIds),
// 3 rows: 2 samples and a calibrator. The analyte annotations start after 4 empty cells (4 sample fields);
// a sample line is its 4 fields, an empty separator cell, then 4 RFU. "." is missing (S2, 3rd analyte).
const HEAD = [
  '^HEADER',
  '!AdatId\tGID-1234',
  '!Version\t1.2',
  '!ProcessSteps\tRaw RFU, Hyb Normalization, Calibration',
  '^COL_DATA',
  '!Name\tSeqId\tTarget\tEntrezGeneSymbol\tType\tUniProt',
  '!Type\tString\tString\tString\tString\tString',
  '^ROW_DATA',
  '!Name\tPlateId\tSampleId\tSampleType\tSex',
  '!Type\tString\tString\tString\tString',
  '^TABLE_BEGIN',
  `${T.repeat(4)}SeqId\t10000-28\t10001-7\t10014-31\t10004-1`,
  `${T.repeat(4)}Target\tCRBB2\tc-Raf\tFc_MOUSE\tCRBB2`,
  `${T.repeat(4)}EntrezGeneSymbol\tCRYBB2\tRAF1\t\tCRYBB2`,
  `${T.repeat(4)}Type\tProtein\tProtein\tNon-Human\tProtein`,
  `${T.repeat(4)}UniProt\tP43320\tP04049\tQ99LC4\tP43320`,
  `PlateId\tSampleId\tSampleType\tSex${T.repeat(5)}`,
];
const ROWS = [
  'Set001\tS1\tSample\tF\t\t100\t200\t300\t400',
  'Set001\tS2\tSample\tM\t\t110\t210\t.\t410',
  'Set001\t170261\tCalibrator\t\t\t120\t220\t320\t420',
];
const ADAT = [...HEAD, ...ROWS].join('\r\n') + '\r\n';

describe('SomaScan ADAT', () => {
  const table = parseTable(enc(ADAT), 'small.adat');
  const layout = recognizeLayout(table);

  it('analytes are the features, the sample rows the samples; the calibrator is left out of “RFU”, kept in “RFU with controls”', () => {
    expect(layout.format).toBe('adat');
    expect(table.rowCount).toBe(4);
    expect(table.headerRow).toBe(17);
    expect(layout.quantities.map((q) => [q.name, q.columns, q.raw])).toEqual([
      ['RFU', ['S1', 'S2'], true],
      ['RFU with controls', ['S1', 'S2', '170261'], true],
    ]);
    expect(layout.mapping.sampleColumns).toEqual(['S1', 'S2']);
    expect(layout.description).toBe('SomaScan ADAT, RFU, 2 samples × 4 analytes');
    expect(table.notes).toContain(
      "1 row of “small.adat” is not a sample (SampleType “Calibrator”: “170261”) and is left out; choose the quantity “RFU with controls” (on the Import screen, or --quantity 'RFU with controls') to keep it.",
    );
    expect(table.notes).toContain('1 analyte is a SomaScan control (Type Non-Human 1), read like the others; the annotation “Type” tells them.');
    expect(table.notes).toContain('The RFU of “small.adat” are as its header says they were processed: Raw RFU, Hyb Normalization, Calibration.');
  });

  it('labels: the gene symbol, else the target; a symbol of two SeqIds gets its SeqId; the analyte fields are annotations', () => {
    const data = prepare(table, layout.mapping, { steps: [] });
    expect(data.featureNames).toEqual(['CRYBB2 (10000-28)', 'RAF1', 'Fc_MOUSE', 'CRYBB2 (10004-1)']);
    expect(data.featureAnnotations!.UniProt).toEqual(['P43320', 'P04049', 'Q99LC4', 'P43320']);
    expect(data.featureAnnotations!.Type).toEqual(['Protein', 'Protein', 'Non-Human', 'Protein']);
    // sample-major: S1 = [100, 200, 300, 400], S2 = [110, 210, NaN, 410]
    expect(Array.from(data.matrix.data)).toEqual([100, 200, 300, 400, 110, 210, NaN, 410]);
  });

  it('the sample fields are sample annotations (empty ones left out), for the samples and the calibrator alike', () => {
    const data = prepare(table, layout.mapping, { steps: [] });
    expect(data.annotations).toEqual({ PlateId: ['Set001', 'Set001'], SampleId: ['S1', 'S2'], SampleType: ['Sample', 'Sample'], Sex: ['F', 'M'] });
    expect(data.design).toMatchObject({ matched: 2, rowsWithoutSample: ['170261'] });
    const all = withQuantity(layout, 'RFU with controls')!;
    const withCalibrator = prepare(table, all.mapping, { steps: [] });
    expect(withCalibrator.sampleIds).toEqual(['S1', 'S2', '170261']);
    expect(withCalibrator.annotations.SampleType).toEqual(['Sample', 'Sample', 'Calibrator']);
    expect(withCalibrator.annotations.Sex).toEqual(['F', 'M', null]);
  });

  it('RFU are linear: log2 proposed', () => {
    const completed = completeLayout(table, layout);
    expect(completed.recipe.steps[0]).toEqual({ kind: 'transform', base: 2, nonPositive: 'refuse' });
  });

  it('without SampleType every row is a sample; without SampleId a row is named SlideId_Subarray', () => {
    const text = ADAT.replace('!Name\tPlateId\tSampleId\tSampleType\tSex', '!Name\tSlideId\tSubarray\tKind\tSex')
      .replace('PlateId\tSampleId\tSampleType\tSex', 'SlideId\tSubarray\tKind\tSex');
    const t = parseTable(enc(text), 'plain.adat');
    expect(recognizeLayout(t).mapping.sampleColumns).toEqual(['Set001_S1', 'Set001_S2', 'Set001_170261']);
    expect(recognizeLayout(t).quantities).toHaveLength(1);
  });
});

describe('an ADAT cut short: one sentence, nothing read', () => {
  it('cut anywhere inside the header block (up to the line of sample-field names): refused, saying where', () => {
    const full = [...HEAD, ...ROWS].join('\n') + '\n';
    const end = HEAD.join('\n').length - HEAD[HEAD.length - 1]!.length; // (the sample-field names line and after: readable)
    for (let cut = 8; cut < end; cut += 7) {
      const error = errorOf(() => parseTable(enc(full.slice(0, cut)), 'cut.adat'));
      expect(error.code, `cut at ${cut}`).toBe('unreadable-file');
      expect(error.message).toMatch(/^“cut\.adat” ends inside its header block \([^)]*\): the table of analytes and samples never comes; the file is incomplete — export or download it again\.$/);
    }
    expect(errorOf(() => parseTable(enc(HEAD.slice(0, 6).join('\n')), 'cut.adat')).message).toBe(
      '“cut.adat” ends inside its header block (after line 6, in the ^COL_DATA section begun on line 5): the table of analytes and samples never comes; the file is incomplete — export or download it again.',
    );
    expect(errorOf(() => parseTable(enc(HEAD.slice(0, 13).join('\n')), 'cut.adat')).message).toBe(
      '“cut.adat” ends inside its header block (after line 13, in the analyte annotations below ^TABLE_BEGIN on line 11): the table of analytes and samples never comes; the file is incomplete — export or download it again.',
    );
  });

  it('cut after the sample-field names (no sample), or inside a sample line: one sentence each', () => {
    expect(errorOf(() => parseTable(enc(HEAD.join('\n') + '\n'), 'cut.adat')).message).toBe('“cut.adat” holds the annotations of 4 analytes but no sample rows.');
    const inside = [...HEAD, ROWS[0], ROWS[1]!.slice(0, 24)].join('\n');
    const error = errorOf(() => parseTable(enc(inside), 'cut.adat'));
    expect(error.code).toBe('ragged-row');
    expect(error.message).toBe('Line 19 of “cut.adat” holds 2 of the 4 RFU values of its analytes: the file is cut short; export or download it again.');
  });
});
