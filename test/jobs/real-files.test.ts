// The jobs session on the real quantification-software files of ../shared/data/real/ (issue 10), opened as bytes
// the way the browser build opens a dropped file: the recognised layout, the sample table ('design' job) joined in
// 'map' and 'fit', flagged proteins kept out of the fit, the new MapResult and FitView fields, and the exports
// carrying feature and sample annotations. Counts that matter are checked against the file itself.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { withGroup } from '../../core/prepare/propose.js';
import { createSession } from '../../core/jobs/session.js';
import { parseRequest } from '../../core/jobs/schema.js';
import type { FitView, JobResponse, MapResult, OpenResult } from '../../core/jobs/types.js';
import type { Mapping, Recipe, SampleTable } from '../../core/table/types.js';
import { SkfrError } from '../../core/errors.js';
import { createRestorer } from '../../core/jobs/restore.js';
import { checkRendererRequest, createFileAccess } from '../../electron/file-access.js';
import { skfr1 } from './fork.js';

const real = (name: string) => fileURLToPath(new URL(`../../../shared/data/real/${name}`, import.meta.url));
const bytesOf = (name: string) => new Uint8Array(readFileSync(real(name)));

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}

/** The data rows of a tab-separated file as cells (CRLF or LF, blank lines skipped), with the header. */
function tsv(name: string): { header: string[]; rows: string[][] } {
  const lines = readFileSync(real(name), 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  return { header: lines[0]!.split('\t'), rows: lines.slice(1).map((l) => l.split('\t')) };
}

const settings = { ...skfr1, k: 3, s: 10, restarts: 5 };

describe('a session opens the real quantification tables as bytes', () => {
  const session = createSession();
  const cases = [
    { file: 'maxquant_lfq_proteinGroups.txt', format: 'maxquant', quantity: 'LFQ intensity', samples: 15 },
    { file: 'diann_report.pg_matrix.tsv', format: 'diann', quantity: null, samples: 12 },
    { file: 'fragpipe_combined_protein.tsv', format: 'fragpipe', quantity: 'MaxLFQ Intensity', samples: 6 },
  ] as const;
  for (const c of cases) {
    it(`${c.file}: ${c.format}${c.quantity ? `, ${c.quantity}` : ''}, ${c.samples} samples`, async () => {
      const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: c.file, bytes: bytesOf(c.file) } }));
      expect(opened.layout.format).toBe(c.format);
      if (c.quantity !== null) expect(opened.layout.quantity).toBe(c.quantity);
      expect(opened.layout.mapping.sampleColumns).toHaveLength(c.samples);
      expect(opened.headerRow).toBe(1);
      expect(opened.titleRows).toEqual([]);
      expect(opened.blankRowsSkipped).toBe(0);
      expect(Array.isArray(opened.notes)).toBe(true);
      // the proposed mapping and recipe run as they are
      const mapped = ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping: opened.layout.mapping, recipe: opened.layout.recipe }));
      expect(mapped.n).toBe(c.samples);
      expect(mapped.sampleIds).toHaveLength(c.samples);
      expect(mapped.missingBySample).toBeInstanceOf(Int32Array);
      expect(mapped.missingBySample).toHaveLength(mapped.n);
      expect(mapped.missingByFeature).toHaveLength(mapped.p);
      const sum = (a: Int32Array) => a.reduce((x, y) => x + y, 0);
      expect(sum(mapped.missingBySample)).toBe(sum(mapped.missingByFeature));
      expect(mapped.preparation[0]).toMatchObject({ step: 'read', count: opened.rowCount });
    });
  }
});

