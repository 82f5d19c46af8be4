/**
 * Entry of `npm run bench:app` (compiled to dist/bench/app.js): the browser build as a scientist uses it, timed
 * (issue 27). Builds the browser build (unless --no-build), serves it with `vite preview` on a free port, drives
 * it with Playwright in Debian's Chromium (/usr/bin/chromium, or $CHROMIUM_PATH) and prints, per table:
 *   - open: from choosing the file to the Import screen with its mapping line (the table read, recognised and
 *     mapped in the worker); the file is chosen once the page says its engine is ready (`data-engine-ready`: the
 *     worker started and warmed at page load, as a real user drops a file seconds after the page has loaded);
 *   - run: from the Run button to the Results screen with every chart drawn;
 *   - step: one click on the s slider's "+" stepper, to the screen showing the new s (the summary, the protein
 *     list and the samples × proteins heatmap; the next frame painted): median and range over --steps steps;
 *   - full: the same click to the full fit at that s on the screen (the preview, the quiet SETTLE_MS, the full fit
 *     with every restart; at once on tables whose full fit is quick: stores/explore.ts).
 * Tables: the mouse CSV (SKFR1 k = 8, s = 24), the given real tables of ../shared/data/real (MaxQuant LFQ with its
 * experimental design, DIA-NN, FragPipe, the Perseus matrix, MaxQuant UPS1, PD 2.4, PAW TMT, GCT, ADAT, Olink;
 * k = 3, s = 10), a protein matrix of the issue's size (10 000 proteins as rows × 50 samples as columns, turned
 * from `skfr simulate`: labMatrix; k = 3, s = 10) and a simulated lab-sized table (`skfr simulate --design sparse
 * --n 300 --p 10000 --decimals 4`: 300 samples as rows × 10 000 proteins; k = 10, s = 10). Timings are wall-clock in the page (performance.now) or around Playwright's waits;
 * they are this machine's: the load average is printed beside them.
 *
 * Flags: --steps N (default 20), --only NAME[,NAME] (mouse, maxquant, diann, fragpipe, perseus, ups1, pd24, paw,
 * gct, adat, olink, matrix, lab),
 * --no-build, --markdown, --profile DIR (the page's main thread during each Run, as DIR/NAME-run.cpuprofile).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { parseFlags } from './lib/args.js';
import { miceCsvPath } from './lib/mice.js';
import { median, range } from './lib/stats.js';
import { renderTable } from './lib/table.js';

const flags = parseFlags(process.argv.slice(2), { steps: 'number', only: 'string', 'no-build': 'boolean', markdown: 'boolean', profile: 'string' });
/** --profile DIR: the page's main thread profiled during each table's Run, written to DIR/NAME-run.cpuprofile (DevTools). */
const profileDir = typeof flags.profile === 'string' ? resolve(flags.profile) : null;
const steps = (flags.steps as number | undefined) ?? 20;
const only = typeof flags.only === 'string' ? new Set(flags.only.split(',')) : null;
const style = flags.markdown === true ? 'markdown' : 'plain';
const print = (text: string) => process.stdout.write(text + '\n');
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, here.split(/[\\/]/).includes('dist') ? '../..' : '..');
const realDir = resolve(repo, '../shared/data/real');
const real = (name: string) => join(realDir, name);

interface Table {
  name: string;
  label: string;
  file: () => string;
  /** On the Import screen after the open: what else the scientist does before Configure (attach a design, map). */
  prepare?: (page: Page) => Promise<void>;
  k: number;
  s: number;
  classColumn: string | null;
}

