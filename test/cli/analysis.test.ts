/** core/analysis.ts: defaults, the s grid, metrics against a class annotation, and the wiring to the engine. */
import { describe, expect, it } from 'vitest';
import { computeMetrics, DEFAULT_SETTINGS, runAnalysis, runAnalysisAsync, settingsFromOptions, sparsityGrid, type AnalysisEngine } from '../../core/analysis.js';
import { fit, tuneSparsity } from '../../core/engine/index.js';
import type { FitOptions, TuneOptions } from '../../core/engine/types.js';
import type { MappedData } from '../../core/table/types.js';
import { errorOf } from '../skfr-error.js';

/** Three well separated groups of 8 samples in features 0 and 1; features 2..5 are noise. */
function threeGroups(): MappedData {
  const n = 24;
  const p = 6;
  const data = new Float64Array(n * p);
  let state = 12345;
  const noise = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5);
  for (let i = 0; i < n; i++) {
    const g = Math.floor(i / 8);
    for (let l = 0; l < p; l++) data[i * p + l] = noise() + (l < 2 ? g * 10 : 0);
  }
  const group = Array.from({ length: n }, (_, i) => ['a', 'b', 'c'][Math.floor(i / 8)]!);
  group[5] = null as unknown as string; // one sample with unknown class
  return {
    matrix: { rows: n, cols: p, data },
    sampleIds: Array.from({ length: n }, (_, i) => `s${i + 1}`),
    featureNames: Array.from({ length: p }, (_, l) => `F${l + 1}`),
    annotations: { group },
    rowIndices: Int32Array.from({ length: n }, (_, i) => i),
    missingCells: 0,
    warnings: [],
  };
}

describe('settingsFromOptions', () => {
  it('fills the documented defaults', () => {
    expect(settingsFromOptions({ k: 3, s: 2 })).toEqual({
      k: 3, s: 2, variant: 'global', loss: 'squared', restarts: 20, seed: 1, maxIterations: 100,
    });
    expect(DEFAULT_SETTINGS.restarts).toBe(20);
    expect(settingsFromOptions({ k: 3, tune: { from: 1, to: 4 }, variant: 'local', seed: 9 })).toMatchObject({
      tune: { from: 1, to: 4, step: 1, permutations: 10 }, variant: 'local', seed: 9,
    });
  });
});

describe('sparsityGrid', () => {
  it('lists from, from+step, … up to to', () => {
    expect(sparsityGrid({ from: 5, to: 30, step: 5 }, 77)).toEqual([5, 10, 15, 20, 25, 30]);
    expect(sparsityGrid({ from: 5, to: 12, step: 5 }, 77)).toEqual([5, 10]);
    expect(sparsityGrid({ from: 3, to: 3 }, 3)).toEqual([3]);
  });
  it('rejects ranges outside 1..p and empty ranges with invalid-s', () => {
    const e = errorOf(() => sparsityGrid({ from: 5, to: 100 }, 77));
    expect(e.code).toBe('invalid-s');
    expect(e.message).toBe('The sparsity range 5..100 is not possible: s must be a whole number between 1 and the number of features (77).');
    expect(errorOf(() => sparsityGrid({ from: 0, to: 3 }, 77)).code).toBe('invalid-s');
    expect(errorOf(() => sparsityGrid({ from: 9, to: 3 }, 77)).message).toContain('must not exceed');
    expect(errorOf(() => sparsityGrid({ from: 1, to: 3, step: 0 }, 77)).code).toBe('invalid-s');
  });
});

describe('computeMetrics', () => {
  it('matches hand-checked values and ignores samples of unknown class', () => {
    // clusters 0,0,0,1 vs classes a,b,a,b (the fifth sample has no class and is left out):
    //   contingency  a b        Σ C(n_ij,2) = C(2,2) = 1; rows: C(3,2)+C(1,2) = 3; cols: C(2,2)+C(2,2) = 2; C(4,2) = 6
    //   cluster 1    2 1        expected = 3·2/6 = 1, max = (3+2)/2 = 2.5 → ARI = (1−1)/(2.5−1) = 0
    //   cluster 2    0 1        H(U) = −(¾ln¾ + ¼ln¼) = 0.562335, H(V) = ln 2 = 0.693147
    //   I = ½ln(½/(¾·½)) + ¼ln(¼/(¾·½)) + ¼ln(¼/(¼·½)) = 0.143841 − 0.101366 + 0.173287 = 0.215762
    //   NMI = 2I/(H(U)+H(V)) = 0.431523/1.255482 = 0.343712; cluster 1 holds a and b → 1 mixed node, 3 samples.
    const m = computeMetrics(Int32Array.from([0, 0, 0, 1, 1]), ['a', 'b', 'a', 'b', null], 'class');
    expect(m.classColumn).toBe('class');
    expect(m.ari).toBeCloseTo(0, 12);
    expect(m.nmi).toBeCloseTo(0.343712, 5);
    expect(m.mixedNodes).toBe(1);
    expect(m.totalInMixedNodes).toBe(3);
    expect(m.contingency).toEqual({ clusters: [1, 2], classes: ['a', 'b'], counts: [[2, 1], [0, 1]] });
  });
  it('a perfect match scores 1 with no mixed nodes; classes in natural order', () => {
    const m = computeMetrics(Int32Array.from([1, 1, 0, 0, 2]), ['10', '10', '2', '2', '9'], 'c');
    expect(m.ari).toBeCloseTo(1, 12);
    expect(m.nmi).toBeCloseTo(1, 12);
    expect(m.mixedNodes).toBe(0);
    expect(m.totalInMixedNodes).toBe(0);
    expect(m.contingency.classes).toEqual(['2', '9', '10']);
    expect(m.contingency.counts).toEqual([[2, 0, 0], [0, 0, 2], [0, 1, 0]]);
  });
});