describe('MaxQuant proteinGroups with its experimental design', () => {
  const session = createSession();
  const file = 'maxquant_lfq_proteinGroups.txt';
  let opened: OpenResult;
  let design: SampleTable;
  let mapping: Mapping;
  let mapped: MapResult;
  let view: FitView;
  let recipe: Recipe;

  beforeAll(async () => {
    opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: file, bytes: bytesOf(file) } }));
    const d = ok(await session.runJob({
      type: 'design',
      source: { kind: 'bytes', fileName: 'maxquant_lfq_experimental_design.txt', bytes: bytesOf('maxquant_lfq_experimental_design.txt') },
    }));
    design = d.table;
    mapping = { ...opened.layout.mapping, design };
    // The filter proposed on opening is grouped by the names' groups (H, L, N); with the design, by its condition.
    recipe = withGroup(opened.layout.recipe, 'condition');
    mapped = ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping, recipe }));
    view = ok(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping, recipe, settings, classColumn: 'condition' }));
  });

  it('reads the design as text columns, source = the file name, matched automatically', () => {
    expect(design.source).toBe('maxquant_lfq_experimental_design.txt');
    expect(design.sampleColumn).toBeNull();
    expect(design.columns.map((c) => c.name)).toEqual(['label', 'condition', 'replicate']);
    expect(design.columns[0]!.values.slice(0, 2)).toEqual(['H1', 'H2']);
    expect(design.columns[2]!.values.slice(0, 2)).toEqual(['1', '2']); // numbers as text
  });

  it('joins it: H5, L5, N5 have no row; condition is a sample annotation with its values counted', () => {
    expect(mapped.design?.samplesWithoutRow).toEqual(['H5', 'L5', 'N5']);
    expect(mapped.design?.matchedColumn).toBe('label');
    expect(mapped.annotationNames).toContain('condition');
    expect(mapped.annotationValues.condition).toEqual([
      { value: 'CD34High', count: 4 },
      { value: 'CD34Low', count: 4 },
      { value: 'CD34Neg', count: 4 },
    ]);
    expect(mapped.sampleIds).toEqual(['H1', 'H2', 'H3', 'H4', 'H5', 'L1', 'L2', 'L3', 'L4', 'L5', 'N1', 'N2', 'N3', 'N4', 'N5']);
  });

  it('removes exactly the decoys and contaminants the file flags (counted here from the file itself)', () => {
    const { header, rows } = tsv(file);
    const reverse = header.indexOf('Reverse');
    const contaminant = header.indexOf('Potential contaminant');
    const ids = header.indexOf('Majority protein IDs');
    const firstId = (r: string[]) => r[ids]!.split(';')[0]!;
    const isDecoy = (r: string[]) => r[reverse] === '+' || firstId(r).startsWith('REV__');
    const isContaminant = (r: string[]) => r[contaminant] === '+' || firstId(r).startsWith('CON__');
    const decoys = rows.filter(isDecoy).length;
    const contaminants = rows.filter((r) => !isDecoy(r) && isContaminant(r)).length;
    expect(rows.filter((r) => r[reverse] === '+').length).toBe(decoys); // every REV__ group is marked too
    expect(decoys).toBeGreaterThan(0);
    expect(contaminants).toBeGreaterThan(0);
    expect(mapped.preparation[0]).toEqual({ step: 'read', label: expect.any(String), count: rows.length });
    const flagged = mapped.preparation.filter((s) => s.step === 'remove-flagged');
    expect(flagged[0]!.label).toMatch(/^Decoys/);
    expect(flagged[0]!.count).toBe(decoys);
    expect(flagged[1]!.label).toMatch(/^Contaminants/);
    expect(flagged[1]!.count).toBe(contaminants);
    const zeros = mapped.preparation.find((s) => s.step === 'zeros-missing');
    expect(zeros?.count).toBeGreaterThan(0);
  });

  it('fits k = 3, s = 10 with the condition as known class: a contingency over the 12 samples with a condition', () => {
    expect([view.n, view.k, view.s]).toEqual([15, 3, 10]);
    expect(view.metrics?.classColumn).toBe('condition');
    expect(view.metrics!.contingency.classes).toEqual(['CD34High', 'CD34Low', 'CD34Neg']);
    expect(view.metrics!.contingency.counts.flat().reduce((a, b) => a + b, 0)).toBe(12);
    expect(view.format).toBe('maxquant');
    expect(view.quantity).toBe('LFQ intensity');
    expect(view.recipe).toEqual(recipe);
    expect(view.preparation).toEqual(mapped.preparation);
    expect(view.annotations.condition).toHaveLength(15);
  });

  it('no decoy or contaminant reaches the fitted features', () => {
    const groups = view.featureAnnotations['Majority protein IDs'];
    expect(groups).toHaveLength(view.p);
    expect(groups!.filter((g) => g === null || /(^|;)(REV__|CON__)/.test(g))).toEqual([]);
    expect(view.featureNames.filter((n) => /^(REV__|CON__)/.test(n))).toEqual([]);
    expect(view.featureAnnotations['Gene names']).toHaveLength(view.p);
  });

  it('evaluates against another design column (replicate)', async () => {
    const m = ok(await session.runJob({ type: 'evaluate', fitId: view.fitId, classColumn: 'replicate' }));
    expect(m.contingency.classes).toEqual(['1', '2', '3', '4']);
  });

  it('exports features with their protein annotations, samples with the design, and the preparation in the report', async () => {
    const decode = (b: Uint8Array | null) => new TextDecoder().decode(b!);
    const features = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'features', format: 'csv' }));
    const featureLines = decode(features.bytes).trim().split(/\r?\n/);
    const header = featureLines[0]!.split(',');
    expect(header.slice(0, 2)).toEqual(['rank', 'feature']);
    expect(header).toEqual(expect.arrayContaining(['Majority protein IDs', 'Gene names', 'Protein names']));
    expect(header.indexOf('Majority protein IDs')).toBeLessThan(header.indexOf('score'));
    expect(header).not.toContain('Reverse'); // empty once the decoys are out
    expect(featureLines).toHaveLength(1 + view.p); // every protein ranked (issue 24)

    const xlsx = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'features', format: 'xlsx' }));
    const fwb = XLSX.read(xlsx.bytes!, { type: 'array' });
    const frows = XLSX.utils.sheet_to_json<unknown[]>(fwb.Sheets.Features!, { header: 1 });
    expect(frows[0]).toEqual(header);

    const samples = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'samples', format: 'csv' }));
    const sampleLines = decode(samples.bytes).trim().split(/\r?\n/);
    // the design's columns other than the one naming the samples (label = the id)
    // imputed cells: missing before the fit, filled by k-POD (issue 11)
    expect(sampleLines[0]).toBe('sample,column,condition,replicate,cluster,distance,imputed cells,imputed features');
    expect(sampleLines[1]!.startsWith('H1,LFQ intensity H1,CD34High,1,')).toBe(true);
    expect(sampleLines.find((l) => l.startsWith('H5,'))!.startsWith('H5,LFQ intensity H5,,,')).toBe(true);

    const report = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'report', format: 'xlsx' }));
    const wb = XLSX.read(report.bytes!, { type: 'array' });
    const summary = new Map(XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets.Summary!, { header: 1 }).map((r) => [r[0], r[1]]));
    expect(summary.get('input format')).toBe('MaxQuant proteinGroups');
    expect(summary.get('quantity')).toBe('LFQ intensity');
    const decoys = mapped.preparation.find((s) => s.step === 'remove-flagged')!;
    expect(summary.get(`preparation: ${decoys.label}`)).toBe(decoys.count);
    expect(summary.get('sample table: samples without a row')).toBe('H5, L5, N5');
  });

  it('caches per mapping and recipe: the same mapping without the recipe keeps the decoys', async () => {
    const raw = ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping }));
    expect(raw.p).toBeGreaterThan(mapped.p);
    expect(raw.preparation.some((s) => s.step === 'remove-flagged')).toBe(false);
    const again = ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping, recipe }));
    expect(again.p).toBe(mapped.p);
  });
});

