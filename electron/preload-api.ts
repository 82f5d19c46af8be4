/**
 * The SkfrApi the preload exposes as `window.skfr`, built over a minimal ipcRenderer-like object so it can
 * be tested without Electron. Jobs go through core/jobs/client over the 'skfr:job' channel (main relays
 * them to the compute process after validation); everything else is an invoke.
 */
import type { ErrorInfo } from '../core/errors.js';
import type { MenuCommand, SkfrApi } from '../core/jobs/api.js';
import { createJobClient } from '../core/jobs/client.js';
import type { Port } from '../core/jobs/port.js';
import { IPC, IPC_EVENTS } from './ipc-names.js';

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

export function createElectronApi(ipc: IpcRendererLike, pathForFile: (file: never) => string): SkfrApi {
  const port: Port = {
    postMessage: (message) => ipc.send(IPC.job, message),
    onMessage: (listener) => subscribe(ipc, IPC_EVENTS.jobEvent, listener),
  };
  const client = createJobClient(port, { waitForReady: false, idPrefix: 'r' });
  return {
    platform: 'electron',
    run: (request, onProgress) => client.run(request, onProgress),
    cancel: (jobId) => client.cancel(jobId),
    openFileDialog: () => ipc.invoke(IPC.openDialog) as Promise<string | null>,
    saveExport: (fitId, what, format, suggestedName) =>
      ipc.invoke(IPC.saveExport, { fitId, what, format, suggestedName }) as Promise<{ savedAs: string } | { error: ErrorInfo } | null>,
    saveImage: (dataUrl, suggestedName) => ipc.invoke(IPC.saveImage, { dataUrl, suggestedName }) as Promise<{ savedAs: string } | null>,
    recentFiles: () => ipc.invoke(IPC.recentFiles) as Promise<string[]>,
    onMenu: (listener) => subscribe<MenuCommand>(ipc, IPC_EVENTS.menu, listener),
    onComputeError: (listener) => subscribe<ErrorInfo>(ipc, IPC_EVENTS.computeError, listener),
    async droppedFilePath(file) {
      let path = '';
      try {
        path = pathForFile(file as never);
      } catch {
        path = '';
      }
      if (!path) return null;
      return (await ipc.invoke(IPC.droppedFile, { path })) as string | null;
    },
  };
}
