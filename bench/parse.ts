/**
 * Entry of `npm run bench:parse` (compiled to dist/bench/parse.js): how fast `skfr` reads numbers, beside
 * pandas', polars' and pyarrow's `read_csv` on the same files (issue 17). For each size, the sparse design
 * (seed 1, k = 10, s = 10) is written twice: with Python's repr(float) (the shortest digits that read back
 * exactly: 16–17 significant digits here, as pandas' to_csv writes them) and with 4 decimals. Each file is
 * read by `skfr`'s CSV reader in a fresh Node process (bench/parse/read-skfr.ts: the path of `skfr cluster`,
 * chunked, two passes, into shared memory, a large file's data rows on worker threads; cold JIT as in a CLI
 * run; its CPU time counts every thread) and by the Python readers (bench/parse/read_peers.py; a reader
 * that cannot be imported is skipped with a message). `skfr cluster`'s whole parse phase (what its `parseMs`
 * counts before the fit: the read, the layout, the preparation's checks and the n × p matrix; the "skfr parse"
 * of issue 17's table) is timed too, in its own fresh process (bench/parse/parse-skfr.ts). Each round runs
 * skfr's read, skfr's parse and the peers in turn; times are the median of --repeats rounds; ratios are
 * skfr / peer (below 1: skfr faster).
 *
 * First, numbers alone: 2 million cells of each format converted in this process by the parser before issue 17,
 * the current one and `Number()` on ready-made strings (bench/parse/micro.ts; CPU time, alternating rounds).
 *
 * Flags: --sizes 50000x200,100000x200 (default: 50000x200, 100000x200, 20000x1000, 100000x1000; --quick:
 * 20000x100), --formats repr,fixed4, --repeats N (default 3; --quick 1), --python CMD (see bench/lib/python.ts),
 * --no-peers, --dir DIR (files; default a temporary folder, removed unless --keep), --keep, --markdown,
 * --workers N (threads of skfr's reader, as `skfr cluster --workers N`; default the cores),
 * --before DIST: also time DIST/bench/parse/read-skfr.js, the same reader built from an earlier commit (e.g.
 * `git worktree add ../before <commit>`, `tsc -p tsconfig.cli.json` there, this file's read-skfr.js copied
 * into its dist/bench/parse/), alternating with the current one on every file: before/after under one load.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulate } from '../core/engine/index.js';
import { parseFlags } from './lib/args.js';
import { findPython, pythonCandidates } from './lib/python.js';
import { median } from './lib/stats.js';
import { fixed, renderTable, seconds } from './lib/table.js';
import { writeSimulatedCsv, type NumberFormat } from './peers/csv.js';
import { microParse } from './parse/micro.js';
import { PEER_READERS, peerReadTimes, type PeerReader } from './parse/peer-readers.js';

const flags = parseFlags(process.argv.slice(2), {
  sizes: 'string',
  formats: 'string',
  repeats: 'number',
  python: 'string',
  'no-peers': 'boolean',
  dir: 'string',
  keep: 'boolean',
  markdown: 'boolean',
  quick: 'boolean',
  before: 'string',
  workers: 'number',
});
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, here.split(/[\\/]/).includes('dist') ? '../..' : '..');
const reader = join(repo, 'dist', 'bench', 'parse', 'read-skfr.js');
const parser = join(repo, 'dist', 'bench', 'parse', 'parse-skfr.js');
const peersScript = join(repo, 'bench', 'parse', 'read_peers.py');
const quick = flags.quick === true;
const sizes = ((flags.sizes as string | undefined) ?? (quick ? '20000x100' : '50000x200,100000x200,20000x1000,100000x1000')).split(',').map((size) => {
  const [n, p] = size.split('x').map(Number);
  if (!Number.isInteger(n) || !Number.isInteger(p)) throw new Error(`--sizes: "${size}" is not NxP`);
  return [n!, p!] as const;
});
const formats = ((flags.formats as string | undefined) ?? 'repr,fixed4').split(',') as NumberFormat[];
const repeats = (flags.repeats as number | undefined) ?? (quick ? 1 : 3);
const style = flags.markdown ? 'markdown' : 'plain';
const print = (text: string) => process.stdout.write(text + '\n');
const note = (text: string) => process.stderr.write(text + '\n');
const PEERS = PEER_READERS;
type Peer = PeerReader;

if (!existsSync(reader)) throw new Error(`${reader} is missing: run \`npm run build:cli\` first (npm run bench:parse does).`);
const found = flags['no-peers'] ? { python: '', missing: '--no-peers' } : findPython(pythonCandidates(repo, flags.python as string | undefined), ['pandas', 'polars', 'pyarrow'], ['pandas']);

interface Row {
  n: number;
  p: number;
  format: NumberFormat;
  megabytes: number;
  skfr: number;
  /** `skfr cluster`'s whole parse phase (parse-skfr.js). */
  parse: number;
  /** CPU seconds of the skfr process during the read, every thread (NaN from an older read-skfr.js). */
  cpu: number;
  firstPass: number;
  secondPass: number;
  peers: Partial<Record<Peer, number>>;
  before: number | undefined;
}

