import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { TuneResult } from '../../core/engine/types.js';
import { simulate, tuneSparsity } from '../../core/engine/index.js';
import type { MappedData } from '../../core/table/types.js';
import { handFit } from './hand-fit.js';
import { centersRows, featuresRows, rankingRows, reportWorkbook, samplesRows, summaryRows } from '../../core/report/index.js';


const mapped: MappedData = {
  matrix: { rows: 4, cols: 3, data: new Float64Array(12) },
  sampleIds: ['s1', 's2', 's3', 's4'],
  idColumn: 'SampleID',
  featureNames: ['a', 'b', 'c'],
  annotations: { grp: ['x', 'y', null, 'y'], class: ['u', 'v', 'u', 'u'] },
  rowIndices: Int32Array.from([0, 1, 2, 3]),
  missingCells: 1,
  warnings: [],
};

describe('result rows', () => {
  it('samples: the id column under its own name, annotations, cluster 1..k, distance', () => {
    expect(samplesRows(handFit('global'), mapped)).toEqual([
      ['SampleID', 'grp', 'class', 'cluster', 'distance'],
      ['s1', 'x', 'u', 1, 0.5],
      ['s2', 'y', 'v', 2, 1],
      ['s3', null, 'u', 1, 1.5],
      ['s4', 'y', 'u', 2, 2],
    ]);
  });

  it('features (SKFR1): the s selected, best first, with share and centers in original units', () => {
    expect(featuresRows(handFit('global'), mapped)).toEqual([
      ['rank', 'feature', 'score', 'share', 'center 1', 'center 2'],
      [1, 'b', 6, 0.75, 10, 30],
      [2, 'a', 2, 0.25, 1, 3],
    ]);
    const all = featuresRows(handFit('global'), mapped, { all: true });
    expect(all.map((r) => r[1])).toEqual(['feature', 'b', 'a', 'c']);
    expect(all[3]).toEqual([3, 'c', 0, 0, 5, 5]);
  });

  it('features (SKFR2): per cluster its s features, share of that cluster’s total', () => {
    // cluster 1: d = [3, 1, 0], total 4 → a 0.75, b 0.25; cluster 2: d = [0, 5, 1], total 6 → b 5/6, c 1/6
    expect(featuresRows(handFit('local'), mapped)).toEqual([
      ['cluster', 'rank', 'feature', 'score', 'share', 'center 1', 'center 2'],
      [1, 1, 'a', 3, 0.75, 1, 3],
      [1, 2, 'b', 1, 0.25, 10, 30],
      [2, 1, 'b', 5, 5 / 6, 10, 30],
      [2, 2, 'c', 1, 1 / 6, 5, 5],
    ]);
    expect(featuresRows(handFit('local'), mapped, { all: true })).toHaveLength(1 + 2 * 3);
  });

  it('centers: k rows over the selected features', () => {
    expect(centersRows(handFit('global'), mapped)).toEqual([
      ['cluster', 'size', 'b', 'a'],
      [1, 2, 10, 1],
      [2, 2, 30, 3],
    ]);
  });
});

describe('the whole ranking (issue 24): every feature, best first, selected or not', () => {
  const none = { imputed: { total: 0, samples: 4, bySample: null, byFeature: new Int32Array(3), featuresBySample: null } };
  it('SKFR1: d = [2, 6, 0], total 8 → b (0.75, yes), a (0.25, yes), c (0, no), centers in original units', () => {
    expect(rankingRows(handFit('global'), mapped, none)).toEqual([
      ['rank', 'feature', 'score', 'share', 'selected', 'center 1', 'center 2'],
      [1, 'b', 6, 0.75, 'yes', 10, 30],
      [2, 'a', 2, 0.25, 'yes', 1, 3],
      [3, 'c', 0, 0, 'no', 5, 5],
    ]);
  });

  it('SKFR2: Σ_j d_jl = [3, 6, 1], total 10; the clusters that selected each (a: 1, b: 1 and 2, c: 2)', () => {
    const rows = rankingRows(handFit('local'), mapped, none);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([
      [1, 'b', 6, 0.6, '1, 2'],
      [2, 'a', 3, 0.3, '1'],
      [3, 'c', 1, 0.1, '2'],
    ]);
  });
});

