/**
 * Acceptance of issue 2 on the mouse protein data: the three documented commands, and the same sheet as XLSX
 * and XLS (converted here with SheetJS) giving identical labels. Counts are checked against the CSV text itself.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { micePath, skfrJson, tempDir } from './helpers.js';

// The raw CSV, split by hand (the file has no quoted fields): header + 1080 rows.
const text = readFileSync(micePath, 'utf8');
const lines = text.split('\n').filter((line) => line.length > 0);
const header = lines[0]!.split(',');
const rows = lines.slice(1).map((line) => line.split(','));
const col = (name: string) => header.indexOf(name);
const proteins = header.filter((name) => name.endsWith('_N'));

const common = ['--id-column', 'MouseID', '--class-column', 'class', '--annotation-columns', 'Genotype,Treatment,Behavior', '--s', '24'];

function expectResult(json: Record<string, any>, genotype: string | null, k: number) {
  const kept = rows.filter((row) => genotype === null || row[col('Genotype')] === genotype);
  expect(json.n).toBe(kept.length);
  expect(json.p).toBe(77);
  expect(json.k).toBe(k);
  expect(json.s).toBe(24);
  expect(json.variant).toBe('global');
  expect(json.sampleIds).toEqual(kept.map((row) => row[col('MouseID')]));
  expect(json.labels).toHaveLength(kept.length);
  for (const label of json.labels) expect(Number.isInteger(label) && label >= 1 && label <= k).toBe(true);
  expect(new Set(json.labels).size).toBeGreaterThan(1);
  expect(json.selectedFeatures).toHaveLength(24);
  expect(new Set(json.selectedFeatures).size).toBe(24);
  for (const name of json.selectedFeatures) expect(proteins).toContain(name);
  expect(json.selectedFeaturesByCluster).toBeNull();
  expect(Object.keys(json.featureScores).sort()).toEqual([...proteins].sort());
  // Best first: scores of the selected features are non-increasing, and no unselected feature beats the last one.
  const scores = json.selectedFeatures.map((name: string) => json.featureScores[name]);
  for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThanOrEqual(scores[i - 1]);
  const unselected = proteins.filter((name) => !json.selectedFeatures.includes(name)).map((name) => json.featureScores[name]);
  expect(Math.max(...unselected)).toBeLessThanOrEqual(scores[23]);
  expect(json.objective).toBeGreaterThan(0);
  expect(json.iterations).toBeGreaterThanOrEqual(1);
  expect(typeof json.converged).toBe('boolean');
  expect(json.gap).toBeNull();
  expect(json.chosenS).toBeNull();
  expect(Object.keys(json.metrics).sort()).toEqual(['ari', 'mixedNodes', 'nmi', 'totalInMixedNodes']);
  expect(json.metrics.ari).toBeGreaterThan(0);
  expect(json.metrics.ari).toBeLessThanOrEqual(1);
  expect(json.metrics.nmi).toBeGreaterThan(0);
  expect(json.metrics.nmi).toBeLessThanOrEqual(1);
  expect(json.metrics.mixedNodes).toBeGreaterThanOrEqual(0);
  expect(json.metrics.mixedNodes).toBeLessThanOrEqual(k);
  expect(json.metrics.totalInMixedNodes).toBeLessThanOrEqual(kept.length);
  if (json.metrics.mixedNodes === 0) expect(json.metrics.totalInMixedNodes).toBe(0);
  // Missing protein cells in the kept rows, counted from the text: every one is imputed.
  const missing = kept.reduce((sum, row) => sum + proteins.filter((name) => row[col(name)] === '').length, 0);
  expect(missing).toBeGreaterThan(0);
  expect(json.imputedCells).toBe(missing);
  expect(json.timings.parseMs).toBeGreaterThanOrEqual(0);
  expect(json.timings.fitMs).toBeGreaterThan(0);
}

describe('skfr cluster on the mouse protein data (issue 2 acceptance)', () => {
  let all: Record<string, any>;

  it('all 1080 mice, k = 8, s = 24', async () => {
    all = await skfrJson(['cluster', micePath, ...common, '--k', '8']);
    expectResult(all, null, 8);
    expect(all.n).toBe(1080);
  });

  it('--where Genotype=Control --k 49 (570 mice)', async () => {
    const json = await skfrJson(['cluster', micePath, ...common, '--where', 'Genotype=Control', '--k', '49']);
    expectResult(json, 'Control', 49);
    expect(json.n).toBe(570);
  });

  it('--where Genotype=Ts65Dn --k 36 (510 mice)', async () => {
    const json = await skfrJson(['cluster', micePath, ...common, '--where', 'Genotype=Ts65Dn', '--k', '36']);
    expectResult(json, 'Ts65Dn', 36);
    expect(json.n).toBe(510);
  });

  it('the same seed gives the same labels; the same column twice in --where means either value', async () => {
    const again = await skfrJson(['cluster', micePath, ...common, '--k', '8']);
    expect(again.labels).toEqual(all.labels);
    expect(again.objective).toBe(all.objective);
    const both = await skfrJson(['cluster', micePath, ...common, '--k', '8', '--where', 'Genotype=Control', '--where', 'Genotype=Ts65Dn']);
    expect(both.n).toBe(1080);
    expect(both.labels).toEqual(all.labels);
  });

  describe('the same sheet as XLSX and XLS', () => {
    const tmp = tempDir('skfr-mice-');
    afterAll(tmp.cleanup);
    beforeAll(() => {
      // Cells as SheetJS would store them from Excel: numbers as numbers, empty cells absent.
      const aoa = [header, ...rows.map((row) => row.map((cell, j) => (cell === '' ? null : proteins.includes(header[j]!) ? Number(cell) : cell)))];
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Expression');
      writeFileSync(join(tmp.dir, 'mice.xlsx'), XLSX.write(wb, { bookType: 'xlsx', type: 'buffer' }));
      writeFileSync(join(tmp.dir, 'mice.xls'), XLSX.write(wb, { bookType: 'biff8', type: 'buffer' }));
    });

    for (const ext of ['xlsx', 'xls']) {
      it(`.${ext} gives labels identical to the CSV`, async () => {
        const json = await skfrJson(['cluster', join(tmp.dir, `mice.${ext}`), ...common, '--k', '8', '--sheet', 'Expression']);
        expect(json.sampleIds).toEqual(all.sampleIds);
        expect(json.labels).toEqual(all.labels);
        expect(json.selectedFeatures).toEqual(all.selectedFeatures);
        expect(json.metrics).toEqual(all.metrics);
      });
    }
  });
});
