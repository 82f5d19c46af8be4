/**
 * The security baseline of the window, in one place so tests can assert it:
 * BrowserWindow options, the Content-Security-Policy, and the handlers that deny navigation, new windows,
 * <webview> and permission requests. No runtime import of 'electron' (types only): tests import this file.
 */
import type { BrowserWindowConstructorOptions, Session, WebContents } from 'electron';

/**
 * Strict CSP: only our own files; no inline or eval'd scripts, no inline styles, no remote origins.
 * 'wasm-unsafe-eval' lets our own scripts compile WebAssembly (the table reader's kernels, core/table/kernel),
 * and nothing else: no eval, no new Function, no string timers (CSP Level 3; docs/architecture.md says why).
 * Sent as a response header (app:// protocol handler and session.webRequest) and mirrored in a
 * <meta http-equiv="Content-Security-Policy"> in renderer/index.html.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

/**
 * `npm run dev` only (an unpackaged app showing the electron-vite dev server): the dev server injects component
 * styles as <style> elements, so inline styles are allowed there; scripts stay 'self' only. Never used by a
 * build (main.ts picks it only when ELECTRON_RENDERER_URL is set and the app is not packaged).
 */
export const DEV_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");

/** The privileged scheme the renderer is served from (see app-protocol.ts): app://skfr/index.html. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'skfr';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Splits a policy into directive → sources, e.g. parseCsp("a 'self'; b x") → Map { a → ["'self'"], b → ["x"] }. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The options of every BrowserWindow we create. */
export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'SKFR Studio',
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}

/** Scheme and host of a URL ("app://skfr", "http://localhost:5173"); '' when it does not parse. */
export function originOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return '';
  }
}

/** Adds our CSP to a response's headers (replacing any other CSP header). */
export function withCspHeader(headers: Record<string, string[] | string> | undefined, policy: string = CONTENT_SECURITY_POLICY): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    out[name] = Array.isArray(value) ? value : [value];
  }
  out['Content-Security-Policy'] = [policy];
  return out;
}

/** Session-wide: CSP on every response (DEV_CONTENT_SECURITY_POLICY under `npm run dev` only), every permission request and check denied. */
export function hardenSession(ses: Session, policy: string = CONTENT_SECURITY_POLICY): void {
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCspHeader(details.responseHeaders, policy) });
  });
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
}

/** Per web contents: no navigation away, no new windows, no <webview>. */
export function hardenWebContents(contents: WebContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
