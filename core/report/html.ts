/**
 * The report in one file: a self-contained HTML page a scientist can hand on (to a PI, a lab notebook, a
 * supplement). It makes no request of any kind — styles inline, charts as inline SVG drawn by ECharts'
 * server-side renderer (svg.ts), no scripts, and a Content-Security-Policy of `default-src 'none'` that keeps it
 * so — and prints well (`@media print`: a page per section, table headers repeated, nothing cut off).
 *
 * Sections: input (file, SHA-256, size, sheet, header row, format and quantity, orientation and columns,
 * filters, sample table), preparation (each step with its count, and why), parameters and seed with the fit's
 * figures, the command that reproduces the run, warnings, clusters (sizes, members), agreement with known
 * classes (metrics, contingency heatmap and table), the ranked proteins (label, feature annotations, score,
 * share, selection frequency and "unstable" when computed; centers per cluster in original units), SKFR2's
 * per-cluster lists, and the charts (ranking bars, center heatmap, PCA, gap curve with every rule's s, k curve,
 * stability).
 *
 * Importing this module loads ECharts (svg.ts): hosts import it when a report is written.
 *
 * @example reportHtml({ fit, mapped, input: { fileName: 'mice.csv', sha256, size: 1_234_567 }, version: '0.1.0',
 *   parameters: settings, classColumn: 'class', command: 'skfr cluster mice.csv …' })
 *   // '<!DOCTYPE html>\n<html lang="en">…<section id="input">…'
 */
import { DEFAULT_K_RULE, DEFAULT_S_RULE } from '../engine/index.js';
import { centersHeight, centersOption } from '../charts/centers.js';
import { contingencyHeight, contingencyOption } from '../charts/contingency.js';
import { gapOption } from '../charts/gap.js';
import { kCurveOption } from '../charts/k-curve.js';
import { groupsFromAnnotation, groupsFromClusters, pcaOption } from '../charts/pca.js';
import { rankingHeight, rankingOption } from '../charts/ranking.js';
import { sampleHeatmapLayout, sampleHeatmapOption } from '../charts/sample-heatmap.js';
import { stabilityHeight, stabilityOption, stabilityRows as stabilityBars, UNSTABLE_BELOW } from '../charts/stability.js';
import type { ChartOption } from '../charts/types.js';
import { formatBytes } from '../format-bytes.js';
import { formatCount } from '../format-count.js';
import { projectSamples, sampleHeatmapOf } from '../jobs/fit-view.js';
import type { Metrics } from '../analysis.js';
import { describeStep } from '../prepare/steps.js';
import { scaleWords } from '../prepare/scale.js';
import type { Cell } from '../table/write.js';
import { contingencyRows, featuresRows, rulesLine, UNSTABLE_MARK } from './rows.js';
import { resolveMetrics, sRulesOf, sWarnings, type ReportInput } from './summary.js';
import { renderSvg } from './svg.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** Width of the charts (px); they scale down to the page. */
export const CHART_WIDTH = 760;
/** Centers are listed for at most this many clusters per table, so a table fits a printed page. */
const CENTERS_PER_TABLE = 10;
/** The center heatmap shows at most this many features (best first), as on the screen. */
const MAX_HEATMAP_FEATURES = 60;

