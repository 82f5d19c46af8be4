import { describe, expect, it } from 'vitest';
import { alternateKS, assembleKCurve, chooseK, DEFAULT_K_RULE, fit, K_RULES, simulate, tuneClusters } from '../../core/engine/index.js';
import { runAnalysis, runAnalysisAsync, settingsFromOptions, tuneGrid } from '../../core/analysis.js';
import { loadMice } from '../../bench/lib/mice.js';
import type { MappedData } from '../../core/table/types.js';

describe('gap statistic over k', () => {
  it('assembles Gap(k) = mean log W(X_b) − log W(X) with sd · sqrt(1 + 1/B) (by hand)', () => {
    /**
     * k = 2: observed log W = 1.0; permuted 1.2, 1.4 → mean 1.3, Gap 0.3, sd = sqrt(((−0.1)² + 0.1²)/2) = 0.1,
     *        times sqrt(1 + 1/2) = 0.122474…
     * k = 3: observed 0.5; permuted 1.0, 1.0 → Gap 0.5, sd 0.
     */
    const curve = assembleKCurve([2, 3], [1.0, 0.5], [Float64Array.of(1.2, 1.4), Float64Array.of(1.0, 1.0)], [0.4, 0.6]);
    expect(curve[0]!.gap).toBeCloseTo(0.3, 12);
    expect(curve[0]!.sd).toBeCloseTo(0.1 * Math.sqrt(1.5), 12);
    expect(curve[1]).toEqual({ k: 3, gap: 0.5, sd: 0, logW: 0.5, meanPermutedLogW: 1, silhouette: 0.6 });
  });

  it('chooseK: every rule, the default marked; silhouette takes the largest average silhouette', () => {
    /**
     *   k     2     3     4     5
     *   Gap   0.20  0.50  0.52  0.60     sd 0.05
     *   sil   0.30  0.70  0.50  0.40
     * tibshirani: k = 2: 0.20 ≥ 0.45? no; k = 3: 0.50 ≥ 0.52 − 0.05 = 0.47 → 3. argmax 5. within-sd-of-max:
     * 0.60 − 0.05 = 0.55 → first ≥ 0.55 is k = 5. knee: x = (k − 2)/3, y = (Gap − 0.2)/0.4: k = 3: 0.75 − 0.333 =
     * 0.417; k = 4: 0.8 − 0.667 = 0.133 → 3. silhouette: 0.70 at k = 3.
     */
    const curve = [0.2, 0.5, 0.52, 0.6].map((gap, t) => ({ k: t + 2, gap, sd: 0.05, silhouette: [0.3, 0.7, 0.5, 0.4][t]! }));
    const { chosenK, rules } = chooseK(curve);
    expect(Object.fromEntries(rules.map((r) => [r.rule, r.k]))).toEqual({ tibshirani: 3, argmax: 5, 'within-sd-of-max': 5, knee: 3, silhouette: 3 });
    expect(rules.map((r) => r.rule)).toEqual([...K_RULES]);
    expect(rules.filter((r) => r.default).map((r) => r.rule)).toEqual([DEFAULT_K_RULE]);
    expect(chosenK).toBe(3);
    expect(chooseK(curve, 'argmax').chosenK).toBe(5);
  });

  it('finds the true k on a small sparse design; the fit is fit(X, { k: chosenK })', () => {
    const sim = simulate('sparse', { n: 200, k: 4, s: 5, p: 20, seed: 2 });
    const progress: number[] = [];
    const result = tuneClusters(sim.X, { s: 5, kValues: [2, 3, 4, 5, 6, 7], permutations: 5, restarts: 5, seed: 1, onProgress: (p) => progress.push(p.fraction) });
    console.log(result.curve.map((c) => `${c.k}: ${c.gap.toFixed(3)}±${c.sd.toFixed(3)} sil ${c.silhouette.toFixed(2)}`).join(', '));
    expect(result.chosenK).toBe(4);
    expect(result.kRules.find((r) => r.rule === 'silhouette')!.k).toBe(4);
    const direct = fit(sim.X, { k: 4, s: 5, restarts: 5, seed: 1 });
    expect(Array.from(result.fit.labels)).toEqual(Array.from(direct.labels));
    expect(progress.at(-1)).toBe(1);
    expect(() => tuneClusters(sim.X, { s: 5, kValues: [1, 2] })).toThrow(/between 2 and the number of samples/);
  });

  it('alternating k / s search settles on the true k and s, reporting each step', () => {
    const sim = simulate('sparse', { n: 200, k: 4, s: 5, p: 20, seed: 2 });
    const result = alternateKS(sim.X, { k: 3, kValues: [2, 3, 4, 5, 6, 7], permutations: 5, restarts: 5, seed: 1 });
    console.log(result.steps.map((step) => `${step.tuned}: k ${step.k}, s ${step.s}`).join(' → '));
    expect(result.settled).toBe(true);
    expect(result.k).toBe(4);
    expect(result.s).toBe(5);
    expect(result.steps[0]).toMatchObject({ tuned: 's', k: 3 });
    expect(result.steps.at(-1)).toMatchObject({ tuned: 'k', k: 4, s: 5 });
    expect(result.fit.options).toMatchObject({ k: 4, s: 5 });
  });
});

