/**
 * The HTML report (issue 16 item 1): one self-contained page — no script, no request of any kind (a CSP of
 * default-src 'none', no URL but its own #anchors), charts as inline SVG — with every section, built from the
 * ReportInput the jobs session fills (export 'report' as 'html') on the mouse data, and on hand-made fits
 * (escaping; SKFR2's per-cluster lists; a tuned s with its gap chart).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { simulate, tuneSparsity } from '../../core/engine/index.js';
import { createSession } from '../../core/jobs/session.js';
import type { FitView, JobResponse } from '../../core/jobs/types.js';
import { reportHtml, REPORT_CSP } from '../../core/report/html.js';
import { handFit } from './hand-fit.js';
import type { MappedData } from '../../core/table/types.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MICE = resolve(repoRoot, '..', 'shared', 'data', 'mice_protein.csv');
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}

/** The text of a section (between its opening tag and the next section). */
function section(html: string, id: string): string {
  const start = html.indexOf(`<section id="${id}"`);
  if (start < 0) return '';
  const end = html.indexOf('</section>', start);
  return html.slice(start, end);
}

/** What a page may not hold to stay offline: scripts, and URLs other than its own anchors and the SVG namespaces. */
function expectSelfContained(html: string): void {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<(link|iframe|object|embed|img)\b/i);
  expect(html).not.toMatch(/\b(src|action)\s*=/i);
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
  expect(hrefs.every((h) => h.startsWith('#'))).toBe(true);
  const urls = [...html.matchAll(/(?:https?:|file:|ftp:)\/\/[^\s"'<>)]+/g)].map((m) => m[0]);
  expect(urls.filter((u) => !/^http:\/\/www\.w3\.org\//.test(u))).toEqual([]);
  expect(html).not.toMatch(/url\((?!#)/i); // the SVGs' own clip paths and gradients only
  expect(html).toContain(`content="${REPORT_CSP}"`);
}

describe('HTML report of the mouse run (k = 8, s = 24, class)', () => {
  it('holds every section, the 24 proteins, the command, and the charts as inline SVG', async () => {
    const session = createSession({ readFile: async (path) => new Uint8Array(readFileSync(path)), writeFileAtomic: async () => {} });
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'path', path: MICE } }));
    const mapping = {
      orientation: 'samples-as-rows' as const,
      idColumn: 'MouseID',
      annotationColumns: ['Genotype', 'Treatment', 'Behavior', 'class'],
      featureColumns: null,
      featuresMatch: '_N$',
      filters: [],
    };
    const settings = { k: 8, s: 24, variant: 'global' as const, loss: 'squared' as const, restarts: 20, seed: 1, maxIterations: 100 };
    const view: FitView = ok(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping, settings, classColumn: 'class' }));
    const exported = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'report', format: 'html' }));
    expect(exported.mimeType).toBe('text/html');
    expect(exported.fileName).toMatch(/\.html$/);
    const html = decode(exported.bytes!);
    expectSelfContained(html);

    for (const id of ['input', 'preparation', 'parameters', 'command', 'warnings', 'clusters', 'metrics', 'proteins', 'charts']) {
      expect(section(html, id), id).not.toBe('');
    }
    const input = section(html, 'input');
    expect(input).toContain('mice_protein.csv');
    expect(input).toContain(opened.sha256);
    expect(input).toMatch(/bytes\)/);
    expect(input).toContain('one sample per row');
    expect(input).toContain('MouseID');
    expect(input).toContain('the columns matching _N$');
    expect(section(html, 'parameters')).toMatch(/<dt>Seed<\/dt><dd>1<\/dd>/);
    expect(section(html, 'command')).toContain(view.command.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
    const proteins = section(html, 'proteins');
    for (const l of view.selected) expect(proteins).toContain(`<td>${view.featureNames[l]}</td>`);
    expect(proteins).toContain('Cluster centers (original units)');
    const metrics = section(html, 'metrics');
    expect(metrics).toContain('Adjusted Rand index');
    expect(metrics).toMatch(/<figure class="chart" id="chart-contingency"><svg/);
    const charts = section(html, 'charts');
    for (const id of ['ranking', 'centers', 'pca', 'pca-class', 'samples-heatmap']) expect(charts, id).toMatch(new RegExp(`id="chart-${id}"><svg[^>]*viewBox=`));
    // The samples × proteins heatmap (issue 16 item 3): its bars and their legends, every cell of the 1 080 samples.
    const heatmap = /id="chart-samples-heatmap">[\s\S]*?<\/figure>/.exec(charts)![0];
    for (const label of ['cluster', 'class', 'standardised value', 'clipped at ±3']) expect(heatmap).toContain(label);
    expect((heatmap.match(/<path /g) ?? []).length).toBeGreaterThan(1080 * 24);
    // A still picture: none of ECharts' ecmeta_* attributes (2.0 of 5.1 MB before), so the page stays small.
    expect(html).not.toMatch(/ecmeta_/);
    expect(html.length).toBeLessThan(3.5e6);
    // Every sample is listed with its cluster.
    const clusters = section(html, 'clusters');
    expect((clusters.match(/<p class="members">/g) ?? []).length).toBe(8);
    expect(clusters).toContain(view.sampleIds[0]!);
    // A page per section when printed, table headers repeated.
    expect(html).toMatch(/@media print\{[^}]*[\s\S]*section\{break-before:page/);
    expect(html).toContain('thead{display:table-header-group}');
  }, 300_000);
});

