/**
 * The recent files list: JSON in the user-data folder (e.g. ~/.config/SKFR Studio/recent-files.json),
 * most recent first, at most 10, written atomically. A missing or damaged file is an empty list.
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../node/files.js';

export interface RecentFiles {
  list(): string[];
  add(path: string): Promise<void>;
}

export const MAX_RECENT = 10;

export async function loadRecentFiles(file: string, max = MAX_RECENT): Promise<RecentFiles> {
  let paths: string[] = [];
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (Array.isArray(parsed)) paths = parsed.filter((p): p is string => typeof p === 'string' && p.length > 0).slice(0, max);
  } catch {
    paths = [];
  }
  let writing: Promise<void> = Promise.resolve();
  return {
    list: () => [...paths],
    add(path) {
      paths = [path, ...paths.filter((p) => p !== path)].slice(0, max);
      const bytes = new TextEncoder().encode(JSON.stringify(paths, null, 2));
      writing = writing.then(() => writeFileAtomic(file, bytes)).catch(() => undefined);
      return writing;
    },
  };
}
