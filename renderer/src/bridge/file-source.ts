/**
 * A file the user picked or dropped, as the DataSource a job reads: Electron gives its path (so it is read there
 * and joins the recent files), the browser its bytes. Shared by the table, the sample table and a saved
 * analysis's data file.
 */
import type { DataSource } from '../../../core/jobs/types';
import { getApi } from './api';

export type FileSource = Extract<DataSource, { kind: 'path' | 'bytes' }>;

/** Electron: the file by its path (when the preload knows it); otherwise its bytes. */
export async function sourceOf(file: File): Promise<FileSource> {
  const path = await getApi().droppedFilePath?.(file);
  if (path) return { kind: 'path', path };
  return { kind: 'bytes', fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** The last part of a path, for either separator: the name a job and the screen show. */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
