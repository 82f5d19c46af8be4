/**
 * Entry of `npm run bench:peers` (compiled to dist/bench/peers.js): `skfr cluster` against pandas +
 * scikit-learn KMeans(n_init=R) on the same CSV, both timed as whole processes (wall time, peak RSS, ARI),
 * for n = 10 000 and 100 000, p = 200 and 1000, k = 10, s = 10, R = 10; then the mouse-data goals through
 * the CLI (1080 × 77: a fit with 20 restarts at fixed s, and tuning s over 1..77 with 10 permutations).
 * Python is skipped with a message when python3 with pandas and scikit-learn is missing
 * (Debian: apt-get install -y python3-sklearn python3-pandas).
 * Each size is written twice (--formats): with 4 decimals and with Python's repr(float) (16–17 significant
 * digits, as pandas' to_csv writes them); on each file, beside skfr and pandas + scikit-learn, the read times
 * of pandas, polars and pyarrow `read_csv` (bench/parse/read_peers.py) and skfr's parse time / theirs. polars
 * and pyarrow are used when the Python found imports them (bench/lib/python.ts: --python, $SKFR_BENCH_PYTHON,
 * .venv-bench/ made by `python3 -m venv --system-site-packages .venv-bench && .venv-bench/bin/pip install
 * polars pyarrow`), else skipped with a message; the project never depends on them.
 *
 * Flags: --quick (n = 2000, p = 50 only; mouse tuning over s = 20..28 with B = 2), --sizes 10000x200,…,
 * --formats fixed4,repr (default both), --python CMD (default: see bench/lib/python.ts), --dir DIR (CSV files; default a temporary directory, removed afterwards unless --keep), --keep,
 * --markdown, --skfr-args "ARGS" (appended to every skfr run), --no-same-work (skip the s = p run: with every
 * feature selected SKFR1 is Lloyd's k-means, the same work as scikit-learn's KMeans, timed beside the s = 10 run a
 * user would make, so the table says which speed-up comes from sparsity and which from the implementation), --cli-tune (also time the full mouse tuning
 * through the CLI as a whole process: single-threaded it took ~20 minutes here, so it is opt-in; the same
 * tuning is always timed in-process on the worker pool).
 * Memory: the goal compares the peak RSS with the float64 matrix. The verdict is on the memory a run adds
 * above an idle skfr process (`skfr --version`: Node and the program's code, ~50 MB whatever the data), the
 * whole-process ratio is printed beside it: at 10 000 × 200 the matrix is 16 MB and an idle Node (`node -e 0`)
 * alone is 2.5× that, so no Node program can be within 3× of it as a whole process.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adjustedRandIndex, simulate } from '../core/engine/index.js';
import { parseFlags } from './lib/args.js';
import { fixed, megabytes, renderTable, seconds } from './lib/table.js';
import { loadMice, miceCsvPath } from './lib/mice.js';
import { createWorkerPool } from '../node/parallel/pool.js';
import { writeSimulatedCsv, type NumberFormat } from './peers/csv.js';
import { findPython, pythonCandidates } from './lib/python.js';
import { measureProcess, type ProcessMeasure } from './peers/measure.js';
import { PEER_READERS, peerReadTimes, type PeerReader } from './parse/peer-readers.js';

const flags = parseFlags(process.argv.slice(2), {
  quick: 'boolean',
  python: 'string',
  dir: 'string',
  keep: 'boolean',
  markdown: 'boolean',
  'skfr-args': 'string',
  'cli-tune': 'boolean',
  sizes: 'string',
  formats: 'string',
  'no-same-work': 'boolean',
});
/** Extra arguments for every `skfr cluster` run, e.g. --skfr-args "--workers 2" once the CLI has a pool. */
const extra = ((flags['skfr-args'] as string | undefined) ?? '').split(' ').filter((a) => a.length > 0);
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, here.split(/[\\/]/).includes('dist') ? '../..' : '..');
const skfrBin = join(repo, 'cli', 'bin', 'skfr.js');
const sklearnScript = join(repo, 'bench', 'peers', 'kmeans_sklearn.py');
const readersScript = join(repo, 'bench', 'parse', 'read_peers.py');
// Default: the first candidate (bench/lib/python.ts) with pandas, scikit-learn, polars and pyarrow, else the
// first with pandas and scikit-learn (a pyenv or venv python3 on PATH often lacks the Debian packages).
const { python, missing: pyMissing } = findPython(pythonCandidates(repo, flags.python as string | undefined), ['pandas', 'sklearn', 'polars', 'pyarrow'], ['pandas', 'sklearn']);
const FORMATS = ((flags.formats as string | undefined) ?? 'fixed4,repr').split(',') as NumberFormat[];
const style = flags.markdown ? 'markdown' : 'plain';
const print = (text: string) => process.stdout.write(text + '\n');
const note = (text: string) => process.stderr.write(text + '\n');
const K = 10;
const S = 10;
const R = 10;
/** The three runs on each file, named for what they are: the run a user would make, the same work as KMeans, the peer. */
const USER_TOOL = `skfr SKFR1 s = ${S} (what a user runs)`;
const SAME_WORK_TOOL = 'skfr s = p (plain k-means: the same work as KMeans)';
const PEER_TOOL = 'pandas + sklearn KMeans';
const SIZES: [number, number][] = flags.sizes
  ? (flags.sizes as string).split(',').map((size) => size.split('x').map(Number) as [number, number])
  : flags.quick
    ? [[2000, 50]]
    : [[10_000, 200], [10_000, 1000], [100_000, 200], [100_000, 1000]];

