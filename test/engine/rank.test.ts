import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { topFeatures } from '../../core/engine/rank.js';

/** Reference: sort usable indices by (score desc, index asc), take the first `count`. */
function reference(scores: number[], usable: number[], count: number): number[] {
  return scores
    .map((v, l) => ({ v, l }))
    .filter(({ l }) => usable[l] === 1)
    .sort((a, b) => b.v - a.v || a.l - b.l)
    .slice(0, count)
    .map(({ l }) => l);
}

describe('topFeatures', () => {
  it('breaks ties by the lower feature index and skips unusable features (tiny case)', () => {
    const scores = Float64Array.from([1, 5, 5, 2, 9]);
    const usable = Uint8Array.from([1, 1, 1, 1, 0]);
    const out = new Int32Array(2);
    topFeatures(scores, 0, 5, usable, 2, out, 0, new Int32Array(5), new Float64Array(5));
    expect(Array.from(out)).toEqual([1, 2]);
  });
  it('agrees with a plain sort for every count (both code paths), with many ties', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 60 }).chain((scores) =>
          fc.record({
            scores: fc.constant(scores),
            usable: fc.array(fc.constantFrom(0, 1, 1, 1), { minLength: scores.length, maxLength: scores.length }),
            offset: fc.integer({ min: 0, max: 3 }),
          }),
        ),
        ({ scores, usable, offset }) => {
          const p = scores.length;
          const m = usable.filter((u) => u === 1).length;
          const buffer = new Float64Array(offset + p);
          buffer.set(scores, offset);
          for (let count = 1; count <= m; count++) {
            const out = new Int32Array(count + 1).fill(-1);
            topFeatures(buffer, offset, p, Uint8Array.from(usable), count, out, 1, new Int32Array(p), new Float64Array(p));
            expect(Array.from(out.subarray(1))).toEqual(reference(scores, usable, count));
          }
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });
});