describe('proteins × samples data: feature and sample annotations, preparation', () => {
  // the same hand-made fit over data read from sample columns, with protein annotations, a joined sample table
  // and a preparation; `Reverse` is empty for every kept feature (the decoys were removed) and is left out
  const columnsMapped: MappedData = {
    ...mapped,
    idColumn: null,
    annotations: { condition: ['A', 'B', null, 'B'] },
    sampleColumns: ['LFQ intensity s1', 'LFQ intensity s2', 'LFQ intensity s3', 'LFQ intensity s4'],
    featureAnnotations: {
      'Majority protein IDs': ['P1;P1-2', 'P2', 'P3'],
      'Gene names': ['a', 'b', null],
      Reverse: [null, null, null],
    },
    design: { source: 'design.txt', matchedColumn: 'label', matched: 3, samplesWithoutRow: ['s3'], rowsWithoutSample: [], columns: ['condition'] },
    preparation: [
      { step: 'read', label: 'Rows (features) read', count: 5 },
      { step: 'remove-flagged', label: 'Decoys (reverse hits) removed (Reverse = +)', count: 2 },
      { step: 'zeros-missing', label: 'Zeros made missing (0 = not quantified)', count: 1 },
    ],
  };

  it('features list the protein annotations after the feature label (SKFR1 and SKFR2)', () => {
    expect(featuresRows(handFit('global'), columnsMapped)).toEqual([
      ['rank', 'feature', 'Majority protein IDs', 'Gene names', 'score', 'share', 'center 1', 'center 2'],
      [1, 'b', 'P2', 'b', 6, 0.75, 10, 30],
      [2, 'a', 'P1;P1-2', 'a', 2, 0.25, 1, 3],
    ]);
    const local = featuresRows(handFit('local'), columnsMapped);
    expect(local[0]).toEqual(['cluster', 'rank', 'feature', 'Majority protein IDs', 'Gene names', 'score', 'share', 'center 1', 'center 2']);
    expect(local.at(-1)).toEqual([2, 2, 'c', 'P3', null, 1, 1 / 6, 5, 5]);
  });

  it('samples carry the column each came from and every sample annotation', () => {
    expect(samplesRows(handFit('global'), columnsMapped).slice(0, 4)).toEqual([
      ['sample', 'column', 'condition', 'cluster', 'distance'],
      ['s1', 'LFQ intensity s1', 'A', 1, 0.5],
      ['s2', 'LFQ intensity s2', 'B', 2, 1],
      ['s3', 'LFQ intensity s3', null, 1, 1.5],
    ]);
  });

  it('the Summary names the format and quantity, every preparation step with its count, and the sample table', () => {
    const rows = summaryRows(
      {
        fit: handFit('global'),
        mapped: columnsMapped,
        input: { fileName: 'proteinGroups.txt', sha256: '00' },
        version: '1',
        parameters: {},
        layout: { format: 'maxquant', formatLabel: 'MaxQuant proteinGroups', quantity: 'LFQ intensity' },
        recipe: { steps: [{ kind: 'zeros-missing' }] },
      },
      null,
    );
    const summary = new Map(rows.map((r) => [r[0], r[1]]));
    expect(summary.get('input format')).toBe('MaxQuant proteinGroups');
    expect(summary.get('quantity')).toBe('LFQ intensity');
    expect(summary.get('preparation recipe')).toBe('[{"kind":"zeros-missing"}]');
    expect(summary.get('preparation: Rows (features) read')).toBe(5);
    expect(summary.get('preparation: Decoys (reverse hits) removed (Reverse = +)')).toBe(2);
    expect(summary.get('preparation: Zeros made missing (0 = not quantified)')).toBe(1);
    expect(summary.get('sample table')).toBe('design.txt');
    expect(summary.get('sample table: samples without a row')).toBe('s3');
    expect(summary.get('sample table: rows without a sample')).toBe('none');
    // in the order they ran, right after the input
    const labels = rows.map((r) => String(r[0]));
    expect(labels.indexOf('input SHA-256')).toBeLessThan(labels.indexOf('input format'));
    expect(labels.indexOf('preparation: Rows (features) read')).toBeLessThan(labels.indexOf('preparation: Zeros made missing (0 = not quantified)'));
  });
});

