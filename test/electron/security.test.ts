// The window's security baseline: BrowserWindow options, the CSP (parsed, not string-matched), the CSP header
// rewrite, and the deny-everything handlers, checked on fakes of Electron's objects (no Electron binary needed).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  DEV_CONTENT_SECURITY_POLICY,
  hardenSession,
  hardenWebContents,
  parseCsp,
  windowOptions,
  withCspHeader,
} from '../../electron/security.js';

describe('BrowserWindow options', () => {
  it('isolate the page: contextIsolation, sandbox, no Node, web security, no webview', () => {
    const options = windowOptions('/app/out/preload/preload.cjs');
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe('Content-Security-Policy', () => {
  const csp = parseCsp(CONTENT_SECURITY_POLICY);
  const keywords = new Set(["'self'", "'none'", 'data:', 'blob:']);

  it('allows scripts only from our own files: no inline, no eval, no remote origins; WebAssembly compiled by them', () => {
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // 'wasm-unsafe-eval' (CSP 3) allows WebAssembly.Module / instantiate only: the reader's kernels (issue 28).
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    for (const [directive, sources] of csp) {
      for (const source of sources) {
        if (directive === 'script-src' && source === "'wasm-unsafe-eval'") continue;
        expect(source, `${directive} ${source}`).not.toMatch(/unsafe-|nonce-|sha\d+-|\*/);
        expect(keywords.has(source), `${directive} allows ${source}, which is not one of our own sources`).toBe(true);
      }
    }
  });

  it('allows data: and blob: only for images and fonts', () => {
    for (const [directive, sources] of csp) {
      if (directive === 'img-src' || directive === 'font-src') continue;
      expect(sources.filter((s) => s === 'data:' || s === 'blob:'), directive).toEqual([]);
    }
  });

  it('is mirrored exactly in the renderer’s <meta http-equiv> (when the renderer has its index.html)', () => {
    let html: string;
    try {
      html = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    } catch {
      return;
    }
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i); // no inline script
  });

  it('relaxes only style-src, and only in the dev policy', () => {
    const prod = parseCsp(CONTENT_SECURITY_POLICY);
    const dev = parseCsp(DEV_CONTENT_SECURITY_POLICY);
    expect(dev.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(dev.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    for (const [name, sources] of prod) if (name !== 'style-src') expect(dev.get(name), name).toEqual(sources);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  });

  it('replaces any CSP header of a response with ours', () => {
    const headers = withCspHeader({ 'content-security-policy': ["default-src *"], 'Content-Type': 'text/html' });
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });
});

describe('session and web contents hardening', () => {
  it('adds the CSP to every response and denies every permission', () => {
    let onHeaders: ((details: { responseHeaders?: Record<string, string[]> }, cb: (r: unknown) => void) => void) | undefined;
    let onRequest: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | undefined;
    let onCheck: (() => boolean) | undefined;
    const ses = {
      webRequest: { onHeadersReceived: (l: typeof onHeaders) => (onHeaders = l) },
      setPermissionRequestHandler: (h: typeof onRequest) => (onRequest = h),
      setPermissionCheckHandler: (h: typeof onCheck) => (onCheck = h),
    };
    hardenSession(ses as never);
    let headersOut: unknown;
    onHeaders!({ responseHeaders: { Server: ['x'] } }, (r) => (headersOut = r));
    expect(headersOut).toEqual({ responseHeaders: { Server: ['x'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
    const granted: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal']) onRequest!({}, permission, (g) => granted.push(g));
    expect(granted).toEqual([false, false, false, false]);
    expect(onCheck!()).toBe(false);
  });

  it('denies window.open, navigation, redirects and <webview>', () => {
    const handlers = new Map<string, (event: { preventDefault(): void }) => void>();
    let openHandler: (() => { action: string }) | undefined;
    const contents = {
      setWindowOpenHandler: (h: typeof openHandler) => (openHandler = h),
      on: (name: string, h: (event: { preventDefault(): void }) => void) => handlers.set(name, h),
    };
    hardenWebContents(contents as never);
    expect(openHandler!()).toEqual({ action: 'deny' });
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      let prevented = false;
      handlers.get(name)!({ preventDefault: () => (prevented = true) });
      expect(prevented, name).toBe(true);
    }
  });
});
