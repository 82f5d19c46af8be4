/**
 * The pure pieces behind the issue-13 screens: the rules in words and their grouped choices, the stability figures (unstable proteins, least consistent samples, ARI), the settings the form
 * sends (sRule, tuneK, stability) and the plain re-fit at a rule's s.
 */
import { describe, expect, it } from 'vitest';
import { consistencyLine } from '../../core/charts/pca';
import { sortFeatures } from '../../renderer/src/lib/features';
import { S_RULE_INFO, S_RULE_ORDER, fittedRule, groupChoices, ruleLabel, sChoicesOf } from '../../renderer/src/lib/rules';
import { defaultKRange, defaultSettingsForm, refitSettings, validateSettings } from '../../renderer/src/lib/settings';
import { describeProgress } from '../../renderer/src/lib/stage';
import {
  agreementSentence,
  agreementWord,
  ariRange,
  barWidth,
  clusterFrequency,
  consistencyCounts,
  frequencyTitle,
  leastConsistent,
  percentText,
  unstableSet,
} from '../../renderer/src/lib/stability';
import type { RankedFeature } from '../../core/jobs/types';

describe('rules in words', () => {
  it('lists every rule once, knee-se first and recommended, each with one line', () => {
    expect(S_RULE_ORDER).toEqual(['knee-se', 'tibshirani', 'argmax', 'within-sd-of-max', 'knee']);
    expect(ruleLabel('knee-se')).toBe('knee-se (recommended)');
    expect(ruleLabel('argmax')).toBe('argmax');
    for (const rule of S_RULE_ORDER) {
      expect(S_RULE_INFO[rule].explain.length).toBeGreaterThan(20);
      expect(S_RULE_INFO[rule].explain).not.toContain('\n');
    }
  });

  it('groups choices by value, ascending, marking the fitted value and the run’s rule', () => {
    const groups = groupChoices(
      [
        { rule: 'knee-se', at: 24, default: true },
        { rule: 'tibshirani', at: 13, default: false },
        { rule: 'knee', at: 24, default: false },
      ],
      13,
    );
    expect(groups).toEqual([
      { at: 13, rules: ['tibshirani'], fitted: true, default: false },
      { at: 24, rules: ['knee-se', 'knee'], fitted: false, default: true },
    ]);
  });

  it('without sRules from the host, the arg-max and within-one-sd choices stand in', () => {
    const gap = { bestS: 77, oneSeS: 67 };
    expect(sChoicesOf({ gap, s: 77 })).toEqual([
      { rule: 'argmax', s: 77, default: true },
      { rule: 'within-sd-of-max', s: 67, default: false },
    ]);
    expect(sChoicesOf({ gap: null, s: 5 })).toEqual([]);
    const sRules = [{ rule: 'knee-se' as const, s: 20, default: true }];
    expect(sChoicesOf({ sRules, gap, s: 20 })).toBe(sRules);
  });

  it('names the fitted s’s rule: the one picked, else the run’s, else the first', () => {
    const choices = [
      { rule: 'knee-se' as const, s: 24, default: true },
      { rule: 'knee' as const, s: 24, default: false },
      { rule: 'argmax' as const, s: 77, default: false },
    ];
    expect(fittedRule(choices, 24)).toBe('knee-se');
    expect(fittedRule(choices, 24, 'knee')).toBe('knee');
    expect(fittedRule(choices, 77, 'knee')).toBe('argmax');
    expect(fittedRule(choices, 5)).toBeNull();
  });
});

