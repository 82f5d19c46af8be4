/**
 * Entry of `npm run bench:spikein` (compiled to dist/bench/spikein.js): does SKFR find the proteins that truly
 * change, on spike-in experiments where they are known (issue 24, acceptance "spike-in benchmark", item 7)?
 *
 * Each table (bench/spikein/tables.ts) is read and prepared exactly as `skfr cluster FILE FLAGS` does (the CLI's
 * own planCluster, loadMapped and runAnalysisAsync: the preparation the app proposes, plus the flags printed) in
 * two settings:
 * - new: the defaults now (Pareto scaling for log-scale proteins × samples; the batch step on the two-site table);
 * - centred: the same with `--scale none`, centred only (the default from issue 24 until Pareto scaling);
 * - old: the defaults before issue 24 (`--scale unit-variance`, no batch step).
 * and at two k: the number of known amount levels, and 3, the app's default k (Settings panel).
 * For each, with spiked = the spiked proteins that survive the preparation:
 * - at s0 = min(10, spiked): precision and recall of the selected proteins, ARI of the clusters against the known
 *   amounts, AP of the whole ranking (spiked = positives);
 * - `--tune-s auto` (B = 10): the default rule's s and every other rule's, each fitted (20 restarts) with its
 *   precision, recall and ARI (item 7).
 * Printed: the flags of each table, then Markdown tables (the results table of bench/RESULTS.md).
 *
 * Flags: --only mq,pd,paw (default all), --seed N (default 1), --no-tune (s0 only), --workers W, --floor none|V (given
 * to every run: `--floor none` reads a floor value as measured, as before the floor was proposed)
 */
import { availableParallelism, loadavg } from 'node:os';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadMapped } from '../cli/commands/cluster.js';
import { planCluster, withTuneAll } from '../cli/commands/cluster-options.js';
import { nodeIO } from '../cli/main.js';
import { runAnalysisAsync, type AnalysisResult } from '../core/analysis.js';
import { adjustedRandIndex, DEFAULT_S_RULE, S_RULES } from '../core/engine/index.js';
import { rankByScore } from '../core/report/rows.js';
import type { FitSettings } from '../core/jobs/types.js';
import type { MappedData } from '../core/table/types.js';
import type { SRule } from '../core/engine/types.js';
import { createWorkerPool, type WorkerPool } from '../node/parallel/pool.js';
import { parseFlags } from './lib/args.js';
import { miceCsvPath } from './lib/mice.js';
import { fixed, renderTable } from './lib/table.js';
import { averagePrecision, precisionRecall } from './spikein/metrics.js';
import { maxquantUps1, pawTmtTwoSites, pd24Ups1, type SpikeIn } from './spikein/tables.js';

