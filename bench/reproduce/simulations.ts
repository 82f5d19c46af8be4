/**
 * The paper's Section 4 simulation studies, re-run with the project's simulator and engine:
 * for each p in 20, 50, 100, 200, 500, 1000 and each trial t (data seed t), fit each method with
 * k-means++ seeding and `restarts` restarts and record ARI against the true classes, the selected
 * features' false-positive / false-negative rates, seconds and iterations.
 *
 * Methods: SKFR1 (global, squared loss), SKFR1-L1 (global, absolute loss), SKFR2 (local), Lloyd
 * (SKFR1 with s = p, which is exactly Lloyd's k-means after k-means++ seeding).
 */
import {
  adjustedRandIndex,
  falseNegativeRate,
  falsePositiveRate,
  fit,
  simulate,
} from '../../core/engine/index.js';
import type { Design, FitOptions, FitResult, Matrix, Simulated } from '../../core/engine/types.js';
import { assertNever } from '../../core/errors.js';

export type Method = 'SKFR1' | 'SKFR1-L1' | 'SKFR2' | 'Lloyd';

export const PAPER_PS = [20, 50, 100, 200, 500, 1000] as const;

export interface TrialRecord {
  design: Design;
  p: number;
  trial: number;
  method: Method;
  ari: number;
  /** Feature-selection error rates (NaN for Lloyd, which selects everything). */
  fpr: number;
  fnr: number;
  /** Engine seconds (seeding + fitting) per restart: comparable to one run of the paper's Table 2. */
  seconds: number;
  /** Iterations of the winning restart. */
  iterations: number;
}

/** Runs one fit; replaced by the worker-thread pool when `--workers` > 1. */
export type Fitter = (X: Matrix, options: FitOptions) => Promise<FitResult> | FitResult;

export const sequentialFitter: Fitter = (X, options) => fit(X, options);

export function fitOptionsFor(method: Method, p: number, k: number, s: number, restarts: number, seed: number): FitOptions {
  const base = { k, restarts, seed };
  switch (method) {
    case 'SKFR1':
      return { ...base, s, variant: 'global', loss: 'squared' };
    case 'SKFR1-L1':
      return { ...base, s, variant: 'global', loss: 'absolute' };
    case 'SKFR2':
      return { ...base, s, variant: 'local', loss: 'squared' };
    case 'Lloyd':
      return { ...base, s: p, variant: 'global', loss: 'squared' };
    default:
      return assertNever(method);
  }
}

/** Every informative feature of a simulated set (union over classes for the subsets design). */
function truth(sim: Simulated): number[] {
  if (sim.informativeByClass) return [...new Set(sim.informativeByClass.flat())].sort((a, b) => a - b);
  return sim.informative;
}

export interface StudySpec {
  design: Design;
  methods: readonly Method[];
  ps: readonly number[];
  trials: number;
  restarts: number;
  /** Passed to simulate (n, k, s, fractions); p comes from `ps`. */
  n?: number;
  k?: number;
  s?: number;
}

/** Run one study; `onTrial` is called after every fit (for progress). */
export async function runStudy(spec: StudySpec, fitter: Fitter, onTrial?: (r: TrialRecord) => void): Promise<TrialRecord[]> {
  const records: TrialRecord[] = [];
  for (const p of spec.ps) {
    for (let trial = 1; trial <= spec.trials; trial++) {
      const sim = simulate(spec.design, { n: spec.n, p, k: spec.k, s: spec.s, seed: trial });
      const k = Math.max(...sim.classes) + 1;
      const s = spec.s ?? (sim.informativeByClass ? sim.informativeByClass[0]!.length : sim.informative.length);
      const informative = truth(sim);
      for (const method of spec.methods) {
        const result = await fitter(sim.X, fitOptionsFor(method, p, k, s, spec.restarts, trial));
        const seconds = (result.timings.seedingMs + result.timings.fittingMs) / 1000 / spec.restarts;
        const selects = method !== 'Lloyd';
        // SKFR2 selects per cluster: its error rates are measured on the union of the per-cluster sets.
        const selected = Array.from(result.selectedFeatures);
        const record: TrialRecord = {
          design: spec.design,
          p,
          trial,
          method,
          ari: adjustedRandIndex(result.labels, sim.classes),
          fpr: selects ? falsePositiveRate(selected, informative, p) : NaN,
          fnr: selects ? falseNegativeRate(selected, informative, p) : NaN,
          seconds,
          iterations: result.iterations,
        };
        records.push(record);
        onTrial?.(record);
      }
    }
  }
  return records;
}
