/**
 * Which files the renderer may name by path. Only paths the user chose — in the Open dialog, from the
 * recent files list, or by dropping a file on the window — may be opened, as data ('open') or as a sample
 * table ('design'); exports are written only through the save dialog in main.
 * So a compromised page cannot make the app read or overwrite arbitrary files.
 *
 * Dropped files (DropTokens): the page never hands main a path. The preload watches the window for trusted
 * (user-made) drop events and file-input changes, reads the files' paths with webUtils.getPathForFile and
 * reports them to main at once; main answers with one one-time token per path, bound to that window and
 * valid for a minute. When the page then asks for a dropped File's path, the preload redeems that file's
 * token and main allows the path it recorded — the token, not a path, is all main accepts on
 * 'skfr:dropped-file'. A path the page invents has no token and is refused.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { SkfrError } from '../core/errors.js';
import type { JobRequest } from '../core/jobs/types.js';

export interface FileAccess {
  allow(path: string): void;
  isAllowed(path: string): boolean;
}

export function createFileAccess(initial: readonly string[] = []): FileAccess {
  const allowed = new Set(initial.map((p) => resolve(p)));
  return {
    allow: (path) => void allowed.add(resolve(path)),
    isAllowed: (path) => allowed.has(resolve(path)),
  };
}

/** One-time tokens for the paths of files dropped on (or picked in) a window; see the module comment. */
export interface DropTokens {
  /** Tokens for `paths` (same order), reported by window `owner`'s preload. */
  mint(paths: readonly string[], owner: number): string[];
  /** The path of an unexpired token minted for `owner`, once; null otherwise (unknown, used, expired, other window). */
  redeem(token: string, owner: number): string | null;
}

export interface DropTokenOptions {
  /** How long a token stays valid (default 60 s). */
  ttlMs?: number;
  /** Tokens kept at most, oldest forgotten first (default 64). */
  maxPending?: number;
  now?: () => number;
}

export function createDropTokens(options: DropTokenOptions = {}): DropTokens {
  const ttl = options.ttlMs ?? 60_000;
  const maxPending = options.maxPending ?? 64;
  const now = options.now ?? Date.now;
  const pending = new Map<string, { path: string; owner: number; expires: number }>();
  return {
    mint(paths, owner) {
      const expires = now() + ttl;
      return paths.map((path) => {
        const token = randomBytes(16).toString('hex');
        pending.set(token, { path, owner, expires });
        while (pending.size > maxPending) pending.delete(pending.keys().next().value!);
        return token;
      });
    },
    redeem(token, owner) {
      const entry = pending.get(token);
      if (!entry || entry.owner !== owner) return null;
      pending.delete(token);
      return entry.expires >= now() ? entry.path : null;
    },
  };
}

/** Throws SkfrError('invalid-request') when a request from the window names a file it may not touch. */
export function checkRendererRequest(request: JobRequest, access: FileAccess): void {
  switch (request.type) {
    case 'open':
      if (request.datasetId !== undefined) throw new SkfrError('invalid-request', 'Dataset ids are chosen by the application, not by the window.');
      if (request.source.kind === 'path' && !access.isAllowed(request.source.path)) {
        throw new SkfrError(
          'invalid-request',
          `“${request.source.path}” was not chosen by you: open files with Open…, the recent files list, or by dropping them on the window.`,
        );
      }
      return;
    case 'design':
      // a sample table is read by path only when the user chose it, exactly as a data file is
      if (request.source.kind === 'path' && !access.isAllowed(request.source.path)) {
        throw new SkfrError(
          'invalid-request',
          `“${request.source.path}” was not chosen by you: choose the sample table with Open…, the recent files list, or by dropping it on the window.`,
        );
      }
      return;
    case 'session':
      // a saved analysis is read by path only when the user chose it (its input is then allowed by main: ipc.ts)
      if (request.source.kind === 'path' && !access.isAllowed(request.source.path)) {
        throw new SkfrError(
          'invalid-request',
          `“${request.source.path}” was not chosen by you: open a saved analysis with Open…, the recent files list, or by dropping it on the window.`,
        );
      }
      return;
    case 'restore':
      if (request.fitId !== undefined) throw new SkfrError('invalid-request', 'Fit ids are chosen by the application, not by the window.');
      return;
    case 'export':
      if (request.path !== undefined) throw new SkfrError('invalid-request', 'Exports are saved through Export… (the save dialog), not to a path named by the window.');
      return;
    case 'fit':
      if (request.fitId !== undefined) throw new SkfrError('invalid-request', 'Fit ids are chosen by the application, not by the window.');
      return;
    case 'sheet':
    case 'map':
    case 'evaluate':
    case 'preview':
    case 'rows':
    case 'close':
      return;
  }
}