const beforeReader = flags.before === undefined ? null : join(resolve(flags.before as string), 'bench', 'parse', 'read-skfr.js');
if (beforeReader !== null && !existsSync(beforeReader)) throw new Error(`--before: ${beforeReader} is missing`);

const workers = flags.workers as number | undefined;
function runSkfr(file: string, script = reader): { total: number; first: number; second: number; cpu: number } {
  const run = spawnSync(process.execPath, [script, file, ...(workers !== undefined && script === reader ? [String(workers)] : [])], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`read-skfr failed on ${file}: ${run.stderr}`);
  const out = JSON.parse(run.stdout) as { totalMs: number; firstPassMs: number; secondPassMs: number; cpuMs?: number };
  return { total: out.totalMs / 1000, first: out.firstPassMs / 1000, second: out.secondPassMs / 1000, cpu: (out.cpuMs ?? NaN) / 1000 };
}

/** `skfr cluster`'s parse phase of `file`, seconds (a fresh process: bench/parse/parse-skfr.ts). */
function runParse(file: string): number {
  const run = spawnSync(process.execPath, [parser, file, ...(workers !== undefined ? [String(workers)] : [])], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`parse-skfr failed on ${file}: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { parseMs: number }).parseMs / 1000;
}

const skipped = new Map<Peer, string>();
function runPeers(file: string): Partial<Record<Peer, number>> {
  return found.missing !== null ? {} : peerReadTimes(found.python, peersScript, file, skipped);
}

print(`# skfr's CSV reader vs pandas, polars and pyarrow read_csv — ${new Date().toISOString()}`);
print('');
print('Numbers alone (2 million cells of the sparse design, CPU ns per number, median of 7 alternating rounds; the WebAssembly kernel reads them as rows of 200 fields into columns):');
const micro = formats.map((format) => microParse(format, quick ? 500_000 : 2_000_000));
print(
  renderTable(
    ['numbers', 'bytes/number', 'before (issue 17) ns', 'JavaScript now ns', 'before / now', 'WebAssembly rows ns', 'Number(string) ns', 'all equal to Number(text)'],
    micro.map((m) => [m.format === 'repr' ? 'repr (17 digits)' : '4 decimals', fixed(m.bytesPerNumber, 1), fixed(m.legacyNs, 1), fixed(m.currentNs, 1), `${fixed(m.legacyNs / m.currentNs, 2)}×`, fixed(m.kernelNs, 1), fixed(m.numberNs, 1), m.identical ? 'yes' : 'NO']),
    style,
  ),
);
print('');
const dir = (flags.dir as string | undefined) ?? mkdtempSync(join(tmpdir(), 'skfr-parse-'));
mkdirSync(dir, { recursive: true });
const rows: Row[] = [];
print(`Whole files — skfr: ${'dist/bench/parse/read-skfr.js'} (the reader of \`skfr cluster\`, whole process, ${workers ?? 'default'} worker(s)); peers: ${found.missing === null ? `${found.python} bench/parse/read_peers.py` : `SKIPPED (${found.missing}; see bench/lib/python.ts)`}; median of ${repeats} run(s)`);
try {
  for (const [n, p] of sizes) {
    const sim = simulate('sparse', { n, p, k: 10, s: 10, seed: 1 });
    for (const format of formats) {
      const file = join(dir, `sparse-n${n}-p${p}-${format}.csv`);
      const t = performance.now();
      writeSimulatedCsv(sim, file, format);
      const size = statSync(file).size;
      note(`wrote ${file} (${(size / 1e6).toFixed(0)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const ours: ReturnType<typeof runSkfr>[] = [];
      const parses: number[] = [];
      const earlier: number[] = [];
      const theirs: Partial<Record<Peer, number>>[] = [];
      for (let r = 0; r < repeats; r++) {
        if (beforeReader !== null) earlier.push(runSkfr(file, beforeReader).total);
        ours.push(runSkfr(file));
        parses.push(runParse(file));
        theirs.push(runPeers(file));
      }
      const peers: Partial<Record<Peer, number>> = {};
      for (const peer of PEERS) {
        const times = theirs.map((r) => r[peer]).filter((v): v is number => v !== undefined);
        if (times.length > 0) peers[peer] = median(times);
      }
      rows.push({
        n,
        p,
        format,
        megabytes: size / 1e6,
        skfr: median(ours.map((r) => r.total)),
        parse: median(parses),
        cpu: median(ours.map((r) => r.cpu)),
        firstPass: median(ours.map((r) => r.first)),
        secondPass: median(ours.map((r) => r.second)),
        peers,
        before: earlier.length > 0 ? median(earlier) : undefined,
      });
      note(`  skfr ${seconds(rows.at(-1)!.skfr)} s (parse phase ${seconds(rows.at(-1)!.parse)} s); ${PEERS.map((peer) => `${peer} ${seconds(peers[peer])}`).join(', ')}`);
      if (!flags.keep) rmSync(file, { force: true });
    }
  }
} finally {
  if (!flags.keep && flags.dir === undefined) rmSync(dir, { recursive: true, force: true });
}
for (const [peer, why] of skipped) print(`${peer}: skipped — ${why}`);
print('');
const ratio = (a: number, b: number | undefined) => (b === undefined ? '–' : `${fixed(a / b, 2)}×`);
print(
  renderTable(
    ['n', 'p', 'numbers', 'MB', ...(beforeReader !== null ? ['before s', 'before / now'] : []), 'skfr s', 'skfr CPU s', 'pass 1 s', 'pass 2 s', 'MB/s', 'skfr parse s', 'pandas s', 'polars s', 'pyarrow s', 'skfr / pandas', 'skfr / polars', 'skfr / pyarrow', 'skfr parse / polars'],
    rows.map((r) => [
      String(r.n),
      String(r.p),
      r.format === 'repr' ? 'repr (17 digits)' : '4 decimals',
      fixed(r.megabytes, 0),
      ...(beforeReader !== null ? [seconds(r.before), ratio(r.before ?? NaN, r.skfr)] : []),
      seconds(r.skfr),
      Number.isNaN(r.cpu) ? '–' : seconds(r.cpu),
      seconds(r.firstPass),
      seconds(r.secondPass),
      fixed(r.megabytes / r.skfr, 0),
      seconds(r.parse),
      seconds(r.peers.pandas),
      seconds(r.peers.polars),
      seconds(r.peers.pyarrow),
      ratio(r.skfr, r.peers.pandas),
      ratio(r.skfr, r.peers.polars),
      ratio(r.skfr, r.peers.pyarrow),
      ratio(r.parse, r.peers.polars),
    ]),
    style,
  ),
);
if (rows.some((r) => r.peers.polars !== undefined)) {
  const within = rows.filter((r) => r.peers.polars !== undefined && r.skfr <= 2 * r.peers.polars).length;
  const counted = rows.filter((r) => r.peers.polars !== undefined).length;
  print('');
  const parsed = rows.filter((r) => r.peers.polars !== undefined && r.parse <= 2 * r.peers.polars).length;
  print(`skfr's reader within 2× of polars read_csv: ${within} of ${counted} files (skfr reads a large file's rows on every core, polars too)`);
  print(`skfr cluster's whole parse phase within 2× of polars read_csv: ${parsed} of ${counted} files (issue 17's goal: all)`);
}
