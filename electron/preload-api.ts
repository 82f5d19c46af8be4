/**
 * The SkfrApi the preload exposes as `window.skfr`, built over a minimal ipcRenderer-like object so it can
 * be tested without Electron. Jobs go through core/jobs/client over the 'skfr:job' channel (main relays
 * them to the compute process after validation); everything else is an invoke.
 *
 * Dropped files: the preload listens on the window (capture phase, so before the page) for trusted drop
 * events and file-input changes — made by the user, not dispatched by a script —, reads each file's path with
 * webUtils.getPathForFile and reports the paths to main, which mints one one-time token per path. The page's
 * `droppedFilePath(file)` then redeems that file's token; a file that was not dropped (or built in JS, whose
 * path is empty) has none, and main never takes a path from the page (electron/file-access.ts).
 *
 * Files opened from the desktop (main's 'skfr:open-path', electron/desktop-open.ts) go to `onOpenPath`
 * listeners; while there are none, the file waits here and is announced as the menu command 'open' (to the
 * onMenu listeners, at once or as soon as one subscribes), and the openFileDialog() that command makes
 * resolves to the waiting path instead of showing the dialog. So the page opens it exactly as a file chosen
 * in the Open dialog.
 */
import type { ErrorInfo } from '../core/errors.js';
import type { MenuCommand, SkfrApi } from '../core/jobs/api.js';
import { createJobClient } from '../core/jobs/client.js';
import type { Port } from '../core/jobs/port.js';
import { IPC, IPC_EVENTS } from './ipc-names.js';

/** The parts of a DOM event the drop watch reads (DragEvent / an input's change Event). */
export interface ChosenFilesEvent {
  readonly isTrusted: boolean;
  readonly type: string;
  readonly dataTransfer?: { readonly files?: ArrayLike<unknown> | null } | null;
  readonly target?: unknown;
}

/** Where the preload listens for drops and file-input changes: the window. */
export interface DropTargetLike {
  addEventListener(type: 'drop' | 'change', listener: (event: ChosenFilesEvent) => void, capture: boolean): void;
}

/** At most this many files of one drop are reported (as main accepts, ipc-channels.ts MAX_CHOSEN_FILES). */
const MAX_REPORTED = 16;

function filesOf(event: ChosenFilesEvent): unknown[] {
  if (event.type === 'drop') return Array.from(event.dataTransfer?.files ?? []);
  const input = event.target as { tagName?: unknown; type?: unknown; files?: ArrayLike<unknown> | null } | null | undefined;
  if (!input || String(input.tagName).toUpperCase() !== 'INPUT' || input.type !== 'file') return [];
  return Array.from(input.files ?? []);
}

export interface IpcRendererLike {
  send(channel: string, ...args: unknown[]): void;
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

function subscribe<T>(ipc: IpcRendererLike, channel: string, listener: (value: T) => void): () => void {
  const handler = (_event: unknown, value: unknown) => listener(value as T);
  ipc.on(channel, handler);
  return () => void ipc.removeListener(channel, handler);
}

export function createElectronApi(ipc: IpcRendererLike, pathForFile: (file: never) => string, target?: DropTargetLike): SkfrApi {
  const pathOf = (file: unknown): string => {
    try {
      return pathForFile(file as never) || '';
    } catch {
      return ''; // not a File
    }
  };
  /** Path of a file from a trusted drop → its token (pending until main answers); taken once. */
  const tokens = new Map<string, Promise<string | null>>();
  const watch = (event: ChosenFilesEvent) => {
    if (!event.isTrusted) return; // dispatched by a script, not made by the user
    const paths = [...new Set(filesOf(event).map(pathOf).filter((p) => p !== ''))].slice(0, MAX_REPORTED);
    if (paths.length === 0) return;
    const minted = (ipc.invoke(IPC.filesChosen, { paths }) as Promise<string[]>).catch(() => [] as string[]);
    paths.forEach((path, i) => tokens.set(path, minted.then((list) => list[i] ?? null)));
  };
  target?.addEventListener('drop', watch, true);
  target?.addEventListener('change', watch, true);

  // Files opened from the desktop (see the module comment).
  const pathListeners = new Set<(path: string) => void>();
  const menuListeners = new Set<(command: MenuCommand) => void>();
  let desktopPath: string | null = null;
  const announce = () => {
    if (desktopPath === null) return;
    if (pathListeners.size > 0) {
      const path = desktopPath;
      desktopPath = null;
      for (const l of [...pathListeners]) l(path);
    } else {
      for (const l of [...menuListeners]) l('open');
    }
  };
  ipc.on(IPC_EVENTS.openPath, (_event, path) => {
    if (typeof path !== 'string' || path === '') return;
    desktopPath = path;
    announce();
  });
  // one IPC subscription for the menu while anybody listens
  let menuOff: (() => void) | null = null;

  const port: Port = {
    postMessage: (message) => ipc.send(IPC.job, message),
    onMessage: (listener) => subscribe(ipc, IPC_EVENTS.jobEvent, listener),
  };
  const client = createJobClient(port, { waitForReady: false, idPrefix: 'r' });
  return {
    platform: 'electron',
    run: (request, onProgress) => client.run(request, onProgress),
    cancel: (jobId) => client.cancel(jobId),
    openFileDialog() {
      if (desktopPath !== null) {
        const path = desktopPath;
        desktopPath = null;
        return Promise.resolve(path);
      }
      return ipc.invoke(IPC.openDialog) as Promise<string | null>;
    },
    saveExport: (fitId, what, format, suggestedName) =>
      ipc.invoke(IPC.saveExport, { fitId, what, format, suggestedName }) as Promise<{ savedAs: string } | { error: ErrorInfo } | null>,
    saveSession: (text, suggestedName) => ipc.invoke(IPC.saveSession, { text, suggestedName }) as Promise<{ savedAs: string } | { error: ErrorInfo } | null>,
    saveImage: (dataUrl, suggestedName) => ipc.invoke(IPC.saveImage, { dataUrl, suggestedName }) as Promise<{ savedAs: string } | null>,
    recentFiles: () => ipc.invoke(IPC.recentFiles) as Promise<string[]>,
    onMenu(listener) {
      menuListeners.add(listener);
      menuOff ??= subscribe<MenuCommand>(ipc, IPC_EVENTS.menu, (command) => {
        for (const l of [...menuListeners]) l(command);
      });
      if (desktopPath !== null) queueMicrotask(announce); // a file waited for the page to listen
      return () => {
        menuListeners.delete(listener);
        if (menuListeners.size === 0 && menuOff) {
          menuOff();
          menuOff = null;
        }
      };
    },
    onOpenPath(listener) {
      pathListeners.add(listener);
      if (desktopPath !== null) queueMicrotask(announce);
      return () => void pathListeners.delete(listener);
    },
    onComputeError: (listener) => subscribe<ErrorInfo>(ipc, IPC_EVENTS.computeError, listener),
    async droppedFilePath(file) {
      const path = pathOf(file);
      const pending = path ? tokens.get(path) : undefined;
      if (!pending) return null; // not from a drop or a file input the user used: read by its bytes instead
      tokens.delete(path);
      const token = await pending;
      if (!token) return null;
      return (await ipc.invoke(IPC.droppedFile, { token })) as string | null;
    },
  };
}
