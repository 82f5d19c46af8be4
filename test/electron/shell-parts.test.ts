// Smaller shell pieces: the app:// protocol (our files only, CSP header, MIME types), the recent files list
// (atomic JSON, damaged file = empty), the preload's SkfrApi over a fake ipcRenderer, data-URL decoding, the menu.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler, resolveAppPath } from '../../electron/app-protocol.js';
import { decodeDataUrl, withExtension } from '../../electron/dialogs.js';
import { IPC, IPC_EVENTS } from '../../electron/ipc-names.js';
import { menuTemplate } from '../../electron/menu.js';
import { createElectronApi, type ChosenFilesEvent } from '../../electron/preload-api.js';
import { loadRecentFiles } from '../../electron/recent.js';
import { CONTENT_SECURITY_POLICY } from '../../electron/security.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skfr-shell-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('app:// protocol', () => {
  it('maps URLs inside the renderer folder and refuses the rest', () => {
    const root = '/app/out/renderer';
    expect(resolveAppPath(root, 'app://skfr/index.html')).toBe('/app/out/renderer/index.html');
    expect(resolveAppPath(root, 'app://skfr/')).toBe('/app/out/renderer/index.html');
    expect(resolveAppPath(root, 'app://skfr/assets/index-abc.js?v=1')).toBe('/app/out/renderer/assets/index-abc.js');
    expect(resolveAppPath(root, 'app://skfr/../main/main.js')).toBe('/app/out/renderer/main/main.js'); // URL parsing removes ..
    expect(resolveAppPath(root, 'app://skfr/%2e%2e/%2e%2e/etc/passwd')).toBe('/app/out/renderer/etc/passwd'); // likewise
    expect(resolveAppPath(root, 'app://skfr/assets/..%2f..%2f..%2fsecret')).toBeNull();
    expect(resolveAppPath(root, 'app://other/index.html')).toBeNull();
  });

  it('serves files with their MIME type and our CSP; 404 otherwise', async () => {
    const root = join(dir, 'renderer');
    await mkdir(join(root, 'assets'), { recursive: true });
    await writeFile(join(root, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(join(root, 'assets', 'a.js'), 'export {}');
    const handler = createAppProtocolHandler(root);
    const page = await handler(new Request('app://skfr/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await page.text()).toContain('<title>x</title>');
    expect((await handler(new Request('app://skfr/assets/a.js'))).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await handler(new Request('app://skfr/missing.js'))).status).toBe(404);
    await writeFile(join(dir, 'secret.txt'), 'secret');
    expect((await handler(new Request('app://skfr/assets/..%2f..%2fsecret.txt'))).status).toBe(404);
  });
});

describe('recent files', () => {
  it('keeps the 10 most recent, newest first, written atomically; a damaged file reads as empty', async () => {
    const file = join(dir, 'recent-files.json');
    await writeFile(file, '{not json');
    const recent = await loadRecentFiles(file);
    expect(recent.list()).toEqual([]);
    for (let i = 1; i <= 12; i++) await recent.add(`/data/f${i}.csv`);
    await recent.add('/data/f5.csv');
    const expected = ['/data/f5.csv', '/data/f12.csv', '/data/f11.csv', '/data/f10.csv', '/data/f9.csv', '/data/f8.csv', '/data/f7.csv', '/data/f6.csv', '/data/f4.csv', '/data/f3.csv'];
    expect(recent.list()).toEqual(expected);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(expected);
    expect((await loadRecentFiles(file)).list()).toEqual(expected);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('preload SkfrApi', () => {
  function fakeIpc() {
    const sent: [string, unknown[]][] = [];
    const invoked: [string, unknown[]][] = [];
    const listeners = new Map<string, Set<(e: unknown, ...a: unknown[]) => void>>();
    return {
      sent,
      invoked,
      emit: (ch: string, value: unknown) => listeners.get(ch)?.forEach((l) => l({}, value)),
      count: (ch: string) => listeners.get(ch)?.size ?? 0,
      ipc: {
        send: (ch: string, ...a: unknown[]) => void sent.push([ch, a]),
        invoke: async (ch: string, ...a: unknown[]) => {
          invoked.push([ch, a]);
          if (ch === IPC.filesChosen) return (a[0] as { paths: string[] }).paths.map(() => 'ab'.repeat(16));
          return ch === IPC.droppedFile ? '/data/someone/real.csv' : null;
        },
        on: (ch: string, l: (e: unknown, ...a: unknown[]) => void) => listeners.set(ch, (listeners.get(ch) ?? new Set()).add(l)),
        removeListener: (ch: string, l: (e: unknown, ...a: unknown[]) => void) => listeners.get(ch)?.delete(l),
      },
    };
  }

  it('runs jobs over skfr:job and routes progress and the response back', async () => {
    const f = fakeIpc();
    const api = createElectronApi(f.ipc, () => '');
    expect(api.platform).toBe('electron');
    const fractions: number[] = [];
    const handle = api.run({ type: 'close', datasetId: 'd1' }, (p) => fractions.push(p.fraction));
    expect(f.sent).toEqual([[IPC.job, [{ kind: 'run', id: handle.jobId, request: { type: 'close', datasetId: 'd1' } }]]]);
    f.emit(IPC_EVENTS.jobEvent, { kind: 'progress', id: handle.jobId, progress: { stage: 'fitting', fraction: 0.5 } });
    f.emit(IPC_EVENTS.jobEvent, { kind: 'response', id: handle.jobId, response: { ok: true, type: 'close', result: { closed: true } } });
    expect(await handle.response).toEqual({ ok: true, type: 'close', result: { closed: true } });
    expect(fractions).toEqual([0.5]);
    api.cancel(handle.jobId); // answered: nothing sent
    expect(f.sent).toHaveLength(1);
  });

  it('subscribes and unsubscribes menu and compute-error listeners', () => {
    const f = fakeIpc();
    const api = createElectronApi(f.ipc, () => '');
    const commands: string[] = [];
    const off = api.onMenu((c) => commands.push(c));
    f.emit(IPC_EVENTS.menu, 'open');
    off();
    f.emit(IPC_EVENTS.menu, 'export');
    expect(commands).toEqual(['open']);
    expect(f.count(IPC_EVENTS.menu)).toBe(0);
  });

  it('reports the paths of a trusted drop to main and redeems a dropped file’s token; a file not dropped is not asked for', async () => {
    const f = fakeIpc();
    const registered: [string, (e: ChosenFilesEvent) => void][] = [];
    const target = { addEventListener: (type: string, l: (e: ChosenFilesEvent) => void, capture: boolean) => void (capture && registered.push([type, l])) };
    const dispatch = (e: ChosenFilesEvent) => registered.filter(([type]) => type === e.type).forEach(([, l]) => l(e));
    const paths = new Map([['real.csv', '/data/someone/real.csv'], ['made-up.csv', '']]);
    const api = createElectronApi(f.ipc, (file: { name: string }) => paths.get(file.name) ?? '', target);
    expect(registered.map(([type]) => type)).toEqual(['drop', 'change']); // capture phase
    const real = { name: 'real.csv' };
    // before any drop, and for a file built in JS (no path): null, nothing asked
    expect(await api.droppedFilePath!(real)).toBeNull();
    expect(await api.droppedFilePath!({ name: 'made-up.csv' })).toBeNull();
    expect(f.invoked).toEqual([]);
    // a drop dispatched by a script is ignored
    dispatch({ isTrusted: false, type: 'drop', dataTransfer: { files: [real] } });
    expect(f.invoked).toEqual([]);
    // the user's drop: its paths are reported at once, then the page's request redeems the token
    dispatch({ isTrusted: true, type: 'drop', dataTransfer: { files: [real, { name: 'made-up.csv' }] } });
    expect(f.invoked).toEqual([[IPC.filesChosen, [{ paths: ['/data/someone/real.csv'] }]]]);
    expect(await api.droppedFilePath!(real)).toBe('/data/someone/real.csv');
    expect(f.invoked[1]).toEqual([IPC.droppedFile, [{ token: 'ab'.repeat(16) }]]);
    expect(await api.droppedFilePath!(real)).toBeNull(); // once
    // a file input the user changed counts as well
    dispatch({ isTrusted: true, type: 'change', target: { tagName: 'INPUT', type: 'file', files: [real] } });
    expect(await api.droppedFilePath!(real)).toBe('/data/someone/real.csv');
  });
});

describe('small helpers', () => {
  it('decodes PNG (base64) and SVG (text) data URLs', () => {
    expect(decodeDataUrl('data:image/png;base64,iVBORw==')).toEqual({ ext: 'png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) });
    const svg = decodeDataUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg>µ</svg>')}`);
    expect(svg.ext).toBe('svg');
    expect(new TextDecoder().decode(svg.bytes)).toBe('<svg>µ</svg>');
  });

  it('adds a missing extension', () => {
    expect(withExtension('/a/out', 'csv')).toBe('/a/out.csv');
    expect(withExtension('/a/out.CSV', 'csv')).toBe('/a/out.CSV');
  });

  it('has Open… (Ctrl+O), Export… (Ctrl+E), Try an example and Quit in the File menu', () => {
    const commands: string[] = [];
    const template = menuTemplate({ onCommand: (c) => commands.push(c), isMac: false, isDev: false });
    const file = template.find((m) => m.label === 'File')!;
    const items = file.submenu as { label?: string; accelerator?: string; role?: string; click?: () => void }[];
    expect(items.map((i) => [i.label, i.accelerator])).toEqual([
      ['Open…', 'CmdOrCtrl+O'],
      ['Export…', 'CmdOrCtrl+E'],
      ['Try an example', undefined],
      [undefined, undefined],
      ['Quit', 'CmdOrCtrl+Q'],
    ]);
    for (const i of items) i.click?.();
    expect(commands).toEqual(['open', 'export', 'example']);
  });
});
