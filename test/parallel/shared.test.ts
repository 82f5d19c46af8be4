import { describe, expect, it } from 'vitest';
import { allocateSharedFloat64, isShared, shareFloat64 } from '../../core/parallel/shared.js';

describe('shared memory helpers', () => {
  it('shareFloat64 returns an array already on a SharedArrayBuffer unchanged (same object, no copy)', () => {
    const shared = new Float64Array(new SharedArrayBuffer(4 * 8));
    shared.set([1, 2, 3, NaN]);
    expect(shareFloat64(shared)).toBe(shared);
    const allocated = allocateSharedFloat64(5);
    expect(allocated.length).toBe(5);
    expect(isShared(allocated)).toBe(true);
    expect(shareFloat64(allocated)).toBe(allocated);
  });

  it('shareFloat64 copies a plain array into shared memory with equal values', () => {
    const plain = Float64Array.from([0.5, -0, NaN, 1e300]);
    const shared = shareFloat64(plain);
    expect(shared).not.toBe(plain);
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(shared, (x) => Object.is(x, -0) ? '-0' : String(x))).toEqual(['0.5', '-0', 'NaN', '1e+300']);
    plain[0] = 7;
    expect(shared[0]).toBe(0.5);
  });

  it('allocateSharedFloat64 gives zeros', () => {
    expect(Array.from(allocateSharedFloat64(3))).toEqual([0, 0, 0]);
  });

  it('in a page without cross-origin isolation nothing is put in shared memory (posting it would throw)', () => {
    const scope = globalThis as { crossOriginIsolated?: boolean };
    scope.crossOriginIsolated = false;
    try {
      const plain = Float64Array.from([1, 2]);
      expect(shareFloat64(plain)).toBe(plain);
      expect(isShared(allocateSharedFloat64(2))).toBe(false);
    } finally {
      delete scope.crossOriginIsolated;
    }
    expect(isShared(allocateSharedFloat64(2))).toBe(true);
  });
});
