/**
 * The main process's life, with Electron passed in (main.ts passes the real modules; tests pass fakes): one
 * window, the application menu, native dialogs, recent files, the single-instance lock, files opened from the
 * desktop, and the compute process (utility process, restarted after a crash).
 * Job traffic: window ⇄ (IPC, validated here) ⇄ supervisor ⇄ utility process (compute.ts).
 *
 * Start-up failures are never silent: anything thrown while setting up, in whenReady or in start() shows a
 * native error box (dialog.showErrorBox, which works before `ready` too; on Linux before `ready` it prints to
 * stderr) and the app exits with code 1.
 *
 * Files from the desktop (desktop-open.ts): the command line of this instance (sent along with the single-
 * instance lock, so a first instance gets it too), a second instance's (`second-instance`: the window is
 * brought to the front), and macOS `open-file`, registered here synchronously at start-up, before `ready`, as
 * Electron's docs require. They wait until the window has loaded, are allowed in file-access.ts as user-chosen,
 * and go to the page on 'skfr:open-path'.
 */
import type { App, BrowserWindow, Dialog, IpcMain, Menu as MenuType, Protocol, Session, UtilityProcess } from 'electron';
import { join } from 'node:path';
import type { MenuCommand } from '../core/jobs/api.js';
import { createAppProtocolHandler } from './app-protocol.js';
import { createComputeSupervisor, type ComputeProcess, type ComputeSupervisor } from './compute-supervisor.js';
import { createDesktopOpens, fileFromOpenFile, filesFromArgv, filesFromSecondInstance } from './desktop-open.js';
import { createDialogs } from './dialogs.js';
import { createFileAccess, type FileAccess } from './file-access.js';
import { registerIpc } from './ipc.js';
import { IPC_EVENTS } from './ipc-channels.js';
import { menuTemplate } from './menu.js';
import { createRunNotifier, type NotificationCtor } from './notify.js';
import { loadRecentFiles } from './recent.js';
import { createPdfPrinter } from './report-pdf.js';
import { APP_ENTRY_URL, APP_ORIGIN, APP_SCHEME, CONTENT_SECURITY_POLICY, DEV_CONTENT_SECURITY_POLICY, hardenSession, hardenWebContents, originOf } from './security.js';
import { createMainWindow, focusWindow, type BrowserWindowCtor } from './windows.js';

/** The Electron modules main uses (main.ts: `import { app, … } from 'electron'`). */
export interface ElectronModules {
  app: App;
  BrowserWindow: BrowserWindowCtor;
  dialog: Dialog;
  ipcMain: IpcMain;
  Menu: Pick<typeof MenuType, 'buildFromTemplate' | 'setApplicationMenu'>;
  protocol: Protocol;
  session: { readonly defaultSession: Session };
  utilityProcess: { fork(modulePath: string, args?: string[], options?: Electron.ForkOptions): UtilityProcess };
  /** Desktop notifications of runs that end while the window is not focused (notify.ts); optional. */
  Notification?: NotificationCtor;
}

/** What main needs of its process. */
export interface AppEnv {
  /** The folder of the bundled main (out/main): compute.js beside it, ../preload, ../renderer. */
  here: string;
  /** process.argv */
  argv: readonly string[];
  cwd: string;
  /** process.defaultApp: an unpackaged app run as `electron <folder>` (argv[1] is the app). */
  defaultApp: boolean;
  platform: string;
  /** ELECTRON_RENDERER_URL (`npm run dev`); ignored in a packaged app. */
  rendererUrl?: string | undefined;
  /** True for an existing regular file. */
  isFile(path: string): boolean;
  log?(message: string): void;
}

export const STARTUP_ERROR_TITLE = 'SKFR Studio could not start';
/** electron-builder.yml's appId, which the Windows installer gives the app's shortcut. */
export const APP_USER_MODEL_ID = 'org.skfr.studio';

/** The error box for a failed start-up, then exit code 1. */
export function reportStartupError(electron: Pick<ElectronModules, 'app' | 'dialog'>, error: unknown, log: (m: string) => void = console.error): void {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error && error.stack ? error.stack : message;
  log(`${STARTUP_ERROR_TITLE}: ${stack}`);
  try {
    electron.dialog.showErrorBox(
      STARTUP_ERROR_TITLE,
      `${message}\n\nThe app will close. If this happens again, please report it with the details below.\n\n${stack}`,
    );
  } finally {
    electron.app.exit(1);
  }
}

/**
 * Sets the app up (synchronously: the single-instance lock, desktop-open listeners before `ready`) and starts
 * it when Electron is ready. Returns a promise settled once start-up has finished or failed (for tests).
 */