describe('DIA-NN matrix with its metadata', () => {
  it('joins on “Name in report.pg_matrix”; Gigaseal_Status becomes a sample annotation', async () => {
    const session = createSession();
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'diann_report.pg_matrix.tsv', bytes: bytesOf('diann_report.pg_matrix.tsv') } }));
    const d = ok(await session.runJob({ type: 'design', source: { kind: 'bytes', fileName: 'diann_metadata.csv', bytes: bytesOf('diann_metadata.csv') } }));
    expect(d.sheets).toEqual(['diann_metadata.csv']);
    expect(d.table.columns.find((c) => c.name === 'PostTau')!.values[0]).toBeNull(); // NA is missing
    const mapping = { ...opened.layout.mapping, design: d.table };
    const mapped = ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping, recipe: opened.layout.recipe }));
    expect(mapped.design?.matchedColumn).toBe('Name in report.pg_matrix');
    expect(mapped.annotationNames).toContain('Gigaseal_Status');
    expect(mapped.annotationValues.Gigaseal_Status!.reduce((a, v) => a + v.count, 0)).toBe(mapped.design!.matched);
    const view = ok(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping, recipe: opened.layout.recipe, settings, classColumn: 'Gigaseal_Status' }));
    expect(view.metrics?.classColumn).toBe('Gigaseal_Status');
    expect(view.format).toBe('diann');
  });
});

