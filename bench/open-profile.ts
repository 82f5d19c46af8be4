/**
 * Entry of `npm run bench:open-profile` (issue 27, item 1): where the time of opening each given real table goes,
 * from its bytes to the prepared matrix. Each table is opened in a new process under `node --cpu-prof`:
 *   - cli: `skfr cluster FILE … --k 3 --s 10 --json --workers 1` as a user runs it (the whole run, the fit too), but
 *     from dist/ unbundled (SKFR_NO_BUNDLE=1), so that the profile's file names tell the stages;
 *   - worker / compute: the jobs session's open and map (bench/open/jobs-open.ts) on the file's bytes (the browser
 *     worker's path) or by path through the Node FileIO (the desktop compute process's path).
 * The profile's samples are charged to stages (bench/open/categories.ts); the table prints ms per stage, the CPU
 * total, and the process's wall time. One profile per table and path (--runs N: the median of N per stage).
 *
 * Flags: --only NAME,NAME (names or files, case-insensitive substrings), --paths cli,worker,compute, --runs N,
 * --markdown.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from './lib/args.js';
import { realTables, type RealTable } from './lib/real-tables.js';
import { median } from './lib/stats.js';
import { renderTable } from './lib/table.js';
import { STAGES, stageTimes, type CpuProfile, type Stage } from './open/categories.js';

const flags = parseFlags(process.argv.slice(2), { only: 'string', paths: 'string', runs: 'number', markdown: 'boolean' });
const style = flags.markdown === true ? 'markdown' : 'plain';
const runs = Math.max(1, (flags.runs as number | undefined) ?? 1);
const paths = String(flags.paths ?? 'cli,worker,compute').split(',');
const print = (text: string) => process.stdout.write(text + '\n');
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, here.split(/[\\/]/).includes('dist') ? '../..' : '..');
const only = typeof flags.only === 'string' ? flags.only.toLowerCase().split(',') : null;
const tables = realTables(repo).filter((t) => only === null || only.some((o) => t.name.toLowerCase().includes(o) || t.file.toLowerCase().includes(o)));

interface Profiled {
  stages: Map<Stage, number>;
  cpuMs: number;
  wallMs: number;
}

/** Run node with --cpu-prof and read back the main thread's profile (the largest one written). */
function profiled(args: string[]): Profiled {
  const dir = mkdtempSync(join(tmpdir(), 'skfr-prof-'));
  try {
    const t0 = performance.now();
    // SKFR_NO_BUNDLE: the CLI from dist/ as tsc wrote it, so that each sample's file names its stage
    // (bench/open/categories.ts); the bundle's chunk files would all be charged to "other".
    const env = { ...process.env, SKFR_NO_BUNDLE: '1' };
    const run = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '250', ...args], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 28, env });
    const wallMs = performance.now() - t0;
    if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited ${run.status}: ${run.stderr.trim()}`);
    const files = readdirSync(dir).map((f) => join(dir, f));
    const biggest = files.map((f) => ({ f, text: readFileSync(f, 'utf8') })).sort((a, b) => b.text.length - a.text.length)[0]!;
    const { stages, idleMs, spanMs } = stageTimes(JSON.parse(biggest.text) as CpuProfile);
    return { stages, cpuMs: spanMs - idleMs, wallMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function command(table: RealTable, path: string): string[] {
  if (path === 'cli') return [join(repo, 'cli', 'bin', 'skfr.js'), 'cluster', table.path, ...table.args, '--k', '3', '--s', '10', '--json', '--workers', '1'];
  return [join(repo, 'dist', 'bench', 'open', 'jobs-open.js'), table.path, path === 'worker' ? 'bytes' : 'path'];
}

const SHOWN = STAGES.filter((s) => s !== 'other');
print(`# Where the open's time goes (CPU profile, ms) — load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on this machine`);
print('');
const rows: string[][] = [];
for (const table of tables) {
  for (const path of paths) {
    const all = Array.from({ length: runs }, () => profiled(command(table, path)));
    const med = (f: (p: Profiled) => number) => Math.round(median(all.map(f))).toString();
    rows.push([table.name, path, med((p) => p.wallMs), med((p) => p.cpuMs), ...SHOWN.map((s) => med((p) => p.stages.get(s)!)), med((p) => p.stages.get('other')!)]);
    process.stderr.write(`${table.name} ${path} done\n`);
  }
}
print(renderTable(['table', 'path', 'wall', 'CPU', ...SHOWN, 'other'], rows, style));
print('');
print('cli = skfr cluster (read, layout, preparation, the fit with k = 3, s = 10, the JSON), run unbundled (SKFR_NO_BUNDLE=1: more modules to load than a user\'s run); worker = the jobs session on the bytes (browser build); compute = the jobs session by path (desktop compute process). Stages: bench/open/categories.ts.');
