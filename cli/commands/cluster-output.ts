/**
 * What `skfr cluster` prints: the --json object (exactly the fields of the CLI contract) or a short summary
 * for people. Pure functions of the analysis result, so they are tested without running a fit.
 */
import { lazyList } from '../../core/table/lazy-list.js';
import type { AnalysisResult } from '../../core/analysis.js';
import { DEFAULT_K_RULE, DEFAULT_S_RULE } from '../../core/engine/index.js';
import type { KPoint, KRuleChoice, KSStep, SFlags, SRuleChoice } from '../../core/engine/types.js';
import type { FitSettings } from '../../core/jobs/types.js';
import { UNSTABLE_BELOW } from '../../core/charts/stability.js';
import { rulesLine } from '../../core/report/rows.js';
import { sFlagMessages } from '../../core/report/warnings.js';
import { scaleWords } from '../../core/prepare/scale.js';
import type { MappedData } from '../../core/table/types.js';

/** The --json `stability` object: names instead of indices, null where a figure is undefined (NaN). */
export interface StabilityJson {
  subsamples: number;
  fraction: number;
  subsampleSize: number;
  /** Feature name → fraction of the subsample fits that selected it (SKFR2: in any cluster), in column order. */
  featureFrequency: Record<string, number>;
  /** SKFR2: per cluster 1..k, feature name → fraction of the fits whose matched cluster selected it; SKFR1 null. */
  clusterFeatureFrequency: Record<string, number | null>[] | null;
  /** Per sample (sampleIds order): the fraction of its cluster mates that stay with it; null where undefined. */
  sampleConsistency: (number | null)[];
  /** ARI of each subsample fit with the full fit on its samples. */
  ari: number[];
  meanAri: number;
  /** Selected features chosen in fewer than half of the subsample fits, best first. */
  unstableSelected: string[];
}

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
  /** With --tune-s: every rule's s, `default` marking the rule fitted; else null. */
  sRules: SRuleChoice[] | null;
  /** With --tune-s: the warnings about the chosen s; else null. */
  sFlags: SFlags | null;
  /** With --tune-k: the k fitted; else null. */
  chosenK: number | null;
  /** With --tune-k: Gap over k with silhouettes, every rule's k; else null. */
  kCurve: { curve: KPoint[]; kRules: KRuleChoice[]; permutations: number } | null;
  /** With --tune-k and --tune-s: the steps of the alternating search; else null. */
  ksSteps: KSStep[] | null;
  /** With --stability B. */
  stability: StabilityJson | null;
  metrics: { ari: number; nmi: number; mixedNodes: number; totalInMixedNodes: number } | null;
  imputedCells: number;
  timings: Timings;
}

export interface Timings {
  /** Reading the file into its table; within parseMs, which also maps and prepares the matrix. */
  readMs: number;
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
    // (per sample: made as --json writes them, a slice at a time; cli/json-out.ts)
    labels: lazyList(fit.n, (i) => fit.labels[i]! + 1),
    selectedFeatures: Array.from(fit.selectedFeatures, (l) => names[l]!),
    selectedFeaturesByCluster: fit.selectedFeaturesByCluster?.map((set) => Array.from(set, (l) => names[l]!)) ?? null,
    featureScores: Object.fromEntries(names.map((name, l) => [name, fit.featureScores[l]!])),
    objective: fit.objective,
    iterations: fit.iterations,
    converged: fit.converged,
    gap: tune ? tune.curve.map((point) => ({ s: point.s, gap: point.gap, sd: point.sd })) : null,
    chosenS: tune ? result.chosenS : null,
    sRules: result.sRules,
    sFlags: result.sFlags,
    chosenK: result.kCurve ? result.chosenK : null,
    kCurve: result.kCurve,
    ksSteps: result.ksSteps,
    stability: stabilityJson(result, mapped),
    metrics: metrics
      ? { ari: metrics.ari, nmi: metrics.nmi, mixedNodes: metrics.mixedNodes, totalInMixedNodes: metrics.totalInMixedNodes }
      : null,
    imputedCells: fit.imputedCells,
    timings: { readMs: round(timings.readMs), parseMs: round(timings.parseMs), fitMs: round(timings.fitMs) },
  };
}

const orNull = (x: number | undefined): number | null => (x === undefined || Number.isNaN(x) ? null : x);