function mappedOf(X: { rows: number; cols: number; data: Float64Array }, classes: ArrayLike<number>): MappedData {
  return {
    matrix: X,
    sampleIds: Array.from({ length: X.rows }, (_, i) => `s${i + 1}`),
    featureNames: Array.from({ length: X.cols }, (_, l) => `F${l + 1}`),
    annotations: { class: Array.from(classes, String) },
    rowIndices: Int32Array.from({ length: X.rows }, (_, i) => i),
    missingCells: 0,
    warnings: [],
  };
}

describe('analysis: s rules, k and stability passed through', () => {
  it('tuning reports every rule with the default fitted; tuneK and stability are added when asked', async () => {
    const sim = simulate('sparse', { n: 200, k: 4, s: 5, p: 20, seed: 2 });
    const mapped = mappedOf(sim.X, sim.classes);
    const settings = settingsFromOptions({ k: 4, restarts: 5, seed: 1, tune: { from: 1, to: 20, permutations: 5 } });
    const tuned = runAnalysis(mapped, settings, { classColumn: 'class' });
    expect(tuned.sRules!.map((r) => r.rule)).toEqual(['knee-se', 'tibshirani', 'argmax', 'within-sd-of-max', 'knee']);
    expect(tuned.sRules!.find((r) => r.default)!.s).toBe(tuned.chosenS);
    expect(tuned.chosenS).toBe(5);
    expect(tuned.fit.options.s).toBe(5);
    expect(tuned.sFlags).toEqual({ atRangeEnd: false, noClearMaximum: false });
    expect(tuned.kCurve).toBeNull();
    expect(tuned.stability).toBeNull();
    expect(runAnalysis(mapped, settings, { sRule: 'argmax' }).chosenS).toBe(tuned.tune!.bestS);

    const withK = runAnalysis(mapped, settingsFromOptions({ k: 3, s: 5, restarts: 5, seed: 1 }), { tuneK: { from: 2, to: 7, permutations: 5 }, stability: { subsamples: 4 } });
    expect(withK.chosenK).toBe(4);
    expect(withK.fit.options.k).toBe(4);
    expect(withK.kCurve!.curve.map((c) => c.k)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(withK.stability!.subsamples).toBe(4);
    expect(withK.stability!.featureFrequency).toHaveLength(20);
    const asyncResult = await runAnalysisAsync(mapped, settingsFromOptions({ k: 3, s: 5, restarts: 5, seed: 1 }), { tuneK: { from: 2, to: 7, permutations: 5 }, stability: { subsamples: 4 } });
    expect(asyncResult.stability).toEqual(withK.stability);

    const both = runAnalysis(mapped, settingsFromOptions({ k: 3, restarts: 5, seed: 1, tune: { from: 1, to: 20, permutations: 5 } }), { tuneK: { from: 2, to: 7 } });
    expect(both.chosenK).toBe(4);
    expect(both.chosenS).toBe(5);
    expect(both.ksSteps!.length).toBeGreaterThanOrEqual(2);
    expect(both.sRules!.find((r) => r.default)!.s).toBe(5);
  });

  it('a wide range is searched on the stepped grid with a fine pass; a step or a narrow range as given', () => {
    expect(tuneGrid({ from: 1, to: 77 }, 77)).toEqual({ sValues: Array.from({ length: 77 }, (_, t) => t + 1), refine: false });
    expect(tuneGrid({ from: 1, to: 1000, step: 1 }, 1000).refine).toBe(true);
    expect(tuneGrid({ from: 1, to: 1000, step: 1 }, 1000).sValues.length).toBeLessThanOrEqual(30);
    expect(tuneGrid({ from: 10, to: 1000, step: 10 }, 1000)).toEqual({ sValues: Array.from({ length: 100 }, (_, t) => 10 * (t + 1)), refine: false });
  });

  it('whole mouse data, --tune-s 1:77: the default rule picks s < 40', () => {
    const mice = loadMice();
    const settings = settingsFromOptions({ k: 8, seed: 1, tune: { from: 1, to: 77, permutations: 10 } });
    const result = runAnalysis(mappedOf(mice.X, mice.classCodes), settings);
    console.log(`mice: ${result.sRules!.map((r) => `${r.rule} ${r.s}`).join(', ')}; flags ${JSON.stringify(result.sFlags)}`);
    expect(result.chosenS).toBeLessThan(40);
    expect(result.tune!.bestS).toBeGreaterThan(70);
    expect(result.sFlags!.noClearMaximum).toBe(true);
  }, 600_000); // gap over s = 1..77 with 10 permutations: minutes on a busy machine
});
