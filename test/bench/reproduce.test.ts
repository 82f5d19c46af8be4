/**
 * The reproduction pieces on tiny inputs: a study yields one record per (p, trial, method) with sane
 * measures, the summaries are Markdown tables with one column per p, and the charts render to SVG.
 */
import { describe, expect, it } from 'vitest';
import { gapChartOption, lineChartOption, renderSvg } from '../../bench/reproduce/charts.js';
import { runStudy, sequentialFitter } from '../../bench/reproduce/simulations.js';
import { measureChart, measureTable, selectionTable } from '../../bench/reproduce/summaries.js';
import { miceTable, type MiceRecord } from '../../bench/reproduce/mice.js';

describe('reproduction study', () => {
  it('records every (p, trial, method) and summarizes them per p', async () => {
    const records = await runStudy({ design: 'sparse', methods: ['SKFR1', 'SKFR2', 'Lloyd'], ps: [20, 30], trials: 2, restarts: 2 }, sequentialFitter);
    expect(records).toHaveLength(2 * 2 * 3);
    // What the data seeds (trial t → seed t) determine, pinned from a run: ARI, FPR, FNR and iterations per record.
    // SKFR2's rates are over the union of its per-cluster sets, hence its false positives.
    const pinned: Array<[p: number, trial: number, method: string, ari: number, fpr: number, fnr: number, iterations: number]> = [
      [20, 1, 'SKFR1', 0.8904665593483854, 0, 0, 4],
      [20, 1, 'SKFR2', 0.8821696256558718, 0.6, 0, 4],
      [20, 1, 'Lloyd', 0.8671001901018092, NaN, NaN, 5],
      [20, 2, 'SKFR1', 1, 0, 0, 2],
      [20, 2, 'SKFR2', 1, 0.3, 0, 10],
      [20, 2, 'Lloyd', 1, NaN, NaN, 7],
      [30, 1, 'SKFR1', 0.867320929135338, 0, 0, 6],
      [30, 1, 'SKFR2', 0.8743473720849286, 0.3, 0, 8],
      [30, 1, 'Lloyd', 0.8501141889296705, NaN, NaN, 8],
      [30, 2, 'SKFR1', 0.868864121413327, 0, 0, 4],
      [30, 2, 'SKFR2', 0.8007626310772165, 0.45, 0, 11],
      [30, 2, 'Lloyd', 0.7669101629751656, NaN, NaN, 10],
    ];
    records.forEach((r, t) => {
      const [p, trial, method, ari, fpr, fnr, iterations] = pinned[t]!;
      const what = `${r.method} p = ${r.p} trial ${r.trial}`;
      expect([r.p, r.trial, r.method, r.iterations], what).toEqual([p, trial, method, iterations]);
      expect(r.ari, what).toBeCloseTo(ari, 12);
      // toBe: NaN for Lloyd (Object.is), the exact rate otherwise.
      expect(r.fpr, what).toBe(fpr);
      expect(r.fnr, what).toBe(fnr);
      expect(r.seconds).toBeGreaterThan(0);
    });
    const table = measureTable(records, 'ari').split('\n');
    expect(table[0]).toBe('| method | p = 20 | p = 30 |');
    expect(table).toHaveLength(5); // header, rule, SKFR1, SKFR2, Lloyd
    // Lloyd selects every feature, so only SKFR1 and SKFR2 appear in the selection table.
    expect(selectionTable(records).split('\n')).toHaveLength(4);
    const chart = measureChart(records, 'ari', 't', 'ARI');
    expect(chart.categories).toEqual(['20', '30']);
    expect(chart.series.map((s) => s.name)).toEqual(['SKFR1', 'SKFR2', 'Lloyd']);
  });
});

describe('charts', () => {
  it('render line and gap charts to SVG on the server', () => {
    const line = renderSvg(lineChartOption({ title: 'ARI', xName: 'p', yName: 'ARI', categories: ['20', '50'], series: [{ name: 'SKFR1', data: [1, 0.5] }] }), 320, 200);
    expect(line.startsWith('<svg')).toBe(true);
    expect(line).toContain('width="320"');
    expect(line).toContain('SKFR1');
    const option = gapChartOption({ title: 'gap', s: [1, 2, 3], gap: [0.1, 0.5, 0.3], sd: [0.01, 0.02, 0.03], chosenS: 2, trueS: 2 });
    const scatter = (option.series as { type: string; data: unknown[] }[]).find((s) => s.type === 'scatter')!;
    expect(scatter.data).toEqual([['2', 0.5]]);
    expect(renderSvg(option)).toContain('chosen s = 2');
  });
});

describe('mouse table', () => {
  it('shows median (range) beside the paper', () => {
    const rec = (genotype: 'Control' | 'Ts65Dn', method: 'SKFR1' | 'k-means++', seed: number, mixed: number, total: number): MiceRecord =>
      ({ genotype, method, seed, mixedNodes: mixed, totalInMixedNodes: total, selected: [] });
    const table = miceTable([
      rec('Control', 'SKFR1', 1, 4, 60), rec('Control', 'SKFR1', 2, 6, 80), rec('Control', 'SKFR1', 3, 5, 70),
      rec('Ts65Dn', 'SKFR1', 1, 3, 64), rec('Control', 'k-means++', 1, 11, 164), rec('Ts65Dn', 'k-means++', 1, 9, 152),
    ]);
    expect(table).toContain('| SKFR1 | 5 (4–6) | 4 | 70 (60–80) | 67 | 3 (3–3) | 3 | 64 (64–64) | 64 |');
  });
});
