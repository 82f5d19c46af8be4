/**
 * Issue 16, the renderer's side of saved analyses: the Configure form of recorded settings validates back to the
 * same settings (what "Run" would send again), and the default file name carries the input, method, k and s.
 */
import { describe, expect, it } from 'vitest';
import type { FitSettings } from '../../core/jobs/types';
import { defaultSettingsForm, validateSettings } from '../../renderer/src/lib/settings';
import { sessionFileName, settingsForm } from '../../renderer/src/lib/session';

const base = { variant: 'global', loss: 'squared', restarts: 20, seed: 1, maxIterations: 100 } as const;

describe('settingsForm', () => {
  const cases: FitSettings[] = [
    { ...base, k: 8, s: 24 },
    { ...base, k: 3, tune: { from: 1, to: 77, step: 1, permutations: 10 }, sRule: 'argmax' },
    { ...base, k: 2, s: 10, tuneK: { from: 2, to: 15, permutations: 12 }, stability: { subsamples: 40 } },
    { ...base, variant: 'local', loss: 'absolute', k: 5, tune: { from: 2, to: 60, step: 2, permutations: 5 }, sRule: 'knee-se', tuneK: { from: 3, to: 9, permutations: 5 }, restarts: 7, seed: 99, maxIterations: 50 },
  ];
  it.each(cases)('validates back to the recorded settings (%#)', (settings) => {
    const form = settingsForm(settings, defaultSettingsForm());
    expect(validateSettings(form, { n: 1080, p: 77 })).toEqual({ settings, errors: {} });
  });
});

describe('sessionFileName', () => {
  it('input, method, k and s', () => {
    const settings = { ...base, k: 8, s: 24 };
    expect(sessionFileName({ fileName: 'mice_protein.csv', settings, k: 8, s: 24 })).toBe('mice_protein_SKFR1_k8_s24.skfr');
    expect(sessionFileName({ fileName: 'C:\\data\\proteinGroups.txt', settings: { ...settings, variant: 'local' }, k: 3, s: 10 })).toBe('proteinGroups_SKFR2_k3_s10.skfr');
  });
});
