/**
 * Open whatever file the user chose, by the Open button, a recent file, the menu or a drop: a saved analysis
 * (.skfr) reopens its results (stores/session.ts), anything else is read as a table (stores/dataset.ts).
 * Here, above both stores, so that the dataset store never imports the session store, which stands on it.
 * @example await openPath('/data/mice.skfr') // the session store shows the saved results
 */
import { isSessionName } from '../../../core/jobs/session-file';
import { fileNameOf, sourceOf } from '../bridge/file-source';
import { useDatasetStore } from './dataset';
import { useSessionStore } from './session';

export async function openFile(file: File): Promise<boolean> {
  if (isSessionName(file.name)) return useSessionStore().open(await sourceOf(file), file.name);
  return useDatasetStore().openFile(file);
}

export function openPath(path: string): Promise<boolean> {
  if (isSessionName(path)) return useSessionStore().open({ kind: 'path', path }, fileNameOf(path));
  return useDatasetStore().openPath(path);
}
