/**
 * A fit's cluster labels while it runs: one per sample, 0 … k − 1, in the narrowest array that holds k − 1 —
 * a byte for k ≤ 256, two bytes for k ≤ 65 536, else four. The restarts hold three n-long label arrays (the
 * current labels, the assignment's new ones, the best restart's), and a tall, narrow table pays for them as for
 * its numbers: at 20 million samples × 1 feature, 240 MB of Int32Array labels beside 160 MB of numbers, 60 MB
 * in bytes. The values are the same whatever the width, and a FitResult keeps the best restart's labels as
 * they are (types.ts FitLabels): widening them at the finish cost another 80 MB at the peak.
 *
 * @example labelArray(5, 2) // Uint8Array(5); labelArray(5, 300) // Uint16Array(5); labelArray(5, 70_000) // Int32Array(5)
 */
import type { FitLabels } from './types.js';

/** The label arrays a fit works in (see labelArray). */
export type Labels = FitLabels;

/** n zero labels in the narrowest array that holds k − 1. */
export function labelArray(n: number, k: number): Labels {
  if (k <= 1 << 8) return new Uint8Array(n);
  if (k <= 1 << 16) return new Uint16Array(n);
  return new Int32Array(n);
}
