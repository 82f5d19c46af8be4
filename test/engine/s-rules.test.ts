import { describe, expect, it } from 'vitest';
import {
  argMaxRule,
  chooseS,
  defaultSparsityGrid,
  DEFAULT_S_RULE,
  kneeRule,
  kneeSeRule,
  mergeCurves,
  refineGrid,
  S_RULES,
  sFlags,
  simulate,
  tibshiraniRule,
  tuneSparsity,
  withinSdOfMaxRule,
} from '../../core/engine/index.js';
import { tuneWith } from '../../core/parallel/orchestrate.js';
import { inThreadLinks } from './worker-links.js';

/**
 * A 5-point curve, s = 1..5, where every rule gives its own answer (worked out by hand):
 *   s    1     2     3     4     5
 *   Gap  0.10  0.40  0.62  0.66  0.70
 *   sd   0.02  0.05  0.25  0.03  0.05
 * - argmax: the largest Gap is 0.70 at s = 5.
 * - tibshirani (smallest s with Gap(s) ≥ Gap(s+1) − sd(s+1)):
 *     s = 1: 0.10 ≥ 0.40 − 0.05 = 0.35? no;  s = 2: 0.40 ≥ 0.62 − 0.25 = 0.37? yes → s = 2.
 *   From the steepest rise: rises 0.30 (1→2), 0.22, 0.04, 0.04 → the search starts at s = 1 → still s = 2.
 * - within-sd-of-max: threshold Gap(5) − sd(5) = 0.70 − 0.05 = 0.65; the first Gap ≥ 0.65 is 0.66 → s = 4.
 * - knee: on s = 1..5 (arg-max at the end), x = (s − 1)/4, y = (Gap − 0.10)/0.60:
 *     s = 2: y − x = 0.30/0.60 − 0.25 = 0.2500;  s = 3: 0.52/0.60 − 0.50 = 0.3667;  s = 4: 0.56/0.60 − 0.75 = 0.1833
 *   → the largest lift is at s = 3.
 * - knee-se: tibshirani from the knee (s = 3; the steepest rise, at s = 1, is earlier):
 *     s = 3: 0.62 ≥ 0.66 − 0.03 = 0.63? no;  s = 4: 0.66 ≥ 0.70 − 0.05 = 0.65? yes → s = 4.
 */
const S = [1, 2, 3, 4, 5];
const GAP = [0.1, 0.4, 0.62, 0.66, 0.7];
const SD = [0.02, 0.05, 0.25, 0.03, 0.05];
const curve = S.map((s, t) => ({ s, gap: GAP[t]!, sd: SD[t]! }));

describe('rules for s on a hand-worked 5-point curve', () => {
  it('each rule gives its own s', () => {
    expect(S[argMaxRule(curve)]).toBe(5);
    expect(S[tibshiraniRule(curve)]).toBe(2);
    expect(S[tibshiraniRule(curve, S, true)]).toBe(2);
    expect(S[withinSdOfMaxRule(curve)]).toBe(4);
    expect(S[kneeRule(curve, S)]).toBe(3);
    expect(S[kneeSeRule(curve, S)]).toBe(4);
  });

  it('chooseS reports every rule, the default marked, and the warnings', () => {
    const choice = chooseS(curve);
    expect(choice.sRules.map((r) => r.rule)).toEqual([...S_RULES]);
    expect(Object.fromEntries(choice.sRules.map((r) => [r.rule, r.s]))).toEqual({ 'knee-se': 4, tibshirani: 2, argmax: 5, 'within-sd-of-max': 4, knee: 3 });
    expect(choice.sRules.filter((r) => r.default).map((r) => r.rule)).toEqual([DEFAULT_S_RULE]);
    expect(DEFAULT_S_RULE).toBe('knee-se');
    expect(choice.chosenS).toBe(4);
    expect(choice.bestS).toBe(5);
    expect(choice.oneSeS).toBe(4);
    // The maximum is the last s: no clear maximum; s = 4 is not at an end of 1..5.
    expect(choice.flags).toEqual({ atRangeEnd: false, noClearMaximum: true });
    expect(chooseS(curve, 'tibshirani').chosenS).toBe(2);
    expect(chooseS(curve, 'argmax').flags).toEqual({ atRangeEnd: true, noClearMaximum: true });
    expect(chooseS(curve, 'knee').chosenS).toBe(3);
    expect(() => chooseS(curve, 'nope' as never)).toThrow(/not one of/);
  });

  it('tibshirani from the steepest rise skips a flat start', () => {
    /**
     *   s    1      2     3     4     5
     *   Gap  0.00   0.01  0.30  0.55  0.60
     *   sd   0.001  0.02  0.03  0.03  0.03
     * Plain: s = 1: 0.00 ≥ 0.01 − 0.02 = −0.01 → stops at s = 1.
     * From the steepest rise (0.29, between s = 2 and 3): s = 2: 0.01 ≥ 0.27? no; s = 3: 0.30 ≥ 0.52? no;
     * s = 4: 0.55 ≥ 0.57? no → no s qualifies → the last, s = 5.
     */
    const flat = [0, 0.01, 0.3, 0.55, 0.6].map((gap, t) => ({ s: t + 1, gap, sd: [0.001, 0.02, 0.03, 0.03, 0.03][t]! }));
    expect(tibshiraniRule(flat) + 1).toBe(1);
    expect(tibshiraniRule(flat, S, true) + 1).toBe(5);
  });

  it('tibshirani per unit of s on a stepped grid', () => {
    /**
     *   s    1    2    4    8     16
     *   Gap  0.1  0.5  0.8  0.95  1.0     sd 0.05 everywhere
     * Per grid step: s = 1: 0.1 ≥ 0.45? no; s = 2: 0.5 ≥ 0.75? no; s = 4: 0.8 ≥ 0.90? no; s = 8: 0.95 ≥ 0.95 → s = 8.
     * Per unit: s = 1 (step 1): 0.1 ≥ 0.45? no; s = 2 (step 2): 0.5 ≥ 0.8 − 0.10 = 0.70? no;
     *           s = 4 (step 4): 0.8 ≥ 0.95 − 0.20 = 0.75? yes → s = 4.
     */
    const xs = [1, 2, 4, 8, 16];
    const stepped = [0.1, 0.5, 0.8, 0.95, 1.0].map((gap, t) => ({ s: xs[t]!, gap, sd: 0.05 }));
    expect(xs[tibshiraniRule(stepped)]).toBe(8);
    expect(xs[tibshiraniRule(stepped, xs)]).toBe(4);
  });

  it('a curve that comes down after its maximum has a clear maximum', () => {
    const peaked = [0.1, 0.5, 0.9, 0.7, 0.6].map((gap, t) => ({ s: t + 1, gap, sd: 0.05 }));
    expect(sFlags(peaked, 3)).toEqual({ atRangeEnd: false, noClearMaximum: false });
    expect(sFlags(peaked, 1).atRangeEnd).toBe(true);
  });
});

