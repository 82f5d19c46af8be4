/**
 * The one application window: created from windowOptions() (security.ts), hardened, shown when ready.
 */
import type { BrowserWindow as BrowserWindowType, BrowserWindowConstructorOptions } from 'electron';
import { hardenWebContents, windowOptions } from './security.js';

export type BrowserWindowCtor = new (options: BrowserWindowConstructorOptions) => BrowserWindowType;

export function createMainWindow(BrowserWindow: BrowserWindowCtor, preloadPath: string, url: string): BrowserWindowType {
  const win = new BrowserWindow(windowOptions(preloadPath));
  hardenWebContents(win.webContents);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(url);
  return win;
}

/** Brings the window to the front (second instance started, or macOS dock click). */
export function focusWindow(win: BrowserWindowType | null): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
