/**
 * Issue 25, item 4, the app's open path: the given GCT 1.3, SomaScan ADAT and Olink NPX workbook of
 * ../shared/data/real opened by path through the jobs session (core/jobs/datasets.ts with the desktop app's file
 * access: the chunked reader first, which leaves these to the whole-file readers), mapped as recognised, and
 * checked against the files themselves, split by hand here (GCT, ADAT) or read with SheetJS as plain rows (Olink):
 * sample count and names, sample annotations, feature labels, and values.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { loadDataset, withLabelColumns } from '../../core/jobs/datasets.js';
import { createSession } from '../../core/jobs/session.js';
import type { JobResponse } from '../../core/jobs/types.js';
import { prepare } from '../../core/prepare/index.js';
import { createNodeFileIO } from '../../node/file-io.js';

const real = (name: string) => fileURLToPath(new URL(`../../../shared/data/real/${name}`, import.meta.url));
const io = createNodeFileIO();

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}

/** Open by path and map as recognised; plus the prepared data of the same dataset (for values). */
async function openAndMap(file: string) {
  const session = createSession(io);
  const opened = ok(await session.runJob({ type: 'open', source: { kind: 'path', path: real(file) } }));
  const mapped = ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping: opened.layout.mapping, recipe: opened.layout.recipe }));
  const dataset = await loadDataset('x', { kind: 'path', path: real(file) }, {}, io);
  const data = prepare(dataset.table, dataset.layout.mapping, { steps: [] }, { format: dataset.layout.format });
  const value = (sample: string, feature: number) => data.matrix.data[data.sampleIds.indexOf(sample) * data.matrix.cols + feature];
  return { opened, mapped, data, value };
}

const lines = (file: string) => readFileSync(real(file), 'utf8').split(/\r?\n/);

describe('gct13_medulloblastoma_proteome.gct', () => {
  // By hand: line 3 is the header (id, 14 row-annotation names, 45 samples), lines 4–13 the column annotations,
  // then 888 rows.
  const text = lines('gct13_medulloblastoma_proteome.gct');
  const header = text[2]!.split('\t');
  const samples = header.slice(15);
  const colMeta = text.slice(3, 13).map((l) => l.split('\t'));
  const rows = text.slice(13).filter((l) => l !== '').map((l) => l.split('\t'));

  it('45 samples named as the header names them × 888 rows, the 10 column annotations attached, values as written', async () => {
    const { opened, mapped, data, value } = await openAndMap('gct13_medulloblastoma_proteome.gct');
    expect(samples).toHaveLength(45);
    expect(rows).toHaveLength(888);
    expect(opened.layout.format).toBe('gct');
    expect(opened.layout.description).toBe('GCT 1.3, Values, 45 samples × 888 rows');
    expect(opened.headerRow).toBe(3);
    expect(mapped.sampleIds).toEqual(samples);
    expect(mapped.n).toBe(45);
    expect(mapped.annotationNames).toEqual(colMeta.map((r) => r[0]));
    const subgroup = colMeta.find((r) => r[0] === 'Subgroup')!.slice(15);
    expect(mapped.annotationValues.Subgroup).toEqual(
      [...new Set(subgroup)].sort().map((v) => ({ value: v, count: subgroup.filter((s) => s === v).length })),
    );
    // labels: GeneSymbol (header column 15), else the row id
    expect(data.featureNames[0]).toBe(rows[0]![14]);
    for (const [r, s] of [[0, 1], [100, 20], [887, 44]] as const) {
      const cell = rows[r]![15 + s]!;
      expect(value(samples[s]!, r)).toBe(cell === 'NA' ? NaN : Number(cell));
    }
    const missing = rows.reduce((n, row) => n + row.slice(15).filter((c) => c === 'NA').length, 0);
    expect(data.missingCells).toBe(missing);
  });
});

