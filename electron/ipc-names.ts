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
  /** invoke: save dialog + write a chart image → { savedAs } | null. */
  saveImage: 'skfr:save-image',
  /** invoke: the recent files list → string[]. */
  recentFiles: 'skfr:recent-files',
  /** invoke: a file dropped on the window (path from webUtils.getPathForFile in the preload) → path | null. */
  droppedFile: 'skfr:dropped-file',
} as const;

/** Main → renderer events. */
export const IPC_EVENTS = {
  /** A HostMessage (progress / response) for a job the renderer started. */
  jobEvent: 'skfr:job-event',
  /** A MenuCommand chosen in the application menu. */
  menu: 'skfr:menu',
  /** ErrorInfo: the compute process crashed (it is restarted). */
  computeError: 'skfr:compute-error',
} as const;

