/**
 * The shared cancel flag between the page and a busy worker: every write is seen once, with its job id, by the
 * reader; no write, no cancel. (Node has SharedArrayBuffer without isolation, so the channel is tested directly.)
 */
import { describe, expect, it } from 'vitest';
import { cancelReader, isCancelInit, writeCancel, CANCEL_INIT } from '../../renderer/src/bridge/cancel-channel';

describe('cancel channel', () => {
  it('delivers each cancel once, with its id', () => {
    const buffer = new SharedArrayBuffer(8 + 240);
    const read = cancelReader(buffer);
    expect(read()).toBeNull();
    writeCancel(buffer, 'web-12');
    expect(read()).toBe('web-12');
    expect(read()).toBeNull();
    writeCancel(buffer, 'web-3');
    expect(read()).toBe('web-3');
  });

  it('a reader created after a write does not replay it', () => {
    const buffer = new SharedArrayBuffer(8 + 240);
    writeCancel(buffer, 'web-1');
    const read = cancelReader(buffer);
    expect(read()).toBeNull();
  });

  it('recognises the init message only', () => {
    expect(isCancelInit({ kind: CANCEL_INIT, buffer: new SharedArrayBuffer(8) })).toBe(true);
    expect(isCancelInit({ kind: 'run', id: 'x' })).toBe(false);
    expect(isCancelInit(null)).toBe(false);
  });
});