describe('runAnalysis', () => {
  const mapped = threeGroups();

  it('with a fixed s gives exactly the engine fit with the same options, plus metrics', () => {
    const settings = settingsFromOptions({ k: 3, s: 2, variant: 'local', loss: 'absolute', restarts: 3, seed: 42, maxIterations: 50 });
    const result = runAnalysis(mapped, settings, { classColumn: 'group' });
    const direct = fit(mapped.matrix, { k: 3, s: 2, variant: 'local', loss: 'absolute', restarts: 3, seed: 42, maxIterations: 50 });
    expect(result.chosenS).toBe(2);
    expect(result.tune).toBeNull();
    expect(result.fit.options).toEqual(direct.options);
    expect(Array.from(result.fit.labels)).toEqual(Array.from(direct.labels));
    expect(result.fit.objective).toBe(direct.objective);
    expect(result.metrics!.ari).toBeCloseTo(1, 12);
    expect(result.metrics!.contingency.counts.flat().reduce((a, b) => a + b, 0)).toBe(23); // the unknown class is left out
    expect(runAnalysis(mapped, settings).metrics).toBeNull();
  });

  it('with a range runs the gap statistic and returns the fit at the arg-max of Gap(s)', () => {
    const settings = settingsFromOptions({ k: 3, tune: { from: 1, to: 5, step: 2, permutations: 3 }, restarts: 2, seed: 5 });
    const progress: string[] = [];
    const result = runAnalysis(mapped, settings, { onProgress: (p) => progress.push(p.stage) });
    const direct = tuneSparsity(mapped.matrix, { k: 3, sValues: [1, 3, 5], permutations: 3, restarts: 2, seed: 5 });
    expect(result.tune!.curve.map((point) => point.s)).toEqual([1, 3, 5]);
    expect(result.tune!.curve.map((point) => point.gap)).toEqual(direct.curve.map((point) => point.gap));
    const best = result.tune!.curve.reduce((a, b) => (b.gap > a.gap ? b : a));
    expect(result.chosenS).toBe(best.s);
    expect(result.fit.options.s).toBe(best.s);
    expect(progress.length).toBeGreaterThan(0);
  });

  it('rejects both or neither of s and tune, an unknown class column and a class column without values', () => {
    const both = { ...settingsFromOptions({ k: 3, s: 2 }), tune: { from: 1, to: 2 } };
    expect(errorOf(() => runAnalysis(mapped, both)).code).toBe('invalid-s');
    const neither = settingsFromOptions({ k: 3 });
    expect(errorOf(() => runAnalysis(mapped, neither)).code).toBe('invalid-s');
    const e = errorOf(() => runAnalysis(mapped, settingsFromOptions({ k: 3, s: 2 }), { classColumn: 'genotype' }));
    expect(e.code).toBe('unknown-column');
    expect(e.message).toContain('“genotype”');
    expect(e.message).toContain('group');
    const blank = { ...mapped, annotations: { group: mapped.sampleIds.map(() => null) } };
    expect(errorOf(() => runAnalysis(blank, settingsFromOptions({ k: 3, s: 2 }), { classColumn: 'group' })).message).toContain('no values');
  });

  it('passes k and s errors of the engine through', () => {
    expect(errorOf(() => runAnalysis(mapped, settingsFromOptions({ k: 25, s: 2 }))).code).toBe('invalid-k');
    expect(errorOf(() => runAnalysis(mapped, settingsFromOptions({ k: 3, s: 7 }))).code).toBe('invalid-s');
  });
});