export function runApp(electron: ElectronModules, env: AppEnv): Promise<void> {
  const { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, utilityProcess } = electron;
  const log = env.log ?? ((m: string) => console.warn(m));
  const fail = (error: unknown) => reportStartupError(electron, error, env.log);
  try {
    const devUrl = (!app.isPackaged && env.rendererUrl) || undefined;
    const here = env.here;
    let win: BrowserWindow | null = null;
    let supervisor: ComputeSupervisor | null = null;
    let access: FileAccess | null = null;
    let started = false;
    const ownFiles = filesFromArgv(env.argv, { cwd: env.cwd, defaultApp: env.defaultApp, isFile: env.isFile });

    protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
    // Windows shows an app's notifications under its AppUserModelID: the installer's (electron-builder.yml appId).
    if (env.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

    // One instance: a second one hands its files (parsed in its own folder) to this one and quits.
    if (!app.requestSingleInstanceLock({ files: ownFiles })) {
      app.quit();
      return Promise.resolve();
    }

    const opens = createDesktopOpens();
    const openFromDesktop = (files: string[]) => {
      if (files.length === 0) return;
      opens.request(files);
      if (started && !win) open(); // e.g. macOS, a file dropped on the Dock icon while no window is open
      else focusWindow(win);
    };
    // macOS: registered now, before `ready` (a file double-clicked to launch the app arrives early).
    app.on('open-file', (event, path) => {
      event.preventDefault();
      const file = fileFromOpenFile(path, env.isFile);
      if (file) openFromDesktop([file]);
      else log(`open-file: “${path}” is not a data file the app opens (.csv, .tsv, .txt, .xlsx, .xls)`);
    });
    app.on('second-instance', (_event, argv, workingDirectory, additionalData) => {
      const files = filesFromSecondInstance(argv, workingDirectory, additionalData, { defaultApp: env.defaultApp, isFile: env.isFile });
      if (files.length > 0) openFromDesktop(files);
      else focusWindow(win);
    });
    opens.request(ownFiles);

    const spawnCompute = (): ComputeProcess => {
      const child = utilityProcess.fork(join(here, 'compute.js'), [], { serviceName: 'SKFR Studio compute', stdio: 'inherit' });
      return {
        port: {
          postMessage: (message) => child.postMessage(message),
          onMessage(listener) {
            const handler = (message: unknown) => listener(message);
            child.on('message', handler);
            return () => void child.off('message', handler);
          },
        },
        onExit: (listener) => void child.once('exit', (code: number) => listener(code)),
        kill: () => void child.kill(),
        get pid() {
          return child.pid;
        },
      };
    };

    const sendMenu = (command: MenuCommand) => {
      if (win && !win.isDestroyed()) win.webContents.send(IPC_EVENTS.menu, command);
    };

    const open = () => {
      const created = createMainWindow(BrowserWindow, join(here, '../preload/preload.cjs'), devUrl ?? APP_ENTRY_URL);
      win = created;
      // A desktop file goes to the page once it has loaded (the preload holds it until the page listens).
      created.webContents.on('did-finish-load', () => {
        opens.deliverTo((path) => {
          access?.allow(path);
          if (!created.isDestroyed()) created.webContents.send(IPC_EVENTS.openPath, path);
        });
      });
      created.on('closed', () => {
        if (win === created) win = null;
        opens.deliverTo(null);
      });
    };

    const start = async () => {
      // The dev server's injected <style> elements need inline styles; packaged and built apps keep the strict policy.
      hardenSession(session.defaultSession, devUrl ? DEV_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
      protocol.handle(APP_SCHEME, createAppProtocolHandler(join(here, '../renderer')));

      const recent = await loadRecentFiles(join(app.getPath('userData'), 'recent-files.json'));
      access = createFileAccess(recent.list());
      const sup = createComputeSupervisor({ spawn: spawnCompute });
      supervisor = sup;
      sup.onCrash((error) => {
        if (win && !win.isDestroyed()) win.webContents.send(IPC_EVENTS.computeError, error);
      });
      sup.onFinished(createRunNotifier(electron.Notification, () => win));
      registerIpc({
        ipcMain,
        supervisor: sup,
        dialogs: createDialogs(dialog, () => win, () => app.getPath('documents')),
        recent,
        access,
        mainFrame: () => (win && !win.isDestroyed() ? win.webContents.mainFrame : null),
        allowedOrigins: devUrl ? [APP_ORIGIN, originOf(devUrl)] : [APP_ORIGIN],
        printPdf: createPdfPrinter({ BrowserWindow, tempDir: () => app.getPath('temp') }),
      });
      Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate({ onCommand: sendMenu, isMac: env.platform === 'darwin', isDev: !app.isPackaged })));
      open();
      started = true;
      app.on('activate', () => (win ? focusWindow(win) : open()));
    };

    app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
    app.on('window-all-closed', () => app.quit());
    app.on('will-quit', () => supervisor?.dispose());
    return app.whenReady().then(start).catch(fail);
  } catch (error) {
    fail(error);
    return Promise.resolve();
  }
}