describe('stability figures', () => {
  const st = {
    subsamples: 10,
    fraction: 0.8,
    subsampleSize: 4,
    featureFrequency: Float64Array.of(0.9, 0.3, 0.6, 0.1),
    clusterFeatureFrequency: Float64Array.of(1, 0.2, 0, 0, 0.4, 0.9, 0.5, 0),
    unstableSelected: [1],
    sampleConsistency: Float64Array.of(0.9, Number.NaN, 0.2, 0.45, 1),
    ari: Float64Array.of(0.9, 0.8, 1, 0.7),
    meanAri: 0.85,
  };

  it('marks the selected proteins chosen in fewer than half of the fits', () => {
    expect([...unstableSet({ selected: [0, 1], stability: st })]).toEqual([1]);
    // Without the host's list: computed from the frequencies (0.3 < ½; 0.6 is not selected).
    expect([...unstableSet({ selected: [0, 1, 3], stability: { featureFrequency: st.featureFrequency } })]).toEqual([1, 3]);
    expect(unstableSet({ selected: [0], stability: null }).size).toBe(0);
  });

  it('percentages, bar widths and the bar tooltip', () => {
    expect(percentText(0.925)).toBe('93 %');
    expect(percentText(Number.NaN)).toBe('–');
    expect(barWidth(0.5)).toBe('50%');
    expect(barWidth(1.2)).toBe('100%');
    expect(barWidth(Number.NaN)).toBe('0%');
    expect(frequencyTitle(0.3, 10, false)).toBe('Selected in 3 of 10 subsample fits (30 %).');
    expect(frequencyTitle(0.3, 10, true)).toMatch(/^Selected in 3 of 10 subsample fits \(30 %\)\. Selected by the full fit but in fewer than half/);
  });

  it('the partition’s agreement in one sentence, and its spread', () => {
    expect(agreementSentence({ meanAri: 0.931, subsamples: 50 })).toBe('Subsample fits agree with the full fit: mean ARI 0.93 over 50 fits.');
    expect(agreementWord(0.93)).toBe('very stable');
    expect(agreementWord(0.8)).toBe('mostly stable');
    expect(agreementWord(0.3)).toBe('unstable');
    // Sorted 0.7, 0.8, 0.9, 1 → median (0.8 + 0.9) / 2.
    expect(ariRange(st.ari)).toEqual({ min: 0.7, median: expect.closeTo(0.85, 12), max: 1 });
    expect(ariRange([])).toBeNull();
  });

  it('lists the least consistent samples first, leaving out those without a measure', () => {
    const rows = leastConsistent(st.sampleConsistency, ['s1', 's2', 's3', 's4', 's5'], Int32Array.of(1, 1, 2, 2, 1), 3);
    expect(rows).toEqual([
      { index: 2, id: 's3', cluster: 2, consistency: 0.2 },
      { index: 3, id: 's4', cluster: 2, consistency: 0.45 },
      { index: 0, id: 's1', cluster: 1, consistency: 0.9 },
    ]);
    expect(consistencyCounts(st.sampleConsistency)).toEqual({ measured: 4, belowHalf: 2, unmeasured: 1 });
    expect(consistencyLine(st.sampleConsistency, 3)).toBe('stays with its cluster mates in 45 % of subsample fits');
    expect(consistencyLine(st.sampleConsistency, 1)).toBeNull();
    expect(consistencyLine(null, 0)).toBeNull();
  });

  it('SKFR2: a cluster’s frequency of a feature, k × p row-major', () => {
    // k = 2, p = 4: cluster 2, feature 1 → index 1·4 + 1 = 5 → 0.9.
    expect(clusterFrequency(st, 2, 1, 4)).toBe(0.9);
    expect(clusterFrequency(st, 1, 0, 4)).toBe(1);
    expect(clusterFrequency({ clusterFeatureFrequency: null }, 1, 0, 4)).toBeNaN();
  });

  it('the ranked list sorts by selection frequency', () => {
    const rows: RankedFeature[] = [0, 1, 2, 3].map((index) => ({ index, name: `f${index}`, score: 4 - index, share: 0.25, selected: true }));
    const rankOf = new Map(rows.map((r, i) => [r.index, i + 1]));
    expect(sortFeatures(rows, { key: 'frequency', descending: true }, rankOf, st.featureFrequency).map((r) => r.index)).toEqual([0, 2, 1, 3]);
  });

  it('progress of the subsample fits and of choosing k, in words', () => {
    expect(describeProgress({ stage: 'fitting', fraction: 0.5, message: 'stability', subsample: 12, subsamples: 50 })).toBe('How sure: subsample fit 12 of 50');
    expect(describeProgress({ stage: 'tuning', fraction: 0.5, k: 5, permutation: 2, permutations: 5 })).toBe('Choosing k: k = 5, permutation 2 of 5');
    expect(describeProgress({ stage: 'tuning', fraction: 0.5, s: 4, permutation: 0, permutations: 5 })).toBe('Choosing s: s = 4, observed data');
  });
});

