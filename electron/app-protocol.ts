/**
 * The app:// protocol: serves the built renderer (out/renderer) to the window, with our CSP header and
 * the right MIME types. Only files inside the renderer folder can be read; anything else is a 404.
 * Register the scheme as privileged (standard, secure) before the app is ready (main.ts).
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, relative, sep, isAbsolute } from 'node:path';
import { APP_HOST, CONTENT_SECURITY_POLICY } from './security.js';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

/** The file under `root` that an app:// URL names, or null when it points outside (or at another host). */
export function resolveAppPath(root: string, url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
  const rel = relative(root, file);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) return null;
  return file;
}

export function createAppProtocolHandler(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const file = resolveAppPath(root, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  };
}
