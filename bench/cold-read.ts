/**
 * The reader of `skfr cluster` alone, cold (issue 27): each given real CSV/TSV table read once in a new process
 * (bench/open/cold-read-one.ts: modules loaded first, then the read timed), --runs times, this build's runs
 * interleaved with those of --before DIR's (another checkout or `git archive` of one, built with `tsc -p
 * tsconfig.cli.json`). Prints per table the medians of the read's wall time and of the process's CPU time during
 * it (all its threads: the compiler's and the garbage collector's too), and of the same read done again in that process
 * ("again": the reader compiled, as in the app's warmed-up workers). On a loaded machine the CPU time moves far less
 * than the wall time, which is why it is printed.
 *
 * Flags: --runs N (default 7), --only NAME,…, --before DIR, --markdown.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { beforeAfter } from './lib/builds.js';
import { median } from './lib/stats.js';
import { renderTable } from './lib/table.js';

const { flags, runs, one, builds, tables } = beforeAfter(process.argv.slice(2), 'cold-read-one.js', import.meta.url, (t) => t.peer !== null);

process.stdout.write(`# Cold reads of the given real tables (ms, medians of ${runs}) — load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}\n\n`);
const rows: string[][] = [];
for (const table of tables) {
  const times = builds.map(() => ({ wall: [] as number[], cpu: [] as number[], again: [] as number[] }));
  for (let r = 0; r < runs; r++) {
    builds.forEach((build, b) => {
      const run = spawnSync(process.execPath, [one, build, table.path], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`${table.file} (${build}): ${run.stderr.trim()}`);
      const read = JSON.parse(run.stdout) as { wall: number; cpu: number; again: number } | null;
      if (read === null) return;
      times[b]!.wall.push(read.wall);
      times[b]!.cpu.push(read.cpu);
      times[b]!.again.push(read.again);
    });
  }
  if (times.some((t) => t.wall.length === 0)) continue; // (not read in chunks)
  const ms = (xs: number[]) => Math.round(median(xs)).toString();
  rows.push([table.name, ...times.flatMap((t) => [ms(t.wall), ms(t.cpu), ms(t.again)])]);
}
const heads = builds.length === 2 ? ['before: wall', 'before: CPU', 'before: again', 'after: wall', 'after: CPU', 'after: again'] : ['wall', 'CPU', 'again'];
process.stdout.write(renderTable(['table', ...heads], rows, flags.markdown === true ? 'markdown' : 'plain') + '\n');
process.stdout.write(`\n${builds.join(' against ')}: the read alone (modules loaded before it), one thread; again = the same read a second time in that process.\n`);