describe('the supplement workbook and the Perseus matrix', () => {
  it('supplement: title row skipped; its “Sample information” sheet is the sample table of the opened dataset', async () => {
    const session = createSession();
    const file = 'supplement_tam2020_elife.xlsx';
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: file, bytes: bytesOf(file) } }));
    expect(opened.sheet).toBe('Raw data');
    expect(opened.headerRow).toBeGreaterThan(1);
    expect(opened.titleRows.length).toBeGreaterThan(0);
    const d = ok(await session.runJob({ type: 'design', source: { kind: 'dataset', datasetId: opened.datasetId } }));
    expect(d.sheet).toBe('Sample information');
    expect(d.table.source).toBe(`${file} ▸ Sample information`);
    const mapping = { ...opened.layout.mapping, design: d.table };
    const mapped = ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping, recipe: opened.layout.recipe }));
    expect(mapped.design!.matched).toBeGreaterThan(0);
    expect(mapped.n).toBe(66);
  });

  it('Perseus: the category rows are the design already in the proposed mapping', async () => {
    const session = createSession();
    const file = 'perseus_matrix.txt';
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: file, bytes: bytesOf(file) } }));
    expect(opened.layout.format).toBe('perseus');
    expect(opened.layout.embeddedDesign).toBe(true);
    const mapped = ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping: opened.layout.mapping, recipe: opened.layout.recipe }));
    expect(mapped.n).toBe(18);
    expect(mapped.annotationNames).toEqual(expect.arrayContaining(['heart region', 'heart chamber']));
    expect(mapped.design!.samplesWithoutRow).toEqual([]);
  });
});

