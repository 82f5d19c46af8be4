/**
 * Entry of `npm run bench:kernels` (compiled to dist/bench/kernels.js): the table reader with its WebAssembly
 * kernels (core/table/kernel: the rows kernel and the first pass's line counter) against the reader without
 * WebAssembly. Until issue 28 its rows were read there by the rows kernel's JavaScript twin (QuickRows); since
 * then by the scanner, which reads every row the kernel does not (the twin is the kernel's oracle in the tests,
 * test/table/quick-rows.ts). Lines are counted by lines.ts LineCounter there, which the reader needs anyway. Each file is read the way `skfr cluster` reads it
 * (bench/kernels/read-table.ts: chunked, two passes, a large file's rows on worker threads; a lab table with
 * text columns whole) in a fresh Node process, once as it is and once with `--no-expose-wasm` (V8 hides the
 * WebAssembly global in the process and its worker threads: kernel/wasm.ts instantiate gives null), alternating,
 * the median of --repeats rounds each. Files: the given real tables that are CSV/TSV (../shared/data/real/; the
 * .xls/.xlsx are read by SheetJS, no kernel) and a large numeric CSV written here (the sparse design, seed 1,
 * repr(float) digits as pandas writes them: 50 000 × 200, 196 MB). bench/RESULTS.md has both measurements.
 *
 * Flags: --repeats N (default 5), --size NxP of the numeric CSV (default 50000x200; 0 to leave it out), --markdown.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulate } from '../core/engine/index.js';
import { parseFlags } from './lib/args.js';
import { median } from './lib/stats.js';
import { fixed, renderTable, seconds } from './lib/table.js';
import { writeSimulatedCsv } from './peers/csv.js';

const flags = parseFlags(process.argv.slice(2), { repeats: 'number', size: 'string', markdown: 'boolean' });
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, here.split(/[\\/]/).includes('dist') ? '../..' : '..');
const reader = join(repo, 'dist', 'bench', 'kernels', 'read-table.js');
const realDir = resolve(repo, '..', 'shared', 'data', 'real');
const repeats = (flags.repeats as number | undefined) ?? 5;
const size = (flags.size as string | undefined) ?? '50000x200';
const print = (text: string) => process.stdout.write(text + '\n');
const note = (text: string) => process.stderr.write(text + '\n');

if (!existsSync(reader)) throw new Error(`${reader} is missing: run \`npm run build:cli\` first (npm run bench:kernels does).`);

/** Seconds of the read (wall, CPU of every thread) of `file` in a fresh process, with or without WebAssembly. */
function read(file: string, wasm: boolean): { wall: number; cpu: number; numbers: number } {
  const args = [...(wasm ? [] : ['--no-expose-wasm']), reader, file];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`read-table failed on ${file}: ${run.stderr}`);
  const out = JSON.parse(run.stdout) as { totalMs: number; cpuMs: number; numbers: number };
  return { wall: out.totalMs / 1000, cpu: out.cpuMs / 1000, numbers: out.numbers };
}

/** The WebAssembly global is really gone with the flag (else the comparison would be of one reader with itself). */
const probe = spawnSync(process.execPath, ['--no-expose-wasm', '-e', 'process.stdout.write(typeof WebAssembly)'], { encoding: 'utf8' });
if (probe.stdout !== 'undefined') throw new Error(`node --no-expose-wasm still has WebAssembly (${probe.stdout}): the comparison would be of one reader with itself`);

const files: { name: string; path: string }[] = existsSync(realDir)
  ? readdirSync(realDir)
      .filter((name) => /\.(txt|tsv|csv)$/i.test(name) && statSync(join(realDir, name)).size > 100_000)
      .sort()
      .map((name) => ({ name, path: join(realDir, name) }))
  : [];
if (files.length === 0) note(`no real tables at ${realDir}: only the numeric CSV is read`);
const dir = mkdtempSync(join(tmpdir(), 'skfr-kernels-'));
try {
  if (size !== '0') {
    const [n, p] = size.split('x').map(Number);
    if (!Number.isInteger(n) || !Number.isInteger(p)) throw new Error(`--size: "${size}" is not NxP`);
    const path = join(dir, `sparse-n${n}-p${p}-repr.csv`);
    writeSimulatedCsv(simulate('sparse', { n: n!, p: p!, k: 10, s: 10, seed: 1 }), path, 'repr');
    files.push({ name: `sparse ${n} × ${p}, repr (numeric CSV)`, path });
  }
  print(`# The reader with its WebAssembly kernels and without WebAssembly — ${new Date().toISOString()}`);
  print('');
  print(`Each file read as \`skfr cluster\` reads it (dist/bench/kernels/read-table.js) in a fresh process, with WebAssembly and with \`node --no-expose-wasm\` (without it), alternating; median of ${repeats}.`);
  print('');
  const rows: string[][] = [];
  for (const file of files) {
    const mb = statSync(file.path).size / 1e6;
    const wasm: ReturnType<typeof read>[] = [];
    const js: ReturnType<typeof read>[] = [];
    for (let r = 0; r < repeats; r++) {
      wasm.push(read(file.path, true));
      js.push(read(file.path, false));
    }
    if (wasm[0]!.numbers !== js[0]!.numbers) throw new Error(`${file.name}: ${wasm[0]!.numbers} numbers with WebAssembly, ${js[0]!.numbers} without`);
    const w = median(wasm.map((x) => x.wall));
    const j = median(js.map((x) => x.wall));
    const wc = median(wasm.map((x) => x.cpu));
    const jc = median(js.map((x) => x.cpu));
    rows.push([file.name, fixed(mb, 1), seconds(w), seconds(j), `${fixed(j / w, 2)}×`, seconds(wc), seconds(jc), `${fixed(jc / wc, 2)}×`]);
    note(`${file.name}: WebAssembly ${seconds(w)} s, without ${seconds(j)} s`);
  }
  print(renderTable(['file', 'MB', 'WebAssembly s', 'without s', 'without / Wasm', 'Wasm CPU s', 'without CPU s', 'without / Wasm CPU'], rows, flags.markdown ? 'markdown' : 'plain'));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
