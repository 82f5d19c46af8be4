/**
 * The invoke handlers that write a file the user chose in a save dialog: an export (CSV, XLSX, HTML, or the
 * report as PDF), a saved analysis (.skfr) and a chart image. Each answers `{ savedAs }`, null when the dialog
 * was cancelled, or `{ error }` with one sentence; every file is written atomically (node/files.ts).
 */
import { dirname, isAbsolute, relative, sep } from 'node:path';
import { SkfrError, toErrorInfo, type ErrorInfo } from '../core/errors.js';
import { parseSessionFile, sessionText, type SessionFile } from '../core/jobs/session-file.js';
import { writeFileAtomic } from '../node/files.js';
import { decodeDataUrl, EXPORT_FILTERS, IMAGE_FILTERS, SESSION_FILTERS } from './dialogs.js';
import type { IPC, Payload } from './ipc-channels.js';
import type { IpcContext } from './ipc-context.js';

type Saved = { savedAs: string } | { error: ErrorInfo } | null;

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

/** A failed write as `{ error }`: the writer's own sentence, else `fallback` with the error's detail. */
function writeError(error: unknown, fallback: (detail: string) => string): { error: ErrorInfo } {
  if (error instanceof SkfrError) return { error: toErrorInfo(error) };
  const detail = error instanceof Error ? error.message : String(error);
  return { error: { code: 'write-failed', message: fallback(detail) } };
}

/** 'skfr:save-export': the save dialog, then the compute process writes the export there. */
export async function saveExport(ctx: IpcContext, [{ fitId, what, format, suggestedName }]: Payload<typeof IPC.saveExport>): Promise<Saved> {
  if (format === 'pdf') return savePdf(ctx, fitId, what, suggestedName);
  const path = await ctx.dialogs.chooseSavePath(suggestedName, EXPORT_FILTERS[format], format);
  if (!path) return null;
  const response = await ctx.supervisor.run({ type: 'export', fitId, what, format, path }).response;
  return response.ok ? { savedAs: path } : { error: response.error };
}

/** The report as a PDF: the compute process makes the HTML page, a hidden window prints it, the file is written atomically. */
async function savePdf(ctx: IpcContext, fitId: string, what: string, suggestedName: string): Promise<Saved> {
  if (what !== 'report') return { error: { code: 'invalid-option', message: 'Only the report is saved as PDF; save the samples or the feature list as CSV or XLSX.' } };
  if (!ctx.printPdf) return { error: { code: 'invalid-option', message: 'This window cannot print PDF files; save the report as HTML and print it from a browser.' } };
  const path = await ctx.dialogs.chooseSavePath(suggestedName, EXPORT_FILTERS.pdf, 'pdf');
  if (!path) return null;
  const response = await ctx.supervisor.run({ type: 'export', fitId, what: 'report', format: 'html' }).response;
  if (!response.ok) return { error: response.error };
  const html = (response.result as { bytes: Uint8Array | null }).bytes;
  try {
    if (!html) throw new Error('the report came back empty');
    await writeFileAtomic(path, await ctx.printPdf(html));
  } catch (error) {
    return writeError(error, (detail) => `Could not save the report as PDF at “${path}” (${detail}). Choose another folder or name, or save it as HTML.`);
  }
  return { savedAs: path };
}

/** 'skfr:save-session' (issue 16): checked as a session file, its input's path recorded relative to where it goes. */
export async function saveSession(ctx: IpcContext, [{ text, suggestedName }]: Payload<typeof IPC.saveSession>): Promise<Saved> {
  const session = parseSessionFile(text);
  if (session instanceof SkfrError) return { error: toErrorInfo(session) };
  const path = await ctx.dialogs.chooseSavePath(suggestedName, SESSION_FILTERS, 'skfr');
  if (!path) return null;
  try {
    await writeFileAtomic(path, new TextEncoder().encode(sessionText(withInputBeside(session, path))));
  } catch (error) {
    return writeError(error, (detail) => `Could not write “${path}” (${detail}). Choose another folder or name.`);
  }
  ctx.access.allow(path);
  void ctx.recent.add(path);
  return { savedAs: path };
}

/** 'skfr:save-image': a chart as PNG or SVG (a data URL the page made). A failed write rejects the invoke. */
export async function saveImage(ctx: IpcContext, [{ dataUrl, suggestedName }]: Payload<typeof IPC.saveImage>): Promise<{ savedAs: string } | null> {
  const { ext, bytes } = decodeDataUrl(dataUrl);
  const path = await ctx.dialogs.chooseSavePath(suggestedName, IMAGE_FILTERS[ext], ext);
  if (!path) return null;
  await writeFileAtomic(path, bytes);
  return { savedAs: path };
}
