/**
 * renderer/index.html carries the same Content-Security-Policy as the Electron shell (electron/security.ts) and
 * needs no exception to it: no inline scripts, styles or style attributes, no remote resources.
 */
import { describe, expect, it } from 'vitest';
import html from '../../renderer/index.html?raw';
import { CONTENT_SECURITY_POLICY, parseCsp } from '../../electron/security';
import { dropCspInDev, stripCspMeta } from '../../build/vite/drop-csp-in-dev';

describe('renderer/index.html', () => {
  it('mirrors the shell’s CSP in a meta tag', () => {
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY);
    const csp = parseCsp(meta![1]!);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
  });

  it('has no inline script or style and loads nothing remote', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(1);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="\.\/src\/main\.ts"/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b/);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });
});

describe('dev servers drop the meta CSP, builds keep it', () => {
  it('strips exactly the CSP meta from the served page', () => {
    const served = stripCspMeta(html);
    expect(served).not.toContain('Content-Security-Policy');
    expect(served).toContain('src="./src/main.ts"');
    expect(html.length - served.length).toBeGreaterThan(CONTENT_SECURITY_POLICY.length);
  });

  it('applies to the dev server only, in both the web and the Electron renderer configs', async () => {
    const plugin = dropCspInDev();
    expect(plugin.apply).toBe('serve');
    const web = (await import('../../vite.web.config')).default as { plugins: { name: string; apply?: unknown }[] };
    expect(web.plugins.flat().map((p) => p.name)).toContain('skfr-drop-csp-in-dev');
    const electron = (await import('../../electron.vite.config')).default as { renderer: { plugins: { name: string; apply?: unknown }[] } };
    const inRenderer = electron.renderer.plugins.flat().filter((p) => p.name === 'skfr-drop-csp-in-dev');
    expect(inRenderer).toHaveLength(1);
    expect(inRenderer[0]!.apply).toBe('serve');
  });
});
