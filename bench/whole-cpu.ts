/**
 * Entry of `npm run bench:whole-cpu` (issue 27, "fast start"): the whole `skfr cluster FILE --k 3 --s 10 --json` on
 * each given real table as a user runs it, a new process a run (bench/open/whole-one.ts: Node's start, the modules,
 * the read, the recipe, the fit, the JSON), in wall time and in the process's CPU time (user + system, every thread,
 * from its start), --runs times, this build's runs interleaved with those of --before DIR's (a `git archive` of
 * another commit built with `npm run build:cli` or `tsc -p tsconfig.cli.json`; its cli/bin/skfr.js is run). On a
 * loaded, shared machine the CPU time moves less than the wall time. Prints medians, and the CPU after vs before.
 *
 * Flags: --runs N (default 7), --only NAME,…, --before DIR, --markdown.
 * @example npm run build:cli && node dist/bench/whole-cpu.js --runs 7 --before BEFORE_BUILD_DIR --markdown
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { beforeAfter } from './lib/builds.js';
import { median } from './lib/stats.js';
import { renderTable } from './lib/table.js';

const { flags, runs, repo, builds, tables } = beforeAfter(process.argv.slice(2), 'whole-one.js', import.meta.url);
// (this build's one-run script for every build: it runs the build's own bin)
const one = join(repo, 'dist', 'bench', 'open', 'whole-one.js');

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
process.stdout.write(`# skfr cluster, the whole process, on the given real tables (ms, medians of ${runs}) — load average ${load()}\n\n`);
const rows: string[][] = [];
for (const table of tables) {
  const times = builds.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  for (let r = 0; r < runs; r++) {
    builds.forEach((build, b) => {
      const t0 = performance.now();
      const run = spawnSync(process.execPath, [one, build, table.path, ...table.args], { encoding: 'utf8', maxBuffer: 1 << 26 });
      const wall = performance.now() - t0;
      if (run.status !== 0) throw new Error(`${table.file} (${build}): ${run.stderr.trim()}`);
      const whole = JSON.parse(run.stderr.trim().split('\n').at(-1)!) as { cpu: number };
      times[b]!.wall.push(wall);
      times[b]!.cpu.push(whole.cpu);
    });
  }
  const ms = (values: number[]) => Math.round(median(values)).toString();
  const cells = times.flatMap((t) => [ms(t.wall), ms(t.cpu)]);
  if (builds.length === 2) {
    const [before, after] = [median(times[0]!.cpu), median(times[1]!.cpu)];
    cells.push(`${(((after - before) / before) * 100).toFixed(0)} %`);
  }
  rows.push([table.name, ...cells]);
  process.stderr.write(`${table.name} done (load average ${load()})\n`);
}
const heads = builds.length === 2 ? ['before: wall', 'before: CPU', 'after: wall', 'after: CPU', 'CPU, after vs before'] : ['wall', 'CPU'];
process.stdout.write(renderTable(['table', ...heads], rows, flags.markdown === true ? 'markdown' : 'plain') + '\n');
process.stdout.write(`\n${builds.join(' against ')}: skfr cluster FILE --k 3 --s 10 --json, the whole process; load average at the end ${load()}.\n`);
