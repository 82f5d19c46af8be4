/**
 * The preload (sandboxed, bundled to one CommonJS file: out/preload/preload.cjs): exposes exactly one
 * object, `window.skfr` (SkfrApi), through contextBridge. The page never sees ipcRenderer or Node; it never
 * sends a path for main to allow either: dropped files' paths go from here to main as they are dropped.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createElectronApi } from './preload-api.js';

// `window` here is the preload's view of the page's window: its drop and change events are the page's, and
// `isTrusted` tells the user's from a script's (preload-api.ts).
contextBridge.exposeInMainWorld('skfr', createElectronApi(ipcRenderer, (file: File) => webUtils.getPathForFile(file), window));