/** pandas, polars and pyarrow read_csv seconds on `file` (absent: skipped, with the reason in `readerNotes`). */
const READERS = PEER_READERS;
type Reader = PeerReader;
const readerNotes = new Map<Reader, string>();
const readTimes = (file: string) => peerReadTimes(python, readersScript, file, readerNotes);

interface PeerRow {
  n: number;
  p: number;
  format: NumberFormat;
  tool: string;
  run: ProcessMeasure;
  parseSeconds: number;
  fitSeconds: number;
  ari: number;
}

function formatName(format: NumberFormat): string {
  return format === 'repr' ? 'repr (17 digits)' : '4 decimals';
}

function skfrLabels(run: ProcessMeasure): { labels: number[]; readSeconds: number; parseSeconds: number; fitSeconds: number } {
  const json = JSON.parse(run.stdout) as { labels: number[]; timings: { readMs?: number; parseMs: number; fitMs: number } };
  return { labels: json.labels, readSeconds: (json.timings.readMs ?? NaN) / 1000, parseSeconds: json.timings.parseMs / 1000, fitSeconds: json.timings.fitMs / 1000 };
}

function writeCsvOnce(n: number, p: number, file: string, format: NumberFormat): Int32Array {
  const sim = simulate('sparse', { n, p, k: K, s: S, seed: 1 });
  writeSimulatedCsv(sim, file, format);
  return sim.classes;
}

interface ReadRow {
  n: number;
  p: number;
  format: NumberFormat;
  megabytes: number;
  /** skfr cluster's --json timings: reading the file into its table, and all of the parse (reading, mapping, preparing). */
  skfrRead: number;
  skfrParse: number;
  readers: Partial<Record<Reader, number>>;
}
const readRows: ReadRow[] = [];

