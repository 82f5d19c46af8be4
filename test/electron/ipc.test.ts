// The IPC boundary: the payload validator (unknown channels, malformed payloads, good ones), the sender-frame
// check, the file-access policy, and registerIpc on a fake ipcMain: a rejected message changes nothing.
import { describe, expect, it } from 'vitest';
import type { JobRequest } from '../../core/jobs/types.js';
import { checkRendererRequest, createDropTokens, createFileAccess } from '../../electron/file-access.js';
import { createElectronApi, type ChosenFilesEvent } from '../../electron/preload-api.js';
import { IPC, IPC_EVENTS, isTrustedSender, validatePayload } from '../../electron/ipc-channels.js';
import { fakeIpc } from './fake-ipc.js';
import { errorOf } from '../skfr-error.js';

describe('IPC payload validator', () => {
  it('rejects unknown channels, naming them', () => {
    const e = errorOf(() => validatePayload('skfr:read-any-file', ['/etc/passwd']));
    expect(e.code).toBe('invalid-request');
    expect(e.message).toContain('skfr:read-any-file');
  });

  it('rejects malformed payloads with the field and value', () => {
    const cases: [string, unknown[], string][] = [
      [IPC.saveExport, [{ fitId: 'f1', what: 'everything', format: 'csv', suggestedName: 'a.csv' }], 'what = "everything"'],
      [IPC.saveExport, [{ fitId: 'f1', what: 'samples', format: 'csv', suggestedName: '../../etc/x.csv' }], 'suggestedName'],
      [IPC.saveExport, [{ fitId: 'f1', what: 'samples', format: 'csv', suggestedName: 'a.csv', extra: 1 }], '"extra"'],
      [IPC.saveImage, [{ dataUrl: 'javascript:alert(1)', suggestedName: 'a.png' }], 'dataUrl'],
      [IPC.openDialog, ['/tmp'], 'Invalid'],
      [IPC.droppedFile, [{ path: '/etc/passwd' }], '"path"'],
      [IPC.droppedFile, [{ token: '/etc/passwd' }], 'token'],
      [IPC.filesChosen, [{ paths: [] }], 'paths'],
      [IPC.filesChosen, [{ paths: Array.from({ length: 17 }, (_, i) => `/d/${i}.csv`) }], 'paths'],
      [IPC.job, [{ kind: 'explode', id: 'x' }], 'kind'],
      [IPC.job, [{ kind: 'run' }], 'id'],
    ];
    for (const [channel, args, needle] of cases) {
      const e = errorOf(() => validatePayload(channel, args));
      expect(e.code).toBe('invalid-request');
      expect(e.message, channel).toContain(needle);
    }
  });

  it('accepts good payloads', () => {
    expect(validatePayload(IPC.recentFiles, [])).toEqual([]);
    expect(validatePayload(IPC.openDialog, [])).toEqual([]);
    expect(validatePayload(IPC.saveExport, [{ fitId: 'f1', what: 'report', format: 'xlsx', suggestedName: 'mice-report.xlsx' }])).toHaveLength(1);
    expect(validatePayload(IPC.saveImage, [{ dataUrl: 'data:image/png;base64,iVBORw0KGgo=', suggestedName: 'pca.png' }])).toHaveLength(1);
    expect(validatePayload(IPC.job, [{ kind: 'cancel', id: 'r-1' }])).toEqual([{ kind: 'cancel', id: 'r-1' }]);
  });
});

describe('sender frame check', () => {
  const mainFrame = { url: 'app://skfr/index.html' };
  it('accepts only our window’s main frame at our origin', () => {
    expect(isTrustedSender(mainFrame, mainFrame, ['app://skfr'])).toBe(true);
    expect(isTrustedSender({ url: 'app://skfr/index.html' }, mainFrame, ['app://skfr'])).toBe(false); // a subframe
    expect(isTrustedSender(null, mainFrame, ['app://skfr'])).toBe(false);
    const navigated = { url: 'https://evil.example/' };
    expect(isTrustedSender(navigated, navigated, ['app://skfr'])).toBe(false);
    const dev = { url: 'http://localhost:5173/' };
    expect(isTrustedSender(dev, dev, ['app://skfr', 'http://localhost:5173'])).toBe(true);
    expect(isTrustedSender(dev, dev, ['app://skfr'])).toBe(false);
  });
});

