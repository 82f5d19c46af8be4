/**
 * Entry of `npm run bench:memory` (compiled to dist/bench/memory.js): the peak memory of `skfr cluster` on issue
 * 26's table of 20 million rows × 1 column (~105 MB of CSV; before: 2.7 GB, 4.3 GB with --json, on the tester's
 * machine), as a whole new process, without and with `--json` (its output thrown away). Prints the peak resident
 * set size (`process.resourceUsage().maxRSS` at the process's exit, worker threads included) and its ratio to the
 * numbers themselves (rows × columns × 8 bytes), with the wall time.
 *
 * Flags: --rows N (default 20 000 000), --restarts R (default 20), --workers W (default: the CLI's own choice),
 * --keep (keep the generated file in the temporary folder, printed), --cli PATH (another build's cli/bin/skfr.js,
 * e.g. the commit before a change, built with `npm run build:cli` there).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from './lib/args.js';
import { renderTable } from './lib/table.js';

const flags = parseFlags(process.argv.slice(2), { rows: 'number', restarts: 'number', workers: 'number', keep: 'boolean', cli: 'string' });
const rows = (flags.rows as number | undefined) ?? 20_000_000;
const restarts = (flags.restarts as number | undefined) ?? 20;
const workers = flags.workers as number | undefined;

const dir = mkdtempSync(join(tmpdir(), 'skfr-bench-memory-'));
const file = join(dir, 'rows.csv');

/** One column `x`: two groups (around 0 and 4), two decimals, written 100 000 rows at a time. */
function writeTable(): void {
  const fd = openSync(file, 'w');
  let seed = 26;
  const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  writeSync(fd, 'x\n');
  for (let from = 0; from < rows; from += 100_000) {
    const lines: string[] = [];
    for (let i = from; i < Math.min(rows, from + 100_000); i++) lines.push(((i < rows / 2 ? 0 : 4) + 2 * random() - 1).toFixed(2));
    writeSync(fd, lines.join('\n') + '\n');
  }
  closeSync(fd);
}

// The peak, told by the measured process itself as it exits (a preload: nothing of the CLI changes).
const preload = join(dir, 'peak.cjs');
writeFileSync(preload, "process.on('exit', () => require('node:fs').writeSync(2, '\\nskfr-peak-rss-kb ' + process.resourceUsage().maxRSS + '\\n'));\n");
// (dist/bench/memory.js → the repository's cli/bin/skfr.js)
const bin = (flags.cli as string | undefined) ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'cli', 'bin', 'skfr.js');

writeTable();
const numbers = rows * 8;
console.log(`${bin}: skfr cluster FILE --k 2 --s 1 --restarts ${restarts}${workers !== undefined ? ` --workers ${workers}` : ''}`);
console.log(`${rows.toLocaleString('en')} rows × 1 column: ${(statSync(file).size / 1e6).toFixed(0)} MB of CSV, ${(numbers / 1e6).toFixed(0)} MB of numbers (in ${file})`);

const table: string[][] = [];
for (const json of [false, true]) {
  const args = [
    '--require', preload, bin, 'cluster', file, '--k', '2', '--s', '1', '--restarts', String(restarts),
    ...(workers !== undefined ? ['--workers', String(workers)] : []), ...(json ? ['--json'] : []),
  ];
  const t0 = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 26 });
  const seconds = (performance.now() - t0) / 1000;
  const peak = /skfr-peak-rss-kb (\d+)/.exec(run.stderr ?? '');
  if (run.status !== 0 || peak === null) {
    console.log(`skfr cluster${json ? ' --json' : ''} failed (exit ${run.status}): ${(run.stderr ?? '').trim().split('\n').slice(-3).join(' ')}`);
    continue;
  }
  const bytes = Number(peak[1]) * 1024;
  table.push([`skfr cluster${json ? ' --json' : ''}`, `${(bytes / 1e6).toFixed(0)} MB`, `${(bytes / numbers).toFixed(2)}×`, `${seconds.toFixed(1)} s`]);
}
console.log(renderTable(['run', 'peak RSS', '× the numbers', 'wall'], table, 'plain'));
if (flags.keep) console.log(`(kept: ${file})`);
else rmSync(dir, { recursive: true, force: true });