const flags = parseFlags(process.argv.slice(2), { only: 'string', seed: 'number', 'no-tune': 'boolean', workers: 'number', floor: 'string' });
/** --floor none|V: given to every run (the floor proposal's before/after: `--floor none` is the preparation before it). */
const floorArgs = flags.floor !== undefined ? ['--floor', flags.floor as string] : [];
const seed = (flags.seed as number | undefined) ?? 1;
const tuneToo = flags['no-tune'] !== true;
const only = new Set((flags.only as string | undefined)?.split(',') ?? ['mq', 'pd', 'paw']);
const started = performance.now();
const note = (text: string) => process.stderr.write(`${text} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
const print = (text: string) => process.stdout.write(`${text}\n`);

const real = resolve(miceCsvPath(), '../real');
const results = resolve(process.cwd(), 'bench/results/spikein');
mkdirSync(results, { recursive: true });

const tables: [string, () => SpikeIn][] = [
  ['mq', () => maxquantUps1(real)],
  ['pd', () => pd24Ups1(real)],
  ['paw', () => pawTmtTwoSites(real, results)],
];

type Setting = 'new' | 'centred' | 'old';
const SETTINGS: Setting[] = ['new', 'centred', 'old'];

/** The `skfr cluster` arguments of a table in a setting (without --k / --s). */
function argsOf(table: SpikeIn, setting: Setting): string[] {
  const settingArgs = setting === 'new' ? table.batch : setting === 'centred' ? [...table.batch, '--scale', 'none'] : ['--scale', 'unit-variance'];
  return [table.file, ...table.recognition, ...table.design, ...settingArgs, ...floorArgs];
}

/** The settings `skfr cluster ARGS` fits with (its own parser; --tune-s auto resolved to 1:p). */
function settingsOf(args: string[], p: number): FitSettings {
  return withTuneAll(planCluster(args)!, p).settings;
}

interface Scored {
  s: number;
  precision: number;
  recall: number;
  ari: number;
  ap: number;
  warnings: string[];
}

function score(result: AnalysisResult, spiked: boolean[], amounts: string[]): Scored {
  const { fit } = result;
  const { precision, recall } = precisionRecall(fit.selectedFeatures, spiked);
  const ranked = rankByScore(fit.featureScores, fit.p).map((l) => spiked[l]!);
  const levels = [...new Set(amounts)];
  const truth = Int32Array.from(amounts, (c) => levels.indexOf(c));
  return {
    s: fit.selectedFeatures.length,
    precision,
    recall,
    ari: adjustedRandIndex(fit.labels, truth),
    ap: averagePrecision(ranked, spiked.filter(Boolean).length),
    warnings: [],
  };
}

const pool: WorkerPool = createWorkerPool({ workers: (flags.workers as number | undefined) ?? availableParallelism() });
const io = { ...nodeIO(), stderr: () => {} };

const mainRows: string[][] = [];
const ruleRows: string[][] = [];
const commands: string[] = [];
const tunedKs = new Map<string, number>();
const notSpiked: string[] = [];
/** Precision at s0 with the new defaults, per table and k (the acceptance line). */
const verdicts: { table: string; k: number; kWords: string; precision: number }[] = [];
print(`# Spike-in benchmark (issue 24) — ${new Date().toISOString()}, load average ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);
print('');
for (const [key, make] of tables) {
  if (!only.has(key)) continue;
  const table = make();
  print(`${table.name}: flags a user needs beyond the file and its sample table: ${table.recognition.length > 0 ? table.recognition.map(quote).join(' ') : '(none)'}${table.design.length > 0 ? `; sample table written by the bench: ${table.design.map(quote).join(' ')}` : ''}${table.batch.length > 0 ? `; batch step (new): ${table.batch.join(' ')}` : ''}`);
  for (const setting of SETTINGS) {
    const base = argsOf(table, setting);
    const { plan, mapped, prep } = await loadMapped(planCluster([...base, '--k', '3', '--s', '1'])!, io);
    const spiked = table.spiked(mapped);
    const amounts = table.amounts(mapped);
    const positives = spiked.filter(Boolean).length;
    const s0 = Math.min(10, positives);
    const p = mapped.matrix.cols;
    commands.push(`${table.name}, ${setting}: ${prep.command}`);
    if (setting === 'new' && tuneToo) {
      // The app's tuned k: the gap statistic over k = 2..10 at s0 (`--tune-k 2:10`, its default rule).
      const tunedK = await run(pool, mapped, settingsOf([...base, '--tune-k', '2:10', '--s', String(s0)], p), plan.classColumn);
      tunedKs.set(table.name, tunedK.chosenK);
      print(`${table.name}: \`--tune-k 2:10 --s ${s0}\` chooses k = ${tunedK.chosenK} (${(tunedK.kCurve?.kRules ?? []).map((r) => `${r.rule} ${r.k}`).join(', ')})`);
    }
    const tunedK = tunedKs.get(table.name);
    for (const k of [...new Set([table.levels, 3, ...(tunedK !== undefined ? [tunedK] : [])])]) {
      const kWords = [k === table.levels ? 'levels' : '', k === 3 ? 'app default' : '', k === tunedK ? 'tuned' : ''].filter((w) => w !== '').join(', ');
      const fitAt = (s: number) => run(pool, mapped, settingsOf([...base, '--k', String(k), '--s', String(s)], p), plan.classColumn);
      const fitS0 = await fitAt(s0);
      const atS0 = score(fitS0, spiked, amounts);
      const others = Array.from(fitS0.fit.selectedFeatures).filter((l) => !spiked[l]).map((l) => mapped.featureNames[l]!);
      if (setting === 'new') {
        verdicts.push({ table: table.name, k, kWords, precision: atS0.precision });
        notSpiked.push(`${table.name}, k = ${k}, s = ${s0}: ${others.length === 0 ? 'none' : others.join(', ')}`);
      }
      let tuned: { rule: SRule; s: number; scored: Scored }[] = [];
      if (tuneToo) {
        const tune = await run(pool, mapped, settingsOf([...base, '--k', String(k), '--tune-s', 'auto'], p), plan.classColumn);
        const cache = new Map<number, Scored>([[tune.chosenS, score(tune, spiked, amounts)]]);
        for (const choice of tune.sRules ?? []) {
          if (!cache.has(choice.s)) cache.set(choice.s, score(await fitAt(choice.s), spiked, amounts));
          tuned.push({ rule: choice.rule, s: choice.s, scored: cache.get(choice.s)! });
        }
        tuned = S_RULES.map((rule) => tuned.find((t) => t.rule === rule)!);
      }
      const byDefault = tuned.find((t) => t.rule === DEFAULT_S_RULE);
      mainRows.push([
        table.name,
        setting === 'old' ? `old: ${scaleWords(mapped)}, no batch step` : `${setting === 'new' ? '**new**' : 'centred'}: ${scaleWords(mapped)}${table.batch.length > 0 ? ', batch step' : ''}`,
        `${k} (${kWords})`, `${positives} / ${p}`, String(s0), fixed(atS0.precision, 2), fixed(atS0.recall, 2), fixed(atS0.ari, 2), fixed(atS0.ap, 2),
        byDefault ? String(byDefault.s) : '–', fixed(byDefault?.scored.precision, 2), fixed(byDefault?.scored.recall, 2), fixed(byDefault?.scored.ari, 2),
      ]);
      for (const t of tuned) {
        ruleRows.push([table.name, setting, String(k), t.rule === DEFAULT_S_RULE ? `**${t.rule}**` : t.rule, String(t.s), fixed(t.scored.precision, 2), fixed(t.scored.recall, 2), fixed(t.scored.ari, 2)]);
      }
      note(`${table.name} ${setting} k=${k}`);
    }
  }
}
await pool.close();

print('');
print(`Seed ${seed}, 20 restarts; s0 = min(10, spiked proteins that survive the preparation); "rule s" = \`--tune-s auto\` with the default rule (${DEFAULT_S_RULE}), B = 10.`);
print('');
print(
  renderTable(
    ['table', 'setting', 'k', 'spiked / proteins', 's0', 'precision at s0', 'recall at s0', 'ARI at s0', 'AP', 'rule s', 'precision', 'recall', 'ARI'],
    mainRows,
    'markdown',
  ),
);
if (ruleRows.length > 0) {
  print('');
  print('Every rule for s (`--tune-s auto`, the fit at each rule\'s s):');
  print('');
  print(renderTable(['table', 'setting', 'k', 'rule', 's', 'precision', 'recall', 'ARI'], ruleRows, 'markdown'));
}
print('');
// Issue 24's acceptance: precision at s0 at least 0.8 on each table with the preparation the app proposes, fitted at
// the k the app proposes (3, its default; or the k its tuning chooses). The k of the known levels is printed beside.
print('Acceptance (new defaults, precision at s0 ≥ 0.8 at the k the app proposes: 3, its default, and the tuned k):');
for (const name of [...new Set(verdicts.map((v) => v.table))]) {
  const rows = verdicts.filter((v) => v.table === name);
  const proposed = rows.filter((v) => v.k === 3 || v.k === tunedKs.get(name));
  const met = proposed.length > 0 && proposed.every((v) => v.precision >= 0.8);
  print(`- ${name}: ${met ? 'met' : 'NOT met'} — ${rows.map((v) => `k = ${v.k} (${v.kWords}) ${fixed(v.precision, 2)}`).join('; ')}`);
}
print('');
print('Selected proteins that are not spiked (new defaults, at s0):');
for (const line of notSpiked) print(`- ${line}`);
print('');
print('Commands (the reproduce command of each preparation, with --k 3 --s 1 as loaded):');
for (const c of commands) print(`- ${c}`);
print('');
print(`Total ${((performance.now() - started) / 1000).toFixed(0)} s.`);

async function run(engine: WorkerPool, mapped: MappedData, settings: FitSettings, classColumn: string | null): Promise<AnalysisResult> {
  return runAnalysisAsync(mapped, { ...settings, seed }, { classColumn, engine });
}

function scaleWords(mapped: MappedData): string {
  return mapped.scale === 'none' ? 'centred only' : mapped.scale === 'pareto' ? 'Pareto' : 'unit variance';
}

function quote(arg: string): string {
  return /^[\w.,:/=+-]+$/.test(arg) ? arg : `'${arg}'`;
}
