/**
 * registerIpc on a fake ipcMain, for the IPC tests: the listeners and handlers it registered (call them with
 * `event()`, from the main frame unless another is given), the requests it relayed to a fake compute process,
 * the messages it sent the page, the file access it granted and the paths it added to the recent files.
 */
import type { JobRequest } from '../../core/jobs/types.js';
import type { ComputeSupervisor } from '../../electron/compute-supervisor.js';
import type { Dialogs } from '../../electron/dialogs.js';
import { createFileAccess } from '../../electron/file-access.js';
import { registerIpc } from '../../electron/ipc.js';

export interface FakeIpcOptions {
  dialogs: Dialogs;
  /** What the recent-files list holds (default: nothing). */
  recentFiles?: string[];
  /** The compute process's result for a request, always a success (default: `{ closed: true }`). */
  result?: (request: JobRequest) => unknown;
}

export function fakeIpc({ dialogs, recentFiles = [], result = () => ({ closed: true }) }: FakeIpcOptions) {
  const listeners = new Map<string, (...args: unknown[]) => void>();
  const handlers = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  const ipcMain = {
    on: (ch: string, fn: (...args: unknown[]) => void) => listeners.set(ch, fn),
    handle: (ch: string, fn: (...args: unknown[]) => Promise<unknown>) => handlers.set(ch, fn),
    removeAllListeners: () => {},
    removeHandler: () => {},
  };
  const runs: JobRequest[] = [];
  const supervisor = {
    run: (request: JobRequest) => {
      runs.push(request);
      return { jobId: 'c1-1', response: Promise.resolve({ ok: true, type: request.type, result: result(request) }) };
    },
    cancel: () => {},
    onCrash: () => () => {},
    pid: 1,
    dispose: () => {},
  } as unknown as ComputeSupervisor;
  const sent: [string, unknown][] = [];
  const mainFrame = { url: 'app://skfr/index.html' };
  const sender = { id: 1, isDestroyed: () => false, send: (ch: string, m: unknown): void => void sent.push([ch, m]), once: () => {}, on: () => {} };
  const event = (frame: unknown = mainFrame) => ({ senderFrame: frame, sender });
  const added: string[] = [];
  const access = createFileAccess();
  registerIpc({
    ipcMain: ipcMain as never,
    supervisor,
    dialogs,
    recent: { list: () => recentFiles, add: async (p: string) => void added.push(p) },
    access,
    mainFrame: () => mainFrame as never,
    allowedOrigins: ['app://skfr'],
    log: () => {},
  });
  return { listeners, handlers, runs, sent, event, access, sender, mainFrame, added };
}
