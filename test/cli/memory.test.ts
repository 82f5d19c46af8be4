/**
 * cli/memory.ts: the forced collection after a mapping that was not in place, only for a matrix large enough for
 * the parsed table beside it to matter (COLLECT_MIN_BYTES = 16 MiB).
 */
import { describe, expect, it } from 'vitest';
import { COLLECT_MIN_BYTES, collectGarbageAfter } from '../../cli/memory.js';

describe('collectGarbageAfter', () => {
  it('leaves a lab table to V8 (MaxQuant UPS1: 27 × 1 039 values, 224 KB) and collects from 16 MiB of matrix on', () => {
    expect(collectGarbageAfter(27 * 1039 * 8)).toBe(false);
    expect(collectGarbageAfter(COLLECT_MIN_BYTES - 8)).toBe(false);
    expect(collectGarbageAfter(COLLECT_MIN_BYTES)).toBe(true);
    expect(collectGarbageAfter(10_000 * 1000 * 8)).toBe(true);
  });

  it('a collection really runs: an object only a WeakRef holds is gone after it', async () => {
    let held: object | null = { big: new Float64Array(1 << 16) };
    const ref = new WeakRef(held);
    held = null;
    // (a WeakRef's target is kept until the end of the current job: collect on a later turn)
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(collectGarbageAfter(COLLECT_MIN_BYTES)).toBe(true);
    expect(ref.deref()).toBeUndefined();
  });
});