describe('design job: sheets of a workbook, errors', () => {
  /** A workbook with a data sheet and a sample sheet (whose first row is a title). */
  function workbook(sheets: [string, unknown[][]][]): Uint8Array {
    const wb = XLSX.utils.book_new();
    for (const [name, rows] of sheets) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), name);
    return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
  }
  const data: unknown[][] = [['Protein', 'Gene', 'S1', 'S2', 'S3'], ['P1', 'G1', 1, 2, 3], ['P2', 'G2', 4, 5, 6], ['P3', 'G3', 7, 8, 9]];
  const samples: unknown[][] = [['Sample', 'group', 'age'], ['S1', 'a', 30], ['S2', 'b', 41.5], ['S3', 'a', null]];
  const bytes = workbook([['Notes', [['note'], ['free text']]], ['Data', data], ['Sample info', samples]]);

  it('picks the sheet named like a sample sheet, from a file and from an opened dataset', async () => {
    const session = createSession();
    const fromFile = ok(await session.runJob({ type: 'design', source: { kind: 'bytes', fileName: 'study.xlsx', bytes } }));
    expect(fromFile.sheet).toBe('Sample info');
    expect(fromFile.sheets).toEqual(['Notes', 'Data', 'Sample info']);
    expect(fromFile.table.source).toBe('study.xlsx ▸ Sample info');
    expect(fromFile.table.columns).toEqual([
      { name: 'Sample', values: ['S1', 'S2', 'S3'] },
      { name: 'group', values: ['a', 'b', 'a'] },
      { name: 'age', values: ['30', '41.5', null] },
    ]);
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'study.xlsx', bytes }, sheet: 'Data' }));
    const fromDataset = ok(await session.runJob({ type: 'design', source: { kind: 'dataset', datasetId: opened.datasetId } }));
    expect(fromDataset.table).toEqual(fromFile.table);
    const named = ok(await session.runJob({ type: 'design', source: { kind: 'dataset', datasetId: opened.datasetId }, sheet: 'Notes' }));
    expect(named.table.columns).toEqual([{ name: 'note', values: ['free text'] }]);
  });

  it('without a sample-like name, takes the first sheet with data other than the dataset’s own', async () => {
    const session = createSession();
    const plain = workbook([['Data', data], ['Other', samples]]);
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'plain.xlsx', bytes: plain } }));
    expect(opened.sheet).toBe('Data');
    const d = ok(await session.runJob({ type: 'design', source: { kind: 'dataset', datasetId: opened.datasetId } }));
    expect(d.sheet).toBe('Other');
    const fromFile = ok(await session.runJob({ type: 'design', source: { kind: 'bytes', fileName: 'plain.xlsx', bytes: plain } }));
    expect(fromFile.sheet).toBe('Data');
  });

  it('answers an unknown dataset, an unknown sheet, the example and a design matching no sample with typed errors', async () => {
    const session = createSession();
    const code = (r: JobResponse) => (r.ok ? 'ok' : r.error.code);
    expect(code(await session.runJob({ type: 'design', source: { kind: 'dataset', datasetId: 'nope' } }))).toBe('unknown-dataset');
    expect(code(await session.runJob({ type: 'design', source: { kind: 'bytes', fileName: 'study.xlsx', bytes }, sheet: 'Missing' }))).toBe('unknown-sheet');
    expect(code(await session.runJob({ type: 'design', source: { kind: 'example', design: 'sparse', seed: 1 } }))).toBe('invalid-request');
    expect(code(await session.runJob({ type: 'design', source: { kind: 'path', path: '/x/design.txt' } }))).toBe('invalid-request'); // no file system
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'study.xlsx', bytes }, sheet: 'Data' }));
    const other: SampleTable = { source: 'other.csv', sampleColumn: null, columns: [{ name: 'run', values: ['X1', 'X2'] }] };
    const bad = await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping: { ...opened.layout.mapping, design: other } });
    expect(code(bad)).toBe('invalid-option');
    expect(bad.ok ? '' : bad.error.message).toContain('other.csv');
  });

  it('honours the header row: a title row above the sample table', async () => {
    const session = createSession();
    const titled = new TextEncoder().encode('Samples of the study\nSample,group\nS1,a\nS2,b\n');
    const detected = ok(await session.runJob({ type: 'design', source: { kind: 'bytes', fileName: 'titled.csv', bytes: titled } }));
    expect(detected.table.columns.map((c) => c.name)).toEqual(['Sample', 'group']);
    const forced = ok(await session.runJob({ type: 'design', source: { kind: 'bytes', fileName: 'titled.csv', bytes: titled }, headerRow: 2 }));
    expect(forced.table.columns[0]!.values).toEqual(['S1', 'S2']);
  });
});

describe('open and sheet honour the header row', () => {
  it('reports detected title rows, and reads the header where it is told', async () => {
    const session = createSession();
    const bytes = new TextEncoder().encode('LFQ intensities of 3 samples\n\nProtein,Gene,S1,S2,S3\nP1,G1,1,2,3\nP2,G2,4,5,6\n\nP3,G3,7,8,9\n');
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'titled.csv', bytes } }));
    expect(opened.headerRow).toBe(3);
    expect(opened.titleRows).toEqual(['LFQ intensities of 3 samples']);
    expect(opened.blankRowsSkipped).toBeGreaterThanOrEqual(1);
    expect(opened.rowCount).toBe(3);
    expect(opened.columns.map((c) => c.name)).toEqual(['Protein', 'Gene', 'S1', 'S2', 'S3']);
    const forced = ok(await session.runJob({ type: 'sheet', datasetId: opened.datasetId, sheet: 'titled.csv', headerRow: 4 }));
    expect(forced.headerRow).toBe(4);
    expect(forced.columns[0]!.name).toBe('P1');
    const past = await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'titled.csv', bytes }, headerRow: 99 });
    expect(past.ok ? 'ok' : past.error.code).toBe('invalid-option');
  });

  it('the example keeps its suggested mapping, as a table layout', async () => {
    const session = createSession();
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'example', design: 'sparse', seed: 3 } }));
    expect(opened.layout.format).toBe('table');
    expect(opened.layout.mapping).toEqual(opened.suggestedMapping);
    expect(opened.layout.recipe).toEqual({ steps: [] });
  });
});

