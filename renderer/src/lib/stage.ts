/**
 * Progress of a run in words: the stage, the restart r of R, the permutation b of B (gap statistic over s or
 * k), the subsample fit b of B (stability).
 *
 * @example describeProgress({ stage: 'fitting', fraction: 0.4, restart: 3, restarts: 20 }) // "Fitting: restart 3 of 20"
 */
import { assertNever } from '../../../core/errors';
import type { Progress } from '../../../core/engine/types';

export function describeProgress(p: Progress | null): string {
  if (p === null) return 'Starting…';
  switch (p.stage) {
    case 'standardizing':
      return 'Preparing the data (standardizing)';
    case 'seeding':
      return p.restart !== undefined && p.restarts !== undefined
        ? `Seeding: restart ${p.restart} of ${p.restarts}`
        : 'Seeding the clusters (k-means++)';
    case 'fitting':
      if (p.message === 'stability' || p.subsamples !== undefined) {
        return p.subsample !== undefined && p.subsamples !== undefined
          ? `How sure: subsample fit ${p.subsample} of ${p.subsamples}`
          : 'How sure: fitting subsamples';
      }
      return p.restart !== undefined && p.restarts !== undefined ? `Fitting: restart ${p.restart} of ${p.restarts}` : 'Fitting';
    case 'tuning': {
      const bits: string[] = [];
      if (p.k !== undefined) bits.push(`k = ${p.k}`);
      if (p.s !== undefined) bits.push(`s = ${p.s}`);
      if (p.permutation !== undefined && p.permutations !== undefined) {
        bits.push(p.permutation === 0 ? 'observed data' : `permutation ${p.permutation} of ${p.permutations}`);
      }
      const what = p.k !== undefined && p.s === undefined ? 'Choosing k' : 'Choosing s';
      return bits.length > 0 ? `${what}: ${bits.join(', ')}` : what;
    }
    case 'done':
      return 'Finishing';
    default:
      return assertNever(p.stage);
  }
}

/** Fraction as a whole percentage clamped to 0..100. */
export function percent(p: Progress | null): number {
  if (!p || !Number.isFinite(p.fraction)) return 0;
  return Math.max(0, Math.min(100, Math.round(p.fraction * 100)));
}