describe('somascan_example_data10.adat', () => {
  // By hand: the line after the analyte annotations names the 34 sample fields; each row: fields, an empty cell,
  // 5 284 RFU. The analyte annotations begin with 34 empty cells; SeqId's line gives the analytes.
  const text = lines('somascan_example_data10.adat');
  const begin = text.indexOf('^TABLE_BEGIN');
  let at = begin + 1;
  const annotations = new Map<string, string[]>();
  for (; text[at]!.startsWith('\t'); at++) {
    const cells = text[at]!.split('\t');
    annotations.set(cells[34]!, cells.slice(35));
  }
  const fields = text[at]!.split('\t').slice(0, 34);
  const rows = text.slice(at + 1).filter((l) => l !== '').map((l) => l.split('\t'));
  const sampleRows = rows.filter((r) => r[fields.indexOf('SampleType')] === 'Sample');

  it('the 9 Sample rows by SampleId (the Calibrator left out, said) × 5 284 analytes, their fields attached, RFU as written', async () => {
    const { opened, mapped, data, value } = await openAndMap('somascan_example_data10.adat');
    expect(rows).toHaveLength(10);
    expect(sampleRows).toHaveLength(9);
    expect(opened.layout.format).toBe('adat');
    expect(opened.layout.quantities.map((q) => [q.name, q.columns.length])).toEqual([['RFU', 9], ['RFU with controls', 10]]);
    expect(opened.notes.some((n) => n.startsWith('1 row of “somascan_example_data10.adat” is not a sample (SampleType “Calibrator”'))).toBe(true);
    const ids = sampleRows.map((r) => r[fields.indexOf('SampleId')]!);
    expect(mapped.sampleIds).toEqual(ids);
    expect(mapped.p).toBe(annotations.get('SeqId')!.length);
    expect(mapped.p).toBe(5284);
    for (const name of ['SampleType', 'Sex', 'Age', 'PlateId']) expect(mapped.annotationNames).toContain(name);
    expect(mapped.annotationValues.Sex).toEqual([{ value: 'F', count: 6 }, { value: 'M', count: 3 }]);
    // label: EntrezGeneSymbol, else Target; SeqId kept as an annotation
    expect(data.featureNames[0]!.startsWith(annotations.get('EntrezGeneSymbol')![0]!)).toBe(true);
    expect(data.featureAnnotations!.SeqId!.slice(0, 3)).toEqual(annotations.get('SeqId')!.slice(0, 3));
    for (const [s, a] of [[0, 0], [4, 2000], [8, 5283]] as const) {
      expect(value(ids[s]!, a)).toBe(Number(sampleRows[s]![35 + a]));
    }
    // RFU are linear: log2 proposed
    expect(opened.layout.recipe.steps.some((s) => s.kind === 'transform')).toBe(true);
  });
});

