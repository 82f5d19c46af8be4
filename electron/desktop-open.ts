/**
 * Files opened from the desktop (issue 15 item 6): a path on the command line (Windows/Linux file associations
 * start `SKFR Studio.exe "C:\data\x.csv"`, Linux desktop files pass `%U`, i.e. file:// URLs), the command line of
 * a second instance (Electron's `second-instance` event, delivered to the first one), and macOS's `open-file`.
 * Plain functions over strings and an injected file check, so tests need no Electron.
 *
 * Only existing regular files with a data extension are taken (DATA_EXTENSIONS); flags (`--no-sandbox`,
 * `--inspect=0`, Chromium's `--original-process-start-time=…`, macOS's `-psn_…`) and the executable are skipped,
 * and so is the app folder when Electron runs an unpackaged app (`electron .`: process.defaultApp). The app
 * opens one file at a time: the first of a command line, the latest request otherwise (DesktopOpens).
 * Paths from these sources were chosen by the user (they double-clicked or dropped the file, or typed it):
 * main allows them in file-access.ts like a path from the Open dialog.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Extensions the app opens from the desktop (lower case). `.txt`: MaxQuant's proteinGroups.txt and the like;
 * `.skfr`: a saved analysis (issue 16).
 */
export const DATA_EXTENSIONS = ['.csv', '.tsv', '.txt', '.xlsx', '.xls', '.skfr'] as const;

/** Extensions registered with the operating system (electron-builder.yml fileAssociations): not every .txt file. */
export const ASSOCIATED_EXTENSIONS = ['csv', 'tsv', 'xlsx', 'xls'] as const;

export function hasDataExtension(path: string): boolean {
  const lower = path.toLowerCase();
  return DATA_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length);
}

/** `file:///Users/a/x.csv` → `/Users/a/x.csv` (as a Linux desktop's %U passes it); other strings unchanged; null for other URLs. */
export function argToPath(arg: string): string | null {
  if (/^file:\/\//i.test(arg)) {
    try {
      return fileURLToPath(arg);
    } catch {
      return null;
    }
  }
  // a URL of another scheme (`https://…`), but not a Windows drive (`C:\…`, `C:/…`)
  if (/^[a-z][a-z0-9+.-]+:/i.test(arg) && !/^[a-z]:[\\/]/i.test(arg)) return null;
  return arg;
}

export interface ArgvOptions {
  /** Folder the command was started in, for relative paths (process.cwd(), or the second instance's). */
  cwd: string;
  /** True when Electron runs an unpackaged app (`electron <app folder> …`): the first argument is the app. */
  defaultApp: boolean;
  /** True for an existing regular file (following symlinks). */
  isFile(path: string): boolean;
}

/**
 * The data files named on a command line (`argv` as process.argv gives it: executable first), as absolute paths.
 * @example filesFromArgv(['/opt/SKFR Studio/skfr-studio', '--no-sandbox', 'file:///Users/a/x.csv'], { cwd: '/Users/a', defaultApp: false, isFile })
 *   // → ['/Users/a/x.csv']
 */
export function filesFromArgv(argv: readonly string[], options: ArgvOptions): string[] {
  const out: string[] = [];
  let appPathSkipped = !options.defaultApp;
  for (const arg of argv.slice(1)) {
    if (arg === '' || arg.startsWith('-')) continue; // switches (Chromium may move them anywhere)
    if (!appPathSkipped) {
      appPathSkipped = true; // `electron . file.csv`: "." is the app
      continue;
    }
    const path = argToPath(arg);
    if (path === null || !hasDataExtension(path)) continue;
    const absolute = isAbsolute(path) ? resolve(path) : resolve(options.cwd, path);
    if (!out.includes(absolute) && options.isFile(absolute)) out.push(absolute);
  }
  return out;
}

/**
 * What a first instance should open for a second one (`second-instance` event): the paths the second instance
 * sent as additionalData (it parsed its own command line, in its own folder — Electron may reorder or add to the
 * argv it forwards, electron/electron#20322), checked again here; otherwise its argv, read in its working
 * directory.
 */
export function filesFromSecondInstance(argv: readonly string[], workingDirectory: string, additionalData: unknown, options: Omit<ArgvOptions, 'cwd'>): string[] {
  const sent = (additionalData as { files?: unknown } | null | undefined)?.files;
  if (Array.isArray(sent) && sent.every((p) => typeof p === 'string')) {
    return [...new Set(sent as string[])].filter((p) => isAbsolute(p) && hasDataExtension(p) && options.isFile(p)).slice(0, 16);
  }
  return filesFromArgv(argv, { ...options, cwd: workingDirectory });
}

/** macOS `open-file`: the path Finder (or the Dock) gives, when it is a data file. */
export function fileFromOpenFile(path: string, isFile: (path: string) => boolean): string | null {
  return isAbsolute(path) && hasDataExtension(path) && isFile(path) ? resolve(path) : null;
}

/**
 * Holds the file the desktop asked to open until a window can take it, then hands it over once. Requests may
 * come before the app is ready (command line, macOS `open-file` at launch) or while no window is loaded; the
 * latest request wins (the app shows one dataset).
 * @example
 *   const opens = createDesktopOpens();
 *   opens.request(['/a/x.csv']);                       // before the window exists: kept
 *   opens.deliverTo((path) => window.send(path));      // the window has loaded: x.csv delivered now
 */
export interface DesktopOpens {
  /** Ask to open the first of `paths` (nothing happens for an empty list). */
  request(paths: readonly string[]): void;
  /** Where to deliver from now on (a loaded window); a pending request is delivered at once. null: hold requests. */
  deliverTo(deliver: ((path: string) => void) | null): void;
  /** The request still waiting for a window, if any. */
  readonly pending: string | null;
}

export function createDesktopOpens(): DesktopOpens {
  let pending: string | null = null;
  let target: ((path: string) => void) | null = null;
  const flush = () => {
    if (pending !== null && target) {
      const path = pending;
      pending = null;
      target(path);
    }
  };
  return {
    request(paths) {
      if (paths.length === 0) return;
      pending = paths[0]!;
      flush();
    },
    deliverTo(deliver) {
      target = deliver;
      flush();
    },
    get pending() {
      return pending;
    },
  };
}