describe('reportWorkbook', () => {
  const input = { fileName: 'tiny.csv', sha256: 'ab'.repeat(32) };
  const read = (bytes: Uint8Array) => {
    const wb = XLSX.read(bytes, { type: 'array', dense: true });
    const sheets: Record<string, unknown[][]> = {};
    for (const name of wb.SheetNames) sheets[name] = XLSX.utils.sheet_to_json(wb.Sheets[name]!, { header: 1, raw: true, defval: null });
    return { names: wb.SheetNames, sheets };
  };

  it('has Summary, Samples, Features, Centers and, with a class column, Contingency', () => {
    const { names, sheets } = read(
      reportWorkbook({ fit: handFit('global'), mapped, classColumn: 'class', input, version: '9.9.9', parameters: { k: 2, s: 2, where: ['grp=x'] } }),
    );
    expect(names).toEqual(['Summary', 'Samples', 'Features', 'Centers', 'Contingency']);
    expect(sheets.Samples).toHaveLength(1 + 4);
    expect(sheets.Features).toHaveLength(1 + mapped.matrix.cols); // every feature ranked (issue 24)
    expect(sheets.Centers).toHaveLength(1 + 2);
    // clusters × classes: cluster 1 = {s1 u, s3 u}, cluster 2 = {s2 v, s4 u}
    expect(sheets.Contingency).toEqual([
      ['cluster', 'u', 'v', 'total'],
      [1, 2, 0, 2],
      [2, 1, 1, 2],
    ]);
    const summary = new Map(sheets.Summary!.map((r) => [r[0], r[1]]));
    expect(summary.get('SKFR Studio version')).toBe('9.9.9');
    expect(summary.get('input file')).toBe('tiny.csv');
    expect(summary.get('input SHA-256')).toBe('ab'.repeat(32));
    expect(summary.get('seed')).toBe(7);
    expect(summary.get('parameter: where')).toBe('["grp=x"]');
    expect(summary.get('between / total SS')).toBe(0.75);
    expect(summary.get('imputed cells (k-POD)')).toBe(1);
    expect(summary.get('mixed nodes')).toBe(1);
    expect(summary.get('samples in mixed nodes')).toBe(2);
    expect(summary.get('adjusted Rand index')).toBeTypeOf('number');
  });

  it('without classes there is no Contingency sheet; an unknown class column is an error', () => {
    const { names } = read(reportWorkbook({ fit: handFit('local'), mapped, input, version: '1', parameters: {} }));
    expect(names).toEqual(['Summary', 'Samples', 'Features', 'Centers']);
    expect(() => reportWorkbook({ fit: handFit('local'), mapped, classColumn: 'nope', input, version: '1', parameters: {} })).toThrow(
      /“nope” is not one of the annotation columns/,
    );
  });

  it('a tuned, engine-made fit adds the Gap sheet (one row per s)', () => {
    const sim = simulate('sparse', { n: 60, p: 8, k: 3, s: 2, seed: 3 });
    const tune: TuneResult = tuneSparsity(sim.X, { k: 3, sValues: [1, 2, 3], permutations: 2, restarts: 2, seed: 1 });
    const simMapped: MappedData = {
      matrix: sim.X,
      sampleIds: Array.from({ length: 60 }, (_, i) => `m${i + 1}`),
      featureNames: sim.featureNames,
      annotations: { class: Array.from(sim.classes, (c) => `c${c + 1}`) },
      rowIndices: Int32Array.from({ length: 60 }, (_, i) => i),
      missingCells: 0,
      warnings: [],
    };
    const { names, sheets } = read(
      reportWorkbook({ fit: tune.fit, mapped: simMapped, tune, classColumn: 'class', input, version: '1', parameters: { tune: { from: 1, to: 3 } } }),
    );
    expect(names).toEqual(['Summary', 'Samples', 'Features', 'Centers', 'Gap', 'Contingency']);
    expect(sheets.Gap).toHaveLength(1 + 3);
    expect(sheets.Gap![0]!.slice(0, 3)).toEqual(['s', 'gap', 'sd']);
    expect(sheets.Gap!.slice(1).map((r) => r[0])).toEqual([1, 2, 3]);
    expect(sheets.Samples).toHaveLength(61);
    expect(sheets.Features).toHaveLength(1 + tune.fit.p);
    expect(sheets.Features!.slice(1).filter((r) => r[sheets.Features![0]!.indexOf('selected')] === 'yes')).toHaveLength(tune.fit.options.s);
    expect(sheets.Contingency).toHaveLength(1 + 3);
    const summary = summaryRows(
      { fit: tune.fit, mapped: simMapped, tune, input, version: '1', parameters: {} },
      null,
    );
    expect(new Map(summary.map((r) => [r[0], r[1]])).get('gap statistic: best s (max gap)')).toBe(tune.bestS);
  });
});