const TABLES: Table[] = [
  { name: 'mouse', label: 'mouse CSV, 1 080 × 77', file: miceCsvPath, prepare: mapMice, k: 8, s: 24, classColumn: 'class' },
  {
    name: 'maxquant',
    label: 'MaxQuant LFQ + design',
    file: () => real('maxquant_lfq_proteinGroups.txt'),
    prepare: async (page) => {
      await page.getByTestId('design-file-input').setInputFiles(real('maxquant_lfq_experimental_design.txt'));
      await page.getByTestId('design-join').filter({ hasText: 'matched' }).waitFor();
      await mappingLine(page, /^\d+ samples × /);
    },
    k: 3,
    s: 10,
    classColumn: 'condition',
  },
  { name: 'diann', label: 'DIA-NN pg_matrix', file: () => real('diann_report.pg_matrix.tsv'), k: 3, s: 10, classColumn: null },
  { name: 'fragpipe', label: 'FragPipe combined_protein', file: () => real('fragpipe_combined_protein.tsv'), k: 3, s: 10, classColumn: null },
  { name: 'perseus', label: 'Perseus matrix', file: () => real('perseus_matrix.txt'), k: 3, s: 10, classColumn: 'heart chamber' },
  // the other given real tables (issue 27), each as it opens (no sample table attached)
  { name: 'ups1', label: 'MaxQuant UPS1 spike-in', file: () => real('maxquant_ups1_yeast_proteinGroups.txt'), k: 3, s: 10, classColumn: null },
  { name: 'pd24', label: 'Proteome Discoverer 2.4 UPS1', file: () => real('pd24_ups1_yeast_Proteins.txt'), k: 3, s: 10, classColumn: null },
  { name: 'paw', label: 'PAW TMT, two sites', file: () => real('paw_tmt_ups2_mouse_two_sites.txt'), k: 3, s: 10, classColumn: null },
  { name: 'gct', label: 'GCT 1.3 medulloblastoma', file: () => real('gct13_medulloblastoma_proteome.gct'), k: 3, s: 10, classColumn: null },
  { name: 'adat', label: 'SomaScan ADAT', file: () => real('somascan_example_data10.adat'), k: 3, s: 10, classColumn: null },
  { name: 'olink', label: 'Olink NPX workbook', file: () => real('olink_npx_data1.xlsx'), k: 3, s: 10, classColumn: null },
  // The issue's own size: a lab's matrix of 10 000 proteins (rows) × 50 samples (columns), recognised as it opens.
  { name: 'matrix', label: 'simulated matrix, 10 000 proteins × 50 samples', file: labMatrix, k: 3, s: 10, classColumn: null },
  {
    name: 'lab',
    label: 'simulated, 300 × 10 000',
    file: labTable,
    prepare: async (page) => {
      // The id and the true class (numbers: a feature unless told) are not proteins; the mapper lists the first
      // 400 columns, its search reaches the last one.
      await page.getByLabel('Role of id').selectOption('id');
      await page.getByTestId('column-search').fill('class');
      await page.getByLabel('Role of class').selectOption('annotation');
      await page.getByTestId('column-search').fill('');
      await mappingLine(page, /^300 samples × 10 000 features/);
    },
    k: 10,
    s: 10,
    classColumn: 'class',
  },
];

/** The simulated lab-sized table, written once into a temporary folder. */
let labPath: string | null = null;
function labTable(): string {
  if (labPath) return labPath;
  labPath = join(mkdtempSync(join(tmpdir(), 'skfr-bench-app-')), 'lab_300x10000.csv');
  execFileSync(process.execPath, [join(repo, 'cli', 'bin', 'skfr.js'), 'simulate', '--design', 'sparse', '--n', '300', '--p', '10000', '--decimals', '4', '--out', labPath]);
  return labPath;
}

/**
 * A lab's protein matrix of the issue's size, written once into a temporary folder: `skfr simulate --design sparse
 * --n 50 --p 10000 --k 3 --decimals 4` turned around (a Protein column, then one column per sample named by its
 * class, G1_01 … G3_50), values moved to a log2 intensity's range (+ 20).
 */
let matrixPath: string | null = null;
function labMatrix(): string {
  if (matrixPath) return matrixPath;
  const dir = mkdtempSync(join(tmpdir(), 'skfr-bench-app-'));
  const simulated = join(dir, 'sim_50x10000.csv');
  execFileSync(process.execPath, [join(repo, 'cli', 'bin', 'skfr.js'), 'simulate', '--design', 'sparse', '--n', '50', '--p', '10000', '--k', '3', '--decimals', '4', '--out', simulated]);
  const [header, ...rows] = readFileSync(simulated, 'utf8').trimEnd().split('\n').map((line) => line.split(','));
  const classAt = header!.indexOf('class');
  const samples = rows.map((r, i) => `G${r[classAt]}_${String(i + 1).padStart(2, '0')}`);
  const lines = [['Protein', ...samples].join('\t')];
  for (let j = 1; j < classAt; j++) lines.push([header![j], ...rows.map((r) => (20 + Number(r[j])).toFixed(4))].join('\t'));
  matrixPath = join(dir, 'lab_10000x50.tsv');
  writeFileSync(matrixPath, lines.join('\n') + '\n');
  return matrixPath;
}

