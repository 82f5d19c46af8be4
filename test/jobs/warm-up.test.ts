/**
 * The hosts' warm-up (core/jobs/warm-up.ts: the browser worker at page load, the desktop compute worker at its
 * start) runs the paths a lab's table runs: the jobs session recognises its table as MaxQuant LFQ intensity of 6 samples, proposes its preparation (decoys and contaminants
 * out, site-only rows out, zeros missing, log2, valid values) and fits it. If it stopped being recognised, the
 * warm-up would warm a plain matrix's path only.
 */
import { describe, expect, it } from 'vitest';
import { createSession } from '../../core/jobs/session.js';
import { WARM_ROWS, WARM_SAMPLES, warmRowsTable, warmTable, warmUp } from '../../core/jobs/warm-up.js';
import { DEFAULT_SETTINGS } from '../../core/analysis.js';

describe('warm-up', () => {
  it('is the same bytes at every call, WARM_ROWS proteins under one header', () => {
    const a = warmTable(200);
    expect(warmTable(200)).toEqual(a);
    const lines = new TextDecoder().decode(a).trimEnd().split('\n');
    expect(lines).toHaveLength(201);
    expect(new TextDecoder().decode(warmTable()).trimEnd().split('\n')).toHaveLength(WARM_ROWS + 1);
  });

  it('opens as MaxQuant LFQ intensity with the preparation a lab table gets, maps and fits', async () => {
    const session = createSession();
    const opened = await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'warm-up.tsv', bytes: warmTable(600) }, datasetId: 'warm-up' });
    if (!opened.ok) throw new Error(opened.error.message);
    const { layout } = opened.result;
    expect(layout.format).toBe('maxquant');
    expect(layout.quantity).toBe('LFQ intensity');
    expect(layout.mapping.sampleColumns).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'B3'].map((s) => `LFQ intensity ${s}`));
    const kinds = layout.recipe.steps.map((s) => s.kind);
    expect(kinds).toEqual(expect.arrayContaining(['remove-flagged', 'zeros-missing', 'transform', 'min-valid']));
    const mapped = await session.runJob({ type: 'map', datasetId: 'warm-up', mapping: layout.mapping, recipe: layout.recipe });
    if (!mapped.ok) throw new Error(mapped.error.message);
    expect(mapped.result.n).toBe(6);
    expect(mapped.result.p).toBeGreaterThan(400);
    expect(mapped.result.p).toBeLessThan(600);
    const fit = await session.runJob({ type: 'fit', datasetId: 'warm-up', mapping: layout.mapping, recipe: layout.recipe, fitId: 'w', settings: { ...DEFAULT_SETTINGS, k: 2, s: 2, restarts: 2 } });
    expect(fit.ok).toBe(true);
  });

  it('the second table opens with one sample per row, its class an annotation, and its fit reports the agreement with it', async () => {
    expect(warmRowsTable(50)).toEqual(warmRowsTable(50));
    const session = createSession();
    const opened = await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'warm-up.csv', bytes: warmRowsTable() }, datasetId: 'warm-up' });
    if (!opened.ok) throw new Error(opened.error.message);
    const { layout } = opened.result;
    expect(layout.mapping.orientation).toBe('samples-as-rows');
    expect(layout.mapping.idColumn).toBe('sample');
    expect(layout.mapping.annotationColumns).toEqual(['class']);
    const fit = await session.runJob({ type: 'fit', datasetId: 'warm-up', mapping: layout.mapping, recipe: layout.recipe, fitId: 'w', classColumn: 'class', settings: { ...DEFAULT_SETTINGS, k: 6, s: 12, restarts: 8 } });
    if (!fit.ok) throw new Error(fit.error.message);
    expect([fit.result.n, fit.result.p]).toEqual([WARM_SAMPLES, 40]);
    expect(fit.result.imputedCells).toBeGreaterThan(0); // ~2 % of the cells are empty: k-POD runs
    // the six groups differ on the first 8 features, which the fit selects and whose groups it finds
    expect(fit.result.selected.filter((l) => l < 8)).toHaveLength(8);
    expect(fit.result.metrics?.ari).toBeGreaterThan(0.5);
  });

  it('warmUp runs open, map, fit and close through the host, and a failing host costs nothing', async () => {
    const session = createSession();
    const seen: string[] = [];
    await warmUp(async (request) => {
      seen.push(request.type);
      return session.runJob(request);
    });
    expect(seen).toEqual(['open', 'map', 'fit', 'close', 'open', 'map', 'fit', 'close']);
    // the warm-up's dataset is closed: a map of it now fails
    const after = await session.runJob({ type: 'map', datasetId: 'warm-up', mapping: { orientation: 'samples-as-rows', idColumn: null, annotationColumns: [], featureColumns: null, featuresMatch: null, filters: [], design: null }, recipe: { steps: [] } });
    expect(after.ok).toBe(false);
    await expect(warmUp(() => Promise.reject(new Error('no worker')))).resolves.toBeUndefined();
    const refused: string[] = [];
    await warmUp(async (request) => {
      refused.push(request.type);
      return { ok: false, type: request.type, error: { code: 'internal', message: 'x' } } as never;
    });
    expect(refused).toEqual(['open']);
  });
});