/** The page's policy: nothing may be fetched; inline styles (the page's and the SVGs') only. */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const STYLE = `
:root{--ink:#1f2933;--muted:#5b6876;--line:#d8dee6;--soft:#f3f5f8;--accent:#1f5f9e;--warn:#8a4b08}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--ink);margin:0 auto;padding:24px 32px 48px;max-width:1100px}
header{border-bottom:2px solid var(--accent);margin-bottom:16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:0 0 10px;color:var(--accent)}h3{font-size:15px;margin:16px 0 6px}
.meta{color:var(--muted);margin:0 0 10px}
nav ol{columns:3;margin:0 0 12px;padding-left:20px}nav a{color:var(--accent)}
section{border-top:1px solid var(--line);padding:14px 0 6px}
dl.facts{display:grid;grid-template-columns:minmax(140px,max-content) 1fr;gap:3px 16px;margin:0 0 10px}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;overflow-wrap:anywhere}
.wrap{overflow-x:auto;margin:0 0 12px}
table{border-collapse:collapse;font-size:13px}
th,td{border:1px solid var(--line);padding:2px 7px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:var(--soft);font-weight:600}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.text{max-width:36ch}
.unstable{color:var(--warn);font-weight:600}
pre.command{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:8px 10px;font:12px/1.45 ui-monospace,Menlo,Consolas,monospace}
ul.warnings li{color:var(--warn)}
figure.chart{margin:8px 0 18px}figure.chart svg{display:block;max-width:100%;height:auto}
figcaption{color:var(--muted);font-size:12px;margin-top:2px}
.members{font-size:12px;overflow-wrap:anywhere}
footer{color:var(--muted);font-size:12px;border-top:1px solid var(--line);margin-top:20px;padding-top:8px}
@page{size:A4;margin:14mm 12mm}
@media print{
body{max-width:none;padding:0;font-size:10pt}
nav{display:none}
section{break-before:page;border-top:none;padding-top:0}
section.first{break-before:auto}
h2,h3{break-after:avoid}
.wrap{overflow:visible}
table{font-size:8pt;width:auto;max-width:100%}
thead{display:table-header-group}
tr,figure.chart,dl.facts,pre.command{break-inside:avoid}
td.text{max-width:28ch}
a{color:inherit;text-decoration:none}
}`;

// ── small HTML builders ─────────────────────────────────────────────────────────────────────────────────

function numberText(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (Number.isInteger(value)) return String(value);
  const abs = Math.abs(value);
  return abs !== 0 && (abs >= 1e6 || abs < 1e-3) ? value.toExponential(3) : String(Number(value.toPrecision(5)));
}

const percent = (fraction: number, digits = 1) => (Number.isFinite(fraction) ? `${(100 * fraction).toFixed(digits)} %` : '–');

