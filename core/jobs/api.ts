/**
 * The one object the renderer talks to: `window.skfr` in Electron (exposed by the preload through
 * contextBridge), or the Web Worker bridge in the browser build. Same type in both.
 */
import type { ErrorInfo } from '../errors.js';
import type { ExportWhat, JobRequest, JobResponse, JobType, Progress, ResultOf, SaveFormat } from './types.js';

export interface RunHandle<T extends JobType> {
  /** Id of the job, for cancel(). */
  readonly jobId: string;
  readonly response: Promise<JobResponse<T>>;
}

export type MenuCommand = 'open' | 'export' | 'example';

export interface SkfrApi {
  readonly platform: 'electron' | 'web';
  /** Start a job; progress arrives through onProgress; the promise never rejects (errors are responses). */
  run<R extends JobRequest>(request: R, onProgress?: (progress: Progress) => void): RunHandle<R['type']>;
  cancel(jobId: string): void;
  /** Electron: native open dialog; resolves the chosen path or null. Web: always null (use a file input). */
  openFileDialog(): Promise<string | null>;
  /**
   * Export through the platform: Electron shows a save dialog and writes atomically (path returned);
   * the browser triggers a download (file name returned). null = the user cancelled. 'pdf' (the report only,
   * Electron only): the HTML report printed by the main process.
   */
  saveExport(fitId: string, what: ExportWhat, format: SaveFormat, suggestedName: string): Promise<{ savedAs: string } | { error: ErrorInfo } | null>;
  /**
   * Issue 16: save an analysis (the `.skfr` text of core/jobs/session-file.ts). Electron: a save dialog, the file
   * checked and written atomically (path returned); the browser: a download (file name returned). null = cancelled.
   */
  saveSession?(text: string, suggestedName: string): Promise<{ savedAs: string } | { error: ErrorInfo } | null>;
  /** Save a chart image (PNG or SVG data URL). */
  saveImage(dataUrl: string, suggestedName: string): Promise<{ savedAs: string } | null>;
  recentFiles(): Promise<string[]>;
  /** Application menu commands (Electron); never fires in the web build. Returns an unsubscribe function. */
  onMenu(listener: (command: MenuCommand) => void): () => void;
  /** The compute process died unexpectedly (it is restarted); returns an unsubscribe function. */
  onComputeError(listener: (error: ErrorInfo) => void): () => void;
  /**
   * Electron only (absent in the web build): a data file the user opened from the desktop (double-click, Open
   * With, the command line), already allowed to be opened by path. While nobody listens here, the Electron API
   * delivers it as the menu command 'open', whose openFileDialog() then resolves to this path without a dialog.
   * Returns an unsubscribe function.
   */
  onOpenPath?(listener: (path: string) => void): () => void;
  /**
   * Electron only (absent in the web build): the path of a File the user dropped on the window or picked in
   * a file input, now allowed to be opened by path (and so added to the recent files); null when the file
   * has no path on disk. Pass a DOM `File`.
   */
  droppedFilePath?(file: { readonly name: string }): Promise<string | null>;
}

export type { ResultOf };