describe('olink_npx_data1.xlsx', () => {
  // By hand (SheetJS as plain rows): rows 3–6 Panel, Assay, Uniprot ID, OlinkID; samples from row 8 to the blank
  // row before LOD; columns 2–185 the 184 assays, then Plate ID ×2 and QC Warning ×2.
  const wb = XLSX.read(readFileSync(real('olink_npx_data1.xlsx')), { type: 'buffer' });
  const grid = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, blankrows: true, defval: null });
  const assays = (grid[3] as string[]).slice(1, 185);
  const sampleRows = grid.slice(7).filter((r) => r[0] !== null && r[0] !== 'LOD' && r[0] !== 'Missing Data freq.');
  const samples = sampleRows.filter((r) => !/control/i.test(String(r[0])));

  it('156 samples by SampleID (4 control rows left out, said) × 184 assays, plate and QC warning attached, NPX as written, no log', async () => {
    const { opened, mapped, data, value } = await openAndMap('olink_npx_data1.xlsx');
    expect(assays).toHaveLength(184);
    expect(sampleRows).toHaveLength(160);
    expect(samples).toHaveLength(156);
    expect(opened.layout.format).toBe('olink');
    expect(opened.sheet).toBe('NPX Wide');
    expect(mapped.sampleIds).toEqual(samples.map((r) => r[0]));
    expect(data.featureNames.slice(0, 3)).toEqual(assays.slice(0, 3));
    expect(mapped.p).toBe(184);
    expect(mapped.annotationNames).toEqual(['Sample type', 'Plate ID (Olink CARDIOMETABOLIC)', 'Plate ID (Olink INFLAMMATION)', 'QC Warning (Olink CARDIOMETABOLIC)', 'QC Warning (Olink INFLAMMATION)']);
    expect(mapped.annotationValues['QC Warning (Olink CARDIOMETABOLIC)']).toEqual([{ value: 'Pass', count: 155 }, { value: 'Warning', count: 1 }]);
    for (const [s, a] of [[0, 0], [77, 90], [155, 183]] as const) expect(value(String(samples[s]![0]), a)).toBe(samples[s]![1 + a]);
    expect(opened.layout.recipe.steps.some((s) => s.kind === 'transform')).toBe(false);
    expect(opened.notes.some((n) => n.startsWith('4 control samples (“CONTROL_SAMPLE_AS 1”'))).toBe(true);
  });

  it('its sample table (olink_npx_data1_meta.csv, semicolons) joins on the SampleIDs: every sample matched', async () => {
    const session = createSession(io);
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'path', path: real('olink_npx_data1.xlsx') } }));
    const design = ok(await session.runJob({ type: 'design', source: { kind: 'path', path: real('olink_npx_data1_meta.csv') } }));
    // (the sample table takes the place of the workbook's own sample annotations: the recipe is proposed again
    // for it on the Import screen; none here)
    const mapped = ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping: { ...opened.layout.mapping, design: design.table }, recipe: { steps: [] } }));
    expect(mapped.design).toMatchObject({ matched: 156, samplesWithoutRow: [], matchedColumn: 'SampleID' });
    expect(mapped.annotationNames).toEqual(expect.arrayContaining(['Site', 'Treatment', 'Time', 'Subject']));
  });
});

describe('label columns a structured reader types as numbers whatever it is asked', () => {
  // GCT row annotations, ADAT analyte fields and Olink's LOD row stay numeric when read with them as text
  // (ParseOptions.textColumns): their readers type every column by the format (Table.typedByFormat), so
  // withLabelColumns hands the same dataset back and a map, a fit or a slider step pays no second read (issue 27).
  // A read with those columns as text gives the same data.
  it.each(['gct13_medulloblastoma_proteome.gct', 'somascan_example_data10.adat', 'olink_npx_data1.xlsx'])('%s is not read again for its label columns', async (file) => {
    const dataset = await loadDataset('x', { kind: 'path', path: real(file) }, {}, io);
    expect(dataset.table.typedByFormat).toBe(true);
    const mapping = dataset.layout.mapping;
    expect(await withLabelColumns(dataset, mapping)).toBe(dataset);
    const labels = [mapping.idColumn, ...mapping.annotationColumns, ...(mapping.featureLabelColumns ?? []), ...(mapping.featureAnnotationColumns ?? [])];
    const numeric = dataset.table.columns.filter((c) => c.kind === 'numeric' && labels.includes(c.name)).map((c) => c.name);
    expect(numeric.length).toBeGreaterThan(0); // (a label column the reader types as numbers: the case at hand)
    const asText = await loadDataset('y', { kind: 'path', path: real(file) }, { textColumns: numeric }, io);
    expect(asText.table.columns.map((c) => [c.name, c.kind])).toEqual(dataset.table.columns.map((c) => [c.name, c.kind]));
    const a = prepare(dataset.table, mapping, dataset.layout.recipe, { format: dataset.layout.format });
    const b = prepare(asText.table, mapping, dataset.layout.recipe, { format: dataset.layout.format });
    expect(b.sampleIds).toEqual(a.sampleIds);
    expect(b.featureNames).toEqual(a.featureNames);
    expect(Array.from(b.matrix.data)).toEqual(Array.from(a.matrix.data));
    expect(b.annotations).toEqual(a.annotations);
    expect(b.featureAnnotations).toEqual(a.featureAnnotations);
  });
});
