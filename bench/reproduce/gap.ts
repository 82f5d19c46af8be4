/**
 * The paper's two gap-statistic examples (Section 3, Figure 3): n = 400, k = 10, s = 15 informative
 * features, at p = 50 (sparse) and p = 20 (dense); Gap(s) over s = 1..p with B permutations.
 */
import { simulate, tuneSparsity } from '../../core/engine/index.js';
import type { Matrix, TuneOptions, TuneResult } from '../../core/engine/types.js';
import { fixed, renderTable } from '../lib/table.js';

export type Tuner = (X: Matrix, options: TuneOptions) => Promise<TuneResult> | TuneResult;
export const sequentialTuner: Tuner = (X, options) => tuneSparsity(X, options);

export interface GapExample {
  p: number;
  trueS: number;
  result: TuneResult;
  seconds: number;
}

export async function runGapExamples(tuner: Tuner, permutations: number, restarts: number, seed = 1): Promise<GapExample[]> {
  const out: GapExample[] = [];
  for (const p of [50, 20]) {
    const sim = simulate('sparse', { n: 400, p, k: 10, s: 15, seed });
    const sValues = Array.from({ length: p }, (_, i) => i + 1);
    const t0 = performance.now();
    const result = await tuner(sim.X, { k: 10, sValues, permutations, restarts, seed });
    out.push({ p, trueS: 15, result, seconds: (performance.now() - t0) / 1000 });
  }
  return out;
}

export function gapTable(examples: readonly GapExample[]): string {
  return renderTable(
    ['p', 'true s', 'arg-max Gap', 'one-SE s', 'Gap at true s', 'max Gap', 'seconds'],
    examples.map((e) => {
      const atTrue = e.result.curve.find((c) => c.s === e.trueS);
      const best = e.result.curve.find((c) => c.s === e.result.bestS);
      return [String(e.p), String(e.trueS), String(e.result.bestS), String(e.result.oneSeS), fixed(atTrue?.gap, 3), fixed(best?.gap, 3), e.seconds.toFixed(1)];
    }),
    'markdown',
  );
}
