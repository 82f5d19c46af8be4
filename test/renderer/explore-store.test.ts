// @vitest-environment happy-dom
/**
 * Issue 27: the live exploration store (renderer/src/stores/explore.ts) against a stub SkfrApi whose jobs answer
 * when the test says. A change asks for a preview from the fit shown; a newer change cancels the older job, whose
 * late answer is dropped; the preview is shown, and SETTLE_MS later the full fit at the last s and k (the
 * request explored from, s and k set, nothing tuned) replaces it, with that request recorded for the saved
 * analysis and the exports; a change while the full fit runs cancels it; a quick full fit is asked for at once;
 * a preview the host cannot start falls back to the full fit; a Run started elsewhere ends the exploration.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import type { RunHandle, SkfrApi } from '../../core/jobs/api';
import type { FitRequest, FitView, JobRequest, JobResponse } from '../../core/jobs/types';
import { setApi } from '../../renderer/src/bridge/api';
import { SETTLE_MS, useExploreStore } from '../../renderer/src/stores/explore';
import { useAnalysisStore } from '../../renderer/src/stores/analysis';
import { useResultsStore } from '../../renderer/src/stores/results';

/** A stub API: every job waits until the test answers it (`answer(i, view)`); cancels are recorded. */
function manualApi() {
  const jobs: { id: string; request: JobRequest; resolve: (r: JobResponse) => void }[] = [];
  const cancelled: string[] = [];
  const api = {
    platform: 'web',
    run<R extends JobRequest>(request: R): RunHandle<R['type']> {
      const id = `j${jobs.length + 1}`;
      let resolve!: (r: JobResponse) => void;
      const response = new Promise<JobResponse>((r) => (resolve = r)) as Promise<JobResponse<R['type']>>;
      jobs.push({ id, request: JSON.parse(JSON.stringify(request)) as JobRequest, resolve });
      return { jobId: id, response };
    },
    cancel: (id: string) => void cancelled.push(id),
  } as unknown as SkfrApi;
  return { api, jobs, cancelled };
}

/** A fit view as the host answers it (only what the store reads). */
function view(fitId: string, s: number, k: number, extra: Partial<FitView> = {}): FitView {
  return { fitId, s, k, metrics: null, preview: null, timings: { parseMs: 0, fitMs: 500 }, settings: { k, s, restarts: 20 }, ...extra } as unknown as FitView;
}

const baseRequest: FitRequest = {
  type: 'fit',
  datasetId: 'd1',
  mapping: { orientation: 'samples-as-rows', idColumn: 'MouseID', annotationColumns: ['class'], featureColumns: null, filters: [] },
  settings: { k: 8, tune: { from: 1, to: 77 }, sRule: 'knee-se', variant: 'global', loss: 'squared', restarts: 20, seed: 1, maxIterations: 100 },
  classColumn: 'class',
};

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await nextTick();
};

let stub: ReturnType<typeof manualApi>;

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
  stub = manualApi();
  setApi(stub.api);
});

/** Results of a tuned run (s = 24 chosen), the store ready. */
function start(fitMs = 500) {
  const results = useResultsStore();
  const explore = useExploreStore();
  results.setFit(view('f0', 24, 8, { timings: { parseMs: 0, fitMs }, gap: { curve: [], bestS: 77, oneSeS: 40, permutations: 10 } }), { request: baseRequest });
  return { results, explore };
}

