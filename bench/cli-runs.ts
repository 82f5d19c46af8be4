/**
 * Entry of `npm run bench:cli` (compiled to dist/bench/cli-runs.js): `skfr cluster` on the mouse data as a user
 * runs it, a whole new process each time (cold: V8 compiles the engine on every run), timed and measured:
 *   1. the fit, k = 8, s = 24, 20 restarts, `--runs` times (default 10): its `fitMs` (from --json), wall time and
 *      peak RSS per run, then the median and range, and how many runs met the goal (fit < 0.3 s);
 *   2. the tuning `--tune-s 1:77 --permutations 10`, `--tune-runs` times (default 3; 0 skips it): fit, wall, peak;
 *   3. start-up: `skfr --version` as it is, and with SheetJS loaded first (`node --import xlsx`), `--runs` times
 *      each: median wall time and peak RSS, and the difference — what loading SheetJS only for workbooks saves
 *      every CSV run.
 * Peak RSS through /usr/bin/time -v when present, else /proc (bench/peers/measure.ts).
 *
 * Flags: --runs N, --tune-runs N, --markdown.
 */
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from './lib/args.js';
import { miceCsvPath } from './lib/mice.js';
import { median, range } from './lib/stats.js';
import { fixed, megabytes, renderTable, seconds } from './lib/table.js';
import { measureProcess, type ProcessMeasure } from './peers/measure.js';

const flags = parseFlags(process.argv.slice(2), { runs: 'number', 'tune-runs': 'number', markdown: 'boolean' });
const runs = (flags.runs as number | undefined) ?? 10;
const tuneRuns = (flags['tune-runs'] as number | undefined) ?? 3;
const style = flags.markdown === true ? 'markdown' : 'plain';
const print = (text: string) => process.stdout.write(text + '\n');
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, here.split(/[\\/]/).includes('dist') ? '../..' : '..');
const skfrBin = join(repo, 'cli', 'bin', 'skfr.js');
const common = ['cluster', miceCsvPath(), '--id-column', 'MouseID', '--class-column', 'class', '--annotation-columns', 'Genotype,Treatment,Behavior', '--k', '8', '--restarts', '20', '--json'];

interface Run {
  fitSeconds: number;
  measure: ProcessMeasure;
}

async function skfr(args: readonly string[]): Promise<Run> {
  const measure = await measureProcess(process.execPath, [skfrBin, ...args], repo);
  if (measure.exitCode !== 0) throw new Error(`skfr ${args.join(' ')} exited ${measure.exitCode}: ${measure.stderr.trim()}`);
  const json = JSON.parse(measure.stdout) as { timings: { fitMs: number } };
  return { fitSeconds: json.timings.fitMs / 1000, measure };
}

const span = (values: readonly number[], format: (x: number) => string) => {
  const [lo, hi] = range(values);
  return `median ${format(median(values))}, ${format(lo)}–${format(hi)}`;
};

function summarise(title: string, all: readonly Run[], goalSeconds: number | null): void {
  print(`## ${title}`);
  print('');
  const rows = all.map((run, i) => [String(i + 1), seconds(run.fitSeconds), seconds(run.measure.seconds), megabytes(run.measure.peakRssBytes)]);
  print(renderTable(['run', 'fit s', 'wall s', 'peak MB'], rows, style));
  print('');
  const fits = all.map((run) => run.fitSeconds);
  print(`fit: ${span(fits, seconds)} s; wall: ${span(all.map((run) => run.measure.seconds), seconds)} s; peak: ${span(all.map((run) => run.measure.peakRssBytes), megabytes)} MB`);
  if (goalSeconds !== null) print(`goal fit < ${goalSeconds} s: met in ${fits.filter((s) => s < goalSeconds).length} of ${all.length} runs`);
  print('');
}

print(`# skfr cluster on the mouse data, whole processes (node ${process.version}; load average ${loadavg()[0]!.toFixed(2)} at start)`);
print('');
const fits: Run[] = [];
for (let i = 0; i < runs; i++) fits.push(await skfr([...common, '--s', '24']));
summarise(`fit k = 8, s = 24, 20 restarts: ${runs} cold runs`, fits, 0.3);

if (tuneRuns > 0) {
  const tunes: Run[] = [];
  for (let i = 0; i < tuneRuns; i++) tunes.push(await skfr([...common, '--tune-s', '1:77', '--permutations', '10']));
  summarise(`tuning --tune-s 1:77 --permutations 10, 20 restarts: ${tuneRuns} cold runs`, tunes, 10);
}

print('## start-up: skfr --version, without and with SheetJS loaded');
print('');
const plain: ProcessMeasure[] = [];
const withSheetJs: ProcessMeasure[] = [];
for (let i = 0; i < runs; i++) {
  plain.push(await measureProcess(process.execPath, [skfrBin, '--version'], repo));
  withSheetJs.push(await measureProcess(process.execPath, ['--import', 'xlsx', skfrBin, '--version'], repo));
}
const wall = (all: readonly ProcessMeasure[]) => median(all.map((m) => m.seconds));
const peak = (all: readonly ProcessMeasure[]) => median(all.map((m) => m.peakRssBytes));
print(
  renderTable(
    ['process', 'median wall s', 'median peak MB'],
    [
      ['skfr --version', seconds(wall(plain)), megabytes(peak(plain))],
      ['node --import xlsx skfr --version', seconds(wall(withSheetJs)), megabytes(peak(withSheetJs))],
    ],
    style,
  ),
);
print('');
print(`SheetJS adds ${fixed(wall(withSheetJs) - wall(plain), 3)} s and ${megabytes(peak(withSheetJs) - peak(plain))} MB to a start (medians of ${runs} runs each)`);
print(`load average ${loadavg()[0]!.toFixed(2)} at the end`);