/** The mapping line of the Import screen, once it matches `pattern` (spaces made plain). */
async function mappingLine(page: Page, pattern: RegExp): Promise<void> {
  await page.waitForFunction(
    (source) => new RegExp(source).test(((globalThis as unknown as PageGlobals).document.querySelector('[data-testid="mapping-status"]')?.textContent ?? '').replace(/\s+/g, ' ').trim()),
    pattern.source,
    { polling: 'raf', timeout: 120_000 },
  );
}

/** The mouse CSV mapped as the README's example (test/e2e/fixtures.ts mapMice). */
async function mapMice(page: Page): Promise<void> {
  await page.getByLabel('Role of MouseID').selectOption('id');
  for (const name of ['Genotype', 'Treatment', 'Behavior']) await page.getByLabel(`Role of ${name}`).selectOption('ignore');
  await page.getByLabel('Role of class').selectOption('annotation');
  await page.getByTestId('clear-features').click();
  await page.getByTestId('feature-regex').fill('_N$');
  await page.getByTestId('apply-regex').click();
  await mappingLine(page, /^1 080 samples × 77 features/);
}

/** Waits (each frame) until every chart panel on the Results screen has drawn. */
async function chartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const panels = Array.from((globalThis as unknown as PageGlobals).document.querySelectorAll('[data-testid="results-screen"] [data-ready]'));
      return panels.length > 0 && panels.every((p) => p.getAttribute('data-ready') === 'true');
    },
    undefined,
    { polling: 'raf', timeout: 300_000 },
  );
}

/**
 * One click on the s stepper "+", timed in the page: to the first frame showing the new s (the summary, the protein
 * list, the heatmap's columns, and the heatmap drawn when `heatmapDrawn`), then to the full fit at that s. In ms.
 * (Page code as text: it runs in the browser, where this file's compiler sees no DOM.)
 */
async function step(page: Page, target: number, heatmapDrawn: boolean): Promise<Step> {
  return page.evaluate(async ([s, drawn]) => {
    const g = globalThis as unknown as PageGlobals;
    const q = (id: string) => g.document.querySelector(`[data-testid="${id}"]`);
    const frame = () => new Promise<number>((resolve) => g.requestAnimationFrame(() => resolve(g.performance.now())));
    const shows = () =>
      q('summary-Features kept (s)')?.textContent?.trim() === String(s) &&
      g.document.querySelectorAll('[data-testid="feature-name"]').length === s &&
      q('sample-heatmap')?.getAttribute('data-columns') === String(s) &&
      (!drawn || q('sample-heatmap')?.getAttribute('data-ready') === 'true');
    const full = () => shows() && q('explore-panel')?.getAttribute('data-phase') === 'idle' && q('explore-panel')?.getAttribute('data-preview') === 'false';
    g.performance.clearMeasures();
    const t0 = g.performance.now();
    q('explore-s-plus')!.click();
    while (!shows()) await frame();
    await frame();
    const first = (await frame()) - t0;
    while (!full()) await frame();
    await frame();
    const done = (await frame()) - t0;
    const job = (name: string) => g.performance.getEntriesByName(name).reduce((sum, e) => sum + e.duration, 0);
    return { first, full: done, preview: job('skfr-preview'), fit: job('skfr-full') };
  }, [target, heatmapDrawn] as const);
}

/** The little of the page the functions run there use (this file is compiled without the DOM's types). */
interface PageElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  click(): void;
}
interface PageGlobals {
  document: { querySelector(selector: string): PageElement | null; querySelectorAll(selector: string): ArrayLike<PageElement> };
  requestAnimationFrame(callback: () => void): number;
  performance: { now(): number; clearMeasures(): void; getEntriesByName(name: string): ArrayLike<{ duration: number }> & { reduce<T>(f: (a: T, e: { duration: number }) => T, start: T): T } };
}

/**
 * One step's times (ms): to the new s shown and to the full fit shown; and the page-side time of the preview job
 * and of the full fit job (request to answer: the worker's work and the messages; 0 when none ran).
 */
