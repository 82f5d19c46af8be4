/**
 * A small self-contained HTML summary of a report (no scripts, no external resources, inline CSS only):
 * the Summary items, the ranked features, the cluster sizes and, when known, the contingency table.
 * Example: reportHtml({ fit, mapped, input, version, parameters }) → '<!DOCTYPE html><html lang="en">…'.
 */
import type { Cell } from '../table/write.js';
import { contingencyRows, featuresRows, gapRows } from './rows.js';
import { resolveMetrics, summaryRows, type ReportInput } from './summary.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

function cellHtml(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isInteger(cell) ? String(cell) : cell.toPrecision(6);
  return escapeHtml(cell);
}

function tableHtml(rows: Cell[][]): string {
  const [head, ...body] = rows;
  const th = (head ?? []).map((c) => `<th>${cellHtml(c)}</th>`).join('');
  const trs = body.map((r) => `<tr>${r.map((c) => `<td>${cellHtml(c)}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${trs}\n</tbody></table>`;
}

const STYLE =
  'body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:0 0 2em}' +
  'th,td{border:1px solid #ccc;padding:2px 8px;text-align:left}th{background:#f3f3f3}td{font-variant-numeric:tabular-nums}';

export function reportHtml(report: ReportInput): string {
  const metrics = resolveMetrics(report);
  const title = `SKFR report — ${report.input.fileName}`;
  const sections = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<h2>Summary</h2>${tableHtml(summaryRows(report, metrics))}`,
    `<h2>Ranked features</h2>${tableHtml(featuresRows(report.fit, report.mapped, { stability: report.stability ?? null }))}`,
    `<h2>Cluster sizes</h2>${tableHtml([['cluster', 'size'], ...Array.from(report.fit.clusterSizes, (n, j) => [j + 1, n])])}`,
  ];
  if (report.tune) sections.push(`<h2>Gap statistic</h2>${tableHtml(gapRows(report.tune))}`);
  if (metrics) sections.push(`<h2>Clusters × ${escapeHtml(metrics.classColumn)}</h2>${tableHtml(contingencyRows(metrics))}`);
  return (
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    `<style>${STYLE}</style></head>\n<body>\n${sections.join('\n')}\n</body></html>\n`
  );
}
