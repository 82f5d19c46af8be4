/**
 * Issue 27: exploring s and k live on the Results screen. Each change of the s or k slider (`ask`):
 *
 * 1. cancels the job of an older change still running (its answer would be stale) and asks the host for a
 *    **preview**: one fit at the new s and k warm-started from the partition on the screen (a 'preview' job,
 *    core/jobs/preview.ts), shown as soon as it answers — unless a newer change came meanwhile;
 * 2. once the user has stopped for SETTLE_MS, asks for the **full fit** at that s and k: the request of the fit
 *    explored from, with s and k set and nothing chosen (settingsAt) — exactly what "Run" at that s and k gives, so
 *    the exports, the report, the saved analysis and the reproduce command that follow it say that s and k.
 *
 * When the full fit explored from took under DIRECT_MS (small tables: a MaxQuant file's 15 samples), step 1 is
 * left out: every change asks for the full fit at once (nothing to preview: it is as quick). An answer is shown
 * only while its change is the last one asked for, so a quick run of changes ends on the last one, and no older
 * result ever replaces a newer one. A Run (or a rule's re-fit) started elsewhere ends the exploration, and so
 * does any result the exploration did not make (a run, a saved analysis opened).
 *
 * @example const explore = useExploreStore(); explore.ask({ s: 30 }); // preview at s = 30, then the full fit
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { FitRequest, FitView } from '../../../core/jobs/types';
import { settingsAt } from '../../../core/jobs/preview';
import { getApi } from '../bridge/api';
import { plain } from '../lib/plain';
import { measured } from '../lib/timing';
import { useAnalysisStore } from './analysis';
import { useResultsStore, type TuningSource } from './results';
import { useUiStore } from './ui';

/** Quiet time after the last change before the full fit is asked for. */
export const SETTLE_MS = 300;
/**
 * A full fit quicker than this (its fitMs) is asked for at every change, without a preview. A step has 100 ms to
 * show its new s (issue 27); the page's decoding, drawing and frames take ~40 of them and the worker's view ~20, so
 * a fit slower than ~30 ms goes through the preview (a single warm-started restart) first: Perseus's 18 × 6 824
 * (full fit job ~80 ms) showed a step at 114 ms with 60 here.
 */
export const DIRECT_MS = 30;

/** Where the exploration stands: nothing asked; a preview running; a preview shown, the full fit to come or running. */
export type ExplorePhase = 'idle' | 'preview' | 'waiting' | 'settling';

export const useExploreStore = defineStore('explore', () => {
  const results = useResultsStore();
  const analysis = useAnalysisStore();
  /** The last s and k asked for (null: none since the last result made elsewhere). */
  const target = ref<{ s: number; k: number } | null>(null);
  const phase = ref<ExplorePhase>('idle');
  /** The request of the fit the exploration started from: the full fits are it with s and k set. */
  const base = shallowRef<FitRequest | null>(null);
  /** The tuning whose curves stay shown while exploring (results.tuning when the exploration started). */
  let curves: TuningSource | null = null;
  /** The job of the last change, while it runs. */
  let job: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by every change: an answer to an older one is dropped. */
  let generation = 0;
  /** The views this store put on the screen (any other one ends the exploration). */
  const own = new WeakSet<FitView>();

  /** Whether the sliders can be used: results with their data and request, and no Run going on. */
  const available = computed(() => results.fit !== null && results.fit.fitId !== '' && (base.value ?? results.request) !== null && analysis.running === null);
  /** The preview on the screen, not yet the full fit. */
  const previewing = computed(() => results.fit?.preview != null);

  watch(
    () => results.fit,
    (fit) => {
      if (fit !== null && own.has(fit)) return;
      stop();
      base.value = null;
      curves = null;
    },
  );
  watch(
    () => analysis.running,
    (running) => {
      if (running !== null) stop();
    },
  );

  /** Cancels the running job and the pending full fit; nothing asked any more. */
  function stop(): void {
    generation++;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (job !== null) getApi().cancel(job);
    job = null;
    target.value = null;
    phase.value = 'idle';
  }

  /** The full fit's request at `at`. */
  function fullRequest(from: FitRequest, at: { s: number; k: number }): FitRequest {
    return { ...from, settings: plain(settingsAt(from.settings, at)) };
  }

  function show(view: FitView, request: FitRequest, param: 's' | 'k'): void {
    own.add(view);
    const from = curves ? { view: curves.view, rule: null, param } : null;
    results.setFit(view, { request, from });
  }

  /**
   * Fits at s and k (each default: the last asked for, else the fit shown). A change equal to the full fit shown
   * only cancels what is pending.
   */
  function ask(at: { s?: number; k?: number }): void {
    const fit = results.fit;
    if (!fit || !available.value) return;
    if (base.value === null) {
      base.value = results.request;
      curves = results.tuning;
    }
    const from = base.value!;
    const next = { s: at.s ?? target.value?.s ?? fit.s, k: at.k ?? target.value?.k ?? fit.k };
    const param: 's' | 'k' = at.k !== undefined ? 'k' : 's';
    stop();
    const gen = generation;
    if (next.s === fit.s && next.k === fit.k && !fit.preview) return;
    target.value = next;
    const request = fullRequest(from, next);
    const direct = fit.preview == null && fit.timings.fitMs < DIRECT_MS;
    if (direct) {
      settle(gen, request, param);
      return;
    }
    phase.value = 'preview';
    const sent = performance.now();
    const handle = getApi().run({ type: 'preview', fitId: fit.fitId, s: next.s, k: next.k });
    job = handle.jobId;
    void handle.response.then((response) => {
      if (gen !== generation) return;
      job = null;
      measured('skfr-preview', sent);
      if (!response.ok) {
        // A preview that cannot start (its fit was lost with a restarted compute process): the full fit at once.
        if (response.error.code !== 'cancelled') settle(gen, request, param);
        return;
      }
      show(response.result, request, param);
      phase.value = 'waiting';
      timer = setTimeout(() => {
        timer = null;
        if (gen === generation) settle(gen, request, param);
      }, SETTLE_MS);
    });
  }

  /** The full fit at the target: shown when it answers, unless a newer change came. */
  function settle(gen: number, request: FitRequest, param: 's' | 'k'): void {
    phase.value = 'settling';
    const sent = performance.now();
    const handle = getApi().run(request);
    job = handle.jobId;
    void handle.response.then((response) => {
      if (gen !== generation) return;
      job = null;
      measured('skfr-full', sent);
      phase.value = 'idle';
      target.value = null;
      if (response.ok) {
        show(response.result, request, param);
        useUiStore().dismiss('results');
      } else if (response.error.code !== 'cancelled') {
        useUiStore().showError(response.error, 'results');
      }
    });
  }

  return { target, phase, base, available, previewing, ask, stop };
});
