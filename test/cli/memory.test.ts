/**
 * cli/memory.ts: the forced collection after a mapping that was not in place, only for a matrix large enough for
 * the parsed table beside it to matter (COLLECT_MIN_BYTES = 16 MiB); and one every COLLECT_EVERY_CHARS characters
 * of a long output (collectEvery).
 */
import { describe, expect, it } from 'vitest';
import { COLLECT_EVERY_CHARS, COLLECT_MIN_BYTES, collectAfterFit, collectEvery, collectGarbageAfter, GARBAGE_ROWS } from '../../cli/memory.js';

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

describe('collectEvery', () => {
  it('collects once each time the characters written reach the step, never for a short output', () => {
    let collections = 0;
    const written = collectEvery(100, () => collections++);
    for (let i = 0; i < 9; i++) written(10);
    expect(collections).toBe(0);
    written(10);
    expect(collections).toBe(1);
    written(250);
    expect(collections).toBe(2);
    for (let i = 0; i < 99; i++) written(1);
    expect(collections).toBe(2);
    written(1);
    expect(collections).toBe(3);
  });

  it('a lab table’s --json (a few MB) is far below the default step', () => {
    let collections = 0;
    const written = collectEvery(undefined, () => collections++);
    written(5 * 1024 * 1024);
    expect(collections).toBe(0);
    written(COLLECT_EVERY_CHARS);
    expect(collections).toBe(1);
  });
});

describe('collectAfterFit', () => {
  it('collects after a fit of a million rows or more only (the label arrays let go are then tens of MB)', () => {
    expect(collectAfterFit(1_080)).toBe(false);
    expect(collectAfterFit(GARBAGE_ROWS - 1)).toBe(false);
    expect(collectAfterFit(GARBAGE_ROWS)).toBe(true);
    expect(collectAfterFit(20_000_000)).toBe(true);
  });
});