interface Step {
  first: number;
  full: number;
  preview: number;
  fit: number;
}

/** The page's User Timing measures (renderer/src/lib/timing.ts), summed by name: total ms and count. */
type Measures = Record<string, { ms: number; n: number }>;

/** Takes the page's measures since the last call, summed by name (and clears them). */
async function takeMeasures(page: Page): Promise<Measures> {
  return page.evaluate(() => {
    const g = globalThis as unknown as { performance: { getEntriesByType(type: string): ArrayLike<{ name: string; duration: number }>; clearMeasures(): void } };
    const out: Record<string, { ms: number; n: number }> = {};
    for (const e of Array.from(g.performance.getEntriesByType('measure'))) {
      const m = (out[e.name] ??= { ms: 0, n: 0 });
      m.ms += e.duration;
      m.n += 1;
    }
    g.performance.clearMeasures();
    return out;
  });
}

interface Timing {
  table: string;
  size: string;
  /** The page's warm-up of its worker at load (before the file is chosen; not part of `open`). */
  warm: number;
  open: number;
  run: number;
  /** The page's measures during the open (to the mapping line) and during Run (to every chart drawn). */
  openMeasures: Measures;
  runMeasures: Measures;
  /** Steps at the top of the Results screen, then with the heatmap in view. */
  top: Step[];
  heatmap: Step[];
}

async function measure(page: Page, baseUrl: string, table: Table): Promise<Timing> {
  await page.goto(baseUrl);
  await page.getByTestId('open-file-input').waitFor({ state: 'attached' });
  // As a user chooses a file seconds after the page has loaded: the page has started and warmed its worker
  // (renderer/src/bridge/worker-api.ts warm) and says so on its root.
  await page.locator('#app[data-engine-ready="true"]').waitFor({ state: 'attached', timeout: 120_000 });
  const warm = (await takeMeasures(page))['skfr-warm-up']?.ms ?? Number.NaN;
  const file = table.file();
  let t = performance.now();
  await page.getByTestId('open-file-input').setInputFiles(file);
  await page.getByTestId('import-screen').waitFor();
  await mappingLine(page, /^[\d\s]+ samples × [\d\s]+ features/);
  const open = performance.now() - t;
  const openMeasures = await takeMeasures(page);
  if (table.prepare) await table.prepare(page);
  const size = (await page.getByTestId('mapping-status').textContent() ?? '').replace(/\s+/g, ' ').trim().replace(/,.*$/, '');
  await page.getByTestId('to-configure').click();
  await page.getByTestId('configure-screen').waitFor();
  await page.getByTestId('variant-global').check();
  await page.getByTestId('field-k').fill(String(table.k));
  await page.getByTestId('s-mode-fixed').check();
  await page.getByTestId('field-s').fill(String(table.s));
  if (table.classColumn !== null) await page.getByTestId('class-column').selectOption(table.classColumn);
  await takeMeasures(page);
  const profiler = profileDir === null ? null : await page.context().newCDPSession(page);
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.send('Profiler.start');
  }
  t = performance.now();
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-screen').waitFor({ timeout: 300_000 });
  await chartsDrawn(page);
  const run = performance.now() - t;
  if (profiler && profileDir !== null) {
    const { profile } = await profiler.send('Profiler.stop');
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(join(profileDir, `${table.name}-run.cpuprofile`), JSON.stringify(profile));
    await profiler.detach();
  }
  const runMeasures = await takeMeasures(page);
  // At the top of the Results screen (the sliders, summary and protein list in view; the charts below wait), then
  // with the heatmap scrolled into view under the sliders (it is redrawn at every step).
  const top: Step[] = [];
  for (let i = 1; i <= steps; i++) top.push(await step(page, table.s + i, false));
  await page.getByTestId('sample-heatmap').scrollIntoViewIfNeeded();
  const heatmap: Step[] = [];
  for (let i = 1; i <= steps; i++) heatmap.push(await step(page, table.s + steps + i, true));
  const banner = await page.getByTestId('error-banner').count();
  if (banner > 0) throw new Error(`${table.name}: the page shows an error: ${await page.getByTestId('error-banner').textContent()}`);
  return { table: table.label, size, warm, open, run, openMeasures, runMeasures, top, heatmap };
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** `vite preview` of out/web on `port`; resolves once it answers. */
async function serve(port: number): Promise<ChildProcess> {
  const vite = join(repo, 'node_modules', 'vite', 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, 'preview', '--config', 'vite.web.config.ts', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: repo, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`vite preview did not answer on ${url}`);
}