describe('HTML report of hand-made fits', () => {
  const mapped: MappedData = {
    matrix: { rows: 4, cols: 3, data: Float64Array.of(1, 10, 5, 3, 30, 5, 1, 10, 5, 3, 30, 5) },
    sampleIds: ['s1', 's2', 's3', 's4'],
    featureNames: ['<script>alert(1)</script>', 'b', 'c'],
    annotations: { class: ['u', 'v', 'u', 'v'] },
    rowIndices: Int32Array.from([0, 1, 2, 3]),
    missingCells: 0,
    warnings: [{ code: 'duplicate-id', message: 'Two rows have the id “s1” & more.' }],
  };
  /** The shared hand-made fit (hand-fit.ts) with standardised means, the global scores for both variants, no imputed cell. */
  const fit = (variant: 'global' | 'local') =>
    handFit(variant, { means: Float64Array.of(-1, -1, 0, 1, 1, 0), featureScores: Float64Array.from([2, 6, 0]), imputedCells: 0 });

  it('escapes every text it shows and says when there is no warning or command', () => {
    const html = reportHtml({ fit: fit('global'), mapped: { ...mapped, warnings: [] }, input: { fileName: 'a&b.csv', sha256: '00' }, version: '1', parameters: { k: 2 } });
    expectSelfContained(html);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('a&amp;b.csv');
    expect(section(html, 'warnings')).toContain('No warnings.');
    expect(section(html, 'command')).toContain('No command was recorded');
    expect(section(html, 'metrics')).toBe('');
  });

  it('SKFR2: the union ranked, then each cluster’s own list', () => {
    const html = reportHtml({ fit: fit('local'), mapped, classColumn: 'class', input: { fileName: 'x.csv', sha256: 'ab' }, version: '1', parameters: {} });
    const perCluster = section(html, 'per-cluster');
    expect(perCluster).toContain('<h3>Cluster 1 (2 samples)</h3>');
    expect(perCluster).toContain('<h3>Cluster 2 (2 samples)</h3>');
    expect(section(html, 'warnings')).toContain('Two rows have the id “s1” &amp; more.');
    expect(section(html, 'metrics')).toContain('chart-contingency');
  });

  it('a tuned s: the gap curve with every rule’s choice, not clickable', () => {
    const sim = simulate('sparse', { n: 60, p: 12, k: 3, s: 3, seed: 3 });
    const tune = tuneSparsity(sim.X, { k: 3, sValues: [1, 2, 3, 4, 6], permutations: 3, restarts: 2, seed: 1 });
    const simMapped: MappedData = {
      matrix: sim.X,
      sampleIds: Array.from({ length: 60 }, (_, i) => `s${i + 1}`),
      featureNames: Array.from({ length: 12 }, (_, l) => `F${l + 1}`),
      annotations: {},
      rowIndices: Int32Array.from({ length: 60 }, (_, i) => i),
      missingCells: 0,
      warnings: [],
    };
    const html = reportHtml({ fit: tune.fit, mapped: simMapped, tune, input: { fileName: 'sim.csv', sha256: 'cd' }, version: '1', parameters: {} });
    const gap = section(html, 'charts');
    expect(gap).toMatch(/id="chart-gap"><svg/);
    expect(gap).toContain('Each rule’s choice is marked.');
    expect(gap).not.toContain('click one');
  });
});
