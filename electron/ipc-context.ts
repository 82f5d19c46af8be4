/**
 * What the IPC handlers are given: the main process's parts (IpcDeps) and, with defaults filled in, the context
 * every handler receives (IpcContext). Its own module so that ipc.ts, which registers the handlers, and the
 * handlers' modules (ipc-jobs.ts, ipc-saves.ts) import it and not each other.
 */
import type { IpcMain } from 'electron';
import type { ComputeSupervisor } from './compute-supervisor.js';
import type { Dialogs } from './dialogs.js';
import type { DropTokens, FileAccess } from './file-access.js';
import type { RecentFiles } from './recent.js';
import type { PrintPdf } from './report-pdf.js';

export interface IpcDeps {
  ipcMain: IpcMain;
  supervisor: ComputeSupervisor;
  dialogs: Dialogs;
  recent: RecentFiles;
  access: FileAccess;
  /** Tokens of dropped files (default: a fresh store). */
  drops?: DropTokens;
  /** The main frame of our window (null when there is none). */
  mainFrame(): Electron.WebFrameMain | null;
  allowedOrigins: readonly string[];
  log?(message: string): void;
  /** Prints the HTML report to PDF (report-pdf.ts); without it, a PDF is refused. */
  printPdf?: PrintPdf;
}

/** What every handler is given: the deps, defaults filled in. */
export interface IpcContext extends IpcDeps {
  drops: DropTokens;
  log(message: string): void;
}