const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : '–');

async function main(): Promise<void> {
  if (flags['no-build'] !== true) execFileSync('npm', ['run', 'build:web'], { cwd: repo, stdio: 'ignore' });
  if (!existsSync(join(repo, 'out', 'web', 'index.html'))) throw new Error('out/web is missing: run npm run build:web (or drop --no-build).');
  const port = await freePort();
  const server = await serve(port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const results: Timing[] = [];
  const failed: string[] = [];
  try {
    for (const table of TABLES) {
      if (only && !only.has(table.name)) continue;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      try {
        const timing = await measure(page, `http://127.0.0.1:${port}/`, table);
        results.push(timing);
        process.stderr.write(`${table.name}: open ${ms(timing.open)} ms, run ${ms(timing.run)} ms, step ${ms(median(timing.top.map((x) => x.first)))} ms\n`);
      } catch (error) {
        process.stderr.write(`${table.name}: not measured: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
        failed.push(table.name);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.kill();
  }
  print(`Browser build in ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}; ${steps} steps of s by its "+" stepper at the top of the Results screen, then ${steps} with the heatmap in view; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ms, medians (ranges). Each table in a new page; the file is chosen once the page says its engine is ready (data-engine-ready: the worker started and warmed at page load on a built-in lab-sized table, core/jobs/warm-up.ts, as a user opens a file seconds after the page loads); Run → results waits for every chart on the Results screen to be drawn.`);
  const summary = (values: readonly number[]) => {
    const [lo, hi] = range(values);
    return `${ms(median(values))} (${ms(lo)}–${ms(hi)})`;
  };
  print(
    renderTable(
      ['table', 'mapped', 'open → Import', 'Run → results', 'step, top: new s shown', '(preview job)', 'step, top: full fit', '(full fit job)', 'step, heatmap: new s drawn', 'step, heatmap: full fit'],
      results.map((r) => [
        r.table,
        r.size,
        ms(r.open),
        ms(r.run),
        summary(r.top.map((x) => x.first)),
        ms(median(r.top.map((x) => x.preview))),
        summary(r.top.map((x) => x.full)),
        ms(median(r.top.map((x) => x.fit))),
        summary(r.heatmap.map((x) => x.first)),
        summary(r.heatmap.map((x) => x.full)),
      ]),
      style,
    ),
  );
  print('');
  print('Where the time goes (the page\'s User Timing measures, ms; ×n when a measure ran n times): the worker\'s jobs from request to answer, and the charts\' drawing (ECharts setOption, by chart and why: mount, resize, update).');
  const job = (m: Measures, type: string) => (m[`skfr-job:${type}`] ? `${ms(m[`skfr-job:${type}`]!.ms)}${m[`skfr-job:${type}`]!.n > 1 ? ` ×${m[`skfr-job:${type}`]!.n}` : ''}` : '–');
  const charts = (m: Measures) => {
    const entries = Object.entries(m).filter(([name]) => name.startsWith('skfr-chart:'));
    const total = entries.reduce((sum, [, v]) => sum + v.ms, 0);
    const count = entries.reduce((sum, [, v]) => sum + v.n, 0);
    const slowest = entries.sort((a, b) => b[1].ms - a[1].ms).slice(0, 3).map(([name, v]) => `${name.slice('skfr-chart:'.length)} ${ms(v.ms)}${v.n > 1 ? ` ×${v.n}` : ''}`);
    return [count > 0 ? `${ms(total)} (${count} drawings)` : '–', slowest.join(', ') || '–'];
  };
  print(
    renderTable(
      ['table', 'page load: warm-up', 'open: open job', 'open: map job', 'Run: fit job', 'Run: charts drawn', 'Run: slowest drawings'],
      results.map((r) => [r.table, ms(r.warm), job(r.openMeasures, 'open'), job(r.openMeasures, 'map'), job(r.runMeasures, 'fit'), ...charts(r.runMeasures)]),
      style,
    ),
  );
  if (failed.length > 0) {
    print(`Not measured (see the messages above): ${failed.join(', ')}.`);
    process.exitCode = 1;
  }
}

await main();
