// Issue 15 item 6, the parsing: which data files a command line, a second instance or macOS's open-file names.
// Plain functions with an injected file check (electron/desktop-open.ts); main's wiring is in app-main.test.ts,
// the page's side (the preload's window.skfr) at the end here.
import { describe, expect, it } from 'vitest';
import { OPEN_FILTERS } from '../../electron/dialogs.js';
import { IPC, IPC_EVENTS } from '../../electron/ipc-names.js';
import { createElectronApi } from '../../electron/preload-api.js';
import { ASSOCIATED_EXTENSIONS, argToPath, createDesktopOpens, DATA_EXTENSIONS, fileFromOpenFile, filesFromArgv, filesFromSecondInstance, hasDataExtension } from '../../electron/desktop-open.js';

const files = new Set(['/Users/ana/data/x.csv', '/Users/ana/data/y.xlsx', '/Users/ana/data/proteinGroups.txt', '/Users/ana/data/old.XLS', '/Users/ana/notes.md', '/work/app/x.tsv']);
const isFile = (p: string) => files.has(p);
const packaged = { cwd: '/Users/ana', defaultApp: false, isFile };

describe('command line (process.argv)', () => {
  it('a packaged app: everything after the executable, flags skipped, relative paths from the folder it started in', () => {
    expect(filesFromArgv(['/opt/SKFR Studio/skfr-studio', 'data/x.csv'], packaged)).toEqual(['/Users/ana/data/x.csv']);
    expect(filesFromArgv(['/opt/SKFR Studio/skfr-studio', '--no-sandbox', '--original-process-start-time=1323', 'data/y.xlsx', '--inspect=0'], packaged)).toEqual(['/Users/ana/data/y.xlsx']);
    expect(filesFromArgv(['C:\\Program Files\\SKFR Studio\\SKFR Studio.exe', '/Users/ana/data/x.csv', 'data/proteinGroups.txt'], packaged)).toEqual([
      '/Users/ana/data/x.csv',
      '/Users/ana/data/proteinGroups.txt',
    ]);
  });

  it('an unpackaged app (`electron . file`, npm start): the app folder is not a file to open, wherever Chromium put the flags', () => {
    const dev = { cwd: '/work/app', defaultApp: true, isFile };
    expect(filesFromArgv(['/work/app/node_modules/electron/dist/electron', '.', 'x.tsv'], dev)).toEqual(['/work/app/x.tsv']);
    expect(filesFromArgv(['/work/app/node_modules/electron/dist/electron', '--no-sandbox', '.', '/Users/ana/data/x.csv'], dev)).toEqual(['/Users/ana/data/x.csv']);
    // the app itself given as a file that exists with a data extension is still the app, not data
    expect(filesFromArgv(['electron', 'x.tsv'], dev)).toEqual([]);
    expect(filesFromArgv(['electron', '.'], dev)).toEqual([]);
  });

  it('only existing regular files with .csv .tsv .txt .xlsx .xls (any letter case); duplicates once', () => {
    expect(filesFromArgv(['app', 'notes.md', 'data/missing.csv', 'data', 'data/old.XLS', 'data/old.XLS', '/Users/ana/data/old.XLS'], packaged)).toEqual(['/Users/ana/data/old.XLS']);
    expect(DATA_EXTENSIONS).toEqual(['.csv', '.tsv', '.txt', '.xlsx', '.xls', '.skfr']);
    expect(hasDataExtension('.csv')).toBe(false);
    expect(hasDataExtension('a.CSV')).toBe(true);
    expect(hasDataExtension('a.csv.gz')).toBe(false);
  });

  it('file:// URLs, as a Linux desktop file passes them (%U); other URLs are not files', () => {
    expect(filesFromArgv(['app', 'file:///Users/ana/data/y.xlsx'], packaged)).toEqual(['/Users/ana/data/y.xlsx']);
    expect(filesFromArgv(['app', 'file:///Users/ana/data/x%2Ecsv'], packaged)).toEqual(['/Users/ana/data/x.csv']);
    expect(argToPath('https://example.org/x.csv')).toBeNull();
    expect(argToPath('skfr://open?x.csv')).toBeNull();
    expect(argToPath('C:\\Users\\ana\\x.csv')).toBe('C:\\Users\\ana\\x.csv');
    expect(argToPath('C:/Users/ana/x.csv')).toBe('C:/Users/ana/x.csv');
  });
});

describe('second-instance', () => {
  it('takes the files the second instance sent (parsed in its own folder), checked again', () => {
    expect(filesFromSecondInstance(['app', '--allow-file-access-from-files', 'ignored.csv'], '/elsewhere', { files: ['/Users/ana/data/x.csv', '/Users/ana/notes.md', 'relative.csv', '/gone.csv'] }, { defaultApp: false, isFile })).toEqual([
      '/Users/ana/data/x.csv',
    ]);
  });

  it('without them (an older instance, or other data), reads its argv in its working directory', () => {
    expect(filesFromSecondInstance(['app', '--allow-file-access-from-files', 'data/y.xlsx'], '/Users/ana', {}, { defaultApp: false, isFile })).toEqual(['/Users/ana/data/y.xlsx']);
    expect(filesFromSecondInstance(['electron', '.', 'x.tsv'], '/work/app', null, { defaultApp: true, isFile })).toEqual(['/work/app/x.tsv']);
    expect(filesFromSecondInstance(['app', 'data/x.csv'], '/Users/ana', { files: 'nope' }, { defaultApp: false, isFile })).toEqual(['/Users/ana/data/x.csv']);
  });
});

