/**
 * IPC handlers of the main process. Every message is checked twice before anything happens:
 * the sender must be our window's main frame showing our origin (isTrustedSender), and the payload must
 * match its channel's schema (validatePayload; job requests also through core/jobs/schema and the
 * file-access policy). A rejected invoke throws a clear error to the caller; a rejected job is answered
 * with an 'invalid-request' response. Nothing changes in either case.
 */
import { dirname, isAbsolute, relative, sep } from 'node:path';
import { writeFileAtomic } from '../node/files.js';
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent, WebContents } from 'electron';
import { SkfrError, toErrorInfo, type ErrorInfo } from '../core/errors.js';
import { parseRequest } from '../core/jobs/schema.js';
import type { HostMessage, JobRequest, JobResponse, SessionOpened } from '../core/jobs/types.js';
import type { ComputeSupervisor } from './compute-supervisor.js';
import { decodeDataUrl, EXPORT_FILTERS, IMAGE_FILTERS, SESSION_FILTERS, type Dialogs } from './dialogs.js';
import { parseSessionFile, sessionText, type SessionFile } from '../core/jobs/session-file.js';
import { checkRendererRequest, createDropTokens, type DropTokens, type FileAccess } from './file-access.js';
import { IPC, IPC_EVENTS, isTrustedSender, validatePayload, type Channel } from './ipc-channels.js';
import type { RecentFiles } from './recent.js';
import type { PrintPdf } from './report-pdf.js';

export interface IpcDeps {
  ipcMain: IpcMain;
  supervisor: ComputeSupervisor;
  dialogs: Dialogs;
  recent: RecentFiles;
  access: FileAccess;
  /** Tokens of dropped files (default: a fresh store). */
  drops?: DropTokens;
  /** The main frame of our window (null when there is none). */
  mainFrame(): Electron.WebFrameMain | null;
  allowedOrigins: readonly string[];
  log?(message: string): void;
  /** Prints the HTML report to PDF (report-pdf.ts); without it, a PDF is refused. */
  printPdf?: PrintPdf;
}

/**
 * A session as written at `target`: its input's path relative to the session file's folder ("/"-separated), so
 * the two can move together; the absolute path stays beside it.
 */
export function withInputBeside(session: SessionFile, target: string): SessionFile {
  const absolute = session.input.absolutePath;
  if (absolute === null || !isAbsolute(absolute)) return session;
  const rel = relative(dirname(target), absolute);
  const path = isAbsolute(rel) ? absolute : rel.split(sep).join('/');
  return { ...session, input: { ...session.input, path } };
}

function send(contents: WebContents, channel: string, message: unknown) {
  if (!contents.isDestroyed()) contents.send(channel, message);
}

