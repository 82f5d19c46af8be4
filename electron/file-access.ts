/**
 * Which files the renderer may name by path. Only paths the user chose — in the Open dialog, from the
 * recent files list, or by dropping a file on the window (its path read by the preload with
 * webUtils.getPathForFile) — may be opened, as data ('open') or as a sample table ('design'); exports are written only through the save dialog in main.
 * So a compromised page cannot make the app read or overwrite arbitrary files.
 */
import { resolve } from 'node:path';
import { SkfrError } from '../core/errors.js';
import type { JobRequest } from '../core/jobs/types.js';

export interface FileAccess {
  allow(path: string): void;
  isAllowed(path: string): boolean;
}

export function createFileAccess(initial: readonly string[] = []): FileAccess {
  const allowed = new Set(initial.map((p) => resolve(p)));
  return {
    allow: (path) => void allowed.add(resolve(path)),
    isAllowed: (path) => allowed.has(resolve(path)),
  };
}

/** Throws SkfrError('invalid-request') when a request from the window names a file it may not touch. */
export function checkRendererRequest(request: JobRequest, access: FileAccess): void {
  switch (request.type) {
    case 'open':
      if (request.datasetId !== undefined) throw new SkfrError('invalid-request', 'Dataset ids are chosen by the application, not by the window.');
      if (request.source.kind === 'path' && !access.isAllowed(request.source.path)) {
        throw new SkfrError(
          'invalid-request',
          `“${request.source.path}” was not chosen by you: open files with Open…, the recent files list, or by dropping them on the window.`,
        );
      }
      return;
    case 'design':
      // a sample table is read by path only when the user chose it, exactly as a data file is
      if (request.source.kind === 'path' && !access.isAllowed(request.source.path)) {
        throw new SkfrError(
          'invalid-request',
          `“${request.source.path}” was not chosen by you: choose the sample table with Open…, the recent files list, or by dropping it on the window.`,
        );
      }
      return;
    case 'export':
      if (request.path !== undefined) throw new SkfrError('invalid-request', 'Exports are saved through Export… (the save dialog), not to a path named by the window.');
      return;
    case 'fit':
      if (request.fitId !== undefined) throw new SkfrError('invalid-request', 'Fit ids are chosen by the application, not by the window.');
      return;
    case 'sheet':
    case 'map':
    case 'evaluate':
    case 'rows':
    case 'close':
      return;
  }
}
