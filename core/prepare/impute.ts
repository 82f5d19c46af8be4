/**
 * Missing values filled before the fit (an alternative to k-POD inside the fit), every filled cell flagged in
 * `imputed` (n × p) so exports can mark it.
 * - 'downshift' (Perseus' "replace missing values from normal distribution"): per sample, from its observed
 *   values' mean μ and standard deviation σ, draw N(μ − shift·σ, (width·σ)²); defaults shift 1.8, width 0.3.
 *   Draws come from the run's seed (one stream per sample, core/engine/random.ts), in feature order, so the
 *   same seed fills the same values on every host.
 * - 'min': the feature's smallest observed value.
 * Example (min): feature values [4, NaN, 2] → [4, 2, 2], one cell imputed.
 */
import { createRng, deriveSeed, RNG_DOMAIN } from '../engine/random.js';
import { SkfrError } from '../errors.js';
import type { ImputeStep, MappedData } from '../table/types.js';
import type { StepOutcome } from './outcome.js';

export const DOWNSHIFT = { width: 0.3, shift: 1.8 } as const;

function sampleMoments(x: Float64Array, i: number, p: number): { mean: number; sd: number; count: number } {
  let count = 0;
  let sum = 0;
  for (let l = 0; l < p; l++) {
    const v = x[i * p + l]!;
    if (v === v) {
      count++;
      sum += v;
    }
  }
  const mean = sum / count;
  let ss = 0;
  for (let l = 0; l < p; l++) {
    const v = x[i * p + l]!;
    if (v === v) ss += (v - mean) ** 2;
  }
  return { mean, sd: count > 1 ? Math.sqrt(ss / (count - 1)) : 0, count };
}

export function impute(data: MappedData, step: ImputeStep): StepOutcome {
  const { rows: n, cols: p, data: x } = data.matrix;
  const out = Float64Array.from(x);
  const flags = new Uint8Array(n * p);
  let filled = 0;
  if (step.method === 'downshift') {
    for (let i = 0; i < n; i++) {
      const { mean, sd, count } = sampleMoments(x, i, p);
      if (count < 2) {
        throw new SkfrError('invalid-option', `Sample “${data.sampleIds[i]}” has fewer than 2 values, so no distribution to draw its missing values from.`);
      }
      const rng = createRng(deriveSeed(step.seed, i, RNG_DOMAIN.impute));
      for (let l = 0; l < p; l++) {
        const c = i * p + l;
        if (x[c] === x[c]) continue;
        out[c] = mean - step.shift * sd + step.width * sd * rng.normal();
        flags[c] = 1;
        filled++;
      }
    }
  } else {
    for (let l = 0; l < p; l++) {
      let min = Infinity;
      for (let i = 0; i < n; i++) {
        const v = x[i * p + l]!;
        if (v < min) min = v;
      }
      if (min === Infinity) continue;
      for (let i = 0; i < n; i++) {
        const c = i * p + l;
        if (x[c] !== x[c]) {
          out[c] = min;
          flags[c] = 1;
          filled++;
        }
      }
    }
  }
  return { data: { ...data, matrix: { ...data.matrix, data: out }, missingCells: data.missingCells - filled, imputed: flags }, count: filled };
}

/** Imputed cells per sample and per feature, from the n × p flags. */
export function imputedCounts(flags: Uint8Array, n: number, p: number): { bySample: Int32Array; byFeature: Int32Array } {
  const bySample = new Int32Array(n);
  const byFeature = new Int32Array(p);
  for (let i = 0; i < n; i++) {
    for (let l = 0; l < p; l++) {
      if (flags[i * p + l]) {
        bySample[i]!++;
        byFeature[l]!++;
      }
    }
  }
  return { bySample, byFeature };
}