export function registerIpc(deps: IpcDeps): () => void {
  const { ipcMain, supervisor, dialogs, recent, access } = deps;
  const drops = deps.drops ?? createDropTokens();
  const log = deps.log ?? ((m: string) => console.warn(m));
  /** `${webContentsId}:${rendererJobId}` → supervisor job id, for cancel. */
  const relayed = new Map<string, string>();
  const watched = new Set<number>();

  const trusted = (event: IpcMainEvent | IpcMainInvokeEvent) => isTrustedSender(event.senderFrame, deps.mainFrame(), deps.allowedOrigins);

  function handle<C extends Channel>(channel: C, run: (args: ReturnType<typeof validatePayload<C>>, event: IpcMainInvokeEvent) => Promise<unknown>) {
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!trusted(event)) throw new SkfrError('invalid-request', `IPC “${channel}” refused: the sender is not the SKFR Studio window.`);
      return run(validatePayload(channel, args), event);
    });
  }

  function watch(contents: WebContents) {
    if (watched.has(contents.id)) return;
    watched.add(contents.id);
    const id = contents.id;
    const cancelAll = () => {
      for (const [key, jobId] of relayed) if (key.startsWith(`${id}:`)) supervisor.cancel(jobId);
    };
    contents.once('destroyed', () => {
      cancelAll();
      watched.delete(id);
    });
    contents.on('render-process-gone', cancelAll);
  }

  function onOpened(request: JobRequest, response: JobResponse) {
    if (request.type === 'open' && request.source.kind === 'path' && response.ok) void recent.add(request.source.path);
    // A saved analysis the user opened (issue 16): it joins the recent files, and its input, found at a path the
    // file records, may be opened by the window (only a regular file the compute process found there).
    if (request.type === 'session' && request.source.kind === 'path' && response.ok) {
      void recent.add(request.source.path);
      const { inputPath } = response.result as SessionOpened;
      if (inputPath !== null) access.allow(inputPath);
    }
  }

  ipcMain.on(IPC.job, (event, ...args: unknown[]) => {
    if (!trusted(event)) {
      log(`IPC ${IPC.job} refused: untrusted sender ${event.senderFrame?.url ?? '(gone)'}`);
      return;
    }
    let message;
    try {
      [message] = validatePayload(IPC.job, args);
    } catch (error) {
      log(`IPC ${IPC.job}: ${toErrorInfo(error).message}`);
      return; // no usable job id: nobody to answer
    }
    const contents = event.sender;
    watch(contents);
    const key = `${contents.id}:${message.id}`;
    if (message.kind === 'cancel') {
      const jobId = relayed.get(key);
      if (jobId) supervisor.cancel(jobId);
      return;
    }
    const id = message.id;
    const reply = (m: HostMessage) => send(contents, IPC_EVENTS.jobEvent, m);
    let request: JobRequest;
    try {
      request = parseRequest(message.request);
      checkRendererRequest(request, access);
    } catch (error) {
      const t = (message.request as { type?: unknown } | null)?.type;
      const type = (typeof t === 'string' ? t : 'open') as JobRequest['type'];
      reply({ kind: 'response', id, response: { ok: false, type, error: toErrorInfo(error) } });
      return;
    }
    const handle = supervisor.run(request, (progress) => reply({ kind: 'progress', id, progress }));
    relayed.set(key, handle.jobId);
    void handle.response.then((response) => {
      relayed.delete(key);
      onOpened(request, response);
      reply({ kind: 'response', id, response });
    });
  });

  handle(IPC.openDialog, async () => {
    const path = await dialogs.chooseFile();
    if (path) access.allow(path);
    return path;
  });

  handle(IPC.recentFiles, async () => recent.list());

  // A dropped file: the preload reports the paths of a trusted drop as it happens (tokens minted here, bound to
  // this window), and the page gets a path only by redeeming its file's token, once (file-access.ts).
  handle(IPC.filesChosen, async ([{ paths }], event) => drops.mint(paths, event.sender.id));

  handle(IPC.droppedFile, async ([{ token }], event) => {
    const path = drops.redeem(token, event.sender.id);
    if (path === null) {
      throw new SkfrError(
        'invalid-request',
        'That file was not dropped on this window (or its drop is over a minute old): drop it again, or open it with Open….',
      );
    }
    access.allow(path);
    return path;
  });

  handle(IPC.saveExport, async ([{ fitId, what, format, suggestedName }]): Promise<{ savedAs: string } | { error: ErrorInfo } | null> => {
    if (format === 'pdf') return savePdf(fitId, what, suggestedName);
    const path = await dialogs.chooseSavePath(suggestedName, EXPORT_FILTERS[format], format);
    if (!path) return null;
    const response = await supervisor.run({ type: 'export', fitId, what, format, path }).response;
    return response.ok ? { savedAs: path } : { error: response.error };
  });

  /** The report as a PDF: the compute process makes the HTML page, a hidden window prints it, the file is written atomically. */
  async function savePdf(fitId: string, what: string, suggestedName: string): Promise<{ savedAs: string } | { error: ErrorInfo } | null> {
    if (what !== 'report' || !deps.printPdf) {
      return { error: { code: 'invalid-option', message: what !== 'report' ? 'Only the report is saved as PDF; save the samples or the feature list as CSV or XLSX.' : 'This window cannot print PDF files; save the report as HTML and print it from a browser.' } };
    }
    const path = await dialogs.chooseSavePath(suggestedName, EXPORT_FILTERS.pdf, 'pdf');
    if (!path) return null;
    const response = await supervisor.run({ type: 'export', fitId, what: 'report', format: 'html' }).response;
    if (!response.ok) return { error: response.error };
    const html = (response.result as { bytes: Uint8Array | null }).bytes;
    try {
      if (!html) throw new Error('the report came back empty');
      await writeFileAtomic(path, await deps.printPdf(html));
    } catch (error) {
      if (error instanceof SkfrError) return { error: toErrorInfo(error) };
      const detail = error instanceof Error ? error.message : String(error);
      return { error: { code: 'write-failed', message: `Could not save the report as PDF at “${path}” (${detail}). Choose another folder or name, or save it as HTML.` } };
    }
    return { savedAs: path };
  }

  // A saved analysis (issue 16): checked as a session file, its input's path recorded relative to where it goes.
  handle(IPC.saveSession, async ([{ text, suggestedName }]): Promise<{ savedAs: string } | { error: ErrorInfo } | null> => {
    const session = parseSessionFile(text);
    if (session instanceof SkfrError) return { error: toErrorInfo(session) };
    const path = await dialogs.chooseSavePath(suggestedName, SESSION_FILTERS, 'skfr');
    if (!path) return null;
    try {
      await writeFileAtomic(path, new TextEncoder().encode(sessionText(withInputBeside(session, path))));
    } catch (error) {
      if (error instanceof SkfrError) return { error: toErrorInfo(error) };
      const detail = error instanceof Error ? error.message : String(error);
      return { error: { code: 'write-failed', message: `Could not write “${path}” (${detail}). Choose another folder or name.` } };
    }
    access.allow(path);
    void recent.add(path);
    return { savedAs: path };
  });

  handle(IPC.saveImage, async ([{ dataUrl, suggestedName }]) => {
    const { ext, bytes } = decodeDataUrl(dataUrl);
    const path = await dialogs.chooseSavePath(suggestedName, IMAGE_FILTERS[ext], ext);
    if (!path) return null;
    await writeFileAtomic(path, bytes);
    return { savedAs: path };
  });

  return () => {
    ipcMain.removeAllListeners(IPC.job);
    for (const channel of [IPC.openDialog, IPC.recentFiles, IPC.filesChosen, IPC.droppedFile, IPC.saveExport, IPC.saveSession, IPC.saveImage]) {
      ipcMain.removeHandler(channel);
    }
  };
}
