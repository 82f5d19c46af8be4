/**
 * The names of every IPC channel (no dependencies: the preload bundles this file; schemas are in ipc-channels.ts).
 */
/** Renderer → main (invoke = request/response, send = one-way). */
export const IPC = {
  /** send: a ClientMessage { kind: 'run' | 'cancel' } for the compute process. */
  job: 'skfr:job',
  /** invoke: show the native Open dialog → path | null. */
  openDialog: 'skfr:open-dialog',
  /** invoke: save dialog + export job written atomically → { savedAs } | { error } | null. */
  saveExport: 'skfr:save-export',
  /** invoke: save dialog (.skfr) + write a saved analysis, its input path made relative to it → { savedAs } | { error } | null. */
  saveSession: 'skfr:save-session',
  /** invoke: save dialog + write a chart image → { savedAs } | null. */
  saveImage: 'skfr:save-image',
  /** invoke: the recent files list → string[]. */
  recentFiles: 'skfr:recent-files',
  /**
   * invoke, preload only: the paths (webUtils.getPathForFile) of the files of a trusted drop or file-input change,
   * reported as it happens → one one-time token per path (electron/file-access.ts DropTokens).
   */
  filesChosen: 'skfr:files-chosen',
  /** invoke: redeem a dropped file's token → its path, now allowed to be opened (refused: unknown token). */
  droppedFile: 'skfr:dropped-file',
} as const;

/** Main → renderer events. */
export const IPC_EVENTS = {
  /** A HostMessage (progress / response / rejected) for a job the renderer started. */
  jobEvent: 'skfr:job-event',
  /** A MenuCommand chosen in the application menu. */
  menu: 'skfr:menu',
  /** ErrorInfo: the compute process crashed (it is restarted). */
  computeError: 'skfr:compute-error',
  /**
   * string: a data file to open, chosen on the desktop (command line, second instance, macOS open-file); main has
   * already allowed it (file-access.ts). Sent once the window has loaded (desktop-open.ts).
   */
  openPath: 'skfr:open-path',
} as const;

