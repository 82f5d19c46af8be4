/**
 * The HTML report as a PDF (issue 16): the page is written to a private temporary folder, loaded in a hidden,
 * sandboxed window without JavaScript, in its own in-memory session that refuses every request but the page's own
 * file, and printed with `webContents.printToPDF` (A4, backgrounds, the page's print style sheet). The window and
 * the temporary folder are gone afterwards, whatever happened. Electron is passed in (a BrowserWindow
 * constructor), so tests run it with a fake window.
 *
 * @example const print = createPdfPrinter({ BrowserWindow, tempDir: () => app.getPath('temp') });
 *   const pdf = await print(htmlBytes); // Uint8Array starting with "%PDF-"
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserWindowConstructorOptions, PrintToPDFOptions } from 'electron';
import type { BrowserWindowCtor } from './windows.js';

/** The in-memory session of the printing window (no "persist:": nothing is kept on disk). */
export const PDF_PARTITION = 'skfr-report-pdf';

/** The hidden printing window: sandboxed, no preload, no scripts, its own session. */
export function pdfWindowOptions(): BrowserWindowConstructorOptions {
  return {
    show: false,
    width: 1000,
    height: 1400,
    backgroundColor: '#ffffff',
    webPreferences: {
      partition: PDF_PARTITION,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
      images: true,
    },
  };
}

export const PDF_OPTIONS: PrintToPDFOptions = {
  pageSize: 'A4',
  printBackground: true,
  landscape: false,
  margins: { top: 0.5, bottom: 0.5, left: 0.45, right: 0.45 },
  generateDocumentOutline: true,
};

/** Whether the printing window may load a URL: the page's own file (and its #anchors) or inline data, nothing else. */
export function allowedInPdf(url: string, page: string): boolean {
  return url === page || url.startsWith(`${page}#`) || url.startsWith('data:');
}

export interface PdfPrinterDeps {
  BrowserWindow: BrowserWindowCtor;
  /** The folder for the temporary page (app.getPath('temp')). */
  tempDir(): string;
}

export type PrintPdf = (html: Uint8Array) => Promise<Uint8Array>;

export function createPdfPrinter(deps: PdfPrinterDeps): PrintPdf {
  return async (html) => {
    const dir = await mkdtemp(join(deps.tempDir(), 'skfr-report-'));
    const file = join(dir, 'report.html');
    const page = pathToFileURL(file).href;
    let win: InstanceType<BrowserWindowCtor> | null = null;
    try {
      await writeFile(file, html, { mode: 0o600 });
      win = new deps.BrowserWindow(pdfWindowOptions());
      win.webContents.session.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !allowedInPdf(details.url, page) }));
      await win.loadFile(file);
      const pdf = await win.webContents.printToPDF(PDF_OPTIONS);
      return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } finally {
      if (win && !win.isDestroyed()) win.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  };
}
