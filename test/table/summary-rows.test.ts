/**
 * Summary rows under a sheet's samples (core/table/summary-rows.ts): “Mean”, “SD” … at the end of a table with
 * one sample per row are statistics of the samples; before, they were fitted as two more samples. The mapping
 * leaves them out, warns naming them, and counts them in the preparation; in the CLI as in the app.
 */
import { describe, expect, it } from 'vitest';
import { createSession } from '../../core/jobs/session.js';
import { prepare } from '../../core/prepare/index.js';
import { isStatisticLabel, summaryRowCount, tableSummaryRows } from '../../core/table/summary-rows.js';
import { proposedLayout } from '../../core/jobs/datasets.js';
import { parseTable, type Mapping, type Table } from '../../core/table/index.js';
import { skfr, tempDir } from '../cli/helpers.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const parse = (text: string): Table => parseTable(new TextEncoder().encode(text), 'sheet.csv');
const rowsMapping = (idColumn: string | null, filters: Mapping['filters'] = []): Mapping => ({ orientation: 'samples-as-rows', idColumn, annotationColumns: [], featureColumns: null, filters });

/** Four samples, then Mean and SD of a and b (hand-computed: a 1, 2, 3, 6 → mean 3, SD √(14/3) ≈ 2.16). */
const SHEET = 'Sample,group,a,b\nS1,x,1,10\nS2,x,2,20\nS3,y,3,30\nS4,y,6,40\nMean,,3,25\nSD,,2.16,12.91\n';

describe('isStatisticLabel and summaryRowCount (hand-checked)', () => {
  it.each([
    ['Mean', true], ['mean:', true], [' SD ', true], ['S.D.', true], ['Std. Dev.', true], ['SEM', true], ['CV %', true],
    ['%CV', true], ['Total', true], ['n', true], ['Median', true], ['Mean ± SD', true],
    ['S1', false], ['Mean A', false], ['Control', false], ['', false], [null, false],
  ])('%j → %s', (label, expected) => {
    expect(isStatisticLabel(label)).toBe(expected);
  });
  it('only the trailing block; all statistics is none', () => {
    expect(summaryRowCount(['S1', 'S2', 'Mean', 'SD'])).toBe(2);
    expect(summaryRowCount(['S1', 'Mean', 'S2'])).toBe(0); // a sample named “Mean” among the others
    expect(summaryRowCount(['S1', 'S2', 'Total'])).toBe(1);
    expect(summaryRowCount(['S1', 'S2', 'Mean', 'SD', 'n'])).toBe(3);
    // Labels a sample could have, alone: samples A … N, a mouse called Max.
    expect(summaryRowCount(['A', 'B', 'M', 'N'])).toBe(0);
    expect(summaryRowCount(['Rex', 'Max'])).toBe(0);
    expect(summaryRowCount(['S1', 'Min', 'Max'])).toBe(0);
    expect(summaryRowCount(['Mean', 'SD'])).toBe(0);
    expect(summaryRowCount([])).toBe(0);
  });
});

describe('the mapping leaves the summary rows out', () => {
  it('by the id column: 4 samples, the warning and the preparation step name Mean and SD', () => {
    const data = prepare(parse(SHEET), rowsMapping('Sample'));
    expect(data.sampleIds).toEqual(['S1', 'S2', 'S3', 'S4']);
    expect(Array.from(data.matrix.data)).toEqual([1, 10, 2, 20, 3, 30, 6, 40]);
    expect(data.warnings.find((w) => w.code === 'summary-rows')?.message).toBe('The last 2 rows (“Mean”, “SD”, from line 6) are summaries of the samples, not samples: left out.');
    expect(data.preparation?.find((s) => s.step === 'filter')).toEqual({ step: 'filter', label: 'Summary rows under the samples left out (“Mean”, “SD”)', count: 2 });
  });
  it('without an id column, by the first text column; with a filter, after it', () => {
    expect(prepare(parse(SHEET), rowsMapping(null)).matrix.rows).toBe(4);
    // group = x keeps S1, S2 only: no summary row among them (its group is empty).
    const filtered = prepare(parse(SHEET), rowsMapping('Sample', [{ column: 'group', values: ['x'] }]));
    expect(filtered.sampleIds).toEqual(['S1', 'S2']);
    expect(filtered.warnings.some((w) => w.code === 'summary-rows')).toBe(false);
  });
  it('a table without them is unchanged: no warning, no step', () => {
    const data = prepare(parse('Sample,a\nS1,1\nS2,2\nMean,3\nS3,4\n'), rowsMapping('Sample'));
    expect(data.sampleIds).toEqual(['S1', 'S2', 'Mean', 'S3']);
    expect(data.warnings.some((w) => w.code === 'summary-rows')).toBe(false);
  });
  it('the app’s opening counts the samples without them (the Import screen’s banner)', () => {
    expect(tableSummaryRows(parse(SHEET), 'Sample')).toBe(2);
    expect(tableSummaryRows(parse(SHEET), null)).toBe(2); // by the first text column, Sample
    expect(proposedLayout(parse(SHEET)).description).toBe('Table, samples as rows, 4 samples × 2 features');
  });
  it('the app’s map job says the same', async () => {
    const session = createSession();
    const opened = await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'sheet.csv', bytes: new TextEncoder().encode(SHEET) } });
    if (!opened.ok) throw new Error(opened.error.message);
    const mapped = await session.runJob({ type: 'map', datasetId: opened.result.datasetId, mapping: opened.result.layout.mapping, recipe: { steps: [] } });
    if (!mapped.ok) throw new Error(mapped.error.message);
    expect(mapped.result.n).toBe(4);
    expect(mapped.result.sampleIds).toEqual(['S1', 'S2', 'S3', 'S4']);
    expect(mapped.result.warnings.map((w) => w.code)).toContain('summary-rows');
  });
});

describe('skfr cluster', () => {
  it('fits the 4 samples, warns on stderr and counts them; a --where filter that leaves them out counts them itself', async () => {
    const { dir, cleanup } = tempDir('skfr-summary-rows-');
    try {
      const path = join(dir, 'sheet.csv');
      writeFileSync(path, SHEET);
      const fit = ['--k', '2', '--s', '1', '--restarts', '1', '--workers', '1'];
      const run = await skfr(['cluster', path, ...fit]);
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('warning: The last 2 rows (“Mean”, “SD”, from line 6) are summaries of the samples, not samples: left out.');
      expect(run.stdout).toContain('\n  Summary rows under the samples left out (“Mean”, “SD”): 2\n');
      expect(run.stdout).toContain('sheet.csv: 4 samples × 2 features');
      // group = x or y: the filter leaves Mean and SD out (their group is empty), and says so.
      const where = await skfr(['cluster', path, ...fit, '--where', 'group=x', '--where', 'group=y']);
      expect(where.stdout).toContain('\n  Rows kept where group = x or y (removed): 2\n');
      expect(where.stdout).not.toContain('Summary rows');
      expect(where.stdout).toContain('sheet.csv: 4 samples × 2 features');
    } finally {
      cleanup();
    }
  });
});
