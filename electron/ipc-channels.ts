/**
 * Every IPC channel between the window and the main process, with the zod schema of its payload.
 * The main process validates each message against this table before acting on it (ipc.ts); unknown
 * channels and malformed payloads are rejected with a clear SkfrError('invalid-request') and change nothing.
 * No runtime import of 'electron': tests import this file.
 */
import { z } from 'zod';
import { SkfrError } from '../core/errors.js';
import { clientMessageSchema, exportFormatSchema, exportWhatSchema, formatIssues } from '../core/jobs/schema.js';
import { SESSION_LIMITS } from '../core/jobs/session-schema.js';

import { IPC } from './ipc-names.js';

export { IPC, IPC_EVENTS } from './ipc-names.js';

export type Channel = (typeof IPC)[keyof typeof IPC];

const noArgs = z.tuple([]);
/** 20 MB is plenty for a chart image as a data URL. */
const MAX_DATA_URL = 20 * 1024 * 1024;
/** Files reported from one drop (the app opens one; a few more are harmless, hundreds are not a drop). */
export const MAX_CHOSEN_FILES = 16;
const suggestedName = z
  .string()
  .min(1)
  .max(255)
  .refine((name) => !/[\\/\0]/.test(name), { message: 'a file name, without folders' });

export const payloadSchemas = {
  [IPC.job]: z.tuple([clientMessageSchema]),
  [IPC.openDialog]: noArgs,
  [IPC.saveExport]: z.tuple([
    z.strictObject({ fitId: z.string().min(1), what: exportWhatSchema, format: z.enum([...exportFormatSchema.options, 'pdf']), suggestedName }),
  ]),
  [IPC.saveImage]: z.tuple([
    z.strictObject({
      dataUrl: z
        .string()
        .max(MAX_DATA_URL)
        .regex(/^data:image\/(png|svg\+xml)(;charset=utf-8)?(;base64)?,/, 'a PNG or SVG data URL'),
      suggestedName,
    }),
  ]),
  [IPC.saveSession]: z.tuple([z.strictObject({ text: z.string().max(SESSION_LIMITS.fileBytes), suggestedName })]),
  [IPC.recentFiles]: noArgs,
  [IPC.filesChosen]: z.tuple([z.strictObject({ paths: z.array(z.string().min(1).max(4096)).min(1).max(MAX_CHOSEN_FILES) })]),
  [IPC.droppedFile]: z.tuple([z.strictObject({ token: z.string().regex(/^[0-9a-f]{32}$/, 'a token from a drop') })]),
} as const satisfies Record<Channel, z.ZodType>;

export type Payload<C extends Channel> = z.infer<(typeof payloadSchemas)[C]>;

const CHANNELS = new Set<string>(Object.values(IPC));

export function isChannel(channel: string): channel is Channel {
  return CHANNELS.has(channel);
}

/**
 * Validates the arguments of an IPC message. Throws SkfrError('invalid-request') for an unknown channel
 * or a malformed payload, naming the field and quoting the value.
 * @example validatePayload('skfr:recent-files', []) // → []
 */
export function validatePayload<C extends Channel>(channel: C, args: unknown[]): Payload<C>;
export function validatePayload(channel: string, args: unknown[]): unknown;
export function validatePayload(channel: string, args: unknown[]): unknown {
  if (!isChannel(channel)) {
    throw new SkfrError('invalid-request', `Unknown IPC channel “${channel}”; allowed: ${[...CHANNELS].join(', ')}.`);
  }
  const parsed = payloadSchemas[channel].safeParse(args);
  if (!parsed.success) throw new SkfrError('invalid-request', formatIssues(`${channel} message`, args, parsed.error.issues));
  return parsed.data;
}

/** What the sender check needs to know of a frame (Electron's WebFrameMain fits). */
export interface FrameLike {
  readonly url: string;
}

/**
 * True when an IPC message comes from our window's main frame, showing our own origin: not from an
 * iframe, not from another window, not after a navigation elsewhere.
 */
export function isTrustedSender(frame: FrameLike | null | undefined, mainFrame: FrameLike | null | undefined, allowedOrigins: readonly string[]): boolean {
  if (!frame || !mainFrame || frame !== mainFrame) return false;
  let u: URL;
  try {
    u = new URL(frame.url);
  } catch {
    return false;
  }
  return allowedOrigins.includes(`${u.protocol}//${u.host}`);
}
