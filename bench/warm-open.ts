/**
 * Entry of `npm run bench:warm-open` (issue 27): what the browser worker's warm-up at page load buys the user's first
 * open. For each given real table, --runs times in turn, a fresh process warms a jobs session up as the page does
 * (bench/open/warm-open-one.ts) on the 6 × 12 table the page used before (`tiny`) or on today's lab-sized
 * MaxQuant table (`lab`, core/jobs/warm-up.ts), then opens and maps the table's bytes. Prints the
 * medians of the open job, the map job and the warm-up itself, in ms, and the load average (Node's V8, not
 * Chromium's: the same engine, the page's own timings are bench:app's).
 *
 * Flags: --runs N (default 7), --only NAME,… (names or files, case-insensitive substrings), --markdown.
 * @example npm run bench:warm-open -- --runs 7 --markdown
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from './lib/args.js';
import { realTables } from './lib/real-tables.js';
import { median } from './lib/stats.js';
import { renderTable } from './lib/table.js';

const flags = parseFlags(process.argv.slice(2), { runs: 'number', only: 'string', markdown: 'boolean' });
const runs = Math.max(1, (flags.runs as number | undefined) ?? 7);
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, here.split(/[\\/]/).includes('dist') ? '../..' : '..');
const one = join(here, 'open', 'warm-open-one.js');
const only = typeof flags.only === 'string' ? flags.only.toLowerCase().split(',') : null;
const tables = realTables(repo).filter((t) => only === null || only.some((o) => t.name.toLowerCase().includes(o) || t.file.toLowerCase().includes(o)));
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const WAYS = ['tiny', 'lab'] as const;

process.stdout.write(`# The first open after the worker's warm-up (ms, medians of ${runs}) — load average ${load()}\n\n`);
const rows: string[][] = [];
for (const table of tables) {
  const got = WAYS.map(() => ({ warm: [] as number[], open: [] as number[], map: [] as number[] }));
  for (let r = 0; r < runs; r++) {
    WAYS.forEach((way, w) => {
      const run = spawnSync(process.execPath, [one, table.path, way], { encoding: 'utf8', maxBuffer: 1 << 24 });
      if (run.status !== 0) throw new Error(`${table.file} (${way}): ${run.stderr.trim()}`);
      const t = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { warm: number; open: number; map: number };
      got[w]!.warm.push(t.warm);
      got[w]!.open.push(t.open);
      got[w]!.map.push(t.map);
    });
  }
  const [tiny, lab] = got as [(typeof got)[0], (typeof got)[0]];
  const ms = (xs: number[]) => String(Math.round(median(xs)));
  const change = (median(lab.open) + median(lab.map)) / (median(tiny.open) + median(tiny.map)) - 1;
  rows.push([table.name, ms(tiny.open), ms(tiny.map), ms(lab.open), ms(lab.map), `${change >= 0 ? '+' : ''}${Math.round(change * 100)} %`, ms(tiny.warm), ms(lab.warm)]);
  process.stderr.write(`${table.name} done (load average ${load()})\n`);
}
process.stdout.write(
  renderTable(['table', 'tiny warm-up: open', 'map', 'lab warm-up: open', 'map', 'open + map, lab vs tiny', 'warm-up: tiny', 'lab'], rows, flags.markdown === true ? 'markdown' : 'plain') + '\n',
);
process.stdout.write(`\nload average at the end ${load()}\n`);
