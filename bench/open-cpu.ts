/**
 * `skfr cluster`'s open of each given real table, cold, in CPU time (issue 27): the read, the layout, the proposed
 * recipe and the prepared matrix (cli/commands/cluster.ts loadMapped; not the fit, not the JSON), once in a new
 * process a run (bench/open/open-one.ts: modules loaded first), --runs times, this build's runs interleaved with
 * those of --before DIR's (a `git archive` of another commit built with `tsc -p tsconfig.cli.json`). Prints per
 * table the medians of the open's wall time and of the process's CPU time during it, and of the read's wall time
 * (readMs) in it: the open less the read is the layout and the preparation. On a loaded, shared machine the CPU
 * time moves less than the wall time.
 *
 * Flags: --runs N (default 7), --only NAME,…, --before DIR, --markdown.
 * @example npm run build:cli && node dist/bench/open-cpu.js --runs 7 --before BEFORE_BUILD_DIR --markdown
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { beforeAfter } from './lib/builds.js';
import { median } from './lib/stats.js';
import { renderTable } from './lib/table.js';

const { flags, runs, one, builds, tables } = beforeAfter(process.argv.slice(2), 'open-one.js', import.meta.url);

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
process.stdout.write(`# skfr cluster's open of the given real tables, cold (ms, medians of ${runs}) — load average ${load()}\n\n`);
const rows: string[][] = [];
for (const table of tables) {
  const times = builds.map(() => ({ wall: [] as number[], cpu: [] as number[], read: [] as number[] }));
  for (let r = 0; r < runs; r++) {
    builds.forEach((build, b) => {
      const run = spawnSync(process.execPath, [one, build, table.path, ...table.args], { encoding: 'utf8', maxBuffer: 1 << 26 });
      if (run.status !== 0) throw new Error(`${table.file} (${build}): ${run.stderr.trim()}`);
      const open = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { wall: number; cpu: number; read: number };
      times[b]!.wall.push(open.wall);
      times[b]!.cpu.push(open.cpu);
      times[b]!.read.push(open.read);
    });
  }
  const ms = (values: number[]) => Math.round(median(values)).toString();
  const cells = times.flatMap((t) => [ms(t.wall), ms(t.cpu), ms(t.read)]);
  if (builds.length === 2) {
    const [before, after] = [median(times[0]!.cpu), median(times[1]!.cpu)];
    cells.push(`${(((after - before) / before) * 100).toFixed(0)} %`);
  }
  rows.push([table.name, ...cells]);
  process.stderr.write(`${table.name} done (load average ${load()})\n`);
}
const heads = builds.length === 2 ? ['before: wall', 'before: CPU', 'before: read', 'after: wall', 'after: CPU', 'after: read', 'CPU, after vs before'] : ['wall', 'CPU', 'read'];
process.stdout.write(renderTable(['table', ...heads], rows, flags.markdown === true ? 'markdown' : 'plain') + '\n');
process.stdout.write(`\n${builds.join(' against ')}: the open (read, layout, recipe, prepared matrix) without the fit; load average at the end ${load()}.\n`);