describe('runAnalysisAsync', () => {
  const mapped = threeGroups();

  /** An engine answering asynchronously (like a worker pool) that records the calls it gets. */
  function recordingEngine(): AnalysisEngine & { calls: string[] } {
    const calls: string[] = [];
    return {
      calls,
      fit: async (X, options: FitOptions) => {
        calls.push(`fit s=${options.s} restarts=${options.restarts}`);
        await new Promise((resolve) => setTimeout(resolve, 1));
        return fit(X, options);
      },
      tune: async (X, options: TuneOptions) => {
        calls.push(`tune s=${options.sValues.join(',')} B=${options.permutations}`);
        return tuneSparsity(X, options);
      },
    };
  }

  it('gives runAnalysis\'s result, on the default engine and on an asynchronous one', async () => {
    const settings = settingsFromOptions({ k: 3, s: 2, restarts: 4, seed: 8 });
    const sync = runAnalysis(mapped, settings, { classColumn: 'group' });
    const engine = recordingEngine();
    for (const result of [await runAnalysisAsync(mapped, settings, { classColumn: 'group' }), await runAnalysisAsync(mapped, settings, { classColumn: 'group', engine })]) {
      expect(Array.from(result.fit.labels)).toEqual(Array.from(sync.fit.labels));
      expect(result.fit.restartObjectives).toEqual(sync.fit.restartObjectives);
      expect(result.metrics).toEqual(sync.metrics);
      expect(result.chosenS).toBe(2);
      expect(result.tune).toBeNull();
    }
    expect(engine.calls).toEqual(['fit s=2 restarts=4']);
  });

  it('tunes on the engine given and returns the fit at the chosen s', async () => {
    const settings = settingsFromOptions({ k: 3, tune: { from: 1, to: 5, step: 2, permutations: 3 }, restarts: 2, seed: 5 });
    const sync = runAnalysis(mapped, settings);
    const engine = recordingEngine();
    const result = await runAnalysisAsync(mapped, settings, { engine });
    expect(engine.calls).toEqual(['tune s=1,3,5 B=3']);
    expect(result.tune!.curve).toEqual(sync.tune!.curve);
    expect(result.chosenS).toBe(sync.chosenS);
    expect(Array.from(result.fit.labels)).toEqual(Array.from(sync.fit.labels));
  });

  it('rejects with the same user errors, before calling the engine', async () => {
    const engine = recordingEngine();
    await expect(runAnalysisAsync(mapped, settingsFromOptions({ k: 3 }), { engine })).rejects.toMatchObject({ code: 'invalid-s' });
    await expect(runAnalysisAsync(mapped, settingsFromOptions({ k: 3, tune: { from: 2, to: 9 } }), { engine })).rejects.toMatchObject({ code: 'invalid-s' });
    await expect(runAnalysisAsync(mapped, settingsFromOptions({ k: 3, s: 2 }), { classColumn: 'genotype', engine })).rejects.toMatchObject({ code: 'unknown-column' });
    expect(engine.calls).toEqual([]);
    await expect(runAnalysisAsync(mapped, settingsFromOptions({ k: 25, s: 2 }))).rejects.toMatchObject({ code: 'invalid-k' });
  });
});

describe('runAnalysisAsync with reuseInput (the CLI hands its matrix over)', () => {
  it('a fit standardises the matrix in place and gives the same result; a tuning leaves it alone', async () => {
    const settings = settingsFromOptions({ k: 3, s: 2, restarts: 3 });
    const reference = runAnalysis(threeGroups(), settings, { classColumn: 'group' });
    const handed = threeGroups();
    const raw = Array.from(handed.matrix.data);
    const seen: FitOptions[] = [];
    const engine: AnalysisEngine = { fit: (X, o) => (seen.push(o), fit(X, o)), tune: tuneSparsity };
    const result = await runAnalysisAsync(handed, settings, { classColumn: 'group', engine, reuseInput: true });
    expect(seen[0]!.reuseInput).toBe(true);
    expect(Array.from(result.fit.labels)).toEqual(Array.from(reference.fit.labels));
    expect(result.fit.objective).toBe(reference.fit.objective);
    expect(result.metrics).toEqual(reference.metrics);
    expect(Array.from(handed.matrix.data)).not.toEqual(raw); // standardised in place

    const tuneSettings = settingsFromOptions({ k: 3, tune: { from: 1, to: 3, permutations: 2 }, restarts: 2 });
    const tuneInput = threeGroups();
    const tuneOptions: TuneOptions[] = [];
    const tuneEngine: AnalysisEngine = { fit, tune: (X, o) => (tuneOptions.push(o), tuneSparsity(X, o)) };
    const tuned = await runAnalysisAsync(tuneInput, tuneSettings, { engine: tuneEngine, reuseInput: true });
    expect('reuseInput' in tuneOptions[0]!).toBe(false);
    expect(Array.from(tuneInput.matrix.data)).toEqual(raw);
    expect(tuned.chosenS).toBe(runAnalysis(threeGroups(), tuneSettings).chosenS);
  });
});
