/**
 * What `skfr cluster` prints: the --json object (exactly the fields of the CLI contract) or a short summary
 * for people. Pure functions of the analysis result, so they are tested without running a fit.
 */
import type { AnalysisResult } from '../../core/analysis.js';
import type { FitSettings } from '../../core/jobs/types.js';
import type { MappedData } from '../../core/table/types.js';

export interface ClusterJson {
  n: number;
  p: number;
  k: number;
  /** The s of the reported fit (the chosen one with --tune-s). */
  s: number;
  variant: 'global' | 'local';
  sampleIds: string[];
  /** 1-based cluster of each sample, in input row order after --where. */
  labels: number[];
  /** Names, best first (SKFR2: the union of the per-cluster sets, best first). */
  selectedFeatures: string[];
  /** SKFR2: per cluster (1..k), names best first; null for SKFR1. */
  selectedFeaturesByCluster: string[][] | null;
  /** Every feature's ranking score, in column order. */
  featureScores: Record<string, number>;
  objective: number;
  iterations: number;
  converged: boolean;
  gap: { s: number; gap: number; sd: number }[] | null;
  chosenS: number | null;
  metrics: { ari: number; nmi: number; mixedNodes: number; totalInMixedNodes: number } | null;
  imputedCells: number;
  timings: { parseMs: number; fitMs: number };
}

export interface Timings {
  parseMs: number;
  fitMs: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export function clusterJson(mapped: MappedData, result: AnalysisResult, timings: Timings): ClusterJson {
  const { fit, tune, metrics } = result;
  const names = mapped.featureNames;
  return {
    n: fit.n,
    p: fit.p,
    k: fit.options.k,
    s: result.chosenS,
    variant: fit.options.variant,
    sampleIds: mapped.sampleIds,
    labels: Array.from(fit.labels, (label) => label + 1),
    selectedFeatures: Array.from(fit.selectedFeatures, (l) => names[l]!),
    selectedFeaturesByCluster: fit.selectedFeaturesByCluster?.map((set) => Array.from(set, (l) => names[l]!)) ?? null,
    featureScores: Object.fromEntries(names.map((name, l) => [name, fit.featureScores[l]!])),
    objective: fit.objective,
    iterations: fit.iterations,
    converged: fit.converged,
    gap: tune ? tune.curve.map((point) => ({ s: point.s, gap: point.gap, sd: point.sd })) : null,
    chosenS: tune ? result.chosenS : null,
    metrics: metrics
      ? { ari: metrics.ari, nmi: metrics.nmi, mixedNodes: metrics.mixedNodes, totalInMixedNodes: metrics.totalInMixedNodes }
      : null,
    imputedCells: fit.imputedCells,
    timings: { parseMs: round(timings.parseMs), fitMs: round(timings.fitMs) },
  };
}

const fmt = (x: number, digits = 3) => (Number.isFinite(x) ? Number(x.toPrecision(digits)).toString() : String(x));

function nameList(names: string[], limit = 30): string {
  const shown = names.slice(0, limit).join(', ');
  return names.length > limit ? `${shown}, … and ${names.length - limit} more` : shown;
}

/** The short human summary printed without --json. `written` lists the files written, with what they hold. */
export function clusterSummary(
  fileName: string,
  settings: FitSettings,
  mapped: MappedData,
  result: AnalysisResult,
  timings: Timings,
  written: { path: string; what: string }[],
): string {
  const { fit, tune, metrics } = result;
  const names = mapped.featureNames;
  const k = fit.options.k;
  const lines: string[] = [];
  const variant = fit.options.variant === 'global' ? 'SKFR1 (global)' : 'SKFR2 (local)';
  lines.push(`${fileName}: ${fit.n} samples × ${fit.p} features${fit.imputedCells > 0 ? `, ${fit.imputedCells} missing cell${fit.imputedCells === 1 ? '' : 's'} imputed (k-POD)` : ''}`);
  lines.push(
    `${variant}, k = ${k}, s = ${result.chosenS}${fit.options.variant === 'local' ? ' per cluster' : ''}, ${fit.options.loss} loss` +
      `${fit.options.standardize ? ', standardized' : ''}; seed ${settings.seed}, ${settings.restarts} restarts`,
  );
  lines.push(
    `${fit.converged ? 'converged' : 'NOT converged'} after ${fit.iterations} iteration${fit.iterations === 1 ? '' : 's'}; ` +
      `objective ${fmt(fit.objective, 6)}; between/total SS ${fmt(fit.totalSS > 0 ? fit.betweenSS / fit.totalSS : 0)}`,
  );
  if (tune) {
    const from = tune.curve[0]?.s;
    const to = tune.curve[tune.curve.length - 1]?.s;
    lines.push(`gap statistic over s = ${from}..${to} (${tune.permutations} permutations): chosen s = ${tune.bestS} (largest Gap), one-SE choice s = ${tune.oneSeS}`);
  }
  lines.push('');
  lines.push('Cluster sizes:');
  lines.push('  ' + Array.from(fit.clusterSizes, (size, j) => `${j + 1}: ${size}`).join('   '));
  const total = fit.featureScores.reduce((a, b) => a + b, 0);
  const share = (l: number) => (total > 0 ? ` ${((100 * fit.featureScores[l]!) / total).toFixed(1)}%` : '');
  if (fit.selectedFeaturesByCluster) {
    lines.push('Selected features per cluster (best first):');
    fit.selectedFeaturesByCluster.forEach((set, j) => lines.push(`  ${j + 1}: ${nameList(Array.from(set, (l) => names[l]!), 12)}`));
  } else {
    lines.push('Selected features (best first, share of the total score):');
    lines.push('  ' + nameList(Array.from(fit.selectedFeatures, (l) => `${names[l]}${share(l)}`)));
  }
  if (fit.zeroVarianceFeatures.length > 0) {
    lines.push(`Constant features (not ranked): ${nameList(fit.zeroVarianceFeatures.map((l) => names[l]!), 10)}`);
  }
  if (metrics) {
    lines.push(
      `Agreement with “${metrics.classColumn}”: ARI ${fmt(metrics.ari)}, NMI ${fmt(metrics.nmi)}, ` +
        `mixed clusters ${metrics.mixedNodes} of ${k} (${metrics.totalInMixedNodes} samples in them)`,
    );
  }
  lines.push(`Time: reading ${Math.round(timings.parseMs)} ms, fitting ${Math.round(timings.fitMs)} ms`);
  for (const file of written) lines.push(`Wrote ${file.path} (${file.what})`);
  return lines.join('\n') + '\n';
}
