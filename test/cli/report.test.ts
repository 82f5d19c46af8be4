/**
 * `skfr cluster … --report FILE.html` (issue 16): the HTML report of the mouse run with every section, the
 * selected proteins and the command the run printed; its destination checked before the fit and written with
 * the other outputs, all or none; a name that is not .html refused; and ECharts loaded only for a report (no
 * static import path from the command's entry reaches it, so a run without --report starts as before).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { micePath, repoRoot, skfr, tempDir } from './helpers.js';

const tmp = tempDir('skfr-report-');
afterAll(() => tmp.cleanup());
const at = (name: string) => join(tmp.dir, name);
const MICE = ['--id-column', 'MouseID', '--class-column', 'class', '--annotation-columns', 'Genotype,Treatment,Behavior', '--k', '8', '--s', '24'];
const escapeHtml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

describe('skfr cluster --report', () => {
  it('writes the mouse run’s page with every section, the 24 proteins and the reproduce command', async () => {
    const run = await skfr(['cluster', micePath, ...MICE, '--report', at('mice.html'), '--out', at('mice.xlsx'), '--json']);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as { selectedFeatures: string[]; command: string; labels: number[] };
    const html = readFileSync(at('mice.html'), 'utf8');
    expect(existsSync(at('mice.xlsx'))).toBe(true);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    for (const id of ['input', 'preparation', 'parameters', 'command', 'warnings', 'clusters', 'metrics', 'proteins', 'charts']) expect(html).toContain(`<section id="${id}"`);
    expect(json.selectedFeatures).toHaveLength(24);
    for (const name of json.selectedFeatures) expect(html).toContain(`<td>${name}</td>`);
    expect(html).toContain(`<code>${escapeHtml(json.command)}</code>`);
    // The input as the app names it: SHA-256 and size of the file read.
    const bytes = readFileSync(micePath);
    expect(html).toContain(`${bytes.length.toLocaleString('en-US')} bytes`);
    expect(html).toMatch(/<dt>SHA-256<\/dt><dd>[0-9a-f]{64}<\/dd>/);
    expect(html.match(/<svg /g)!.length).toBeGreaterThanOrEqual(5);
  }, 300_000);

  it('refuses a name that is not .html, and --report in a folder that does not exist before the fit (nothing written)', async () => {
    const pdf = await skfr(['cluster', micePath, ...MICE, '--report', at('mice.pdf')]);
    expect(pdf.code).toBe(2);
    expect(pdf.stderr).toContain('--report “');
    expect(pdf.stderr).toContain('must end in .html');
    const missing = await skfr(['cluster', micePath, ...MICE, '--out', at('kept.csv'), '--report', at('no/such/folder/r.html')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot write .*r\.html/);
    expect(missing.stdout).toBe('');
    expect(existsSync(at('kept.csv'))).toBe(false);
  }, 300_000);

  it('writes nothing when the report’s destination is taken by a folder (checked before the fit)', async () => {
    mkdirSync(at('taken.html'));
    const run = await skfr(['cluster', micePath, ...MICE, '--out', at('other.xlsx'), '--report', at('taken.html')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('taken.html');
    expect(existsSync(at('other.xlsx'))).toBe(false);
  }, 300_000);
});

/** Static imports (`import … from`, `export … from`) of a compiled module, resolved to files; dynamic import() is not followed. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)';/gm), ...text.matchAll(/^\s*import\s+'([^']+)';/gm)].map((m) => m[1]!);
  return specs.map((s) => (s.startsWith('.') ? resolve(dirname(file), s) : s));
}

it('the command loads ECharts only for a report: no static import path reaches it from the entry', () => {
  // main.js loads each command lazily (import()), so the walk starts at the entry and at the cluster command.
  const entries = [join(repoRoot, 'dist', 'cli', 'main.js'), join(repoRoot, 'dist', 'cli', 'commands', 'cluster.js')];
  if (!entries.every((e) => existsSync(e))) return; // npm test builds dist/ first; bin.test.ts rebuilds it when stale
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.startsWith('/') && existsSync(file)) stack.push(...staticImports(file));
  }
  const reached = [...seen];
  // The walk went through the command into the engine (it is not vacuous) …
  expect(reached.some((f) => f.endsWith(join('core', 'analysis.js')))).toBe(true);
  // … and never reached the report's renderer.
  expect(reached.filter((f) => f.startsWith('echarts') || f.includes('/report/html.js') || f.includes('/report/svg.js'))).toEqual([]);
});
