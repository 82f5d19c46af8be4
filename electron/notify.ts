/**
 * A desktop notification when a fit (or a tuning) ends while the window is not focused (issue 16): "Run
 * finished" with what ran, or "The run stopped" with the reason (not for a cancel, which the user asked for).
 * A click brings the window to the front, where the page's own notice offers "Show results".
 * Electron's Notification is passed in (main.ts passes the real one; tests a fake); without it, or where the
 * system has no notifications (Notification.isSupported()), nothing is shown.
 */
import type { BrowserWindow } from 'electron';
import { runDescription } from '../core/jobs/notice.js';
import type { JobRequest, JobResponse } from '../core/jobs/types.js';
import { focusWindow } from './windows.js';

/** The part of Electron's Notification class used here. */
export interface NotificationCtor {
  new (options: { title: string; body: string }): { show(): void; on(event: 'click', listener: () => void): unknown };
  isSupported(): boolean;
}

export const RUN_FINISHED_TITLE = 'SKFR Studio: run finished';
export const RUN_STOPPED_TITLE = 'SKFR Studio: the run stopped';

/** What to tell about a finished job, or null (not a fit, or cancelled by the user). */
export function runNotice(request: JobRequest, response: JobResponse): { title: string; body: string } | null {
  if (request.type !== 'fit') return null;
  if (response.ok) return { title: RUN_FINISHED_TITLE, body: runDescription(response.result as Parameters<typeof runDescription>[0]) };
  if (response.error.code === 'cancelled') return null;
  return { title: RUN_STOPPED_TITLE, body: response.error.message };
}

/** A listener for the supervisor's finished jobs that notifies when the window is not focused. */
export function createRunNotifier(Notification: NotificationCtor | undefined, window: () => BrowserWindow | null) {
  return (request: JobRequest, response: JobResponse): void => {
    const notice = runNotice(request, response);
    const win = window();
    if (!notice || !Notification || !win || win.isDestroyed() || win.isFocused() || !Notification.isSupported()) return;
    const shown = new Notification(notice);
    shown.on('click', () => focusWindow(win));
    shown.show();
  };
}
