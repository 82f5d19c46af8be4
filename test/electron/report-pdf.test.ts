/**
 * "Save report as PDF" with Electron faked at its boundary (issue 16): the printer loads the page from a private
 * temporary file in a hidden, sandboxed window without scripts, in its own session that refuses every other
 * request, prints it with printToPDF, and leaves neither window nor file behind (also when printing fails); the
 * IPC handler gets the HTML from the compute process, prints it and writes the PDF atomically where the save
 * dialog pointed, and refuses a PDF of anything but the report.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComputeSupervisor } from '../../electron/compute-supervisor.js';
import { createFileAccess } from '../../electron/file-access.js';
import { registerIpc } from '../../electron/ipc.js';
import { IPC, validatePayload } from '../../electron/ipc-channels.js';
import { allowedInPdf, createPdfPrinter, PDF_PARTITION } from '../../electron/report-pdf.js';
import type { JobRequest } from '../../core/jobs/types.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'skfr-pdf-test-'));
  dirs.push(d);
  return d;
}

type Filter = (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void;

/** A fake BrowserWindow: records its options, the file it loaded (and its text), and what the request filter answers. */
function fakeWindow(options: { failPrint?: boolean } = {}) {
  const made: { options: Record<string, unknown>; loaded: string | null; text: string | null; filter: Filter | null; destroyed: boolean; printed: unknown }[] = [];
  class FakeWindow {
    private record: (typeof made)[number];
    webContents: unknown;
    constructor(opts: Record<string, unknown>) {
      this.record = { options: opts, loaded: null, text: null, filter: null, destroyed: false, printed: null };
      made.push(this.record);
      const record = this.record;
      this.webContents = {
        session: { webRequest: { onBeforeRequest: (f: Filter) => void (record.filter = f) } },
        printToPDF: async (o: unknown) => {
          record.printed = o;
          if (options.failPrint) throw new Error('printing failed');
          return Buffer.from('%PDF-1.7 fake');
        },
      };
    }
    async loadFile(path: string) {
      this.record.loaded = path;
      this.record.text = readFileSync(path, 'utf8');
    }
    isDestroyed() {
      return this.record.destroyed;
    }
    destroy() {
      this.record.destroyed = true;
    }
  }
  return { BrowserWindow: FakeWindow as never, made };
}

