// The main process's start-up (electron/app-main.ts) with Electron faked at its boundary:
// - issue 15 item 5: an exception inside start() (or while setting up, or a failing whenReady) shows an error
//   box (dialog.showErrorBox) and exits with code 1 — never an invisible app;
// - issue 15 item 6, the wiring: the command line's file, a second instance's files (via the single-instance
//   lock's additionalData or its argv) and macOS open-file (listened to before `ready`) reach the loaded window
//   as 'skfr:open-path', allowed in the file-access policy like a file from the Open dialog; a second instance
//   sends its files and quits.
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { reportStartupError, runApp, STARTUP_ERROR_TITLE, type AppEnv, type ElectronModules } from '../../electron/app-main.js';
import { IPC, IPC_EVENTS } from '../../electron/ipc-names.js';

const dir = mkdtempSync(join(tmpdir(), 'skfr-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const dataDir = join(dir, 'data');
mkdirSync(dataDir);
const csv = join(dataDir, 'x.csv');
const xlsx = join(dataDir, 'y.xlsx');
writeFileSync(csv, 'id,a\ns1,1\n');
writeFileSync(xlsx, 'not really a workbook');

interface FakeWindow extends EventEmitter {
  webContents: EventEmitter & { id: number; sent: [string, unknown][]; mainFrame: { url: string } };
  focused: number;
  /** Whether the window has the focus now (isFocused()). */
  hasFocus: boolean;
  closeNow(): void;
}

/** Electron's main-process modules, faked: enough for app-main.ts, recording what it does. */
function fakeElectron(options: { lock?: boolean; ready?: Promise<void>; failIn?: 'protocol.handle' | 'lock' } = {}) {
  const app = new EventEmitter() as EventEmitter & Record<string, unknown>;
  const calls = { errorBox: [] as [string, string][], exit: [] as number[], quit: 0, lockData: [] as unknown[], forks: 0, notifications: [] as { title: string; body: string; shown: boolean; click(): void }[] };
  const children: (EventEmitter & { posted: unknown[] })[] = [];
  const windows: FakeWindow[] = [];
  Object.assign(app, {
    isPackaged: false,
    requestSingleInstanceLock(data: unknown) {
      if (options.failIn === 'lock') throw new Error('lock file unreadable');
      calls.lockData.push(data);
      return options.lock ?? true;
    },
    quit: () => void calls.quit++,
    exit: (code: number) => void calls.exit.push(code),
    whenReady: () => options.ready ?? Promise.resolve(),
    getPath: (name: string) => join(dir, name),
  });
  let nextId = 1;
  class BrowserWindow extends EventEmitter {
    webContents: FakeWindow['webContents'];
    focused = 0;
    hasFocus = true;
    private destroyed = false;
    constructor() {
      super();
      const contents = new EventEmitter() as FakeWindow['webContents'];
      contents.id = nextId++;
      contents.sent = [];
      contents.mainFrame = { url: 'app://skfr/index.html' };
      Object.assign(contents, {
        send: (channel: string, value: unknown) => void contents.sent.push([channel, value]),
        setWindowOpenHandler: () => {},
        isDestroyed: () => this.destroyed,
      });
      this.webContents = contents;
      windows.push(this as unknown as FakeWindow);
    }
    loadURL = async () => {};
    isDestroyed = () => this.destroyed;
    isMinimized = () => false;
    restore = () => {};
    show = () => {};
    focus = () => void this.focused++;
    isFocused = () => this.hasFocus;
    closeNow() {
      this.destroyed = true;
      this.emit('closed');
    }
  }
  const ipcMain = Object.assign(new EventEmitter(), { handlers: new Map<string, unknown>(), handle(c: string, h: unknown) { this.handlers.set(c, h); }, removeHandler() {} });
  const electron = {
    app,
    BrowserWindow,
    dialog: { showErrorBox: (title: string, content: string) => void calls.errorBox.push([title, content]) },
    ipcMain,
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: () => {} },
    protocol: {
      registerSchemesAsPrivileged: () => {},
      handle: () => {
        if (options.failIn === 'protocol.handle') throw new Error('app:// is already handled');
      },
    },
    session: { defaultSession: { webRequest: { onHeadersReceived: () => {} }, setPermissionRequestHandler: () => {}, setPermissionCheckHandler: () => {} } },
    utilityProcess: {
      fork: () => {
        calls.forks++;
        const child = Object.assign(new EventEmitter(), { posted: [] as unknown[] });
        children.push(child);
        return Object.assign(child, { postMessage: (m: unknown) => void child.posted.push(m), kill: () => {}, pid: 4242 });
      },
    },
    Notification: class {
      static isSupported = () => true;
      private record: (typeof calls.notifications)[number];
      constructor(options: { title: string; body: string }) {
        const listeners: (() => void)[] = [];
        this.record = { ...options, shown: false, click: () => listeners.forEach((l) => l()) };
        this.on = (_event: string, listener: () => void) => void listeners.push(listener);
      }
      on: (event: string, listener: () => void) => void;
      show() {
        this.record.shown = true;
        calls.notifications.push(this.record);
      }
    },
  };
  return { electron: electron as unknown as ElectronModules, app, calls, windows, ipcMain, children };
}

const env = (argv: string[], extra: Partial<AppEnv> = {}): AppEnv => ({
  here: join(dir, 'out', 'main'),
  argv,
  cwd: dir,
  defaultApp: false,
  platform: 'linux',
  isFile: (p) => p === csv || p === xlsx,
  log: () => {},
  ...extra,
});

/** The window's page asks main to open `path` (an 'open' job, as dataset.openPath sends it): refused or run. */
function openJob(fake: ReturnType<typeof fakeElectron>, win: FakeWindow, path: string): 'refused' | 'run' {
  const listener = fake.ipcMain.listeners(IPC.job)[0] as (event: unknown, ...args: unknown[]) => void;
  const before = win.webContents.sent.length;
  listener({ senderFrame: win.webContents.mainFrame, sender: win.webContents }, { kind: 'run', id: `r${before}`, request: { type: 'open', source: { kind: 'path', path } } });
  const reply = win.webContents.sent.slice(before).find(([c]) => c === IPC_EVENTS.jobEvent);
  return reply ? 'refused' : 'run';
}

describe('a start-up error shows an error box and exits with code 1', () => {
  it('an exception inside start()', async () => {
    const fake = fakeElectron({ failIn: 'protocol.handle' });
    await runApp(fake.electron, env(['app']));
    expect(fake.calls.errorBox).toHaveLength(1);
    const [title, content] = fake.calls.errorBox[0]!;
    expect(title).toBe(STARTUP_ERROR_TITLE);
    expect(content).toMatch(/^app:\/\/ is already handled\n\nThe app will close\. If this happens again, please report it with the details below\.\n\nError: app:\/\/ is already handled\n\s+at /);
    expect(fake.calls.exit).toEqual([1]);
    expect(fake.windows).toHaveLength(0);
  });

  it('an exception while setting up, before ready', async () => {
    const fake = fakeElectron({ failIn: 'lock' });
    await runApp(fake.electron, env(['app']));
    expect(fake.calls.errorBox[0]?.[1]).toMatch(/^lock file unreadable\n/);
    expect(fake.calls.exit).toEqual([1]);
  });

  it('whenReady rejecting', async () => {
    const fake = fakeElectron({ ready: Promise.reject(new Error('GPU process failed')) });
    await runApp(fake.electron, env(['app']));
    expect(fake.calls.errorBox[0]?.[0]).toBe(STARTUP_ERROR_TITLE);
    expect(fake.calls.exit).toEqual([1]);
  });

  it('exits even when the error box itself fails; a thrown non-Error is shown as text', () => {
    const calls: number[] = [];
    const log: string[] = [];
    expect(() =>
      reportStartupError({ app: { exit: (c: number) => void calls.push(c) }, dialog: { showErrorBox: () => { throw new Error('no display'); } } } as never, 'plain text', (m) => log.push(m)),
    ).toThrow('no display');
    expect(calls).toEqual([1]);
    expect(log).toEqual([`${STARTUP_ERROR_TITLE}: plain text`]);
  });

  it('a normal start shows no error box and one window', async () => {
    const fake = fakeElectron();
    await runApp(fake.electron, env(['app']));
    expect(fake.calls.errorBox).toEqual([]);
    expect(fake.calls.exit).toEqual([]);
    expect(fake.windows).toHaveLength(1);
  });
});

describe('files opened from the desktop reach the window, allowed like a chosen file', () => {
  it('the command line: sent once the page has loaded; the page may then open it (and nothing else)', async () => {
    const fake = fakeElectron();
    await runApp(fake.electron, env(['/opt/SKFR Studio/skfr-studio', '--no-sandbox', join('data', 'x.csv')]));
    expect(fake.calls.lockData).toEqual([{ files: [csv] }]);
    const [win] = fake.windows;
    expect(win!.webContents.sent.filter(([c]) => c === IPC_EVENTS.openPath)).toEqual([]);
    expect(openJob(fake, win!, csv)).toBe('refused'); // not before it is handed over
    win!.webContents.emit('did-finish-load');
    expect(win!.webContents.sent.filter(([c]) => c === IPC_EVENTS.openPath)).toEqual([[IPC_EVENTS.openPath, csv]]);
    expect(openJob(fake, win!, csv)).toBe('run');
    expect(fake.calls.forks).toBe(1);
    expect(openJob(fake, win!, xlsx)).toBe('refused');
    win!.webContents.emit('did-finish-load'); // a reload: not sent again
    expect(win!.webContents.sent.filter(([c]) => c === IPC_EVENTS.openPath)).toHaveLength(1);
  });

  it('a second instance: its files (sent with the lock) are opened here and the window comes to the front', async () => {
    const fake = fakeElectron();
    await runApp(fake.electron, env(['app']));
    const [win] = fake.windows;
    win!.webContents.emit('did-finish-load');
    fake.app.emit('second-instance', {}, ['app', '--allow-file-access-from-files', 'whatever'], '/elsewhere', { files: [xlsx] });
    expect(win!.focused).toBe(1);
    expect(win!.webContents.sent.filter(([c]) => c === IPC_EVENTS.openPath)).toEqual([[IPC_EVENTS.openPath, xlsx]]);
    expect(openJob(fake, win!, xlsx)).toBe('run');
    // an older second instance without additionalData: its argv, in its folder
    fake.app.emit('second-instance', {}, ['app', 'x.csv'], dataDir, {});
    expect(win!.webContents.sent.filter(([c]) => c === IPC_EVENTS.openPath).at(-1)).toEqual([IPC_EVENTS.openPath, csv]);
    // no file: just focus
    fake.app.emit('second-instance', {}, ['app'], dataDir, {});
    expect(win!.focused).toBe(3);
  });

  it('the second instance itself sends its files with the lock and quits, without a window', async () => {
    const fake = fakeElectron({ lock: false });
    await runApp(fake.electron, env(['app', csv]));
    expect(fake.calls.lockData).toEqual([{ files: [csv] }]);
    expect(fake.calls.quit).toBe(1);
    expect(fake.windows).toHaveLength(0);
  });

  it('macOS open-file: listened to before ready (a launch by double-click), default prevented, delivered after load', async () => {
    let ready!: () => void;
    const fake = fakeElectron({ ready: new Promise<void>((r) => (ready = r)) });
    const started = runApp(fake.electron, env(['/Applications/SKFR Studio.app/Contents/MacOS/SKFR Studio'], { platform: 'darwin' }));
    let prevented = 0;
    fake.app.emit('open-file', { preventDefault: () => void prevented++ }, xlsx);
    fake.app.emit('open-file', { preventDefault: () => void prevented++ }, join(dir, 'notes.md'));
    expect(prevented).toBe(2);
    ready();
    await started;
    const [win] = fake.windows;
    win!.webContents.emit('did-finish-load');
    expect(win!.webContents.sent.filter(([c]) => c === IPC_EVENTS.openPath)).toEqual([[IPC_EVENTS.openPath, xlsx]]);

    // no window (it was closed) when a file arrives: a window is opened for it
    (win as FakeWindow).closeNow();
    fake.app.emit('open-file', { preventDefault: () => {} }, csv);
    expect(fake.windows).toHaveLength(2);
    fake.windows[1]!.webContents.emit('did-finish-load');
    expect(fake.windows[1]!.webContents.sent.filter(([c]) => c === IPC_EVENTS.openPath)).toEqual([[IPC_EVENTS.openPath, csv]]);
  });
});

describe('a desktop notification when a run ends and the window is not focused (issue 16)', () => {
  /** The page runs a fit; the compute process (faked) answers it with `response`. */
  async function fitEnds(fake: ReturnType<typeof fakeElectron>, win: FakeWindow, response: unknown, id: string): Promise<void> {
    const listener = fake.ipcMain.listeners(IPC.job)[0] as (event: unknown, ...args: unknown[]) => void;
    const request = {
      type: 'fit',
      datasetId: 'd1',
      mapping: { orientation: 'samples-as-rows', idColumn: 'MouseID', annotationColumns: [], featureColumns: null, filters: [] },
      settings: { k: 8, s: 24, variant: 'global', loss: 'squared', restarts: 20, seed: 1, maxIterations: 100 },
    };
    listener({ senderFrame: win.webContents.mainFrame, sender: win.webContents }, { kind: 'run', id, request });
    const child = fake.children.at(-1)!;
    child.emit('message', { kind: 'ready' });
    const run = child.posted.find((m) => (m as { kind: string }).kind === 'run') as { id: string };
    child.posted.length = 0;
    child.emit('message', { kind: 'response', id: run.id, response });
    await vi.waitFor(() => expect(win.webContents.sent.some(([c, m]) => c === IPC_EVENTS.jobEvent && (m as { id: string }).id === id)).toBe(true));
  }
  const view = { fileName: 'mice_protein.csv', k: 8, s: 24, settings: { variant: 'global', tune: { from: 1, to: 77 } } };

  it('unfocused: "run finished" with what ran; a click brings the window to the front', async () => {
    const fake = fakeElectron();
    await runApp(fake.electron, env(['app']));
    const win = fake.windows[0]!;
    win.hasFocus = false;
    await fitEnds(fake, win, { ok: true, type: 'fit', result: view }, 'r1');
    expect(fake.calls.notifications.map(({ title, body, shown }) => ({ title, body, shown }))).toEqual([
      { title: 'SKFR Studio: run finished', body: 'SKFR1, k = 8, s = 24 (chosen) on mice_protein.csv', shown: true },
    ]);
    fake.calls.notifications[0]!.click();
    expect(win.focused).toBe(1);
  });

  it('focused: nothing (the page says it); a failure says why; a cancel says nothing', async () => {
    const fake = fakeElectron();
    await runApp(fake.electron, env(['app']));
    const win = fake.windows[0]!;
    await fitEnds(fake, win, { ok: true, type: 'fit', result: view }, 'r1');
    expect(fake.calls.notifications).toEqual([]);
    win.hasFocus = false;
    await fitEnds(fake, win, { ok: false, type: 'fit', error: { code: 'cancelled', message: 'The run was cancelled.' } }, 'r2');
    expect(fake.calls.notifications).toEqual([]);
    await fitEnds(fake, win, { ok: false, type: 'fit', error: { code: 'invalid-option', message: 'k = 9 is more than the 8 samples.' } }, 'r3');
    expect(fake.calls.notifications.map(({ title, body }) => [title, body])).toEqual([['SKFR Studio: the run stopped', 'k = 9 is more than the 8 samples.']]);
  });
});
