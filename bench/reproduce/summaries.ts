/**
 * Turn trial records into the report's tables (median over trials per p and method) and chart series.
 */
import { fixed, renderTable, seconds } from '../lib/table.js';
import { mean, median } from '../lib/stats.js';
import type { LineChartSpec } from './charts.js';
import type { Method, TrialRecord } from './simulations.js';

export type Measure = 'ari' | 'fpr' | 'fnr' | 'seconds' | 'iterations';

function pick(records: readonly TrialRecord[], p: number, method: Method, measure: Measure): number[] {
  return records.filter((r) => r.p === p && r.method === method).map((r) => r[measure]);
}

function methodsOf(records: readonly TrialRecord[]): Method[] {
  return [...new Set(records.map((r) => r.method))];
}

function psOf(records: readonly TrialRecord[]): number[] {
  return [...new Set(records.map((r) => r.p))].sort((a, b) => a - b);
}

/** Median of a measure per (p, method); `aggregate` = 'mean' for the runtime table (the paper averages). */
export function summarize(records: readonly TrialRecord[], measure: Measure, aggregate: 'median' | 'mean' = 'median'): Map<Method, number[]> {
  const f = aggregate === 'median' ? median : mean;
  const out = new Map<Method, number[]>();
  for (const method of methodsOf(records)) out.set(method, psOf(records).map((p) => f(pick(records, p, method, measure))));
  return out;
}

/** Rows = methods, columns = p: "median ARI" style table. */
export function measureTable(records: readonly TrialRecord[], measure: Measure, digits = 3, aggregate: 'median' | 'mean' = 'median'): string {
  const ps = psOf(records);
  const table = summarize(records, measure, aggregate);
  const rows = [...table].map(([method, values]) => [method, ...values.map((v) => (measure === 'seconds' ? seconds(v) : fixed(v, digits)))]);
  return renderTable(['method', ...ps.map((p) => `p = ${p}`)], rows, 'markdown');
}

/** FPR and FNR of the methods that select features, as "FPR / FNR" cells. */
export function selectionTable(records: readonly TrialRecord[]): string {
  const ps = psOf(records);
  const fpr = summarize(records, 'fpr');
  const fnr = summarize(records, 'fnr');
  const rows = [...fpr]
    .filter(([, values]) => values.some((v) => Number.isFinite(v)))
    .map(([method, values]) => [method, ...values.map((v, i) => `${fixed(v, 3)} / ${fixed(fnr.get(method)![i], 3)}`)]);
  return renderTable(['method (median FPR / FNR)', ...ps.map((p) => `p = ${p}`)], rows, 'markdown');
}

/** Runtime table like the paper's Table 2: mean seconds and mean iterations per p. */
export function runtimeTable(records: readonly TrialRecord[]): string {
  const ps = psOf(records);
  const secs = summarize(records, 'seconds', 'mean');
  const its = summarize(records, 'iterations', 'mean');
  const rows: string[][] = [];
  for (const [method, values] of secs) {
    rows.push([`${method} seconds`, ...values.map((v) => seconds(v))]);
    rows.push([`${method} iterations`, ...its.get(method)!.map((v) => fixed(v, 1))]);
  }
  return renderTable(['', ...ps.map((p) => `p = ${p}`)], rows, 'markdown');
}

export function measureChart(records: readonly TrialRecord[], measure: Measure, title: string, yName: string): LineChartSpec {
  const table = summarize(records, measure);
  return {
    title,
    xName: 'p',
    yName,
    categories: psOf(records).map(String),
    series: [...table].map(([name, values]) => ({ name, data: values.map((v) => (Number.isFinite(v) ? v : null)) })),
    ...(measure === 'ari' ? { yMin: 0, yMax: 1 } : {}),
  };
}
