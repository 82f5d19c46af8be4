/**
 * The dev servers (`npm run dev` = electron-vite, `npm run dev:web` = vite) inject component styles as <style>
 * elements, which the strict CSP of renderer/index.html (style-src 'self', no 'unsafe-inline') blocks. So the
 * <meta http-equiv="Content-Security-Policy"> is removed from the page a dev server serves, and only there:
 * `apply: 'serve'` keeps this plugin out of every build, whose index.html carries the policy unchanged.
 *
 * @example stripCspMeta('<meta http-equiv="Content-Security-Policy" content="default-src \'self\'">\n<title>')
 *   // → '<title>'
 */
import type { Plugin } from 'vite';

const CSP_META = /<meta http-equiv="Content-Security-Policy"[^>]*>\s*/i;

export function stripCspMeta(html: string): string {
  return html.replace(CSP_META, '');
}

export function dropCspInDev(): Plugin {
  return {
    name: 'skfr-drop-csp-in-dev',
    apply: 'serve',
    transformIndexHtml: stripCspMeta,
  };
}
