/**
 * renderer/index.html carries the same Content-Security-Policy as the Electron shell (electron/security.ts) and
 * needs no exception to it: no inline scripts, styles or style attributes, no remote resources.
 */
import { describe, expect, it } from 'vitest';
import html from '../../renderer/index.html?raw';
import { CONTENT_SECURITY_POLICY, parseCsp } from '../../electron/security';

describe('renderer/index.html', () => {
  it('mirrors the shell’s CSP in a meta tag', () => {
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY);
    const csp = parseCsp(meta![1]!);
    expect(csp.get('script-src')).toEqual(["'self'"]);
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
