/**
 * The Electron main process entry (bundled to out/main/main.js, package.json "main"): hands the real Electron
 * modules and this process's command line to runApp (app-main.ts), where everything happens.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, protocol, session, utilityProcess } from 'electron';
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runApp } from './app-main.js';

void runApp(
  { app, BrowserWindow, dialog, ipcMain, Menu, Notification, protocol, session, utilityProcess },
  {
    here: dirname(fileURLToPath(import.meta.url)),
    argv: process.argv,
    cwd: process.cwd(),
    defaultApp: Boolean(process.defaultApp),
    platform: process.platform,
    rendererUrl: process.env['ELECTRON_RENDERER_URL'],
    isFile(path) {
      try {
        return statSync(path).isFile();
      } catch {
        return false;
      }
    },
  },
);
