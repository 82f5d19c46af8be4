/**
 * IPC handlers of the main process. Every message is checked twice before anything happens:
 * the sender must be our window's main frame showing our origin (isTrustedSender), and the payload must
 * match its channel's schema (validatePayload; job requests also through core/jobs/schema and the
 * file-access policy). A rejected invoke throws a clear error to the caller; a rejected job is answered
 * with a 'rejected' message carrying one sentence (ipc-jobs.ts). Nothing changes in either case.
 *
 * One handler per channel: HANDLERS maps each invoke channel to its function (the saves are in ipc-saves.ts),
 * and the one send channel, 'skfr:job', goes to the job relay (ipc-jobs.ts).
 */
import type { IpcMainEvent, IpcMainInvokeEvent } from 'electron';
import { SkfrError } from '../core/errors.js';
import { createDropTokens } from './file-access.js';
import { IPC, isTrustedSender, validatePayload, type Channel, type Payload } from './ipc-channels.js';
import type { IpcContext, IpcDeps } from './ipc-context.js';
import { createJobRelay } from './ipc-jobs.js';
import { saveExport, saveImage, saveSession } from './ipc-saves.js';

export { withInputBeside } from './ipc-saves.js';
export type { IpcContext, IpcDeps } from './ipc-context.js';

type InvokeChannel = Exclude<Channel, typeof IPC.job>;
type Handler<C extends InvokeChannel> = (ctx: IpcContext, payload: Payload<C>, event: IpcMainInvokeEvent) => Promise<unknown>;

/** 'skfr:open-dialog': the native Open dialog; the file chosen may be opened by path. */
async function openDialog(ctx: IpcContext): Promise<string | null> {
  const path = await ctx.dialogs.chooseFile();
  if (path) ctx.access.allow(path);
  return path;
}

/** 'skfr:recent-files'. */
async function recentFiles(ctx: IpcContext): Promise<string[]> {
  return ctx.recent.list();
}

// A dropped file: the preload reports the paths of a trusted drop as it happens (tokens minted here, bound to
// this window), and the page gets a path only by redeeming its file's token, once (file-access.ts).

/** 'skfr:files-chosen' (preload only): one one-time token per dropped path. */
async function filesChosen(ctx: IpcContext, [{ paths }]: Payload<typeof IPC.filesChosen>, event: IpcMainInvokeEvent): Promise<string[]> {
  return ctx.drops.mint(paths, event.sender.id);
}

/** 'skfr:dropped-file': a token redeemed for its path, which may then be opened. */
async function droppedFile(ctx: IpcContext, [{ token }]: Payload<typeof IPC.droppedFile>, event: IpcMainInvokeEvent): Promise<string> {
  const path = ctx.drops.redeem(token, event.sender.id);
  if (path === null) {
    throw new SkfrError(
      'invalid-request',
      'That file was not dropped on this window (or its drop is over a minute old): drop it again, or open it with Open….',
    );
  }
  ctx.access.allow(path);
  return path;
}

const HANDLERS: { [C in InvokeChannel]: Handler<C> } = {
  [IPC.openDialog]: openDialog,
  [IPC.recentFiles]: recentFiles,
  [IPC.filesChosen]: filesChosen,
  [IPC.droppedFile]: droppedFile,
  [IPC.saveExport]: saveExport,
  [IPC.saveSession]: saveSession,
  [IPC.saveImage]: saveImage,
};

export function registerIpc(deps: IpcDeps): () => void {
  const ctx: IpcContext = { ...deps, drops: deps.drops ?? createDropTokens(), log: deps.log ?? ((m: string) => console.warn(m)) };
  const { ipcMain } = ctx;
  const trusted = (event: IpcMainEvent | IpcMainInvokeEvent) => isTrustedSender(event.senderFrame, deps.mainFrame(), deps.allowedOrigins);

  const jobs = createJobRelay(ctx);
  ipcMain.on(IPC.job, (event, ...args: unknown[]) => {
    if (!trusted(event)) {
      ctx.log(`IPC ${IPC.job} refused: untrusted sender ${event.senderFrame?.url ?? '(gone)'}`);
      return;
    }
    jobs.receive(event.sender, args);
  });

  function serve<C extends InvokeChannel>(channel: C) {
    const handler: Handler<C> = HANDLERS[channel];
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!trusted(event)) throw new SkfrError('invalid-request', `IPC “${channel}” refused: the sender is not the SKFR Studio window.`);
      return handler(ctx, validatePayload(channel, args), event);
    });
  }
  const channels = Object.keys(HANDLERS) as InvokeChannel[];
  for (const channel of channels) serve(channel);

  return () => {
    ipcMain.removeAllListeners(IPC.job);
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}
