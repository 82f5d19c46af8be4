/**
 * Entry of `npm run bench:hash` (compiled to dist/bench/hash.js): the SHA-256 a report or saved session
 * records, on the path `skfr cluster … --out FILE.xlsx` takes — node/files.ts openInputChunks (1 MiB chunks,
 * one reused buffer) with each chunk hashed on the way (node/hash.ts, node:crypto) — in MB/s, beside reading
 * the chunks alone and beside WebCrypto on the whole file (core/sha256.ts webCryptoSha256: the browser
 * build's path, which holds the bytes). Median of --repeats rounds; the variants alternate within a round, so
 * a busy machine slows them alike; CPU time is reported beside the wall clock.
 *
 * Flags: --mb N (size of the generated CSV, default 128; 4-decimal numbers, 1000 columns), --file PATH (hash
 * this file instead), --repeats N (default 5), --markdown,
 * --before DIST: also time DIST/core/hash.js, the hand-written SHA-256 the CLI used before issue 14 (a build
 * of commit 39b9882 or earlier: `git worktree add ../before 39b9882`, `npx tsc -p tsconfig.cli.json` there,
 * then `--before ../before/dist`), on the same chunks.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { webCryptoSha256 } from '../core/sha256.js';
import { openInputChunks } from '../node/files.js';
import { Sha256 } from '../node/hash.js';
import { parseFlags } from './lib/args.js';
import { median } from './lib/stats.js';
import { fixed, renderTable } from './lib/table.js';

const flags = parseFlags(process.argv.slice(2), { mb: 'number', file: 'string', repeats: 'number', markdown: 'boolean', before: 'string' });
const repeats = (flags.repeats as number | undefined) ?? 5;
const print = (text: string) => process.stdout.write(text + '\n');

/** A CSV of about `mb` MB: an id column and 1000 columns of 4-decimal numbers (seeded, so every run hashes the same bytes). */
async function writeCsv(path: string, mb: number): Promise<void> {
  const out = createWriteStream(path);
  let seed = 1;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  const header = ['id', ...Array.from({ length: 1000 }, (_, j) => `f${j}`)].join(',') + '\n';
  let written = header.length;
  out.write(header);
  for (let i = 0; written < mb * 1e6; i++) {
    const cells = [`s${i}`];
    for (let j = 0; j < 1000; j++) cells.push((next() * 10).toFixed(4));
    const line = cells.join(',') + '\n';
    written += line.length;
    if (!out.write(line)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())));
}

interface Timing {
  wall: number;
  cpu: number;
  hex: string;
}

interface Incremental {
  update(bytes: Uint8Array): unknown;
  hex(): string;
}

const dir = flags.file ? null : mkdtempSync(join(tmpdir(), 'skfr-bench-hash-'));
try {
  const file = (flags.file as string | undefined) ?? join(dir!, 'table.csv');
  if (dir) await writeCsv(file, (flags.mb as number | undefined) ?? 128);
  const bytes = statSync(file).size;
  const open = await openInputChunks(file);
  const before = flags.before
    ? ((await import(pathToFileURL(join(resolve(flags.before as string), 'core', 'hash.js')).href)) as { Sha256: new () => Incremental }).Sha256
    : null;

  /** Wall and CPU milliseconds (all threads of this process: WebCrypto digests on libuv's pool) of `work`. */
  async function timed(work: () => Promise<string>): Promise<Timing> {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const hex = await work();
    const cpu = process.cpuUsage(cpu0);
    return { wall: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000, hex };
  }
  /** One pass over the chunks, each given to `update`. */
  function chunked(make: (() => Incremental) | null): Promise<Timing> {
    return timed(async () => {
      const sha = make?.() ?? null;
      for await (const chunk of open()) sha?.update(chunk);
      return sha?.hex() ?? '';
    });
  }
  const variants: [string, () => Promise<Timing>][] = [
    ['read the chunks only', () => chunked(null)],
    ['node:crypto per chunk (node/hash.ts; skfr cluster, compute process)', () => chunked(() => new Sha256())],
    [
      'WebCrypto on the whole file (core/sha256.ts; browser build)',
      () => {
        const whole = new Uint8Array(readFileSync(file));
        return timed(() => webCryptoSha256.hex(whole));
      },
    ],
  ];
  if (before) variants.push([`hand-written SHA-256 per chunk (${flags.before as string}/core/hash.js)`, () => chunked(() => new before())]);

  const timings = variants.map(() => [] as Timing[]);
  for (let round = 0; round < repeats; round++) {
    for (const [i, [, run]] of variants.entries()) timings[i]!.push(await run());
  }
  const digests = timings.map((runs) => new Set(runs.map((t) => t.hex).filter((hex) => hex !== '')));
  const all = new Set(digests.flatMap((d) => [...d]));
  if (all.size !== 1) throw new Error(`the variants disagree on the digest: ${[...all].join(', ')}`);
  print(`SHA-256 of ${fixed(bytes / 1e6, 1)} MB (${file}), median of ${repeats} rounds; digest ${[...all][0]!.slice(0, 16)}…`);
  print(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} (1, 5, 15 min) on ${availableParallelism()} cores`);
  const rate = (ms: number) => fixed(bytes / 1e6 / (ms / 1000), 0);
  const rows = variants.map(([name], i) => {
    const wall = median(timings[i]!.map((t) => t.wall));
    const cpu = median(timings[i]!.map((t) => t.cpu));
    return [name, fixed(wall, 0), rate(wall), fixed(cpu, 0), rate(cpu)];
  });
  print(renderTable(['path', 'wall ms', 'MB/s', 'CPU ms', 'MB/s of CPU'], rows, flags.markdown ? 'markdown' : 'plain'));
  print('MB/s of CPU: the size over the CPU time the process spent (a busy machine slows the wall clock, not this).');
} finally {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
