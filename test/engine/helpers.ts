import { fit, simulate } from '../../core/engine/index.js';

/** Shared helpers for the engine tests (not a test file). */
export function median(values: readonly number[]): number {
  const b = [...values].sort((x, y) => x - y);
  const h = b.length >> 1;
  return b.length % 2 === 1 ? b[h]! : (b[h - 1]! + b[h]!) / 2;
}

export function sameSet(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  const x = Array.from(a).sort((u, v) => u - v);
  const y = Array.from(b).sort((u, v) => u - v);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** Seeds 1..30 of the sparse design (n=400, k=10, s=10): how often SKFR1 selects exactly the informative set. */
export function countExact(p: number, restarts: number): number {
  let exact = 0;
  for (let seed = 1; seed <= 30; seed++) {
    const sim = simulate('sparse', { n: 400, k: 10, s: 10, p, seed });
    const result = fit(sim.X, { k: 10, s: 10, restarts, seed });
    if (sameSet(result.selectedFeatures, sim.informative)) exact++;
  }
  return exact;
}

