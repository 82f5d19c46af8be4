/**
 * Issue 16, the renderer's side of a saved analysis (.skfr): the Configure form of recorded settings (the inverse
 * of validateSettings), the default file name, and the session text of the fit on the Results screen (built with
 * core's toSessionFile, as test/jobs/session-file.test.ts builds it).
 */
import type { FitRequest, FitSettings, FitView, OpenResult } from '../../../core/jobs/types';
import { toSessionFile } from '../../../core/jobs/session-file';
import { sessionName } from './export-names';
import type { SettingsForm } from './settings';

/** The Configure form that validates to `settings` (fields it does not set keep `base`'s text). */
export function settingsForm(settings: FitSettings, base: SettingsForm): SettingsForm {
  const { tune, tuneK, stability } = settings;
  return {
    ...base,
    variant: settings.variant,
    k: String(settings.k),
    sMode: tune ? 'tune' : 'fixed',
    s: settings.s !== undefined ? String(settings.s) : base.s,
    tuneFrom: tune ? String(tune.from) : base.tuneFrom,
    tuneTo: tune ? String(tune.to) : base.tuneTo,
    tuneStep: tune ? String(tune.step ?? 1) : base.tuneStep,
    sRule: settings.sRule ?? base.sRule,
    kMode: tuneK ? 'tune' : 'fixed',
    kFrom: tuneK ? String(tuneK.from) : base.kFrom,
    kTo: tuneK ? String(tuneK.to) : base.kTo,
    permutations: String(tune?.permutations ?? tuneK?.permutations ?? base.permutations),
    restarts: String(settings.restarts),
    seed: String(settings.seed),
    maxIterations: String(settings.maxIterations),
    robust: settings.loss === 'absolute',
    stability: stability !== undefined,
    subsamples: stability ? String(stability.subsamples) : base.subsamples,
  };
}

/** "mice_protein.csv", SKFR1, k 8, s 24 → "mice_protein_SKFR1_k8_s24.skfr" (the run's stem, core/report/file-names.ts). */
export function sessionFileName(view: Pick<FitView, 'fileName' | 'settings' | 'k' | 's'>): string {
  return sessionName(view);
}

/** The `.skfr` text of a fit shown on the Results screen, from the table it was made on. */
export function sessionTextOf(input: {
  opened: OpenResult;
  /** The path the table was opened from (desktop); null for bytes (browser). */
  path: string | null;
  request: FitRequest;
  view: FitView;
  platform: 'electron' | 'web';
}): string {
  return toSessionFile({
    opened: input.opened,
    absolutePath: input.path,
    request: input.request,
    view: input.view,
    savedBy: `SKFR Studio (${input.platform === 'electron' ? 'desktop' : 'browser'})`,
  });
}
