/**
 * Native open/save dialogs, and writing chart images. The Electron `dialog` module is passed in, so
 * this file imports Electron only for types (tests import it; e2e tests stub dialog methods in main).
 */
import { extname, join } from 'node:path';
import type { BrowserWindow, Dialog, FileFilter } from 'electron';
import type { SaveFormat } from '../core/jobs/types.js';

/** The Open dialog's filters: every type the app opens (desktop-open.ts DATA_EXTENSIONS; .txt: MaxQuant's proteinGroups.txt; .skfr: a saved analysis). */
export const OPEN_FILTERS: FileFilter[] = [
  { name: 'Tables and saved analyses (Excel, CSV, TSV, TXT, SKFR)', extensions: ['xlsx', 'xls', 'csv', 'tsv', 'txt', 'skfr'] },
  { name: 'Saved analyses (SKFR)', extensions: ['skfr'] },
  { name: 'All files', extensions: ['*'] },
];

/** The save dialog's filter for a saved analysis (issue 16). */
export const SESSION_FILTERS: FileFilter[] = [{ name: 'SKFR Studio analysis', extensions: ['skfr'] }];

export const EXPORT_FILTERS: Record<SaveFormat, FileFilter[]> = {
  csv: [{ name: 'CSV', extensions: ['csv'] }],
  xlsx: [{ name: 'Excel workbook', extensions: ['xlsx'] }],
  html: [{ name: 'Web page (HTML report)', extensions: ['html'] }],
  pdf: [{ name: 'PDF document', extensions: ['pdf'] }],
};

export const IMAGE_FILTERS: Record<'png' | 'svg', FileFilter[]> = {
  png: [{ name: 'PNG image', extensions: ['png'] }],
  svg: [{ name: 'SVG image', extensions: ['svg'] }],
};

/** Adds the extension when the user typed a name without it: withExtension('/a/out', 'csv') === '/a/out.csv'. */
export function withExtension(path: string, ext: string): string {
  return extname(path).toLowerCase() === `.${ext}` ? path : `${path}.${ext}`;
}

/** Decodes a PNG or SVG data URL: { ext, bytes }. */
export function decodeDataUrl(dataUrl: string): { ext: 'png' | 'svg'; bytes: Uint8Array } {
  const comma = dataUrl.indexOf(',');
  const header = dataUrl.slice(0, comma);
  const body = dataUrl.slice(comma + 1);
  const ext = header.startsWith('data:image/png') ? 'png' : 'svg';
  const bytes = header.endsWith(';base64') ? Buffer.from(body, 'base64') : Buffer.from(decodeURIComponent(body), 'utf8');
  return { ext, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

export interface Dialogs {
  chooseFile(): Promise<string | null>;
  chooseSavePath(suggestedName: string, filters: FileFilter[], ext: string): Promise<string | null>;
}

/**
 * @param defaultDir the folder save dialogs start in (the last folder used, else Documents).
 */
export function createDialogs(dialog: Dialog, getWindow: () => BrowserWindow | null, defaultDir: () => string): Dialogs & { lastDir: () => string } {
  let lastDir: string | null = null;
  return {
    lastDir: () => lastDir ?? defaultDir(),
    async chooseFile() {
      const win = getWindow();
      const options = { title: 'Open a table', properties: ['openFile' as const], filters: OPEN_FILTERS };
      const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return result.canceled || result.filePaths.length === 0 ? null : result.filePaths[0]!;
    },
    async chooseSavePath(suggestedName, filters, ext) {
      const win = getWindow();
      const options = { title: 'Save', defaultPath: join(lastDir ?? defaultDir(), suggestedName), filters, properties: ['createDirectory' as const, 'showOverwriteConfirmation' as const] };
      const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
      if (result.canceled || !result.filePath) return null;
      const path = withExtension(result.filePath, ext);
      lastDir = join(path, '..');
      return path;
    },
  };
}