const dir = (flags.dir as string | undefined) ?? mkdtempSync(join(tmpdir(), 'skfr-peers-'));
mkdirSync(dir, { recursive: true });
print(`# skfr vs pandas + scikit-learn — sparse design, k = ${K}, s = ${S}, R = ${R} restarts (n_init), seed 1`);
print(`skfr: node ${'cli/bin/skfr.js'} cluster FILE --k ${K} --s ${S} --restarts ${R} --id-column id --class-column class --json${extra.length > 0 ? ' ' + extra.join(' ') : ''} (worker pool by default: one thread per core)`);
print(`python: pandas.read_csv + StandardScaler + KMeans(n_clusters=${K}, n_init=${R}, init='k-means++')` + (pyMissing ? ` — SKIPPED: ${pyMissing}` : ''));
print(`read_csv: pandas, polars, pyarrow through ${python} bench/parse/read_peers.py (a reader that cannot be imported is skipped)`);
const baseline = (await measureProcess(process.execPath, [skfrBin, '--version'])).peakRssBytes;
const bareNode = (await measureProcess(process.execPath, ['-e', '0'])).peakRssBytes;
print(`baseline: \`skfr --version\` peaks at ${megabytes(baseline)} MB, an idle Node (\`node -e 0\`) at ${megabytes(bareNode)} MB`);
const rows: PeerRow[] = [];
try {
  for (const [n, p] of SIZES) for (const format of FORMATS) {
    const file = join(dir, `sparse-n${n}-p${p}-${format}.csv`);
    let t = performance.now();
    const classes = writeCsvOnce(n, p, file, format); // the matrix is garbage once written: keep only the classes
    note(`wrote ${file} in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const skfrRun = (s: number) =>
      measureProcess(process.execPath, [skfrBin, 'cluster', file, '--k', String(K), '--s', String(s), '--restarts', String(R), '--seed', '1', '--id-column', 'id', '--class-column', 'class', '--json', ...extra]);
    const skfr = await skfrRun(S);
    if (skfr.exitCode !== 0) throw new Error(`skfr failed on ${file}: ${skfr.stderr}`);
    const out = skfrLabels(skfr);
    rows.push({ n, p, format, tool: USER_TOOL, run: skfr, parseSeconds: out.parseSeconds, fitSeconds: out.fitSeconds, ari: adjustedRandIndex(out.labels, classes) });
    note(`  skfr s = ${S} ${skfr.seconds.toFixed(1)} s`);
    if (!flags['no-same-work']) {
      // s = p selects every feature: SKFR1 is then Lloyd's k-means, the same work scikit-learn's KMeans does.
      const dense = await skfrRun(p);
      if (dense.exitCode !== 0) throw new Error(`skfr --s ${p} failed on ${file}: ${dense.stderr}`);
      const denseOut = skfrLabels(dense);
      rows.push({ n, p, format, tool: SAME_WORK_TOOL, run: dense, parseSeconds: denseOut.parseSeconds, fitSeconds: denseOut.fitSeconds, ari: adjustedRandIndex(denseOut.labels, classes) });
      note(`  skfr s = p ${dense.seconds.toFixed(1)} s`);
    }

    if (!pyMissing) {
      t = performance.now();
      const py = await measureProcess(python, [sklearnScript, file, String(K), String(R), '1']);
      if (py.exitCode !== 0) throw new Error(`python failed on ${file}: ${py.stderr}`);
      const res = JSON.parse(py.stdout) as { labels: number[]; parseSeconds: number; fitSeconds: number };
      rows.push({ n, p, format, tool: PEER_TOOL, run: py, parseSeconds: res.parseSeconds, fitSeconds: res.fitSeconds, ari: adjustedRandIndex(res.labels, classes) });
      note(`  python ${py.seconds.toFixed(1)} s`);
      const readers = readTimes(file);
      readRows.push({ n, p, format, megabytes: statSync(file).size / 1e6, skfrRead: out.readSeconds, skfrParse: out.parseSeconds, readers });
      note(`  read_csv: ${READERS.map((r) => `${r} ${readers[r] === undefined ? '–' : readers[r]!.toFixed(2)}`).join(', ')} s`);
    }
    if (!flags.keep) rmSync(file, { force: true });
  }
} finally {
  if (!flags.keep && flags.dir === undefined) rmSync(dir, { recursive: true, force: true });
}

print('');
print(
  renderTable(
    ['n', 'p', 'numbers', 'tool', 'wall s', 'parse s', 'fit s', 'peak MB', 'matrix MB', 'peak / matrix', '(peak − idle skfr) / matrix', 'ARI'],
    rows.map((r) => {
      const matrix = r.n * r.p * 8;
      return [
        String(r.n),
        String(r.p),
        formatName(r.format),
        r.tool,
        seconds(r.run.seconds),
        seconds(r.parseSeconds),
        seconds(r.fitSeconds),
        megabytes(r.run.peakRssBytes),
        megabytes(matrix),
        `${fixed(r.run.peakRssBytes / matrix, 1)}×`,
        r.tool.startsWith('skfr') ? `${fixed((r.run.peakRssBytes - baseline) / matrix, 1)}×` : '',
        fixed(r.ari, 3),
      ];
    }),
    style,
  ),
);
print('');
for (const [n, p] of SIZES) for (const format of FORMATS) {
  const same = (r: PeerRow) => r.n === n && r.p === p && r.format === format;
  const ours = rows.find((r) => same(r) && r.tool === USER_TOOL)!;
  const dense = rows.find((r) => same(r) && r.tool === SAME_WORK_TOOL);
  const theirs = rows.find((r) => same(r) && r.tool === PEER_TOOL);
  const net = (ours.run.peakRssBytes - baseline) / (n * p * 8);
  const parts = [`memory ${net <= 3 ? 'PASS' : 'FAIL'} (${fixed(net, 1)}× the matrix above an idle skfr process, goal ≤ 3×; whole process ${fixed(ours.run.peakRssBytes / (n * p * 8), 1)}×, of which an idle Node ${fixed(bareNode / (n * p * 8), 1)}×)`];
  if (theirs) {
    parts.unshift(
      `time ${ours.run.seconds < theirs.run.seconds ? 'PASS' : 'FAIL'} (what a user runs, s = ${S}: ${seconds(ours.run.seconds)} s vs ${seconds(theirs.run.seconds)} s, ${fixed(ours.run.seconds / theirs.run.seconds, 2)}×)`,
      ...(dense ? [`same work, s = p: ${seconds(dense.run.seconds)} s vs ${seconds(theirs.run.seconds)} s (${fixed(dense.run.seconds / theirs.run.seconds, 2)}×)`] : []),
      `ARI ${ours.ari > theirs.ari ? 'PASS' : ours.ari === theirs.ari ? 'TIE' : 'FAIL'} (${fixed(ours.ari, 3)} vs ${fixed(theirs.ari, 3)})`,
    );
  }
  print(`n = ${n}, p = ${p}, ${formatName(format)}: ${parts.join('; ')}`);
}

// Read times beside the Python readers: skfr's reading (its --json timings.readMs: the file into its table, what
// read_csv does) and its whole parse (timings.parseMs: reading, then the matrix mapped and prepared).
if (readRows.length > 0) {
  print('');
  for (const [reader, why] of readerNotes) print(`${reader}: skipped — ${why}`);
  const ratio = (a: number, b: number | undefined) => (b === undefined || !(a === a) ? '–' : `${fixed(a / b, 2)}×`);
  print(
    renderTable(
      ['n', 'p', 'numbers', 'MB', 'skfr read s', 'skfr parse s', 'pandas read_csv s', 'polars read_csv s', 'pyarrow read_csv s', 'read / polars', 'parse / polars', 'read / pandas', 'read / pyarrow'],
      readRows.map((r) => [
        String(r.n),
        String(r.p),
        formatName(r.format),
        fixed(r.megabytes, 0),
        seconds(r.skfrRead),
        seconds(r.skfrParse),
        seconds(r.readers.pandas),
        seconds(r.readers.polars),
        seconds(r.readers.pyarrow),
        ratio(r.skfrRead, r.readers.polars),
        ratio(r.skfrParse, r.readers.polars),
        ratio(r.skfrRead, r.readers.pandas),
        ratio(r.skfrRead, r.readers.pyarrow),
      ]),
      style,
    ),
  );
}

// The mouse data through the CLI, as a user would run it.
const mice = miceCsvPath();
const common = [skfrBin, 'cluster', mice, '--id-column', 'MouseID', '--class-column', 'class', '--annotation-columns', 'Genotype,Treatment,Behavior', '--k', '8', '--restarts', '20', '--json'];
const tuneArgs = flags.quick ? ['--tune-s', '20:28', '--permutations', '2'] : ['--tune-s', '1:77', '--permutations', '10'];
const fixedS = await measureProcess(process.execPath, [...common, '--s', '24', ...extra]);
const cliRuns: [string, ProcessMeasure, number][] = [['mouse 1080×77, k = 8, s = 24, 20 restarts', fixedS, 0.3]];
if (flags.quick || flags['cli-tune']) {
  const tuned = await measureProcess(process.execPath, [...common, ...tuneArgs, ...extra]);
  cliRuns.push([`mouse tune s = ${flags.quick ? '20..28, B = 2' : '1..77, B = 10'}, 20 restarts`, tuned, flags.quick ? NaN : 10]);
}
print('');
const miceRows: string[][] = [];
for (const [label, run, goal] of cliRuns) {
  if (run.exitCode !== 0) {
    miceRows.push([label, 'failed', run.stderr.trim().split('\n')[0] ?? '', '', '', '']);
    continue;
  }
  const json = JSON.parse(run.stdout) as { timings: { parseMs: number; fitMs: number }; chosenS?: number | null; s: number };
  const fitSeconds = json.timings.fitMs / 1000;
  const verdict = Number.isNaN(goal) ? 'n/a (smoke run)' : `${fitSeconds < goal ? 'PASS' : 'FAIL'} (< ${goal} s)`;
  miceRows.push([label, seconds(run.seconds), seconds(json.timings.parseMs / 1000), seconds(fitSeconds), verdict, String(json.chosenS ?? json.s)]);
}
print(renderTable(['mouse data (skfr cluster, whole process)', 'wall s', 'parse s', 'fit s', 'goal on fit time', 's'], miceRows, style));
if (!flags.quick && !flags['cli-tune']) print('(the full tuning through the CLI is opt-in: --cli-tune; it is timed on the worker pool below)');

// The same two mouse runs in-process on the worker pool (what the CLI does once it is wired to the pool).
const data = loadMice();
const pool = createWorkerPool();
try {
  await pool.fit(data.X, { k: 8, s: 24, restarts: 4 }); // start-up and compilation, paid once per process
  let t = performance.now();
  const fitResult = await pool.fit(data.X, { k: 8, s: 24, restarts: 20, seed: 1 });
  const fitSeconds = (performance.now() - t) / 1000;
  const sValues = flags.quick ? [20, 21, 22, 23, 24, 25, 26, 27, 28] : Array.from({ length: 77 }, (_, i) => i + 1);
  t = performance.now();
  const tuneResult = await pool.tune(data.X, { k: 8, sValues, permutations: flags.quick ? 2 : 10, restarts: 20, seed: 1 });
  const tuneSeconds = (performance.now() - t) / 1000;
  print('');
  print(
    renderTable(
      [`mouse data on the worker pool (${pool.size || 1} threads, in-process)`, 'seconds', 'goal', 'result'],
      [
        ['fit k = 8, s = 24, 20 restarts', seconds(fitSeconds), `${fitSeconds < 0.3 ? 'PASS' : 'FAIL'} (< 0.3 s)`, `objective ${fixed(fitResult.objective, 2)}`],
        [`tune s = ${sValues[0]}..${sValues.at(-1)}, B = ${tuneResult.permutations}, 20 restarts`, seconds(tuneSeconds), flags.quick ? 'n/a (smoke run)' : `${tuneSeconds < 10 ? 'PASS' : 'FAIL'} (< 10 s)`, `bestS ${tuneResult.bestS}, one-SE s ${tuneResult.oneSeS}`],
      ],
      style,
    ),
  );
} finally {
  await pool.close();
}