describe('macOS open-file', () => {
  it('an existing data file; anything else is ignored', () => {
    expect(fileFromOpenFile('/Users/ana/data/y.xlsx', isFile)).toBe('/Users/ana/data/y.xlsx');
    expect(fileFromOpenFile('/Users/ana/notes.md', isFile)).toBeNull();
    expect(fileFromOpenFile('/Users/ana/data/missing.csv', isFile)).toBeNull();
    expect(fileFromOpenFile('data/x.csv', isFile)).toBeNull();
  });
});

describe('DesktopOpens: held until a window takes it, latest request first', () => {
  it('before a window: kept; delivered once to the window; a closed window holds the next', () => {
    const opens = createDesktopOpens();
    const got: string[] = [];
    opens.request([]);
    expect(opens.pending).toBeNull();
    opens.request(['/a.csv', '/b.csv']);
    opens.request(['/c.xlsx']);
    expect(opens.pending).toBe('/c.xlsx');
    opens.deliverTo((p) => got.push(p));
    expect(got).toEqual(['/c.xlsx']);
    opens.deliverTo((p) => got.push(p)); // the page reloaded: nothing new to deliver
    expect(got).toEqual(['/c.xlsx']);
    opens.request(['/d.csv']);
    expect(got).toEqual(['/c.xlsx', '/d.csv']);
    opens.deliverTo(null);
    opens.request(['/e.csv']);
    expect(opens.pending).toBe('/e.csv');
  });

  it('the extensions registered with the system are the four table types, not every .txt file; the Open dialog offers all of them and saved analyses', () => {
    expect(ASSOCIATED_EXTENSIONS).toEqual(['csv', 'tsv', 'xlsx', 'xls']);
    expect(OPEN_FILTERS[0]!.extensions.map((e) => `.${e}`).sort()).toEqual([...DATA_EXTENSIONS].sort());
  });
});

describe('the page side (preload): a desktop file opens like a file from the Open dialog', () => {
  function fakeIpc() {
    const invoked: string[] = [];
    const listeners = new Map<string, Set<(e: unknown, ...a: unknown[]) => void>>();
    return {
      invoked,
      emit: (ch: string, value: unknown) => listeners.get(ch)?.forEach((l) => l({}, value)),
      ipc: {
        send: () => {},
        invoke: async (ch: string) => (invoked.push(ch), ch === IPC.openDialog ? '/picked/in/dialog.csv' : null),
        on: (ch: string, l: (e: unknown, ...a: unknown[]) => void) => listeners.set(ch, (listeners.get(ch) ?? new Set()).add(l)),
        removeListener: (ch: string, l: (e: unknown, ...a: unknown[]) => void) => listeners.get(ch)?.delete(l),
      },
    };
  }
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('today’s page (menu listener only): announced as the menu’s Open, whose dialog resolves to the file, once', async () => {
    const f = fakeIpc();
    const api = createElectronApi(f.ipc, () => '');
    const opened: (string | null)[] = [];
    // what App.vue does with the menu command 'open'
    api.onMenu((command) => void (command === 'open' && api.openFileDialog().then((p) => opened.push(p))));
    f.emit(IPC_EVENTS.openPath, '/Users/ana/data/x.csv');
    await tick();
    expect(opened).toEqual(['/Users/ana/data/x.csv']);
    expect(f.invoked).toEqual([]); // no dialog shown
    expect(await api.openFileDialog()).toBe('/picked/in/dialog.csv'); // the next Open shows the dialog again
  });

  it('a file that arrives before the page listens waits, and is announced when it subscribes', async () => {
    const f = fakeIpc();
    const api = createElectronApi(f.ipc, () => '');
    f.emit(IPC_EVENTS.openPath, '/Users/ana/data/y.xlsx');
    f.emit(IPC_EVENTS.openPath, 42); // not a path: ignored
    const commands: string[] = [];
    api.onMenu((c) => commands.push(c));
    expect(commands).toEqual([]);
    await tick();
    expect(commands).toEqual(['open']);
    expect(await api.openFileDialog()).toBe('/Users/ana/data/y.xlsx');
  });

  it('a page that listens with onOpenPath gets the path itself (and the menu hears nothing)', async () => {
    const f = fakeIpc();
    const api = createElectronApi(f.ipc, () => '');
    const commands: string[] = [];
    const paths: string[] = [];
    api.onMenu((c) => commands.push(c));
    api.onOpenPath!((p) => paths.push(p));
    f.emit(IPC_EVENTS.openPath, '/Users/ana/data/x.csv');
    expect(paths).toEqual(['/Users/ana/data/x.csv']);
    expect(commands).toEqual([]);
    expect(await api.openFileDialog()).toBe('/picked/in/dialog.csv');
  });
});