describe('settings of issue 13', () => {
  const size = { n: 1080, p: 77 };

  it('defaults: the whole range 1..p with knee-se, k from 2 to min(15, n − 1), stability off with B = 50', () => {
    const form = defaultSettingsForm(size);
    expect([form.tuneFrom, form.tuneTo, form.sRule]).toEqual(['1', '77', 'knee-se']);
    expect([form.kMode, form.kFrom, form.kTo]).toEqual(['fixed', '2', '15']);
    expect([form.stability, form.subsamples]).toEqual([false, '50']);
    expect(defaultKRange(6)).toEqual({ from: 2, to: 5 });
    expect(defaultSettingsForm({ n: 2700, p: 2700 }).tuneTo).toBe('2700');
  });

  it('"choose s for me" sends the range and the rule', () => {
    const out = validateSettings({ ...defaultSettingsForm(size), sMode: 'tune', sRule: 'tibshirani', permutations: '5' }, size);
    expect(out.settings).toEqual({
      k: 3,
      tune: { from: 1, to: 77, step: 1, permutations: 5 },
      sRule: 'tibshirani',
      variant: 'global',
      loss: 'squared',
      restarts: 20,
      seed: 1,
      maxIterations: 100,
    });
  });

  it('"choose k for me" sends tuneK with the permutations; k is its start unless s is chosen too', () => {
    const kOnly = validateSettings({ ...defaultSettingsForm(size), kMode: 'tune', k: 'not used', kFrom: '3', kTo: '12', permutations: '7' }, size);
    expect(kOnly.errors).toEqual({});
    expect(kOnly.settings).toMatchObject({ k: 3, s: 10, tuneK: { from: 3, to: 12, permutations: 7 } });
    const both = validateSettings({ ...defaultSettingsForm(size), kMode: 'tune', sMode: 'tune', k: '8' }, size);
    expect(both.settings).toMatchObject({ k: 8, tune: { from: 1, to: 77 }, sRule: 'knee-se', tuneK: { from: 2, to: 15, permutations: 10 } });
  });

  it('refuses k ranges outside 2..n − 1 or holding one k, quoting the value', () => {
    const out = validateSettings({ ...defaultSettingsForm({ n: 10, p: 5 }), kMode: 'tune', kFrom: '1', kTo: '10' }, { n: 10, p: 5 });
    expect(out.settings).toBeNull();
    expect(out.errors.kFrom).toBe('from k = 1 is not possible: from k must be a whole number from 2 to 9 (at most the number of samples less one, 9).');
    expect(out.errors.kTo).toContain('to k = 10 is not possible');
    const one = validateSettings({ ...defaultSettingsForm({ n: 10, p: 5 }), kMode: 'tune', kFrom: '4', kTo: '4' }, { n: 10, p: 5 });
    expect(one.errors.kTo).toBe('to k = 4 is not above from k = 4: the range must hold at least two values of k.');
  });

  it('the stability switch sends B (2–1000, core/engine/option-specs.ts) and checks the subsamples can hold k clusters', () => {
    const on = validateSettings({ ...defaultSettingsForm(size), stability: true, subsamples: '20' }, size);
    expect(on.settings?.stability).toEqual({ subsamples: 20 });
    const off = validateSettings(defaultSettingsForm(size), size);
    expect(off.settings && 'stability' in off.settings).toBe(false);
    const few = validateSettings({ ...defaultSettingsForm(size), stability: true, subsamples: '1' }, size);
    expect(few.errors.subsamples).toBe('subsample fits = 1 is not possible: subsample fits must be a whole number from 2 to 1000.');
    // n = 4: 80 % is 3 samples, fewer than k = 4.
    const small = validateSettings({ ...defaultSettingsForm({ n: 4, p: 3 }), k: '4', stability: true }, { n: 4, p: 3 });
    expect(small.errors.subsamples).toBe('Stability needs subsamples of at least k = 4 samples, and 80 % of the 4 samples is 3; lower k or turn stability off.');
  });

  it('a re-fit at a rule’s s is a plain fit: s set, nothing chosen, everything else kept', () => {
    const tuned = validateSettings({ ...defaultSettingsForm(size), sMode: 'tune', kMode: 'tune', k: '8', stability: true, seed: '7' }, size).settings!;
    expect(refitSettings(tuned, { s: 13, k: 9 })).toEqual({
      k: 9,
      s: 13,
      variant: 'global',
      loss: 'squared',
      restarts: 20,
      seed: 7,
      maxIterations: 100,
      stability: { subsamples: 50 },
    });
    expect(refitSettings({ k: 3, s: 5, variant: 'local', loss: 'absolute', restarts: 2, seed: 1, maxIterations: 9}, { s: 2 })).toMatchObject({ k: 3, s: 2 });
  });
});