/** A table from rows of cells (header first); `formats` turns a column's numbers into text (by header). */
function tableHtml(rows: readonly Cell[][], formats: Record<string, (value: number) => string> = {}, caption?: string): string {
  const [head, ...body] = rows;
  const names = (head ?? []).map((c) => String(c ?? ''));
  const numeric = names.map((_, col) => body.some((r) => typeof r[col] === 'number'));
  const th = names.map((name, col) => `<th scope="col"${numeric[col] ? ' class="num"' : ''}>${escapeHtml(name)}</th>`).join('');
  const tr = body
    .map((r) => {
      const cells = r.map((cell, col) => {
        if (cell === null || cell === undefined) return '<td></td>';
        if (typeof cell === 'number') return `<td class="num">${escapeHtml((formats[names[col]!] ?? numberText)(cell))}</td>`;
        if (cell === UNSTABLE_MARK) return '<td class="unstable" title="selected in fewer than half of the subsample fits">unstable</td>';
        return `<td${cell.length > 24 ? ' class="text"' : ''}>${escapeHtml(cell)}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
  const cap = caption ? `<caption class="meta">${escapeHtml(caption)}</caption>` : '';
  return `<div class="wrap"><table>${cap}<thead><tr>${th}</tr></thead><tbody>\n${tr}\n</tbody></table></div>`;
}

/** A definition list of facts; entries with a null value are left out. */
function facts(entries: readonly [string, string | number | null | undefined][]): string {
  const items = entries
    .filter((e): e is [string, string | number] => e[1] !== null && e[1] !== undefined && e[1] !== '')
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(typeof v === 'number' ? numberText(v) : v)}</dd>`);
  return items.length > 0 ? `<dl class="facts">${items.join('')}</dl>` : '';
}

function list(items: readonly string[], className?: string): string {
  return `<ul${className ? ` class="${className}"` : ''}>${items.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`;
}

interface Section {
  id: string;
  title: string;
  body: string;
}

/** A chart as inline SVG with a caption. */
function chart(id: string, option: ChartOption, height: number, caption: string): string {
  const svg = renderSvg(option, CHART_WIDTH, Math.round(height)).replace('<svg ', `<svg role="img" aria-label="${escapeHtml(caption)}" `);
  return `<figure class="chart" id="chart-${id}">${svg}<figcaption>${escapeHtml(caption)}</figcaption></figure>`;
}

/** The names, at most `limit` of them, then how many more. */
function nameList(names: readonly string[], limit: number): string {
  return names.length > limit ? `${names.slice(0, limit).join(', ')}, … and ${names.length - limit} more (${names.length} in all)` : names.join(', ');
}

/** "3.5 MiB (3,670,016 bytes)"; below 1 KiB "12 bytes". */
function bytesText(n: number): string {
  return n < 1024 ? formatBytes(n) : `${formatBytes(n)} (${formatCount(n, ',')} bytes)`;
}

// ── sections ───────────────────────────────────────────────────────────────────────────────────────────

function inputSection(report: ReportInput): Section {
  const { input, mapped, layout } = report;
  const mapping = report.mapping ?? null;
  const sheet = input.sheet ?? mapped.sheet ?? null;
  const asColumns = mapping?.orientation === 'samples-as-columns';
  const features = !mapping
    ? null
    : asColumns
      ? mapping.sampleColumnsMatch
        ? `samples: the columns matching ${mapping.sampleColumnsMatch}`
        : mapping.sampleColumns
          ? `samples: ${mapping.sampleColumns.length} columns`
          : 'samples: every column after the first'
      : mapping.featureColumns
        ? nameList(mapping.featureColumns, 100)
        : mapping.featuresMatch
          ? `the columns matching ${mapping.featuresMatch}`
          : 'every numeric column that is not the id or an annotation';
  const filters = mapping?.filters.length ? mapping.filters.map((f) => `${f.column} = ${f.values.join(' or ')}`).join('; ') : null;
  const design = mapped.design ?? null;
  const body = facts([
    ['File', input.fileName],
    ['SHA-256', input.sha256 || null],
    ['Size', input.size != null ? bytesText(input.size) : null],
    ['Sheet', sheet],
    ['Header row', input.headerRow ?? null],
    ['Format', layout ? (layout.format === 'table' ? `${layout.formatLabel} (not a recognised software format)` : layout.formatLabel) : null],
    ['Quantity', layout?.quantity ?? null],
    ['Orientation', mapping ? (asColumns ? 'one sample per column (proteins × samples)' : 'one sample per row') : null],
    [asColumns ? 'Feature label' : 'Sample id column', mapping ? (asColumns ? mapping.featureLabelColumns?.join(', ') || 'row number' : (mapping.idColumn ?? 'row number')) : null],
    ['Annotation columns', mapping && mapping.annotationColumns.length > 0 ? mapping.annotationColumns.join(', ') : null],
    [asColumns ? 'Sample columns' : 'Feature columns', features],
    ['Rows kept', filters],
    ['Sample table', design ? `${design.source}: ${design.matched} samples ${design.order === 'file' ? 'joined in file order, as chosen' : `matched on “${design.matchedColumn}”`}; columns ${design.columns.join(', ') || 'none'}` : null],
    ['Samples without a row in it', design && design.samplesWithoutRow.length > 0 ? design.samplesWithoutRow.join(', ') : null],
    ['Analysed', `${report.fit.n} samples × ${report.fit.p} features`],
    ['Missing cells', mapped.missingCells],
  ]);
  return { id: 'input', title: 'Input', body };
}

function preparationSection(report: ReportInput): Section {
  const steps = report.mapped.preparation ?? [];
  const recipe = report.recipe?.steps ?? [];
  const parts: string[] = [];
  parts.push(steps.length > 0 ? tableHtml([['step', 'count'], ...steps.map((s) => [s.label, s.count])]) : '<p>No preparation: the values were fitted as read.</p>');
  if (recipe.length > 0) parts.push(`<h3>Recipe</h3>${list(recipe.map(describeStep))}`);
  else parts.push('<p class="meta">Recipe: none (no transform, filter, normalisation or imputation before the fit).</p>');
  if ((report.reasons ?? []).length > 0) parts.push(`<h3>Why</h3>${list(report.reasons!)}`);
  if (report.fit.imputedCells > 0) parts.push(`<p>${formatCount(report.fit.imputedCells, ',')} missing cells filled in during the fit (k-POD).</p>`);
  return { id: 'preparation', title: 'Preparation', body: parts.join('\n') };
}

function parameterText(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}

function parametersSection(report: ReportInput): Section {
  const { fit } = report;
  const o = fit.options;
  const sRules = sRulesOf(report);
  const run = facts([
    ['Method', o.variant === 'global' ? 'SKFR1 (one protein set for all clusters)' : 'SKFR2 (a protein set per cluster)'],
    ['k (clusters)', o.k],
    ['s (features selected)', `${o.s}${o.variant === 'local' ? ' per cluster' : ''}`],
    ['Loss', o.loss === 'squared' ? 'squared (k-means)' : 'absolute (medians)'],
    ['Scale', `each feature ${scaleWords(o.scale)}`],
    ['Seed', o.seed],
    ['Restarts', o.restarts],
    ['Max iterations', o.maxIterations],
    ['s rules', sRules && sRules.length > 0 ? rulesLine(sRules, DEFAULT_S_RULE) : null],
    ['k rules', report.kCurve ? rulesLine(report.kCurve.kRules, DEFAULT_K_RULE) : null],
    ['k / s search', report.ksSteps?.length ? report.ksSteps.map((st) => (st.tuned === 's' ? `s = ${st.s} at k = ${st.k}` : `k = ${st.k} at s = ${st.s}`)).join(' → ') : null],
    ['Stability', report.stability ? `${report.stability.subsamples} subsample fits of ${report.stability.subsampleSize} samples (${Math.round(100 * report.stability.fraction)} %): mean ARI ${numberText(report.stability.meanAri)}` : null],
    ['Objective', fit.objective],
    ['Between / total SS', fit.totalSS > 0 ? fit.betweenSS / fit.totalSS : null],
    ['Iterations', `${fit.iterations}${fit.converged ? ' (converged)' : ' (NOT converged)'}`],
    ['Best restart', fit.bestRestart + 1],
    ['SKFR Studio', report.version],
  ]);
  const given = Object.entries(report.parameters).map(([key, value]): [string, string | number | null] => [key, parameterText(value)]);
  return { id: 'parameters', title: 'Parameters and seed', body: `${run}<h3>As given</h3>${facts(given)}` };
}

function commandSection(report: ReportInput): Section {
  const body = report.command
    ? `<p>Run in the folder holding the input, this gives the same clusters and proteins:</p><pre class="command"><code>${escapeHtml(report.command)}</code></pre>`
    : '<p>No command was recorded for this run.</p>';
  return { id: 'command', title: 'Reproduce', body };
}

function warningsSection(report: ReportInput): Section {
  const messages = [...report.mapped.warnings.map((w) => w.message), ...(report.resultWarnings ?? []).map((w) => w.message), ...sWarnings(report)];
  const unique = [...new Set(messages)];
  return { id: 'warnings', title: 'Warnings', body: unique.length > 0 ? list(unique, 'warnings') : '<p>No warnings.</p>' };
}

function clustersSection(report: ReportInput): Section {
  const { fit, mapped } = report;
  const sizes = Array.from(fit.clusterSizes);
  const table = tableHtml([['cluster', 'samples', 'share'], ...sizes.map((n, j) => [j + 1, n, fit.n > 0 ? n / fit.n : 0])], { share: (v) => percent(v) });
  const members: string[][] = sizes.map(() => []);
  for (let i = 0; i < fit.n; i++) members[fit.labels[i]!]?.push(mapped.sampleIds[i] ?? String(i + 1));
  const lists = members.map((ids, j) => `<p class="members"><strong>Cluster ${j + 1}</strong> (${ids.length}): ${escapeHtml(ids.join(', '))}</p>`).join('\n');
  return { id: 'clusters', title: 'Clusters', body: `${table}<h3>Samples in each cluster</h3>${lists}` };
}

function metricsSection(metrics: Metrics, k: number): Section {
  const body = [
    facts([
      ['Known classes', metrics.classColumn],
      ['Adjusted Rand index', metrics.ari],
      ['Normalized mutual information', metrics.nmi],
      ['Mixed clusters', `${metrics.mixedNodes} of ${k} (holding samples of more than one ${metrics.classColumn})`],
      ['Samples in mixed clusters', metrics.totalInMixedNodes],
    ]),
    chart('contingency', contingencyOption(metrics, { width: CHART_WIDTH, height: contingencyHeight(metrics.contingency.clusters.length) }), contingencyHeight(metrics.contingency.clusters.length), `Clusters × ${metrics.classColumn}: samples in each cluster and class.`),
    tableHtml(contingencyRows(metrics)),
  ].join('\n');
  return { id: 'metrics', title: `Agreement with ${metrics.classColumn}`, body };
}

/** Rows split in two: the list without the center columns, and the centers in tables of CENTERS_PER_TABLE clusters. */
function splitCenters(rows: Cell[][], lead: number[]): { list: Cell[][]; centers: Cell[][][] } {
  const head = rows[0]!.map(String);
  const centerCols = head.map((h, c) => (/^center \d+$/.test(h) ? c : -1)).filter((c) => c >= 0);
  const list = rows.map((r) => r.filter((_, c) => !centerCols.includes(c)));
  const centers: Cell[][][] = [];
  for (let t = 0; t < centerCols.length; t += CENTERS_PER_TABLE) {
    const cols = centerCols.slice(t, t + CENTERS_PER_TABLE);
    centers.push(rows.map((r) => [...lead.map((c) => r[c] ?? null), ...cols.map((c) => r[c] ?? null)]));
  }
  return { list, centers };
}

const LIST_FORMATS = { share: (v: number) => percent(v), 'selection frequency': (v: number) => percent(v, 0) };

function proteinsSection(report: ReportInput): Section {
  const { fit, mapped } = report;
  const rows = featuresRows(fit, mapped, { stability: report.stability ?? null, union: true, ...(report.imputed ? { imputed: report.imputed } : {}) });
  const head = rows[0]!.map(String);
  const { list: ranked, centers } = splitCenters(rows, [head.indexOf('rank'), head.indexOf('feature')]);
  const parts = [
    `<p>${fit.selectedFeatures.length} of ${fit.p} features selected${fit.options.variant === 'local' ? ' (the union of the clusters’ sets)' : ''}, best first. Score: how much the feature separates the clusters; share: its part of the total score.${report.stability ? ' Selection frequency: the share of the subsample fits that selected it; “unstable”: under one half.' : ''}</p>`,
    tableHtml(ranked, LIST_FORMATS),
    `<h3>Cluster centers (original units)</h3>`,
    ...centers.map((t) => tableHtml(t)),
  ];
  return { id: 'proteins', title: 'Ranked proteins', body: parts.join('\n') };
}

function perClusterSection(report: ReportInput): Section | null {
  const { fit, mapped } = report;
  if (fit.options.variant !== 'local' || !fit.selectedFeaturesByCluster) return null;
  const rows = featuresRows(fit, mapped, { stability: report.stability ?? null });
  const head = rows[0]!.map(String);
  const keep = head.map((h, c) => (/^center \d+$/.test(h) || h === 'cluster' || h === 'imputed cells' ? -1 : c)).filter((c) => c >= 0);
  const parts = Array.from({ length: fit.options.k }, (_, j) => {
    const mine = rows.slice(1).filter((r) => r[0] === j + 1);
    const table = [keep.map((c) => head[c]!), ...mine.map((r) => keep.map((c) => r[c] ?? null))];
    return `<h3>Cluster ${j + 1} (${fit.clusterSizes[j]} samples)</h3>${tableHtml(table, LIST_FORMATS)}`;
  });
  return { id: 'per-cluster', title: 'Proteins of each cluster (SKFR2)', body: parts.join('\n') };
}

function chartsSection(report: ReportInput, metrics: Metrics | null): Section {
  const { fit, mapped } = report;
  const names = mapped.featureNames;
  const selected = Array.from(fit.selectedFeatures);
  const total = fit.featureScores.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
  const stability = report.stability ?? null;
  const figures: string[] = [];
  const rankingInput = {
    names: selected.map((l) => names[l] ?? `feature ${l + 1}`),
    shares: selected.map((l) => (total > 0 ? fit.featureScores[l]! / total : 0)),
    unstable: stability ? selected.map((l) => (stability.featureFrequency[l] ?? 0) < UNSTABLE_BELOW) : null,
  };
  figures.push(chart('ranking', rankingOption(rankingInput, { width: CHART_WIDTH, height: rankingHeight(selected.length) }), rankingHeight(selected.length), 'Selected features, best first: each one’s share of the ranking score.'));
  const shown = selected.slice(0, MAX_HEATMAP_FEATURES);
  const centersInput = { k: fit.options.k, p: fit.p, means: fit.means, featureNames: names, standardized: fit.options.scale === 'unit-variance' };
  figures.push(
    chart('centers', centersOption(centersInput, shown, { width: CHART_WIDTH, height: centersHeight(shown.length) }), centersHeight(shown.length),
      `Cluster centers on the ${shown.length < selected.length ? `best ${shown.length}` : 'selected'} features${fit.options.scale === 'unit-variance' ? ', in standard deviations from each feature’s mean' : ', as differences from each feature’s mean'}.`),
  );
  const projection = report.projection ?? projectSamples(mapped.matrix, selected, fit.options.scale === 'unit-variance');
  const clusters = Int32Array.from(fit.labels, (label) => label + 1);
  // A picture that is never hovered: one path per group from 200 samples on (a tenth of the size, 5× faster).
  const scatter = { x: projection.x, y: projection.y, explained: projection.explained, sampleIds: mapped.sampleIds, consistency: stability?.sampleConsistency ?? null, largeAbove: 200 };
  figures.push(chart('pca', pcaOption({ ...scatter, groups: groupsFromClusters(clusters, fit.options.k), colourBy: 'cluster' }), 460, 'Samples on the first two principal components of the selected features, coloured by cluster.'));
  const classes = metrics ? mapped.annotations[metrics.classColumn] : undefined;
  if (metrics && classes) {
    figures.push(chart('pca-class', pcaOption({ ...scatter, groups: groupsFromAnnotation(classes), colourBy: metrics.classColumn }), 460, `The same samples coloured by ${metrics.classColumn}.`));
  }
  // Issue 16: the samples × selected proteins, by cluster, with the annotation bars (the Results screen's heatmap).
  const selectedByCluster = fit.selectedFeaturesByCluster ? fit.selectedFeaturesByCluster.map((c) => Array.from(c)) : null;
  const heatmapInput = {
    k: fit.options.k, clusters, sampleIds: mapped.sampleIds, featureNames: names, selected, selectedByCluster, annotations: mapped.annotations, classColumn: metrics?.classColumn ?? null,
    heatmap: sampleHeatmapOf(mapped.matrix, { clusters, distances: fit.distances, selected, selectedByCluster }, fit.options.scale === 'unit-variance'),
  };
  const heatmapLayout = sampleHeatmapLayout(heatmapInput);
  figures.push(chart('samples-heatmap', sampleHeatmapOption(heatmapInput, heatmapLayout), heatmapLayout.height,
    'Samples (rows, by cluster, then distance to the center) × selected proteins (columns), with the cluster and each sample annotation as bars on the left.'));
  if (report.tune) {
    const sRules = report.sRules ?? report.tune.sRules;
    figures.push(
      chart('gap', gapOption({ curve: report.tune.curve, bestS: report.tune.bestS, oneSeS: report.tune.oneSeS, permutations: report.tune.permutations }, { fittedS: fit.options.s, choices: sRules, interactive: false }), 420,
        'Gap statistic over s, with every rule’s choice of s; the red line is the s fitted.'),
    );
  }
  if (report.kCurve) {
    figures.push(chart('k-curve', kCurveOption({ curve: [...report.kCurve.curve], kRules: [...report.kCurve.kRules], permutations: report.kCurve.permutations }, fit.options.k), 420, 'Choosing k: gap statistic and average silhouette over k; the red line is the k fitted.'));
  }
  if (stability) {
    const input = { featureNames: names, frequency: stability.featureFrequency, selected, subsamples: stability.subsamples };
    const bars = stabilityBars(input).length;
    figures.push(chart('stability', stabilityOption(input), stabilityHeight(bars), 'How often each protein was selected over the subsample fits; orange: selected by the full fit in fewer than half of them.'));
  }
  return { id: 'charts', title: 'Charts', body: figures.join('\n') };
}

/** The report as one HTML document (see the file's comment). */
export function reportHtml(report: ReportInput): string {
  const metrics = resolveMetrics(report);
  const o = report.fit.options;
  const title = `SKFR report — ${report.input.fileName}`;
  const sections = [
    inputSection(report),
    preparationSection(report),
    parametersSection(report),
    commandSection(report),
    warningsSection(report),
    clustersSection(report),
    ...(metrics ? [metricsSection(metrics, o.k)] : []),
    proteinsSection(report),
    ...[perClusterSection(report)].filter((s): s is Section => s !== null),
    chartsSection(report, metrics),
  ];
  const nav = `<nav aria-label="Contents"><ol>${sections.map((s) => `<li><a href="#${s.id}">${escapeHtml(s.title)}</a></li>`).join('')}</ol></nav>`;
  const summary =
    `${o.variant === 'global' ? 'SKFR1' : 'SKFR2'}, k = ${o.k}, s = ${o.s}${o.variant === 'local' ? ' per cluster' : ''}, seed ${o.seed}: ` +
    `${report.fit.n} samples × ${report.fit.p} features` +
    (metrics ? `; ARI ${metrics.ari.toFixed(3)} with ${metrics.classColumn}` : '');
  const body = sections
    .map((s, t) => `<section id="${s.id}"${t === 0 ? ' class="first"' : ''} aria-labelledby="h-${s.id}">\n<h2 id="h-${s.id}">${escapeHtml(s.title)}</h2>\n${s.body}\n</section>`)
    .join('\n');
  return (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="generator" content="SKFR Studio ${escapeHtml(report.version)}">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>\n<body>\n` +
    `<header><h1>${escapeHtml(title)}</h1><p class="meta">${escapeHtml(summary)}${report.createdAt ? ` · made ${escapeHtml(report.createdAt)}` : ''} · SKFR Studio ${escapeHtml(report.version)}</p>${nav}</header>\n` +
    `<main>\n${body}\n</main>\n` +
    `<footer>Made by SKFR Studio ${escapeHtml(report.version)} from ${escapeHtml(report.input.fileName)}${report.input.sha256 ? ` (SHA-256 ${escapeHtml(report.input.sha256)})` : ''}. Sparse k-means with feature ranking: Zhang, Lange &amp; Xu, NeurIPS 2020.</footer>\n` +
    '</body></html>\n'
  );
}
