/**
 * Entry of `npm run reproduce` (compiled to dist/bench/reproduce.js): the paper's Section 4 and its mouse
 * case study re-run with this project's simulator and engine. Writes bench/results/reproduce.md, one SVG
 * per figure and records.json (raw per-trial numbers); bench/RESULTS.md is the hand-written summary.
 *
 * Flags: --trials N (default 30), --restarts R (default 20), --permutations B (gap examples, default 10),
 *        --seeds S (mouse study, default 10), --workers W (default: all cores), --out DIR,
 *        --only sparse,outliers,subsets,missing,gap,mice
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism, loadavg } from 'node:os';
import { createWorkerPool } from '../node/parallel/pool.js';
import { parseFlags } from './lib/args.js';
import { peakRssBytes } from './lib/memory.js';
import { megabytes } from './lib/table.js';
import { gapChartOption, lineChartOption, renderSvg } from './reproduce/charts.js';
import { gapTable, runGapExamples } from './reproduce/gap.js';
import { miceTable, proteinsTable, runMice } from './reproduce/mice.js';
import { PAPER_PS, runStudy, type Fitter, type StudySpec, type TrialRecord } from './reproduce/simulations.js';
import { measureChart, measureTable, runtimeTable, selectionTable } from './reproduce/summaries.js';

const SECTIONS = ['sparse', 'outliers', 'subsets', 'missing', 'gap', 'mice'] as const;
type Section = (typeof SECTIONS)[number];

const flags = parseFlags(process.argv.slice(2), {
  trials: 'number',
  restarts: 'number',
  permutations: 'number',
  seeds: 'number',
  workers: 'number',
  out: 'string',
  only: 'string',
});
const trials = (flags.trials as number | undefined) ?? 30;
const restarts = (flags.restarts as number | undefined) ?? 20;
const permutations = (flags.permutations as number | undefined) ?? 10;
const seeds = (flags.seeds as number | undefined) ?? 10;
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, here.split(/[\\/]/).includes('dist') ? '../..' : '..');
const outDir = resolve((flags.out as string | undefined) ?? join(repo, 'bench', 'results'));
const only = new Set<Section>(((flags.only as string | undefined)?.split(',') ?? [...SECTIONS]) as Section[]);
for (const s of only) if (!SECTIONS.includes(s)) throw new Error(`Unknown section "${s}" in --only. Allowed: ${SECTIONS.join(', ')}.`);

mkdirSync(outDir, { recursive: true });
const pool = createWorkerPool({ workers: (flags.workers as number | undefined) ?? availableParallelism() });
const fitter: Fitter = (X, options) => pool.fit(X, options);
const started = performance.now();
const md: string[] = [];
const records: Record<string, unknown> = {};
const note = (text: string) => process.stderr.write(`${text}\n`);
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

function svg(name: string, option: Record<string, unknown>): string {
  writeFileSync(join(outDir, name), renderSvg(option));
  return `![${name}](${name})`;
}

async function study(spec: StudySpec): Promise<TrialRecord[]> {
  const t0 = performance.now();
  const result = await runStudy(spec, fitter, (r) => {
    if (r.trial === spec.trials && r.method === spec.methods.at(-1)) note(`  ${spec.design} p=${r.p} done (${elapsed()})`);
  });
  note(`${spec.design}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  records[spec.design] = result;
  return result;
}

md.push(
  `# SKFR reproduction of Zhang, Lange & Xu (2020), Section 4`,
  '',
  `Generated ${new Date().toISOString()} by \`npm run reproduce\`: ${trials} trials per setting, ${restarts} k-means++ restarts per fit, ` +
    `${pool.size || 1} thread(s) on ${availableParallelism()} cores (load average at start ${loadavg()[0]!.toFixed(2)}). ` +
    `Lloyd = SKFR1 with s = p (exactly Lloyd's k-means after k-means++ seeding). Trial t uses data seed t and fit seed t.`,
  '',
);

if (only.has('sparse')) {
  const r = await study({ design: 'sparse', methods: ['SKFR1', 'Lloyd'], ps: PAPER_PS, trials, restarts });
  md.push(
    '## Sparse clustering (n = 400, k = 10, s = 10)',
    '',
    'Median ARI over trials:',
    '',
    measureTable(r, 'ari'),
    '',
    svg('sparse-ari.svg', lineChartOption(measureChart(r, 'ari', 'Sparse design: median ARI', 'ARI'))),
    '',
    "Median false-positive / false-negative rate of SKFR1's selected features (paper: 0 / 0 everywhere):",
    '',
    selectionTable(r),
    '',
    "Runtime (the paper's Table 2): mean engine seconds per restart (seeding + iterations) and mean iterations of the winning restart:",
    '',
    runtimeTable(r),
    '',
    svg('sparse-seconds.svg', lineChartOption({ ...measureChart(r, 'seconds', 'Sparse design: seconds per restart (median)', 'seconds'), logY: true })),
    '',
  );
}

if (only.has('outliers')) {
  const r = await study({ design: 'outliers', methods: ['SKFR1', 'SKFR1-L1'], ps: PAPER_PS, trials, restarts });
  md.push(
    '## Outliers (n = 400, k = 10, s = 10; SKFR1 with squared loss and with absolute loss)',
    '',
    'Median ARI:',
    '',
    measureTable(r, 'ari'),
    '',
    svg('outliers-ari.svg', lineChartOption(measureChart(r, 'ari', 'Outliers: median ARI', 'ARI'))),
    '',
    'Median FPR / FNR (paper, SKFR1: FPR 0–0.028, FNR 0–0.90 growing with p):',
    '',
    selectionTable(r),
    '',
  );
}

if (only.has('subsets')) {
  const r = await study({ design: 'subsets', methods: ['SKFR2', 'SKFR1', 'Lloyd'], ps: PAPER_PS, trials, restarts });
  md.push(
    '## Subsets of attributes (n = 250, k = 5 uneven classes, s = 10 per class)',
    '',
    'Median ARI:',
    '',
    measureTable(r, 'ari'),
    '',
    svg('subsets-ari.svg', lineChartOption(measureChart(r, 'ari', 'Subsets of attributes: median ARI', 'ARI'))),
    '',
  );
}

if (only.has('missing')) {
  const r = await study({ design: 'missing', methods: ['SKFR1', 'Lloyd'], ps: PAPER_PS, trials, restarts });
  md.push(
    '## Missing data (n = 250, k = 5, s = 10, 10 % of cells missing; k-POD in both methods)',
    '',
    'Median ARI (Lloyd with k-POD = the k-POD algorithm the paper compares with):',
    '',
    measureTable(r, 'ari'),
    '',
    svg('missing-ari.svg', lineChartOption(measureChart(r, 'ari', 'Missing data (k-POD): median ARI', 'ARI'))),
    '',
  );
}

if (only.has('gap')) {
  const examples = await runGapExamples((X, options) => pool.tune(X, options), permutations, restarts);
  note(`gap: done (${elapsed()})`);
  records.gap = examples.map((e) => ({ p: e.p, bestS: e.result.bestS, oneSeS: e.result.oneSeS, curve: e.result.curve, seconds: e.seconds }));
  md.push(
    `## Gap statistic (n = 400, k = 10, true s = 15; s = 1..p, B = ${permutations})`,
    '',
    gapTable(examples),
    '',
    ...examples.map((e) =>
      svg(
        `gap-p${e.p}.svg`,
        gapChartOption({
          title: `Gap(s), p = ${e.p}`,
          s: e.result.curve.map((c) => c.s),
          gap: e.result.curve.map((c) => c.gap),
          sd: e.result.curve.map((c) => c.sd),
          chosenS: e.result.bestS,
          trueS: e.trueS,
        }),
      ),
    ),
    '',
  );
}

if (only.has('mice')) {
  const r = await runMice(seeds, restarts, fitter);
  note(`mice: done (${elapsed()})`);
  records.mice = r;
  md.push(
    `## Mouse protein case study (Table 1): s = 24, ${restarts} restarts, standardized, k-POD; median (range) over seeds 1..${seeds}`,
    '',
    miceTable(r),
    '',
    'The 24 proteins selected by SKFR1:',
    '',
    proteinsTable(r),
    '',
  );
}

await pool.close();
const seconds = (performance.now() - started) / 1000;
md.push(`Total time ${seconds.toFixed(0)} s; peak RSS ${megabytes(peakRssBytes())} MB.`, '');
writeFileSync(join(outDir, 'reproduce.md'), md.join('\n'));
writeFileSync(join(outDir, 'records.json'), JSON.stringify(records));
note(`wrote ${join(outDir, 'reproduce.md')} (${seconds.toFixed(0)} s)`);
process.stdout.write(md.join('\n') + '\n');
