/**
 * Issue 13 through the jobs layer: a FitRequest carries sRule, tuneK and stability in its settings (validated by
 * the request schema), the session's FitView carries every rule's s, the k curve and the stability (structured-
 * clone friendly), the exports carry them as columns and sheets, and the reproduce command names them — the same
 * run as the CLI's.
 */
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { parseRequest } from '../../core/jobs/schema.js';
import { createSession } from '../../core/jobs/session.js';
import type { FitSettings, FitView, JobResponse, OpenResult } from '../../core/jobs/types.js';

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}

const base: FitSettings = { k: 10, s: 10, variant: 'global', loss: 'squared', restarts: 4, seed: 3, maxIterations: 100 };

async function opened(session = createSession()): Promise<{ session: ReturnType<typeof createSession>; data: OpenResult }> {
  const data = ok(await session.runJob({ type: 'open', source: { kind: 'example', design: 'sparse', seed: 3 } }));
  return { session, data };
}

describe('FitRequest settings: sRule, tuneK, stability', () => {
  it('the schema accepts them within bounds and refuses the rest, naming the field', () => {
    const request = (settings: object) => ({ type: 'fit', datasetId: 'd1', mapping: { orientation: 'samples-as-rows', idColumn: null, annotationColumns: [], featureColumns: null, filters: [] }, settings: { ...base, ...settings } });
    expect(parseRequest(request({ stability: { subsamples: 50 }, tuneK: { from: 3, to: 15 } }))).toMatchObject({ settings: { stability: { subsamples: 50 }, tuneK: { from: 3, to: 15 } } });
    expect(parseRequest(request({ s: undefined, tune: { from: 1, to: 20 }, sRule: 'argmax' }))).toMatchObject({ settings: { sRule: 'argmax' } });
    for (const bad of [{ stability: { subsamples: 1 } }, { stability: { subsamples: 1001 } }, { stability: {} }, { tuneK: { from: 6, to: 5 } }, { sRule: 'largest' }, { tuneK: { from: 3, to: 5, extra: 1 } }]) {
      expect(() => parseRequest(request(bad)), JSON.stringify(bad)).toThrow(/Invalid fit request: settings\.(stability|tuneK|sRule)/);
    }
    // A limit that depends on the data (k ≥ 2 and ≤ n − 1 for tuneK) is left to the engine, which answers 'invalid-k'.
    expect(parseRequest(request({ tuneK: { from: 1, to: 5 } }))).toMatchObject({ settings: { tuneK: { from: 1, to: 5 } } });
  });

  it('a FitRequest with stability returns FitView.stability (structured-clone friendly), and the exports carry it', async () => {
    const { session, data } = await opened();
    const mapping = data.suggestedMapping!;
    const settings: FitSettings = { ...base, stability: { subsamples: 8 } };
    const view = ok(await session.runJob({ type: 'fit', datasetId: data.datasetId, mapping, settings, classColumn: 'class' })) as FitView;
    const st = view.stability!;
    expect(st.subsamples).toBe(8);
    expect(st.featureFrequency).toBeInstanceOf(Float64Array);
    expect(st.featureFrequency).toHaveLength(view.p);
    expect(st.sampleConsistency).toHaveLength(view.n);
    expect(st.ari).toHaveLength(8);
    for (const l of view.selected) expect(st.featureFrequency[l]).toBeGreaterThanOrEqual(0.9);
    expect(structuredClone(view).stability).toEqual(st);
    expect(view.sRules).toBeNull();
    expect(view.kCurve).toBeNull();
    expect(view.command).toContain('--stability 8');
    const samples = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'samples', format: 'csv' }));
    const header = new TextDecoder().decode(samples.bytes!).split(/\r?\n/)[0]!.split(',');
    expect(header.slice(-3)).toEqual(['cluster', 'distance', 'consistency']);
    const features = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'features', format: 'csv' }));
    const lines = new TextDecoder().decode(features.bytes!).split(/\r?\n/).filter((line) => line.length > 0);
    // The whole ranking (issue 24 item 6): every feature in rank order, whether it was selected, its frequency.
    expect(lines[0]!.split(',').slice(0, 7)).toEqual(['rank', 'feature', 'score', 'share', 'selected', 'selection frequency', 'unstable']);
    expect(lines).toHaveLength(1 + view.p);
    expect(view.p).toBeGreaterThan(view.selected.length);
    expect(lines.slice(1).filter((line) => line.split(',')[4] === 'yes')).toHaveLength(view.selected.length);
    const report = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'report', format: 'xlsx' }));
    const book = XLSX.read(report.bytes!);
    expect(book.SheetNames).toEqual(['Summary', 'Samples', 'Features', 'Centers', 'Stability', 'Contingency']);
  });

  it('tune with sRule and tuneK: every rule’s s, the k curve and the k / s steps in the FitView, k and s as fitted', async () => {
    const { session, data } = await opened();
    const mapping = data.suggestedMapping!;
    const settings: FitSettings = { ...base, k: 8, s: undefined, tune: { from: 6, to: 14, step: 4, permutations: 3 }, sRule: 'argmax', tuneK: { from: 8, to: 11, permutations: 3 } } as FitSettings;
    delete settings.s;
    const view = ok(await session.runJob({ type: 'fit', datasetId: data.datasetId, mapping, settings, classColumn: 'class' })) as FitView;
    expect(view.sRules!.map((c) => c.rule)).toEqual(['knee-se', 'tibshirani', 'argmax', 'within-sd-of-max', 'knee']);
    expect(view.sRules!.find((c) => c.default)!.rule).toBe('argmax');
    expect(view.s).toBe(view.sRules!.find((c) => c.default)!.s);
    expect(view.kCurve!.curve.map((point) => point.k)).toEqual([8, 9, 10, 11]);
    expect(view.k).toBe(view.kCurve!.kRules.find((c) => c.default)!.k);
    expect(view.clusterSizes).toHaveLength(view.k);
    expect(view.ksSteps!.length).toBeGreaterThanOrEqual(2);
    expect(view.ksSteps![0]).toMatchObject({ tuned: 's', k: 8 });
    expect(view.sFlags).toEqual(expect.objectContaining({ atRangeEnd: expect.any(Boolean), noClearMaximum: expect.any(Boolean) }));
    expect(view.command).toContain('--tune-k 8:11 --tune-s 6:14:4 --s-rule argmax --permutations 3');
    const report = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'report', format: 'xlsx' }));
    const book = XLSX.read(report.bytes!);
    expect(book.SheetNames).toEqual(['Summary', 'Samples', 'Features', 'Centers', 'Gap', 'K curve', 'Contingency']);
    const summary = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Summary']!, { header: 1 });
    expect(String(summary.find((row) => row[0] === 's rules')?.[1])).toMatch(/^knee-se \d+ \(default\) · tibshirani \d+ · argmax \d+ \(fitted\) · within-sd-of-max \d+ · knee \d+$/);
    expect(String(summary.find((row) => row[0] === 'k rules')?.[1])).toMatch(/^tibshirani \d+ \(default, fitted\) · argmax/);
    const kSheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['K curve']!, { header: 1 });
    expect(kSheet[0]).toEqual(['k', 'gap', 'sd', 'log W', 'mean permuted log W', 'silhouette']);
    expect(kSheet).toHaveLength(5);
  }, 300_000);
});