describe('default grid and the fine pass', () => {
  it('every s up to 30 values, else ~30 on a log scale with both ends', () => {
    expect(defaultSparsityGrid(12)).toEqual(Array.from({ length: 12 }, (_, t) => t + 1));
    expect(defaultSparsityGrid(30)).toHaveLength(30);
    const g = defaultSparsityGrid(1000);
    expect(g.length).toBeLessThanOrEqual(30);
    expect(g[0]).toBe(1);
    expect(g.at(-1)).toBe(1000);
    expect([...g].sort((a, b) => a - b)).toEqual(g);
    expect(new Set(g).size).toBe(g.length);
    expect(defaultSparsityGrid(77)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 15, 17, 20, 23, 27, 31, 36, 42, 49, 57, 66, 77]);
    const sub = defaultSparsityGrid(500, 5, 200);
    expect(sub[0]).toBe(5);
    expect(sub.at(-1)).toBe(200);
    expect(() => defaultSparsityGrid(10, 4, 11)).toThrow(/between 1 and the number of features/);
  });

  it('refineGrid fills the values between the chosen s and its grid neighbours', () => {
    expect(refineGrid([1, 5, 10, 20], 10, 77)).toEqual([6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(refineGrid([1, 2, 3], 2, 3)).toEqual([]);
    expect(refineGrid([1, 100, 1000], 1000, 1000)).toHaveLength(30);
    const merged = mergeCurves([1, 4], { observed: Float64Array.of(1, 4), permuted: [Float64Array.of(1), Float64Array.of(4)] }, [2, 3], {
      observed: Float64Array.of(2, 3),
      permuted: [Float64Array.of(2), Float64Array.of(3)],
    });
    expect(merged.values).toEqual([1, 2, 3, 4]);
    expect(Array.from(merged.observed)).toEqual([1, 2, 3, 4]);
  });

  it('tuning on a stepped grid with the fine pass ends on the exact true s (p = 200), the same on workers', async () => {
    const sim = simulate('sparse', { n: 400, k: 10, s: 10, p: 200, seed: 1 });
    const sValues = defaultSparsityGrid(200);
    expect(sValues).not.toContain(10);
    const options = { k: 10, sValues, refine: true, permutations: 5, restarts: 3, seed: 1 };
    const result = tuneSparsity(sim.X, options);
    expect(result.chosenS).toBe(10);
    expect(result.curve.map((point) => point.s)).toContain(10);
    expect(result.fit.options.s).toBe(10);
    expect(result.flags).toEqual({ atRangeEnd: false, noClearMaximum: false });
    const pooled = await tuneWith(inThreadLinks(2), sim.X, options);
    expect(pooled.curve).toEqual(result.curve);
    expect(pooled.sRules).toEqual(result.sRules);
    expect(Array.from(pooled.fit.labels)).toEqual(Array.from(result.fit.labels));
    const argmax = await tuneWith(inThreadLinks(2), sim.X, { ...options, rule: 'argmax' });
    expect(argmax.sRules.find((r) => r.default)!.rule).toBe('argmax');
  });
});

describe("the paper's gap examples with every rule (s = 1..p)", () => {
  for (const p of [50, 20]) {
    it(`p = ${p}: every rule is reported and the default picks 15 ± 1`, () => {
      const sim = simulate('sparse', { n: 400, k: 10, s: 15, p, seed: 1 });
      const result = tuneSparsity(sim.X, { k: 10, sValues: Array.from({ length: p }, (_, t) => t + 1), permutations: 10, restarts: 3, seed: 1 });
      console.log(`p = ${p}: ${result.sRules.map((r) => `${r.rule} ${r.s}${r.default ? ' (default)' : ''}`).join(', ')}`);
      expect(result.sRules.map((r) => r.rule)).toEqual([...S_RULES]);
      expect(Math.abs(result.chosenS - 15)).toBeLessThanOrEqual(1);
      expect(result.fit.options.s).toBe(result.chosenS);
      expect(result.bestS).toBe(15);
    });
  }
});