describe('samples as rows keep working', () => {
  it('maxMissingFraction drops features (listed), with annotations valued and no preparation step but “read”', async () => {
    const session = createSession();
    const csv = 'id,grp,a,b,c\ns1,x,1,,3\ns2,y,2,,4\ns3,x,3,5,\ns4,x,4,6,7\n';
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 't.csv', bytes: new TextEncoder().encode(csv) } }));
    const mapping: Mapping = { orientation: 'samples-as-rows', idColumn: 'id', annotationColumns: ['grp'], featureColumns: null, filters: [], maxMissingFraction: 0.3 };
    const mapped = ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping }));
    expect(mapped.featureNames).toEqual(['a', 'c']);
    expect(mapped.droppedFeatures).toEqual([{ name: 'b', missingFraction: 0.5 }]);
    expect(Array.from(mapped.missingBySample)).toEqual([0, 0, 1, 0]);
    expect(Array.from(mapped.missingByFeature)).toEqual([0, 1]);
    expect(mapped.annotationValues).toEqual({ grp: [{ value: 'x', count: 3 }, { value: 'y', count: 1 }] });
    // (and the scale step, which changes no value: issue 24)
    expect(mapped.preparation?.filter((step: { step: string }) => step.step !== 'scale')).toEqual([{ step: 'read', label: 'Rows read', count: 4 }]);
    expect(mapped.design).toBeNull();
    const view = ok(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping, settings: { ...settings, k: 2, s: 1 } }));
    expect(view.featureAnnotations).toEqual({});
    expect(view.recipe).toEqual({ steps: [] });
    expect(view.quantity).toBeNull();
    const samples = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'samples', format: 'csv' }));
    // one missing cell (sample 3, feature c), filled by k-POD and flagged
    const sampleLines = new TextDecoder().decode(samples.bytes!).split(/\r?\n/);
    expect(sampleLines[0]).toBe('id,grp,cluster,distance,imputed cells,imputed features');
    expect(sampleLines.slice(1, 5).map((line) => line.split(',').slice(-2))).toEqual([['0', ''], ['0', ''], ['1', 'c'], ['0', '']]);
    const features = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'features', format: 'csv' }));
    expect(new TextDecoder().decode(features.bytes!).split(/\r?\n/)[0]).toBe('rank,feature,score,share,selected,center 1,center 2,imputed cells');
  });
});