describe('createPdfPrinter', () => {
  it('prints the page in a hidden sandboxed window without scripts, and cleans up', async () => {
    const temp = tempDir();
    const { BrowserWindow, made } = fakeWindow();
    const print = createPdfPrinter({ BrowserWindow, tempDir: () => temp });
    const pdf = await print(new TextEncoder().encode('<!DOCTYPE html><p>report</p>'));
    expect(new TextDecoder().decode(pdf)).toBe('%PDF-1.7 fake');
    expect(made).toHaveLength(1);
    const [win] = made;
    expect(win!.options).toMatchObject({ show: false, webPreferences: { partition: PDF_PARTITION, sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false } });
    expect((win!.options.webPreferences as Record<string, unknown>).preload).toBeUndefined();
    expect(win!.text).toBe('<!DOCTYPE html><p>report</p>');
    expect(win!.printed).toMatchObject({ pageSize: 'A4', printBackground: true });
    // The request filter lets the page's own file through and nothing else.
    const page = new URL(`file://${win!.loaded}`).href;
    const answer = (url: string) => {
      let cancel: boolean | null = null;
      win!.filter!({ url }, (r) => (cancel = r.cancel));
      return cancel;
    };
    expect(answer(page)).toBe(false);
    expect(answer('https://example.org/track.png')).toBe(true);
    expect(answer('file:///etc/passwd')).toBe(true);
    expect(win!.destroyed).toBe(true);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('closes the window and removes the page when printing fails', async () => {
    const temp = tempDir();
    const { BrowserWindow, made } = fakeWindow({ failPrint: true });
    await expect(createPdfPrinter({ BrowserWindow, tempDir: () => temp })(new Uint8Array([60]))).rejects.toThrow('printing failed');
    expect(made[0]!.destroyed).toBe(true);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('allows the page itself, its anchors and data: URLs only', () => {
    const page = 'file:///var/folders/skfr-report-x/report.html';
    expect(allowedInPdf(page, page)).toBe(true);
    expect(allowedInPdf(`${page}#charts`, page)).toBe(true);
    expect(allowedInPdf('data:image/png;base64,AA', page)).toBe(true);
    expect(allowedInPdf('file:///var/folders/skfr-report-x/other.html', page)).toBe(false);
    expect(allowedInPdf('http://localhost/', page)).toBe(false);
  });
});

describe('IPC: save the report as PDF', () => {
  function setup(printPdf?: (html: Uint8Array) => Promise<Uint8Array>, savePath: string | null = null) {
    const handlers = new Map<string, (...args: unknown[]) => Promise<unknown>>();
    const ipcMain = { on: () => {}, handle: (ch: string, fn: (...args: unknown[]) => Promise<unknown>) => handlers.set(ch, fn), removeAllListeners: () => {}, removeHandler: () => {} };
    const runs: JobRequest[] = [];
    const supervisor = {
      run: (request: JobRequest) => {
        runs.push(request);
        return { jobId: 'c1', response: Promise.resolve({ ok: true, type: 'export', result: { fileName: 'x.html', path: null, bytes: new TextEncoder().encode('<html>r</html>'), mimeType: 'text/html' } }) };
      },
      cancel: () => {},
      onCrash: () => () => {},
    } as unknown as ComputeSupervisor;
    const mainFrame = { url: 'app://skfr/index.html' };
    const asked: string[] = [];
    registerIpc({
      ipcMain: ipcMain as never,
      supervisor,
      dialogs: { chooseFile: async () => null, chooseSavePath: async (_name, _filters, ext) => (asked.push(ext), savePath) },
      recent: { list: () => [], add: async () => {} },
      access: createFileAccess(),
      mainFrame: () => mainFrame as never,
      allowedOrigins: ['app://skfr'],
      log: () => {},
      ...(printPdf ? { printPdf } : {}),
    });
    const save = (payload: object) => handlers.get(IPC.saveExport)!({ senderFrame: mainFrame, sender: { id: 1 } }, payload);
    return { save, runs, asked };
  }

  it('asks where, has the compute process make the HTML, prints it and writes the PDF there', async () => {
    const target = join(tempDir(), 'mice-report.pdf');
    const printed: string[] = [];
    const { save, runs, asked } = setup(async (html) => (printed.push(new TextDecoder().decode(html)), new TextEncoder().encode('%PDF-fake')), target);
    await expect(save({ fitId: 'f1', what: 'report', format: 'pdf', suggestedName: 'mice-report.pdf' })).resolves.toEqual({ savedAs: target });
    expect(asked).toEqual(['pdf']);
    expect(runs).toEqual([{ type: 'export', fitId: 'f1', what: 'report', format: 'html' }]);
    expect(printed).toEqual(['<html>r</html>']);
    expect(readFileSync(target, 'utf8')).toBe('%PDF-fake');
  });

  it('writes nothing when the user cancels, and refuses a PDF of the samples or without a printer', async () => {
    const cancelled = setup(async () => new Uint8Array(), null);
    await expect(cancelled.save({ fitId: 'f1', what: 'report', format: 'pdf', suggestedName: 'r.pdf' })).resolves.toBeNull();
    expect(cancelled.runs).toEqual([]);
    const samples = setup(async () => new Uint8Array(), '/Users/me/Results/x.pdf');
    const refused = (await samples.save({ fitId: 'f1', what: 'samples', format: 'pdf', suggestedName: 's.pdf' })) as { error: { message: string } };
    expect(refused.error.message).toContain('Only the report');
    expect(samples.runs).toEqual([]);
    const none = setup(undefined, '/Users/me/Results/x.pdf');
    expect(((await none.save({ fitId: 'f1', what: 'report', format: 'pdf', suggestedName: 'r.pdf' })) as { error: { message: string } }).error.message).toContain('as HTML');
  });

  it('the channel accepts html and pdf, nothing else', () => {
    expect(validatePayload(IPC.saveExport, [{ fitId: 'f1', what: 'report', format: 'html', suggestedName: 'r.html' }])).toHaveLength(1);
    expect(validatePayload(IPC.saveExport, [{ fitId: 'f1', what: 'report', format: 'pdf', suggestedName: 'r.pdf' }])).toHaveLength(1);
    expect(() => validatePayload(IPC.saveExport, [{ fitId: 'f1', what: 'report', format: 'docx', suggestedName: 'r.docx' }])).toThrow(/format/);
  });
});

// The module imports no Electron at run time (types only), so this file runs without a binary.
it('report-pdf.ts imports Electron for types only', () => {
  const source = readFileSync(fileURLToPath(new URL('../../electron/report-pdf.ts', import.meta.url)), 'utf8');
  expect(source).not.toMatch(/^import (?!type)[^;]*from 'electron'/m);
  expect(existsSync(fileURLToPath(new URL('../../electron/report-pdf.ts', import.meta.url)))).toBe(true);
});
