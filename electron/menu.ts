/**
 * The application menu: File (Open…, Export…, Try an example, Quit), Edit, View, Window, Help.
 * Commands go to the window as MenuCommands (the renderer decides what they mean in its current state).
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../core/jobs/api.js';

export interface MenuOptions {
  onCommand(command: MenuCommand): void;
  isMac: boolean;
  isDev: boolean;
}

export function menuTemplate({ onCommand, isMac, isDev }: MenuOptions): MenuItemConstructorOptions[] {
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: () => onCommand('open') },
      { label: 'Export…', accelerator: 'CmdOrCtrl+E', click: () => onCommand('export') },
      { label: 'Try an example', click: () => onCommand('example') },
      { type: 'separator' },
      isMac ? { role: 'close' } : { role: 'quit', label: 'Quit', accelerator: 'CmdOrCtrl+Q' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(isDev ? ([{ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' }] as MenuItemConstructorOptions[]) : []),
    ],
  };
  return [
    ...(isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    file,
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
  ];
}
