// @vitest-environment happy-dom
/**
 * The Pinia stores against a stub SkfrApi: opening adopts the table and maps it; a failed open keeps the last
 * good table and raises the banner; rapid mapping changes send one map job for the last mapping; a run records
 * progress and lands on Results; a failed run keeps the previous results.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { FitRequest, FitView, JobRequest, JobResponse, OpenResult } from '../../core/jobs/types';
import type { Mapping } from '../../core/table/types';
import { setApi } from '../../renderer/src/bridge/api';
import { useAnalysisStore } from '../../renderer/src/stores/analysis';
import { useDatasetStore } from '../../renderer/src/stores/dataset';
import { useResultsStore } from '../../renderer/src/stores/results';
import { useUiStore } from '../../renderer/src/stores/ui';
import { columnSummary, fitView as stubFit, mapResponse, openResult, rowsMapping, stubApi } from './fixtures';

const opened: OpenResult = openResult({
  fileName: 'mice.csv',
  format: 'csv',
  sheets: ['mice'],
  sheet: 'mice',
  columns: [
    columnSummary('id', 'text', { distinct: ['a', 'b', 'c'], distinctCount: 3 }),
    columnSummary('x', 'numeric', { min: 0, max: 1, distinctCount: 3 }),
    columnSummary('y', 'numeric', { missing: 1, min: 0, max: 1, distinctCount: 2 }),
    columnSummary('class', 'text', { distinct: ['u', 'v'], distinctCount: 2 }),
  ],
  layout: {
    format: 'table',
    formatLabel: 'Table',
    quantities: [],
    quantity: null,
    mapping: rowsMapping({ idColumn: 'id', annotationColumns: ['class'], featureColumns: ['x', 'y'] }),
    recipe: { steps: [] },
    description: 'Table, samples as rows, 3 samples × 2 features',
    embeddedDesign: false,
  },
});

function fitView(objective: number): FitView {
  return stubFit({ fitId: `f${objective}`, objective });
}

const mapOk = (request: JobRequest): JobResponse => {
  const mapping = (request as { mapping: Mapping }).mapping;
  const designColumns = mapping.design ? mapping.design.columns.slice(1).map((c) => c.name) : [];
  return mapResponse({
    n: 3,
    p: mapping.featureColumns?.length ?? 2,
    missingCells: 1,
    sampleIds: ['a', 'b', 'c'],
    missingBySample: Int32Array.of(0, 1, 0),
    missingByFeature: Int32Array.of(0, 1),
    preparation: [{ step: 'read', label: 'Rows read', count: 3 }],
    annotationNames: [...mapping.annotationColumns, ...designColumns],
    annotationValues: Object.fromEntries(designColumns.map((c) => [c, [{ value: 'u', count: 2 }, { value: 'v', count: 1 }]])),
  });
};

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useRealTimers();
});

describe('stores', () => {
  it('fetchRows asks the host for a page of the opened table, and gives null on failure or after another open', async () => {
    let fail = false;
    let gate: Promise<unknown> = Promise.resolve();
    const { api, log } = stubApi((r) => {
      if (r.type === 'open') return { ok: true, type: 'open', result: { ...opened } };
      if (r.type === 'rows') {
        const answer: JobResponse = fail
          ? { ok: false, type: 'rows', error: { code: 'unknown-dataset', message: 'gone' } }
          : { ok: true, type: 'rows', result: { datasetId: r.datasetId, start: r.start, rowCount: 3, rows: [['c', 1, null]] } };
        return gate.then(() => answer);
      }
      if (r.type === 'close') return { ok: true, type: 'close', result: { closed: true } };
      return mapOk(r);
    });
    setApi(api);
    const dataset = useDatasetStore();
    expect(await dataset.fetchRows(0, 10)).toBeNull(); // nothing open yet: no request
    expect(log).toEqual([]);
    await dataset.openExample();
    expect(await dataset.fetchRows(2, 10)).toEqual([['c', 1, null]]);
    expect(log.filter((r) => r.type === 'rows')).toEqual([{ type: 'rows', datasetId: 'd1', start: 2, count: 10 }]);
    fail = true;
    expect(await dataset.fetchRows(2, 10)).toBeNull();
    fail = false;
    let release = () => {};
    gate = new Promise<void>((r) => (release = r));
    const late = dataset.fetchRows(2, 10);
    await dataset.openExample(); // another table arrives before the page
    release();
    expect(await late).toBeNull();
    await vi.waitFor(() => expect(dataset.mapResult).not.toBeNull()); // no map job left pending for the next test
  });

  it('open adopts the table, guesses the mapping, maps it, and goes to Import', async () => {
    const { api, log } = stubApi((r) => (r.type === 'open' ? { ok: true, type: 'open', result: opened } : mapOk(r)));
    setApi(api);
    const dataset = useDatasetStore();
    const ui = useUiStore();
    expect(await dataset.openExample()).toBe(true);
    // The map is asked for with the open's answer, before any timer runs (the worker maps while the page draws).
    expect(log.map((r) => r.type)).toEqual(['open', 'map']);
    expect(ui.screen).toBe('import');
    expect(dataset.mapping).toMatchObject({ idColumn: 'id', annotationColumns: ['class'], featureColumns: ['x', 'y'] });
    await vi.waitFor(() => expect(dataset.mapResult?.p).toBe(2));
    expect(log.map((r) => r.type)).toEqual(['open', 'map']);
    // The analysis store guessed the class column and sized k to its 2 classes.
    const analysis = useAnalysisStore();
    await vi.waitFor(() => expect(analysis.classColumn).toBe('class'));
    expect(analysis.form.k).toBe('2');
  });

  it('a failed open keeps the last good table and shows the banner', async () => {
    let fail = false;
    const { api } = stubApi((r) => {
      if (r.type !== 'open') return mapOk(r);
      return fail
        ? { ok: false, type: 'open', error: { code: 'unreadable-file', message: '“x.xlsx” is not an Excel workbook.' } }
        : { ok: true, type: 'open', result: opened };
    });
    setApi(api);
    const dataset = useDatasetStore();
    const ui = useUiStore();
    await dataset.openExample();
    fail = true;
    expect(await dataset.openExample()).toBe(false);
    expect(dataset.opened?.datasetId).toBe('d1');
    expect(ui.notice).toMatchObject({ code: 'unreadable-file', title: 'This file could not be read', tone: 'error' });
    await vi.waitFor(() => expect(dataset.mapResult).not.toBeNull()); // let the first table's map job finish
  });

  it('rapid mapping changes send one map job, for the last mapping', async () => {
    const { api, log } = stubApi((r) => (r.type === 'open' ? { ok: true, type: 'open', result: opened } : mapOk(r)));
    setApi(api);
    const dataset = useDatasetStore();
    await dataset.openExample();
    await vi.waitFor(() => expect(dataset.mapResult).not.toBeNull());
    for (const features of [['x'], ['y'], ['x', 'y'], ['y']]) dataset.setMapping({ ...dataset.mapping, featureColumns: features });
    await vi.waitFor(() => expect(log.filter((r) => r.type === 'map').length).toBeGreaterThanOrEqual(2));
    await new Promise((r) => setTimeout(r, 200));
    const maps = log.filter((r) => r.type === 'map');
    expect(maps).toHaveLength(2);
    expect((maps[1] as { mapping: { featureColumns: string[] } }).mapping.featureColumns).toEqual(['y']);
  });

  it('a change made while a map runs is not undone by its answer (a switch flipped during a proposal stays flipped)', async () => {
    // The answer to the proposing map (another feature list) would set the recipe to its proposal, one step; the
    // user empties the recipe while it runs. Hand-checked: that answer is dropped (and its job cancelled), the next
    // map is sent with the user's empty recipe, and the recipe stays empty.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const proposedStep = { kind: 'zeros-missing' } as const;
    let maps = 0;
    const { api, log, cancelled } = stubApi((r) => {
      if (r.type === 'open') return { ok: true, type: 'open', result: opened };
      maps += 1;
      if (maps !== 2) return mapOk(r);
      const answer = mapOk(r) as { result: object };
      const recipe = { steps: [proposedStep] };
      return held.then(() => ({ ...answer, result: { ...answer.result, proposal: { recipe, proposed: recipe, reasons: [], scaleBasis: null, quantity: null } } }) as unknown as JobResponse);
    });
    setApi(api);
    const dataset = useDatasetStore();
    await dataset.openExample();
    await vi.waitFor(() => expect(dataset.mapResult).not.toBeNull());
    dataset.setMapping({ ...dataset.mapping, featureColumns: ['x'] });
    await vi.waitFor(() => expect(log.filter((r) => r.type === 'map')).toHaveLength(2)); // in flight, held
    dataset.setRecipe({ steps: [] });
    expect(cancelled).toEqual(['j3']); // j1 the open, j2 its map, j3 the held one
    release();
    await vi.waitFor(() => expect(log.filter((r) => r.type === 'map')).toHaveLength(3));
    await vi.waitFor(() => expect(dataset.mappingBusy).toBe(false));
    await new Promise((r) => setTimeout(r, 300)); // nothing more scheduled (MAP_DELAY_MS is less)
    expect(dataset.mappingBusy).toBe(false);
    expect((log.at(-1) as { recipe: { steps: unknown[] } }).recipe.steps).toEqual([]);
    expect(dataset.recipe.steps).toEqual([]);
  });

  it('an empty feature list is refused without a job, with the no-numeric-features banner', async () => {
    const { api, log } = stubApi((r) => (r.type === 'open' ? { ok: true, type: 'open', result: opened } : mapOk(r)));
    setApi(api);
    const dataset = useDatasetStore();
    await dataset.openExample();
    dataset.setMapping({ ...dataset.mapping, featureColumns: [] });
    await vi.waitFor(() => expect(useUiStore().notice?.code).toBe('no-numeric-features'));
    expect(dataset.mapResult).toBeNull();
    // the open's own map was sent at once (and its answer dropped); none for the empty list
    const maps = log.filter((r) => r.type === 'map') as { mapping: { featureColumns: string[] | null } }[];
    expect(maps).toHaveLength(1);
    expect(maps[0]!.mapping.featureColumns).not.toEqual([]);
  });

  it('a run reports progress and lands on Results; a failed run keeps the previous results', async () => {
    let objective = 10;
    let failRun = false;
    const { api } = stubApi((r, progress) => {
      if (r.type === 'open') return { ok: true, type: 'open', result: opened };
      if (r.type === 'map') return mapOk(r);
      progress({ stage: 'fitting', fraction: 0.5, restart: 1, restarts: 2 });
      return failRun
        ? { ok: false, type: 'fit', error: { code: 'cancelled', message: 'The run was cancelled.' } }
        : { ok: true, type: 'fit', result: fitView(objective) };
    });
    setApi(api);
    const dataset = useDatasetStore();
    const analysis = useAnalysisStore();
    const results = useResultsStore();
    const ui = useUiStore();
    await dataset.openExample();
    await vi.waitFor(() => expect(analysis.validated.settings).not.toBeNull());
    ui.go('configure');
    await analysis.run();
    expect(analysis.progress).toMatchObject({ stage: 'fitting', restart: 1 });
    expect(results.fit?.objective).toBe(10);
    expect(ui.screen).toBe('results');
    expect(analysis.running).toBeNull();

    failRun = true;
    objective = 5;
    ui.go('configure');
    await analysis.run();
    expect(results.fit?.objective).toBe(10);
    expect(ui.notice).toMatchObject({ code: 'cancelled', title: 'Run cancelled', tone: 'info' });
    expect(ui.screen).toBe('configure');
  });
});

describe('choosing s and k, stability (issue 13)', () => {
  /** A tuned fit as the host returns it: every rule's s, the fitted one (knee-se) at 4. */
  function tunedView(): FitView {
    return stubFit({
      fitId: 'f-tuned',
      objective: 1,
      s: 4,
      k: 3,
      gap: { curve: [], bestS: 5, oneSeS: 5, permutations: 5 },
      sRules: [
        { rule: 'knee-se', s: 4, default: true },
        { rule: 'tibshirani', s: 2, default: false },
      ],
      sFlags: { atRangeEnd: false, noClearMaximum: false },
      kCurve: null,
    });
  }

  it('a run carries sRule, tuneK and stability; a re-fit at another rule’s s is a plain fit with the same request, and the tuned curves stay', async () => {
    const fits: JobRequest[] = [];
    const { api } = stubApi((r) => {
      if (r.type === 'open') return { ok: true, type: 'open', result: opened };
      if (r.type === 'map') {
        const answer = mapOk(r) as { ok: true; type: 'map'; result: { n: number; p: number } };
        return { ...answer, result: { ...answer.result, n: 40, p: 5 } } as JobResponse;
      }
      fits.push(r);
      return fits.length === 1
        ? { ok: true, type: 'fit', result: tunedView() }
        : { ok: true, type: 'fit', result: stubFit({ fitId: 'f-refit', objective: 2, s: 2, k: 3, gap: null }) };
    });
    setApi(api);
    const dataset = useDatasetStore();
    const analysis = useAnalysisStore();
    const results = useResultsStore();
    await dataset.openExample();
    await vi.waitFor(() => expect(dataset.mapResult?.n).toBe(40));
    // Sized to the data: s over the whole range 1..p, k over 2..min(15, n − 1).
    expect([analysis.form.tuneFrom, analysis.form.tuneTo, analysis.form.kFrom, analysis.form.kTo]).toEqual(['1', '5', '2', '15']);
    analysis.form = { ...analysis.form, sMode: 'tune', sRule: 'tibshirani', kMode: 'tune', k: '3', permutations: '5', stability: true, subsamples: '20' };
    await analysis.run();
    expect(fits).toHaveLength(1);
    const first = fits[0] as FitRequest;
    expect(first.settings).toMatchObject({
      k: 3,
      tune: { from: 1, to: 5, step: 1, permutations: 5 },
      sRule: 'tibshirani',
      tuneK: { from: 2, to: 15, permutations: 5 },
      stability: { subsamples: 20 },
    });
    expect(results.tuning?.view.fitId).toBe('f-tuned');

    await analysis.refit({ s: 2 }, 'tibshirani');
    expect(fits).toHaveLength(2);
    const second = fits[1] as FitRequest;
    expect(second.settings).toEqual({
      k: 3,
      s: 2,
      variant: first.settings.variant,
      loss: first.settings.loss,
      restarts: first.settings.restarts,
      seed: first.settings.seed,
      maxIterations: first.settings.maxIterations,
      stability: { subsamples: 20 },
    });
    expect([second.datasetId, second.classColumn]).toEqual([first.datasetId, first.classColumn]);
    expect(second.mapping).toEqual(first.mapping);
    expect(second.recipe).toEqual(first.recipe);
    expect(results.fit?.fitId).toBe('f-refit');
    // The tuned fit's curve and rules stay on the screen, with the picked rule.
    expect(results.tuning).toMatchObject({ rule: 'tibshirani', param: 's' });
    expect(results.tuning?.view.fitId).toBe('f-tuned');
    // A fresh run from Configure drops them when it has no curve of its own.
    analysis.form = { ...analysis.form, sMode: 'fixed', kMode: 'fixed', stability: false };
    await analysis.run();
    expect(results.tuning).toBeNull();
  });
});