describe('file access policy', () => {
  it('opens by path only what the user chose, and exports only through the save dialog', () => {
    const access = createFileAccess(['/data/recent.csv']);
    const open = (path: string): JobRequest => ({ type: 'open', source: { kind: 'path', path } });
    expect(() => checkRendererRequest(open('/data/recent.csv'), access)).not.toThrow();
    expect(() => checkRendererRequest(open('/data/../data/recent.csv'), access)).not.toThrow();
    expect(errorOf(() => checkRendererRequest(open('/data/someone/.ssh/id_rsa'), access)).message).toContain('was not chosen by you');
    access.allow('/data/someone/chosen.xlsx');
    expect(() => checkRendererRequest(open('/data/someone/chosen.xlsx'), access)).not.toThrow();
    expect(() => checkRendererRequest({ type: 'open', source: { kind: 'bytes', fileName: 'x.csv', bytes: new Uint8Array(1) } }, access)).not.toThrow();
    const exportTo = { type: 'export', fitId: 'f', what: 'samples', format: 'csv', path: '/data/someone/.bashrc' } as const;
    expect(errorOf(() => checkRendererRequest(exportTo, access)).code).toBe('invalid-request');
  });
});

describe('registerIpc', () => {
  const setup = () =>
    fakeIpc({ dialogs: { chooseFile: async () => '/data/chosen.csv', chooseSavePath: async () => null }, recentFiles: ['/data/recent.csv'] });

  it('relays a valid job and answers on the job-event channel', async () => {
    const { listeners, runs, sent, event } = setup();
    listeners.get(IPC.job)!(event(), { kind: 'run', id: 'r-1', request: { type: 'close', datasetId: 'd1' } });
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toEqual([{ type: 'close', datasetId: 'd1' }]);
    expect(sent).toEqual([[IPC_EVENTS.jobEvent, { kind: 'response', id: 'r-1', response: { ok: true, type: 'close', result: { closed: true } } }]]);
  });

  it('relays a rows page request and refuses one with an oversized count', async () => {
    const { listeners, runs, sent, event } = setup();
    listeners.get(IPC.job)!(event(), { kind: 'run', id: 'r-5', request: { type: 'rows', datasetId: 'd1', start: 99_000, count: 1000 } });
    listeners.get(IPC.job)!(event(), { kind: 'run', id: 'r-6', request: { type: 'rows', datasetId: 'd1', start: 0, count: 5000 } });
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toEqual([{ type: 'rows', datasetId: 'd1', start: 99_000, count: 1000 }]);
    const refused = sent.map(([, m]) => m as { kind: string; id: string; error: { code: string; message: string } }).find((m) => m.id === 'r-6')!;
    expect(refused.kind).toBe('rejected');
    expect(refused.error.code).toBe('invalid-request');
    expect(refused.error.message).toContain('count = 5000');
  });

  it('answers a malformed or forbidden job with invalid-request and runs nothing', async () => {
    const { listeners, runs, sent, event } = setup();
    listeners.get(IPC.job)!(event(), { kind: 'run', id: 'r-2', request: { type: 'fit', datasetId: 'd1' } });
    listeners.get(IPC.job)!(event(), { kind: 'run', id: 'r-3', request: { type: 'open', source: { kind: 'path', path: '/etc/passwd' } } });
    expect(runs).toEqual([]);
    expect(sent.map(([, m]) => (m as { error: { code: string } }).error.code)).toEqual(['invalid-request', 'invalid-request']);
  });

  it('answers a malformed request with one sentence, claims no job type for it, and keeps working', async () => {
    const { listeners, runs, sent, event } = setup();
    const job = listeners.get(IPC.job)!;
    job(event(), { kind: 'run', id: 'r-20', request: { type: 'bogus' } });
    job(event(), { kind: 'run', id: 'r-21', request: null });
    job(event(), { kind: 'run', id: 'r-22', request: { type: 'close', datasetId: 'd1' }, extra: 1 }); // the message itself is malformed
    job(event(), { kind: 'run' }); // no id: nobody to answer
    job(event(), { kind: 'run', id: 'r-23', request: { type: 'close', datasetId: 'd1' } });
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toEqual([{ type: 'close', datasetId: 'd1' }]);
    const messages = sent.map(([channel, m]) => {
      expect(channel).toBe(IPC_EVENTS.jobEvent);
      return m as { kind: string; id: string; error?: { code: string; message: string } };
    });
    expect(messages.map((m) => [m.id, m.kind])).toEqual([['r-20', 'rejected'], ['r-21', 'rejected'], ['r-22', 'rejected'], ['r-23', 'response']]);
    for (const m of messages.slice(0, 3)) {
      expect(Object.keys(m).sort()).toEqual(['error', 'id', 'kind']); // no response, so no made-up type
      expect(m.error!.code).toBe('invalid-request');
      expect(m.error!.message).toMatch(/^SKFR Studio did not run that step: the window sent a request the app does not understand \(.+\), so nothing was done; please report this message\.$/);
    }
    expect(messages[0]!.error!.message).toContain('(job type "bogus")');
    expect(messages[1]!.error!.message).toContain('(a request that is null)');
    expect(messages[2]!.error!.message).toContain('unknown field(s) "extra"');
  });

  it('through the preload, a malformed request settles as a failed run of the type asked for; the next run works', async () => {
    const s = setup();
    const toPage = new Set<(event: unknown, message: unknown) => void>();
    s.sender.send = (_channel: string, message: unknown) => void toPage.forEach((l) => l(null, message));
    const ipc = {
      send: (channel: string, ...args: unknown[]) => s.listeners.get(channel)!(s.event(), ...args),
      invoke: async () => null,
      on: (_channel: string, l: (event: unknown, message: unknown) => void) => toPage.add(l),
      removeListener: (_channel: string, l: (event: unknown, message: unknown) => void) => toPage.delete(l),
    };
    const api = createElectronApi(ipc, () => '');
    const bad = await api.run({ type: 'bogus' } as unknown as JobRequest).response;
    expect(bad).toMatchObject({ ok: false, type: 'bogus', error: { code: 'invalid-request' } });
    expect(bad.ok ? '' : bad.error.message).toContain('please report this message');
    expect(await api.run({ type: 'close', datasetId: 'd1' }).response).toEqual({ ok: true, type: 'close', result: { closed: true } });
  });

  it('ignores messages from other frames and rejects their invokes', async () => {
    const { listeners, handlers, runs, sent, event } = setup();
    const iframe = { url: 'app://skfr/index.html' };
    listeners.get(IPC.job)!(event(iframe), { kind: 'run', id: 'r-4', request: { type: 'close', datasetId: 'd1' } });
    expect(runs).toEqual([]);
    expect(sent).toEqual([]);
    await expect(handlers.get(IPC.recentFiles)!(event(iframe))).rejects.toThrow(/not the SKFR Studio window/);
    await expect(handlers.get(IPC.recentFiles)!(event())).resolves.toEqual(['/data/recent.csv']);
  });

  it('allows opening a path after the Open dialog chose it, not before', async () => {
    const { handlers, event, access } = setup();
    expect(access.isAllowed('/data/chosen.csv')).toBe(false);
    await expect(handlers.get(IPC.openDialog)!(event(), 'extra')).rejects.toThrow(/Invalid/);
    expect(access.isAllowed('/data/chosen.csv')).toBe(false);
    await expect(handlers.get(IPC.openDialog)!(event())).resolves.toBe('/data/chosen.csv');
    expect(access.isAllowed('/data/chosen.csv')).toBe(true);
  });

  describe('dropped files: main allows only paths the preload saw dropped', () => {
    /** The preload's SkfrApi over the fake ipcMain (invokes reach registerIpc's handlers), with a fake window. */
    function preloadOver(setupResult: ReturnType<typeof setup>, pathOf: (file: { name: string }) => string) {
      const { handlers, event } = setupResult;
      const ipc = {
        send: () => {},
        invoke: (ch: string, ...a: unknown[]) => handlers.get(ch)!(event(), ...a),
        on: () => {},
        removeListener: () => {},
      };
      const listeners: [string, (e: ChosenFilesEvent) => void][] = [];
      const window = { addEventListener: (type: string, l: (e: ChosenFilesEvent) => void) => void listeners.push([type, l]) };
      const api = createElectronApi(ipc, pathOf, window);
      const drop = (files: { name: string }[], isTrusted = true) => {
        for (const [type, l] of listeners) if (type === 'drop') l({ isTrusted, type: 'drop', dataTransfer: { files } });
      };
      return { api, drop };
    }
    const disk = new Map([['real.csv', '/data/someone/real.csv'], ['other.csv', '/data/someone/other.csv']]);
    const pathOf = (file: { name: string }) => disk.get(file.name) ?? '';

    it('a path the renderer invents is refused, whichever way it is sent', async () => {
      const s = setup();
      const { handlers, event, access, listeners } = s;
      // straight to main, as a compromised page would (the old payload, a made-up token)
      await expect(handlers.get(IPC.droppedFile)!(event(), { path: '/Users/someone/.ssh/id_rsa' })).rejects.toThrow(/"path"/);
      await expect(handlers.get(IPC.droppedFile)!(event(), { token: '0'.repeat(32) })).rejects.toThrow(/not dropped on this window/);
      // through the preload: a File built in JS has no path; a file never dropped has no token
      const { api, drop } = preloadOver(s, pathOf);
      expect(await api.droppedFilePath!({ name: 'made-up.csv' })).toBeNull();
      expect(await api.droppedFilePath!({ name: 'real.csv' })).toBeNull();
      drop([{ name: 'real.csv' }], false); // a script's synthetic drop
      expect(await api.droppedFilePath!({ name: 'real.csv' })).toBeNull();
      expect(access.isAllowed('/data/someone/real.csv')).toBe(false);
      // and the job is refused as before
      listeners.get(IPC.job)!(event(), { kind: 'run', id: 'r-9', request: { type: 'open', source: { kind: 'path', path: '/data/someone/real.csv' } } });
      expect(s.runs).toEqual([]);
    });

    it('a path from a real drop is accepted, once', async () => {
      const s = setup();
      const { api, drop } = preloadOver(s, pathOf);
      drop([{ name: 'real.csv' }, { name: 'other.csv' }]);
      expect(await api.droppedFilePath!({ name: 'real.csv' })).toBe('/data/someone/real.csv');
      expect(s.access.isAllowed('/data/someone/real.csv')).toBe(true);
      expect(s.access.isAllowed('/data/someone/other.csv')).toBe(false); // dropped, not asked for: not allowed
      expect(await api.droppedFilePath!({ name: 'real.csv' })).toBeNull(); // the token is spent
      s.listeners.get(IPC.job)!(s.event(), { kind: 'run', id: 'r-10', request: { type: 'open', source: { kind: 'path', path: '/data/someone/real.csv' } } });
      expect(s.runs).toEqual([{ type: 'open', source: { kind: 'path', path: '/data/someone/real.csv' } }]);
    });
  });
});

describe('drop tokens', () => {
  it('are one-time, bound to their window, and expire', () => {
    let t = 0;
    const drops = createDropTokens({ ttlMs: 1000, now: () => t, maxPending: 3 });
    const [a, b] = drops.mint(['/d/a.csv', '/d/b.csv'], 1);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(drops.redeem(a!, 2)).toBeNull(); // another window
    expect(drops.redeem(a!, 1)).toBe('/d/a.csv');
    expect(drops.redeem(a!, 1)).toBeNull();
    t = 1001;
    expect(drops.redeem(b!, 1)).toBeNull(); // expired
    const [c] = drops.mint(['/d/c.csv'], 1);
    drops.mint(['/d/1', '/d/2', '/d/3'], 1); // the oldest is forgotten beyond maxPending
    expect(drops.redeem(c!, 1)).toBeNull();
  });
});
