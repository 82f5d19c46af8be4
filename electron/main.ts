/**
 * The Electron main process: one window, the application menu, native dialogs, recent files, the
 * single-instance lock, and the compute process's life (utility process, restarted after a crash).
 * Job traffic: window ⇄ (IPC, validated here) ⇄ supervisor ⇄ utility process (compute.ts).
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, utilityProcess } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MenuCommand } from '../core/jobs/api.js';
import { createAppProtocolHandler } from './app-protocol.js';
import { createComputeSupervisor, type ComputeProcess, type ComputeSupervisor } from './compute-supervisor.js';
import { createDialogs } from './dialogs.js';
import { createFileAccess } from './file-access.js';
import { registerIpc } from './ipc.js';
import { IPC_EVENTS } from './ipc-channels.js';
import { menuTemplate } from './menu.js';
import { loadRecentFiles } from './recent.js';
import { APP_ENTRY_URL, APP_ORIGIN, APP_SCHEME, CONTENT_SECURITY_POLICY, DEV_CONTENT_SECURITY_POLICY, hardenSession, hardenWebContents, originOf } from './security.js';
import { createMainWindow, focusWindow } from './windows.js';

const here = dirname(fileURLToPath(import.meta.url));
const devUrl = (!app.isPackaged && process.env['ELECTRON_RENDERER_URL']) || undefined;
let win: BrowserWindow | null = null;
let supervisor: ComputeSupervisor | null = null;

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

function spawnCompute(): ComputeProcess {
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
    onExit: (listener) => void child.once('exit', (code) => listener(code)),
    kill: () => void child.kill(),
    get pid() {
      return child.pid;
    },
  };
}

function sendMenu(command: MenuCommand) {
  if (win && !win.isDestroyed()) win.webContents.send(IPC_EVENTS.menu, command);
}

async function start() {
  // The dev server's injected <style> elements need inline styles; packaged and built apps keep the strict policy.
  hardenSession(session.defaultSession, devUrl ? DEV_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
  protocol.handle(APP_SCHEME, createAppProtocolHandler(join(here, '../renderer')));

  const recent = await loadRecentFiles(join(app.getPath('userData'), 'recent-files.json'));
  const access = createFileAccess(recent.list());
  supervisor = createComputeSupervisor({ spawn: spawnCompute });
  supervisor.onCrash((error) => {
    if (win && !win.isDestroyed()) win.webContents.send(IPC_EVENTS.computeError, error);
  });
  registerIpc({
    ipcMain,
    supervisor,
    dialogs: createDialogs(dialog, () => win, () => app.getPath('documents')),
    recent,
    access,
    mainFrame: () => (win && !win.isDestroyed() ? win.webContents.mainFrame : null),
    allowedOrigins: devUrl ? [APP_ORIGIN, originOf(devUrl)] : [APP_ORIGIN],
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate({ onCommand: sendMenu, isMac: process.platform === 'darwin', isDev: !app.isPackaged })));

  const preload = join(here, '../preload/preload.cjs');
  const open = () => {
    win = createMainWindow(BrowserWindow, preload, devUrl ?? APP_ENTRY_URL);
    win.on('closed', () => (win = null));
  };
  open();
  app.on('activate', () => (win ? focusWindow(win) : open()));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => focusWindow(win));
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => supervisor?.dispose());
  app.whenReady().then(start, (error: unknown) => {
    console.error(error);
    app.exit(1);
  });
}