/** The --json `stability` (null without --stability). */
export function stabilityJson(result: Pick<AnalysisResult, 'fit' | 'stability'>, mapped: Pick<MappedData, 'featureNames'>): StabilityJson | null {
  const st = result.stability;
  if (!st) return null;
  const names = mapped.featureNames;
  const p = result.fit.p;
  const byCluster = st.clusterFeatureFrequency;
  return {
    subsamples: st.subsamples,
    fraction: st.fraction,
    subsampleSize: st.subsampleSize,
    featureFrequency: Object.fromEntries(names.map((name, l) => [name, st.featureFrequency[l]!])),
    clusterFeatureFrequency: byCluster
      ? Array.from({ length: result.fit.options.k }, (_, j) => Object.fromEntries(names.map((name, l) => [name, orNull(byCluster[j * p + l])])))
      : null,
    sampleConsistency: lazyList(st.sampleConsistency.length, (i) => orNull(st.sampleConsistency[i])),
    ari: Array.from(st.ari),
    meanAri: st.meanAri,
    unstableSelected: st.unstableSelected.map((l) => names[l]!),
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
  const { fit, metrics } = result;
  const names = mapped.featureNames;
  const k = fit.options.k;
  const lines: string[] = [];
  const variant = fit.options.variant === 'global' ? 'SKFR1 (global)' : 'SKFR2 (local)';
  lines.push(`${fileName}: ${fit.n} samples × ${fit.p} features${fit.imputedCells > 0 ? `, ${fit.imputedCells} missing cell${fit.imputedCells === 1 ? '' : 's'} imputed (k-POD)` : ''}`);
  lines.push(
    `${variant}, k = ${k}, s = ${result.chosenS}${fit.options.variant === 'local' ? ' per cluster' : ''}, ${fit.options.loss} loss` +
      `, ${scaleWords(fit.options.scale)}; seed ${settings.seed}, ${settings.restarts} restarts`,
  );
  lines.push(
    `${fit.converged ? 'converged' : 'NOT converged'} after ${fit.iterations} iteration${fit.iterations === 1 ? '' : 's'}; ` +
      `objective ${fmt(fit.objective, 6)}; between/total SS ${fmt(fit.totalSS > 0 ? fit.betweenSS / fit.totalSS : 0)}`,
  );
  lines.push(...choiceLines(result, settings));
  lines.push('');
  lines.push('Cluster sizes:');
  lines.push('  ' + Array.from(fit.clusterSizes, (size, j) => `${j + 1}: ${size}`).join('   '));
  const total = fit.featureScores.reduce((a, b) => a + b, 0);
  // Two significant digits below 1 %: with thousands of proteins every share is small, and "0.0%" says nothing.
  const percent = (x: number) => (x >= 1 ? x.toFixed(1) : x.toPrecision(2));
  const share = (l: number) => (total > 0 ? ` ${percent((100 * fit.featureScores[l]!) / total)}%` : '');
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
  lines.push(...stabilityLines(result, names));
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

const fixed = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '–');

/**
 * How s and k were chosen: the Gap curve over s with every rule's s (the default and the fitted one marked) and
 * its warnings in words, the Gap curve over k with its silhouettes and every rule's k, and the steps of the
 * alternating search. Empty when neither was tuned.
 * @example "s rules: knee-se 20 (default, fitted) · tibshirani 13 · argmax 77 · within-sd-of-max 67 · knee 20"
 */
export function choiceLines(result: Pick<AnalysisResult, 'fit' | 'tune' | 'sRules' | 'sFlags' | 'kCurve' | 'ksSteps' | 'chosenS' | 'chosenK'>, settings: Pick<FitSettings, 'tune'>): string[] {
  const lines: string[] = [];
  const { tune } = result;
  if (tune && tune.curve.length > 0) {
    const from = tune.curve[0]!.s;
    const to = tune.curve[tune.curve.length - 1]!.s;
    const fitted = (result.sRules ?? tune.sRules).find((c) => c.default);
    const at = result.ksSteps ? ` (last s step, at k = ${[...result.ksSteps].reverse().find((step) => step.tuned === 's')?.k ?? result.chosenK})` : '';
    lines.push(
      `Gap statistic over s = ${from}..${to}${tune.curve.length < to - from + 1 ? ` (${tune.curve.length} values)` : ''}, ${tune.permutations} permutations${at}: ` +
        `fitted s = ${result.chosenS}${fitted ? ` by ${fitted.rule}${fitted.rule === DEFAULT_S_RULE ? ' (the default rule)' : ''}` : ''}`,
    );
    lines.push(`s rules: ${rulesLine(result.sRules ?? tune.sRules, DEFAULT_S_RULE)}`);
    const flags = result.sFlags ?? tune.flags;
    const asked = settings.tune ? ([settings.tune.from, settings.tune.to] as const) : ([from, to] as const);
    for (const message of sFlagMessages(flags, fitted?.s ?? result.chosenS, asked, result.fit.p)) lines.push(`Warning: ${message}`);
  }
  if (result.kCurve) {
    const { curve, kRules, permutations } = result.kCurve;
    const fitted = kRules.find((c) => c.default);
    lines.push(
      `Gap statistic over k = ${curve[0]?.k}..${curve[curve.length - 1]?.k}, ${permutations} permutations, at s = ${result.chosenS}: ` +
        `fitted k = ${result.chosenK}${fitted ? ` by ${fitted.rule}${fitted.rule === DEFAULT_K_RULE ? ' (the default rule)' : ''}` : ''}`,
    );
    lines.push('  k     Gap      sd  silhouette');
    for (const point of curve) {
      const mark = point.k === result.chosenK ? '  ←' : '';
      lines.push(`  ${String(point.k).padStart(2)}  ${fixed(point.gap, 3).padStart(6)}  ${fixed(point.sd, 3).padStart(6)}  ${fixed(point.silhouette, 3).padStart(10)}${mark}`);
    }
    lines.push(`k rules: ${rulesLine(kRules, DEFAULT_K_RULE)}`);
  }
  if (result.ksSteps && result.ksSteps.length > 0) {
    const steps = result.ksSteps.map((step) => (step.tuned === 's' ? `s = ${step.s} at k = ${step.k}` : `k = ${step.k} at s = ${step.s}`));
    // Settled when the last k step kept the k its s step was tuned at (alternateKS).
    const last = result.ksSteps[result.ksSteps.length - 1]!;
    const settled = result.ksSteps.length >= 2 && result.ksSteps[result.ksSteps.length - 2]!.k === last.k;
    lines.push(`k / s search: ${steps.join(' → ')}${settled ? ' (settled)' : ' (not settled: stopped after its last round)'}`);
  }
  return lines;
}

/**
 * The stability of the fit: the partition's mean ARI with the full fit, each selected feature's selection
 * frequency (SKFR2: per cluster) with those under ½ marked, and the samples whose cluster mates scatter.
 */
export function stabilityLines(result: Pick<AnalysisResult, 'fit' | 'stability'>, names: readonly string[]): string[] {
  const st = result.stability;
  if (!st) return [];
  const { fit } = result;
  const lines: string[] = [];
  let minAri = Infinity;
  for (const a of st.ari) minAri = Math.min(minAri, a);
  lines.push(
    `Stability over ${st.subsamples} subsample fits of ${st.subsampleSize} samples (${Math.round(st.fraction * 100)} %): ` +
      `partition mean ARI with the full fit ${fixed(st.meanAri, 3)} (lowest ${fixed(minAri, 3)})`,
  );
  const item = (l: number, frequency: number | undefined) =>
    `${names[l]} ${frequency === undefined || Number.isNaN(frequency) ? '–' : frequency.toFixed(2)}${frequency !== undefined && frequency < UNSTABLE_BELOW ? ' (!)' : ''}`;
  const p = fit.p;
  if (fit.selectedFeaturesByCluster && st.clusterFeatureFrequency) {
    const byCluster = st.clusterFeatureFrequency;
    lines.push(`Selection frequency per cluster (share of the subsample fits; (!) = under ${UNSTABLE_BELOW}):`);
    fit.selectedFeaturesByCluster.forEach((set, j) => lines.push(`  ${j + 1}: ${nameList(Array.from(set, (l) => item(l, byCluster[j * p + l])), 12)}`));
  } else {
    lines.push(`Selection frequency (share of the subsample fits; (!) = under ${UNSTABLE_BELOW}):`);
    lines.push('  ' + nameList(Array.from(fit.selectedFeatures, (l) => item(l, st.featureFrequency[l]))));
  }
  const unstable = st.unstableSelected.map((l) => names[l]!);
  lines.push(
    unstable.length > 0
      ? `Selected in fewer than half of the subsamples (do not trust alone): ${nameList(unstable, 20)}`
      : 'Every selected feature was selected in at least half of the subsamples.',
  );
  const values = Array.from(st.sampleConsistency).filter((c) => !Number.isNaN(c)).sort((a, b) => a - b);
  if (values.length > 0) {
    const low = values.filter((c) => c < UNSTABLE_BELOW).length;
    lines.push(
      `Sample consistency (share of its cluster mates a sample stays with): median ${fixed(values[Math.floor(values.length / 2)]!)}` +
        `${low > 0 ? `; ${low} sample${low === 1 ? '' : 's'} under ${UNSTABLE_BELOW}` : ''}`,
    );
  }
  return lines;
}
