/** inTurn: queued work runs in order, each piece in its own macrotask (never two in the same task). */
import { describe, expect, it } from 'vitest';
import { inTurn } from '../../renderer/src/lib/turns';

describe('inTurn', () => {
  it('runs queued work in order, one piece per task, even when a piece throws', async () => {
    const log: string[] = [];
    const a = inTurn(() => {
      log.push('a');
      queueMicrotask(() => log.push('a-micro'));
    });
    inTurn(() => {
      log.push('b');
      throw new Error('boom');
    }).catch(() => log.push('b-failed'));
    const c = inTurn(() => {
      log.push('c');
    });
    expect(log).toEqual([]);
    await a;
    expect(log).toEqual(['a', 'a-micro']);
    await c;
    expect(log).toEqual(['a', 'a-micro', 'b', 'b-failed', 'c']);
  });
});
