/**
 * Issue 27: exploring s and k live on the Results screen. A 'preview' job fits at another s or k in one
 * warm-started restart from the partition of the fit on the screen (core/engine/warm.ts), with that fit's data,
 * preparation and settings, so the ranked proteins, heatmap, PCA, contingency table and warnings follow a slider
 * within milliseconds. The app then asks for the full fit at the same s and k (a plain 'fit' request with
 * `settingsAt`): that one is what "Run" at that s gives, what the exports, the session and the reproduce command
 * carry. A preview is never exported.
 *
 * The prepared data (standardised copy, missing cells, row norms: prepareFit) of the last previewed mapping is
 * kept, so a step costs the restart and the view, not another pass of preparation over n × p.
 *
 * @example
 *   const previews = createPreviews();
 *   const { fit, settings } = previews.fit(record, { s: 30, k: 8 }, signal);
 */
import { prepareFit, warmFit, type PreparedFit } from '../engine/index.js';
import type { AbortSignalLike, FitResult, Progress } from '../engine/types.js';
import type { MappedData } from '../table/types.js';
import type { FitSettings } from './types.js';

/**
 * The settings of a plain fit at s and k after any run: the same settings with s and k set and nothing chosen any
 * more (no tune, sRule or tuneK); stability is kept, so the fit says how sure it is too.
 * @example settingsAt({ k: 3, tune: { from: 1, to: 77 }, sRule: 'knee-se', … }, { s: 13 }) // { k: 3, s: 13, … }
 */
export function settingsAt(settings: FitSettings, at: { s: number; k?: number }): FitSettings {
  const { tune: _tune, sRule: _rule, tuneK: _tuneK, s: _s, ...rest } = settings;
  return { ...rest, k: at.k ?? settings.k, s: at.s };
}

/** What a preview starts from: a kept fit with the data it ran on. */
export interface PreviewSource {
  fit: FitResult;
  mapped: MappedData;
  settings: FitSettings;
}

export interface Previews {
  /**
   * One restart at `at` from `source`'s partition, and the settings of the full fit at `at` (settingsAt).
   * @throws SkfrError 'invalid-k' | 'invalid-s' | 'cancelled'
   */
  fit(source: PreviewSource, at: { s: number; k: number }, signal?: AbortSignalLike, onProgress?: (progress: Progress) => void): { fit: FitResult; settings: FitSettings };
  /** Forgets the kept preparation (its dataset was closed or re-read). */
  forget(mapped?: MappedData): void;
}

export function createPreviews(): Previews {
  let kept: { mapped: MappedData; key: string; prep: PreparedFit } | null = null;

  function prepared(source: PreviewSource, signal: AbortSignalLike | undefined): PreparedFit {
    // Everything prepareFit reads but k, s and restarts, which a preview sets.
    const { k: _k, s: _s, restarts: _r, ...rest } = source.fit.options;
    const key = JSON.stringify(rest);
    if (kept && kept.mapped === source.mapped && kept.key === key) return kept.prep;
    kept = null;
    const prep = prepareFit(source.mapped.matrix, { ...source.fit.options, ...(signal ? { signal } : {}) });
    kept = { mapped: source.mapped, key, prep };
    return prep;
  }

  return {
    fit(source, at, signal, onProgress) {
      const prep = prepared(source, signal);
      const run: PreparedFit = { ...prep };
      if (signal) run.signal = signal;
      else delete run.signal;
      if (onProgress) run.onProgress = onProgress;
      else delete run.onProgress;
      return { fit: warmFit(run, source.fit, at), settings: settingsAt(source.settings, at) };
    },
    forget(mapped) {
      if (mapped === undefined || kept?.mapped === mapped) kept = null;
    },
  };
}
