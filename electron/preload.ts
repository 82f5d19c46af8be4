/**
 * The preload (sandboxed, bundled to one CommonJS file: out/preload/preload.cjs): exposes exactly one
 * object, `window.skfr` (SkfrApi), through contextBridge. The page never sees ipcRenderer or Node.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createElectronApi } from './preload-api.js';

contextBridge.exposeInMainWorld('skfr', createElectronApi(ipcRenderer, (file: File) => webUtils.getPathForFile(file)));
