/**
 * Entry of `npm run bench:warm-fit` (issue 27): what the hosts' warm-up (core/jobs/warm-up.ts) buys the first fit of a
 * table with one sample per row. --runs times, the ways interleaved, a fresh process (bench/open/warm-fit-one.ts)
 * warms a jobs session up — not at all (`none`), on the MaxQuant table alone (`lab`, the warm-up before the table with
 * one sample per row was added) or as warmUp does now (`both`) — then fits the mouse sheet twice as the app's Run
 * does (k = 8, s = 24, 20 restarts, in this thread). Prints the medians of the warm-up, the first fit job and the
 * second, in ms, and the load average (Node's V8: the desktop compute worker's engine, the browser's is the same).
 *
 * Flags: --runs N (default 7), --markdown.
 * @example npm run bench:warm-fit -- --runs 7 --markdown
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from './lib/args.js';
import { miceCsvPath } from './lib/mice.js';
import { median } from './lib/stats.js';
import { renderTable } from './lib/table.js';

const flags = parseFlags(process.argv.slice(2), { runs: 'number', markdown: 'boolean' });
const runs = Math.max(1, (flags.runs as number | undefined) ?? 7);
const one = join(dirname(fileURLToPath(import.meta.url)), 'open', 'warm-fit-one.js');
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const WAYS = ['none', 'lab', 'both'] as const;
const mouse = miceCsvPath();

process.stdout.write(`# The mouse sheet's first fit after the hosts' warm-up (ms, medians of ${runs}) — load average ${load()}\n\n`);
const got = WAYS.map(() => ({ warm: [] as number[], first: [] as number[], second: [] as number[] }));
for (let r = 0; r < runs; r++) {
  WAYS.forEach((way, w) => {
    const run = spawnSync(process.execPath, [one, mouse, way], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (run.status !== 0) throw new Error(`${way}: ${run.stderr.trim()}`);
    const t = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { warm: number; first: number; second: number };
    got[w]!.warm.push(t.warm);
    got[w]!.first.push(t.first);
    got[w]!.second.push(t.second);
  });
}
const ms = (xs: number[]) => String(Math.round(median(xs)));
const rows = WAYS.map((way, w) => [way, ms(got[w]!.warm), ms(got[w]!.first), ms(got[w]!.second)]);
process.stdout.write(renderTable(['warm-up', 'warm-up (ms)', 'first fit job', 'second fit job'], rows, flags.markdown === true ? 'markdown' : 'plain') + '\n');
process.stdout.write(`\nnone = no warm-up; lab = the MaxQuant table alone (before); both = warmUp now (then the table with one sample per row). Load average at the end ${load()}\n`);
