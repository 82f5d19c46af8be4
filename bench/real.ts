/**
 * Entry of `npm run bench:real` (issue 27): the given real lab tables (bench/lib/real-tables.ts) opened by `skfr
 * cluster` as a user runs it, a new process each run (`--k 3 --s 10 --json --workers 1`, the table's sample
 * table where one is given), against polars' and pandas' read_csv of the same file (bench/open/read_real_peers.py,
 * in one Python process, when a Python with them is found: bench/lib/python.ts; `.venv-bench` is looked in first).
 * Per table, medians of --runs runs:
 *   read   = skfr's readMs: the file's bytes into a typed table (what read_csv does);
 *   parse  = skfr's parseMs: read + the layout recognised + the sample table joined + the recipe run (the prepared
 *            matrix);
 *   wall   = the whole `skfr cluster` process (node's start, the modules, the fit with 20 restarts, the JSON);
 *   polars, pandas = read_csv, and read / polars: the goal is ≤ 2.
 * The machine's load average is printed: a loaded machine makes every figure larger.
 *
 * Flags: --runs N (default 5), --only NAME,…, --python CMD, --markdown, --skfr PATH (the cli/bin/skfr.js of another
 * checkout, e.g. main's, to time the same tables before a change).
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from './lib/args.js';
import { findPython, pythonCandidates } from './lib/python.js';
import { realTables } from './lib/real-tables.js';
import { median } from './lib/stats.js';
import { renderTable } from './lib/table.js';

const flags = parseFlags(process.argv.slice(2), { runs: 'number', only: 'string', python: 'string', markdown: 'boolean', skfr: 'string' });
const runs = Math.max(1, (flags.runs as number | undefined) ?? 5);
const style = flags.markdown === true ? 'markdown' : 'plain';
const print = (text: string) => process.stdout.write(text + '\n');
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, here.split(/[\\/]/).includes('dist') ? '../..' : '..');
const skfrBin = typeof flags.skfr === 'string' ? resolve(flags.skfr) : join(repo, 'cli', 'bin', 'skfr.js');
const peersScript = join(repo, 'bench', 'open', 'read_real_peers.py');
const only = typeof flags.only === 'string' ? flags.only.toLowerCase().split(',') : null;
const tables = realTables(repo).filter((t) => only === null || only.some((o) => t.name.toLowerCase().includes(o) || t.file.toLowerCase().includes(o)));

interface SkfrRun {
  readMs: number;
  parseMs: number;
  wallMs: number;
}

function skfrRun(path: string, args: string[]): SkfrRun {
  const t0 = performance.now();
  const run = spawnSync(process.execPath, [skfrBin, 'cluster', path, ...args, '--k', '3', '--s', '10', '--json', '--workers', '1'], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 28 });
  const wallMs = performance.now() - t0;
  if (run.status !== 0) throw new Error(`skfr cluster ${path} exited ${run.status}: ${run.stderr.trim()}`);
  const { timings } = JSON.parse(run.stdout) as { timings: { readMs: number; parseMs: number } };
  return { readMs: timings.readMs, parseMs: timings.parseMs, wallMs };
}

type Peer = { ms: number; version: string } | { skipped: string };

const python = findPython(pythonCandidates(repo, flags.python as string | undefined), ['polars', 'pandas'], ['pandas']);
if (python.missing !== null) print(`(polars and pandas skipped: ${python.missing})`);

function peers(path: string, peer: { separator: string; skipRows: number }): Record<string, Peer> {
  if (python.missing !== null) return {};
  const run = spawnSync(python.python, [peersScript, path, peer.separator, String(peer.skipRows), String(runs)], { encoding: 'utf8' });
  if (run.status !== 0) return { polars: { skipped: run.stderr.trim().split('\n').at(-1) ?? 'failed' }, pandas: { skipped: 'failed' } };
  return JSON.parse(run.stdout) as Record<string, Peer>;
}

const ms = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '–' : Math.round(x).toString());
const ratio = (a: number, b: number | undefined) => (b === undefined ? '–' : `${(a / b).toFixed(2)}×`);
const peerMs = (p: Peer | undefined) => (p !== undefined && 'ms' in p ? p.ms : undefined);

print(`# skfr's open of the given real tables against read_csv — ${skfrBin}, ${runs} runs each, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
print('');
const rows: string[][] = [];
const skipped: string[] = [];
for (const table of tables) {
  const all = Array.from({ length: runs }, () => skfrRun(table.path, table.args));
  const read = median(all.map((r) => r.readMs));
  const parse = median(all.map((r) => r.parseMs));
  const wall = median(all.map((r) => r.wallMs));
  const peer = table.peer === null ? {} : peers(table.path, table.peer);
  for (const [name, p] of Object.entries(peer)) if ('skipped' in p) skipped.push(`${table.name}, ${name}: ${p.skipped}`);
  const polars = peerMs(peer.polars);
  const pandas = peerMs(peer.pandas);
  rows.push([table.name, table.file, ms(read), ms(parse), ms(wall), ms(polars), ms(pandas), ratio(read, polars), ratio(parse, polars)]);
  process.stderr.write(`${table.name} done\n`);
}
print(renderTable(['table', 'file', 'skfr read', 'skfr read+parse+prepare', 'skfr cluster wall', 'polars', 'pandas', 'read / polars', 'read+prepare / polars'], rows, style));
print('');
print('ms, medians. Workbooks, GCT and ADAT have no read_csv figure (not a plain delimited table); GCT is read by polars and pandas below its two dimension lines, PAW below its 4 lines above the header.');
for (const line of skipped) print(`skipped: ${line}`);