describe('request schema', () => {
  const reject = (input: unknown): string => {
    try {
      parseRequest(input);
    } catch (error) {
      if (error instanceof SkfrError) return error.message;
      throw error;
    }
    throw new Error('expected a rejection');
  };
  const base = { type: 'map', datasetId: 'd1', mapping: { orientation: 'samples-as-columns', idColumn: null, annotationColumns: [], featureColumns: null, filters: [] } };

  it('accepts a valid recipe, design job, header rows and the new mapping fields', () => {
    const recipe = {
      steps: [
        { kind: 'remove-flagged', flag: 'decoy', markerColumn: 'Reverse', idColumn: 'Majority protein IDs', prefixes: ['REV__'] },
        { kind: 'zeros-missing' },
      ],
    };
    const mapping = {
      ...base.mapping,
      sampleColumns: ['LFQ intensity H1'],
      sampleColumnsMatch: null,
      featureLabelColumns: ['Gene names'],
      featureAnnotationColumns: ['Majority protein IDs'],
      missingTokens: ['Filtered'],
      sampleNames: 'clean',
      design: { source: 'design.txt', sampleColumn: null, columns: [{ name: 'label', values: ['H1', null] }] },
    };
    expect(parseRequest({ ...base, mapping, recipe })).toMatchObject({ recipe });
    expect(parseRequest({ type: 'fit', datasetId: 'd1', mapping, recipe, settings: skfr1 })).toMatchObject({ recipe });
    expect(parseRequest({ type: 'design', source: { kind: 'dataset', datasetId: 'd1' }, sheet: 'Samples', headerRow: 2 })).toMatchObject({ headerRow: 2 });
    expect(parseRequest({ type: 'design', source: { kind: 'path', path: '/data/design.txt' } }).type).toBe('design');
    expect(parseRequest({ type: 'open', source: { kind: 'path', path: '/a.csv' }, headerRow: 3 })).toMatchObject({ headerRow: 3 });
    expect(parseRequest({ type: 'sheet', datasetId: 'd1', sheet: 'S', headerRow: 1 })).toMatchObject({ headerRow: 1 });
  });

  it('rejects a bad recipe step, a bad header row, an oversized design and an unknown design source', () => {
    expect(reject({ ...base, recipe: { steps: [{ kind: 'delete-everything' }] } })).toContain('recipe.steps.0');
    expect(reject({ ...base, recipe: { steps: [{ kind: 'remove-flagged', flag: 'decoy', markerColumn: 'Reverse', idColumn: null }] } })).toContain('prefixes');
    expect(reject({ ...base, recipe: { steps: [{ kind: 'remove-flagged', flag: 'everything', markerColumn: null, idColumn: null, prefixes: [] }] } })).toContain('flag');
    expect(reject({ ...base, recipe: { steps: [{ kind: 'zeros-missing', extra: 1 }] } })).toContain('"extra"');
    expect(reject({ type: 'open', source: { kind: 'path', path: '/a.csv' }, headerRow: 0 })).toContain('headerRow');
    expect(reject({ type: 'open', source: { kind: 'path', path: '/a.csv' }, headerRow: 1.5 })).toContain('headerRow');
    expect(reject({ type: 'open', source: { kind: 'path', path: '/a.csv' }, headerRow: 2_000_000 })).toContain('headerRow');
    const huge = { source: 'x', sampleColumn: null, columns: [{ name: 'a', values: new Array(100_001).fill('v') }] };
    expect(reject({ ...base, mapping: { ...base.mapping, design: huge } })).toContain('mapping.design');
    const long = { source: 'x', sampleColumn: null, columns: [{ name: 'a', values: ['v'.repeat(10_001)] }] };
    expect(reject({ ...base, mapping: { ...base.mapping, design: long } })).toContain('mapping.design.columns.0.values.0');
    expect(reject({ type: 'design', source: { kind: 'url', url: 'https://x' } })).toContain('source');
    expect(reject({ ...base, mapping: { ...base.mapping, sampleNames: 'shouting' } })).toContain('sampleNames');
  });
});

describe('hosts: restoring and file access for the new requests', () => {
  it('a restarted process re-opens a dataset with its header row before a design request that reads its sheets', () => {
    const restorer = createRestorer();
    const open = { type: 'open' as const, source: { kind: 'path' as const, path: '/data/supp.xlsx' }, headerRow: 2 };
    restorer.record(open, { ok: true, type: 'open', result: { datasetId: 'd3', sheet: 'Raw data' } as OpenResult });
    const design = { type: 'design' as const, source: { kind: 'dataset' as const, datasetId: 'd3' } };
    expect(restorer.prerequisites(design)).toEqual([]);
    restorer.processLost();
    expect(restorer.prerequisites(design)).toEqual([{ type: 'open', source: open.source, sheet: 'Raw data', headerRow: 2, datasetId: 'd3' }]);
    expect(restorer.prerequisites({ type: 'design', source: { kind: 'path', path: '/data/design.txt' } })).toEqual([]);
  });

  it('Electron reads a sample table by path only when the user chose it, like a data file', () => {
    const access = createFileAccess(['/data/design.txt']);
    const design = (path: string) => ({ type: 'design' as const, source: { kind: 'path' as const, path } });
    expect(() => checkRendererRequest(design('/data/design.txt'), access)).not.toThrow();
    expect(() => checkRendererRequest(design('/Users/me/.ssh/id_rsa'), access)).toThrow('was not chosen by you');
    expect(() => checkRendererRequest({ type: 'design', source: { kind: 'dataset', datasetId: 'd1' } }, access)).not.toThrow();
    expect(() => checkRendererRequest({ type: 'design', source: { kind: 'bytes', fileName: 'd.csv', bytes: new Uint8Array(1) } }, access)).not.toThrow();
  });
});