describe('the live exploration of s and k', () => {
  it('drops a stale preview, shows the last one, then the full fit at the last s with its request', async () => {
    const { results, explore } = start();
    await settle();
    expect(explore.available).toBe(true);
    explore.ask({ s: 25 });
    expect(stub.jobs.map((j) => j.request)).toEqual([{ type: 'preview', fitId: 'f0', s: 25, k: 8 }]);
    explore.ask({ s: 26 });
    // The older job is cancelled, and the newer preview starts from the fit shown.
    expect(stub.cancelled).toEqual(['j1']);
    expect(stub.jobs[1]!.request).toEqual({ type: 'preview', fitId: 'f0', s: 26, k: 8 });
    expect(explore.target).toEqual({ s: 26, k: 8 });
    // The stale answer arrives late: not shown.
    stub.jobs[0]!.resolve({ ok: true, type: 'preview', result: view('p1', 25, 8, { preview: { fromS: 24, fromK: 8 } }) });
    await settle();
    expect(results.fit?.fitId).toBe('f0');
    stub.jobs[1]!.resolve({ ok: true, type: 'preview', result: view('p2', 26, 8, { preview: { fromS: 24, fromK: 8 } }) });
    await settle();
    expect(results.fit?.fitId).toBe('p2');
    expect(explore.previewing).toBe(true);
    expect(explore.phase).toBe('waiting');
    // The tuning's curves stay shown beside the preview.
    expect(results.tuning?.view.fitId).toBe('f0');
    // SETTLE_MS later: the full fit at s = 26, k = 8 — the run's request with s set and nothing tuned.
    expect(stub.jobs).toHaveLength(2);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(stub.jobs).toHaveLength(3);
    const full = stub.jobs[2]!.request as FitRequest;
    expect(full.type).toBe('fit');
    expect(full.settings).toEqual({ k: 8, s: 26, variant: 'global', loss: 'squared', restarts: 20, seed: 1, maxIterations: 100 });
    expect(full.mapping).toEqual(baseRequest.mapping);
    expect(full.classColumn).toBe('class');
    expect(explore.phase).toBe('settling');
    stub.jobs[2]!.resolve({ ok: true, type: 'fit', result: view('f3', 26, 8) });
    await settle();
    expect(results.fit?.fitId).toBe('f3');
    expect(explore.previewing).toBe(false);
    expect(explore.phase).toBe('idle');
    // What "Save analysis…" and the exports read: the full fit's request, s = 26.
    expect(results.request?.settings).toMatchObject({ k: 8, s: 26 });
    expect(results.request?.settings.tune).toBeUndefined();
    expect(results.tuning?.view.fitId).toBe('f0');
    expect(results.tuning?.param).toBe('s');
  });

  it('a change while the full fit runs cancels it; its late answer is dropped; k moves the same way', async () => {
    const { results, explore } = start();
    await settle();
    explore.ask({ s: 30 });
    stub.jobs[0]!.resolve({ ok: true, type: 'preview', result: view('p1', 30, 8, { preview: { fromS: 24, fromK: 8 } }) });
    await settle();
    vi.advanceTimersByTime(SETTLE_MS);
    expect(stub.jobs[1]!.request.type).toBe('fit');
    explore.ask({ k: 6 });
    expect(stub.cancelled).toEqual(['j2']);
    // From the preview shown, at the last s and the new k.
    expect(stub.jobs[2]!.request).toEqual({ type: 'preview', fitId: 'p1', s: 30, k: 6 });
    stub.jobs[1]!.resolve({ ok: true, type: 'fit', result: view('f-stale', 30, 8) });
    await settle();
    expect(results.fit?.fitId).toBe('p1');
    stub.jobs[2]!.resolve({ ok: true, type: 'preview', result: view('p3', 30, 6, { preview: { fromS: 30, fromK: 8 } }) });
    await settle();
    vi.advanceTimersByTime(SETTLE_MS - 1);
    expect(stub.jobs).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect((stub.jobs[3]!.request as FitRequest).settings).toMatchObject({ k: 6, s: 30 });
    stub.jobs[3]!.resolve({ ok: true, type: 'fit', result: view('f4', 30, 6) });
    await settle();
    expect(results.fit?.fitId).toBe('f4');
    expect(results.request?.settings).toMatchObject({ k: 6, s: 30 });
    expect(results.tuning?.param).toBe('k');
  });

  it('a quick full fit is asked for at once, without a preview; back to the fit shown asks for nothing', async () => {
    const { results, explore } = start(20);
    await settle();
    explore.ask({ s: 25 });
    expect(stub.jobs.map((j) => j.request.type)).toEqual(['fit']);
    expect((stub.jobs[0]!.request as FitRequest).settings).toMatchObject({ s: 25, k: 8 });
    explore.ask({ s: 24 });
    expect(stub.cancelled).toEqual(['j1']);
    expect(stub.jobs).toHaveLength(1);
    expect(explore.phase).toBe('idle');
    stub.jobs[0]!.resolve({ ok: true, type: 'fit', result: view('f1', 25, 8) });
    await settle();
    expect(results.fit?.fitId).toBe('f0');
  });

  it('a preview the host cannot start (its fit lost) falls back to the full fit', async () => {
    const { results, explore } = start();
    await settle();
    explore.ask({ s: 40 });
    stub.jobs[0]!.resolve({ ok: false, type: 'preview', error: { code: 'unknown-fit', message: 'gone' } });
    await settle();
    expect(stub.jobs[1]!.request.type).toBe('fit');
    stub.jobs[1]!.resolve({ ok: true, type: 'fit', result: view('f2', 40, 8) });
    await settle();
    expect(results.fit?.fitId).toBe('f2');
  });

  it('a Run started elsewhere, or a result made elsewhere, ends the exploration and cancels its job', async () => {
    const { results, explore } = start();
    await settle();
    explore.ask({ s: 40 });
    useAnalysisStore().running = { jobId: 'run', startedAt: 0, cancelling: false };
    await settle();
    expect(stub.cancelled).toEqual(['j1']);
    expect(explore.phase).toBe('idle');
    expect(explore.available).toBe(false);
    explore.ask({ s: 41 });
    expect(stub.jobs).toHaveLength(1);
    useAnalysisStore().running = null;
    await settle();
    explore.ask({ s: 42 });
    expect(stub.jobs).toHaveLength(2);
    results.setFit(view('other', 10, 3), { request: baseRequest });
    await settle();
    expect(stub.cancelled).toEqual(['j1', 'j2']);
    stub.jobs[1]!.resolve({ ok: true, type: 'preview', result: view('late', 42, 8, { preview: { fromS: 24, fromK: 8 } }) });
    await settle();
    expect(results.fit?.fitId).toBe('other');
  });
});
