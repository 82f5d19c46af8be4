/**
 * What the "run finished" notices say (core/jobs/notice.ts, electron/notify.ts), and when Electron's desktop
 * notification is left out: another job, a cancel, a focused or closed window, no notification support.
 */
import { describe, expect, it } from 'vitest';
import { runDescription } from '../../core/jobs/notice.js';
import type { FitView, JobRequest, JobResponse } from '../../core/jobs/types.js';
import { createRunNotifier, runNotice, type NotificationCtor } from '../../electron/notify.js';

const fit = { type: 'fit' } as JobRequest;
const view = (settings: object, k = 8, s = 24) => ({ fileName: 'mice.csv', k, s, settings: { variant: 'global', ...settings } }) as unknown as FitView;
const ok = (result: FitView): JobResponse => ({ ok: true, type: 'fit', result });

describe('run notices', () => {
  it('say the method, k and s (chosen ones marked) and the input', () => {
    expect(runDescription(view({}))).toBe('SKFR1, k = 8, s = 24 on mice.csv');
    expect(runDescription(view({ variant: 'local', tune: { from: 1, to: 77 }, tuneK: { from: 2, to: 15 } }, 5, 20))).toBe('SKFR2, k = 5 (chosen), s = 20 (chosen) on mice.csv');
  });

  it('only for fits; a failure with its reason; never for a cancel', () => {
    expect(runNotice({ type: 'open' } as JobRequest, { ok: true, type: 'open', result: {} } as JobResponse)).toBeNull();
    expect(runNotice(fit, ok(view({})))).toEqual({ title: 'SKFR Studio: run finished', body: 'SKFR1, k = 8, s = 24 on mice.csv' });
    expect(runNotice(fit, { ok: false, type: 'fit', error: { code: 'cancelled', message: 'Cancelled.' } })).toBeNull();
    expect(runNotice(fit, { ok: false, type: 'fit', error: { code: 'compute-crashed', message: 'It stopped.' } })).toEqual({ title: 'SKFR Studio: the run stopped', body: 'It stopped.' });
  });

  it('shown only when the window exists, is not focused, and the system has notifications', () => {
    const shown: string[] = [];
    let supported = true;
    const Notification = class {
      static isSupported = () => supported;
      constructor(private options: { title: string; body: string }) {}
      on() {}
      show() {
        shown.push(this.options.body);
      }
    } as unknown as NotificationCtor;
    let focused = false;
    let destroyed = false;
    const win = { isFocused: () => focused, isDestroyed: () => destroyed } as never;
    const notify = createRunNotifier(Notification, () => win);
    notify(fit, ok(view({})));
    expect(shown).toHaveLength(1);
    focused = true;
    notify(fit, ok(view({})));
    focused = false;
    supported = false;
    notify(fit, ok(view({})));
    supported = true;
    destroyed = true;
    notify(fit, ok(view({})));
    createRunNotifier(undefined, () => win)(fit, ok(view({})));
    createRunNotifier(Notification, () => null)(fit, ok(view({})));
    expect(shown).toHaveLength(1);
  });
});
